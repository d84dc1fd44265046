"""The game screen's dialogs and other screens: scores, the whole log, help, a copy saved as,
a new game, the menu.

:class:`GameDialogs` is the base of :class:`~chickenfoot.tui.screens.game.GameScreen`: it
holds the actions that open another screen over the game, so the game screen itself keeps the
table, the turn loop and the keys of a turn.
"""

from __future__ import annotations

from pathlib import Path

from textual.screen import Screen

from chickenfoot.play.session import GameSession
from chickenfoot.play.table import Table
from chickenfoot.tui.messages import LeaveGame, ShowSetup
from chickenfoot.tui.screens.confirm import ConfirmScreen
from chickenfoot.tui.screens.help import HelpScreen
from chickenfoot.tui.screens.log import LogScreen
from chickenfoot.tui.screens.save_as import SaveAsScreen
from chickenfoot.tui.screens.scoreboard import ScoreboardScreen


class GameDialogs(Screen[None]):
    """The screens a game opens over itself (the game screen sets the session and table)."""

    session: GameSession
    table: Table

    def _say(self, problem: str | None) -> None:
        """Show ``problem`` (news, or why a key did nothing) under the status."""
        self.table.tell(problem)

    def action_scoreboard(self) -> None:
        """Open the scoreboard."""
        state = self.table.state
        self.app.push_screen(ScoreboardScreen(self.session.names, state.round_scores, state.rules))

    def action_full_log(self) -> None:
        """Open the whole log of the game so far."""
        self.app.push_screen(LogScreen(self.table.full_log()))

    def action_help(self) -> None:
        """Open the help screen (keys and a rules summary)."""
        self.app.push_screen(HelpScreen())

    def action_save_as(self) -> None:
        """Save a named copy of the game (the dialog writes it, and says so if it cannot)."""

        def saved(path: Path | None) -> None:
            if path is not None:
                self._say(f"Saved a copy to {path}")

        dialog = SaveAsScreen(self.session.copy_name(), save=self.session.save_as)
        self.app.push_screen(dialog, saved)

    def action_new_game(self) -> None:
        """Set up a new game, once the player confirms (this game stays saved)."""

        def answered(start_new: bool | None) -> None:
            if start_new:
                self.post_message(ShowSetup())

        question = "Leave this game for a new one? It stays saved: Load game resumes it."
        self.app.push_screen(ConfirmScreen(question, yes="New game", no="Keep playing"), answered)

    def action_leave(self) -> None:
        """Back to the main menu (the game is saved: Continue resumes it)."""
        self.post_message(LeaveGame())
