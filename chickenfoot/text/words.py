"""Small words used everywhere: seat names, plurals, articles, tiles and places in words."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from chickenfoot.record.names import display_width
from chickenfoot.rules import Tile


def seat_name(names: Sequence[str], seat: int) -> str:
    """The name of ``seat``, or "Seat N" (1-based) when no name is known."""
    if 0 <= seat < len(names) and names[seat]:
        return names[seat]
    return f"Seat {seat + 1}"


SECOND_PERSON = "you"
"""The name (any case) that is spoken to rather than about: the default seat name "You"."""

BASE_FORMS: dict[str, str] = {
    "has": "have",
    "is": "are",
    "goes": "go",
    "passes": "pass",
    "places": "place",
}
"""Verbs whose form after "you" is not the third person minus its "s"."""


def is_you(name: str) -> bool:
    """True for the seat that is spoken to: the one named "You"."""
    return name.casefold() == SECOND_PERSON


def verb(subject: str, third_person: str) -> str:
    """``third_person`` ("plays", "wins") in agreement with ``subject``: "play", "win" after
    "You", unchanged after any other name."""
    if not is_you(subject):
        return third_person
    return BASE_FORMS.get(third_person, third_person.removesuffix("s"))


def in_sentence(name: str) -> str:
    """``name`` written inside a sentence: "you" for "You", any other name as it is."""
    return SECOND_PERSON if is_you(name) else name


def possessive(name: str) -> str:
    """``name`` owning something: "Ana's", "James'", and "Your" for the default name "You"."""
    if name.casefold() == "you":
        return "Your"
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def fitted(text: str, width: int) -> str:
    """``text`` cut to ``width`` terminal columns (wide characters take two), an ellipsis
    marking the cut."""
    if display_width(text) <= width:
        return text
    kept = ""
    for character in text:
        if display_width(kept + character) > width - 1:
            break
        kept += character
    return kept + "…"


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


COUNT_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
"""Small counts as words ("keeps three 5s playable", "four out")."""


def count_word(count: int) -> str:
    """A count as players say it: "no", "one" ... "nine", then digits ("12")."""
    return COUNT_WORDS[count] if 0 <= count < len(COUNT_WORDS) else str(count)
