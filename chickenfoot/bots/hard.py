"""The hard player: a heuristic that reads the table.

It scores every legal play and takes the best (ties: its seeded generator); there is no
search, so it answers in well under a millisecond. A play's score adds up:

- **points shed**: the tile's points (:func:`~chickenfoot.rules.tile_points`, so a 0|0 that
  scores 50 goes early), weighed more once a seat is close to going out;
- **options kept**: how many of its other tiles fit the ends the play leaves, and whether it
  can follow the new end itself;
- **doubles planned**: a double is hard to place, so laying one is worth something, more so
  with a tile of its number kept to play on its foot, less with none (the foot may then
  block it); a play that opens an end for a double it holds is worth something too;
- **what the others lack**: the odds that a seat holds no tile for the ends the play leaves
  (it must then draw), worked out from the tiles it cannot see and what each seat is known to
  lack (:func:`~chickenfoot.rules.knowledge.known_lacks`); worth most for the next seat, and
  more the fewer tiles a seat holds.

It plays a playable drawn tile rather than keep it, and draws or passes only without a play.
The weights are :class:`HardWeights`; the defaults were tuned in tournaments against the
casual player (see ``docs/bots.md``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import ClassVar

from chickenfoot.bots.base import StopCheck
from chickenfoot.bots.ends import play_leaves
from chickenfoot.lang import N_
from chickenfoot.rules import (
    Action,
    Play,
    RuleSet,
    SeatView,
    Tile,
    core,
    knowledge,
    make_tile,
    set_points,
)
from chickenfoot.rules.board import BoardTuple, as_tuple


@dataclass(frozen=True)
class HardWeights:
    """What each thing the hard player looks at is worth, in points shed."""

    shed: float = 1.0
    """Per point of the tile played."""
    shed_when_close: float = 1.5
    """Per point instead, once some seat holds :attr:`close` tiles or fewer."""
    close: int = 2
    options: float = 1.0
    """Per other tile of its hand that fits an end the play leaves."""
    follow: float = 1.5
    """If it holds a tile carrying the number the play leaves showing (or the foot's)."""
    double: float = 2.0
    """For laying a double at all."""
    double_backed: float = 3.0
    """For laying a double while keeping a tile of its number for the foot."""
    double_alone: float = -4.0
    """For laying a double with no tile of its number left."""
    opens_for_double: float = 2.0
    """For leaving an end showing the number of a double it holds."""
    coverage: float = 0.5
    """Per number its other tiles carry (a varied hand fits more ends)."""
    block_next: float = 4.0
    """Times the odds that the next seat holds no tile for the ends left."""
    block_later: float = 1.0
    """Times those odds for each seat after it."""
    block_close: float = 2.0
    """Extra factor on those odds for a seat holding :attr:`close` tiles or fewer."""


DEFAULT_WEIGHTS = HardWeights()
"""The weights the hard level plays with."""


class HardBot:
    """Scores every play by points, options, doubles and what the others lack."""

    level: ClassVar[str] = "hard"
    description: ClassVar[str] = N_(
        "Keeps its options open, plans its doubles and watches what the others lack."
    )

    def __init__(self, seed: int | None = None, weights: HardWeights | None = None) -> None:
        self.rng = random.Random(seed)
        self.weights = weights or DEFAULT_WEIGHTS

    def choose(
        self, view: SeatView, legal: Sequence[Action], should_stop: StopCheck | None = None
    ) -> Action:
        """The best scored play; a draw or pass only when there is no play."""
        plays = [action for action in legal if isinstance(action, Play)]
        if len(plays) <= 1:
            return plays[0] if plays else legal[0]
        scores = play_scores(view, plays, self.weights)
        best_score = max(scores)
        best = [play for play, score in zip(plays, scores, strict=True) if score == best_score]
        return best[0] if len(best) == 1 else self.rng.choice(best)


def lack_odds(view: SeatView) -> list[tuple[int, int, int]]:
    """What :func:`odds_of_lacking` needs per seat: the bits of the unseen tiles it may hold
    (none carrying a number it is known to lack), how many those are, and its hand size.
    The view's own seat gets zeros."""
    bits = core.set_bits(view.rules.set_size)
    unseen = sum(bits.bit[tile] for tile in view.unseen)
    found = []
    for seat, lacks in enumerate(knowledge.known_lacks(view)):
        if seat == view.seat:
            found.append((0, 0, 0))
            continue
        possible = unseen
        for value in knowledge.numbers_in(lacks):
            possible &= ~bits.carrying[value]
        found.append((possible, possible.bit_count(), view.hand_counts[seat]))
    return found


def odds_of_lacking(seat_odds: tuple[int, int, int], carrying_bits: int) -> float:
    """The odds that a seat holds no tile among ``carrying_bits``, its hand being a uniform
    draw from the tiles it may hold (``seat_odds``, from :func:`lack_odds`)."""
    possible, count, held = seat_odds
    return _odds_of_none(count, (possible & carrying_bits).bit_count(), held)


@cache
def _odds_of_none(count: int, fitting: int, held: int) -> float:
    """The odds that ``held`` tiles drawn from ``count`` include none of ``fitting`` of them."""
    if held > count:
        return 0.0
    return math.comb(count - fitting, held) / math.comb(count, held)


PlayScorer = Callable[
    [BoardTuple, int, int, Sequence[int], Sequence[tuple[int, int, int]], Sequence[core.Move]],
    list[float],
]
"""Scores plays on a lean board for the seat on turn (see :func:`play_scorer`)."""


def play_scorer(rules: RuleSet, weights: HardWeights = DEFAULT_WEIGHTS) -> PlayScorer:
    """The hard player's score of each play (higher is better), on the rules core's lean
    board: ``score(board, seat, hand, hand_counts, seat_odds, plays)``, where ``hand`` is the
    seat's tiles as bits, ``hand_counts`` every seat's hand size, ``seat_odds`` every seat's
    :func:`lack_odds` (the seat's own is ignored) and ``plays`` are ``("play", seat, tile,
    target)`` moves. Each term of the module's list is stated here once, on what a play leaves
    (:func:`~chickenfoot.bots.ends.play_leaves`, which builds no board), so a search can ask
    it in every imagined round (:func:`~chickenfoot.bots.playout.planning_policy`).
    """
    return _play_scorer(rules.set_size, rules.double_blank_points, weights)


@cache
def _play_scorer(set_size: int, double_blank_points: int, weights: HardWeights) -> PlayScorer:
    bits = core.set_bits(set_size)
    bit, carrying = bits.bit, bits.carrying
    points = set_points(set_size, double_blank_points)
    numbers = range(set_size + 1)
    doubles = sum(bit[make_tile(number, number)] for number in numbers)
    w = weights

    def score(
        board: BoardTuple,
        seat: int,
        hand: int,
        hand_counts: Sequence[int],
        seat_odds: Sequence[tuple[int, int, int]],
        plays: Sequence[core.Move],
    ) -> list[float]:
        needs = dict(board[8])
        players = len(hand_counts)
        close = min(hand_counts) <= w.close
        shed_weight = w.shed_when_close if close else w.shed
        hand_numbers = 0
        for number in numbers:
            if hand & carrying[number]:
                hand_numbers += 1
        # The seats after it, each with what blocking it is worth (all weights multiply).
        blocked = []
        for step in range(1, players):
            possible, count, held = seat_odds[(seat + step) % players]
            worth = w.block_next if step == 1 else w.block_later
            if held <= w.close:
                worth *= w.block_close
            blocked.append((possible, count, held, worth))
        scores = []
        for play in plays:
            tile: Tile = play[2]  # type: ignore[misc]
            target: str = play[3]  # type: ignore[misc]
            low, high = tile
            showing, reach, left = play_leaves(board, tile, target, needs[target], carrying)
            rest = hand & ~bit[tile]
            rest_numbers = hand_numbers
            if not rest & carrying[low]:
                rest_numbers -= 1
            if high != low and not rest & carrying[high]:
                rest_numbers -= 1
            total = shed_weight * points[tile]
            total += w.options * (rest & reach).bit_count()
            total += w.coverage * rest_numbers
            if rest & carrying[left]:
                total += w.follow
            if low == high:
                backed = rest & carrying[low]
                total += w.double + (w.double_backed if backed else w.double_alone)
            if rest & doubles & reach:
                total += w.opens_for_double
            for possible, count, held, worth in blocked:
                total += worth * _odds_of_none(count, (possible & showing).bit_count(), held)
            scores.append(total)
        return scores

    return score


def play_scores(view: SeatView, plays: Sequence[Play], weights: HardWeights) -> list[float]:
    """The hard player's score of each of ``plays`` (higher is better), from ``view``."""
    bit = core.set_bits(view.rules.set_size).bit
    hand = sum(bit[tile] for tile in view.hand)
    moves = [core.to_move(play) for play in plays]
    score = play_scorer(view.rules, weights)
    return score(as_tuple(view.board), view.seat, hand, view.hand_counts, lack_odds(view), moves)
