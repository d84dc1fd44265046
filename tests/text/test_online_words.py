"""The words of online tables: countdowns, drop-outs, covering computers, the lobby, the link."""

from __future__ import annotations

import pytest

from chickenfoot.text import online


@pytest.mark.parametrize(
    ("seconds", "shown"), [(72, "1:12"), (71.2, "1:12"), (0.4, "0:01"), (0, "0:00"), (-3, "0:00")]
)
def test_a_countdown_shows_minutes_and_seconds_rounded_up(seconds: float, shown: str) -> None:
    assert online.clock(seconds) == shown


def test_a_lost_seat_says_how_long_it_waits() -> None:
    assert online.lost("Ana", 72) == "Ana lost connection · waiting 1:12"
    assert online.lost("Ana", None) == "Ana lost connection · waiting"
    assert "a hard computer plays for Ana" in online.covered("Ana", "hard")
    assert online.back("Ana") == "Ana is back"


def test_the_lobby_says_who_is_missing_and_who_starts() -> None:
    assert online.lobby("KM7R3P", 1, creator=True) == (
        "Table KM7R3P · waiting for 1 more person · ctrl+s starts the game"
    )
    assert "every seat is taken · the table's creator starts" in online.lobby("X", 0, False)
    assert online.lobby("X", 2, creator=True, by_itself=True) == (
        "Table X · waiting for 2 more people · the game starts once everyone has joined"
    )


def test_a_lost_link_says_why_and_when_it_tries_again() -> None:
    line = online.reconnecting("nothing answers at host:1", 2.4, 3)
    assert line == "Nothing answers at host:1 · trying again in 2 s (3 attempts so far)"
    assert online.reconnecting(None, 0.2, 1) == "Connection lost · trying again in 1 s"
