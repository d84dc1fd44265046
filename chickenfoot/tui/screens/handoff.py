"""Pass-and-play hand-off: every hand is hidden until the next player takes the keyboard.

The game screen hides the hand before pushing this modal, so only the board and the scores
show through behind it. Enter (or the button) dismisses it and the game shows the new hand.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Static


class HandoffScreen(ModalScreen[None]):
    """"Pass to <name>, then press Enter"."""

    CSS_PATH = "handoff.tcss"
    BINDINGS = [Binding("enter", "ready", "Show my hand", priority=True)]

    def __init__(self, player: str) -> None:
        super().__init__()
        self.player = player

    def compose(self) -> ComposeResult:
        """A small dialog over the dimmed table."""
        with Vertical(id="handoff-dialog"):
            yield Static(
                Content.assemble("Pass to ", (self.player, "bold $text-accent"), ", then press Enter"),
                id="handoff-title",
            )
            yield Static("Every hand is hidden. The board and the scores stay in view.", id="handoff-help")
            yield Button(Content(f"I am {self.player}: show my hand"), id="handoff-ready", variant="primary")

    def action_ready(self) -> None:
        """The next player has the keyboard: close the hand-off."""
        self.dismiss(None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """The button does what Enter does."""
        event.stop()
        self.dismiss(None)
