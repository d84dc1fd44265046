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
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from chickenfoot.bots.base import StopCheck
from chickenfoot.rules import (
    Action,
    Placement,
    Play,
    SeatView,
    Tile,
    core,
    knowledge,
    tile_points,
)
from chickenfoot.rules.board import as_tuple, lay_tile


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
    description: ClassVar[str] = (
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


def _carries_any(tile: Tile, numbers: set[int]) -> bool:
    return tile.low in numbers or tile.high in numbers


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
    if held > count:
        return 0.0
    fitting = (possible & carrying_bits).bit_count()
    return math.comb(count - fitting, held) / math.comb(count, held)


def play_scores(view: SeatView, plays: Sequence[Play], weights: HardWeights) -> list[float]:
    """The hard player's score of each of ``plays`` (higher is better)."""
    board = as_tuple(view.board)
    needs = dict(view.board.open_ends)
    hand = view.hand
    seat = view.seat
    players = len(view.hand_counts)
    carrying = core.set_bits(view.rules.set_size).carrying
    odds = lack_odds(view)
    close = min(view.hand_counts) <= weights.close
    shed_weight = weights.shed_when_close if close else weights.shed
    blank_points = view.rules.double_blank_points
    scores = []
    for play in plays:
        tile = play.tile
        value = needs[play.target]
        placed = Placement(seat, tile, play.target, tile.other_end(value))
        after, _change = lay_tile(board, placed, value)
        showing = {number for _target, number in after[8]}
        reachable = showing | {number for _target, number in after[6]}
        rest = [other for other in hand if other != tile]
        score = shed_weight * tile_points(tile, blank_points)
        score += weights.options * sum(1 for other in rest if _carries_any(other, reachable))
        score += weights.coverage * len({number for other in rest for number in other})
        # The number it leaves showing: the open foot's, or the new end's.
        left_showing = after[8][0].value if after[3] is not None else tile.other_end(value)
        if any(left_showing in other for other in rest):
            score += weights.follow
        if tile.is_double:
            backed = any(tile.low in other for other in rest)
            score += weights.double + (weights.double_backed if backed else weights.double_alone)
        if any(other.is_double and other.low in reachable for other in rest):
            score += weights.opens_for_double
        fitting = 0
        for number in showing:
            fitting |= carrying[number]
        for step in range(1, players):
            other = (seat + step) % players
            chance = odds_of_lacking(odds[other], fitting)
            if view.hand_counts[other] <= weights.close:
                chance *= weights.block_close
            score += chance * (weights.block_next if step == 1 else weights.block_later)
        scores.append(score)
    return scores
