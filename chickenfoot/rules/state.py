"""The game state, and what one seat may see of it.

:class:`GameState` is the whole game as one frozen model: the rules, the shuffled deck of
every round (chance is explicit, so a game replays without a random number generator), the
hands, the boneyard, the board, whose turn it is and every round's scores. It is changed only
by :func:`chickenfoot.rules.engine.apply`, which returns a new state.

:class:`SeatView` is what a player (a person or a computer) is allowed to know: its own hand,
the other seats' tile counts, the board and the scores. Bots and the UI read views, so hidden
tiles cannot leak by accident.
"""

from __future__ import annotations

from typing import NamedTuple

from pydantic import Field

from chickenfoot.rules._frozen import FrozenModel, derived
from chickenfoot.rules.board import Board
from chickenfoot.rules.ruleset import RuleSet
from chickenfoot.rules.tiles import Tile, TileField

Deck = tuple[Tile, ...]


class RoundTable(NamedTuple):
    """What every position of one round shares: the game so far, and the rules read per move.

    The first five values are the :class:`GameState` fields that change only between rounds;
    the last four are resolved from the rules once, so a move never recomputes them.
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


def round_table(
    rules: RuleSet,
    decks: tuple[Deck, ...],
    round_index: int,
    round_scores: tuple[tuple[int, ...], ...],
    over: bool = False,
) -> RoundTable:
    """The :class:`RoundTable` of a round of ``rules``."""
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
    )


Position = tuple[RoundTable, tuple[Deck, ...], Deck, Board, int, Tile | None]
"""A game at one moment as a plain tuple: (round table, hands, boneyard, board, seat on turn,
drawn tile). The same facts as a :class:`GameState`, without building a model per move; see
:mod:`chickenfoot.rules.fast`."""


class GameState(FrozenModel):
    """The whole game at one moment. Build with ``new_game``, change with ``apply``."""

    rules: RuleSet
    decks: tuple[tuple[TileField, ...], ...] = Field(
        description="The shuffled set for each round, in the order it is dealt."
    )
    round_index: int = Field(description="0-based index of the round in play (or the last one).")
    hands: tuple[tuple[TileField, ...], ...]
    boneyard: tuple[TileField, ...] = Field(description="Face-down tiles, next to draw first.")
    board: Board
    turn: int = Field(description="The seat to act.")
    drawn: TileField | None = Field(
        None, description="A playable tile the seat on turn just drew, awaiting its decision."
    )
    round_scores: tuple[tuple[int, ...], ...] = Field(
        (), description="Points of each finished round, per seat."
    )
    over: bool = False

    @derived
    def _position(self) -> Position:
        """This state as a :data:`Position` (the engine gives each state it builds its own)."""
        table = round_table(self.rules, self.decks, self.round_index, self.round_scores, self.over)
        return (table, self.hands, self.boneyard, self.board, self.turn, self.drawn)

    @property
    def players(self) -> int:
        """Number of seats."""
        return self.rules.players

    @property
    def round_number(self) -> int:
        """1-based number of the round in play."""
        return self.round_index + 1

    @property
    def round_double(self) -> int:
        """The value of the double of the round in play."""
        return self.rules.round_double(self.round_index)

    @property
    def drawable(self) -> int:
        """Tiles that can still be drawn (the reserve excluded)."""
        return max(0, len(self.boneyard) - self.rules.reserve_count)

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's total over the finished rounds."""
        return tuple(sum(column) for column in zip(*self.round_scores, strict=True)) or (
            (0,) * self.players
        )

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know of this state."""
        return SeatView._trusted(
            seat=seat,
            rules=self.rules,
            round_index=self.round_index,
            hand=self.hands[seat],
            hand_counts=tuple(len(hand) for hand in self.hands),
            boneyard_count=len(self.boneyard),
            drawable=self.drawable,
            board=self.board,
            turn=self.turn,
            drawn=self.drawn if seat == self.turn else None,
            round_scores=self.round_scores,
            over=self.over,
        )


class SeatView(FrozenModel):
    """One seat's knowledge of the game: no other hand, no boneyard order, no future deck."""

    seat: int
    rules: RuleSet
    round_index: int
    hand: tuple[TileField, ...]
    hand_counts: tuple[int, ...]
    boneyard_count: int
    drawable: int
    board: Board
    turn: int
    drawn: TileField | None
    round_scores: tuple[tuple[int, ...], ...]
    over: bool

    @property
    def round_double(self) -> int:
        """The value of the double of the round in play."""
        return self.rules.round_double(self.round_index)

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's total over the finished rounds."""
        return tuple(sum(column) for column in zip(*self.round_scores, strict=True)) or (
            (0,) * self.rules.players
        )
