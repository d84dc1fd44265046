"""The statistics of the finished games: per person, per computer level, per preset.

:func:`tally` turns what :func:`chickenfoot.saves.stats.gather` found into
:class:`Statistics`. People are counted by name (the same name in two games is the same
person); computer players by their ladder level. Only finished games count. A win shared by
``k`` seats is a win for each of them and counts ``1/k`` towards each one's win share (as in
``chickenfoot simulate``), so the shares of one game add up to one.

:func:`win_share_series` is each person's win share after each of their games, over the
games in the order they were dealt (the Stats screen's chart). This module imports no
Textual and words nothing (see :mod:`chickenfoot.text.stats`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from chickenfoot.bots import BOT_LEVELS
from chickenfoot.saves.stats import FinishedGame, Gathered, SeatResult
from chickenfoot.saves.storage import SaveSummary

__all__ = [
    "GameScore",
    "LevelStats",
    "PlayerStats",
    "PresetStats",
    "ShareSeries",
    "Statistics",
    "Versus",
    "tally",
    "win_share_series",
]


@dataclass(frozen=True)
class GameScore:
    """One seat's total in one game, and which game it was."""

    total: int
    created: datetime
    path: Path


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
class Statistics:
    """Everything the Stats screen and ``chickenfoot stats`` show."""

    games: int
    unfinished: int
    broken: tuple[SaveSummary, ...]
    players: tuple[PlayerStats, ...]
    """People, most games first, then by name."""
    levels: tuple[LevelStats, ...]
    """Computer levels that played, weakest first."""
    presets: tuple[PresetStats, ...]
    """Presets played, by name."""


@dataclass
class _Player:
    """A person's running tally while the games are gone through."""

    best: GameScore
    worst: GameScore
    games: int = 0
    won: int = 0
    shared: int = 0
    share: float = 0.0
    points: int = 0
    zero_rounds: int = 0
    rounds: int = 0
    versus: dict[str, list[int]] = field(default_factory=dict)
    """level -> [games, won, ahead]."""


def _share(seat: SeatResult, game: FinishedGame) -> float:
    return 1 / game.winners if seat.place == 1 else 0.0


def _add_player(players: dict[str, _Player], seat: SeatResult, game: FinishedGame) -> None:
    player = players.get(seat.name)
    if player is None:
        score = GameScore(seat.total, game.created, game.path)
        player = players[seat.name] = _Player(best=score, worst=score)
    player.games += 1
    player.won += seat.place == 1
    player.shared += seat.place == 1 and game.winners > 1
    player.share += _share(seat, game)
    player.points += seat.total
    player.zero_rounds += seat.zero_rounds
    player.rounds += game.rounds
    if seat.total < player.best.total:
        player.best = GameScore(seat.total, game.created, game.path)
    if seat.total > player.worst.total:
        player.worst = GameScore(seat.total, game.created, game.path)
    best_place: dict[str, int] = {}
    for other in game.seats:
        if other.level is not None:
            best_place[other.level] = min(other.place, best_place.get(other.level, other.place))
    for level, place in best_place.items():
        counts = player.versus.setdefault(level, [0, 0, 0])
        counts[0] += 1
        counts[1] += seat.place == 1
        counts[2] += seat.place < place


def _ladder_order(level: str) -> int:
    levels = list(BOT_LEVELS)
    return levels.index(level) if level in levels else len(levels)


def _player_stats(name: str, player: _Player) -> PlayerStats:
    versus = tuple(
        Versus(level, *counts)
        for level, counts in sorted(player.versus.items(), key=lambda item: _ladder_order(item[0]))
    )
    return PlayerStats(
        name=name,
        games=player.games,
        won=player.won,
        shared=player.shared,
        share=player.share / player.games,
        mean_score=player.points / player.games,
        best=player.best,
        worst=player.worst,
        zero_rounds=player.zero_rounds,
        rounds=player.rounds,
        versus=versus,
    )


@dataclass
class _Level:
    """A computer level's running tally."""

    seats: int = 0
    won: int = 0
    share: float = 0.0
    points: int = 0


@dataclass
class _Preset:
    """A preset's running tally."""

    games: int = 0
    rounds: int = 0
    seats: int = 0
    points: int = 0
    winners: int = 0
    winning_points: int = 0


def tally(gathered: Gathered) -> Statistics:
    """The statistics of the finished games ``gathered`` found."""
    players: dict[str, _Player] = {}
    levels: dict[str, _Level] = {}
    presets: dict[str, _Preset] = {}
    for game in gathered.games:
        for seat in game.seats:
            if seat.level is None:
                _add_player(players, seat, game)
            else:
                level = levels.setdefault(seat.level, _Level())
                level.seats += 1
                level.won += seat.place == 1
                level.share += _share(seat, game)
                level.points += seat.total
        preset = presets.setdefault(game.preset, _Preset())
        preset.games += 1
        preset.rounds += game.rounds
        preset.seats += len(game.seats)
        preset.points += sum(seat.total for seat in game.seats)
        preset.winners += game.winners
        preset.winning_points += sum(seat.total for seat in game.seats if seat.place == 1)
    by_games = sorted(players.items(), key=lambda item: (-item[1].games, item[0].casefold()))
    return Statistics(
        games=len(gathered.games),
        unfinished=gathered.unfinished,
        broken=gathered.broken,
        players=tuple(_player_stats(name, player) for name, player in by_games),
        levels=tuple(
            LevelStats(
                name, level.seats, level.won, level.share / level.seats, level.points / level.seats
            )
            for name, level in sorted(levels.items(), key=lambda item: _ladder_order(item[0]))
        ),
        presets=tuple(
            PresetStats(
                name,
                preset.games,
                preset.rounds,
                preset.points / preset.seats,
                preset.winning_points / preset.winners,
            )
            for name, preset in sorted(presets.items())
        ),
    )


@dataclass(frozen=True)
class ShareSeries:
    """One person's win share (0 to 1) after each of their games: (game number, share),
    the game number counting every finished game from the oldest (1) on."""

    name: str
    games: int
    """How many games the person played."""
    points: tuple[tuple[int, float], ...]


def win_share_series(
    games: Sequence[FinishedGame], names: Sequence[str], most_points: int
) -> tuple[ShareSeries, ...]:
    """The win share over time of each person in ``names``, from ``games`` (oldest first),
    with at most ``most_points`` points each (evenly spread, the last one always kept)."""
    shares = dict.fromkeys(names, 0.0)
    played = dict.fromkeys(names, 0)
    points: dict[str, list[tuple[int, float]]] = {name: [] for name in names}
    for number, game in enumerate(games, start=1):
        for seat in game.seats:
            if seat.level is None and seat.name in shares:
                shares[seat.name] += _share(seat, game)
                played[seat.name] += 1
                points[seat.name].append((number, shares[seat.name] / played[seat.name]))
    return tuple(
        ShareSeries(name, played[name], _thinned(points[name], most_points)) for name in names
    )


def _thinned(points: list[tuple[int, float]], most: int) -> tuple[tuple[int, float], ...]:
    """At most ``most`` of ``points``, evenly spread, the first and last always kept."""
    if len(points) <= most:
        return tuple(points)
    last = len(points) - 1
    picked = sorted({round(step * last / (most - 1)) for step in range(most)})
    return tuple(points[index] for index in picked)
