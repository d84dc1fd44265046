"""The whole log: every move of the game so far, one line each, to read back at leisure (and
the same dialog for any other lines to read: every open end, the tiles counted).

A modal screen over the game with its own keys: arrows and Page Up / Page Down scroll, Home and
End jump, Escape (or ``ctrl+l`` again) closes. Lines are shown literally, never as markup.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import RichLog, Static

from chickenfoot.lang import N_, ngettext
from chickenfoot.tui.commands import PaletteCommand, binding_commands
from chickenfoot.tui.footer import WordsFooter
from chickenfoot.tui.widgets.event_log import WrappedLog


class LogScreen(ModalScreen[None]):
    """Every line of the game's log, newest at the bottom."""

    CSS_PATH = "log.tcss"
    KEY_WIDGETS = (RichLog,)
    """The widgets that can have the keyboard here: their keys count when keys are changed."""
    BINDINGS = [
        Binding(
            "escape,ctrl+l", "close", N_("Close"), id="log.close", tooltip=N_("Back to the game")
        ),
        Binding("home", "top", N_("First move"), id="log.top"),
        Binding("end", "bottom", N_("Latest move"), id="log.bottom"),
    ]

    def __init__(self, lines: Sequence[str], title: str | None = None) -> None:
        super().__init__()
        self.lines = tuple(lines)
        count = len(self.lines)
        self.title_text = (
            title
            if title is not None
            else ngettext("The log · {count} line", "The log · {count} lines", count).format(
                count=count
            )
        )

        """The dialog's first line (the same screen lists every open end, or counts tiles)."""

    def compose(self) -> ComposeResult:
        """A title, the lines, and this dialog's keys."""
        with Vertical(id="log-dialog"):
            yield Static(self.title_text, id="log-title", markup=False)
            yield WrappedLog(self.lines, id="full-log")
        yield WordsFooter()

    def on_mount(self) -> None:
        """Show the newest lines (the log lays them out once it has its width)."""
        self.query_one(WrappedLog).focus()

    def action_top(self) -> None:
        """To the first line."""
        self.query_one(RichLog).scroll_home(animate=False)

    def action_bottom(self) -> None:
        """To the latest line."""
        self.query_one(RichLog).scroll_end(animate=False)

    def palette_commands(self) -> list[PaletteCommand]:
        """Closing is all there is to do here."""
        return binding_commands(self)

    def action_close(self) -> None:
        """Back to the game."""
        self.dismiss(None)
