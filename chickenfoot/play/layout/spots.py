"""What a layout says of each thing on the table: a tile's spot, an open end's, a rail's cell.

These are the parts of a :class:`~chickenfoot.play.layout.TableLayout` a caller reads (in
table cells until the layout is finished, then in canvas cells).
"""

from __future__ import annotations

from typing import Final, NamedTuple

from chickenfoot.play.layout.geometry import Box, Heading
from chickenfoot.rules.tiles import Tile


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


# What holds a cell of the table besides a tile (whose index in the tiles laid is 0 or more),
# and what a canvas row holds besides a tile.
_SLOT: Final = -1
"""A toe slot of the open foot (in a canvas row)."""
_CONNECTOR: Final = -2
"""A cell of a rail or a leap's dotted line."""
_LABEL: Final = -3
"""A cell of an open end's key label (or of a place kept for a toe slot)."""
_RESERVED: Final = -4
"""A cell of the place kept for the key of a line's end while the table is laid."""
