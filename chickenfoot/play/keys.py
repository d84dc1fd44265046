"""The keys that choose open ends and tiles, stable while the table changes.

**Open ends** get letters. An arm's end gets its own letter (arm A: ``a``, B: ``b``, ...), so
no key reads like another arm's name; arm D has none of its own (``d`` draws) and takes a
spare. Every other end (arm D, the toes of chicken feet and the lines growing from them)
takes the first free spare letter (:data:`SPARE_KEYS`), and once those run out a two-letter
key starting with ``z`` (``zj``, ``zl``, ...; then ``zzj``, ...): there is no limit. A key
belongs to its end for as long as that line's end is on the table: while a chicken foot
waits for toes the other ends keep their keys (they cannot be chosen, but they are not given
away), and a key is given again only after its end closed. The keys are worked out from the
board alone (:func:`end_keys` replays its placements), so a game reopened later shows the
same keys. No end key is a key of the game's own (:data:`COMMAND_KEYS`).

**Tiles** are numbered 1, 2, ... in the hand's order; a hand of ten tiles or more takes two
digits typed one after the other (see :class:`TileTyping`).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from itertools import count

from chickenfoot.rules import Board
from chickenfoot.rules.board import BoardTuple, empty_board, lay_tile

COMMAND_KEYS = frozenset("dkpqsoiu")
"""Letters the game screen keeps for itself: draw, keep, pass, quit, scores, the outline
view, a hint and taking a move back."""

ARM_KEYS = {arm: arm.lower() for arm in "ABCEFGH"}
"""The arms whose end is chosen by their own letter."""

SPARE_KEYS = "jlmnrtvwxy"
"""Letters for every other end, in the order they are given."""

LONG_PREFIX = "z"
"""The first letter of every key longer than one letter."""

SECOND_LETTERS = "abcefghjlmnrtvwxy"
"""The letters that end a long key."""

END_LETTERS = frozenset(ARM_KEYS.values()) | frozenset(SPARE_KEYS) | {LONG_PREFIX}
"""Every letter that begins an end's key."""


def spare_keys() -> Iterator[str]:
    """The keys given to ends without a letter of their own, in order, without end."""
    yield from SPARE_KEYS
    for length in count(1):
        for letter in SECOND_LETTERS:
            yield LONG_PREFIX * length + letter


def _live_ends(board: BoardTuple) -> list[str]:
    """The ends of a board that hold a key: every free line end and every open end."""
    _centre, _arms, _played, _foot, _toes, free_ids, _free, open_ids, _open = board
    return [*free_ids, *(end for end in open_ids if end not in free_ids)]


def _give_keys(keys: dict[str, str], board: BoardTuple) -> None:
    """Take the keys of ends that closed, and give one to every new end, in board order."""
    live = _live_ends(board)
    for end in [end for end in keys if end not in live]:
        del keys[end]
    taken = set(keys.values())
    for end in live:
        if end in keys:
            continue
        key = ARM_KEYS.get(end)
        if key is None or key in taken:
            key = next(key for key in spare_keys() if key not in taken)
        keys[end] = key
        taken.add(key)


@lru_cache(maxsize=64)
def _keys_of(board: Board) -> tuple[tuple[str, str], ...]:
    keys: dict[str, str] = {}
    lean = empty_board(board.centre, board.arms_required)
    _give_keys(keys, lean)
    for placed in board.played:
        lean, _change = lay_tile(lean, placed, placed.tile.other_end(placed.end))
        _give_keys(keys, lean)
    return tuple((end, keys[end]) for end, _value in board.open_ends)


def end_keys(board: Board) -> dict[str, str]:
    """The key of every open end of ``board``, in board order (see the module's words)."""
    return dict(_keys_of(board))


@dataclass
class TileTyping:
    """Digits typed to choose a tile: ``1`` to ``9`` at once; in a hand of ten tiles or more,
    a second digit typed right after the first goes on the same number (``1`` then ``2``
    chooses tile 12), while a digit that cannot go on starts a new number."""

    typed: str = ""

    def type(self, digit: str, tiles: int) -> int | None:
        """The tile number (1-based) that ``digit`` chooses in a hand of ``tiles``, or None
        if it chooses none."""
        for number in (self.typed + digit, digit):
            if number[0] != "0" and int(number) <= tiles:
                self.typed = number if int(number) * 10 <= tiles else ""
                return int(number)
        self.typed = ""
        return None

    def clear(self) -> None:
        """Forget the digits typed so far (any other key ends a number)."""
        self.typed = ""
