"""The lean position: a game at one moment as a plain tuple, and what can be read from it.

A :data:`Position` holds the same facts as a :class:`~chickenfoot.rules.GameState`: the
round's :class:`RoundTable` (what every position of the round shares: the game so far and
the rules read per move), the hands, the boneyard, the board as a
:data:`~chickenfoot.rules.board.BoardTuple`, the seat on turn, the drawn tile, the hands as
bit sets (:class:`SetBits`) and the round's moves. :func:`to_state` and :func:`from_state`
turn one into the other, sharing every value; the functions here read a position without
building a model.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Final, NamedTuple

from chickenfoot.rules._frozen import SharedValues, _adopt
from chickenfoot.rules.board import Board, BoardTuple, OpenEnd, as_tuple, from_tuple
from chickenfoot.rules.history import MoveLog, RoundHistory
from chickenfoot.rules.ruleset import RuleSet
from chickenfoot.rules.state import GameState, SeatView
from chickenfoot.rules.tiles import Tile, full_set

Deck = tuple[Tile, ...]
Hands = tuple[Deck, ...]


class SetBits(NamedTuple):
    """A set's tiles as bits, so that "which tiles fit this end" is one AND.

    Tile ``i`` of :func:`~chickenfoot.rules.full_set` is the bit ``1 << i``; a hand is the OR
    of its tiles' bits.
    """

    bit: dict[Tile, int]
    carrying: tuple[int, ...]
    """``carrying[v]``: the bits of every tile that carries the number ``v``."""
    tiles_in: SharedValues[int, Deck]
    """``tiles_in[bits]``: the tiles whose bits are set in ``bits``, in set order."""


@cache
def set_bits(set_size: int) -> SetBits:
    """The :class:`SetBits` of a double-``set_size`` set."""
    tiles = full_set(set_size)
    bit = {tile: 1 << index for index, tile in enumerate(tiles)}
    carrying = [0] * (set_size + 1)
    for tile, tile_bit in bit.items():
        carrying[tile.low] |= tile_bit
        carrying[tile.high] |= tile_bit
    tile_of = {tile_bit: tile for tile, tile_bit in bit.items()}

    def tiles_in(bits: int) -> Deck:
        found = []
        while bits:
            lowest = bits & -bits
            bits ^= lowest
            found.append(tile_of[lowest])
        return tuple(found)

    return SetBits(bit, tuple(carrying), SharedValues(tiles_in))


class RoundTable(NamedTuple):
    """What every position of one round shares: the game so far, and the rules read per move.

    The first five values are the :class:`GameState` fields that change only between rounds;
    the others are worked out from the rules once, so a move never recomputes them (the last
    three are the set's :class:`SetBits`).
    """

    rules: RuleSet
    decks: tuple[Deck, ...]
    round_index: int
    round_scores: tuple[tuple[int, ...], ...]
    over: bool
    players: int
    reserve: int
    may_keep_drawn: bool
    draw_until_playable: bool
    bit: dict[Tile, int]
    tiles_in: SharedValues[int, Deck]
    carrying: tuple[int, ...]


def round_table(
    rules: RuleSet,
    decks: tuple[Deck, ...],
    round_index: int,
    round_scores: tuple[tuple[int, ...], ...],
    over: bool = False,
) -> RoundTable:
    """The :class:`RoundTable` of a round of ``rules``."""
    bits = set_bits(rules.set_size)
    return RoundTable(
        rules,
        decks,
        round_index,
        round_scores,
        over,
        rules.players,
        rules.reserve_count,
        rules.drawn_tile == "may_play",
        rules.draw == "until_playable",
        bits.bit,
        bits.tiles_in,
        bits.carrying,
    )


Position = tuple[RoundTable, Hands, Deck, BoardTuple, int, Tile | None, tuple[int, ...], MoveLog]
"""A game at one moment as a plain tuple: (round table, hands, boneyard, board, seat on turn,
drawn tile, hands as bits, the round's moves so far). The same facts as a :class:`GameState`,
which :func:`to_state` builds on demand."""


OPEN_END_IDS: Final = 7
OPEN_ENDS: Final = 8
"""Where a :data:`BoardTuple` keeps its open end ids and open ends (read on every move)."""


def is_over(position: Position) -> bool:
    """True once the last round of the game at ``position`` is scored."""
    return position[0].over


def turn(position: Position) -> int:
    """The seat to act at ``position``."""
    return position[4]


def round_index(position: Position) -> int:
    """The 0-based index of the round in play at ``position`` (the last one once it is over)."""
    return position[0].round_index


def board_of(position: Position) -> BoardTuple:
    """The board at ``position``, as a :data:`~chickenfoot.rules.board.BoardTuple`."""
    return position[3]


def to_state(position: Position, board: Board | None = None) -> GameState:
    """The :class:`GameState` of ``position``; it shares every value with the position.

    ``board`` is the position's board as a model, if the caller already has it.
    """
    table, hands, boneyard, lean_board, seat, drawn, _hand_bits, log = position
    return _adopt(
        GameState,
        {
            "rules": table.rules,
            "decks": table.decks,
            "round_index": table.round_index,
            "hands": hands,
            "boneyard": boneyard,
            "board": board if board is not None else from_tuple(lean_board),
            "turn": seat,
            "drawn": drawn,
            "round_scores": table.round_scores,
            "over": table.over,
            "history": RoundHistory(log),
            "_position": position,
        },
    )


def from_state(state: GameState) -> Position:
    """The position of ``state``: continue any game on the fast lane."""
    cached = state.__dict__
    position = cached.get("_position")
    if position is None:
        table = round_table(
            state.rules, state.decks, state.round_index, state.round_scores, state.over
        )
        try:
            hand_bits = bits_of_hands(table, state.hands)
        except KeyError as error:
            size = state.rules.set_size
            raise ValueError(
                f"a hand holds {error.args[0]}, not a tile of a double-{size} set"
            ) from None
        position = cached["_position"] = (
            table,
            state.hands,
            state.boneyard,
            as_tuple(state.board),
            state.turn,
            state.drawn,
            hand_bits,
            state.history.log,
        )
    return position


def bits_of_hands(table: RoundTable, hands: Sequence[Deck]) -> tuple[int, ...]:
    """Each hand as a bit set; ``KeyError`` for a tile that is not in the round's set."""
    bit_of = table.bit.__getitem__
    return tuple(sum(map(bit_of, hand)) for hand in hands)


def view(position: Position, seat: int) -> SeatView:
    """What ``seat`` may know at ``position`` (see :meth:`GameState.view`)."""
    return to_state(position).view(seat)


def hands(position: Position) -> Hands:
    """Every seat's hand at ``position``."""
    return position[1]


def hand_bits(position: Position) -> tuple[int, ...]:
    """Every seat's hand at ``position`` as a bit set (see :class:`SetBits`)."""
    return position[6]


def boneyard(position: Position) -> Deck:
    """The boneyard at ``position``, the next tile to draw first."""
    return position[2]


def drawn(position: Position) -> Tile | None:
    """The playable tile the seat on turn just drew and must decide on, if any."""
    return position[5]


def open_ends(position: Position) -> tuple[OpenEnd, ...]:
    """Where the next tile may go at ``position``."""
    return position[3][OPEN_ENDS]


def round_scores(position: Position) -> tuple[tuple[int, ...], ...]:
    """The points of every finished round, per seat (the last one just ended, once over)."""
    return position[0].round_scores


def history(position: Position) -> RoundHistory:
    """The actions of the round in play at ``position`` (see :class:`RoundHistory`)."""
    return RoundHistory(position[7])
