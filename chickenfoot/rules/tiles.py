"""Domino tiles and sets.

A tile is a :class:`Tile` named tuple ``(low, high)`` with ``low <= high``; it prints as
``"3|5"`` and is written that way in saved games. A double-N set holds every pair
``a|b`` with ``0 <= a <= b <= N``.
"""

from __future__ import annotations

from functools import cache
from typing import Annotated, Any, NamedTuple

from pydantic import BeforeValidator, PlainSerializer

SET_SIZES: tuple[int, ...] = (6, 9, 12, 15, 18)
"""The set sizes the game supports (the highest double of each set)."""

MAX_PIPS = 18


class Tile(NamedTuple):
    """One domino, always stored with ``low <= high``."""

    low: int
    high: int

    @property
    def is_double(self) -> bool:
        """True for a double such as 5|5."""
        return self.low == self.high

    @property
    def pips(self) -> int:
        """The number of pips on the tile (its face value when scoring)."""
        return self.low + self.high

    def carries(self, value: int) -> bool:
        """True if either end of the tile shows ``value``."""
        return self.low == value or self.high == value

    def other_end(self, value: int) -> int:
        """The end left open when this tile is matched against ``value``."""
        return self.high if self.low == value else self.low

    def __str__(self) -> str:
        return f"{self.low}|{self.high}"


def make_tile(a: int, b: int) -> Tile:
    """Return the tile with ends ``a`` and ``b`` in either order."""
    return Tile(a, b) if a <= b else Tile(b, a)


def parse_tile(value: Any) -> Tile:
    """Read a tile from ``"3|5"``, ``[3, 5]`` or a :class:`Tile`; raise ``ValueError`` otherwise."""
    if isinstance(value, Tile):
        return value
    if isinstance(value, str):
        parts = value.split("|")
        if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
            raise ValueError(f"{value!r} is not a tile: write tiles as 'low|high', e.g. '3|5'")
        a, b = (int(p) for p in parts)
    elif (
        isinstance(value, (list, tuple))
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        a, b = value
    else:
        raise ValueError(f"{value!r} is not a tile: write tiles as 'low|high', e.g. '3|5'")
    if not (0 <= a <= MAX_PIPS and 0 <= b <= MAX_PIPS):
        raise ValueError(f"{value!r} is not a tile: ends go from 0 to {MAX_PIPS}")
    return make_tile(a, b)


TileField = Annotated[Tile, BeforeValidator(parse_tile), PlainSerializer(str, when_used="json")]
"""A :class:`Tile` inside a Pydantic model: accepts ``"3|5"`` or ``[3, 5]``, writes ``"3|5"``."""


@cache
def full_set(highest: int) -> tuple[Tile, ...]:
    """Every tile of a double-``highest`` set, in a fixed order (0|0, 0|1, ... highest|highest)."""
    return tuple(Tile(a, b) for a in range(highest + 1) for b in range(a, highest + 1))


def set_tile_count(highest: int) -> int:
    """How many tiles a double-``highest`` set holds: 28 for double-6, 55 for double-9."""
    return (highest + 1) * (highest + 2) // 2
