"""The board panel of the game and the replay: the table, the outline, or a chart, in one box.

:class:`BoardPanel` holds the three views of the board in a :class:`ContentSwitcher` and shows
the one its ``view`` names (``"table"``, ``"outline"`` or ``"chart"``); its border says which
keys switch (``o``: table / outline, ``.``: the compact or the full drawing, ``c``: chart,
where there is one), and offers the outline when even the compact table is too big to see
whole. Its ``shown`` (the
board and its marks) and ``chart`` reach the views by ``data_bind``; the outline keeps the
chosen end in view. The screen sets these attributes; the panel never changes the game, and
its views post :class:`~chickenfoot.tui.messages.EndClicked` when an end is clicked.
"""

from __future__ import annotations

from typing import Literal

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.geometry import Region
from textual.reactive import var
from textual.widgets import ContentSwitcher

from chickenfoot.play.charts import ChartShown
from chickenfoot.play.shown import BoardShown
from chickenfoot.text.prompts import ViewKeys, board_subtitle
from chickenfoot.tui.widgets.board import BoardView
from chickenfoot.tui.widgets.charts import EMPTY, ChartView
from chickenfoot.tui.widgets.table import TableView

BoardMode = Literal["table", "outline", "chart"]
"""Which view of the board a panel shows."""

CHART_TITLE = "Running totals after each round"


class BoardPanel(Vertical):
    """The table, the outline or (with ``charts``) the running totals, in a titled box."""

    DEFAULT_CSS = """
    BoardPanel {
        width: 1fr;
        border: round $primary;
        border-title-color: $text-primary;
        border-subtitle-color: $text-muted;
    }
    BoardPanel ContentSwitcher { height: 1fr; }
    BoardPanel #table { height: 1fr; scrollbar-size: 1 1; }
    BoardPanel #outline-scroll { height: 1fr; scrollbar-size-vertical: 1; }
    BoardPanel #chart { height: 1fr; }
    """

    shown: var[BoardShown | None] = var(None)
    """The board and its marks (the table and the outline follow it and redraw themselves:
    the panel itself never repaints for it)."""
    chart: var[ChartShown] = var(EMPTY)
    """What the chart shows, with ``charts``."""
    view: var[BoardMode] = var("table")
    """The view shown."""
    keys: var[ViewKeys] = var(ViewKeys)
    """The keys the frame names (the screen's, the player's own if changed)."""

    def __init__(self, *, charts: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self.charts = charts
        self._drawn = (False, True)
        """(compact, fits) of the table as last laid out."""

    def compose(self) -> ComposeResult:
        """The views, one shown at a time."""
        with ContentSwitcher(initial="table"):
            table = TableView(id="table").data_bind(shown=BoardPanel.shown)
            table.can_focus = False  # The screen's keys pan it: arrows choose tiles and ends.
            yield table
            with VerticalScroll(id="outline-scroll", can_focus=False):
                yield BoardView(id="board").data_bind(shown=BoardPanel.shown)
            if self.charts:
                yield ChartView(id="chart").data_bind(shown=BoardPanel.chart)

    def on_mount(self) -> None:
        """Title the box for the view shown first."""
        self.watch_view(self.view)

    def watch_view(self, view: BoardMode) -> None:
        """Show ``view`` and say in the border what the keys switch to."""
        if not self.is_mounted:
            return
        shown = "outline-scroll" if view == "outline" else view
        self.query_one(ContentSwitcher).current = shown
        self._title()
        self._follow_chosen()

    @on(TableView.Drawn)
    def _table_drawn(self, message: TableView.Drawn) -> None:
        self._drawn = (message.compact, message.fits)
        self._title()

    def _title(self) -> None:
        """Title the box for the view shown, and say under it what the keys switch to."""
        view = self.view
        self.border_title = CHART_TITLE if view == "chart" else "Table"
        keys = self.keys
        if view == "chart":
            self.border_subtitle = f"{keys.chart}: board"
            return
        compact, fits = self._drawn
        outline = view == "outline"
        subtitle = board_subtitle(outline=outline, compact=compact, fits=fits, keys=keys)
        self.border_subtitle = f"{subtitle} · {keys.chart}: chart" if self.charts else subtitle

    def watch_keys(self) -> None:
        """Name the keys given."""
        if self.is_mounted:
            self._title()

    def switch_density(self) -> None:
        """Draw the table compact, or in full (see :meth:`TableView.switch_density`)."""
        self.query_one(TableView).switch_density()

    def watch_shown(self) -> None:
        """Keep the chosen end in view in the outline (the table follows it by itself)."""
        self._follow_chosen()

    def _follow_chosen(self) -> None:
        shown = self.shown
        if shown is None or shown.chosen is None or self.view != "outline":
            return
        row = self.query_one(BoardView).row_of(shown.chosen)
        if row is not None:
            scroll = self.query_one("#outline-scroll", VerticalScroll)
            scroll.scroll_to_region(Region(0, row, 1, 1), animate=False)

    def pan(self, columns: int, rows: int) -> None:
        """Pan the table."""
        self.query_one(TableView).pan(columns, rows)
