"""The yardstick of ``bench_start``: the smallest Textual app with the main menu's items.

A header, an option list holding the items chickenfoot's menu shows on a first run, and a
footer: what any Textual app takes to show a menu on this machine. ``bench_start`` runs it
as a whole process in a real terminal beside ``chickenfoot``.
"""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import Footer, Header, OptionList

ITEMS = (
    "New game",
    "Join a table",
    "Load game",
    "Replays",
    "Statistics",
    "Plain mode for screen readers",
    "Help",
    "Quit",
)
"""The menu's items when there is no game to continue."""

EVERY_MENU_HAS = ("New game", "Load game", "Replays", "Statistics", "Help", "Quit")
"""The items of every menu compared, older commits' included (the whole menu is drawn in one
frame, so these on screen mean it is all there)."""


class MinimalMenu(App[None]):
    """A header, the items, a footer."""

    def compose(self) -> ComposeResult:
        """The three widgets."""
        yield Header()
        yield OptionList(*ITEMS)
        yield Footer()


if __name__ == "__main__":
    MinimalMenu().run()
