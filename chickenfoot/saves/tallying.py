"""The statistics in the store: each finished game's results, tallies kept in step with them,
and the queries that read them.

When a game is finished (or stops being finished: deleted, or its stored copy replaced), the
same transaction adds its seats' results (the ``results`` table) to, or takes them from, four
tallies: per person (``tally_people``), per person and computer level met
(``tally_versus``), per computer level (``tally_levels``) and per preset
(``tally_presets``). Each finished game also has its rank among the finished games, oldest
dealt first (``games.finished_rank``, copied into its ``results`` rows): the number the win
share chart counts games by. A game that is not the newest shifts the ranks after it. Each
person's results also carry how many games they had played by then (``nth``) and the sum of
their win shares so far (``share_sum``), so a point of their chart line is one look-up; and
``tally_games`` counts the games, finished and not.

So the statistics never add up the games when they are asked for: :func:`statistics` reads
a row per person, level and preset, a few index look-ups per person for the best and worst
game, and, for the chart, the results of the people it follows in rank order (a covering
index). This module imports no Textual.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from datetime import datetime

from chickenfoot.record.summary import GameId
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

__all__ = [
    "add_results",
    "count_game",
    "counted_games",
    "forget_results",
    "picked_points",
    "statistics",
]


def _time(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


# ----- keeping the tallies in step -------------------------------------------------------------


def add_results(
    db: sqlite3.Connection, game: GameId, facts: GameFacts, preset: str, created: str
) -> None:
    """Add the finished ``game`` (dealt at ``created``, under ``preset``) to the results, the
    tallies and the ranks."""
    before = db.execute(
        "SELECT finished_rank FROM games INDEXED BY finished_by_creation "
        "WHERE finished = 1 AND (created, id) < (?, ?) ORDER BY created DESC, id DESC LIMIT 1",
        (created, game),
    ).fetchone()
    rank = 1 if before is None else int(before[0]) + 1
    db.execute(
        "UPDATE games INDEXED BY finished_by_creation SET finished_rank = finished_rank + 1 "
        "WHERE finished = 1 AND (created, id) > (?, ?)",
        (created, game),
    )
    db.execute("UPDATE results SET rank = rank + 1 WHERE rank >= ?", (rank,))
    db.execute("UPDATE games SET finished_rank = ? WHERE id = ?", (rank, game))
    results = facts.results
    winners = sum(1 for result in results if result.place == 1)
    for seat, result in enumerate(results):
        db.execute(
            "INSERT INTO results (game, seat, name, level, total, place, zero_rounds, share, "
            "created, rounds, winners, rank) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                game,
                seat,
                result.name,
                result.level,
                result.total,
                result.place,
                result.zero_rounds,
                result.share,
                created,
                facts.rounds_played,
                winners,
                rank,
            ),
        )
        if result.level is None:
            _count_in(db, game, seat, rank, result)
    _tally(db, results, facts.rounds_played, preset, 1)


def forget_results(db: sqlite3.Connection, game: GameId) -> None:
    """Take the finished ``game`` out of the results, the tallies and the ranks (before it is
    deleted, or its results are written again)."""
    row = db.execute(
        "SELECT created, finished_rank, preset, rounds_played FROM games WHERE id = ?", (game,)
    ).fetchone()
    if row is None or row[1] is None:
        return
    created, rank, preset, rounds = row
    results = tuple(
        SeatResult(
            name, "human" if level is None else "computer", level, total, place, zeros, share
        )
        for name, level, total, place, zeros, share in db.execute(
            "SELECT name, level, total, place, zero_rounds, share FROM results WHERE game = ? "
            "ORDER BY seat",
            (game,),
        )
    )
    _tally(db, results, rounds, preset, -1)
    for seat, result in enumerate(results):
        if result.level is None:
            db.execute(
                "UPDATE results INDEXED BY results_by_rank "
                "SET nth = nth - 1, share_sum = share_sum - ? "
                "WHERE name = ? AND level IS NULL AND (rank, seat) > (?, ?)",
                (result.share, result.name, rank, seat),
            )
    db.execute("DELETE FROM results WHERE game = ?", (game,))
    db.execute("UPDATE results SET rank = rank - 1 WHERE rank > ?", (rank,))
    db.execute(
        "UPDATE games INDEXED BY finished_by_creation SET finished_rank = finished_rank - 1 "
        "WHERE finished = 1 AND (created, id) > (?, ?)",
        (created, game),
    )
    db.execute("UPDATE games SET finished_rank = NULL WHERE id = ?", (game,))


def _count_in(
    db: sqlite3.Connection, game: GameId, seat: int, rank: int, result: SeatResult
) -> None:
    """Give a person's new result its place among their games (``nth``) and their win
    shares so far (``share_sum``); their later results count one game more."""
    before = db.execute(
        "SELECT nth, share_sum FROM results INDEXED BY results_by_rank "
        "WHERE name = ? AND level IS NULL AND (rank, seat) < (?, ?) "
        "ORDER BY rank DESC, seat DESC LIMIT 1",
        (result.name, rank, seat),
    ).fetchone()
    nth, share_sum = (0, 0.0) if before is None else before
    db.execute(
        "UPDATE results SET nth = ?, share_sum = ? WHERE game = ? AND seat = ?",
        (nth + 1, share_sum + result.share, game, seat),
    )
    db.execute(
        "UPDATE results INDEXED BY results_by_rank SET nth = nth + 1, share_sum = share_sum + ? "
        "WHERE name = ? AND level IS NULL AND (rank, seat) > (?, ?)",
        (result.share, result.name, rank, seat),
    )


def count_game(db: sqlite3.Connection, finished: bool, sign: int) -> None:
    """Count one game more (``sign`` 1) or less (-1), finished or not."""
    db.execute(
        "INSERT INTO tally_games VALUES (?, ?) "
        "ON CONFLICT (finished) DO UPDATE SET games = games + excluded.games",
        (int(finished), sign),
    )


def counted_games(db: sqlite3.Connection, finished: bool | None = None) -> int:
    """How many games there are: finished, unfinished, or all (None)."""
    if finished is None:
        (count,) = db.execute("SELECT TOTAL(games) FROM tally_games").fetchone()
    else:
        row = db.execute(
            "SELECT games FROM tally_games WHERE finished = ?", (int(finished),)
        ).fetchone()
        count = 0 if row is None else row[0]
    return int(count)


def _tally(
    db: sqlite3.Connection,
    results: Sequence[SeatResult],
    rounds: int,
    preset: str,
    sign: int,
) -> None:
    """Add (``sign`` 1) or take away (-1) one finished game's results to or from the tallies;
    a tally that comes down to no games is removed."""
    winners = sum(1 for result in results if result.place == 1)
    best_place: dict[str, int] = {}
    for result in results:
        if result.level is not None:
            best_place[result.level] = min(result.place, best_place.get(result.level, result.place))
    people = [result for result in results if result.level is None]
    db.executemany(
        "INSERT INTO tally_people VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (name) DO UPDATE SET "
        "games = games + excluded.games, won = won + excluded.won, "
        "shared = shared + excluded.shared, share = share + excluded.share, "
        "points = points + excluded.points, zero_rounds = zero_rounds + excluded.zero_rounds, "
        "rounds = rounds + excluded.rounds",
        [
            (
                person.name,
                sign,
                sign * (person.place == 1),
                sign * (person.place == 1 and winners > 1),
                sign * person.share,
                sign * person.total,
                sign * person.zero_rounds,
                sign * rounds,
            )
            for person in people
        ],
    )
    db.executemany(
        "INSERT INTO tally_versus VALUES (?, ?, ?, ?, ?) ON CONFLICT (name, level) DO UPDATE SET "
        "games = games + excluded.games, won = won + excluded.won, ahead = ahead + excluded.ahead",
        [
            (person.name, level, sign, sign * (person.place == 1), sign * (person.place < place))
            for person in people
            for level, place in best_place.items()
        ],
    )
    db.executemany(
        "INSERT INTO tally_levels VALUES (?, ?, ?, ?, ?) ON CONFLICT (level) DO UPDATE SET "
        "seats = seats + excluded.seats, won = won + excluded.won, "
        "share = share + excluded.share, points = points + excluded.points",
        [
            (
                result.level,
                sign,
                sign * (result.place == 1),
                sign * result.share,
                sign * result.total,
            )
            for result in results
            if result.level is not None
        ],
    )
    db.execute(
        "INSERT INTO tally_presets VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (preset) DO UPDATE SET "
        "games = games + excluded.games, rounds = rounds + excluded.rounds, "
        "seats = seats + excluded.seats, points = points + excluded.points, "
        "winners = winners + excluded.winners, "
        "winning_points = winning_points + excluded.winning_points",
        (
            preset,
            sign,
            sign * rounds,
            sign * len(results),
            sign * sum(result.total for result in results),
            sign * winners,
            sign * sum(result.total for result in results if result.place == 1),
        ),
    )
    if sign < 0:
        db.execute("DELETE FROM tally_people WHERE games <= 0")
        db.execute("DELETE FROM tally_versus WHERE games <= 0")
        db.execute("DELETE FROM tally_levels WHERE seats <= 0")
        db.execute("DELETE FROM tally_presets WHERE games <= 0")


# ----- reading ------------------------------------------------------------------------------------

_BEST = (
    "SELECT total, created, game FROM results INDEXED BY results_by_total "
    "WHERE name = ? AND level IS NULL ORDER BY total, created, game LIMIT 1"
)
_HIGHEST = (
    "SELECT MAX(total) FROM results INDEXED BY results_by_total WHERE name = ? AND level IS NULL"
)
_FIRST_WITH = (
    "SELECT total, created, game FROM results INDEXED BY results_by_total "
    "WHERE name = ? AND level IS NULL AND total = ? ORDER BY created, game LIMIT 1"
)
_SERIES = """
    SELECT rank, share_sum / nth FROM results INDEXED BY results_by_nth
    WHERE name = ? AND level IS NULL AND nth IN (SELECT value FROM json_each(?))
    ORDER BY nth
"""


def picked_points(count: int, most: int) -> list[int]:
    """Which of ``count`` points a line keeps: at most ``most``, evenly spread, the first
    and the last always kept."""
    if count <= most:
        return list(range(count))
    last = count - 1
    return sorted({round(step * last / (most - 1)) for step in range(most)})


def _score(row: Sequence[object]) -> GameScore:
    total, created, game = row
    assert isinstance(total, int)
    assert isinstance(created, str)
    assert isinstance(game, int)
    return GameScore(total, _time(created), game)


def statistics(db: sqlite3.Connection, chart_people: int, most_points: int) -> Statistics:
    """Every figure of the Stats screen, from the tallies (call it inside one read
    transaction)."""
    versus: dict[str, list[Versus]] = {}
    for name, level, games, won, ahead in db.execute("SELECT * FROM tally_versus"):
        versus.setdefault(name, []).append(Versus(level, games, won, ahead))
    players = []
    for name, games, won, shared, share, points, zeros, rounds in db.execute(
        "SELECT * FROM tally_people"
    ).fetchall():
        best = _score(db.execute(_BEST, (name,)).fetchone())
        (highest,) = db.execute(_HIGHEST, (name,)).fetchone()
        worst = _score(db.execute(_FIRST_WITH, (name, highest)).fetchone())
        players.append(
            PlayerStats(
                name=name,
                games=games,
                won=won,
                shared=shared,
                share=share / games,
                mean_score=points / games,
                best=best,
                worst=worst,
                zero_rounds=zeros,
                rounds=rounds,
                versus=tuple(sorted(versus.get(name, ()), key=lambda one: ladder_order(one.level))),
            )
        )
    players.sort(key=lambda player: (-player.games, player.name.casefold(), player.name))
    levels = sorted(
        (
            LevelStats(level, seats, won, share / seats, points / seats)
            for level, seats, won, share, points in db.execute("SELECT * FROM tally_levels")
        ),
        key=lambda level: ladder_order(level.level),
    )
    presets = tuple(
        PresetStats(name, games, rounds, points / seats, winning / winners)
        for name, games, rounds, seats, points, winners, winning in db.execute(
            "SELECT * FROM tally_presets ORDER BY preset"
        )
    )
    unfinished = counted_games(db, finished=False)
    series = tuple(
        ShareSeries(
            player.name,
            player.games,
            tuple(
                (rank, running)
                for rank, running in db.execute(
                    _SERIES,
                    (
                        player.name,
                        json.dumps([k + 1 for k in picked_points(player.games, most_points)]),
                    ),
                )
            ),
        )
        for player in players[:chart_people]
    )
    return Statistics(
        games=sum(preset.games for preset in presets),
        unfinished=unfinished,
        players=tuple(players),
        levels=tuple(levels),
        presets=presets,
        series=series,
    )
