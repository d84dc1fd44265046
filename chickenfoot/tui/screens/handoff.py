"""Pass-and-play hand-off: every hand is hidden until the next player takes the keyboard.

The game screen hides the hand before pushing this modal, so only the board and the scores
show through behind it. Enter (or the button) dismisses it and the game shows the new hand.
The dialog has its own Footer, so the game's keys (play, draw, ...), which do nothing while
it is up, are not offered; only what works here is: showing the hand, and the keys that
reveal no hand (scores, help, save as, back to the menu, quit).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Static

from chickenfoot.tui.commands import PaletteCommand

if TYPE_CHECKING:
    from chickenfoot.tui.screens.game import GameScreen

TABLE_ACTIONS = ("scoreboard", "help", "save_as", "new_game", "leave")
"""Game screen actions that show no hand, so they are safe to offer during the hand-off."""


class HandoffScreen(ModalScreen[None]):
    """ "Pass to <name>, then press Enter"."""

    CSS_PATH = "handoff.tcss"
    BINDINGS = [
        Binding("enter", "ready", "Show my hand", priority=True),
        Binding("s", "table('scoreboard')", "Scores"),
        Binding("question_mark", "table('help')", "Help", key_display="?"),
        Binding("ctrl+s", "table('save_as')", "Save as"),
        Binding("escape", "table('leave')", "Menu"),
        Binding("q", "app.request_quit", "Quit"),
        # App keys are not active on a modal screen: list the palette's here so the Footer shows it.
        Binding("ctrl+p", "app.command_palette", "palette", show=False),
    ]

    def __init__(self, player: str, *, table: GameScreen | None = None) -> None:
        """``player`` is the name to call; ``table`` the game behind, whose safe keys work here."""
        super().__init__()
        self.player = player
        self.table = table

    def compose(self) -> ComposeResult:
        """A small dialog over the dimmed table, and a Footer with this dialog's keys only."""
        with Vertical(id="handoff-dialog"):
            yield Static(
                Content.assemble(
                    "Pass to ", (self.player, "bold $text-accent"), ", then press Enter"
                ),
                id="handoff-title",
            )
            yield Static(
                "Every hand is hidden. The board and the scores stay in view.", id="handoff-help"
            )
            yield Button(
                Content(f"I am {self.player}: show my hand"), id="handoff-ready", variant="primary"
            )
        yield Footer()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The game's keys work here only when the game behind is known."""
        if action == "table":
            return self.table is not None
        return True

    def action_ready(self) -> None:
        """The next player has the keyboard: close the hand-off."""
        self.dismiss(None)

    def action_table(self, action: str) -> None:
        """Run one of the game's actions that show no hand (see ``TABLE_ACTIONS``)."""
        if self.table is None or action not in TABLE_ACTIONS:
            return
        getattr(self.table, f"action_{action}")()

    def palette_commands(self) -> list[PaletteCommand]:
        """The command palette offers what the keys offer."""
        ready = PaletteCommand(
            "Show my hand", f"I am {self.player}: close this dialog", self.action_ready, "ready"
        )
        commands = [ready]
        if self.table is not None:
            commands.extend(
                command
                for command in self.table.palette_commands()
                if command.action in TABLE_ACTIONS
            )
        return commands

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """The button does what Enter does."""
        event.stop()
        self.dismiss(None)
