"""The game screen's dialogs and other screens: scores, every open end, help, the tiles
counted, the legend of the compact table, a copy saved as, a new game, the menu.

:class:`GameDialogs` is the base of :class:`~chickenfoot.tui.screens.game.GameScreen`: it
holds the actions that open another screen over the game, so the game screen itself keeps the
table, the turn loop and the keys of a turn.
"""

from __future__ import annotations

from textual import on
from textual.screen import Screen

from chickenfoot.play.client import SeatClient
from chickenfoot.record.model import GameRecord
from chickenfoot.text import counting, ends, prompts
from chickenfoot.tui.messages import LeaveGame, ShowHelp, ShowSetup
from chickenfoot.tui.screens.confirm import ConfirmScreen
from chickenfoot.tui.screens.legend import LegendScreen
from chickenfoot.tui.screens.log import LogScreen
from chickenfoot.tui.screens.scoreboard import ScoreboardScreen
from chickenfoot.tui.widgets.board_panel import BoardPanel


class GameDialogs(Screen[None]):
    """The screens a game opens over itself (the game screen sets the client)."""

    client: SeatClient

    def refresh_view(self) -> None:
        """Show what the client reads now (the game screen draws it)."""

    def action_scoreboard(self) -> None:
        """Open the scoreboard."""
        view = self.client.view
        if view is not None:
            self.app.push_screen(ScoreboardScreen(self.client.names, view.round_scores, view.rules))

    def action_every_end(self) -> None:
        """List every open end (the strip may have no room for them all)."""
        if self.client.view is not None:
            shown = self.client.shown().board
            entries = ends.ends_in_order(
                shown.board.open_ends, shown.labels, shown.legal, shown.chosen
            )
            self.app.push_screen(LogScreen(ends.every_end(entries), title="Every open end"))

    def action_count_tiles(self) -> None:
        """Count the tiles of each number from the view of the person at the keyboard."""
        view = self.client.seat_view
        if view is None:
            self.client.tell(prompts.no_count(self.client.keys))
            self.refresh_view()
            return
        lines = counting.counting_lines(counting.count_tiles(view))
        self.app.push_screen(LogScreen(lines, title="Counting tiles: what you have not seen"))

    @on(BoardPanel.LegendDue)
    def action_legend(self) -> None:
        """Show what the compact table's marks mean (by itself the first time it turns compact)."""
        self.app.push_screen(LegendScreen(self.query_one(BoardPanel).keys))

    def action_help(self) -> None:
        """Open the help screen (keys and a rules summary)."""
        self.post_message(ShowHelp())

    def action_save_as(self) -> None:
        """Save a named copy of the game (the game screen knows how)."""

    def finished_record(self) -> GameRecord | None:
        """The whole game, for its result to analyse the people's play (None: not known
        here; a game played here knows it)."""
        return None

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
