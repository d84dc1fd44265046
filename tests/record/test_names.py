"""Player names: invisible and text-direction characters are refused; widths as shown."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from chickenfoot.record.model import SeatConfig, seat_problem
from chickenfoot.record.names import display_width, name_problem


@pytest.mark.parametrize(
    ("text", "width"),
    [
        ("Ana", 3),
        ("", 0),
        ("日本語", 6),
        ("ｱｲ", 2),  # half-width katakana
        ("e\u0301", 1),  # e + combining acute
        ("한국", 4),
        ("\u1100\u1161", 2),  # a Hangul syllable written as jamo
        ("😀", 2),
        ("❤️", 2),  # a narrow heart made an emoji by U+FE0F
        ("👩\u200d🚀", 2),  # one emoji joined from two
        ("👨\u200d👩\u200d👧", 2),
        ("👍🏽", 2),  # a skin tone takes no room of its own
        ("🇫🇷", 2),
        ("a\u200bb", 2),
        ("Zoë Ⅻ", 5),
    ],
)
def test_display_width_counts_columns(text: str, width: int) -> None:
    assert display_width(text) == width


@pytest.mark.parametrize(
    ("name", "problem"),
    [
        ("Ana\u202egnp.exe", "the name contains U+202E (right-to-left override)"),
        ("\u2066Ana", "U+2066 (left-to-right isolate)"),
        ("A\u200fna", "U+200F (right-to-left mark)"),
        ("A\u200bna", "U+200B (zero width space)"),
        ("Ana\u00ad", "U+00AD (soft hyphen)"),
        ("\ufeffAna", "U+FEFF (zero width no-break space)"),
        ("Ana\u2028Bob", "U+2028 (line separator)"),
        ("Ana\x1b[2J", "a control character (U+001B)"),
        ("Ana\udc80", "U+DC80"),
        ("Ana\u200d", "a zero-width joiner (U+200D) that joins nothing"),
        ("\u200cAna", "a zero-width non-joiner (U+200C) that joins nothing"),
        ("a\u200d\u200db", "joins nothing"),
        ("\u0301\u0301", "the name shows nothing"),
        ("🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f", "U+E0067 (tag latin"),
    ],
)
def test_invisible_characters_are_refused(name: str, problem: str) -> None:
    found = name_problem(name)
    assert found is not None and problem in found
    with pytest.raises(ValidationError, match="name"):
        SeatConfig(name=name, player="human")


@pytest.mark.parametrize(
    "name",
    [
        "Ana",
        "José María",
        "Zoë",
        "李小龍",
        "محمد",
        "می‌خواهم",  # Persian with a zero-width non-joiner inside a word
        "👩\u200d🚀 Ada",
        "❤️\u200d🔥",
        "क्‍ष",  # Devanagari with a zero-width joiner
        "[bold]Cé[/bold]",
        "Ana\u00a0B",
        "\ue000",  # private use: an icon font's symbol
    ],
)
def test_real_names_are_allowed(name: str) -> None:
    assert name_problem(name) is None
    assert SeatConfig(name=name, player="human").name == name


@pytest.mark.parametrize(
    ("name", "player", "level", "problem"),
    [
        ("Ana", "human", None, None),
        ("Bot", "computer", "greedy", None),
        ("x" * 25, "human", None, "the name must be at most 24 characters long"),
        ("   ", "human", None, "the name must not be empty"),
        (
            "A\u202e",
            "human",
            None,
            "the name contains U+202E (right-to-left override), an invisible character that "
            "could disguise the name or disturb the screen: use plain text",
        ),
        (
            "Ana",
            "robot",
            None,
            "the player \"robot\" is not allowed here: use 'human' or 'computer'",
        ),
        ("Ana", "computer", None, "a computer player needs a level, e.g. 'casual'"),
    ],
)
def test_seat_problems_are_plain_words(
    name: str, player: str, level: str | None, problem: str | None
) -> None:
    assert seat_problem(name, player, level) == problem
