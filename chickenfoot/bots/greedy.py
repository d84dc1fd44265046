"""The casual player (level ``casual``, saved games may say ``greedy``): get rid of the
heaviest tile it can, keeping its hand playable.

Each turn it plays the tile that would cost the most points if it stayed in the hand
(:func:`~chickenfoot.rules.tile_points`). Among equally heavy plays it prefers the one that
leaves the most of its other tiles playable on the board that play makes; remaining ties are
broken by its seeded generator. While a chicken foot is open the only legal plays are its
toes, so it finishes feet whenever it can. It plays a playable drawn tile rather than keeping
it. With no play it draws or passes, whichever the rules allow.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import ClassVar

from chickenfoot.bots.base import StopCheck
from chickenfoot.lang import N_
from chickenfoot.rules import Action, Board, Play, SeatView, Tile, tile_points


class GreedyBot:
    """Plays its heaviest playable tile; ties go to the play that keeps its hand playable."""

    level: ClassVar[str] = "casual"
    description: ClassVar[str] = N_(
        "Plays its heaviest tile each turn, keeping the rest of its hand playable."
    )

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(
        self, view: SeatView, legal: Sequence[Action], should_stop: StopCheck | None = None
    ) -> Action:
        """The heaviest legal play; a draw or pass only when there is no play."""
        return heaviest_play(view, legal, self.rng)


def heaviest_play(view: SeatView, legal: Sequence[Action], rng: random.Random) -> Action:
    """The casual player's choice: the heaviest play, ties to the one keeping the hand
    playable, then to ``rng``; the only non-play when there is no play."""
    plays = [action for action in legal if isinstance(action, Play)]
    if len(plays) <= 1:
        return plays[0] if plays else legal[0]
    blank_points = view.rules.double_blank_points
    weights = [tile_points(play.tile, blank_points) for play in plays]
    heaviest = max(weights)
    best = [play for play, weight in zip(plays, weights, strict=True) if weight == heaviest]
    if len(best) > 1:
        playable = [playable_after(view.board, view.hand, play) for play in best]
        most = max(playable)
        best = [play for play, count in zip(best, playable, strict=True) if count == most]
    return best[0] if len(best) == 1 else rng.choice(best)


def ends_after(board: Board, play: Play) -> set[int]:
    """The numbers that will take a tile once ``play`` is on ``board``: those of every open
    end and every free line end of the board it leaves (so the toes of a foot it opens, and
    the lines that reopen once that foot is complete)."""
    after = board.with_tile(play.seat, play.tile, play.target)
    return {value for _target, value in after.open_ends} | {
        value for _target, value in after.free_ends
    }


def playable_after(board: Board, hand: Sequence[Tile], play: Play) -> int:
    """How many of the other tiles in ``hand`` fit an end left open after ``play``."""
    values = ends_after(board, play)
    played = play.tile
    return sum(1 for tile in hand if tile != played and (tile.low in values or tile.high in values))
