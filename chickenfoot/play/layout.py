"""The table as players lay it: where every tile of a board sits on a grid of terminal cells.

:func:`layout_table` maps a :class:`~chickenfoot.rules.Board` to a :class:`TableLayout`: the
centre double in the middle, its arms leaving it in their directions (2 arms: right and left;
3: up, right, left; 4: up, right, down, left; 5 to 8: two per side of a bigger centre), each
line a chain of tiles, every double laid across the line it closes, and the three toes of a
chicken foot leaving that double forward and to both sides (a foot on a toe splays again).
Pure Python: no Textual, so it is tested and measured on its own.

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
that found none.

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
from the biggest one (:func:`_repacked`, :func:`_plans`). Every plan is made from the tiles
up to a fixed play, and under one plan nothing moves, so a play rearranges the table only
when the tiles under the plan before would leave the bounds (:attr:`TableLayout.plan` says
which plan lays it). Where plans overflowed on recent boards is remembered, so that the next
board of a game is not laid out again under plans known to overflow; only speed depends on it.

Speed (figures: ``python -m tests.benchmarks layout``): the taken cells are a dict from cell to
what holds it; a rail search keeps each step's link to the step before instead of copying its
rail, and skips a short rail from ends too far outside the bounds to reach them; the key
places round a tile are worked out once per tile shape. Key places (:class:`_KeyPlaces`) and
the rail and leap searches (:func:`_rail`, :func:`_leap`) live apart from the table they
serve.

Drawing: :meth:`TableLayout.row` gives the :class:`Run` s of one canvas row: their text (the
glyphs are chosen here) and their :class:`Role` (what the widget styles), given the viewer's
marks: key labels for the open ends, the legal ends of the chosen tile, the chosen end and the
tiles played since the viewer's last turn. Every mark changes the glyphs too, never only the
colour: fresh tiles have doubled or heavier frames, an open foot a heavy frame and dotted toe
slots, end labels ``‹a›``, legal ends ``▸a◂``, the chosen end ``»a«``.
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Collection, Hashable, Iterator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from typing import Final, Literal, NamedTuple, overload

from chickenfoot.play.keys import end_keys
from chickenfoot.rules.board import ARM_LETTERS, TOES_PER_FOOT, Board, Placement
from chickenfoot.rules.tiles import Tile

Heading = Literal["N", "E", "S", "W"]
"""A direction on the table: up, right, down, left (rows grow downwards)."""

STEP: Final[Mapping[Heading, tuple[int, int]]] = {
    "N": (0, -1),
    "E": (1, 0),
    "S": (0, 1),
    "W": (-1, 0),
}
REVERSE: Final[Mapping[Heading, Heading]] = {"N": "S", "E": "W", "S": "N", "W": "E"}
CLOCKWISE: Final[Mapping[Heading, Heading]] = {"N": "E", "E": "S", "S": "W", "W": "N"}
ANTICLOCKWISE: Final[Mapping[Heading, Heading]] = {"N": "W", "E": "N", "S": "E", "W": "S"}
HORIZONTAL: Final[frozenset[Heading]] = frozenset({"E", "W"})
_HEADINGS: Final[Mapping[str, Heading]] = {"N": "N", "E": "E", "S": "S", "W": "W"}

DEFAULT_BOUNDS: Final = (48, 13)
"""The board area of the game screen at 80x24, one row kept for an open-ends strip."""
FOLDED_BOUNDS: Final = (80, 14)
"""The board area of the game screen at 80x24 once its side panels have folded away (a table
too big for the full drawing beside them): the whole width, one rule under it."""
MIN_BOUNDS: Final = (24, 7)
"""Smaller bounds are raised to this: the centre and a tile each way must fit."""
RING_ROWS: Final = 4
"""Rows of each ring of cells round the bounds that a table outgrowing them fills in turn."""
SHORT_RAIL: Final = 3
"""The longest rail (cells) taken to keep a tile inside the bounds rather than outside."""
COMPACT_RAIL: Final = 8
"""The same for the compact drawing, whose tiles are two or three cells: eight dotted cells
are still a short way to follow, and they reach the free room of a crowded table."""
RAIL_LIMIT: Final = 600
"""How many free cells the search for a rail's end may visit before giving up."""
SHORT_RAIL_CELLS = 48
"""The same for a short rail (one that keeps a tile inside the bounds): a crowded table is
searched near the end only, and quickly."""
NARROW_LABEL: Final = 2
"""Cells of the label place of an end walled in on every side but for two cells beside its
tile: room for the opening mark and a one-letter key (``‹a``)."""
MAX_PLANS: Final = 24
"""How many plans (:class:`Plan`) the compact drawing tries for a table whose tiles would
leave the bounds, the usual one included."""
LEAP_LIMIT: Final = 4096
"""How far (cells) a boxed-in line may leap; far beyond any table's size."""


class Role(StrEnum):
    """What a run of cells shows; the widget styles each role (theme variables only)."""

    TILE = "tile"
    TILE_FRESH = "tile-fresh"
    DOUBLE = "double"
    DOUBLE_FRESH = "double-fresh"
    CENTRE = "centre"
    OPEN_FOOT = "open-foot"
    TOE_SLOT = "toe-slot"
    END = "end"
    END_LEGAL = "end-legal"
    END_CHOSEN = "end-chosen"
    CONNECTOR = "connector"


class Box(NamedTuple):
    """A rectangle of cells: left column, top row, width, height."""

    x: int
    y: int
    width: int
    height: int

    @property
    def right(self) -> int:
        """The first column right of the box."""
        return self.x + self.width

    @property
    def bottom(self) -> int:
        """The first row below the box."""
        return self.y + self.height

    def cells(self) -> Iterator[tuple[int, int]]:
        """Every (column, row) of the box."""
        for row in range(self.y, self.y + self.height):
            for column in range(self.x, self.x + self.width):
                yield column, row

    def contains(self, column: int, row: int) -> bool:
        """True if the cell (``column``, ``row``) is in the box."""
        return self.x <= column < self.x + self.width and self.y <= row < self.y + self.height

    def within(self, outer: Box) -> bool:
        """True if the whole box lies inside ``outer``."""
        return (
            outer.x <= self.x
            and outer.y <= self.y
            and self.x + self.width <= outer.x + outer.width
            and self.y + self.height <= outer.y + outer.height
        )

    def union(self, other: Box) -> Box:
        """The smallest box holding both boxes."""
        x, y = min(self.x, other.x), min(self.y, other.y)
        right, bottom = max(self.right, other.right), max(self.bottom, other.bottom)
        return Box(x, y, right - x, bottom - y)

    def moved(self, dx: int, dy: int) -> Box:
        """The same box ``dx`` columns right and ``dy`` rows down."""
        return Box(self.x + dx, self.y + dy, self.width, self.height)


class TileSpot(NamedTuple):
    """Where one tile lies: its box, its shape and its numbers in reading order.

    ``placement`` is its index in ``board.played`` (None for the centre double); ``line`` the
    id of its line (None for the centre); ``upright`` is True for the two-row shape;
    ``numbers`` are (left, right) of a flat tile, (top, bottom) of an upright one;
    ``leapt`` is True for a tile that could not touch the tile before it (its line was boxed
    in) and lies further on, a dotted connector over the free cells between; ``heading`` is
    the way its line went (the compact drawing puts the joint on the side it came from).
    """

    placement: int | None
    line: str | None
    tile: Tile
    box: Box
    upright: bool
    numbers: tuple[int, int]
    leapt: bool = False
    heading: Heading = "E"

    @property
    def is_centre(self) -> bool:
        """True for the round's double in the centre."""
        return self.placement is None


class EndSpot(NamedTuple):
    """An open end on the table: where its key label goes and where its next tile would lie.

    ``label`` is one row of cells next to the line's last tile (or to the centre or the foot
    for a line not started yet); ``next_tile`` the box a tile played there would take;
    ``heading`` the way that tile would go. ``walled`` is True when no label place beside
    that tile was free (every side taken): the label then sits at the nearest free place.
    """

    target: str
    value: int
    label: Box
    next_tile: Box
    heading: Heading
    walled: bool = False


class Connector(NamedTuple):
    """One dotted cell showing where a boxed-in line leapt over other tiles."""

    column: int
    row: int
    text: str


class Run(NamedTuple):
    """Cells of one row drawn alike: first column, text (one cell per character), role.

    ``target`` names the open end an end label or a line's last tile belongs to (so a click
    on it can choose that end); ``placement`` is the tile's index in ``board.played``;
    ``shaded`` marks a compact tile of a shaded line (see :attr:`TableLayout.shaded_lines`).
    """

    x: int
    text: str
    role: Role
    target: str | None = None
    placement: int | None = None
    shaded: bool = False


def shaded_arm(arm: int, arms: int) -> bool:
    """True for the arms whose tiles the compact drawing shades, so that arms side by side
    round the centre never share a shade: with up to four arms every other one (A, C
    unshaded; B, D shaded), with more the first four (each quadrant's arms A-D lie between
    the arms E-H of its neighbours)."""
    return arm < 4 if arms > 4 else arm % 2 == 1


@dataclass(frozen=True)
class Glyphs:
    """The characters a tile is framed with, for flat (one row) and upright (two rows) tiles.

    A flat tile is ``flat[0] + left + flat[1] + right + flat[2]``; an upright one is
    ``upright[0] + top + upright[1]`` over ``upright[2] + bottom + upright[3]``.
    """

    flat: tuple[str, str, str]
    upright: tuple[str, str, str, str]


GLYPHS: Final[Mapping[Role, Glyphs]] = {
    Role.TILE: Glyphs(("[", "|", "]"), ("┌", "┐", "└", "┘")),
    Role.DOUBLE: Glyphs(("[", "|", "]"), ("┌", "┐", "└", "┘")),
    Role.TILE_FRESH: Glyphs(("⟦", "|", "⟧"), ("╓", "╖", "╙", "╜")),
    Role.DOUBLE_FRESH: Glyphs(("⟦", "|", "⟧"), ("╓", "╖", "╙", "╜")),
    Role.OPEN_FOOT: Glyphs(("┣", "┃", "┫"), ("┏", "┓", "┗", "┛")),
    Role.CENTRE: Glyphs(("║", "|", "║"), ("╔", "╗", "╚", "╝")),
}
"""Frames by role: fresh tiles get doubled frames, the open foot a heavy one, so that neither
mark rests on colour alone."""

END_MARKS: Final[Mapping[Role, tuple[str, str]]] = {
    Role.END: ("‹", "›"),
    Role.END_LEGAL: ("▸", "◂"),
    Role.END_CHOSEN: ("»", "«"),
}
"""The marks around an end's key label: any open end, an end the chosen tile fits, the end
it would be played on."""
NO_LABEL: Final = "·"
"""Shown between the marks of an open end the caller gave no key label."""
SLOT_FILL: Final = "·"
"""Fills the face of a toe slot of the open foot."""
SLOT_FRAME: Final = Glyphs(("╎", " ", "╎"), ("╭", "╮", "╰", "╯"))
"""The dotted outline of a toe slot (a place a toe of the open foot will take)."""
CONNECTOR_GLYPHS: Final[Mapping[bool, str]] = {True: "┄", False: "┆"}
"""A leap's dotted line: across a row (True) or down a column (False)."""


def digits_for(set_size: int) -> int:
    """Cells per number on every tile of a double-``set_size`` set: 1 up to 9, else 2."""
    return 1 if set_size <= 9 else 2


@dataclass(frozen=True)
class Shapes:
    """Tile sizes for numbers of ``digits`` cells, in the full or the compact drawing.

    Full: flat ``[a|b]`` (one row) and upright ``┌a┐`` over ``└b┘`` (two rows). Compact: a
    tile shows only its outer number, after a joint on a run across (``·b``, or ``b·``
    leftwards) and alone on a run down or up (one row); its inner number is the one it
    touches, so a line reads as the chain of numbers it is (``9·3·5``, or ``9`` over ``3``).
    """

    digits: int
    compact: bool = False

    @property
    def flat_width(self) -> int:
        """Width of a tile on a run across: ``[a|b]``, or ``·b`` compact."""
        return self.digits + 1 if self.compact else 2 * self.digits + 3

    @property
    def upright_width(self) -> int:
        """Width of a tile on a run down or up: ``┌a┐``, or ``b`` compact."""
        return self.digits if self.compact else self.digits + 2

    @property
    def number_offset(self) -> int:
        """Where the number starts in an upright tile: after its frame, or at once compact."""
        return 0 if self.compact else 1

    @property
    def label_width(self) -> int:
        """Width of an end's label place: as wide as an upright tile (``‹a›``), or the mark
        and a key of up to two letters compact (``‹a``, ``‹zb``)."""
        return 3 if self.compact else self.digits + 2


class Exit(NamedTuple):
    """Where a line leaves a tile: the tile's box, the way out, and the cell where the number
    to match starts (its column and row; the number is ``digits`` cells wide)."""

    box: Box
    heading: Heading
    column: int
    row: int


class _Port(NamedTuple):
    """A way a new line can start: from the centre (an arm) or from a foot's double (a toe).

    ``ways`` are the headings its first tile may take, best first, each with the line's main
    way after it; ``advance`` is the side the line turns to at the edge of its ``space``.
    """

    exit: Exit
    ways: tuple[tuple[Heading, Heading], ...]
    advance: Heading
    space: tuple[Box, ...]


def _straight_port(exit: Exit, advance: Heading, space: tuple[Box, ...]) -> _Port:
    """A port whose line runs on the way it leaves: an arm, or a foot's middle toe."""
    heading = exit.heading
    return _Port(exit, _preferences(heading, heading, advance), advance, space)


def _clipped(space: tuple[Box, ...], inner: Box) -> tuple[Box, ...]:
    """The parts of ``space`` inside ``inner``."""
    parts = []
    for box in space:
        x, y = max(box.x, inner.x), max(box.y, inner.y)
        right, bottom = min(box.right, inner.right), min(box.bottom, inner.bottom)
        if right > x and bottom > y:
            parts.append(Box(x, y, right - x, bottom - y))
    return tuple(parts)


def _upright_snake(port: _Port) -> _Port:
    """A compact line leaving across (east or west): one tile out, then it snakes up and down
    columns, stepping further out at each turn. Compact tiles take one row down a column and
    a number and a joint across, so columns a cell apart hold twice the tiles of rows a row
    apart."""
    heading = port.exit.heading
    if heading not in HORIZONTAL or port.advance in HORIZONTAL:
        return port
    side = port.advance
    ways: tuple[tuple[Heading, Heading], ...] = (
        (heading, REVERSE[side]),
        (side, side),
        (REVERSE[side], REVERSE[side]),
    )
    return _Port(port.exit, ways, heading, port.space)


def _side_port(exit: Exit, forward: Heading, space: tuple[Box, ...]) -> _Port:
    """A foot's side toe: one tile sideways (``exit.heading``), then on ``forward`` beside the
    middle toe, turning away from it at the edge of its space."""
    side = exit.heading
    return _Port(exit, ((side, REVERSE[forward]), (forward, forward)), side, space)


class _Move(NamedTuple):
    """A candidate place for the next tile of a line."""

    box: Box
    heading: Heading
    main: Heading
    port: int


@dataclass
class _Growing:
    """The state of one line while the table is laid: how its next tile would go."""

    line_id: str
    space: tuple[Box, ...]
    heading: Heading
    main: Heading
    advance: Heading
    exit: Exit | None
    shaded: bool = False
    ports: list[_Port] = field(default_factory=list)
    spots: list[int] = field(default_factory=list)


class Plan(NamedTuple):
    """How a table is packed: the index of the centre's port each arm leaves from, in arm
    order (A first; empty, each arm from the port of its place in that order), and how far
    the centre lies from the middle of the bounds (columns right, rows down)."""

    ports: tuple[int, ...] = ()
    across: int = 0
    down: int = 0


@dataclass(frozen=True)
class TableLayout:
    """Where everything on one board lies, in canvas cells (0, 0 at the top left).

    ``width`` x ``height`` is the canvas: the ``bounds`` asked for, grown where lines had to
    leave them. ``origin`` is where the bounds' top left lies on the canvas (it moves when the
    canvas grows leftwards or upwards); ``view`` where a view of the bounds' size should
    start: at ``origin``, or moved the least to show a table that fits that size whole.
    ``tiles`` are the centre first, then every placement in play order; ``ends`` the open
    ends in board order; ``line_boxes`` the box round each line's tiles; ``toe_slots`` the
    places the open foot's later toes will take (and the way each would go).
    """

    width: int
    height: int
    origin: tuple[int, int]
    view: tuple[int, int]
    bounds: tuple[int, int]
    digits: int
    compact: bool
    tiles: tuple[TileSpot, ...]
    ends: Mapping[str, EndSpot]
    line_boxes: Mapping[str, Box]
    toe_slots: tuple[tuple[Box, Heading], ...]
    connectors: tuple[Connector, ...]
    open_foot: str | None
    plan: Plan
    """How the table was packed: :class:`Plan`'s default unless the compact drawing re-packed
    a table that would otherwise leave the bounds (the same plan lays the same tiles in the
    same places, so a play moves no tile unless the plan changed)."""
    last_tiles: Mapping[str, int] = field(repr=False)
    shaded_lines: frozenset[str] = field(repr=False)
    """The lines whose tiles the compact drawing shades, so that lines side by side are told
    apart at a glance (arms round the centre and a foot's toes alternate; see
    :func:`shaded_arm`). The drawing alone says which tile joins which: the shade only helps
    the eye."""
    _rows: tuple[tuple[tuple[int, int], ...], ...] = field(repr=False)
    _end_rows: Mapping[int, tuple[str, ...]] = field(repr=False)

    @property
    def fits(self) -> bool:
        """True if nothing lies outside the bounds: the table needs no panning."""
        return (self.width, self.height) == self.bounds

    @property
    def centre(self) -> TileSpot:
        """The round's double in the centre."""
        return self.tiles[0]

    def spot_of(self, placement: int) -> TileSpot:
        """The spot of ``board.played[placement]``."""
        return self.tiles[placement + 1]

    def end_box(self, target: str) -> Box:
        """The box to keep in view to follow open end ``target``: its label and the tile it
        continues; ``KeyError`` if ``target`` is not open."""
        end = self.ends[target]
        last = self.last_tiles.get(target)
        if last is None:
            return end.label.union(end.next_tile)
        return end.label.union(self.tiles[last].box)

    def end_at(self, column: int, row: int) -> str | None:
        """The open end whose label, or whose line's last tile, covers cell (``column``,
        ``row``); None if there is none."""
        for target, end in self.ends.items():
            if end.label.contains(column, row):
                return target
        for target, index in self.last_tiles.items():
            if target in self.ends and self.tiles[index].box.contains(column, row):
                return target
        return None

    def row(
        self,
        y: int,
        *,
        labels: Mapping[str, str] | None = None,
        legal: Collection[str] = (),
        chosen: str | None = None,
        fresh: Collection[int] = (),
        window: Box | None = None,
    ) -> tuple[Run, ...]:
        """The runs of canvas row ``y``, left to right, never overlapping.

        ``labels`` maps open ends to their key labels; ``legal`` are the ends the chosen tile
        fits; ``chosen`` the end it would be played on; ``fresh`` the placement indexes of the
        tiles played since the viewer's last turn. With a ``window`` (the canvas cells on
        screen), a tile, label or toe slot not wholly inside it is left out: a tile is drawn
        whole or not at all.
        """
        if not 0 <= y < self.height:
            return ()
        runs: list[Run] = []
        tiles = self.tiles
        for index, part in self._rows[y]:
            if index >= 0:
                if window is None or tiles[index].box.within(window):
                    runs.append(self._tile_run(tiles[index], y - tiles[index].box.y, fresh))
            elif index == _SLOT:
                box, heading = self.toe_slots[part]
                if window is None or box.within(window):
                    text = _slot_text(box, heading, y - box.y, self.compact)
                    runs.append(Run(box.x, text, Role.TOE_SLOT))
            else:
                connector = self.connectors[part]
                if window is None or window.contains(connector.column, y):
                    runs.append(Run(connector.column, connector.text, Role.CONNECTOR))
        keys = labels or {}
        for target in self._end_rows.get(y, ()):
            end = self.ends[target]
            if window is not None and not end.label.within(window):
                continue
            if target == chosen:
                role = Role.END_CHOSEN
            elif target in legal:
                role = Role.END_LEGAL
            else:
                role = Role.END
            text = end_label_text(keys.get(target), role, end.label.width, compact=self.compact)
            runs.append(Run(end.label.x, text, role, target=target))
        runs.sort()
        return tuple(runs)

    def _tile_run(self, spot: TileSpot, part: int, fresh: Collection[int]) -> Run:
        """The run of one row (``part`` 0 or 1) of a tile."""
        if spot.placement is None:
            role = Role.CENTRE
        elif spot.line == self.open_foot and spot.tile.is_double and self._is_last(spot):
            role = Role.OPEN_FOOT
        elif spot.tile.is_double:
            role = Role.DOUBLE_FRESH if spot.placement in fresh else Role.DOUBLE
        else:
            role = Role.TILE_FRESH if spot.placement in fresh else Role.TILE
        if spot.placement is None and spot.box.height == 3:
            text = _centre_box_text(spot, part, self.compact)
        elif self.compact:
            text = compact_tile_text(spot, self.digits, role)
        else:
            text = tile_text(spot, self.digits, GLYPHS[role], part)
        target = spot.line if spot.line in self.ends and self._is_last(spot) else None
        # The open foot keeps its own (reversed) look; a fresh tile's background wins.
        shaded = self.compact and spot.line in self.shaded_lines and role is not Role.OPEN_FOOT
        return Run(spot.box.x, text, role, target, spot.placement, shaded)

    def _is_last(self, spot: TileSpot) -> bool:
        """True if ``spot`` is the last tile of its line."""
        return spot.line is not None and self.last_tiles.get(spot.line) == (
            None if spot.placement is None else spot.placement + 1
        )


_SLOT: Final = -1
_CONNECTOR: Final = -2


def tile_text(spot: TileSpot, digits: int, glyphs: Glyphs, part: int = 0) -> str:
    """The text of row ``part`` of a tile: ``[3|5]`` flat, ``┌3┐`` / ``└5┘`` upright."""
    first, second = spot.numbers
    if spot.upright:
        left, right = glyphs.upright[2 * part], glyphs.upright[2 * part + 1]
        return f"{left}{(first, second)[part]:>{digits}}{right}"
    opening, joint, closing = glyphs.flat
    return f"{opening}{first:>{digits}}{joint}{second:<{digits}}{closing}"


COMPACT_JOINTS: Final[Mapping[Role, str]] = {
    Role.TILE: "·",
    Role.TILE_FRESH: "•",
    Role.DOUBLE: "═",
    Role.DOUBLE_FRESH: "═",
    Role.OPEN_FOOT: "━",
    Role.CENTRE: "║",
}
"""The joint a compact tile shows by role: a fresh tile's is heavier, a double's doubled, the
open foot's heavy (the widget also underlines fresh tiles: a tile down a column has no
joint)."""


def compact_tile_text(spot: TileSpot, digits: int, role: Role) -> str:
    """A compact tile's text: its outer number after its joint (``·5``, ``5·`` leftwards, ``5``
    down or up); a double across a column is ``═5═``, the centre ``║9║``."""
    joint = COMPACT_JOINTS[role]
    number = f"{spot.numbers[1] if spot.heading in ('E', 'S') else spot.numbers[0]:>{digits}}"
    if spot.placement is None or (spot.tile.is_double and spot.heading in ("N", "S")):
        return joint + number + joint
    if spot.heading == "E":
        return joint + number
    if spot.heading == "W":
        return number + joint
    return number


def _centre_box_text(spot: TileSpot, part: int, compact: bool = False) -> str:
    """Row ``part`` of the three-row centre used with more than four arms."""
    inner = spot.box.width - 2
    if part == 0:
        return "╔" + "═" * inner + "╗"
    if part == 2:
        return "╚" + "═" * inner + "╝"
    first, second = spot.numbers
    return "║" + (str(first) if compact else f"{first}|{second}").center(inner) + "║"


def _slot_text(box: Box, heading: Heading, part: int, compact: bool = False) -> str:
    """Row ``part`` of a toe slot's dotted outline (compact: a ``?`` where the toe's number
    will be, after its joint across a run)."""
    upright = heading not in HORIZONTAL
    if compact:
        number = f"{'?':>{box.width - (0 if upright else 1)}}"
        if upright:
            return number
        return SLOT_FILL + number if heading == "E" else number + SLOT_FILL
    if upright:
        left, right = SLOT_FRAME.upright[2 * part], SLOT_FRAME.upright[2 * part + 1]
        return left + SLOT_FILL * (box.width - 2) + right
    opening, _joint, closing = SLOT_FRAME.flat
    return opening + SLOT_FILL * (box.width - 2) + closing


def end_label_text(key: str | None, role: Role, width: int, *, compact: bool = False) -> str:
    """An open end's label in at most ``width`` cells: the key between the marks of ``role``
    (``‹a›``, ``▸a◂``, ``»a«``); a key too long for both marks, and every key in the compact
    drawing, keeps the first one (``‹a``)."""
    opening, closing = END_MARKS[role]
    shown = key if key else NO_LABEL
    text = f"{opening}{shown}{closing}"
    if compact or len(text) > width:
        text = f"{opening}{shown}"[:width]
    return text


# ----- geometry of the centre ------------------------------------------------------------------


def _arm_ports(
    arms: int, shapes: Shapes, bounds: Box, moved: tuple[int, int] = (0, 0)
) -> tuple[Box, tuple[_Port, ...]]:
    """The centre's box and the port of each arm, in arm order (A, B, ...), the centre
    ``moved`` (columns right, rows down) from the middle of the bounds."""
    if arms <= max(_SMALL_CENTRE_ARMS):
        return _small_centre(arms, shapes, bounds, moved)
    return _big_centre(arms, shapes, bounds, moved)


def _placed(size: int, length: int, moved: int) -> int:
    """Where a centre ``length`` cells long starts in ``size`` cells: in the middle, ``moved``
    further on, and a cell inside either edge at most."""
    return max(1, min((size - length) // 2 + moved, size - length - 1))


def _table_ports(
    arms: int, shapes: Shapes, bounds: Box, moved: tuple[int, int] = (0, 0)
) -> tuple[Box, tuple[_Port, ...]]:
    """The centre's box and the port of each arm as the table lays them, the centre
    ``moved`` (columns right, rows down) from the middle: compact lines snake up and down
    columns and turn a row short of the top and bottom edges, which keep room for the keys
    above and below their ends (and for the toes of a double laid at a turn)."""
    centre, ports = _arm_ports(arms, shapes, bounds, moved)
    if not shapes.compact:
        return centre, ports
    inner = Box(0, 1, bounds.width, bounds.height - 2)
    return centre, tuple(
        _upright_snake(port._replace(space=_clipped(port.space, inner))) for port in ports
    )


_SMALL_CENTRE_ARMS: Final[Mapping[int, tuple[Heading, ...]]] = {
    2: ("E", "W"),
    3: ("N", "E", "W"),
    4: ("N", "E", "S", "W"),
}
"""The ways the arms of a one-row centre leave it, in arm order (A, B, ...)."""


def _small_centre(
    arms: int, shapes: Shapes, bounds: Box, moved: tuple[int, int]
) -> tuple[Box, tuple[_Port, ...]]:
    """A one-row centre with up to four arms: up, right, down, left, spaces as a pinwheel."""
    width, height = bounds.width, bounds.height
    d = shapes.digits
    centre_width = d + 2 if shapes.compact else shapes.flat_width  # ║9║ or ║9|9║
    centre = Box(
        _placed(width, centre_width, moved[0]), _placed(height, 1, moved[1]), centre_width, 1
    )
    row = centre.y
    # Where an upright arm's number starts: under the joint, or under the number compact.
    column = centre.x + 1 if shapes.compact else centre.x + 2
    upright_left = column - shapes.number_offset
    upright_right = upright_left + shapes.upright_width
    below = height - row - 1
    north = (Box(upright_left, 0, width - upright_left, row),)
    east = (
        Box(centre.right, row, width - centre.right, height - row),
        Box(upright_right, row + 1, centre.right - upright_right, below),
    )
    south = (Box(0, row + 1, upright_right, below),)
    west = (Box(0, 0, centre.x, row + 1), Box(centre.x, 0, upright_left - centre.x, row))
    exits = {
        "N": Exit(centre, "N", column, row),
        "E": Exit(centre, "E", centre.x + d + 2, row),
        "S": Exit(centre, "S", column, row),
        "W": Exit(centre, "W", centre.x + 1, row),
    }
    spaces: dict[Heading, tuple[Box, ...]] = {"N": north, "E": east, "S": south, "W": west}
    order = _SMALL_CENTRE_ARMS[max(2, min(arms, 4))]
    if "S" not in order:
        spaces["E"] = spaces["E"] + south
    if "N" not in order:
        spaces["W"] = spaces["W"] + north
    ports = tuple(
        _straight_port(exits[heading], CLOCKWISE[heading], spaces[heading]) for heading in order
    )
    return centre, ports


# The eight ports of the big centre, by quadrant: (quadrant, heading, advance).
_BIG_PORTS: Final[tuple[tuple[str, Heading, Heading], ...]] = (
    ("NE", "N", "E"),
    ("SE", "E", "S"),
    ("SW", "S", "W"),
    ("NW", "W", "N"),
    ("NW", "N", "W"),
    ("NE", "E", "N"),
    ("SE", "S", "E"),
    ("SW", "W", "S"),
)
"""Arms A-D make a pinwheel (one per quadrant, each turning clockwise); E-H are the second
arm of each quadrant, turning the other way."""


def _big_centre(
    arms: int, shapes: Shapes, bounds: Box, moved: tuple[int, int]
) -> tuple[Box, tuple[_Port, ...]]:
    """A three-row centre with two ports per side, for five to eight arms.

    Each quadrant holds an upright arm (near the centre's column) and a flat one (beside the
    centre's rows, and the outer columns); a quadrant's single arm gets all of it.
    """
    width, height = bounds.width, bounds.height
    upright = shapes.upright_width
    box_width = 2 * upright + 3 if shapes.compact else 2 * upright + 1
    centre = Box(_placed(width, box_width, moved[0]), _placed(height, 3, moved[1]), box_width, 3)
    # Where the number of the right-hand upright arms starts: inside the frame's corner (full:
    # an upright tile flush with it), or one cell in (compact: not over the corner).
    right_column = centre.right - upright - 1 if shapes.compact else centre.right - upright + 1
    middle_x = centre.x + box_width // 2
    middle_y = centre.y + 1
    split_right = (centre.right + width) // 2
    split_left = centre.x // 2
    top, bottom = centre.y, centre.bottom
    exits: dict[tuple[str, Heading], Exit] = {
        ("NE", "N"): Exit(centre, "N", right_column, top),
        ("NW", "N"): Exit(centre, "N", centre.x + 1, top),
        ("SE", "S"): Exit(centre, "S", right_column, bottom - 1),
        ("SW", "S"): Exit(centre, "S", centre.x + 1, bottom - 1),
        ("NE", "E"): Exit(centre, "E", centre.right - 1, top),
        ("SE", "E"): Exit(centre, "E", centre.right - 1, bottom - 1),
        ("NW", "W"): Exit(centre, "W", centre.x, top),
        ("SW", "W"): Exit(centre, "W", centre.x, bottom - 1),
    }
    below = height - bottom
    spaces: dict[tuple[str, Heading], tuple[Box, ...]] = {
        ("NE", "N"): (Box(middle_x, 0, split_right - middle_x, top),),
        ("NE", "E"): (
            Box(centre.right, top, width - centre.right, middle_y - top + 1),
            Box(split_right, 0, width - split_right, top),
        ),
        ("SE", "S"): (Box(middle_x, bottom, split_right - middle_x, below),),
        ("SE", "E"): (
            Box(centre.right, middle_y + 1, width - centre.right, bottom - middle_y - 1),
            Box(split_right, bottom, width - split_right, below),
        ),
        ("SW", "S"): (Box(split_left, bottom, middle_x - split_left, below),),
        ("SW", "W"): (
            Box(0, middle_y + 1, centre.x, bottom - middle_y - 1),
            Box(0, bottom, split_left, below),
        ),
        ("NW", "N"): (Box(split_left, 0, middle_x - split_left, top),),
        ("NW", "W"): (
            Box(0, top, centre.x, middle_y - top + 1),
            Box(0, 0, split_left, top),
        ),
    }
    chosen = _BIG_PORTS[:arms]
    ports = []
    for quadrant, heading, advance in chosen:
        space = spaces[(quadrant, heading)]
        if not any(q == quadrant and h != heading for q, h, _a in chosen):
            partner = _HEADINGS[quadrant[0] if heading in HORIZONTAL else quadrant[1]]
            space = space + spaces[(quadrant, partner)]
        ports.append(_straight_port(exits[(quadrant, heading)], advance, space))
    return centre, tuple(ports)


# ----- laying the tiles ------------------------------------------------------------------------

_Cell = tuple[int, int]


def _preferences(
    heading: Heading, main: Heading, advance: Heading
) -> tuple[tuple[Heading, Heading], ...]:
    """The ways the next tile may go, best first, each with the line's main way after it.

    Along the main way: straight on, else turn towards ``advance``, else away from it. After
    a step sideways: back the other way (the second half of a U-turn), else on sideways, else
    the old main way.
    """
    if heading == main:
        return ((main, main), (advance, main), (REVERSE[advance], main))
    back = REVERSE[main]
    return ((back, back), (heading, main), (main, main))


class _Table:
    """Lays the tiles of one board, one at a time, in the order they were played."""

    def __init__(self, board: Board, shapes: Shapes, bounds: Box, plan: Plan) -> None:
        self.board = board
        self.shapes = shapes
        self.bounds = bounds
        self.plan = plan
        self.occupied: dict[_Cell, int] = {}
        self.spots: list[TileSpot] = []
        self.connectors: list[Connector] = []
        self.lines: dict[str, _Growing] = {}
        centre_box, self.arm_ports = _table_ports(
            board.arms_required, shapes, bounds, (self.plan.across, self.plan.down)
        )
        self._add_spot(
            TileSpot(
                None, None, Tile(board.centre, board.centre), centre_box, False, (board.centre,) * 2
            )
        )
        self.keys = _KeyPlaces(self)

    # -- cells --

    def _add_spot(self, spot: TileSpot) -> int:
        index = len(self.spots)
        self.spots.append(spot)
        occupied = self.occupied
        for cell in spot.box.cells():
            occupied[cell] = index
        return index

    def free(self, box: Box) -> bool:
        """True if no cell of ``box`` is taken."""
        occupied = self.occupied
        for row in range(box.y, box.y + box.height):
            for column in range(box.x, box.x + box.width):
                if (column, row) in occupied:
                    return False
        return True

    @staticmethod
    def in_space(box: Box, space: tuple[Box, ...]) -> bool:
        """True if every cell of ``box`` lies in one of the boxes of ``space``."""
        if any(box.within(part) for part in space):
            return True
        return all(any(part.contains(*cell) for part in space) for cell in box.cells())

    # -- candidate places --

    def boxes(self, exit: Exit, heading: Heading, double: bool) -> tuple[Box, ...]:
        """The boxes a tile may take leaving ``exit`` towards ``heading``, best first: a tile
        is upright on a vertical run, a double across its run."""
        shapes = self.shapes
        if shapes.compact:
            return (_compact_box(exit, heading, double, shapes.digits),)
        upright = (heading not in HORIZONTAL) != double
        width = shapes.upright_width if upright else shapes.flat_width
        height = 2 if upright else 1
        if heading in HORIZONTAL:
            x = exit.box.right if heading == "E" else exit.box.x - width
            rows = (exit.row, exit.row - 1) if upright else (exit.row,)
            return tuple(Box(x, y, width, height) for y in rows)
        y = exit.box.bottom if heading == "S" else exit.box.y - height
        if upright:
            return (Box(exit.column - 1, y, width, height),)
        return tuple(Box(exit.column - shift, y, width, height) for shift in (2, 3, 1))

    def choose(
        self,
        moves: list[tuple[Exit, Heading, Heading, int]],
        space: tuple[Box, ...],
        double: _Growing | None = None,
        keyed: bool = False,
    ) -> tuple[_Move, Exit, list[_Cell]]:
        """The best free place among ``moves`` (exit, heading, main way after, port): first
        inside the line's space, then inside the bounds, then the least far outside them;
        boxed in on every side, the nearest free place touching no tile straight on past the
        obstacle (a leap: the cells jumped over are returned). A place where the tile would
        touch a tile it does not join is never taken.

        For a double (``double`` is its line), a place inside the bounds leaving room for all
        three toes beats one that does not, even if it is outside the line's space. With
        ``keyed`` (a tile that will be its line's end), a place inside the bounds with no free
        place for the end's key beside it comes only after a short rail: such a tile would wall
        its own end in.
        """
        is_double = double is not None
        bounds = self.bounds
        candidates: list[tuple[_Move, Exit]] = []
        in_space: list[tuple[_Move, Exit]] = []
        inside: list[tuple[_Move, Exit]] = []
        outside: list[tuple[_Move, Exit]] = []
        cramped: list[tuple[_Move, Exit]] = []
        for exit, heading, main, port in moves:
            for box in self.boxes(exit, heading, is_double):
                move = _Move(box, heading, main, port)
                candidates.append((move, exit))
                if not self.free(box):
                    continue
                if not self.apart(box, exit):
                    continue
                if not box.within(bounds):
                    outside.append((move, exit))
                elif keyed and not self.keys.room_beside(self._exit_of(box, heading)):
                    cramped.append((move, exit))
                elif self.in_space(box, space):
                    if double is None or self.toe_room(move, double) >= TOES_PER_FOOT:
                        return move, exit, []  # the common case: decided at once
                    in_space.append((move, exit))
                else:
                    inside.append((move, exit))
        if double is not None:
            for move, exit in inside:
                if self.toe_room(move, double) >= TOES_PER_FOOT:
                    return move, exit, []
        if in_space or inside:
            move, exit = (in_space or inside)[0]
            return move, exit, []
        longest = COMPACT_RAIL if self.shapes.compact else SHORT_RAIL
        short = _rail(self, moves, is_double, longest=longest)
        if short is not None:
            return short  # a few dotted cells keep the table inside the bounds
        if cramped:
            move, exit = cramped[0]
            return move, exit, []
        if outside:
            move, exit = min(outside, key=lambda item: self.ring(item[0].box))
            return move, exit, []
        railed = _rail(self, moves, is_double)
        if railed is not None:
            return railed
        return _leap(self, candidates)

    def apart(self, box: Box, exit: Exit) -> bool:
        """True if a tile in ``box`` leaving ``exit`` would touch no tile but the one it
        follows, and that one only at the end it continues (so that which tile joins which
        is never in doubt): beside the number to match, never along the tile's other half.
        A line's first tile may touch the centre or its foot's double anywhere."""
        occupied = self.occupied
        owner = occupied.get((exit.box.x, exit.box.y))
        port = owner is None or self.spots[owner].tile.is_double or owner == 0
        previous = exit.box
        digits = self.shapes.digits
        get = occupied.get
        for cell in _rim(box):
            index = get(cell)
            if index is None or index < 0:
                continue
            if index != owner:
                return False
            if port:
                continue
            column, row = cell
            if previous.height > 1:
                if row != exit.row:
                    return False
            elif not exit.column - 1 <= column <= exit.column + digits:
                return False
        return True

    def ring(self, box: Box) -> int:
        """How far outside the bounds ``box`` lies, in rings two flat tiles wide and four rows
        high: a line that had to leave the bounds snakes in the nearest ring with room, so a
        big table grows outwards evenly instead of lines hugging the bounds and boxing each
        other in."""
        bounds = self.bounds
        across = max(bounds.x - box.x, box.right - bounds.right, 0)
        down = max(bounds.y - box.y, box.bottom - bounds.bottom, 0)
        step = 2 * self.shapes.flat_width
        return max(-(-across // step), -(-down // RING_ROWS))

    def toe_room(self, move: _Move, line: _Growing) -> int:
        """How many toes of a double laid as ``move`` could start inside the bounds now."""
        box = move.box
        taken = [box]
        room = 0
        for port in self._toe_ports(box, move.heading, move.main, line.advance, line.space):
            for heading, _main in port.ways:
                fits = [
                    place
                    for place in self.boxes(port.exit, heading, False)
                    if place.within(self.bounds)
                    and not any(_overlap(place, other) for other in taken[1:])
                    and not any(
                        other.contains(*cell) for other in taken[1:] for cell in _rim(place)
                    )
                    and not _overlap(place, box)
                    and self.free(place)
                    and self.apart(place, port.exit)
                ]
                if fits:
                    taken.append(fits[0])
                    room += 1
                    break
        return room

    def touches_a_tile(self, box: Box) -> bool:
        """True if a tile already laid shares part of a side with ``box``."""
        get = self.occupied.get
        return any(get(cell, -1) >= 0 for cell in _rim(box))

    # -- lines --

    def moves_for(self, line: _Growing) -> list[tuple[Exit, Heading, Heading, int]]:
        """The candidate moves of the next tile of an open ``line``."""
        assert line.exit is not None
        return [
            (line.exit, heading, main, 0)
            for heading, main in _preferences(line.heading, line.main, line.advance)
        ]

    @staticmethod
    def port_moves(ports: list[_Port]) -> list[tuple[Exit, Heading, Heading, int]]:
        """The candidate moves of the first tile of a line starting at one of ``ports``."""
        return [
            (port.exit, heading, main, index)
            for index, port in enumerate(ports)
            for heading, main in port.ways
        ]

    def start_line(self, target: str) -> tuple[list[_Port], tuple[Box, ...]]:
        """The ports a new line ``target`` may start from, and its space."""
        parent, _, _toe = target.rpartition(".")
        if not parent:
            port = self.arm_ports[self.port_of(target)]
            return [port], port.space
        foot = self.lines[parent]
        return foot.ports, foot.space

    def port_of(self, arm: str) -> int:
        """The index of the centre's port that ``arm`` leaves from: as the plan says, else
        the arm's place in the arm order."""
        index = ARM_LETTERS.index(arm)
        return self.plan.ports[index] if self.plan.ports else index

    def shade(self, target: str, port: _Port) -> bool:
        """Whether new line ``target``, starting at ``port``, is shaded in the compact drawing:
        an arm as :func:`shaded_arm` says; a foot's middle toe in the other shade than its
        line, its side toes (which run beside the middle one) in the same."""
        parent = target.rpartition(".")[0]
        if not parent:
            return shaded_arm(self.port_of(target), len(self.arm_ports))
        foot = self.lines[parent]
        return foot.shaded != (port.exit.heading == foot.heading)

    def lay(self, index: int, tile: Tile, target: str, end: int) -> None:
        """Lay ``board.played[index]``: ``tile`` on line ``target``, leaving ``end`` showing."""
        double = tile.is_double
        self.keys.release(target)  # its own tile may go where its key was kept
        line = self.lines.get(target)
        if line is None:
            ports, space = self.start_line(target)
            move, exit, gap = self.choose(self.port_moves(ports), space, keyed=not double)
            port = ports.pop(move.port) if "." in target else ports[move.port]
            line = self.lines[target] = _Growing(
                target, space, move.heading, move.main, port.advance, exit, self.shade(target, port)
            )
        else:
            move, exit, gap = self.choose(
                self.moves_for(line), line.space, line if double else None, keyed=not double
            )
        self._record_gap(gap, exit, move.heading)
        inner = tile.other_end(end)
        box, heading = move.box, move.heading
        upright = (heading not in HORIZONTAL) != double
        first_is_inner = heading in ("E", "S")
        numbers = (inner, end) if first_is_inner else (end, inner)
        spot_index = self._add_spot(
            TileSpot(index, target, tile, box, upright, numbers, leapt=bool(gap), heading=heading)
        )
        line.spots.append(spot_index)
        line.heading, line.main = heading, move.main
        if double:
            line.ports = self._toe_ports(box, heading, move.main, line.advance, line.space)
            line.exit = None
        else:
            line.exit = self._exit_of(box, heading)
            self.keys.reserve(target, line.exit)

    def _record_gap(self, gap: list[_Cell], exit: Exit, heading: Heading) -> None:
        """Draw a rail's (or a leap's) dotted line over the free cells it crosses, from ``exit``
        to a tile laid towards ``heading``; where it turns, a rounded corner."""
        if not gap:
            return
        ways = [next((way for way in STEP if _beyond(exit, way) == gap[0]), heading)]
        ways += [_way(gap[index], gap[index + 1]) for index in range(len(gap) - 1)]
        ways.append(heading)
        for index, (column, row) in enumerate(gap):
            if (column, row) not in self.occupied:
                self.occupied[(column, row)] = _CONNECTOR
                text = _rail_glyph(ways[index], ways[index + 1])
                self.connectors.append(Connector(column, row, text))

    def _exit_of(self, box: Box, heading: Heading) -> Exit:
        """Where a line leaves a (not double) tile laid in ``box`` towards ``heading``."""
        d = self.shapes.digits
        if self.shapes.compact:
            return Exit(box, heading, box.x + 1 if heading == "E" else box.x, box.y)
        if box.height == 1:
            return Exit(box, heading, box.x + d + 2 if heading == "E" else box.x + 1, box.y)
        return Exit(box, heading, box.x + 1, box.y + 1 if heading == "S" else box.y)

    def _toe_ports(
        self, box: Box, heading: Heading, main: Heading, advance: Heading, space: tuple[Box, ...]
    ) -> list[_Port]:
        """The places the toes of a double laid in ``box`` (towards ``heading``, on a line whose
        main way is ``main``, turning to ``advance``) may start: straight on, then both sides
        (the side the line was turning to first)."""
        d = self.shapes.digits
        straight_advance = advance if advance not in (heading, REVERSE[heading]) else REVERSE[main]
        if advance in (heading, REVERSE[heading]):
            sides: tuple[Heading, Heading] = (CLOCKWISE[heading], ANTICLOCKWISE[heading])
        else:
            sides = (advance, REVERSE[advance])
        if self.shapes.compact:
            # The double's number is where every toe starts: straight on, or to either side.
            column = box.x + 1 if heading in ("E", "S", "N") else box.x
            return [
                _straight_port(Exit(box, heading, column, box.y), straight_advance, space),
                *(_side_port(Exit(box, side, column, box.y), heading, space) for side in sides),
            ]
        if box.height == 2:  # upright, across a row
            side_exits = {
                "N": Exit(box, "N", box.x + 1, box.y),
                "S": Exit(box, "S", box.x + 1, box.y + 1),
            }
            return [
                _straight_port(Exit(box, heading, box.x + 1, box.y), straight_advance, space),
                *(_side_port(side_exits[side], heading, space) for side in sides),
                _straight_port(Exit(box, heading, box.x + 1, box.y + 1), straight_advance, space),
            ]
        side_exits = {
            "W": Exit(box, "W", box.x + 1, box.y),
            "E": Exit(box, "E", box.x + d + 2, box.y),
        }
        # Across a column the three toes splay as on a table: one straight on from the middle
        # of the double's long side, one from each of its ends.
        middle = box.x + (box.width - self.shapes.upright_width) // 2 + 1
        return [
            _straight_port(Exit(box, heading, middle, box.y), straight_advance, space),
            *(_side_port(side_exits[side], heading, space) for side in sides),
        ]

    # -- open ends --

    def end_moves(
        self, target: str
    ) -> tuple[list[tuple[Exit, Heading, Heading, int]], tuple[Box, ...], list[_Port]]:
        """The candidate moves of a tile played on open end ``target``, its space and (for a
        line not started yet) the ports it may start from."""
        line = self.lines.get(target)
        if line is not None:
            return self.moves_for(line), line.space, []
        ports, space = self.start_line(target)
        return self.port_moves(ports), space, ports


class _KeyPlaces:
    """Where the keys of a table's ends go: a place kept beside each line's last tile while the
    table is laid (so that no other line's tile walls that end in), and each open end's key
    place once it is laid."""

    def __init__(self, table: _Table) -> None:
        self.table = table
        self.occupied = table.occupied
        self.shapes = table.shapes
        self.bounds = table.bounds
        self.reserved: dict[str, Box] = {}
        """A key's place beside each line's end, kept free of other lines' tiles and rails."""

    def reserve(self, target: str, exit: Exit) -> None:
        """Keep a place for the key of line ``target``'s end beside its last tile (a free one
        of :meth:`labels_beside`, inside the bounds if it can), so that no later tile of
        another line walls that end in: its key always sits against it."""
        box, width = exit.box, self.shapes.label_width
        # Along the tile's long sides first (the places that cost nothing when the tile is as
        # wide as a key), then every place beside it, unless one along it costs so little that
        # none beside it could cost less.
        along = [
            Box(x, y, width, 1) for y in (box.y - 1, box.bottom) for x in (box.x, box.right - width)
        ]
        best = self._cheapest(along, box, None)
        if best is None or best[0] > max(0, width - box.width):
            best = self._cheapest(self.labels_beside(exit), box, best)
        if best is not None:
            place = best[1]
            self.reserved[target] = place
            for cell in place.cells():
                self.occupied[cell] = _RESERVED

    def _cheapest(
        self, places: list[Box], box: Box, best: tuple[int, Box] | None
    ) -> tuple[int, Box] | None:
        """The free place of ``places`` (or ``best``, found before) that costs the table least
        room beside the tile in ``box``, with its cost; the first of equal ones."""
        bounds = self.bounds
        for place in places:
            if not self.table.free(place):
                continue
            # Cells beside a tile (not at its number) take no other line's tile: a place made
            # of them costs the table no room. Inside the bounds first.
            cost = _cost_beside(place, box) + (0 if place.within(bounds) else 100)
            if best is None or cost < best[0]:
                best = (cost, place)
                if cost == 0:
                    break  # none costs less
        return best

    def release(self, target: str) -> None:
        """Free the place kept for the key of line ``target``'s end (if one was kept)."""
        place = self.reserved.pop(target, None)
        if place is not None:
            for cell in place.cells():
                if self.occupied.get(cell) == _RESERVED:
                    del self.occupied[cell]

    def labels_beside(self, exit: Exit) -> list[Box]:
        """Label places touching the tile at ``exit``: those touching its number first (on the
        exit's own side first), then the rest of every side, nearest the number first. This is
        where a label goes when the next tile's place lies outside the bounds."""
        width = self.shapes.label_width
        box = exit.box
        x, y = box.x, box.y
        offsets = _offsets_beside(
            box.width, box.height, exit.column - x, exit.row - y, exit.heading, width
        )
        return [Box(x + dx, y + dy, width, 1) for dx, dy in offsets]

    def room_beside(self, exit: Exit) -> bool:
        """True if a free key place touches the tile that ``exit`` leaves (a tile not laid yet:
        a place over its own cells does not count)."""
        occupied, tile, width = self.occupied, exit.box, self.shapes.label_width
        x, y = tile.x, tile.y
        offsets = _offsets_beside(
            tile.width, tile.height, exit.column - x, exit.row - y, exit.heading, width
        )
        for dx, dy in offsets:
            left, row = x + dx, y + dy
            if 0 <= dy < tile.height and left < tile.right and left + width > x:
                continue  # over the tile itself
            if all((column, row) not in occupied for column in range(left, left + width)):
                return True
        return False

    def place_label(self, exit: Exit, ahead: Box | None) -> Box:
        """Where the label of the end at ``exit`` goes: against the tile the end belongs to
        (the line's last tile, or the centre or the double a new line starts from), ``ahead``
        (where its next tile would lie) first, then round that tile nearest its number;
        inside the bounds and clear of every other tile if it can, else inside the bounds,
        else just outside them (the canvas grows)."""
        occupied = self.occupied
        owner = occupied.get((exit.box.x, exit.box.y))
        places = [ahead] if ahead is not None else []
        places += self.labels_beside(exit)
        best: list[Box | None] = [None, None, None]  # inside, clear outside, outside
        for place in places:
            if not self.table.free(place):
                continue
            clear = all(
                occupied.get(cell, -1) < 0 or occupied[cell] == owner for cell in _rim(place)
            )
            inside = place.within(self.bounds)
            if clear and inside:
                return place
            rank = 0 if inside else 1 if clear else 2
            if best[rank] is None:
                best[rank] = place
        for choice in best:
            if choice is not None:
                return choice
        return self._free_place_near(exit.box)

    def _free_place_near(self, box: Box) -> Box:
        """The free label place nearest ``box`` (for an end walled in on every side)."""
        width = self.shapes.label_width
        for distance in range(1, LEAP_LIMIT):
            for dx in range(-distance - width, box.width + distance + 1):
                for y in (box.y - distance, box.bottom + distance - 1):
                    place = Box(box.x + dx, y, width, 1)
                    if self.table.free(place):
                        return place
        raise RuntimeError("no free place for a label")  # pragma: no cover - unbounded grid

    def label_box(self, box: Box, heading: Heading) -> Box:
        """The label place of an end whose next tile would take ``box`` going ``heading``: its
        row nearest the line, at the end nearest the line."""
        width = self.shapes.label_width
        if heading == "E":
            return Box(box.x, box.y, width, 1)
        if heading == "W":
            return Box(box.right - width, box.y, width, 1)
        row = box.y if heading == "S" else box.bottom - 1
        return Box(box.x, row, width, 1)


def _rail(
    table: _Table,
    moves: list[tuple[Exit, Heading, Heading, int]],
    double: bool,
    longest: int | None = None,
) -> tuple[_Move, Exit, list[_Cell]] | None:
    """The nearest place, over free cells, where a tile boxed in at its end touches nothing:
    a dotted rail runs from the end to it (None if the end has no free cell beside it).
    With ``longest``, only a place inside the bounds at the end of a rail of at most that
    many cells will do."""
    occupied = table.occupied
    bounds = table.bounds
    # A breadth-first search over free cells; each step keeps the step it came from (its
    # rail is that chain), so no rail is copied as the search widens.
    queue: deque[tuple[_Step, Heading, Exit, Heading, int]] = deque()
    seen: set[_Cell] = set()
    for exit, heading, main, port in moves:
        start = _beyond(exit, heading)
        if start not in occupied and start not in seen:
            seen.add(start)
            queue.append(((start, None, 1), heading, exit, main, port))
    # Every tile leaving a rail's last cell holds the cell just past it: a short rail's
    # tile lies inside the bounds only if that cell does (so none can at the end of a
    # rail from ends more than ``longest`` steps outside them).
    if longest is not None and all(
        _distance_to(step[0], bounds) > longest for step, *_rest in queue
    ):
        return None
    left, top, right, bottom = bounds.x, bounds.y, bounds.right, bounds.bottom
    limit = RAIL_LIMIT if longest is None else SHORT_RAIL_CELLS
    while queue and len(seen) < limit:
        step, heading, exit, main, port = queue.popleft()
        cell, _previous, length = step
        column, row = cell
        dx, dy = STEP[heading]
        if longest is None or (left <= column + dx < right and top <= row + dy < bottom):
            end = Exit(Box(column, row, 1, 1), heading, column, row)
            for box in table.boxes(end, heading, double):
                if (
                    (longest is None or box.within(bounds))
                    and table.free(box)
                    and not _on_rail(box, step)
                    and not table.touches_a_tile(box)  # all that `apart` asks of a free end
                ):
                    return _Move(box, heading, main, port), exit, _rail_cells(step)
        if longest is not None and length >= longest:
            continue
        for way in (heading, CLOCKWISE[heading], ANTICLOCKWISE[heading]):
            dx, dy = STEP[way]
            following = (column + dx, row + dy)
            if following not in occupied and following not in seen:
                seen.add(following)
                queue.append(((following, step, length + 1), way, exit, main, port))
    return None


def _leap(table: _Table, candidates: list[tuple[_Move, Exit]]) -> tuple[_Move, Exit, list[_Cell]]:
    """The nearest free place touching no tile straight past whatever blocks each
    candidate (a tile that leapt joins none it lands beside); at the same distance, one
    whose dotted connector would show (a free cell between) comes first."""
    for distance in range(1, LEAP_LIMIT):
        found: list[tuple[_Move, Exit, list[_Cell]]] = []
        for move, exit in candidates:
            dx, dy = STEP[move.heading]
            box = move.box.moved(dx * distance, dy * distance)
            if table.free(box) and not table.touches_a_tile(box):
                found.append((move._replace(box=box), exit, _gap(exit, move.heading, box)))
        shown = [leap for leap in found if any(c not in table.occupied for c in leap[2])]
        if shown or found:
            return (shown or found)[0]
    raise RuntimeError("no free place for a tile")  # pragma: no cover - the grid is unbounded


@cache
def _offsets_beside(
    width: int, height: int, column: int, row: int, heading: Heading, label_width: int
) -> tuple[_Cell, ...]:
    """Where :meth:`_KeyPlaces.labels_beside` puts label places ``label_width`` wide round a tile
    ``width`` by ``height`` whose exit goes ``heading`` from its number at (``column``,
    ``row``), all from the tile's top left corner (the same for every tile of that shape)."""
    at_number: dict[Heading, _Cell] = {
        "E": (width, row),
        "W": (-label_width, row),
        "N": (column - 1, -1),
        "S": (column - 1, height),
    }
    places = [at_number[heading], *(place for way, place in at_number.items() if way != heading)]
    sliding = [
        *((x, y) for y in (-1, height) for x in range(1 - label_width, width)),
        *((x, y) for x in (width, -label_width) for y in range(height)),
    ]
    sliding.sort(key=lambda place: abs(place[0] - column) + abs(place[1] - row))
    return (*places, *(place for place in sliding if place not in places))


def _compact_box(exit: Exit, heading: Heading, double: bool, digits: int) -> Box:
    """The box of a compact tile leaving ``exit`` towards ``heading``: ``·b`` (``b·``) across,
    ``b`` down or up; a double across a run down or up is ``═b═``, centred on the number."""
    if heading == "E":
        return Box(exit.box.right, exit.row, digits + 1, 1)
    if heading == "W":
        return Box(exit.box.x - digits - 1, exit.row, digits + 1, 1)
    y = exit.box.bottom if heading == "S" else exit.box.y - 1
    if double:
        return Box(exit.column - 1, y, digits + 2, 1)
    return Box(exit.column, y, digits, 1)


RAIL_CORNERS: Final[Mapping[tuple[Heading, Heading], str]] = {
    ("S", "E"): "╰",
    ("W", "N"): "╰",
    ("S", "W"): "╯",
    ("E", "N"): "╯",
    ("N", "E"): "╭",
    ("W", "S"): "╭",
    ("N", "W"): "╮",
    ("E", "S"): "╮",
}
"""The corner a rail turns by, coming in one way and going out another."""


def _rail_glyph(coming: Heading, going: Heading) -> str:
    """A rail cell's glyph: dotted along its way, a rounded corner where it turns."""
    return RAIL_CORNERS.get((coming, going), CONNECTOR_GLYPHS[going in HORIZONTAL])


def _way(start: _Cell, end: _Cell) -> Heading:
    """The way from a cell to the next one beside it."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    return next(way for way, step in STEP.items() if step == (dx, dy))


def _beyond(exit: Exit, heading: Heading) -> _Cell:
    """The cell just past ``exit``'s number towards ``heading``: where a rail would start."""
    if heading == "E":
        return exit.box.right, exit.row
    if heading == "W":
        return exit.box.x - 1, exit.row
    if heading == "S":
        return exit.column, exit.box.bottom
    return exit.column, exit.box.y - 1


def _cost_beside(place: Box, box: Box) -> int:
    """How many cells of the one-row ``place`` beside ``box`` do not share a side with it
    (cells that do could hold no other line's tile anyway)."""
    if place.y in (box.y - 1, box.bottom):
        shared = min(place.right, box.right) - max(place.x, box.x)
        return place.width - max(0, shared)
    if box.y <= place.y < box.bottom and (place.x == box.right or place.right == box.x):
        return place.width - 1
    return place.width


def _distance_to(cell: _Cell, box: Box) -> int:
    """How many steps across and down ``cell`` lies from the nearest cell of ``box``."""
    column, row = cell
    across = max(box.x - column, column - (box.x + box.width - 1), 0)
    down = max(box.y - row, row - (box.y + box.height - 1), 0)
    return across + down


def _rim(box: Box) -> list[_Cell]:
    """The cells sharing a side with ``box`` (not its corners)."""
    x, y = box.x, box.y
    return [(x + dx, y + dy) for dx, dy in _rim_offsets(box.width, box.height)]


@cache
def _rim_offsets(width: int, height: int) -> tuple[_Cell, ...]:
    """The cells sharing a side with a box ``width`` by ``height``, from its top left corner
    (the same for every box of that size): above, below, left, right."""
    return (
        *((column, -1) for column in range(width)),
        *((column, height) for column in range(width)),
        *((-1, row) for row in range(height)),
        *((width, row) for row in range(height)),
    )


_Step = tuple[_Cell, "_Step | None", int]
"""A cell of a rail being searched: the cell, the step before it (None at the rail's start)
and how many cells the rail has up to it."""


def _on_rail(box: Box, step: _Step) -> bool:
    """True if a cell of the rail ending at ``step`` lies in ``box``."""
    x, y, right, bottom = box.x, box.y, box.x + box.width, box.y + box.height
    current: _Step | None = step
    while current is not None:
        (column, row), current, _length = current
        if x <= column < right and y <= row < bottom:
            return True
    return False


def _rail_cells(step: _Step) -> list[_Cell]:
    """The cells of the rail ending at ``step``, from its start."""
    cells = []
    current: _Step | None = step
    while current is not None:
        cell, current, _length = current
        cells.append(cell)
    cells.reverse()
    return cells


def _overlap(first: Box, second: Box) -> bool:
    """True if the two boxes share a cell."""
    return (
        first.x < second.right
        and second.x < first.right
        and first.y < second.bottom
        and second.y < first.bottom
    )


def _gap(exit: Exit, heading: Heading, box: Box) -> list[_Cell]:
    """The cells between ``exit`` and a tile that leapt to ``box`` going ``heading``."""
    if heading == "E":
        return [(column, exit.row) for column in range(exit.box.right, box.x)]
    if heading == "W":
        return [(column, exit.row) for column in range(box.right, exit.box.x)]
    if heading == "S":
        return [(exit.column, row) for row in range(exit.box.bottom, box.y)]
    return [(exit.column, row) for row in range(box.bottom, exit.box.y)]


Density = Literal["auto", "full", "compact"]
"""How the table is drawn: the full drawing if it fits the bounds, else the compact one
(``auto``); or always one of them."""


def layout_for(
    board: Board,
    *,
    bounds: tuple[int, int] = DEFAULT_BOUNDS,
    set_size: int | None = None,
    density: Density = "auto",
) -> TableLayout:
    """Lay out ``board`` in the drawing ``density`` asks for: with ``auto``, the full drawing
    when it fits ``bounds`` without panning, else the compact one (which shows more)."""
    if density == "full":
        return layout_table(board, bounds=bounds, set_size=set_size)
    if density == "auto" and _might_fit(board, bounds, set_size):
        full = layout_table(board, bounds=bounds, set_size=set_size, only_if_it_fits=True)
        if full is not None:
            return full
    return layout_table(board, bounds=bounds, set_size=set_size, compact=True)


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
) -> TableLayout: ...


@overload
def layout_table(
    board: Board,
    *,
    bounds: tuple[int, int] = ...,
    set_size: int | None = ...,
    compact: bool = ...,
    only_if_it_fits: Literal[True],
) -> TableLayout | None: ...


def layout_table(
    board: Board,
    *,
    bounds: tuple[int, int] = DEFAULT_BOUNDS,
    set_size: int | None = None,
    compact: bool = False,
    only_if_it_fits: bool = False,
) -> TableLayout | None:
    """Lay out ``board`` to fit ``bounds`` (columns, rows) if it can, the centre in the middle.

    ``set_size`` (the highest double of the set) fixes the width of the numbers for the whole
    game; without it, the largest number on the board decides (so a first 10 would widen
    every tile: pass it). Deterministic; see the module's notes on stability. With
    ``only_if_it_fits``, None for a table that needs panning, found out as soon as its tiles
    span more than the bounds (a big table costs only the tiles laid until then).
    """
    if set_size is None:
        set_size = _largest(board)
    shapes = Shapes(digits_for(set_size), compact)
    bounds_box = Box(0, 0, max(bounds[0], MIN_BOUNDS[0]), max(bounds[1], MIN_BOUNDS[1]))
    if compact:
        layout = _repacked(board, shapes, bounds_box)
    else:
        table = (
            _within(board, shapes, bounds_box, Plan())[0]
            if only_if_it_fits
            else _laid(board, shapes, bounds_box, Plan(), stop=False)[0]
        )
        if table is None:
            return None
        layout = _finish(table, *_open_ends(table))
    return None if only_if_it_fits and not layout.fits else layout


def _laid(
    board: Board, shapes: Shapes, bounds: Box, plan: Plan, *, stop: bool
) -> tuple[_Table, int | None]:
    """``board``'s tiles laid in play order under ``plan`` (see :class:`_Table`); with
    ``stop``, laying stops at the first tile after which the tiles span more than the bounds,
    and that tile's index in ``board.played`` comes back (None: they never did)."""
    table = _Table(board, shapes, bounds, plan)
    spanned = table.spots[0].box
    for index, (_seat, tile, target, end) in enumerate(board.played):
        table.lay(index, tile, target, end)
        if stop:
            spanned = spanned.union(table.spots[-1].box)
            if spanned.width > bounds.width or spanned.height > bounds.height:
                return table, index
    return table, None


def _within(
    board: Board, shapes: Shapes, bounds: Box, plan: Plan
) -> tuple[_Table | None, int | None]:
    """``board``'s tiles laid under ``plan`` if they stay within the bounds' size: the table
    and None; else None and the index of the play after which they do not (remembered, so
    that the same game's next board is not laid out again under this plan)."""
    key = (board.centre, board.arms_required, shapes, bounds, plan)
    overflow = _OVERFLOWS.find(key, board.played)
    if overflow is not None:
        return None, overflow
    table, overflow = _laid(board, shapes, bounds, plan, stop=True)
    if overflow is None:
        return table, None
    _OVERFLOWS.add(key, board.played, overflow)
    return None, overflow


def _repacked(board: Board, shapes: Shapes, bounds: Box) -> TableLayout:
    """``board`` laid out in the compact drawing, re-packed if it would leave the bounds.

    Laid as usual first (each arm from its own port). If its tiles come to span more than the
    bounds, plans are made at each play from the one whose tile overflowed on
    (:func:`_plans`: the arms with the most tiles up to that play leave from the roomiest
    ports, with the centre in the middle or moved away from the biggest), and the table is
    laid out under the first plan, in that order, that keeps its tiles within the bounds; if
    none does (of :data:`MAX_PLANS` plans), under the one whose tiles went furthest. Every
    plan is made from the tiles up to a fixed play, and under one plan a play moves no tile,
    so a later board meets the same plans in the same order: a play rearranges the table only
    when the tiles under the plan before would leave the bounds.
    """
    ports = _table_ports(board.arms_required, shapes, bounds)[1]
    overflows: dict[Plan, int] = {}

    def attempt(plan: Plan) -> TableLayout | None:
        """The layout under ``plan`` if its tiles stay within the bounds, else None (and where
        they overflow is kept in ``overflows``)."""
        table, overflow = _within(board, shapes, bounds, plan)
        if table is not None:
            return _finish(table, *_open_ends(table))
        assert overflow is not None
        overflows[plan] = overflow
        return None

    layout = attempt(Plan())
    if layout is not None:
        return layout
    play = overflows[Plan()]
    tiles = Counter(placed.target.partition(".")[0] for placed in board.played[:play])
    for placed in board.played[play:]:
        tiles[placed.target.partition(".")[0]] += 1
        for plan in _plans(tiles, ports, bounds):
            if plan not in overflows and len(overflows) < MAX_PLANS:
                layout = attempt(plan)
                if layout is not None:
                    return layout
        if len(overflows) == MAX_PLANS:
            break
    furthest = max(overflows, key=overflows.__getitem__)
    table, _overflow = _laid(board, shapes, bounds, furthest, stop=False)
    return _finish(table, *_open_ends(table))


class _Overflows:
    """Where plans made the tiles of recent boards overflow, so that a board need not be laid
    out again under a plan known to overflow: a game's next board begins with the same plays,
    and a plan that overflowed at a play overflows there on every board sharing the plays up
    to it (tiles never move under one plan). Only speed depends on it, never a result."""

    def __init__(self, size: int) -> None:
        self._known: deque[tuple[Hashable, tuple[Placement, ...], int]] = deque(maxlen=size)

    def find(self, key: Hashable, played: tuple[Placement, ...]) -> int | None:
        """The play at which the plan of ``key`` overflows on a board of ``played``, if known."""
        for known, prefix, overflow in self._known:
            if known == key and len(prefix) <= len(played) and played[: len(prefix)] == prefix:
                return overflow
        return None

    def forget(self) -> None:
        """Forget every board."""
        self._known.clear()

    def add(self, key: Hashable, played: tuple[Placement, ...], overflow: int) -> None:
        """Remember that the plan of ``key`` overflows at play ``overflow`` of ``played``."""
        self._known.append((key, played[: overflow + 1], overflow))


_OVERFLOWS: Final = _Overflows(64)


def forget_overflows() -> None:
    """Forget where re-packing plans overflowed on recent boards, so that the next layout
    is timed as a first sight of its table (results never depend on it)."""
    _OVERFLOWS.forget()


def _plans(tiles: Counter[str], ports: tuple[_Port, ...], bounds: Box) -> list[Plan]:
    """The plans a re-packing makes from how many ``tiles`` each arm has (its feet's
    included), best first: the arms with the most tiles leave from the roomiest ports,
    roomiest as :func:`_roomiest` says (ties in arm order); each such plan with the centre in
    the middle, then moved away from where the arm with the most tiles leaves it, across and
    up or down (:data:`CENTRE_MOVE`), so that its side of the table has more room."""
    arms = sorted(range(len(ports)), key=lambda arm: -tiles[ARM_LETTERS[arm]])
    middle = sum(port.exit.row for port in ports) / len(ports)
    across, down = bounds.width // CENTRE_MOVE[0], bounds.height // CENTRE_MOVE[1]
    plans = []
    for order in _roomiest(ports):
        taken = [0] * len(ports)
        for arm, port in zip(arms, order, strict=True):
            taken[arm] = port
        roomiest = ports[order[0]].exit
        away = {"W": across, "E": -across}.get(roomiest.heading, 0)
        plans.append(Plan(tuple(taken)))
        plans.append(Plan(tuple(taken), away, down if roomiest.row < middle else -down))
    return plans


CENTRE_MOVE: Final = (5, 5)
"""How far a re-packing moves the centre from the middle of the bounds, away from the side
the arm with the most tiles leaves it: a fifth of the width across and a fifth of the height
up or down (measured on the benchmark's 8-seat double-18 rounds at 80x24: a quarter of the
height or a tenth of the width keep fewer tables whole)."""


BIG_CENTRE_ROOM: Final = (3, 5, 1, 7, 0, 2, 4, 6)
"""The big centre's ports (see :data:`_BIG_PORTS`), roomiest first for a re-packed table:
the ports across (east and west, those beside the centre's top row first), then those up and
down. Measured: over the benchmark's 8-seat double-18 rounds at 80x24 this order keeps more
tables whole than the order of the spaces' sizes, and trying both more than either."""


def _roomiest(ports: tuple[_Port, ...]) -> list[tuple[int, ...]]:
    """The orders of ``ports`` a re-packing tries, roomiest first: the largest space first (a
    big centre's measured order, :data:`BIG_CENTRE_ROOM`, before it)."""
    by_area = tuple(sorted(range(len(ports)), key=lambda index: -_area(ports[index].space)))
    if len(ports) <= max(_SMALL_CENTRE_ARMS):
        return [by_area]
    measured = tuple(port for port in BIG_CENTRE_ROOM if port < len(ports))
    return [measured] if measured == by_area else [measured, by_area]


def _area(space: tuple[Box, ...]) -> int:
    """How many cells the boxes of ``space`` cover (they do not overlap)."""
    return sum(box.width * box.height for box in space)


def _open_ends(table: _Table) -> tuple[dict[str, EndSpot], list[tuple[Box, Heading]]]:
    """Every open end's label place and next tile, and the open foot's later toe slots.

    Ends are placed in board order, each avoiding the labels placed before it, so no two
    labels share a cell.
    """
    board = table.board
    ends: dict[str, EndSpot] = {}
    exits: dict[str, Exit] = {}
    slots: list[tuple[Box, Heading]] = []
    table.keys.bounds = _tiles_view(table)
    open_targets = {target for target, _value in board.open_ends}
    for target in [line for line in table.keys.reserved if line not in open_targets]:
        table.keys.release(target)  # a line with no open end now (an open foot) shows no key
    for target, value in board.open_ends:
        table.keys.release(target)  # the place kept for this key is free for it (and for no other)
        moves, space, ports = table.end_moves(target)
        move, exit, gap = table.choose(moves, space)
        label = table.keys.place_label(
            exit, None if gap else table.keys.label_box(move.box, move.heading)
        )
        ends[target] = EndSpot(target, value, label, move.box, move.heading, _walled(label, exit))
        exits[target] = exit
        for cell in label.cells():
            table.occupied[cell] = _LABEL
        if board.foot is not None and "." in target:
            slots = _toe_slots(table, ports, move, space)
    for target in list(table.keys.reserved):
        table.keys.release(target)
    for target, end in ends.items():
        if end.walled:
            _make_room(table, ends, exits, target)
    walled = [target for target, end in ends.items() if end.walled]
    if walled:
        keys = end_keys(board)
        for target in walled:
            if len(keys.get(target, "")) == 1:
                _narrow_label(table, ends, target, exits[target])
    return ends, slots


def _tiles_view(table: _Table) -> Box:
    """Where a view of the bounds' size shows every tile and rail of ``table`` (moved the
    least from the bounds), or the bounds if they do not all fit in one: the keys are placed
    inside it if they can."""
    bounds = table.bounds
    content = table.spots[0].box
    for spot in table.spots[1:]:
        content = content.union(spot.box)
    for connector in table.connectors:
        content = content.union(Box(connector.column, connector.row, 1, 1))
    return Box(
        _least_shift(content.x, content.right, bounds.width),
        _least_shift(content.y, content.bottom, bounds.height),
        bounds.width,
        bounds.height,
    )


def _walled(label: Box, exit: Exit) -> bool:
    """True if ``label`` does not touch the tile of ``exit`` (the end it names)."""
    return not any(exit.box.contains(*cell) for cell in _rim(label))


def _make_room(
    table: _Table, ends: dict[str, EndSpot], exits: Mapping[str, Exit], target: str
) -> None:
    """Give the walled-in end ``target`` a label place beside its tile that another end's
    label took, if that label can move to another place beside its own tile (``ends`` is
    updated; nothing changes if no such swap exists)."""
    exit = exits[target]
    for place in table.keys.labels_beside(exit):
        taken = [
            other
            for other, end in ends.items()
            if other != target and not end.walled and _overlap(end.label, place)
        ]
        if len(taken) != 1:
            continue
        other = ends[taken[0]]
        _release(table, other.label)
        if table.free(place):
            _claim(table, place)
            moved = table.keys.place_label(exits[other.target], None)
            if not _walled(moved, exits[other.target]):
                _release(table, ends[target].label)
                _claim(table, moved)
                ends[other.target] = other._replace(label=moved)
                ends[target] = ends[target]._replace(label=place, walled=False)
                return
            _release(table, place)
        _claim(table, other.label)


def _narrow_label(table: _Table, ends: dict[str, EndSpot], target: str, exit: Exit) -> None:
    """Give the walled-in end ``target``, whose key is one letter, a label place of
    :data:`NARROW_LABEL` cells beside its tile (its key after the opening mark, ``‹a``) if one
    is free (``ends`` is updated; nothing changes if none is)."""
    box = exit.box
    offsets = _offsets_beside(
        box.width, box.height, exit.column - box.x, exit.row - box.y, exit.heading, NARROW_LABEL
    )
    for dx, dy in offsets:
        place = Box(box.x + dx, box.y + dy, NARROW_LABEL, 1)
        if table.free(place):
            _release(table, ends[target].label)
            _claim(table, place)
            ends[target] = ends[target]._replace(label=place, walled=False)
            return


def _claim(table: _Table, box: Box) -> None:
    """Mark the cells of label place ``box`` taken."""
    for cell in box.cells():
        table.occupied[cell] = _LABEL


def _release(table: _Table, box: Box) -> None:
    """Free the cells of label place ``box``."""
    for cell in box.cells():
        del table.occupied[cell]


def _toe_slots(
    table: _Table, ports: list[_Port], first: _Move, space: tuple[Box, ...]
) -> list[tuple[Box, Heading]]:
    """The places the open foot's toes after the next one would take, as (box, upright); a
    place outside the bounds is left out, so that a hint never makes the table pan."""
    board = table.board
    remaining = [port for index, port in enumerate(ports) if index != first.port]
    taken = first.box
    for cell in taken.cells():
        table.occupied.setdefault(cell, _LABEL)
    slots: list[tuple[Box, Heading]] = []
    for _toe in range(TOES_PER_FOOT - board.toes - 1):
        if not remaining:
            break
        move, _exit, _gap_cells = table.choose(table.port_moves(remaining), space)
        remaining.pop(move.port)
        if move.box.within(table.bounds):  # a slot is a hint: none is drawn off the bounds
            for cell in move.box.cells():
                table.occupied[cell] = _LABEL
            slots.append((move.box, move.heading))
    return slots


_LABEL: Final = -3
_RESERVED: Final = -4


def _least_shift(start: int, end: int, size: int) -> int:
    """How far (the least) a view of ``size`` cells starting at 0 must move to hold the cells
    ``start`` to ``end`` (0 when they cannot all fit in it)."""
    if end - start > size:
        return 0
    return min(max(0, end - size), start)


def _finish(
    table: _Table, ends: dict[str, EndSpot], slots: list[tuple[Box, Heading]]
) -> TableLayout:
    """Move everything onto a canvas holding the bounds and every box, and index its rows."""
    bounds = table.bounds
    boxes = [spot.box for spot in table.spots]
    boxes += [end.label for end in ends.values()]
    boxes += [box for box, _heading in slots]
    boxes += [Box(c.column, c.row, 1, 1) for c in table.connectors]
    content = boxes[0]
    for box in boxes[1:]:
        content = content.union(box)
    # A table that fits the bounds' size, though not where the bounds lie, is shown whole by a
    # view of the bounds moved the least to hold it.
    window = Box(
        _least_shift(content.x, content.right, bounds.width),
        _least_shift(content.y, content.bottom, bounds.height),
        bounds.width,
        bounds.height,
    )
    left, top = min(window.x, content.x), min(window.y, content.y)
    right, bottom = max(window.right, content.right), max(window.bottom, content.bottom)
    dx, dy = -left, -top
    spots = tuple(spot._replace(box=spot.box.moved(dx, dy)) for spot in table.spots)
    moved_ends = {
        target: end._replace(label=end.label.moved(dx, dy), next_tile=end.next_tile.moved(dx, dy))
        for target, end in ends.items()
    }
    moved_slots = tuple((box.moved(dx, dy), heading) for box, heading in slots)
    connectors = tuple(c._replace(column=c.column + dx, row=c.row + dy) for c in table.connectors)
    height = bottom - top
    rows: list[list[tuple[int, int]]] = [[] for _ in range(height)]
    for index, spot in enumerate(spots):
        for part in range(spot.box.height):
            rows[spot.box.y + part].append((index, part))
    for index, (box, _heading) in enumerate(moved_slots):
        for part in range(box.height):
            rows[box.y + part].append((_SLOT, index))
    for index, connector in enumerate(connectors):
        rows[connector.row].append((_CONNECTOR, index))
    end_rows: dict[int, tuple[str, ...]] = {}
    for target, end in moved_ends.items():
        end_rows[end.label.y] = (*end_rows.get(end.label.y, ()), target)
    line_boxes: dict[str, Box] = {}
    last_tiles: dict[str, int] = {}
    for line_id, line in table.lines.items():
        box = spots[line.spots[0]].box
        for index in line.spots[1:]:
            box = box.union(spots[index].box)
        line_boxes[line_id] = box
        last_tiles[line_id] = line.spots[-1]
    return TableLayout(
        width=right - left,
        height=height,
        origin=(dx, dy),
        view=(window.x + dx, window.y + dy),
        bounds=(bounds.width, bounds.height),
        digits=table.shapes.digits,
        compact=table.shapes.compact,
        tiles=spots,
        ends=moved_ends,
        line_boxes=line_boxes,
        toe_slots=moved_slots,
        connectors=connectors,
        open_foot=table.board.foot,
        plan=table.plan,
        last_tiles=last_tiles,
        shaded_lines=frozenset(line_id for line_id, line in table.lines.items() if line.shaded),
        _rows=tuple(tuple(row) for row in rows),
        _end_rows=end_rows,
    )
