"""The store on PostgreSQL: every game, and a table server's online tables, in one database that
several processes (on several machines) may share.

:class:`PostgresStore` implements :class:`~chickenfoot.saves.store.GameStore`, and keeps
beside the games the online tables of the table servers that share the database, each under
its server's lease (:class:`~chickenfoot.saves.postgresql.tables.PostgresTables`), with
psycopg 3 and a connection pool (``psycopg_pool``, held by a
:class:`~chickenfoot.saves.postgresql.database.PostgresDatabase`): each call borrows a
connection for one transaction, so the threads of a table server (its commit worker, its table
keeper, the threads that deal and load games) never wait for each other, only for the
database. :meth:`PostgresStore.reopen` hands out another store on the same
pool; the pool closes with the last of them.

Every write is one transaction, committed when the call returns. The rows a write checks are
locked first (``SELECT … FOR UPDATE`` on the game row): a commit checks the holder and the
action count of a game no other transaction can change meanwhile, so two processes never both
append the same move, and only one of many windows opening a game at once gets it. A write that
the server gives up on (a deadlock, a serialization failure) is tried again, up to
:data:`~chickenfoot.saves.postgresql.database.RETRIES` times. Reads are ``REPEATABLE READ READ
ONLY`` transactions: a game, its actions and its assists come from one snapshot. The schema is
versioned (:mod:`~chickenfoot.saves.postgresql.schema`) and brought up to date when the store
opens.

PostgreSQL's errors become :class:`~chickenfoot.saves.store.StoreError` in plain words
(:mod:`~chickenfoot.saves.postgresql.problems`), each naming the database's address without
its password. This module imports no Textual.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import nullcontext
from datetime import UTC, datetime
from typing import Any

import psycopg
from psycopg.types.json import Jsonb

from chickenfoot.bots.rating import Placing
from chickenfoot.record.model import FORMAT_VERSION, Assist, GameRecord
from chickenfoot.record.summary import GameId, GameSummary
from chickenfoot.record.tallies import Statistics
from chickenfoot.saves.postgresql import leases
from chickenfoot.saves.postgresql.database import (
    CONNECT_SECONDS,
    POOL_SIZE,
    RETRIES,
    WAIT_SECONDS,
    Db,
    PostgresDatabase,
)
from chickenfoot.saves.postgresql.tables import PostgresTables
from chickenfoot.saves.postgresql.tallying import (
    add_results,
    count_game,
    counted_games,
    forget_results,
    statistics,
)
from chickenfoot.saves.rows import (
    HOLDER_COLUMNS,
    PLACINGS_QUERY,
    SUMMARY_COLUMNS,
    action_fields,
    game_uid,
    holder_from_row,
    imported_into,
    placings_from_rows,
    record_from_rows,
    summary_from_row,
    undone_json,
)
from chickenfoot.saves.store import (
    Change,
    GameFacts,
    GameFilter,
    GameNotFound,
    GameStore,
    HeldElsewhere,
    Holder,
    Imported,
    Incoming,
    LeaseLost,
    StoreError,
    changed_meanwhile,
)

__all__ = ["CONNECT_SECONDS", "POOL_SIZE", "RETRIES", "WAIT_SECONDS", "PostgresStore"]


class PostgresStore(GameStore):
    """Every game in the PostgreSQL database at ``address`` (a ``postgresql://`` URL or a
    libpq connection string), brought to the current schema when opened, and beside them the
    :attr:`online_tables` of the table servers that share it. Raises
    :class:`~chickenfoot.saves.store.StoreError` in words if the server cannot be reached, the
    user or password is refused, or the database was made by a newer chickenfoot.

    ``sync_every_commit`` False (a table server's choice, as on SQLite) commits with
    ``synchronous_commit = off``: a commit is seen by every connection at once and survives
    the table server being killed; only the database server crashing within a moment of it
    would lose it."""

    def __init__(
        self,
        address: str,
        *,
        sync_every_commit: bool = True,
        _database: PostgresDatabase | None = None,
    ) -> None:
        self.address = address
        self.sync_every_commit = sync_every_commit
        self.database = (
            PostgresDatabase(address, sync_every_commit=sync_every_commit)
            if _database is None
            else _database
        )
        """The database and its pool, shared with the stores reopened from this one."""
        self.where = self.database.where
        self.online_tables = PostgresTables(self.database)
        """The online tables of the table servers sharing the database, each under its
        server's lease."""
        self._closed = False

    # ----- games -----------------------------------------------------------------------------

    def create(self, record: GameRecord, *, source: str | None = None) -> GameId:
        """Add the game ``record``; its number."""
        facts = GameFacts.of(record)
        return self.database.write(lambda db: _insert(db, record, facts, source))

    def commit(self, game: GameId, change: Change, holder: Holder | None = None) -> None:
        """Apply ``change`` to ``game`` in one transaction (see the interface)."""
        server = self.database.server
        [problem] = self.database.write(
            lambda db: _apply_changes(db, [(game, change, holder)], server)
        )
        if problem is not None:
            raise problem

    def commit_many(
        self, changes: Sequence[tuple[GameId, Change, Holder | None]]
    ) -> list[StoreError | None]:
        """Apply the changes of many games in one transaction (see the interface): their rows
        locked and checked with two queries, the changes that fit then written in one
        pipeline (a few round trips for the whole batch, not a few per game). Should the
        server refuse the batch's writes, each change is made again in a savepoint of its
        own, so one that cannot be made is left out alone."""
        server = self.database.server

        def work(db: Db) -> list[StoreError | None]:
            try:
                with db.connection.transaction():  # a savepoint
                    return _apply_changes(db, changes, server)
            except psycopg.OperationalError:
                raise  # the server gone, out of room, or a deadlock: not one change's fault
            except psycopg.Error:
                pass
            results: list[StoreError | None] = []
            for one in changes:
                try:
                    with db.connection.transaction():
                        results.extend(_apply_changes(db, [one], server))
                except psycopg.OperationalError:
                    raise
                except psycopg.Error as error:
                    results.append(self.database.error(error))
            return results

        return self.database.write(work)

    def record(self, game: GameId) -> GameRecord:
        """The whole game, replayed (see the interface)."""

        def read(db: Db) -> tuple[Any, list[Any], list[Any]]:
            row = db.execute(
                "SELECT created, seed, rules, seats, decks, taken_over, action_count "
                "FROM games WHERE id = %s",
                (game,),
            ).fetchone()
            if row is None:
                raise GameNotFound(game)
            actions = db.execute(
                "SELECT seat, kind, tile, target FROM actions WHERE game = %s ORDER BY number",
                (game,),
            ).fetchall()
            assists = db.execute(
                "SELECT kind, seat, at, undone FROM assists WHERE game = %s ORDER BY number",
                (game,),
            ).fetchall()
            return row, actions, assists

        row, actions, assists = self.database.read(read)
        return record_from_rows(game, row, actions, assists)

    def summary(self, game: GameId) -> GameSummary:
        """One game as the lists show it."""
        row = self.database.read(
            lambda db: db.execute(
                f"SELECT {SUMMARY_COLUMNS} FROM games WHERE id = %s", (game,)
            ).fetchone()
        )
        if row is None:
            raise GameNotFound(game)
        return summary_from_row(row)

    def games(
        self, which: GameFilter = "all", *, limit: int | None = None, offset: int = 0
    ) -> list[GameSummary]:
        """Games, the most recently changed first."""
        where = "" if which == "all" else f"WHERE {'' if which == 'finished' else 'NOT '}finished"
        query = (
            f"SELECT {SUMMARY_COLUMNS} FROM games {where} "
            "ORDER BY updated DESC, id DESC LIMIT %s OFFSET %s"
        )
        rows = self.database.read(lambda db: db.execute(query, (limit, offset)).fetchall())
        return [summary_from_row(row) for row in rows]

    def count(self, which: GameFilter = "all") -> int:
        """How many games there are."""
        finished = None if which == "all" else which == "finished"
        return self.database.read(lambda db: counted_games(db, finished))

    def latest_unfinished(self) -> GameSummary | None:
        """The unfinished game changed most recently, or None."""
        found = self.games("unfinished", limit=1)
        return found[0] if found else None

    def delete(self, game: GameId) -> None:
        """Remove a game and everything about it."""

        def work(db: Db) -> None:
            row = db.execute(
                "SELECT finished FROM games WHERE id = %s FOR UPDATE", (game,)
            ).fetchone()
            if row is None:
                return
            forget_results(db, game)
            count_game(db, bool(row[0]), -1)
            db.execute("DELETE FROM games WHERE id = %s", (game,))

        self.database.write(work)

    def statistics(self, chart_people: int = 5, most_points: int = 120) -> Statistics:
        """The statistics of the finished games, from indexed queries."""
        return self.database.read(lambda db: statistics(db, chart_people, most_points))

    def placings(self) -> list[tuple[Placing, ...]]:
        """Every finished game's seats and places, from its results (see the interface)."""
        return placings_from_rows(
            self.database.read(lambda db: db.execute(PLACINGS_QUERY).fetchall())
        )

    # ----- who has a game open ---------------------------------------------------------------

    def hold(self, game: GameId, holder: Holder, *, force: bool = False) -> None:
        """Note that ``holder`` has ``game`` open (see the interface)."""

        def work(db: Db) -> None:
            _lock_game(db, game)
            current = _holder_of(db, game)
            if current is not None and current.keeps_out(holder, force=force):
                raise HeldElsewhere(game, current)
            _write_holder(db, game, holder)

        self.database.write(work)

    def release(self, game: GameId, holder: Holder) -> None:
        """``holder`` closed ``game``."""
        self.database.write(
            lambda db: db.execute(
                "DELETE FROM holders WHERE game = %s AND token = %s", (game, holder.token)
            )
        )

    def holder(self, game: GameId) -> Holder | None:
        """Who has ``game`` open, if anyone alive does."""
        current = self.database.read(lambda db: _holder_of(db, game))
        return current if current is not None and current.alive else None

    def release_dead(self) -> int:
        """Forget the holders whose process is gone (the processes of this computer only:
        another host's cannot be checked from here)."""
        rows = self.database.read(
            lambda db: db.execute(f"SELECT {HOLDER_COLUMNS}, game FROM holders").fetchall()
        )
        dead = [(row[-1], row[4]) for row in rows if not holder_from_row(row).alive]
        if dead:
            self.database.write(
                lambda db: db.executemany(
                    "DELETE FROM holders WHERE game = %s AND token = %s", dead
                )
            )
        return len(dead)

    # ----- files -----------------------------------------------------------------------------

    def import_records(self, records: Sequence[Incoming]) -> list[tuple[GameId, Imported]]:
        """Add games read from files, in one transaction (see the interface)."""
        prepared = [(incoming, GameFacts.of(incoming.record)) for incoming in records]
        return self.database.write(
            lambda db: [_import(db, incoming, facts) for incoming, facts in prepared]
        )

    def meta(self, name: str) -> str | None:
        """A value the store keeps about itself."""
        row = self.database.read(
            lambda db: db.execute("SELECT value FROM meta WHERE name = %s", (name,)).fetchone()
        )
        return None if row is None else str(row[0])

    def set_meta(self, name: str, value: str) -> None:
        """Keep ``value`` under ``name``."""
        self.database.write(
            lambda db: db.execute(
                "INSERT INTO meta (name, value) VALUES (%s, %s) "
                "ON CONFLICT (name) DO UPDATE SET value = excluded.value",
                (name, value),
            )
        )

    def reopen(self) -> PostgresStore:
        """Another store on the same database and pool, for another thread."""
        return PostgresStore(
            self.address, sync_every_commit=self.sync_every_commit, _database=self.database.share()
        )

    def close(self) -> None:
        """Let go of the pool (closed with the last store that shares it)."""
        if not self._closed:
            self._closed = True
            self.database.leave()


# ----- writing -----------------------------------------------------------------------------------


def _lock_game(db: Db, game: GameId) -> tuple[Any, ...]:
    """Lock the row of ``game`` for the transaction; its ``action_count, assist_count,
    finished, preset, created`` (:class:`GameNotFound` if there is none)."""
    row = db.execute(
        "SELECT action_count, assist_count, finished, preset, created FROM games "
        "WHERE id = %s FOR UPDATE",
        (game,),
    ).fetchone()
    if row is None:
        raise GameNotFound(game)
    return tuple(row)


def _apply_changes(
    db: Db, changes: Sequence[tuple[GameId, Change, Holder | None]], server: str | None = None
) -> list[StoreError | None]:
    """Apply ``changes`` inside the transaction of ``db``: lock the games' rows (in the order
    of their numbers) and read their holders, check each change against them (and, for the
    table ``server``, that each game's table is still its own: the lease's fence), and write
    the changes that fit (in one pipeline, when there are several). Each change's problem, or
    None, in order."""
    numbers = sorted({game for game, _change, _holder in changes})
    games = {
        row[0]: tuple(row[1:])
        for row in db.execute(
            "SELECT id, action_count, assist_count, finished, preset, created FROM games "
            "WHERE id = ANY(%s) ORDER BY id FOR UPDATE",
            (numbers,),
        ).fetchall()
    }
    holders = {
        row[-1]: holder_from_row(row)
        for row in db.execute(
            f"SELECT {HOLDER_COLUMNS}, game FROM holders WHERE game = ANY(%s)", (numbers,)
        ).fetchall()
    }
    fenced = leases.fenced_games(db, server, numbers) if server is not None else set()
    results: list[StoreError | None] = [None] * len(changes)
    # One change is quicker written plainly: a pipeline's own round trips pay off with more.
    with db.connection.pipeline() if len(changes) > 1 else nullcontext():
        for index in sorted(range(len(changes)), key=lambda index: changes[index][0]):
            game, change, holder = changes[index]
            if game not in games:
                results[index] = GameNotFound(game)
                continue
            if game in fenced:
                results[index] = LeaseLost(f"the table of game {game}")
                continue
            actions, assists, was_finished, preset, created = games[game]
            current = holders.get(game)
            if holder is not None and current is not None and current.token != holder.token:
                results[index] = HeldElsewhere(game, current)
                continue
            if change.keep > actions or change.assists_kept > assists:
                results[index] = changed_meanwhile(game)
                continue
            if holder is not None and current is None:
                _write_holder(db, game, holder)
                holders[game] = holder
            _write_change(db, game, change, actions, assists, was_finished, preset, created)
            games[game] = (
                change.keep + len(change.actions),
                change.assists_kept + len(change.assists),
                change.facts.finished,
                preset,
                created,
            )
    return results


def _write_change(
    db: Db,
    game: GameId,
    change: Change,
    actions: int,
    assists: int,
    was_finished: bool,
    preset: str,
    created: datetime,
) -> None:
    """Write ``change`` to ``game``, which holds ``actions`` and ``assists`` (checked)."""
    if change.keep < actions:
        db.execute("DELETE FROM actions WHERE game = %s AND number >= %s", (game, change.keep))
    _insert_actions(db, game, change.keep, change.actions)
    if change.assists_kept < assists:
        db.execute(
            "DELETE FROM assists WHERE game = %s AND number >= %s", (game, change.assists_kept)
        )
    _insert_assists(db, game, change.assists_kept, change.assists)
    assist_count = change.assists_kept + len(change.assists)
    _update_facts(db, game, change.facts, assist_count, was_finished, preset, created)


def _insert_actions(db: Db, game: GameId, first: int, actions: Sequence[Any]) -> None:
    if actions:
        db.executemany(
            "INSERT INTO actions (game, number, seat, kind, tile, target) "
            "VALUES (%s, %s, %s, %s, %s, %s)",
            [(game, first + index, *action_fields(action)) for index, action in enumerate(actions)],
        )


def _insert_assists(db: Db, game: GameId, first: int, assists: Sequence[Assist]) -> None:
    if assists:
        db.executemany(
            "INSERT INTO assists (game, number, kind, seat, at, undone) "
            "VALUES (%s, %s, %s, %s, %s, %s)",
            [
                (
                    game,
                    first + index,
                    assist.kind,
                    assist.seat,
                    assist.at,
                    Jsonb(undone_json(assist)),
                )
                for index, assist in enumerate(assists)
            ],
        )


def _insert(
    db: Db,
    record: GameRecord,
    facts: GameFacts,
    source: str | None,
    played: datetime | None = None,
) -> GameId:
    """Insert the game row of ``record`` with its actions, assists and results (last played
    ``played``, None for now)."""
    now = datetime.now(UTC) if played is None else played
    row = db.execute(
        "INSERT INTO games (uid, created, updated, format_version, seed, rules, seats, decks, "
        "taken_over, names, preset, players, round_count, round_number, action_count, "
        "assist_count, finished, rounds_played, winners, total_points, winning_points, source) "
        "VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, 0, 0, 0, false, 0, 0, 0, 0, "
        "%s) RETURNING id",
        (
            game_uid(record),
            record.created,
            now,
            FORMAT_VERSION,
            record.seed,
            Jsonb(record.rules.model_dump(mode="json")),
            Jsonb([seat.model_dump(mode="json", exclude_none=True) for seat in record.seats]),
            Jsonb([[str(tile) for tile in deck] for deck in record.decks]),
            None if record.taken_over is None else Jsonb(record.taken_over.model_dump(mode="json")),
            [seat.name for seat in record.seats],
            record.rules.preset,
            record.rules.players,
            record.rules.round_count,
            source,
        ),
    ).fetchone()
    assert row is not None, "INSERT … RETURNING returns the row"
    game = GameId(row[0])
    count_game(db, False, 1)
    _insert_actions(db, game, 0, record.actions)
    _insert_assists(db, game, 0, record.assists)
    _update_facts(
        db, game, facts, len(record.assists), False, record.rules.preset, record.created, now
    )
    return game


def _update_facts(
    db: Db,
    game: GameId,
    facts: GameFacts,
    assists: int,
    was_finished: bool,
    preset: str,
    created: datetime,
    updated: datetime | None = None,
) -> None:
    """Write what the lists and statistics read of ``game`` (``assists`` it has now); a game
    that is (or was) finished is added to (or taken from) the results and the tallies."""
    if was_finished:
        forget_results(db, game)
    if was_finished != facts.finished:
        count_game(db, was_finished, -1)
        count_game(db, facts.finished, 1)
    results = facts.results
    db.execute(
        "UPDATE games SET updated = %s, round_number = %s, action_count = %s, "
        "assist_count = %s, finished = %s, rounds_played = %s, winners = %s, "
        "total_points = %s, winning_points = %s WHERE id = %s",
        (
            datetime.now(UTC) if updated is None else updated,
            facts.round_number,
            facts.actions,
            assists,
            facts.finished,
            facts.rounds_played,
            sum(1 for result in results if result.place == 1),
            sum(result.total for result in results),
            sum(result.total for result in results if result.place == 1),
            game,
        ),
    )
    if facts.finished:
        add_results(db, game, facts, preset, created)


def _import_lock(db: Db, uid: str) -> None:
    """Two imports of one game at once take turns (the second finds the first's)."""
    db.execute("SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))", (uid,))


def _import(db: Db, incoming: Incoming, facts: GameFacts) -> tuple[GameId, Imported]:
    """Import one game (see :meth:`PostgresStore.import_records`)."""
    record = incoming.record
    uid = game_uid(record)
    _import_lock(db, uid)
    mine = [action_fields(action) for action in record.actions]
    mine_assists = [(a.kind, a.seat, a.at, undone_json(a)) for a in record.assists]
    for (game,) in db.execute(
        "SELECT id FROM games WHERE uid = %s AND created = %s ORDER BY id FOR UPDATE",
        (uid, record.created),
    ).fetchall():
        theirs = [
            tuple(row)
            for row in db.execute(
                "SELECT seat, kind, tile, target FROM actions WHERE game = %s ORDER BY number",
                (game,),
            ).fetchall()
        ]
        stored_assists = [
            tuple(row)
            for row in db.execute(
                "SELECT kind, seat, at, undone FROM assists WHERE game = %s ORDER BY number",
                (game,),
            ).fetchall()
        ]
        outcome = imported_into(mine, theirs, mine_assists, stored_assists)
        if outcome is Imported.EXTENDED:
            _insert_actions(db, game, len(theirs), record.actions[len(theirs) :])
            _insert_assists(db, game, len(stored_assists), record.assists[len(stored_assists) :])
            _actions, _assists, was_finished, preset, created = _lock_game(db, game)
            _update_facts(db, game, facts, len(record.assists), was_finished, preset, created)
        if outcome is not None:
            return game, outcome
    return _insert(db, record, facts, incoming.source, incoming.played), Imported.ADDED


# ----- holders -----------------------------------------------------------------------------------


def _holder_of(db: Db, game: GameId) -> Holder | None:
    row = db.execute(f"SELECT {HOLDER_COLUMNS} FROM holders WHERE game = %s", (game,)).fetchone()
    return None if row is None else holder_from_row(row)


def _write_holder(db: Db, game: GameId, holder: Holder) -> None:
    """Note ``holder`` as the one who has ``game`` open (in place of any other)."""
    db.execute(
        "INSERT INTO holders (game, token, pid, host, process_started, since, label) "
        "VALUES (%s, %s, %s, %s, %s, %s, %s) ON CONFLICT (game) DO UPDATE SET "
        "token = excluded.token, pid = excluded.pid, host = excluded.host, "
        "process_started = excluded.process_started, since = excluded.since, "
        "label = excluded.label",
        (
            game,
            holder.token,
            holder.pid,
            holder.host,
            holder.process_started,
            holder.since,
            holder.label,
        ),
    )
