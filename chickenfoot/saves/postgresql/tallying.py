"""The statistics in the PostgreSQL store: each finished game's results and the tallies kept in
step with them, in PostgreSQL's SQL.

They mean what the SQLite store's do (:mod:`chickenfoot.saves.tallying` describes them; the
rows each game adds, :func:`~chickenfoot.saves.tallying.tally_rows`, and the figures made of
them, :func:`~chickenfoot.saves.tallying.statistics_from`, are shared). What PostgreSQL adds:
several processes may finish games at once, and a game's rank among the finished ones shifts
the ranks after it, so the transaction that adds or takes away a game's results first takes a
transaction-level advisory lock (:data:`TALLY_LOCK`): those transactions run one at a time
(each sees the ranks the one before left), and never wait on each other's rows in another
order. This module imports no
Textual.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any, Final

from psycopg import Cursor

from chickenfoot.record.summary import GameId
from chickenfoot.record.tallies import GameScore, SeatResult, Statistics
from chickenfoot.saves.store import GameFacts
from chickenfoot.saves.tallying import TallyReader, statistics_from, tally_rows

__all__ = ["TALLY_LOCK", "add_results", "count_game", "counted_games", "forget_results"]

TALLY_LOCK: Final = 0x63686B66_74616C79  # "chkftaly"
"""The advisory lock key of the tallies (see the module's description)."""

Db = Cursor[Any]


def _lock_tallies(db: Db) -> None:
    db.execute("SELECT pg_advisory_xact_lock(%s)", (TALLY_LOCK,))


def add_results(db: Db, game: GameId, facts: GameFacts, preset: str, created: datetime) -> None:
    """Add the finished ``game`` (dealt at ``created``, under ``preset``) to the results, the
    tallies and the ranks."""
    _lock_tallies(db)
    before = db.execute(
        "SELECT finished_rank FROM games WHERE finished AND (created, id) < (%s, %s) "
        "ORDER BY created DESC, id DESC LIMIT 1",
        (created, game),
    ).fetchone()
    rank = 1 if before is None else int(before[0]) + 1
    db.execute(
        "UPDATE games SET finished_rank = finished_rank + 1 "
        "WHERE finished AND (created, id) > (%s, %s)",
        (created, game),
    )
    db.execute("UPDATE results SET rank = rank + 1 WHERE rank >= %s", (rank,))
    db.execute("UPDATE games SET finished_rank = %s WHERE id = %s", (rank, game))
    results = facts.results
    winners = sum(1 for result in results if result.place == 1)
    db.executemany(
        "INSERT INTO results (game, seat, name, level, total, place, zero_rounds, share, "
        "created, rounds, winners, rank) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)",
        [
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
            )
            for seat, result in enumerate(results)
        ],
    )
    for seat, result in enumerate(results):
        if result.level is None:
            _count_in(db, game, seat, rank, result)
    _tally(db, results, facts.rounds_played, preset, 1)


def forget_results(db: Db, game: GameId) -> None:
    """Take the finished ``game`` out of the results, the tallies and the ranks (before it is
    deleted, or its results are written again)."""
    row = db.execute(
        "SELECT created, finished_rank, preset, rounds_played FROM games WHERE id = %s", (game,)
    ).fetchone()
    if row is None or row[1] is None:
        return
    _lock_tallies(db)
    created, rank, preset, rounds = row
    results = tuple(
        SeatResult(
            name, "human" if level is None else "computer", level, total, place, zeros, share
        )
        for name, level, total, place, zeros, share in db.execute(
            "SELECT name, level, total, place, zero_rounds, share FROM results WHERE game = %s "
            "ORDER BY seat",
            (game,),
        ).fetchall()
    )
    _tally(db, results, rounds, preset, -1)
    for seat, result in enumerate(results):
        if result.level is None:
            db.execute(
                "UPDATE results SET nth = nth - 1, share_sum = share_sum - %s "
                "WHERE name = %s AND level IS NULL AND (rank, seat) > (%s, %s)",
                (result.share, result.name, rank, seat),
            )
    db.execute("DELETE FROM results WHERE game = %s", (game,))
    db.execute("UPDATE results SET rank = rank - 1 WHERE rank > %s", (rank,))
    db.execute(
        "UPDATE games SET finished_rank = finished_rank - 1 "
        "WHERE finished AND (created, id) > (%s, %s)",
        (created, game),
    )
    db.execute("UPDATE games SET finished_rank = NULL WHERE id = %s", (game,))


def _count_in(db: Db, game: GameId, seat: int, rank: int, result: SeatResult) -> None:
    """Give a person's new result its place among their games (``nth``) and their win
    shares so far (``share_sum``); their later results count one game more."""
    before = db.execute(
        "SELECT nth, share_sum FROM results "
        "WHERE name = %s AND level IS NULL AND (rank, seat) < (%s, %s) "
        "ORDER BY rank DESC, seat DESC LIMIT 1",
        (result.name, rank, seat),
    ).fetchone()
    nth, share_sum = (0, 0.0) if before is None else before
    db.execute(
        "UPDATE results SET nth = %s, share_sum = %s WHERE game = %s AND seat = %s",
        (nth + 1, share_sum + result.share, game, seat),
    )
    db.execute(
        "UPDATE results SET nth = nth + 1, share_sum = share_sum + %s "
        "WHERE name = %s AND level IS NULL AND (rank, seat) > (%s, %s)",
        (result.share, result.name, rank, seat),
    )


def count_game(db: Db, finished: bool, sign: int) -> None:
    """Count one game more (``sign`` 1) or less (-1), finished or not."""
    db.execute(
        "INSERT INTO tally_games AS tally VALUES (%s, %s) "
        "ON CONFLICT (finished) DO UPDATE SET games = tally.games + excluded.games",
        (finished, sign),
    )


def counted_games(db: Db, finished: bool | None = None) -> int:
    """How many games there are: finished, unfinished, or all (None)."""
    if finished is None:
        row = db.execute("SELECT coalesce(sum(games), 0) FROM tally_games").fetchone()
    else:
        row = db.execute(
            "SELECT games FROM tally_games WHERE finished = %s", (finished,)
        ).fetchone()
    return 0 if row is None else int(row[0])


def _tally(db: Db, results: tuple[SeatResult, ...], rounds: int, preset: str, sign: int) -> None:
    """Add (``sign`` 1) or take away (-1) one finished game's results to or from the tallies;
    a tally that comes down to no games is removed."""
    rows = tally_rows(results, rounds, preset, sign)
    db.executemany(
        "INSERT INTO tally_people AS tally VALUES (%s, %s, %s, %s, %s, %s, %s, %s) "
        "ON CONFLICT (name) DO UPDATE SET "
        "games = tally.games + excluded.games, won = tally.won + excluded.won, "
        "shared = tally.shared + excluded.shared, share = tally.share + excluded.share, "
        "points = tally.points + excluded.points, "
        "zero_rounds = tally.zero_rounds + excluded.zero_rounds, "
        "rounds = tally.rounds + excluded.rounds",
        rows.people,
    )
    db.executemany(
        "INSERT INTO tally_versus AS tally VALUES (%s, %s, %s, %s, %s) "
        "ON CONFLICT (name, level) DO UPDATE SET games = tally.games + excluded.games, "
        "won = tally.won + excluded.won, ahead = tally.ahead + excluded.ahead",
        rows.versus,
    )
    db.executemany(
        "INSERT INTO tally_levels AS tally VALUES (%s, %s, %s, %s, %s) "
        "ON CONFLICT (level) DO UPDATE SET seats = tally.seats + excluded.seats, "
        "won = tally.won + excluded.won, share = tally.share + excluded.share, "
        "points = tally.points + excluded.points",
        rows.levels,
    )
    db.execute(
        "INSERT INTO tally_presets AS tally VALUES (%s, %s, %s, %s, %s, %s, %s) "
        "ON CONFLICT (preset) DO UPDATE SET games = tally.games + excluded.games, "
        "rounds = tally.rounds + excluded.rounds, seats = tally.seats + excluded.seats, "
        "points = tally.points + excluded.points, winners = tally.winners + excluded.winners, "
        "winning_points = tally.winning_points + excluded.winning_points",
        rows.preset,
    )
    if sign < 0:
        db.execute("DELETE FROM tally_people WHERE games <= 0")
        db.execute("DELETE FROM tally_versus WHERE games <= 0")
        db.execute("DELETE FROM tally_levels WHERE seats <= 0")
        db.execute("DELETE FROM tally_presets WHERE games <= 0")


# ----- reading ------------------------------------------------------------------------------------


def _score(row: tuple[int, datetime, GameId]) -> GameScore:
    total, created, game = row
    return GameScore(total, created.astimezone(UTC), game)


class _Tallies(TallyReader):
    """The tallies, read inside one transaction of ``db``."""

    def __init__(self, db: Db) -> None:
        self.db = db

    def people(self) -> Iterable[tuple[str, int, int, int, float, int, int, int]]:
        return self.db.execute(
            "SELECT name, games, won, shared, share, points, zero_rounds, rounds FROM tally_people"
        ).fetchall()

    def versus(self) -> Iterable[tuple[str, str, int, int, int]]:
        return self.db.execute("SELECT name, level, games, won, ahead FROM tally_versus").fetchall()

    def levels(self) -> Iterable[tuple[str, int, int, float, int]]:
        return self.db.execute(
            "SELECT level, seats, won, share, points FROM tally_levels"
        ).fetchall()

    def presets(self) -> Iterable[tuple[str, int, int, int, int, int, int]]:
        return self.db.execute(
            "SELECT preset, games, rounds, seats, points, winners, winning_points "
            'FROM tally_presets ORDER BY preset COLLATE "C"'
        ).fetchall()

    def best_and_worst(self, name: str) -> tuple[GameScore, GameScore]:
        best = self.db.execute(
            "SELECT total, created, game FROM results WHERE name = %s AND level IS NULL "
            "ORDER BY total, created, game LIMIT 1",
            (name,),
        ).fetchone()
        worst = self.db.execute(
            "SELECT total, created, game FROM results WHERE name = %s AND level IS NULL "
            "ORDER BY total DESC, created, game LIMIT 1",
            (name,),
        ).fetchone()
        assert best is not None, "a person with games has results"
        assert worst is not None, "a person with games has results"
        return _score(best), _score(worst)

    def unfinished(self) -> int:
        return counted_games(self.db, finished=False)

    def share_series(self, name: str, nths: list[int]) -> Iterable[tuple[int, float]]:
        return self.db.execute(
            "SELECT rank, share_sum / nth FROM results "
            "WHERE name = %s AND level IS NULL AND nth = ANY(%s) ORDER BY nth",
            (name, nths),
        ).fetchall()


def statistics(db: Db, chart_people: int, most_points: int) -> Statistics:
    """Every figure of the Stats screen, from the tallies (call it inside one read
    transaction)."""
    return statistics_from(_Tallies(db), chart_people, most_points)
