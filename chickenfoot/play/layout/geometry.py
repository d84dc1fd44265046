"""Cells, boxes and headings: the grid every part of the table is laid on.

A cell is a (column, row) pair, rows growing downwards; a :class:`Box` is a rectangle of
cells; a :data:`Heading` is one of the four ways a line can go. The small helpers here
(the cells round a box, the cell past an exit, the least a view must move) are shared by the
laying, the rails, the key places and the finished layout.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import cache
from typing import Final, Literal, NamedTuple

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


class Exit(NamedTuple):
    """Where a line leaves a tile: the tile's box, the way out, and the cell where the number
    to match starts (its column and row; the number is ``digits`` cells wide)."""

    box: Box
    heading: Heading
    column: int
    row: int


_Cell = tuple[int, int]


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


def _overlap(first: Box, second: Box) -> bool:
    """True if the two boxes share a cell."""
    return (
        first.x < second.right
        and second.x < first.right
        and first.y < second.bottom
        and second.y < first.bottom
    )


def _least_shift(start: int, end: int, size: int) -> int:
    """How far (the least) a view of ``size`` cells starting at 0 must move to hold the cells
    ``start`` to ``end`` (0 when they cannot all fit in it)."""
    if end - start > size:
        return 0
    return min(max(0, end - size), start)
