"""Rails and leaps: where a tile goes when no place beside the tile it follows is free.

A line boxed in at its end goes on at the nearest free place that touches no other tile, a
dotted rail over free cells leading to it (:func:`_rail`: a breadth-first search in which
each step keeps its link to the step before, so no rail is copied as the search widens); a
line with no free cell beside its end at all leaps straight on over the obstacle
(:func:`_leap`). They live apart from the table they serve, which they reach through
:class:`_Ground`.
"""

from __future__ import annotations

from collections import deque
from typing import Final, Protocol

from chickenfoot.play.layout.centre import _Move
from chickenfoot.play.layout.geometry import (
    ANTICLOCKWISE,
    CLOCKWISE,
    STEP,
    Box,
    Exit,
    Heading,
    _beyond,
    _Cell,
    _distance_to,
)
from chickenfoot.play.layout.shapes import Shapes

RAIL_LIMIT: Final = 600
"""How many free cells the search for a rail's end may visit before giving up."""
SHORT_RAIL_CELLS = 48
"""The same for a short rail (one that keeps a tile inside the bounds): a crowded table is
searched near the end only, and quickly."""


LEAP_LIMIT: Final = 4096
"""How far (cells) a boxed-in line may leap; far beyond any table's size."""


class _Ground(Protocol):
    """What the rail and leap searches (and the key places) ask of the table being laid: the
    cells taken, the bounds, the tile shapes, and where a tile may lie."""

    occupied: dict[_Cell, int]
    bounds: Box
    shapes: Shapes

    def boxes(self, exit: Exit, heading: Heading, double: bool) -> tuple[Box, ...]:
        """The boxes a tile may take leaving ``exit`` towards ``heading``, best first."""
        ...

    def free(self, box: Box) -> bool:
        """True if no cell of ``box`` is taken."""
        ...

    def touches_a_tile(self, box: Box) -> bool:
        """True if a tile already laid shares part of a side with ``box``."""
        ...


def _rail(
    table: _Ground,
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


def _leap(table: _Ground, candidates: list[tuple[_Move, Exit]]) -> tuple[_Move, Exit, list[_Cell]]:
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


def _gap(exit: Exit, heading: Heading, box: Box) -> list[_Cell]:
    """The cells between ``exit`` and a tile that leapt to ``box`` going ``heading``."""
    if heading == "E":
        return [(column, exit.row) for column in range(exit.box.right, box.x)]
    if heading == "W":
        return [(column, exit.row) for column in range(box.right, exit.box.x)]
    if heading == "S":
        return [(exit.column, row) for row in range(exit.box.bottom, box.y)]
    return [(exit.column, row) for row in range(box.bottom, exit.box.y)]
