"""The statistics of the finished games, as the store answers them: per person, per computer
level, per preset, and each person's win share over time.

People are counted by name (the same name in two games is the same person); computer
players by their ladder level (an older save's ``random`` and ``greedy`` count as beginner
and casual). Only finished games count. A win shared by ``k`` seats is a win for each of
them and counts ``1/k`` towards each one's win share (as in ``chickenfoot simulate``), so
the shares of one game add up to one. The store works these out with queries
(:meth:`chickenfoot.saves.store.GameStore.statistics`); this module holds what they return.
It imports no Textual and words nothing (see :mod:`chickenfoot.text.stats`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Literal

from chickenfoot.bots import BOT_LEVELS, ladder_level

__all__ = [
    "GameScore",
    "LevelStats",
    "PlayerStats",
    "PresetStats",
    "SeatResult",
    "ShareSeries",
    "Statistics",
    "Versus",
    "ladder_order",
]


@dataclass(frozen=True)
class SeatResult:
    """One seat of a finished game: who sat there and how it ended for them."""

    name: str
    player: Literal["human", "computer"]
    level: str | None
    """The computer player's ladder level (an older name such as ``greedy`` is shown as its
    ladder level, ``casual``); None for a person."""
    total: int
    place: int
    """1 for a winner (a shared win gives several seats place 1)."""
    zero_rounds: int
    share: float
    """This seat's share of the win: 1/k for one of k winners, else 0."""

    @classmethod
    def of(
        cls, name: str, level: str | None, total: int, place: int, zero_rounds: int, winners: int
    ) -> SeatResult:
        """The result of a seat (``level`` None for a person) in a game ``winners`` seats won."""
        return cls(
            name=name,
            player="human" if level is None else "computer",
            level=None if level is None else ladder_level(level),
            total=total,
            place=place,
            zero_rounds=zero_rounds,
            share=1 / winners if place == 1 else 0.0,
        )


@dataclass(frozen=True)
class GameScore:
    """One seat's total in one game, and which game it was."""

    total: int
    created: datetime
    game: int
    """The game's number in the store."""


@dataclass(frozen=True)
class Versus:
    """A person's results in the games that had a computer player of one level."""

    level: str
    games: int
    won: int
    """Games the person won (shared wins included)."""
    ahead: int
    """Games the person finished ahead of every computer player of this level."""


@dataclass(frozen=True)
class PlayerStats:
    """One person's results over every finished game they played."""

    name: str
    games: int
    won: int
    """Games won, shared wins included."""
    shared: int
    """Of those, the wins shared with another seat."""
    share: float
    """Win share, 0 to 1: each win counts 1, or 1/k when shared by k seats, over the games."""
    mean_score: float
    best: GameScore
    """The game with the lowest total (the first such game)."""
    worst: GameScore
    """The game with the highest total (the first such game)."""
    zero_rounds: int
    rounds: int
    """Rounds played: ``zero_rounds`` of these scored 0."""
    versus: tuple[Versus, ...]
    """Results against each computer level met, weakest level first."""


@dataclass(frozen=True)
class LevelStats:
    """The results of the computer players of one ladder level."""

    level: str
    games: int
    """Seats played: two computer players of one level in a game count twice."""
    won: int
    share: float
    mean_score: float


@dataclass(frozen=True)
class PresetStats:
    """The games played under one preset (cross, trains)."""

    preset: str
    games: int
    rounds: int
    mean_score: float
    """The mean total of a seat."""
    mean_winning_score: float
    """The mean total of the winner(s)."""


@dataclass(frozen=True)
class ShareSeries:
    """One person's win share (0 to 1) after each of their games: (game number, share),
    the game number counting every finished game from the oldest (1) on."""

    name: str
    games: int
    """How many games the person played."""
    points: tuple[tuple[int, float], ...]


@dataclass(frozen=True)
class Statistics:
    """Everything the Stats screen and ``chickenfoot stats`` show."""

    games: int
    unfinished: int
    players: tuple[PlayerStats, ...]
    """People, most games first, then by name."""
    levels: tuple[LevelStats, ...]
    """Computer levels that played, weakest first."""
    presets: tuple[PresetStats, ...]
    """Presets played, by name."""
    series: tuple[ShareSeries, ...] = ()
    """The win share over time of the people with the most games (the chart)."""


def ladder_order(level: str) -> int:
    """Where ``level`` stands on the ladder, weakest first (an unknown level last)."""
    levels = list(BOT_LEVELS)
    return levels.index(level) if level in levels else len(levels)
