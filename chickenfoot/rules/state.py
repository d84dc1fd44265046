"""The game state, and what one seat may see of it.

:class:`GameState` is the whole game as one frozen model: the rules, the shuffled deck of
every round (chance is explicit, so a game replays without a random number generator), the
hands, the boneyard, the board, whose turn it is and every round's scores. It is changed only
by :func:`chickenfoot.rules.engine.apply`, which returns a new state.

:class:`SeatView` is what a player (a person or a computer) is allowed to know: its own hand,
the other seats' tile counts, the board, the round's public history (every play, draw and pass,
never a drawn tile's face) and the scores. Bots and the UI read views, so hidden tiles cannot
leak by accident; :mod:`chickenfoot.rules.knowledge` works out what a seat can infer from one.

:class:`PublicView` is what anybody at the table may know, a spectator included: a seat view
without a hand. A :class:`SeatView` is a public view plus its seat's own hand.
"""

from __future__ import annotations

from pydantic import Field

from chickenfoot.rules import scoring
from chickenfoot.rules._frozen import FrozenModel, derived
from chickenfoot.rules.board import Board
from chickenfoot.rules.history import EMPTY_HISTORY, RoundHistory
from chickenfoot.rules.ruleset import RuleSet
from chickenfoot.rules.tiles import Tile, TileField, full_set


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
    history: RoundHistory = Field(
        EMPTY_HISTORY, description="Every action of the round in play so far, oldest first."
    )

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
        return scoring.totals(self.round_scores, self.rules.players)

    def public_view(self) -> PublicView:
        """What anybody may know of this state: no hand, no boneyard order, no future deck."""
        return PublicView._trusted(
            rules=self.rules,
            round_index=self.round_index,
            hand_counts=tuple(len(hand) for hand in self.hands),
            boneyard_count=len(self.boneyard),
            drawable=self.drawable,
            board=self.board,
            turn=self.turn,
            round_scores=self.round_scores,
            over=self.over,
            history=self.history,
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
            history=self.history,
        )


class PublicView(FrozenModel):
    """What anybody at the table may know: the board, every seat's tile count, the boneyard's
    size, whose turn it is, the scores and the round's public history (a draw never shows its
    tile). No hand, no boneyard order, no future deck."""

    rules: RuleSet
    round_index: int
    hand_counts: tuple[int, ...]
    boneyard_count: int
    drawable: int
    board: Board
    turn: int
    round_scores: tuple[tuple[int, ...], ...]
    over: bool
    history: RoundHistory

    @property
    def round_number(self) -> int:
        """1-based number of the round in play."""
        return self.round_index + 1

    @property
    def round_double(self) -> int:
        """The value of the double of the round in play."""
        return self.rules.round_double(self.round_index)

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's total over the finished rounds."""
        return scoring.totals(self.round_scores, self.rules.players)


class SeatView(PublicView):
    """One seat's knowledge of the game: the public view plus its own hand; no other hand,
    no boneyard order, no future deck.

    ``history`` holds every action of the round in play (a draw never shows its tile);
    ``drawn`` is the tile this seat just drew, if it is on turn with one.
    """

    seat: int
    hand: tuple[TileField, ...]
    drawn: TileField | None

    def public(self) -> PublicView:
        """This view without its hand: what a spectator of the same moment sees."""
        fields = {name: getattr(self, name) for name in PublicView.__pydantic_fields__}
        return PublicView._trusted(**fields)

    @derived
    def unseen(self) -> tuple[Tile, ...]:
        """The tiles this seat cannot see: the other hands and the boneyard, in set order."""
        seen = set(self.hand)
        seen.add(Tile(self.board.centre, self.board.centre))
        seen.update(placed.tile for placed in self.board.played)
        return tuple(tile for tile in full_set(self.rules.set_size) if tile not in seen)
