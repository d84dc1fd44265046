"""Laying the tiles: each line grows tile by tile, in the order the tiles were played.

A tile goes straight on while it fits; at the edge of its line's space, or at another tile,
the line turns (one tile sideways, then back the other way), so it snakes through its space
in rows two cells apart (compact: up and down columns). When its space is full it may use
any free cell of the bounds, then a place inside them at the end of a short dotted rail
(:data:`SHORT_RAIL` cells, :data:`COMPACT_RAIL` compact), then the rings round the bounds,
nearest first (the table grows and the view pans), then a place at the end of a longer
rail; with no free cell beside its end at all, it leaps over the obstacle to a place
touching no tile (:mod:`~chickenfoot.play.layout.rails`). A double goes where its three toes
will have room if it can (a foot at the edge of the table is a dead end).

:class:`_Table` holds the cells taken (a dict from cell to what holds it), the tiles laid
and the state of every line (:class:`_Growing`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from chickenfoot.play.layout.centre import (
    Plan,
    _Move,
    _Port,
    _preferences,
    _side_port,
    _straight_port,
    _table_ports,
    shaded_arm,
)
from chickenfoot.play.layout.geometry import (
    ANTICLOCKWISE,
    CLOCKWISE,
    HORIZONTAL,
    REVERSE,
    STEP,
    Box,
    Exit,
    Heading,
    _beyond,
    _Cell,
    _overlap,
    _rim,
    _way,
)
from chickenfoot.play.layout.key_places import _KeyPlaces
from chickenfoot.play.layout.rails import _leap, _rail
from chickenfoot.play.layout.shapes import Shapes, _compact_box, _rail_glyph
from chickenfoot.play.layout.spots import _CONNECTOR, Connector, TileSpot
from chickenfoot.rules.board import ARM_LETTERS, TOES_PER_FOOT, Board
from chickenfoot.rules.tiles import Tile

RING_ROWS: Final = 4
"""Rows of each ring of cells round the bounds that a table outgrowing them fills in turn."""
SHORT_RAIL: Final = 3
"""The longest rail (cells) taken to keep a tile inside the bounds rather than outside."""
COMPACT_RAIL: Final = 8
"""The same for the compact drawing, whose tiles are two or three cells: eight dotted cells
are still a short way to follow, and they reach the free room of a crowded table."""


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
