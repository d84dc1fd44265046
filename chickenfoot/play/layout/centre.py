"""The centre and its ports: where each arm (and each toe of a foot) may start, and its space.

The centre double lies in the middle of the bounds (or where a :class:`Plan` moves it); its
arms leave it in their directions (2 arms: right and left; 3: up, right, left; 4: up, right,
down, left; 5 to 8: two per side of a bigger, three-row centre). Each line owns a *space*, a
share of the bounds, shared out like a pinwheel so that neighbouring arms turn away from each
other. A :class:`_Port` is a way a new line can start: its exit, the ways its first tile may
take, the side it turns to at the edge of its space, and that space.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, NamedTuple

from chickenfoot.play.layout.geometry import (
    _HEADINGS,
    CLOCKWISE,
    HORIZONTAL,
    REVERSE,
    Box,
    Exit,
    Heading,
)
from chickenfoot.play.layout.shapes import Shapes


def shaded_arm(arm: int, arms: int) -> bool:
    """True for the arms whose tiles the compact drawing shades, so that arms side by side
    round the centre never share a shade: with up to four arms every other one (A, C
    unshaded; B, D shaded), with more the first four (each quadrant's arms A-D lie between
    the arms E-H of its neighbours)."""
    return arm < 4 if arms > 4 else arm % 2 == 1


class _Port(NamedTuple):
    """A way a new line can start: from the centre (an arm) or from a foot's double (a toe).

    ``ways`` are the headings its first tile may take, best first, each with the line's main
    way after it; ``advance`` is the side the line turns to at the edge of its ``space``.
    """

    exit: Exit
    ways: tuple[tuple[Heading, Heading], ...]
    advance: Heading
    space: tuple[Box, ...]


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


class Plan(NamedTuple):
    """How a table is packed: the index of the centre's port each arm leaves from, in arm
    order (A first; empty, each arm from the port of its place in that order), and how far
    the centre lies from the middle of the bounds (columns right, rows down)."""

    ports: tuple[int, ...] = ()
    across: int = 0
    down: int = 0


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
