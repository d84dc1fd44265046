"""Small words used everywhere: seat names, plurals, articles, tiles and places in words."""

from __future__ import annotations

from collections.abc import Sequence


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
