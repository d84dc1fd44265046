"""The greedy player: get rid of the heaviest tile it can, keeping its hand playable.

Each turn it plays the tile that would cost the most points if it stayed in the hand (its pips;
a 0|0 counts as the rule set's ``double_blank_points`` where that is set). Among equally heavy
plays it prefers the one that leaves the most of its other tiles playable on the board that
play makes; remaining ties are broken by its seeded generator. While a chicken foot is open the
only legal plays are its toes, so it finishes feet whenever it can. It plays a playable drawn
tile rather than keeping it. With no play it draws or passes, whichever the rules allow.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import ClassVar

from chickenfoot.rules import Action, Board, Play, SeatView, Tile
from chickenfoot.rules.board import TOES_PER_FOOT


class GreedyBot:
    """Plays its heaviest playable tile; ties go to the play that keeps its hand playable."""

    level: ClassVar[str] = "greedy"
    description: ClassVar[str] = (
        "Plays its heaviest playable tile, keeping the rest of its hand playable."
    )

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        """The heaviest legal play; a draw or pass only when there is no play."""
        plays = [action for action in legal if isinstance(action, Play)]
        if len(plays) <= 1:
            return plays[0] if plays else legal[0]
        blank_points = view.rules.double_blank_points
        weights = [tile_weight(play.tile, blank_points) for play in plays]
        heaviest = max(weights)
        best = [play for play, weight in zip(plays, weights, strict=True) if weight == heaviest]
        if len(best) > 1:
            line_ends = open_line_ends(view.board)
            playable = [playable_after(view.board, view.hand, play, line_ends) for play in best]
            most = max(playable)
            best = [play for play, count in zip(best, playable, strict=True) if count == most]
        return best[0] if len(best) == 1 else self.rng.choice(best)


def tile_weight(tile: Tile, double_blank_points: int) -> int:
    """The points ``tile`` would score left in a hand."""
    if double_blank_points and tile.high == 0:
        return double_blank_points
    return tile.low + tile.high


def open_line_ends(board: Board) -> dict[str, int]:
    """The number at the end of every line not closed by a double, by line id."""
    return dict(board.free_ends)


def ends_after(board: Board, play: Play, line_ends: dict[str, int] | None = None) -> set[int]:
    """The numbers that will take a tile once ``play`` is on ``board`` (an estimate).

    Every line end not closed by a double, the new end the play makes (a double opens a foot,
    whose toes carry its number), the centre while arms are still missing, and the open foot's
    number while it still needs toes. ``line_ends`` is :func:`open_line_ends` of ``board``,
    if already known.
    """
    value = board.value_at(play.target)
    if value is None:
        raise ValueError(f"{play} does not fit the board: {play.target} is not open")
    if line_ends is None:
        line_ends = open_line_ends(board)
    target = play.target
    values = {end for line_id, end in line_ends.items() if line_id != target}
    values.add(play.tile.other_end(value))
    if board.arms_phase and board.arms_started + 1 < board.arms_required:
        values.add(board.centre)
    if board.foot is not None and board.toes + 1 < TOES_PER_FOOT:
        values.add(value)
    return values


def playable_after(
    board: Board, hand: Sequence[Tile], play: Play, line_ends: dict[str, int] | None = None
) -> int:
    """How many of the other tiles in ``hand`` fit an end left open after ``play``."""
    values = ends_after(board, play, line_ends)
    played = play.tile
    return sum(1 for tile in hand if tile != played and (tile.low in values or tile.high in values))
