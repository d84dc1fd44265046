"""The game's table on screen, all but the keys: the top bar, the table beside the seats and
the log, the open ends, the hand and the status line.

:class:`GameTable` is the body of the table screen
(:class:`~chickenfoot.tui.screens.game.TableScreen`): the screen binds what to show to it (the
board, the hand, the seats and the status, as its seat client reads them), and it hands each
part on to the widget that draws it. The screen's keys act on those widgets (panning the
table, scrolling the log); nothing here changes the game.

**On a short screen (80x24) a big table takes the room of the seats and the log**: when the
table needs its compact drawing beside them, they fold away (the class ``-folded``), the table
takes the whole width, the seats ride on the hand's frame (name and tiles in hand, the turn
marked) and the latest news stays on the status line (``ctrl+l`` shows the whole log). They
come back with a new round, or when the screen is resized (:class:`Folding` says when).
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.reactive import var

from chickenfoot.lang import _
from chickenfoot.play.shown import BoardShown, HandShown, SeatsShown, StatusShown
from chickenfoot.text.prompts import ViewKeys
from chickenfoot.tui.messages import RememberDisplay
from chickenfoot.tui.widgets.board_panel import BoardMode, BoardPanel
from chickenfoot.tui.widgets.ends import EndsStrip
from chickenfoot.tui.widgets.event_log import EventLog
from chickenfoot.tui.widgets.folding import Folding
from chickenfoot.tui.widgets.hand import HandBox
from chickenfoot.tui.widgets.seats import SeatsPanel
from chickenfoot.tui.widgets.status import StatusLine
from chickenfoot.tui.widgets.table import TableView
from chickenfoot.tui.widgets.topbar import TopBar


class GameTable(Vertical):
    """The game screen's body (see the module's description): bind ``board``, ``hand``,
    ``seats`` and ``status``; ``view`` is the board as a table or an outline (one row per
    line), ``folded`` whether the seats and the log are folded away now."""

    board: var[BoardShown | None] = var(None)
    hand: var[HandShown] = var(HandShown)
    seats: var[SeatsShown] = var(SeatsShown)
    status: var[StatusShown] = var(StatusShown)
    view: var[BoardMode] = var("table")
    folded: var[bool] = var(False)
    """True while the seats and the log are folded away for a big table on a short screen."""

    def __init__(self, *, id: str | None = None, outline: bool = False) -> None:
        super().__init__(id=id)
        self._folding = Folding()
        self.set_reactive(GameTable.view, "outline" if outline else "table")

    @property
    def outline(self) -> bool:
        """True while the board is drawn as an outline."""
        return self.view == "outline"

    def name_keys(self, keys: ViewKeys, log_key: str) -> None:
        """Name the player's keys: the ends' and the table's under the table (``keys``), the
        whole log's (``log_key``) under the log."""
        self.query_one(BoardPanel).keys = keys
        # Translators: under the game's log: the key that shows the whole log.
        self.query_one(EventLog).border_subtitle = _("{key}: all").format(key=log_key)

    def switch_drawing(self) -> None:
        """Draw the table compact, or in full (from the outline: the table, remembered)."""
        if self.outline:
            self.view = "table"
            self.post_message(RememberDisplay(outline=False))
        self.query_one(BoardPanel).switch_density()

    def toggle_view(self) -> None:
        """Draw the board as the table, or as an outline (one row per line); remembered."""
        self.view = "table" if self.outline else "outline"
        self.post_message(RememberDisplay(outline=self.outline))

    def compose(self) -> ComposeResult:
        """Top bar; the table beside the seats and the log; the open ends; hand; status."""
        yield TopBar(id="topbar")
        with Horizontal(id="main"):
            yield BoardPanel(id="board-box").data_bind(shown=GameTable.board, view=GameTable.view)
            with Vertical(id="side"):
                seats = SeatsPanel(id="seats").data_bind(shown=GameTable.seats)
                seats.border_title = _("Seats")
                yield seats
                log = EventLog(id="log")
                log.border_title = _("Log")
                yield log
        yield EndsStrip(id="ends").data_bind(shown=GameTable.board)
        yield HandBox(id="hand-scroll").data_bind(
            shown=GameTable.hand, seats=GameTable.seats, folded=GameTable.folded
        )
        yield StatusLine(id="status").data_bind(shown=GameTable.status)

    @on(TableView.Drawn)
    def _fold_for_a_big_table(self, message: TableView.Drawn) -> None:
        """On a short screen, fold the seats and the log away when the table beside them needs
        the compact drawing: the table then has the whole width."""
        tiles = len(self.board.board.played) if self.board is not None else 0
        if self._folding.folds(message.compact, self.folded, self.screen.size.height, tiles):
            self.folded = True

    def watch_board(self, shown: BoardShown | None) -> None:
        """Unfold the side panels for a smaller table (a new round, or moves taken back)."""
        if self.folded and (shown is None or self._folding.smaller(len(shown.board.played))):
            self.folded = False

    def on_resize(self) -> None:
        """A new screen size: unfold, and fold again if the table still needs it (the body's
        own size also changes as the footer below it is filled in, which changes nothing)."""
        if self._folding.resized(self.screen.size):
            self.folded = False

    def watch_folded(self, folded: bool) -> None:
        """Hide or show the side panels (the hand's frame then carries the seats); the keys
        that scroll the log come and go with it."""
        self.set_class(folded, "-folded")
        self.screen.refresh_bindings()
