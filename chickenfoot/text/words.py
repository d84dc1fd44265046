"""Small words used everywhere: seat names, plurals, articles, tiles and places in words."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from chickenfoot.rules import Tile


def seat_name(names: Sequence[str], seat: int) -> str:
    """The name of ``seat``, or "Seat N" (1-based) when no name is known."""
    if 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return f"Seat {seat + 1}"


def possessive(name: str) -> str:
    """``name`` owning something: "Ana's", "James'", and "Your" for the default name "You"."""
    if name.casefold() == "you":
        return "Your"
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def plural(count: int, word: str) -> str:
    """``count`` and ``word``, with an "s" unless the count is one: "2 toes", "1 toe"."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def a_number(number: int) -> str:
    """``number`` with its article as it is said aloud: "a 5", "an 8", "an 11", "an 18"."""
    spoken_with_a_vowel = number in (8, 11, 18) or 80 <= number <= 89
    return f"{'an' if spoken_with_a_vowel else 'a'} {number}"


def double_text(value: int) -> str:
    """The double of ``value`` written as a tile: 9 -> "9|9"."""
    return f"{value}|{value}"


def place_name(target: str) -> str:
    """A board position in words: "A" is "arm A", "A.2" is "toe A.2"."""
    return f"toe {target}" if "." in target else f"arm {target}"


def hand_order(tile: Tile) -> tuple[int, int, int]:
    """Sort key of a tile in a hand: doubles first, then by the higher end, then the lower,
    heaviest first; so tiles sharing a high number sit together."""
    return (0 if tile.is_double else 1, -tile.high, -tile.low)


def sorted_hand(tiles: Iterable[Tile]) -> tuple[Tile, ...]:
    """``tiles`` in the order a hand is shown: doubles (highest first), then the others grouped
    by their higher end, heaviest first. E.g. 6|6 2|2 5|6 1|6 3|5 0|4."""
    return tuple(sorted(tiles, key=hand_order))
