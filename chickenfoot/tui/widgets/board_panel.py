"""The board panel of the game and the replay: the table, the outline, or a chart, in one box.

:class:`BoardPanel` holds the three views of the board in a :class:`ContentSwitcher` and shows
the one its ``view`` names (``"table"``, ``"outline"`` or ``"chart"``); its border says which
keys switch (``o``: table / outline, ``.``: the compact or the full drawing, ``c``: chart,
where there is one; over the compact drawing, the key of its legend), and says while the arms
a re-packing moved are marked. Under a table too big to see whole it offers the outline in
words, in the warning colour (the frame's line costs the table no row: its bounds stay those
the layout is measured in). The first time the table in view turns
compact (drawn in full before: a play made it too big, or the drawing's key; the panel's
screen on top, its side panels not about to fold away), the panel posts
:class:`BoardPanel.LegendDue`, once: the screen shows the legend. A table compact from the
start (a big game opened) brings no legend by itself: its frame names the legend's key.

Its ``shown`` (the board and its marks) and ``chart`` reach the views by ``data_bind``; the
outline keeps the chosen end in view. The screen sets these attributes; the panel never
changes the game, and its views post :class:`~chickenfoot.tui.messages.EndClicked` when an
end is clicked. Every key it names is the player's own (``keys``), never written out.
"""

from __future__ import annotations

from typing import Literal

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.geometry import Region
from textual.message import Message
from textual.reactive import var
from textual.widgets import ContentSwitcher

from chickenfoot.lang import N_, _
from chickenfoot.play.charts import ChartShown
from chickenfoot.play.shown import BoardShown
from chickenfoot.text.legend import REARRANGED, legend_hint
from chickenfoot.text.prompts import ViewKeys, board_subtitle
from chickenfoot.tui.widgets.board import BoardView
from chickenfoot.tui.widgets.charts import EMPTY, ChartView
from chickenfoot.tui.widgets.ends import SHORT_SCREEN
from chickenfoot.tui.widgets.table import TableView

BoardMode = Literal["table", "outline", "chart"]
"""Which view of the board a panel shows."""

CHART_TITLE = N_("Running totals after each round")
"""The chart's title on the frame (translated when shown)."""


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
    BoardPanel.-too-big { border-subtitle-color: $text-warning; }
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

    class LegendDue(Message):
        """The table turned compact for the first time in this panel, whose screen is on top:
        time to show what the compact drawing's marks mean (posted once)."""

    def __init__(self, *, charts: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self.charts = charts
        self._drawn = (False, True)
        """(compact, fits) of the table as last laid out."""
        self._moved = False
        """True while the arms a re-packing moved are marked."""
        self._legend = "before"
        """Where the legend stands: "before" (no table drawn in full yet), "ready" (the table
        was drawn in full: the next compact drawing in view is the table turning compact), or
        "shown" (:class:`LegendDue` was posted)."""

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
        self._legend_due()

    @on(TableView.Drawn)
    def _table_drawn(self, message: TableView.Drawn) -> None:
        self._drawn = (message.compact, message.fits)
        self._title()
        if not message.compact and self._legend == "before":
            self._legend = "ready"
        self._legend_due()

    @on(TableView.Moved)
    def _table_moved(self, message: TableView.Moved) -> None:
        self._moved = message.marked
        self._title()

    def _legend_due(self) -> None:
        """Post :class:`LegendDue` the first time the table in view turns compact (after a
        drawing in full), with the panel's screen on top (else later: at a new board, or once
        the table is in view)."""
        if self._legend != "ready" or not self._drawn[0] or self.view != "table":
            return
        if self.screen.is_active and not self._folding_away():
            self._legend = "shown"
            self.post_message(self.LegendDue())

    def _folding_away(self) -> bool:
        """True while the side panels beside the table are about to fold away on a short
        screen: a screen that has them folds them (the class ``-folded``, on the screen or on
        the body that holds the panel) as soon as the table beside them is drawn compact, and
        the table is laid out again, wider (perhaps in full), so that compact drawing is never
        seen (see :mod:`chickenfoot.tui.widgets.folding`)."""
        folded = any(node.has_class("-folded") for node in self.ancestors)
        return self.screen.size.height < SHORT_SCREEN and not folded

    def _title(self) -> None:
        """Title the box for the view shown, and say under it what the keys switch to."""
        view = self.view
        # Translators: the title of the frame around the table (the board as laid).
        self.border_title = _(CHART_TITLE) if view == "chart" else _("Table")
        keys = self.keys
        if view == "chart":
            # Translators: under the chart: the key that shows the board again.
            self.border_subtitle = _("{key}: board").format(key=keys.chart)
            self.remove_class("-too-big")
            return
        compact, fits = self._drawn
        outline = view == "outline"
        self.set_class(compact and not fits and not outline, "-too-big")
        parts = [board_subtitle(outline=outline, compact=compact, fits=fits, keys=keys)]
        if self._moved and not outline:
            parts.append(_(REARRANGED))  # before the legend's key: a narrow frame cuts that first
        if compact and not outline and keys.legend:
            parts.append(legend_hint(keys.legend))
        if self.charts:
            # Translators: under the board: the key that shows the chart of the totals.
            parts.append(_("{key}: chart").format(key=keys.chart))
        self.border_subtitle = " · ".join(parts)

    def watch_keys(self) -> None:
        """Name the keys given."""
        if self.is_mounted:
            self._title()

    def switch_density(self) -> None:
        """Draw the table compact, or in full (see :meth:`TableView.switch_density`)."""
        self.query_one(TableView).switch_density()

    def watch_shown(self) -> None:
        """Keep the chosen end in view in the outline (the table follows it by itself); show
        the legend now if a compact table was drawn while another screen was on top."""
        self._follow_chosen()
        if self.is_mounted:
            self._legend_due()

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
