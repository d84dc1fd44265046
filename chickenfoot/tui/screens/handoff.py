"""Pass-and-play hand-off: every hand is hidden until the next player takes the keyboard.

The game screen hides the hand before pushing this modal, so only the board and the scores
show through behind it. Enter (or the button) tells the game the player has the keyboard and
closes the dialog; the game shows the new hand. The dialog has its own Footer, so the game's
keys (play, draw, ...), which do nothing while it is up, are not offered; only what works here
is: showing the hand, the game's commands that reveal no hand (scores, help, save as, back to
the menu; the game gives the function that runs them), and quit.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Static

from chickenfoot.tui.commands import ActionEntry, PaletteCommand


class HandoffScreen(ModalScreen[None]):
    """The "Pass to <name>, then press Enter" dialog, closed once they have."""

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

    def __init__(
        self,
        player: str,
        on_ready: Callable[[], object],
        table_commands: Sequence[ActionEntry] = (),
        run_table_action: Callable[[str], object] | None = None,
    ) -> None:
        """``player`` is the name to call; ``on_ready`` runs when they take the keyboard,
        before the dialog closes; ``table_commands`` are the (action, title, help) of the
        game's commands that show no hand, offered here too and run by ``run_table_action``."""
        super().__init__()
        self.player = player
        self.on_ready = on_ready
        self.table_commands = tuple(table_commands) if run_table_action is not None else ()
        self.run_table_action = run_table_action

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
        """The game's keys work here only for the commands the game offers."""
        if action == "table":
            return any(entry[0] in parameters for entry in self.table_commands)
        return True

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """The button does what Enter does."""
        event.stop()
        self.action_ready()

    def action_ready(self) -> None:
        """The next player has the keyboard: say so, then close the hand-off."""
        self.on_ready()
        self.dismiss(None)

    def action_table(self, action: str) -> None:
        """Run one of the game's commands that show no hand (the dialog stays)."""
        if self.run_table_action is not None and any(
            entry[0] == action for entry in self.table_commands
        ):
            self.run_table_action(action)

    def palette_commands(self) -> list[PaletteCommand]:
        """The command palette offers what the keys offer."""
        ready = PaletteCommand(
            "Show my hand", f"I am {self.player}: close this dialog", self.action_ready, "ready"
        )
        return [
            ready,
            *(
                PaletteCommand(title, help_text, partial(self.action_table, action), action)
                for action, title, help_text in self.table_commands
            ),
        ]
