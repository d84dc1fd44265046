"""The quick policy a search plays its imagined rounds out with, and how it scores them.

:func:`heaviest_first` is the casual player's rule without its tie-break: play the heaviest
fitting tile (a playable drawn tile is played, not kept), first in board order on a tie. It
picks from the rules core's moves (:func:`chickenfoot.rules.core.play_out` asks it only when
there is a choice), so a playout follows the very rules of a real game.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from chickenfoot.rules import RuleSet, Tile, core, full_set, tile_points

Policy = Callable[[core.Position, tuple[core.Move, ...]], core.Move]
"""Picks one of the legal moves at a position (two or more of them)."""


@cache
def tile_weights(set_size: int, double_blank_points: int) -> dict[Tile, int]:
    """What each tile of the set costs left in a hand (:func:`~chickenfoot.rules.tile_points`)."""
    return {tile: tile_points(tile, double_blank_points) for tile in full_set(set_size)}


def heaviest_first(rules: RuleSet) -> Policy:
    """The playout policy for ``rules``: the heaviest play, the first one on a tie."""
    weights = tile_weights(rules.set_size, rules.double_blank_points)

    def choose(_position: core.Position, moves: tuple[core.Move, ...]) -> core.Move:
        best = moves[0]
        heaviest = -1
        for move in moves:
            if move[0] == "play":
                weight = weights[move[2]]  # type: ignore[misc]
                if weight > heaviest:
                    best, heaviest = move, weight
        return best

    return choose


def round_margin(points: tuple[int, ...], seat: int) -> float:
    """How a finished round went for ``seat``: its points less the others' mean (lower is
    better; the search minimises it)."""
    others = (sum(points) - points[seat]) / (len(points) - 1)
    return points[seat] - others
