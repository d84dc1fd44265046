"""What a play leaves on the table, worked out on the rules core's lean board without building
the board it leaves: the question the quick playout policies and the hard player ask of every
play they weigh.

The answer follows the rules of :func:`~chickenfoot.rules.board.lay_tile` (where the next tile
may go) from the board's free ends; a test checks it against the board model on every play of
random games.
"""

from __future__ import annotations

from chickenfoot.rules import Tile
from chickenfoot.rules.board import TOES_PER_FOOT, BoardTuple

Leaves = tuple[int, int, int]
"""What a play leaves: the bits of the tiles that fit an open end (``showing``), of those that
fit an open or a free end (``reach``: free ends open again once a foot is complete), and the
number its player must carry to follow it at once (``left``: the new end's, or the open
foot's)."""


def play_leaves(
    board: BoardTuple, tile: Tile, target: str, value: int, carrying: tuple[int, ...]
) -> Leaves:
    """What laying ``tile`` on ``target`` (an open end needing ``value``) of ``board`` leaves
    (:data:`Leaves`); ``carrying[v]`` holds the bits of the tiles that carry ``v``."""
    centre, arms_required, played, foot, toes, _free_ids, free_ends, _ids, _ends = board
    low, high = tile
    other_end = high if low == value else low
    if len(played) < arms_required:  # it starts an arm; the next play starts one if any is missing
        reach = carrying[other_end]
        for _target, number in free_ends:
            reach |= carrying[number]
        if len(played) + 1 < arms_required:
            return carrying[centre], reach | carrying[centre], other_end
        return reach, reach, other_end
    if foot is not None:  # a toe; the foot's next toe needs its number, if one is missing
        reach = carrying[other_end]
        for _target, number in free_ends:
            reach |= carrying[number]
        if toes + 1 < TOES_PER_FOOT:
            return carrying[value], reach | carrying[value], value
        return reach, reach, other_end
    lines = 0  # it extends its line; a double closes it and opens a foot of its number
    for line, number in free_ends:
        if line != target:
            lines |= carrying[number]
    if low == high:
        return carrying[value], carrying[value] | lines, value
    reach = carrying[other_end] | lines
    return reach, reach, other_end
