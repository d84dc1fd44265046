"""The board: the centre double and a tree of lines growing from it.

Every line has a stable id that is also its path from the centre: the arms are ``A``, ``B``,
``C``, ... in the order they were started; the three toes of a chicken foot on line ``B`` are
``B.1``, ``B.2``, ``B.3``; a foot on toe ``B.2`` has toes ``B.2.1`` ... A line ending in a
double is closed by it (that double is the foot); every other line has one open end, named by
the line's id. The same id names the end in actions, events and saved games.

A board is stored as the tiles played on it, in order (:class:`Placement`); the lines and
open ends are worked out from that.
"""

from __future__ import annotations

from typing import NamedTuple

from pydantic import Field

from chickenfoot.rules._frozen import FrozenModel, derived
from chickenfoot.rules.tiles import Tile, TileField

ARM_LETTERS = "ABCDEFGH"
TOES_PER_FOOT = 3


def arm_id(index: int) -> str:
    """The id of the ``index``-th arm (0-based): A, B, C, ..."""
    return ARM_LETTERS[index]


def toe_id(foot_line: str, toe: int) -> str:
    """The id of toe number ``toe`` (1-3) of the foot that closes ``foot_line``."""
    return f"{foot_line}.{toe}"


def path_of(line_id: str) -> tuple[str, ...]:
    """The ids of the lines from the centre out to ``line_id``: ``B.2.1`` -> (B, B.2, B.2.1)."""
    parts = line_id.split(".")
    return tuple(".".join(parts[: i + 1]) for i in range(len(parts)))


class OpenEnd(NamedTuple):
    """A place a tile can be played: the line's id and the number the tile must carry."""

    target: str
    value: int


def group_by_value(open_ends: tuple[OpenEnd, ...]) -> dict[int, tuple[str, ...]]:
    """The targets of ``open_ends`` grouped by the number a tile must carry, in board order."""
    grouped: dict[int, tuple[str, ...]] = {}
    for target, value in open_ends:
        if value in grouped:
            grouped[value] += (target,)
        else:
            grouped[value] = (target,)
    return grouped


class Placement(NamedTuple):
    """One tile on the board: who laid it, on which line, and the number it left showing."""

    seat: int
    tile: TileField
    target: str
    end: int


class Line(NamedTuple):
    """One line of tiles: an arm of the centre double or a toe of a chicken foot.

    ``id`` is stable and is also the path from the centre (e.g. ``B.2``); ``attach`` is the
    number the first tile was matched against; ``tiles`` run from the inside out; ``end`` is
    the number showing at the open end. (A named tuple rather than a model: one is built for
    every tile played, on the engine's hot path.)
    """

    id: str
    attach: int
    tiles: tuple[TileField, ...]
    end: int

    @property
    def parent(self) -> str | None:
        """The id of the line whose foot this line is a toe of; None for an arm."""
        head, _, _ = self.id.rpartition(".")
        return head or None

    @property
    def path(self) -> tuple[str, ...]:
        """Line ids from the centre out to this line."""
        return path_of(self.id)

    @property
    def closed(self) -> bool:
        """True if the line ends in a double (a chicken foot), so its own end takes no tile."""
        return self.tiles[-1].is_double

    def oriented(self) -> tuple[tuple[int, int], ...]:
        """Each tile as (inner, outer) numbers, in order, the way it lies on the table."""
        placed = []
        value = self.attach
        for tile in self.tiles:
            outer = tile.other_end(value)
            placed.append((value, outer))
            value = outer
        return tuple(placed)


class Board(FrozenModel):
    """The table of one round: the centre double and every tile played on it, in order.

    ``played`` is the whole board: each :class:`Placement` names the line its tile went on
    and the number it left showing. :attr:`lines` (the tree, line by line), :attr:`open_ends` and the
    rest are worked out from it (once per board). The engine hands each new board its open
    ends worked out from the previous board's, so a play never rescans the table.
    """

    centre: int = Field(description="The value of the round's double in the centre.")
    arms_required: int = Field(description="Arms the centre needs before anything else.")
    played: tuple[Placement, ...] = Field(
        (), description="Every tile played on the board this round, in order."
    )
    foot: str | None = Field(
        None, description="Id of the line closed by a double still waiting for toes."
    )
    toes: int = Field(0, description="Toes already played on the open foot.")

    @property
    def arms_started(self) -> int:
        """How many arms the centre double has."""
        # Until every arm is started each tile starts one, and afterwards no arm is added.
        return min(len(self.played), self.arms_required)

    @property
    def arms_phase(self) -> bool:
        """True while the centre still needs arms: every play must start one."""
        return len(self.played) < self.arms_required

    @property
    def foot_value(self) -> int | None:
        """The number of the open foot's double, or None when no foot is open."""
        if self.foot is None:
            return None
        return self.line(self.foot).end

    @property
    def tile_count(self) -> int:
        """Tiles on the table, the centre double included."""
        return 1 + len(self.played)

    def line(self, line_id: str) -> Line:
        """The line with id ``line_id``; ``KeyError`` if there is none."""
        return self.lines_by_id[line_id]

    @derived
    def lines(self) -> tuple[Line, ...]:
        """Every line, in the order started, its tiles from the inside out."""
        tiles: dict[str, list[Tile]] = {}
        attach: dict[str, int] = {}
        ends: dict[str, int] = {}
        for _seat, tile, target, end in self.played:
            if target not in tiles:
                tiles[target] = []
                attach[target] = tile.other_end(end)
            tiles[target].append(tile)
            ends[target] = end
        return tuple(
            Line(line_id, attach[line_id], tuple(line_tiles), ends[line_id])
            for line_id, line_tiles in tiles.items()
        )

    @derived
    def lines_by_id(self) -> dict[str, Line]:
        """Lines by id (computed once per board)."""
        return {line.id: line for line in self.lines}

    @derived
    def free_ends(self) -> tuple[OpenEnd, ...]:
        """The end of every line not closed by a double, in the order the lines were started.

        These are the open ends once the arms are down and no foot waits for toes.
        """
        return tuple(OpenEnd(line.id, line.end) for line in self.lines if not line.closed)

    @derived
    def free_ids(self) -> tuple[str, ...]:
        """The ids of :attr:`free_ends`, in the same order."""
        return tuple(target for target, _ in self.free_ends)

    @derived
    def open_ends(self) -> tuple[OpenEnd, ...]:
        """Where the next tile may go, by the rules in force right now.

        While arms are missing: only the next arm on the centre double. While a foot is open:
        only its next toe. Otherwise: the end of every line not closed by a double.
        """
        if len(self.played) < self.arms_required:
            return (OpenEnd(arm_id(len(self.played)), self.centre),)
        if self.foot is not None:
            return (OpenEnd(toe_id(self.foot, self.toes + 1), self.line(self.foot).end),)
        return self.free_ends

    @derived
    def ends_by_value(self) -> dict[int, tuple[str, ...]]:
        """The ids of :attr:`open_ends`, grouped by the number a tile must carry."""
        return group_by_value(self.open_ends)

    def targets_for(self, tile: Tile) -> tuple[str, ...]:
        """The ids of the open ends ``tile`` can be played on right now."""
        by_value = self.ends_by_value
        if tile.low == tile.high:
            return by_value.get(tile.low, ())
        return by_value.get(tile.low, ()) + by_value.get(tile.high, ())

    def value_at(self, target: str) -> int | None:
        """The number a tile played on ``target`` must carry, or None if it is not open now."""
        for end in self.open_ends:
            if end.target == target:
                return end.value
        return None
