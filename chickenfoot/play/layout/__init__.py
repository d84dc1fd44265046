"""The table as players lay it: where every tile of a board sits on a grid of terminal cells.

:func:`layout_table` maps a :class:`~chickenfoot.rules.Board` to a :class:`TableLayout`: the
centre double in the middle, its arms leaving it in their directions (2 arms: right and left;
3: up, right, left; 4: up, right, down, left; 5 to 8: two per side of a bigger centre), each
line a chain of tiles, every double laid across the line it closes, and the three toes of a
chicken foot leaving that double forward and to both sides (a foot on a toe splays again).
:func:`layout_for` chooses the drawing: the full one when it fits, else the compact one.
Pure Python: no Textual, so it is tested and measured on its own.

Where each part lives (a module per concern, each importing only those above it):

- :mod:`~chickenfoot.play.layout.geometry`: cells, boxes, headings and the helpers on them;
- :mod:`~chickenfoot.play.layout.spots`: what the layout says of a tile, an open end, a rail;
- :mod:`~chickenfoot.play.layout.shapes`: tile shapes (how many cells each thing takes) and
  the characters each thing is drawn with;
- :mod:`~chickenfoot.play.layout.centre`: the centre, its ports and each line's space, and
  the :class:`Plan` a table is packed under;
- :mod:`~chickenfoot.play.layout.rails`: rails and leaps, for a line boxed in at its end;
- :mod:`~chickenfoot.play.layout.key_places`: the places kept for the keys while laying;
- :mod:`~chickenfoot.play.layout.laying`: the tiles laid one by one, line by line;
- :mod:`~chickenfoot.play.layout.ends`: the open ends' key labels and the open foot's slots;
- :mod:`~chickenfoot.play.layout.table_layout`: the finished :class:`TableLayout` and its rows;
- :mod:`~chickenfoot.play.layout.repacking`: a compact table re-packed to stay whole;
- this package: the entry points and the bounds of the game screen. Its names are the
  layout's public ones; the modules' names with a leading underscore are shared inside the
  package only.

Tiles are drawn horizontally on horizontal runs (``[3|5]``, one row) and vertically on
vertical runs (``┌3┐`` over ``└5┘``, two rows), each number next to the tile it matches, as
on a real table; a double across its line has the other shape: upright in a row, flat in a
column. (Upright tiles cost two of the few rows a terminal has, but stacking flat tiles in a
column would lose which numbers touch, and a double could no longer lie across its line.)
Numbers up to 18 take two cells each on every tile of a double-10-or-more set (``[ 3|12]``),
so a game never changes its tile width.

How a line grows: each line owns a *space*, a share of the ``bounds`` (the viewport the
table should fit, the centre in its middle), shared out like a pinwheel so that neighbouring
arms turn away from each other. A tile goes straight on while it fits; at the edge of its
space, or at another tile, the line turns (one tile sideways, then back the other way), so it
snakes through its space in rows two cells apart (compact: up and down columns). When its
space is full it may use any free cell of the bounds, then a place inside them at the end of
a short dotted rail (:data:`SHORT_RAIL` cells, :data:`COMPACT_RAIL` compact), then the rings
round the bounds, nearest first (the table grows and the view pans), then a place at the end
of a longer rail; with no free cell beside its end at all, it leaps over the obstacle to a
place touching no tile. A double goes where its three toes will have room if it can (a foot
at the edge of the table is a dead end). Every open end's label is drawn where its next tile
would go, beside the line's last tile.

Reading it without doubt: a tile touches only the tile it follows, and that one only at the
end it continues (a turn never lays a tile alongside the other half of the tile before it);
tiles of different lines never touch, a foot's three toes leave its double straight on and
to either side, apart. A tile with no such place beside the one it follows lies at the
nearest place that has one, a dotted rail over free cells leading to it. Every end's key
sits against its end: as each line grows, a place for its key is kept beside its last tile
(made of cells beside that tile, which no other line's tile may take anyway, where it can),
and no other line's tile, rail or key takes it; a tile lies where no free place for its key
would be left beside it only when no short rail leads to another place (it would wall its
own end in); and while a foot is open, the places kept for lines with no open end are
free for its toes' keys. An end walled in even so, whose key is one letter, takes a place of
two cells beside its tile (``‹a``, without the closing mark); ``EndSpot.walled`` marks an end
that found none. A key is never cut: it is drawn whole, exactly as the key strip names it
(:func:`~chickenfoot.play.keys.end_keys`), each end's place being wide enough for its key and
a mark (``‹zzg`` where a place is three cells wide); a narrow place leaves out only marks.

The compact drawing (``compact=True``, chosen by :func:`layout_for` when the full one does
not fit) lays the same table in smaller tiles: each shows only its outer number, after a
joint across a run (``·5``, ``5·``) and alone down a column (one row), because its inner
number is the one it touches; a double is ``═5`` (``═5═`` across a column), the centre
``║9║``. The geometry is the same; only the shapes (:class:`Shapes`) differ.

Stability: tiles are laid one by one in the order they were played, and a tile's place
depends only on the tiles laid before it, so playing a tile never moves a tile already on the
table (in table coordinates; the canvas may grow to the left or upwards, which shifts every
canvas coordinate by :attr:`TableLayout.origin`). Open-end anchors, label places and toe slots
are worked out afresh for each board and may move; the keys go inside the view that shows
every tile when they can.

Re-packing (the compact drawing only): the spaces round the centre are shared out evenly, but
in a real round one arm and its feet often grow far beyond the others. When the compact
table's tiles would span more than the bounds, it is laid out again under a :class:`Plan`:
the arms with the most tiles leave from the roomiest ports, and the centre may move away
from the biggest one (:func:`~chickenfoot.play.layout.repacking._repacked`). Every plan is
made from the tiles up to a fixed play, and under one plan nothing moves, so a play
rearranges the table only when the tiles under the plan before would leave the bounds
(:attr:`TableLayout.plan` says which plan lays it). Where plans overflowed on recent boards
is remembered by each view (:class:`OverflowMemory`, given to :func:`layout_for`), so that the
next board of a game is not laid out again under plans known to overflow; only speed depends
on it, and no memory is shared by the whole process.

Speed (figures: ``python -m tests.benchmarks layout``): the taken cells are a dict from cell to
what holds it; a rail search keeps each step's link to the step before instead of copying its
rail, and skips a short rail from ends too far outside the bounds to reach them; the key
places round a tile are worked out once per tile shape. Key places, and the rail and leap
searches, live apart from the table they serve.

Drawing: :meth:`TableLayout.row` gives the :class:`Run` s of one canvas row: their text (the
glyphs are chosen here) and their :class:`Role` (what the widget styles), given the viewer's
marks: key labels for the open ends, the legal ends of the chosen tile, the chosen end and the
tiles played since the viewer's last turn. Every mark changes the glyphs too, never only the
colour: fresh tiles have doubled or heavier frames, an open foot a heavy frame and dotted toe
slots, end labels ``‹a›``, legal ends ``▸a◂``, the chosen end ``»a«``.
"""

from __future__ import annotations

from typing import Final, Literal, overload

from chickenfoot.play.layout.centre import Plan, shaded_arm
from chickenfoot.play.layout.ends import _open_ends
from chickenfoot.play.layout.geometry import (
    ANTICLOCKWISE,
    CLOCKWISE,
    HORIZONTAL,
    REVERSE,
    STEP,
    Box,
    Exit,
    Heading,
)
from chickenfoot.play.layout.key_places import NARROW_LABEL
from chickenfoot.play.layout.laying import COMPACT_RAIL, RING_ROWS, SHORT_RAIL
from chickenfoot.play.layout.rails import LEAP_LIMIT, RAIL_LIMIT, SHORT_RAIL_CELLS
from chickenfoot.play.layout.repacking import (
    BIG_CENTRE_ROOM,
    CENTRE_MOVE,
    MAX_PLANS,
    MovedArms,
    OverflowMemory,
    _repacked,
    _within,
    moved_arms,
)

# Laid under one plan, without re-packing: re-exported for the tests that ask which plans overflow.
from chickenfoot.play.layout.repacking import _laid as _laid
from chickenfoot.play.layout.shapes import (
    COMPACT_JOINTS,
    CONNECTOR_GLYPHS,
    END_MARKS,
    GLYPHS,
    NO_LABEL,
    RAIL_CORNERS,
    SLOT_FILL,
    SLOT_FRAME,
    Glyphs,
    Role,
    Shapes,
    compact_tile_text,
    digits_for,
    end_label_text,
    slot_text,
    tile_text,
)
from chickenfoot.play.layout.spots import Connector, EndSpot, TileSpot
from chickenfoot.play.layout.table_layout import Run, TableLayout, _finish
from chickenfoot.rules.board import Board

__all__ = [
    "ANTICLOCKWISE",
    "BIG_CENTRE_ROOM",
    "CENTRE_MOVE",
    "CLOCKWISE",
    "COMPACT_JOINTS",
    "COMPACT_RAIL",
    "CONNECTOR_GLYPHS",
    "DEFAULT_BOUNDS",
    "END_MARKS",
    "FOLDED_BOUNDS",
    "GLYPHS",
    "HORIZONTAL",
    "LEAP_LIMIT",
    "MAX_PLANS",
    "MIN_BOUNDS",
    "NARROW_LABEL",
    "NO_LABEL",
    "RAIL_CORNERS",
    "RAIL_LIMIT",
    "REVERSE",
    "RING_ROWS",
    "SHORT_RAIL",
    "SHORT_RAIL_CELLS",
    "SLOT_FILL",
    "SLOT_FRAME",
    "STEP",
    "Box",
    "Connector",
    "Density",
    "EndSpot",
    "Exit",
    "Glyphs",
    "Heading",
    "MovedArms",
    "OverflowMemory",
    "Plan",
    "Role",
    "Run",
    "Shapes",
    "TableLayout",
    "TileSpot",
    "compact_tile_text",
    "digits_for",
    "end_label_text",
    "layout_for",
    "layout_table",
    "moved_arms",
    "shaded_arm",
    "slot_text",
    "tile_text",
]


DEFAULT_BOUNDS: Final = (48, 13)
"""The board area of the game screen at 80x24, one row kept for an open-ends strip."""
FOLDED_BOUNDS: Final = (80, 14)
"""The board area of the game screen at 80x24 once its side panels have folded away (a table
too big for the full drawing beside them): the whole width, one rule under it."""
MIN_BOUNDS: Final = (24, 7)
"""Smaller bounds are raised to this: the centre and a tile each way must fit."""


Density = Literal["auto", "full", "compact"]
"""How the table is drawn: the full drawing if it fits the bounds, else the compact one
(``auto``); or always one of them."""


def layout_for(
    board: Board,
    *,
    bounds: tuple[int, int] = DEFAULT_BOUNDS,
    set_size: int | None = None,
    density: Density = "auto",
    memory: OverflowMemory | None = None,
) -> TableLayout:
    """Lay out ``board`` in the drawing ``density`` asks for: with ``auto``, the full drawing
    when it fits ``bounds`` without panning, else the compact one (which shows more).
    ``memory``: what the view remembers of the boards it laid out before (a game's next board
    is laid out faster with it; the layout is the same without it)."""
    if density == "full":
        return layout_table(board, bounds=bounds, set_size=set_size)
    if density == "auto" and _might_fit(board, bounds, set_size):
        full = layout_table(
            board, bounds=bounds, set_size=set_size, only_if_it_fits=True, memory=memory
        )
        if full is not None:
            return full
    return layout_table(board, bounds=bounds, set_size=set_size, compact=True, memory=memory)


def _might_fit(board: Board, bounds: tuple[int, int], set_size: int | None) -> bool:
    """False if the full drawing's tiles alone need more cells than ``bounds`` hold (so that a
    big table is not laid out in full only to be laid out again compact)."""
    shapes = Shapes(digits_for(set_size if set_size is not None else _largest(board)))
    smallest = min(shapes.flat_width, 2 * shapes.upright_width)
    return (len(board.played) + 1) * smallest <= bounds[0] * bounds[1]


def _largest(board: Board) -> int:
    """The largest number on ``board``."""
    return max([board.centre, *(max(placed.tile) for placed in board.played)])


@overload
def layout_table(
    board: Board,
    *,
    bounds: tuple[int, int] = ...,
    set_size: int | None = ...,
    compact: bool = ...,
    only_if_it_fits: Literal[False] = ...,
    memory: OverflowMemory | None = ...,
) -> TableLayout: ...


@overload
def layout_table(
    board: Board,
    *,
    bounds: tuple[int, int] = ...,
    set_size: int | None = ...,
    compact: bool = ...,
    only_if_it_fits: Literal[True],
    memory: OverflowMemory | None = ...,
) -> TableLayout | None: ...


def layout_table(
    board: Board,
    *,
    bounds: tuple[int, int] = DEFAULT_BOUNDS,
    set_size: int | None = None,
    compact: bool = False,
    only_if_it_fits: bool = False,
    memory: OverflowMemory | None = None,
) -> TableLayout | None:
    """Lay out ``board`` to fit ``bounds`` (columns, rows) if it can, the centre in the middle.

    ``set_size`` (the highest double of the set) fixes the width of the numbers for the whole
    game; without it, the largest number on the board decides (so a first 10 would widen
    every tile: pass it). Deterministic; see the module's notes on stability. With
    ``only_if_it_fits``, None for a table that needs panning, found out as soon as its tiles
    span more than the bounds (a big table costs only the tiles laid until then). ``memory``
    (see :class:`OverflowMemory`) only makes it faster.
    """
    if set_size is None:
        set_size = _largest(board)
    shapes = Shapes(digits_for(set_size), compact)
    bounds_box = Box(0, 0, max(bounds[0], MIN_BOUNDS[0]), max(bounds[1], MIN_BOUNDS[1]))
    if compact:
        layout = _repacked(board, shapes, bounds_box, memory)
    else:
        table = (
            _within(board, shapes, bounds_box, Plan(), memory)[0]
            if only_if_it_fits
            else _laid(board, shapes, bounds_box, Plan(), stop=False)[0]
        )
        if table is None:
            return None
        layout = _finish(table, *_open_ends(table))
    return None if only_if_it_fits and not layout.fits else layout
