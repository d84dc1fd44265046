"""The screens a game opens over itself: the scores, the tiles counted, every open end, the
legend of the compact table, the whole log, a new game asked for, and the round's and the
game's results.

:class:`GameDialogs` is composed into the table screen
(:class:`~chickenfoot.tui.screens.game.TableScreen`), whose keys call it: it reads what the
screen's seat client holds and what its table says of the game, and pushes the dialog over
the screen. It changes nothing of the game; a result's answer goes back to the table through
the ``proceed`` it is given.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.screen import Screen

from chickenfoot.lang import _
from chickenfoot.play.client import SeatClient
from chickenfoot.play.shown import BoardShown
from chickenfoot.play.tables import ScreenTable
from chickenfoot.play.wire import GameEnded, RoundEnded
from chickenfoot.text import counting, ends, prompts
from chickenfoot.text.prompts import ViewKeys, round_ending
from chickenfoot.tui.messages import ShowSetup
from chickenfoot.tui.screens.confirm import ConfirmScreen
from chickenfoot.tui.screens.game_over import GameOverScreen
from chickenfoot.tui.screens.legend import LegendScreen
from chickenfoot.tui.screens.log import LogScreen
from chickenfoot.tui.screens.round_over import RoundOverScreen
from chickenfoot.tui.screens.scoreboard import ScoreboardScreen


class GameDialogs:
    """The dialogs of the game on ``screen``, a client of ``table`` (see the module's
    description); the game's result offers a new game of the same seats where the game was
    played here."""

    def __init__(self, screen: Screen[None], table: ScreenTable) -> None:
        self.screen = screen
        self.table = table
        self._result_shown: RoundEnded | GameEnded | None = None

    @property
    def client(self) -> SeatClient:
        """The seat client the dialogs read."""
        return self.table.client

    def scoreboard(self) -> None:
        """Open the scoreboard."""
        view = self.client.view
        if view is not None:
            board = ScoreboardScreen(self.client.names, view.round_scores, view.rules)
            self.screen.app.push_screen(board)

    def count_tiles(self, refresh: Callable[[], None]) -> None:
        """Count the tiles of each number from the view of the person at the keyboard; when
        nobody's hand is in view, the client is told why (shown with ``refresh``)."""
        view = self.client.seat_view
        if view is None:
            self.client.tell(prompts.no_count(self.client.keys))
            refresh()
            return
        lines = counting.counting_lines(counting.count_tiles(view))
        title = _("Counting tiles: what you have not seen")
        self.screen.app.push_screen(LogScreen(lines, title=title))

    def every_end(self, shown: BoardShown | None) -> None:
        """List every open end of the table ``shown`` (the strip may have no room for them)."""
        if shown is not None:
            entries = ends.ends_in_order(
                shown.board.open_ends, shown.labels, shown.legal, shown.chosen
            )
            self.screen.app.push_screen(
                LogScreen(ends.every_end(entries), title=_("Every open end"))
            )

    def legend(self, keys: ViewKeys) -> None:
        """Show what the compact table's marks mean, naming the ends' ``keys``."""
        self.screen.app.push_screen(LegendScreen(keys))

    def game_log(self) -> None:
        """Show the whole log of the game, once the table sent it."""
        if self.client.game_log is not None:
            self.screen.app.push_screen(LogScreen(self.client.game_log))

    def new_game(self) -> None:
        """Set up a new game, once the player confirms (this game stays saved)."""

        def answered(start_new: bool | None) -> None:
            if start_new:
                self.screen.post_message(ShowSetup())

        question = _("Leave this game for a new one? It stays saved: Load game resumes it.")
        confirm = ConfirmScreen(question, yes=_("New game"), no=_("Keep playing"))

        self.screen.app.push_screen(confirm, answered)

    def result(self, proceed: Callable[[], None]) -> None:
        """Show a round's or the game's result once, when the table waits for it to be seen;
        ``proceed`` goes on once a round's result is closed."""
        prompt, view = self.client.prompt, self.client.view
        if prompt is self._result_shown or view is None:
            return
        if isinstance(prompt, RoundEnded):
            self._result_shown = prompt
            result = prompt.result
            ending = round_ending(prompt.ending, self.client.names) if prompt.ending else ""
            screen = RoundOverScreen(
                result,
                self.client.names,
                view.rules.round_count,
                ending,
                self.table.deal_text(result.round),
            )
            self.screen.app.push_screen(screen, lambda _closed: proceed())
        elif isinstance(prompt, GameEnded):
            self._result_shown = prompt
            self.screen.app.push_screen(
                GameOverScreen(
                    prompt.result,
                    self.client.names,
                    view.round_scores,
                    view.rules,
                    self.table.seat_configs(),
                    play_again=self.table.played_here,
                    record=self.table.finished_record(),
                )
            )
