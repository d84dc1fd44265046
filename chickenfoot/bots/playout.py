"""The quick policies a search plays its imagined rounds out with, and how it scores them.

:func:`heaviest_first` is the casual player's rule without its tie-break: play the heaviest
fitting tile (a playable drawn tile is played, not kept), first in board order on a tie.
:func:`casual_policy` adds the casual player's tie-break (the play that leaves the most of
the hand playable, worked out on the lean board with
:func:`~chickenfoot.rules.board.lay_tile`), so it plays as the casual player does, the first
play standing in for its random last resort. Both pick from the rules core's moves
(:func:`chickenfoot.rules.core.play_out` asks only when there is a choice), so a playout
follows the very rules of a real game.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from chickenfoot.rules import Placement, RuleSet, SeatView, Tile, core, full_set, tile_points
from chickenfoot.rules.board import lay_tile

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


def casual_policy(rules: RuleSet) -> Policy:
    """The playout policy that plays as the casual player: the heaviest play; on a tie, the
    one leaving the most of the hand playable (on the ends it leaves open or free); then the
    first."""
    weights = tile_weights(rules.set_size, rules.double_blank_points)
    bits = core.set_bits(rules.set_size)
    bit, carrying = bits.bit, bits.carrying

    def playable_after(position: core.Position, move: core.Move) -> int:
        _play, seat, tile, target = move  # type: ignore[misc]
        board = core.board_of(position)
        value = next(end.value for end in core.open_ends(position) if end.target == target)
        after, _change = lay_tile(
            board, Placement(seat, tile, target, tile.other_end(value)), value
        )
        reachable = 0
        for _target, end in (*after[6], *after[8]):
            reachable |= carrying[end]
        rest = core.hand_bits(position)[seat] & ~bit[tile]
        return (rest & reachable).bit_count()

    def choose(position: core.Position, moves: tuple[core.Move, ...]) -> core.Move:
        best: list[core.Move] = []
        heaviest = -1
        for move in moves:
            if move[0] == "play":
                weight = weights[move[2]]  # type: ignore[misc]
                if weight > heaviest:
                    best, heaviest = [move], weight
                elif weight == heaviest:
                    best.append(move)
        if not best:
            return moves[0]
        if len(best) == 1:
            return best[0]
        counts = [playable_after(position, move) for move in best]
        return best[counts.index(max(counts))]

    return choose


def round_margin(view: SeatView, points: tuple[int, ...]) -> float:
    """How a finished round went for ``view``'s seat: its points less the others' mean
    (lower is better; the search minimises it)."""
    seat = view.seat
    others = (sum(points) - points[seat]) / (len(points) - 1)
    return points[seat] - others
