"""The store on SQLite: every game in one database file, ``chickenfoot.db``.

:class:`SqliteStore` is the :class:`~chickenfoot.saves.store.GameStore` this program uses,
and a table server's :class:`~chickenfoot.saves.store.TableStore` (its online tables, a row
each, beside their games). It reads and writes through one
:class:`~chickenfoot.saves.sqlite_connection.SqliteConnection`, which opens the database
(WAL mode, ``synchronous=FULL``: a write returns once it is on disk, readers never wait for a
writer, and a crash or a power cut loses no committed transaction), brings its schema up to
date, makes each write one ``BEGIN IMMEDIATE`` transaction and words SQLite's errors.

A game is written and read back as rows the same way in every store
(:mod:`chickenfoot.saves.rows`): what is stored is only ever written by this program, so
reading it back builds the record without the file loader's field-by-field checks; it is
still replayed through the rules, and anything that does not fit is a ``RecordError`` saying
the stored copy is damaged.
This module imports no Textual.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from chickenfoot.bots.rating import Placing
from chickenfoot.record.model import FORMAT_VERSION, Assist, GameRecord
from chickenfoot.record.summary import GameId, GameSummary
from chickenfoot.record.tallies import Statistics
from chickenfoot.rules import Action
from chickenfoot.saves.paths import DATABASE_NAME, database_path
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
from chickenfoot.saves.sqlite_connection import BUSY_SECONDS, SqliteConnection
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
    KeptTableRow,
    StoreError,
    TableStore,
    changed_meanwhile,
)
from chickenfoot.saves.tallying import (
    add_results,
    count_game,
    counted_games,
    forget_results,
    statistics,
)

__all__ = ["BUSY_SECONDS", "DATABASE_NAME", "SqliteStore", "database_path", "open_store"]


class SqliteStore(GameStore, TableStore):
    """Every game in the SQLite database at ``path`` (created, and brought to the current
    schema, when opened), and the online tables a table server keeps beside them. One
    connection (:class:`SqliteConnection`), guarded by a lock: a thread that must not wait
    for another's writes uses a store of its own (:meth:`reopen`)."""

    def __init__(self, path: Path, *, sync_every_commit: bool = True) -> None:
        self.path = Path(path)
        self.sync_every_commit = sync_every_commit
        """True: each commit waits until it is on disk (a power cut loses nothing committed).
        False (a table server's choice, see :func:`open_store`): a commit survives the
        program being killed, and reaches the disk with the next checkpoint."""
        self.database = SqliteConnection(self.path, full=sync_every_commit)
        """The connection every read and write goes through."""

    # ----- games -----------------------------------------------------------------------------

    def create(self, record: GameRecord, *, source: str | None = None) -> GameId:
        """Add the game ``record``; its number."""
        facts = GameFacts.of(record)
        with self.database.writing() as db:
            return _insert(db, record, facts, source)

    def commit(self, game: GameId, change: Change, holder: Holder | None = None) -> None:
        """Apply ``change`` to ``game`` in one transaction (see the interface)."""
        with self.database.writing() as db:
            _apply_change(db, game, change, holder)

    def commit_many(
        self, changes: Sequence[tuple[GameId, Change, Holder | None]]
    ) -> list[StoreError | None]:
        """Apply the changes of many games in one transaction (see the interface)."""
        results: list[StoreError | None] = []
        with self.database.writing() as db:
            for game, change, holder in changes:
                db.execute("SAVEPOINT one_game")
                try:
                    _apply_change(db, game, change, holder)
                except StoreError as error:
                    db.execute("ROLLBACK TO one_game")
                    results.append(error)
                else:
                    results.append(None)
                db.execute("RELEASE one_game")
        return results

    # ----- online tables -----------------------------------------------------------------------

    @property
    def online_tables(self) -> SqliteStore:
        """Where a table server keeps its online tables: in this store, beside the games."""
        return self

    def keep_table(self, code: str, game: GameId | None, data: str) -> None:
        """Keep the online table ``code`` (see :class:`TableStore`)."""
        with self.database.writing() as db:
            db.execute(
                "INSERT OR REPLACE INTO online_tables (code, game, data, updated)"
                " VALUES (?, ?, ?, ?)",
                (code, game, data, _time_text(datetime.now(UTC))),
            )

    def tables(self) -> list[KeptTableRow]:
        """Every online table kept (see :class:`TableStore`)."""
        with self.database.reading() as db:
            rows = db.execute("SELECT code, game, data FROM online_tables ORDER BY code")
            return [(str(code), game, str(data)) for code, game, data in rows]

    def drop_table(self, code: str) -> None:
        """Forget the online table ``code`` (see :class:`TableStore`)."""
        with self.database.writing() as db:
            db.execute("DELETE FROM online_tables WHERE code = ?", (code,))

    def record(self, game: GameId) -> GameRecord:
        """The whole game, replayed (see the interface)."""
        with self.database.reading() as db:
            row = db.execute(
                "SELECT created, seed, rules, seats, decks, taken_over, action_count FROM games "
                "WHERE id = ?",
                (game,),
            ).fetchone()
            if row is None:
                raise GameNotFound(game)
            actions = db.execute(
                "SELECT seat, kind, tile, target FROM actions WHERE game = ? ORDER BY number",
                (game,),
            ).fetchall()
            assists = db.execute(
                "SELECT kind, seat, at, undone FROM assists WHERE game = ? ORDER BY number",
                (game,),
            ).fetchall()
        return record_from_rows(game, row, actions, assists)

    def summary(self, game: GameId) -> GameSummary:
        """One game as the lists show it."""
        with self.database.reading() as db:
            row = db.execute(
                f"SELECT {SUMMARY_COLUMNS} FROM games WHERE id = ?", (game,)
            ).fetchone()
        if row is None:
            raise GameNotFound(game)
        return summary_from_row(row)

    def games(
        self, which: GameFilter = "all", *, limit: int | None = None, offset: int = 0
    ) -> list[GameSummary]:
        """Games, the most recently changed first."""
        where, parameters = _filter(which)
        query = (
            f"SELECT {SUMMARY_COLUMNS} FROM games {where} "
            "ORDER BY updated DESC, id DESC LIMIT ? OFFSET ?"
        )
        with self.database.reading() as db:
            rows = db.execute(query, (*parameters, -1 if limit is None else limit, offset))
            return [summary_from_row(row) for row in rows]

    def count(self, which: GameFilter = "all") -> int:
        """How many games there are."""
        with self.database.reading() as db:
            return counted_games(db, None if which == "all" else which == "finished")

    def latest_unfinished(self) -> GameSummary | None:
        """The unfinished game changed most recently, or None."""
        found = self.games("unfinished", limit=1)
        return found[0] if found else None

    def delete(self, game: GameId) -> None:
        """Remove a game and everything about it."""
        with self.database.writing() as db:
            row = db.execute("SELECT finished FROM games WHERE id = ?", (game,)).fetchone()
            if row is None:
                return
            forget_results(db, game)
            count_game(db, bool(row[0]), -1)
            db.execute("DELETE FROM games WHERE id = ?", (game,))

    def statistics(self, chart_people: int = 5, most_points: int = 120) -> Statistics:
        """The statistics of the finished games, from indexed queries."""
        with self.database.reading() as db:
            return statistics(db, chart_people, most_points)

    def placings(self) -> list[tuple[Placing, ...]]:
        """Every finished game's seats and places, from its results (see the interface)."""
        with self.database.reading() as db:
            return placings_from_rows(db.execute(PLACINGS_QUERY).fetchall())

    # ----- who has a game open ---------------------------------------------------------------

    def hold(self, game: GameId, holder: Holder, *, force: bool = False) -> None:
        """Note that ``holder`` has ``game`` open (see the interface)."""
        with self.database.writing() as db:
            if db.execute("SELECT 1 FROM games WHERE id = ?", (game,)).fetchone() is None:
                raise GameNotFound(game)
            current = _holder_of(db, game)
            if current is not None and current.keeps_out(holder, force=force):
                raise HeldElsewhere(game, current)
            _write_holder(db, game, holder)

    def release(self, game: GameId, holder: Holder) -> None:
        """``holder`` closed ``game``."""
        with self.database.writing() as db:
            db.execute("DELETE FROM holders WHERE game = ? AND token = ?", (game, holder.token))

    def holder(self, game: GameId) -> Holder | None:
        """Who has ``game`` open, if anyone alive does."""
        with self.database.reading() as db:
            current = _holder_of(db, game)
        return current if current is not None and current.alive else None

    def release_dead(self) -> int:
        """Forget the holders whose process is gone."""
        with self.database.reading() as db:
            rows = db.execute(f"SELECT {HOLDER_COLUMNS}, game FROM holders").fetchall()
        dead = [(row[-1], row[4]) for row in rows if not holder_from_row(row).alive]
        if dead:
            with self.database.writing() as db:
                db.executemany("DELETE FROM holders WHERE game = ? AND token = ?", dead)
        return len(dead)

    # ----- files -----------------------------------------------------------------------------

    def import_records(self, records: Sequence[Incoming]) -> list[tuple[GameId, Imported]]:
        """Add games read from files, in one transaction (see the interface)."""
        prepared = [(incoming, GameFacts.of(incoming.record)) for incoming in records]
        with self.database.writing() as db:
            return [_import(db, incoming, facts) for incoming, facts in prepared]

    def meta(self, name: str) -> str | None:
        """A value the store keeps about itself."""
        with self.database.reading() as db:
            row = db.execute("SELECT value FROM meta WHERE name = ?", (name,)).fetchone()
        return None if row is None else str(row[0])

    def set_meta(self, name: str, value: str) -> None:
        """Keep ``value`` under ``name``."""
        with self.database.writing() as db:
            db.execute("INSERT OR REPLACE INTO meta (name, value) VALUES (?, ?)", (name, value))

    def reopen(self) -> SqliteStore:
        """Another store on the same database, for another thread."""
        return SqliteStore(self.path, sync_every_commit=self.sync_every_commit)

    def close(self) -> None:
        """Close the database connection."""
        self.database.close()


def open_store(path: Path | None = None, *, sync_every_commit: bool = True) -> GameStore:
    """The store of this program: the SQLite database at ``path`` (default
    :func:`database_path`), created and brought to the current schema if need be.
    Raises :class:`~chickenfoot.saves.store.StoreError` if it cannot be opened.

    ``sync_every_commit`` False trades a power cut's safety for speed: a commit is in the
    database's write-ahead log when it returns, so it survives the program being killed
    (``kill -9``) but not the machine losing power before the next checkpoint. A table
    server chooses it (``chickenfoot host --sync-every-move`` does not): waiting for the disk
    after every move of hundreds of tables would be most of a move's round trip."""
    return SqliteStore(
        database_path() if path is None else path, sync_every_commit=sync_every_commit
    )


def _apply_change(
    db: sqlite3.Connection, game: GameId, change: Change, holder: Holder | None
) -> None:
    """Apply ``change`` to ``game`` inside the transaction of ``db``."""
    if holder is not None:
        _check_holder(db, game, holder)
    row = db.execute(
        "SELECT action_count, assist_count, finished FROM games WHERE id = ?", (game,)
    ).fetchone()
    if row is None:
        raise GameNotFound(game)
    actions, assists, was_finished = row
    if change.keep > actions or change.assists_kept > assists:
        raise changed_meanwhile(game)
    if change.keep < actions:
        db.execute("DELETE FROM actions WHERE game = ? AND number >= ?", (game, change.keep))
    _insert_actions(db, game, change.keep, change.actions)
    if change.assists_kept < assists:
        db.execute(
            "DELETE FROM assists WHERE game = ? AND number >= ?",
            (game, change.assists_kept),
        )
    _insert_assists(db, game, change.assists_kept, change.assists)
    _update_facts(db, game, change.facts, bool(was_finished))


# ----- writing -----------------------------------------------------------------------------------


def _time_text(moment: datetime) -> str:
    """A time as stored: ISO 8601 in UTC, to the microsecond (text order is time order)."""
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def _insert_actions(
    db: sqlite3.Connection, game: GameId, first: int, actions: Sequence[Action]
) -> None:
    db.executemany(
        "INSERT INTO actions (game, number, seat, kind, tile, target) VALUES (?, ?, ?, ?, ?, ?)",
        [(game, first + index, *action_fields(action)) for index, action in enumerate(actions)],
    )


def _insert_assists(
    db: sqlite3.Connection, game: GameId, first: int, assists: Sequence[Assist]
) -> None:
    db.executemany(
        "INSERT INTO assists (game, number, kind, seat, at, undone) VALUES (?, ?, ?, ?, ?, ?)",
        [
            (
                game,
                first + index,
                assist.kind,
                assist.seat,
                assist.at,
                json.dumps(undone_json(assist)),
            )
            for index, assist in enumerate(assists)
        ],
    )


def _insert(
    db: sqlite3.Connection,
    record: GameRecord,
    facts: GameFacts,
    source: str | None,
    played: datetime | None = None,
) -> GameId:
    """Insert the game row of ``record`` with its actions, assists and results (last played
    ``played``, None for now)."""
    now = _time_text(datetime.now(UTC) if played is None else played)
    cursor = db.execute(
        "INSERT INTO games (uid, created, updated, format_version, seed, rules, seats, decks, "
        "taken_over, names, preset, players, round_count, round_number, action_count, "
        "assist_count, finished, rounds_played, winners, total_points, winning_points, source) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, 0, 0, 0, 0, 0, 0, ?)",
        (
            game_uid(record),
            _time_text(record.created),
            now,
            FORMAT_VERSION,
            record.seed,
            record.rules.model_dump_json(),
            json.dumps(
                [seat.model_dump(mode="json", exclude_none=True) for seat in record.seats],
                ensure_ascii=False,
            ),
            json.dumps([[str(tile) for tile in deck] for deck in record.decks]),
            None if record.taken_over is None else record.taken_over.model_dump_json(),
            json.dumps([seat.name for seat in record.seats], ensure_ascii=False),
            record.rules.preset,
            record.rules.players,
            record.rules.round_count,
            source,
        ),
    )
    game = cursor.lastrowid
    assert game is not None
    count_game(db, False, 1)
    _insert_actions(db, game, 0, record.actions)
    _insert_assists(db, game, 0, record.assists)
    _update_facts(db, game, facts, was_finished=False, updated=now)
    return game


def _update_facts(
    db: sqlite3.Connection,
    game: GameId,
    facts: GameFacts,
    was_finished: bool,
    updated: str | None = None,
) -> None:
    """Write what the lists and statistics read of ``game``; a game that is (or was) finished
    is added to (or taken from) the results and the tallies
    (:mod:`~chickenfoot.saves.tallying`)."""
    if was_finished:
        forget_results(db, game)
    if was_finished != facts.finished:
        count_game(db, was_finished, -1)
        count_game(db, facts.finished, 1)
    results = facts.results
    winners = sum(1 for result in results if result.place == 1)
    db.execute(
        "UPDATE games SET updated = ?, round_number = ?, action_count = ?, "
        "assist_count = (SELECT COUNT(*) FROM assists WHERE game = ?), finished = ?, "
        "rounds_played = ?, winners = ?, total_points = ?, winning_points = ? WHERE id = ?",
        (
            updated or _time_text(datetime.now(UTC)),
            facts.round_number,
            facts.actions,
            game,
            int(facts.finished),
            facts.rounds_played,
            winners,
            sum(result.total for result in results),
            sum(result.total for result in results if result.place == 1),
            game,
        ),
    )
    if facts.finished:
        preset, created = db.execute(
            "SELECT preset, created FROM games WHERE id = ?", (game,)
        ).fetchone()
        add_results(db, game, facts, preset, created)


def _import(
    db: sqlite3.Connection, incoming: Incoming, facts: GameFacts
) -> tuple[GameId, Imported]:
    """Import one game (see :meth:`SqliteStore.import_records`)."""
    record = incoming.record
    uid = game_uid(record)
    created = _time_text(record.created)
    for (game,) in db.execute(
        "SELECT id FROM games WHERE uid = ? AND created = ? ORDER BY id", (uid, created)
    ).fetchall():
        stored = _stored_actions(db, game)
        stored_assists = _stored_assists(db, game)
        mine = [action_fields(action) for action in record.actions]
        theirs = [row[2:] for row in stored]
        mine_assists = [(a.kind, a.seat, a.at, json.dumps(undone_json(a))) for a in record.assists]
        outcome = imported_into(mine, theirs, mine_assists, stored_assists)
        if outcome is Imported.EXTENDED:
            _insert_actions(db, game, len(theirs), record.actions[len(theirs) :])
            _insert_assists(db, game, len(stored_assists), record.assists[len(stored_assists) :])
            row = db.execute("SELECT finished FROM games WHERE id = ?", (game,)).fetchone()
            _update_facts(db, game, facts, bool(row[0]))
        if outcome is not None:
            return game, outcome
    return _insert(db, record, facts, incoming.source, incoming.played), Imported.ADDED


def _stored_actions(db: sqlite3.Connection, game: GameId) -> list[tuple[Any, ...]]:
    return db.execute(
        "SELECT game, number, seat, kind, tile, target FROM actions WHERE game = ? ORDER BY number",
        (game,),
    ).fetchall()


def _stored_assists(db: sqlite3.Connection, game: GameId) -> list[tuple[Any, ...]]:
    return db.execute(
        "SELECT kind, seat, at, undone FROM assists WHERE game = ? ORDER BY number", (game,)
    ).fetchall()


# ----- holders -----------------------------------------------------------------------------------


def _holder_of(db: sqlite3.Connection, game: GameId) -> Holder | None:
    row = db.execute(f"SELECT {HOLDER_COLUMNS} FROM holders WHERE game = ?", (game,)).fetchone()
    return None if row is None else holder_from_row(row)


def _check_holder(db: sqlite3.Connection, game: GameId, holder: Holder) -> None:
    """Refuse to write ``game`` for ``holder`` once another window has taken it over."""
    current = _holder_of(db, game)
    if current is not None and current.token != holder.token:
        raise HeldElsewhere(game, current)
    if current is None:
        _write_holder(db, game, holder)


def _write_holder(db: sqlite3.Connection, game: GameId, holder: Holder) -> None:
    """Note ``holder`` as the one who has ``game`` open (in place of any other)."""
    db.execute(
        "INSERT OR REPLACE INTO holders (game, token, pid, host, process_started, since, label) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
        (
            game,
            holder.token,
            holder.pid,
            holder.host,
            holder.process_started,
            _time_text(holder.since),
            holder.label,
        ),
    )


# ----- reading -----------------------------------------------------------------------------------


def _filter(which: GameFilter) -> tuple[str, tuple[Any, ...]]:
    if which == "all":
        return "", ()
    return "WHERE finished = ?", (int(which == "finished"),)
