"""The yardstick of ``bench_start``: the smallest Textual app with the main menu's items.

A header, an option list holding the six items chickenfoot's menu shows on a first run, and
a footer: what any Textual app takes to show a menu on this machine. ``bench_start`` runs it
as a whole process in a real terminal beside ``chickenfoot``.
"""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import Footer, Header, OptionList

ITEMS = ("New game", "Load game", "Replays", "Statistics", "Help", "Quit")
"""The menu's items when there is no game to continue."""


class MinimalMenu(App[None]):
    """A header, the six items, a footer."""

    def compose(self) -> ComposeResult:
        """The three widgets."""
        yield Header()
        yield OptionList(*ITEMS)
        yield Footer()


if __name__ == "__main__":
    MinimalMenu().run()
