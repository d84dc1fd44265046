"""The table drawn as players lay it: a scrolling view of :mod:`chickenfoot.play.layout`.

:class:`TableView` is a :class:`~textual.scroll_view.ScrollView` using the line API: the
layout (pure code, laid out once per board and viewport size) says which glyphs go in which
cell and what role each run plays; this widget only styles the roles (theme variables, see
``DEFAULT_CSS``) and draws the visible rows. With the table larger than the view, the view
pans: mouse wheel (shift + wheel sideways), scrollbars, shift + arrow keys when the view has
focus, or :meth:`TableView.pan`.

How a screen feeds it: set :attr:`TableView.shown` to a :class:`BoardShown` (or bind a
screen ``var`` to it with ``data_bind``)::

    table.shown = BoardShown(
        board=state.board,
        labels={"A": "a", "B": "b"},   # open end -> its key label (the screen picks the keys)
        legal=("B",),                  # ends the chosen tile fits
        chosen="B",                    # the end it would go on: followed (scrolled into view)
        fresh=frozenset({11, 12}),     # indexes in board.played laid since the viewer's turn
        set_size=rules.set_size,       # so that a first 10 never widens the tiles mid-game
    )

The table is drawn in full (``[3|5]``) when it fits the view, else compact (``3·5``: each
tile its outer number after a joint; see :mod:`chickenfoot.play.layout`); set
:attr:`TableView.density` (or call :meth:`TableView.switch_density`) to choose, and the widget
posts :class:`TableView.Drawn` whenever the drawing, or whether it fits, changes. A tile, key
or toe slot not wholly in view is left out, never cut. When a play makes the compact drawing
re-pack the table (its tiles move so that it stays whole), the arms that moved are marked
(another colour, in italics) until the viewer's next move, so that the eye can follow them
(:func:`~chickenfoot.play.layout.moved_arms`); the widget posts :class:`TableView.Moved` when
such marks appear and when they go.

:class:`TableMarks` draws a few sample runs exactly as the table draws them (the same glyphs
and styles): the legend of the compact drawing shows one beside each of its words.

An equal value changes nothing and redraws nothing. A new board is laid out again; the view
keeps the same table cells on screen (and the first board shows the bounds, the centre in the
middle). The widget posts :class:`EndClicked` when an open end (its label, or its
line's last tile) is clicked; it never changes the game. Its own keys are only shift + arrows
(panning), so the game screen's arrows, letters and digits reach the screen untouched.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Final

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widget import Widget

from chickenfoot.lang import N_
from chickenfoot.play.layout import (
    Box,
    Density,
    MovedArms,
    OverflowMemory,
    Role,
    TableLayout,
    layout_for,
    moved_arms,
)
from chickenfoot.play.shown import BoardShown
from chickenfoot.rules import Board
from chickenfoot.tui.messages import EndClicked
from chickenfoot.tui.reading_order import LaidAsDrawn

PAN_COLUMNS: Final = 5
"""Columns one shift + left/right key pans the view: a flat tile of a double-9 set."""
PAN_ROWS: Final = 2
"""Rows one shift + up/down key pans the view: an upright tile."""


SHADED: Final = "table-view--shaded"
"""The component class tinting the compact tiles of every other line (see
:attr:`~chickenfoot.play.layout.TableLayout.shaded_lines`)."""


def component_class(role: Role) -> str:
    """The component class that styles runs of ``role``."""
    return f"table-view--{role.value}"


MOVED: Final = "table-view--moved"
"""The component class marking the tiles of the arms a re-packing moved (in italics too: the
mark does not rest on colour alone; the shade and a fresh tile's background stay)."""

RUN_CLASSES: Final = frozenset({component_class(role) for role in Role} | {SHADED, MOVED})
"""The component classes that style the table's runs."""

RUN_STYLES: Final = """
        .table-view--tile { color: $foreground; }
        .table-view--tile-fresh { color: $text-warning; background: $warning-muted; }
        .table-view--double { color: $text-primary; text-style: bold; }
        .table-view--double-fresh {
            color: $text-warning; background: $warning-muted; text-style: bold;
        }
        .table-view--centre { color: $text-accent; text-style: bold; }
        .table-view--open-foot { color: $text-warning; text-style: bold reverse; }
        .table-view--toe-slot { color: $text-warning; }
        .table-view--end { color: $text-accent; text-style: bold; }
        .table-view--end-legal { color: $text-success; text-style: bold reverse; }
        .table-view--end-chosen { color: $text-accent; text-style: bold reverse; }
        .table-view--connector { color: $text-muted; }
        .table-view--shaded { background: $primary-muted; }
        .table-view--moved { color: $text-primary; text-style: italic; }
        &.-compact .table-view--tile-fresh { text-style: underline; }
        &.-compact .table-view--double-fresh { text-style: bold underline; }
"""
"""How each run of the table is styled, by its component class (theme variables only): the
table and the legend's samples (:class:`TableMarks`) share it."""

StyleKey = tuple[Role | None, bool, bool]
"""What styles a run: its role (None: the blank between runs), whether its line is shaded, and
whether a re-packing moved it."""


def run_style(widget: Widget, key: StyleKey) -> Style:
    """The style of a run in ``widget``: the widget's own, the shade's over it, the role's over
    that (a fresh tile keeps its own background), and a moved tile's mark over all."""
    role, shaded, moved = key
    style = widget.rich_style
    if shaded:
        style += widget.get_component_rich_style(SHADED, partial=True)
    if role is not None:
        style += widget.get_component_rich_style(component_class(role), partial=True)
    if moved:
        style += widget.get_component_rich_style(MOVED, partial=True)
    return style


class TableView(LaidAsDrawn, ScrollView, can_focus=True, inherit_bindings=False):
    """The centre double, its arms and every chicken foot, laid out as on a table."""

    COMPONENT_CLASSES: ClassVar[set[str]] = set(RUN_CLASSES)

    DEFAULT_CSS = (
        """
    TableView {
        overflow: auto auto;
        scrollbar-size: 1 1;
"""
        + RUN_STYLES
        + """
    }
    """
    )

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "shift+left",
            f"pan({-PAN_COLUMNS}, 0)",
            # Translators: "Pan" moves the view of the table (shift and the arrows): a verb.
            N_("Pan"),
            key_display="⇧←↑↓→",
            id="table.pan-left",
        ),
        Binding(
            "shift+right", f"pan({PAN_COLUMNS}, 0)", N_("Pan"), show=False, id="table.pan-right"
        ),
        Binding("shift+up", f"pan(0, {-PAN_ROWS})", N_("Pan"), show=False, id="table.pan-up"),
        Binding("shift+down", f"pan(0, {PAN_ROWS})", N_("Pan"), show=False, id="table.pan-down"),
    ]

    shown: reactive[BoardShown | None] = reactive(None, layout=False, init=False)
    """What to show; None shows an empty table."""
    density: reactive[Density] = reactive[Density]("auto", init=False)
    """The drawing: ``auto`` (the full one if it fits the view, else the compact one), or
    always ``full`` or ``compact``."""

    class Drawn(Message):
        """The table was laid out in another drawing or for another size of view, or now fits
        the view or no longer does (so that the screen can say so, offer the outline when even
        compact needs panning, or give a big table more room)."""

        def __init__(self, table: TableView, compact: bool, fits: bool) -> None:
            super().__init__()
            self.table = table
            self.compact = compact
            self.fits = fits

        @property
        def control(self) -> TableView:
            """The table view that was laid out."""
            return self.table

    class Moved(Message):
        """The arms a re-packing moved are marked now (``marked``), or their marks are gone
        (so that the screen can say why they are marked)."""

        def __init__(self, table: TableView, marked: bool) -> None:
            super().__init__()
            self.table = table
            self.marked = marked

        @property
        def control(self) -> TableView:
            """The table view whose marks changed."""
            return self.table

    def __init__(
        self,
        shown: BoardShown | None = None,
        *,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._layout: TableLayout | None = None
        self._layout_key: tuple[Board, int | None, tuple[int, int], Density] | None = None
        self._drawn: tuple[bool, bool, tuple[int, int]] | None = None
        self._strips: dict[int, Strip] = {}
        self._window: Box | None = None
        self._styles: dict[StyleKey, Style] = {}
        self._moved: MovedArms | None = None
        """What the last re-packing moved, while it is marked."""
        self._memory = OverflowMemory()
        """What re-packing learnt of the boards this view laid out (the next one is faster)."""
        self.set_reactive(TableView.shown, shown)

    # ----- what is shown ---------------------------------------------------------------------

    @property
    def table_layout(self) -> TableLayout | None:
        """The layout on screen (None before the widget has a size and a board)."""
        return self._layout

    @property
    def moved(self) -> MovedArms | None:
        """What the last re-packing moved, while it is marked (None: nothing is)."""
        return self._moved

    def watch_shown(self, old: BoardShown | None, new: BoardShown | None) -> None:
        """Lay the table out again for a new board; redraw for new marks (only the rows of the
        ends whose marks changed, when only the chosen end or the legal ends moved); follow
        the chosen end."""
        rows = self._rows_marked_anew(old, new)
        if rows is None:
            self._strips.clear()
        for row in rows or ():
            self._strips.pop(row, None)
        if old is None or new is None or (old.board, old.set_size) != (new.board, new.set_size):
            self._lay_out()
        elif self._moved is not None and not self._moved.last(len(new.board.played), new.fresh):
            self._mark_moved(None)  # the viewer moved (a draw, a pass): the marks have done
        self.refresh()
        if new is not None and new.chosen is not None:
            self.call_after_refresh(self.follow, new.chosen)

    def _rows_marked_anew(self, old: BoardShown | None, new: BoardShown | None) -> set[int] | None:
        """The canvas rows whose drawing differs from ``old`` to ``new`` when only the chosen
        and legal ends changed (a key press on one's turn); None when every row may differ."""
        layout = self._layout
        if layout is None or old is None or new is None:
            return None
        same_table = (old.board, old.set_size, old.fresh) == (new.board, new.set_size, new.fresh)
        if not same_table or old.labels != new.labels:
            return None
        return {
            spot.label.y
            for target, spot in layout.ends.items()
            if (target == old.chosen, target in old.legal)
            != (target == new.chosen, target in new.legal)
        }

    def watch_density(self) -> None:
        """Lay the table out in the drawing asked for."""
        self._lay_out()

    def switch_density(self) -> None:
        """Switch between the full and the compact drawing (from then on, not chosen by
        itself)."""
        layout = self._layout
        compact = layout is not None and layout.compact
        self.density = "full" if compact else "compact"

    def on_mount(self) -> None:
        """Lay out what was given before the widget was mounted."""
        self._lay_out()

    def on_resize(self, event: events.Resize) -> None:
        """The view's size is the table's bounds: lay it out again for the new size."""
        self._lay_out()

    def notify_style_update(self) -> None:
        """Styles changed (a new theme, say): draw every row again."""
        self._strips.clear()
        self._styles.clear()
        super().notify_style_update()

    def _lay_out(self) -> None:
        """Lay the board out for the view's size (if either changed), keeping the same table
        cells on screen; the first layout shows its bounds."""
        shown = self.shown
        width, height = self.size
        if shown is None or width <= 0 or height <= 0:
            if shown is None and self._layout is not None:
                self._layout = self._layout_key = None
                self.virtual_size = Size(0, 0)
            return
        key = (shown.board, shown.set_size, (width, height), self.density)
        if key == self._layout_key:
            return
        previous = self._layout
        layout = layout_for(
            shown.board,
            bounds=(width, height),
            set_size=shown.set_size,
            density=self.density,
            memory=self._memory,
        )
        self._layout, self._layout_key = layout, key
        self.set_class(layout.compact, "-compact")  # a fresh tile down a column is underlined
        if (layout.compact, layout.fits, layout.bounds) != self._drawn:
            self._drawn = (layout.compact, layout.fits, layout.bounds)
            self.post_message(self.Drawn(self, layout.compact, layout.fits))
        self._follow_moves(previous, layout, shown)
        self._strips.clear()
        self.virtual_size = Size(layout.width, layout.height)
        # Set after the first layout pass, the virtual size alone does not show the scrollbars
        # (ScrollView refreshes them only when the widget's own size changes): ask for them.
        self._refresh_scrollbars()
        if (
            not layout.fits
            and previous is not None
            and (previous.bounds, previous.compact) == (layout.bounds, layout.compact)
        ):
            x = self.scroll_x + layout.origin[0] - previous.origin[0]
            y = self.scroll_y + layout.origin[1] - previous.origin[1]
        else:
            x, y = layout.view
        self.scroll_to(x, y, animate=False, force=True, immediate=True)
        self.refresh()
        if shown.chosen is not None:
            self.call_after_refresh(self.follow, shown.chosen)

    def _follow_moves(
        self, previous: TableLayout | None, layout: TableLayout, shown: BoardShown
    ) -> None:
        """Mark the arms a re-packing moved from ``previous`` to ``layout``; keep the marks of
        an earlier one while they last (the same drawing and plan, and the viewer has not
        moved since), else drop them."""
        moved = moved_arms(previous, layout) if previous is not None else None
        kept = self._moved
        if moved is None and kept is not None and previous is not None:
            same = (previous.bounds, previous.compact, previous.plan) == (
                layout.bounds,
                layout.compact,
                layout.plan,
            )
            moved = kept if same and kept.last(len(shown.board.played), shown.fresh) else None
        self._mark_moved(moved)

    def _mark_moved(self, moved: MovedArms | None) -> None:
        """Mark ``moved`` (None: nothing) and say so when marks appear or go."""
        before = self._moved
        if moved == before:
            return
        self._moved = moved
        self._strips.clear()
        if (before is None) != (moved is None):
            self.post_message(self.Moved(self, moved is not None))

    # ----- moving the view -------------------------------------------------------------------

    def follow(self, target: str) -> None:
        """Scroll (the least) so that open end ``target`` and the tile it continues are in view;
        nothing happens if ``target`` is not open."""
        layout = self._layout
        if layout is None or target not in layout.ends:
            return
        x, y, width, height = layout.end_box(target)
        self.scroll_to_region(Region(x, y, width, height), animate=False, force=True)

    def pan(self, columns: int, rows: int) -> None:
        """Move the view ``columns`` right and ``rows`` down (negative: left, up)."""
        self.scroll_relative(columns, rows, animate=False, force=True)

    def action_pan(self, columns: int, rows: int) -> None:
        """Pan the view (shift + arrow keys)."""
        self.pan(columns, rows)

    # ----- drawing ---------------------------------------------------------------------------

    def render_line(self, y: int) -> Strip:
        """Row ``y`` of the view: the canvas row under it, cut to the visible columns (a tile
        not wholly in view is left out, never cut)."""
        scroll_x, scroll_y = self.scroll_offset
        region = self.scrollable_content_region
        window = Box(scroll_x, scroll_y, region.width, region.height)
        if window != self._window:
            self._strips.clear()
            self._window = window
        return self.canvas_strip(y + scroll_y).crop_extend(
            scroll_x, scroll_x + region.width, self._style(None)
        )

    def canvas_strip(self, row: int) -> Strip:
        """The canvas row ``row`` as the view shows it, styled (kept until the board, the
        marks, the styles or the part in view change)."""
        strip = self._strips.get(row)
        if strip is None:
            strip = self._strips[row] = self._draw_row(row)
        return strip

    def _draw_row(self, row: int) -> Strip:
        """Build canvas row ``row`` from the layout's runs: gaps blank, runs in their style."""
        layout, shown = self._layout, self.shown
        base = self._style(None)
        if layout is None or shown is None:
            return Strip.blank(0, base)  # styled: NO_COLOR's filter needs a style on every cell
        moved = self._moved
        runs = layout.row(
            row,
            labels=shown.labels,
            legal=shown.legal,
            chosen=shown.chosen,
            fresh=shown.fresh,
            window=self._window,
        )
        segments: list[Segment] = []
        column = 0
        for run in runs:
            if run.x > column:
                segments.append(Segment(" " * (run.x - column), base))
            marked = (
                moved is not None
                and run.role is not Role.OPEN_FOOT  # it keeps its own mark
                and (
                    run.placement in moved.placements
                    if run.placement is not None
                    else run.role is Role.CENTRE and moved.centre
                )
            )
            segments.append(Segment(run.text, self._style(run.role, run.shaded, marked)))
            column = run.x + len(run.text)
        if column < layout.width:
            segments.append(Segment(" " * (layout.width - column), base))
        return Strip(segments, layout.width)

    def _style(self, role: Role | None, shaded: bool = False, moved: bool = False) -> Style:
        """The style of a run (see :func:`run_style`), worked out once until the styles
        change."""
        key = (role, shaded, moved)
        style = self._styles.get(key)
        if style is None:
            style = self._styles[key] = run_style(self, key)
        return style

    # ----- clicks ----------------------------------------------------------------------------

    def on_click(self, event: events.Click) -> None:
        """Post :class:`EndClicked` for a click on an open end's label or last tile."""
        layout = self._layout
        offset = event.get_content_offset(self)
        if layout is None or offset is None:
            return
        target = layout.end_at(offset.x + self.scroll_offset.x, offset.y + self.scroll_offset.y)
        if target is not None:
            event.stop()
            self.post_message(EndClicked(target))


Sample = tuple[tuple[str, Role | None, bool, bool], ...]
"""One row of a sample: runs of text, each with its role (None: blank), whether it is shaded
and whether it is marked as moved."""


class TableMarks(LaidAsDrawn):
    """A few sample rows of the compact table, drawn with its glyphs and styles (the legend
    shows one beside each of its words)."""

    COMPONENT_CLASSES: ClassVar[set[str]] = set(RUN_CLASSES)

    DEFAULT_CSS = (
        """
    TableMarks {
        width: auto;
        height: auto;
"""
        + RUN_STYLES
        + """
    }
    """
    )

    def __init__(
        self, rows: Sequence[Sample], *, id: str | None = None, classes: str | None = None
    ) -> None:
        super().__init__(id=id, classes=classes)
        self.rows = tuple(rows)
        self.add_class("-compact")

    def get_content_width(self, container: Size, viewport: Size) -> int:
        """As wide as the widest row."""
        return max((sum(len(text) for text, *_marks in row) for row in self.rows), default=0)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """A line per row."""
        return len(self.rows)

    def render_line(self, y: int) -> Strip:
        """Row ``y``: its runs, styled as the table styles them."""
        if not 0 <= y < len(self.rows):
            return Strip.blank(self.size.width, self.rich_style)
        segments = [
            Segment(text, run_style(self, (role, shaded, moved)))
            for text, role, shaded, moved in self.rows[y]
        ]
        return Strip(segments).extend_cell_length(self.size.width, self.rich_style)
