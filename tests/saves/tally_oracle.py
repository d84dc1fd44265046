"""The statistics worked out game by game in Python: the oracle the store's queries are
checked against, and a quick way to make :class:`Statistics` for the tests of what shows them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from chickenfoot.record.model import GameRecord
from chickenfoot.record.tallies import (
    GameScore,
    LevelStats,
    PlayerStats,
    PresetStats,
    SeatResult,
    ShareSeries,
    Statistics,
    Versus,
    ladder_order,
)
from chickenfoot.saves.store import GameFacts

START = datetime(2026, 3, 1, 12, tzinfo=UTC)


@dataclass(frozen=True)
class FinishedGame:
    """What the statistics need of one finished game."""

    game: int
    created: datetime
    preset: str
    rounds: int
    seats: tuple[SeatResult, ...]

    @property
    def winners(self) -> int:
        """How many seats share the win (1 for an outright win)."""
        return sum(1 for seat in self.seats if seat.place == 1)

    @classmethod
    def of(cls, game: int, record: GameRecord) -> FinishedGame:
        """The finished game ``record``, stored as game ``game``."""
        facts = GameFacts.of(record)
        assert facts.finished
        return cls(game, record.created, record.rules.preset, facts.rounds_played, facts.results)


def seat(name: str, total: int, place: int, zeros: int = 0, level: str | None = None) -> SeatResult:
    """A seat of a hand-made game (its share is set by :func:`game`)."""
    return SeatResult(
        name, "human" if level is None else "computer", level, total, place, zeros, 0.0
    )


def game(day: int, preset_name: str, rounds: int, *seats: SeatResult) -> FinishedGame:
    """A hand-made finished game, number ``day``, dealt ``day`` days after :data:`START`."""
    winners = sum(1 for one in seats if one.place == 1)
    shared = tuple(
        SeatResult(
            one.name,
            one.player,
            one.level,
            one.total,
            one.place,
            one.zero_rounds,
            1 / winners if one.place == 1 else 0.0,
        )
        for one in seats
    )
    return FinishedGame(day, START + timedelta(days=day), preset_name, rounds, shared)


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


def _add_player(players: dict[str, _Player], seat: SeatResult, game: FinishedGame) -> None:
    player = players.get(seat.name)
    if player is None:
        score = GameScore(seat.total, game.created, game.game)
        player = players[seat.name] = _Player(best=score, worst=score)
    player.games += 1
    player.won += seat.place == 1
    player.shared += seat.place == 1 and game.winners > 1
    player.share += seat.share
    player.points += seat.total
    player.zero_rounds += seat.zero_rounds
    player.rounds += game.rounds
    if seat.total < player.best.total:
        player.best = GameScore(seat.total, game.created, game.game)
    if seat.total > player.worst.total:
        player.worst = GameScore(seat.total, game.created, game.game)
    best_place: dict[str, int] = {}
    for other in game.seats:
        if other.level is not None:
            best_place[other.level] = min(other.place, best_place.get(other.level, other.place))
    for level, place in best_place.items():
        counts = player.versus.setdefault(level, [0, 0, 0])
        counts[0] += 1
        counts[1] += seat.place == 1
        counts[2] += seat.place < place


def _player_stats(name: str, player: _Player) -> PlayerStats:
    versus = tuple(
        Versus(level, *counts)
        for level, counts in sorted(player.versus.items(), key=lambda item: ladder_order(item[0]))
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


def tally(
    games: Sequence[FinishedGame],
    unfinished: int = 0,
    chart_people: int = 5,
    most_points: int = 120,
) -> Statistics:
    """The statistics of the finished ``games`` (oldest first), worked out one by one, with
    the win share over time of the ``chart_people`` people with the most games."""
    players: dict[str, _Player] = {}
    levels: dict[str, _Level] = {}
    presets: dict[str, _Preset] = {}
    for game in games:
        for seat in game.seats:
            if seat.level is None:
                _add_player(players, seat, game)
            else:
                level = levels.setdefault(seat.level, _Level())
                level.seats += 1
                level.won += seat.place == 1
                level.share += seat.share
                level.points += seat.total
        preset = presets.setdefault(game.preset, _Preset())
        preset.games += 1
        preset.rounds += game.rounds
        preset.seats += len(game.seats)
        preset.points += sum(seat.total for seat in game.seats)
        preset.winners += game.winners
        preset.winning_points += sum(seat.total for seat in game.seats if seat.place == 1)
    by_games = sorted(
        players.items(), key=lambda item: (-item[1].games, item[0].casefold(), item[0])
    )
    followed = [name for name, _player in by_games[:chart_people]]
    return Statistics(
        games=len(games),
        unfinished=unfinished,
        players=tuple(_player_stats(name, player) for name, player in by_games),
        levels=tuple(
            LevelStats(
                name, level.seats, level.won, level.share / level.seats, level.points / level.seats
            )
            for name, level in sorted(levels.items(), key=lambda item: ladder_order(item[0]))
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
        series=win_share_series(games, followed, most_points),
    )


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
                shares[seat.name] += seat.share
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
