"""The board: the centre double and a tree of lines growing from it.

Every line has a stable id that is also its path from the centre: the arms are ``A``, ``B``,
``C``, ... in the order they were started; the three toes of a chicken foot on line ``B`` are
``B.1``, ``B.2``, ``B.3``; a foot on toe ``B.2`` has toes ``B.2.1`` ... A line ending in a
double is closed by it (that double is the foot); every other line has one open end, named by
the line's id. The same id names the end in actions, events and saved games.

A board is stored as the tiles played on it, in order (:class:`Placement`); the lines and
open ends are worked out from that.

**Board geometry is stated once**, in :func:`lay_tile`: where the next tile may go after a
tile is laid (the next arm while arms are missing, the next toe while a foot is open, else
every line not closed by a double). The rules core calls it for every play, on a
:data:`BoardTuple`; the :class:`Board` model folds it over its placements; the computer
players ask :meth:`Board.with_tile` what a play would leave open.
"""

from __future__ import annotations

import re
from typing import Literal, NamedTuple

from pydantic import Field

from chickenfoot.rules._frozen import FrozenModel, SharedValues, _adopt, derived
from chickenfoot.rules.tiles import Tile, TileField

ARM_LETTERS = "ABCDEFGH"
TOES_PER_FOOT = 3


def arm_id(index: int) -> str:
    """The id of the ``index``-th arm (0-based): A, B, C, ..."""
    return ARM_LETTERS[index]


def toe_id(foot_line: str, toe: int) -> str:
    """The id of toe number ``toe`` (1-3) of the foot that closes ``foot_line``."""
    return f"{foot_line}.{toe}"


END_ID = re.compile(rf"[{ARM_LETTERS}](?:\.[1-{TOES_PER_FOOT}])*")
"""What every end's id looks like: an arm's letter, then a toe's number per foot on the way."""


def is_end_id(text: str) -> bool:
    """True if ``text`` could name an end of some table (``B``, ``B.2``, ``B.2.1``...)."""
    return END_ID.fullmatch(text) is not None


def path_of(line_id: str) -> tuple[str, ...]:
    """The ids of the lines from the centre out to ``line_id``: ``B.2.1`` -> (B, B.2, B.2.1)."""
    parts = line_id.split(".")
    return tuple(".".join(parts[: i + 1]) for i in range(len(parts)))


class OpenEnd(NamedTuple):
    """A place a tile can be played: the line's id and the number the tile must carry."""

    target: str
    value: int


class Placement(NamedTuple):
    """One tile on the board: who laid it, on which line, and the number it left showing."""

    seat: int
    tile: TileField
    target: str
    end: int


# ----- board geometry: the one statement of where the next tile may go ------------------------

BoardTuple = tuple[
    int,
    int,
    tuple[Placement, ...],
    str | None,
    int,
    tuple[str, ...],
    tuple[OpenEnd, ...],
    tuple[str, ...],
    tuple[OpenEnd, ...],
]
"""A board as a plain tuple, for the rules core: (centre, arms required, tiles played, open
foot, toes on it, free end ids, free ends, open end ids, open ends). The last four follow
from the others; :func:`lay_tile` keeps them up to date."""

BoardChange = Literal["", "arm_started", "foot_opened", "foot_completed"]
"""What laying a tile did besides extending a line (see :func:`lay_tile`)."""

OPEN_END: SharedValues[tuple[str, int], OpenEnd] = SharedValues(lambda key: OpenEnd(*key))
"""Open ends by (target, value): the same end is the same object."""
TOE_ID: SharedValues[tuple[str, int], str] = SharedValues(lambda key: toe_id(*key))
"""Toe ids by (foot line, toe number)."""


def empty_board(centre: int, arms_required: int) -> BoardTuple:
    """The board of a new round: the centre double alone, waiting for its first arm."""
    first_arm = arm_id(0)
    return (
        centre,
        arms_required,
        (),
        None,
        0,
        (),
        (),
        (first_arm,),
        (OPEN_END[first_arm, centre],),
    )


def lay_tile(board: BoardTuple, placed: Placement, value: int) -> tuple[BoardTuple, BoardChange]:
    """The board once ``placed`` is laid on its target, an open end needing ``value``; and
    what that did: started an arm, opened a chicken foot, completed one, or nothing more.

    The rules of where tiles go, each in one place:

    - While the centre lacks arms, every tile starts the next arm; once the last one is
      started, every line's end is open.
    - A tile on an open foot is its next toe; the third toe completes the foot, and every
      free end (the three toes included) is open again.
    - Otherwise a tile extends its line; a double closes the line and opens a foot, whose
      first toe is then the only open end.

    The free and open ends are worked out from the old board's, so a play never rescans the
    table. The play is known to be legal (the rules core checks it first).
    """
    centre, arms_required, before, foot, toes, free_ids, free_ends, open_ids, open_ends = board
    _seat, tile, target, end = placed
    change: BoardChange = ""
    if len(before) < arms_required:  # the arms phase: this tile starts an arm
        arms = len(before) + 1
        free_ids += (target,)
        free_ends += (OPEN_END[target, end],)
        change = "arm_started"
        if arms < arms_required:
            next_arm = arm_id(arms)
            open_ids = (next_arm,)
            open_ends = (OPEN_END[next_arm, centre],)
        else:
            open_ids, open_ends = free_ids, free_ends
    elif foot is not None:  # a toe of the open foot
        toes += 1
        free_ids += (target,)
        free_ends += (OPEN_END[target, end],)
        if toes < TOES_PER_FOOT:
            next_toe = TOE_ID[foot, toes + 1]
            open_ids = (next_toe,)
            open_ends = (OPEN_END[next_toe, value],)
        else:
            change = "foot_completed"
            foot, toes = None, 0
            open_ids, open_ends = free_ids, free_ends
    else:
        index = free_ids.index(target)
        if tile[0] == tile[1]:  # a double closes its line and opens a foot
            free_ids = free_ids[:index] + free_ids[index + 1 :]
            free_ends = free_ends[:index] + free_ends[index + 1 :]
            foot = target
            first_toe = TOE_ID[target, 1]
            open_ids = (first_toe,)
            open_ends = (OPEN_END[first_toe, value],)
            change = "foot_opened"
        else:
            free_ends = free_ends[:index] + (OPEN_END[target, end],) + free_ends[index + 1 :]
            open_ids, open_ends = free_ids, free_ends
    played = before + (placed,)
    return (
        centre,
        arms_required,
        played,
        foot,
        toes,
        free_ids,
        free_ends,
        open_ids,
        open_ends,
    ), change


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
    and the number it left showing. :attr:`lines` (the tree, line by line), :attr:`open_ends`
    and the rest are worked out from it (once per board) by :func:`lay_tile`; the rules core
    hands each new board its ends already worked out, so a play never rescans the table.
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
    def _geometry(self) -> BoardTuple:
        """This board as a :data:`BoardTuple`: :func:`lay_tile` over every placement."""
        board = empty_board(self.centre, self.arms_required)
        for placed in self.played:
            board, _change = lay_tile(board, placed, placed.tile.other_end(placed.end))
        return board

    @derived
    def free_ends(self) -> tuple[OpenEnd, ...]:
        """The end of every line not closed by a double, in the order the lines were started.

        These are the open ends once the arms are down and no foot waits for toes.
        """
        return self._geometry[6]

    @derived
    def free_ids(self) -> tuple[str, ...]:
        """The ids of :attr:`free_ends`, in the same order."""
        return self._geometry[5]

    @derived
    def open_ends(self) -> tuple[OpenEnd, ...]:
        """Where the next tile may go, by the rules in force right now (see :func:`lay_tile`).

        While arms are missing: only the next arm on the centre double. While a foot is open:
        only its next toe. Otherwise: the end of every line not closed by a double.
        """
        return self._geometry[8]

    def value_at(self, target: str) -> int | None:
        """The number a tile played on ``target`` must carry, or None if it is not open now."""
        for end in self.open_ends:
            if end.target == target:
                return end.value
        return None

    def with_tile(self, seat: int, tile: Tile, target: str) -> Board:
        """This board once ``seat`` plays ``tile`` on the open end ``target``.

        Raises ``ValueError`` if ``target`` is not open now or ``tile`` does not fit it.
        """
        value = self.value_at(target)
        if value is None or not tile.carries(value):
            raise ValueError(f"{tile} cannot be played on {target} now")
        placed = Placement(seat, tile, target, tile.other_end(value))
        board, _change = lay_tile(as_tuple(self), placed, value)
        return from_tuple(board)


def as_tuple(board: Board) -> BoardTuple:
    """The :data:`BoardTuple` of a :class:`Board`."""
    return (
        board.centre,
        board.arms_required,
        board.played,
        board.foot,
        board.toes,
        board.free_ids,
        board.free_ends,
        tuple(target for target, _ in board.open_ends),
        board.open_ends,
    )


def from_tuple(board: BoardTuple) -> Board:
    """The :class:`Board` of a :data:`BoardTuple`, its worked-out ends filled in."""
    centre, arms_required, played, foot, toes, free_ids, free_ends, _open_ids, open_ends = board
    return _adopt(
        Board,
        {
            "centre": centre,
            "arms_required": arms_required,
            "played": played,
            "foot": foot,
            "toes": toes,
            "free_ids": free_ids,
            "free_ends": free_ends,
            "open_ends": open_ends,
            "_geometry": board,
        },
    )
