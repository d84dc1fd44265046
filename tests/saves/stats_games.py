"""Hand-made finished games for the statistics' tests, with numbers easy to work out by hand."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from chickenfoot.saves.stats import FinishedGame, SeatResult

START = datetime(2026, 3, 1, 12, tzinfo=UTC)


def seat(name: str, total: int, place: int, zeros: int = 0, level: str | None = None) -> SeatResult:
    """A seat of a finished game: a person, or a computer player when ``level`` is given."""
    return SeatResult(name, "human" if level is None else "computer", level, total, place, zeros)


def game(day: int, preset_name: str, rounds: int, *seats: SeatResult) -> FinishedGame:
    """A finished game dealt ``day`` days after :data:`START`, saved as ``g<day>.json``."""
    return FinishedGame(
        Path(f"g{day}.json"), START + timedelta(days=day), preset_name, rounds, seats
    )


GAMES = (
    game(0, "cross", 2, seat("Ana", 10, 1, 1), seat("Bea", 30, 2), seat("Bot", 50, 3, 0, "hard")),
    game(
        1,
        "trains",
        3,
        seat("Ana", 40, 3),
        seat("Bea", 20, 1, 2),
        seat("Cpu", 20, 1, 1, "casual"),
    ),
    game(2, "cross", 1, seat("Ana", 5, 1, 1), seat("Cpu", 15, 2, 0, "casual")),
)
"""Ana wins games 0 and 2; Bea shares game 1's win with a casual computer player."""
