"""Counting tiles as players do: from one seat's own view, for each number, how many tiles
carrying it are out (on the table), how many are in that seat's hand, and which are still
unseen (in another hand or the boneyard: not in the hand, not on the table).

Pure: it reads a :class:`~chickenfoot.rules.SeatView` (what that seat may know) and nothing
else, so it can never count a tile the seat has not seen. The hints' reasons say
a number's count in the same numbers, briefly (:func:`out_and_unseen`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from chickenfoot.lang import _, ngettext, pgettext
from chickenfoot.rules import SeatView, Tile
from chickenfoot.rules.tiles import full_set
from chickenfoot.text.words import count_word

COUNT_KEY = "#"
"""The key that shows the count."""


@dataclass(frozen=True)
class NumberCount:
    """The tiles carrying ``number``: ``out`` on the table (the centre double included),
    ``held`` in your hand, and the ``unseen`` ones, in set order."""

    number: int
    out: int
    held: int
    unseen: tuple[Tile, ...]

    @property
    def total(self) -> int:
        """Tiles of the set carrying the number (a double counts once)."""
        return self.out + self.held + len(self.unseen)


def count_tiles(view: SeatView) -> tuple[NumberCount, ...]:
    """For every number of the set, from ``view`` alone: out, held, unseen."""
    on_table = {Tile(view.board.centre, view.board.centre)}
    on_table.update(placed.tile for placed in view.board.played)
    hand = set(view.hand)
    counts = []
    for number in range(view.rules.set_size + 1):
        carrying = [tile for tile in full_set(view.rules.set_size) if number in tile]
        counts.append(
            NumberCount(
                number,
                sum(tile in on_table for tile in carrying),
                sum(tile in hand for tile in carrying),
                tuple(tile for tile in carrying if tile not in on_table and tile not in hand),
            )
        )
    return tuple(counts)


def out_and_unseen(count: NumberCount) -> str:
    """A number's count in as few words as a hint's line has room for: "4 out, 2 unseen"."""
    # Translators: tiles carrying a number: {out} on the table, {unseen} not seen yet.
    return _("{out} out, {unseen} unseen").format(out=count.out, unseen=len(count.unseen))


def how_many(count: int) -> str:
    """A count in a line of the count: "none", "one" ... "nine", then digits."""
    # Translators: no tile at all, in a line of the count ("none out").
    return pgettext("a count of tiles", "none") if count == 0 else count_word(count)


def count_line(count: NumberCount) -> str:
    """One number's count: "5s: four out, two in your hand, four unseen: 0|5 3|5 5|8 5|9";
    "none" where there is none ("none out", "none in your hand", "none unseen")."""
    # Translators: the count of one number; {out}, {held} and {unseen} are counts said as
    # words ("four", "none").
    if not count.unseen:
        said = _("{number}s: {out} out, {held} in your hand, {unseen} unseen")
    else:
        said = _("{number}s: {out} out, {held} in your hand, {unseen} unseen: {tiles}")
    return said.format(
        number=count.number,
        out=how_many(count.out),
        held=how_many(count.held),
        unseen=how_many(len(count.unseen)),
        tiles=" ".join(str(tile) for tile in count.unseen),
    )


def counting_lines(counts: Sequence[NumberCount]) -> list[str]:
    """The whole count, highest number first, with a heading line saying how to read it."""
    total = counts[0].total if counts else 0
    heading = ngettext(
        "Each number is on {count} tile. Out: on the table. Unseen: not in your hand and not "
        "on the table (in another hand or the boneyard).",
        "Each number is on {count} tiles. Out: on the table. Unseen: not in your hand and not "
        "on the table (in another hand or the boneyard).",
        total,
    ).format(count=total)
    return [heading, *(count_line(count) for count in reversed(counts))]
