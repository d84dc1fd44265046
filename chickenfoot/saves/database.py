"""The store on SQLite: every game in one database file, ``chickenfoot.db``.

:class:`SqliteStore` is the :class:`~chickenfoot.saves.store.GameStore` this program uses,
and a table server's :class:`~chickenfoot.saves.store.TableStore` (its online tables, a row
each, beside their games). The database runs in WAL mode with ``synchronous=FULL``: a write
returns once it is on disk, readers never wait for a writer, and a crash or a power cut loses
no committed transaction.
Each write is one ``BEGIN IMMEDIATE`` transaction; another process writing at the same moment
waits up to :data:`BUSY_SECONDS`. The schema is versioned (:mod:`chickenfoot.saves.schema`)
and brought up to date when the database is opened.

What is stored is only ever written by this program, so reading it back builds the record
without the file loader's field-by-field checks; it is still replayed through the rules, and
anything that does not fit is a ``RecordError`` saying the stored copy is damaged.
SQLite's own errors become :class:`~chickenfoot.saves.store.StoreError` in plain words.
This module imports no Textual.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from chickenfoot.record.model import (
    FORMAT_NAME,
    FORMAT_VERSION,
    Assist,
    GameRecord,
    RecordError,
    SeatConfig,
    TakenOver,
)
from chickenfoot.record.problems import describe_os_error, printable
from chickenfoot.record.summary import GameId, GameSummary
from chickenfoot.record.tallies import Statistics
from chickenfoot.rules import Action, RuleSet, draw, parse_tile, pass_turn, play
from chickenfoot.saves.files import special_kind
from chickenfoot.saves.journal import JOURNAL_SUFFIX, OPEN_JOURNALS, JournalLost, JournalWatch
from chickenfoot.saves.paths import DATABASE_NAME, database_path
from chickenfoot.saves.schema import MIGRATIONS, SCHEMA_VERSION
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
)
from chickenfoot.saves.tallying import (
    add_results,
    count_game,
    counted_games,
    forget_results,
    statistics,
)

__all__ = ["BUSY_SECONDS", "DATABASE_NAME", "SqliteStore", "database_path", "open_store"]


BUSY_SECONDS = 10.0
"""How long a write waits for another process's write to end before giving up."""


class SqliteStore(GameStore, TableStore):
    """Every game in the SQLite database at ``path`` (created, and brought to the current
    schema, when opened), and the online tables a table server keeps beside them. One
    connection, guarded by a lock: a thread that must not wait for another's writes uses a
    store of its own (:meth:`reopen`)."""

    def __init__(self, path: Path, *, sync_every_commit: bool = True) -> None:
        self.path = Path(path)
        self.sync_every_commit = sync_every_commit
        """True: each commit waits until it is on disk (a power cut loses nothing committed).
        False (a table server's choice, see :func:`open_store`): a commit survives the
        program being killed, and reaches the disk with the next checkpoint."""
        self._lock = threading.RLock()
        self._key = os.path.realpath(self.path)
        """The database's real path: what tells this process's connections to it apart."""
        OPEN_JOURNALS.renew_others(self._key)  # never a new journal beside a deleted one
        self._db = _connect(self.path, full=sync_every_commit)
        self._journal = self._watch_journal()
        OPEN_JOURNALS.opened(self._key, self)

    # ----- transactions and errors -----------------------------------------------------------

    def _error(self, error: sqlite3.Error) -> StoreError:
        return StoreError(_problem(error), printable(str(self.path)))

    def _watch_journal(self) -> JournalWatch | None:
        """A watch on the journal this connection writes to (None: not in WAL mode, as on a
        file system without shared memory, where there is no journal to lose)."""
        (mode,) = self._db.execute("PRAGMA journal_mode").fetchone()
        if str(mode).lower() != "wal":
            return None
        watch = JournalWatch(self.path)
        watch.remember()
        return watch

    def _journal_moved(self) -> bool:
        return self._journal is not None and self._journal.moved()

    def renew_if_moved(self) -> None:
        """If the journal this connection writes to was deleted, copy it into the database
        and move to a new one (see :meth:`_renew_journal`)."""
        if not self._journal_moved():  # a stat, without waiting for the connection
            return
        with self._lock:
            if self._journal_moved():
                self._renew_journal()

    def _renew_journal(self) -> None:
        """The journal this connection wrote to was deleted (see
        :mod:`~chickenfoot.saves.journal`): copy the commits it holds into the database, then
        reconnect, which begins a new journal. When it held commits (moves a crash would have
        lost), what happened is kept to be told after the next commit to the database; a
        journal found empty (another connection copied it already) is renewed quietly.
        Raises :class:`StoreError` if no new connection can be made."""
        journal = self._journal.path if self._journal is not None else self.path
        try:  # how many pages the journal held, and how many were copied
            busy, held, copied = self._db.execute("PRAGMA wal_checkpoint(FULL)").fetchone()
            # Emptied, so that a connection still on it finds nothing left to read there.
            self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        except sqlite3.Error:  # another connection began a new journal meanwhile: it told
            busy, held, copied = 0, 0, 0
        if held > 0:
            OPEN_JOURNALS.lose(self._key, JournalLost(journal, saved=busy == 0 and copied == held))
        with suppress(sqlite3.Error):
            self._db.close()
        self._db = _connect(self.path, full=self.sync_every_commit)
        self._journal = self._watch_journal()

    def _begin(self, statement: str) -> sqlite3.Connection:
        """The connection, in a transaction begun with ``statement``; first renewed if its
        journal was deleted (see :meth:`_renew_journal`), and again if beginning fails on a
        journal deleted meanwhile."""
        if self._journal_moved():
            self._renew_journal()
        try:
            self._db.execute(statement)
        except sqlite3.Error as error:
            if not self._journal_moved():
                raise self._error(error) from None
            self._renew_journal()
            try:
                self._db.execute(statement)
            except sqlite3.Error as again:
                raise self._error(again) from None
        return self._db

    @contextmanager
    def _writing(self) -> Iterator[sqlite3.Connection]:
        """One write transaction: committed (on disk) when the block ends, rolled back if it
        raises. A journal found deleted raises :class:`JournalLost` once the commit is done:
        it is in the database then (if ``saved``), and the later ones are safe again."""
        with self._lock:
            db = self._begin("BEGIN IMMEDIATE")
            try:
                yield db
                db.execute("COMMIT")
            except BaseException as error:
                if db.in_transaction:
                    with suppress(sqlite3.Error):
                        db.execute("ROLLBACK")
                if isinstance(error, sqlite3.Error):
                    raise self._error(error) from None
                raise
            if self._journal_moved():
                self._renew_journal()
            lost = OPEN_JOURNALS.take_lost(self._key)
            if lost is not None:
                raise lost

    @contextmanager
    def _reading(self) -> Iterator[sqlite3.Connection]:
        """One read transaction: every query in the block sees the same data."""
        with self._lock:
            db = self._begin("BEGIN")
            try:
                try:
                    yield db
                finally:
                    if db.in_transaction:
                        db.execute("COMMIT")
            except sqlite3.Error as error:
                raise self._error(error) from None

    # ----- games -----------------------------------------------------------------------------

    def create(self, record: GameRecord, *, source: str | None = None) -> GameId:
        """Add the game ``record``; its number."""
        facts = GameFacts.of(record)
        with self._writing() as db:
            return _insert(db, record, facts, source)

    def commit(self, game: GameId, change: Change, holder: Holder | None = None) -> None:
        """Apply ``change`` to ``game`` in one transaction (see the interface)."""
        with self._writing() as db:
            _apply_change(db, game, change, holder)

    def commit_many(
        self, changes: Sequence[tuple[GameId, Change, Holder | None]]
    ) -> list[StoreError | None]:
        """Apply the changes of many games in one transaction (see the interface)."""
        results: list[StoreError | None] = []
        with self._writing() as db:
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

    def keep_table(self, code: str, game: GameId | None, data: str) -> None:
        """Keep the online table ``code`` (see :class:`TableStore`)."""
        with self._writing() as db:
            db.execute(
                "INSERT OR REPLACE INTO online_tables (code, game, data, updated)"
                " VALUES (?, ?, ?, ?)",
                (code, game, data, _time_text(datetime.now(UTC))),
            )

    def tables(self) -> list[KeptTableRow]:
        """Every online table kept (see :class:`TableStore`)."""
        with self._reading() as db:
            rows = db.execute("SELECT code, game, data FROM online_tables ORDER BY code")
            return [(str(code), game, str(data)) for code, game, data in rows]

    def drop_table(self, code: str) -> None:
        """Forget the online table ``code`` (see :class:`TableStore`)."""
        with self._writing() as db:
            db.execute("DELETE FROM online_tables WHERE code = ?", (code,))

    def record(self, game: GameId) -> GameRecord:
        """The whole game, replayed (see the interface)."""
        with self._reading() as db:
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
        return _record_from_rows(game, row, actions, assists)

    def summary(self, game: GameId) -> GameSummary:
        """One game as the lists show it."""
        with self._reading() as db:
            row = db.execute(
                f"SELECT {_SUMMARY_COLUMNS} FROM games WHERE id = ?", (game,)
            ).fetchone()
        if row is None:
            raise GameNotFound(game)
        return _summary(row)

    def games(
        self, which: GameFilter = "all", *, limit: int | None = None, offset: int = 0
    ) -> list[GameSummary]:
        """Games, the most recently changed first."""
        where, parameters = _filter(which)
        query = (
            f"SELECT {_SUMMARY_COLUMNS} FROM games {where} "
            "ORDER BY updated DESC, id DESC LIMIT ? OFFSET ?"
        )
        with self._reading() as db:
            rows = db.execute(query, (*parameters, -1 if limit is None else limit, offset))
            return [_summary(row) for row in rows]

    def count(self, which: GameFilter = "all") -> int:
        """How many games there are."""
        with self._reading() as db:
            return counted_games(db, None if which == "all" else which == "finished")

    def latest_unfinished(self) -> GameSummary | None:
        """The unfinished game changed most recently, or None."""
        found = self.games("unfinished", limit=1)
        return found[0] if found else None

    def delete(self, game: GameId) -> None:
        """Remove a game and everything about it."""
        with self._writing() as db:
            row = db.execute("SELECT finished FROM games WHERE id = ?", (game,)).fetchone()
            if row is None:
                return
            forget_results(db, game)
            count_game(db, bool(row[0]), -1)
            db.execute("DELETE FROM games WHERE id = ?", (game,))

    def statistics(self, chart_people: int = 5, most_points: int = 120) -> Statistics:
        """The statistics of the finished games, from indexed queries."""
        with self._reading() as db:
            return statistics(db, chart_people, most_points)

    # ----- who has a game open ---------------------------------------------------------------

    def hold(self, game: GameId, holder: Holder, *, force: bool = False) -> None:
        """Note that ``holder`` has ``game`` open (see the interface)."""
        with self._writing() as db:
            if db.execute("SELECT 1 FROM games WHERE id = ?", (game,)).fetchone() is None:
                raise GameNotFound(game)
            current = _holder_of(db, game)
            if (
                current is not None
                and not force
                and current.token != holder.token
                and not (current.here and current.pid == holder.pid)
                and current.alive
            ):
                raise HeldElsewhere(game, current)
            _write_holder(db, game, holder)

    def release(self, game: GameId, holder: Holder) -> None:
        """``holder`` closed ``game``."""
        with self._writing() as db:
            db.execute("DELETE FROM holders WHERE game = ? AND token = ?", (game, holder.token))

    def holder(self, game: GameId) -> Holder | None:
        """Who has ``game`` open, if anyone alive does."""
        with self._reading() as db:
            current = _holder_of(db, game)
        return current if current is not None and current.alive else None

    def release_dead(self) -> int:
        """Forget the holders whose process is gone."""
        with self._reading() as db:
            rows = db.execute(f"SELECT {_HOLDER_COLUMNS}, game FROM holders").fetchall()
        dead = [(row[-1], row[4]) for row in rows if not _holder(row).alive]
        if dead:
            with self._writing() as db:
                db.executemany("DELETE FROM holders WHERE game = ? AND token = ?", dead)
        return len(dead)

    # ----- files -----------------------------------------------------------------------------

    def import_records(self, records: Sequence[Incoming]) -> list[tuple[GameId, Imported]]:
        """Add games read from files, in one transaction (see the interface)."""
        prepared = [(incoming, GameFacts.of(incoming.record)) for incoming in records]
        with self._writing() as db:
            return [_import(db, incoming, facts) for incoming, facts in prepared]

    def meta(self, name: str) -> str | None:
        """A value the store keeps about itself."""
        with self._reading() as db:
            row = db.execute("SELECT value FROM meta WHERE name = ?", (name,)).fetchone()
        return None if row is None else str(row[0])

    def set_meta(self, name: str, value: str) -> None:
        """Keep ``value`` under ``name``."""
        with self._writing() as db:
            db.execute("INSERT OR REPLACE INTO meta (name, value) VALUES (?, ?)", (name, value))

    def reopen(self) -> SqliteStore:
        """Another store on the same database, for another thread."""
        return SqliteStore(self.path, sync_every_commit=self.sync_every_commit)

    def close(self) -> None:
        """Close the database connection."""
        OPEN_JOURNALS.closed(self._key, self)
        with self._lock:
            self._db.close()


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


# ----- opening -----------------------------------------------------------------------------------


def _connect(path: Path, *, full: bool = True) -> sqlite3.Connection:
    """A connection to the database at ``path`` in WAL mode with full synchronous commits
    (``full`` False: normal ones, see :func:`open_store`), brought to the current schema."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise StoreError(
            f"{printable(str(path.parent))}: the folder cannot be made: {describe_os_error(error)}"
        ) from None
    _refuse_special_files(path)
    try:
        db = sqlite3.connect(
            path, timeout=BUSY_SECONDS, isolation_level=None, check_same_thread=False
        )
    except sqlite3.Error as error:
        raise StoreError(_problem(error), printable(str(path))) from None
    try:
        _refuse_newer(db, path)  # before WAL mode, which would change the file
        db.execute("PRAGMA journal_mode = WAL")
        db.execute(f"PRAGMA synchronous = {'FULL' if full else 'NORMAL'}")
        db.execute("PRAGMA foreign_keys = ON")
        _migrate(db, path)
    except sqlite3.Error as error:
        db.close()
        raise StoreError(_problem(error), printable(str(path))) from None
    except StoreError:
        db.close()
        raise
    return db


JOURNAL_SUFFIXES = (JOURNAL_SUFFIX, "-shm")
"""The files SQLite keeps beside the database in WAL mode: its journal and the journal's
index."""


def _refuse_special_files(path: Path) -> None:
    """Refuse, before SQLite opens anything, a database (or one of its journal files) that is
    not a regular file: a named pipe (which opening could wait on forever), a folder, a
    device. The words say what is there, not that the disk failed."""
    meant = {path: "the game database"}
    meant.update(
        (path.with_name(path.name + suffix), "the game database's journal")
        for suffix in JOURNAL_SUFFIXES
    )
    for name, what in meant.items():
        try:
            kind = special_kind(os.stat(name).st_mode)
        except OSError:  # not there yet (SQLite makes it), or unreadable: SQLite says why
            continue
        if kind is not None:
            made = "a new, empty database" if name == path else "a new journal"
            raise StoreError(
                f"{printable(str(name))}: not a regular file but {kind}, where {what} should be "
                f"a file: move it away (chickenfoot then makes {made} there)"
            )


def _refuse_newer(db: sqlite3.Connection, path: Path) -> None:
    """Refuse a database made by a newer program (without changing it)."""
    (version,) = db.execute("PRAGMA user_version").fetchone()
    if version > SCHEMA_VERSION:
        raise StoreError(
            f"{printable(str(path))}: the games were saved by a newer chickenfoot (database "
            f"version {version}; this one reads up to {SCHEMA_VERSION}): update chickenfoot"
        )


def _migrate(db: sqlite3.Connection, path: Path) -> None:
    """Bring the database to :data:`SCHEMA_VERSION` in one transaction (nothing to do when it
    is there already)."""
    (version,) = db.execute("PRAGMA user_version").fetchone()
    if version == SCHEMA_VERSION:
        return
    db.execute("BEGIN IMMEDIATE")
    try:
        (version,) = db.execute("PRAGMA user_version").fetchone()  # another process may have
        _refuse_newer(db, path)
        for statements in MIGRATIONS[version:]:
            for statement in statements:
                db.execute(statement)
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        db.execute("COMMIT")
    except BaseException:
        db.execute("ROLLBACK")
        raise


_PROBLEMS = (
    ("SQLITE_BUSY", "the game database is busy: another chickenfoot kept it for too long"),
    ("SQLITE_LOCKED", "the game database is busy: another chickenfoot kept it for too long"),
    ("SQLITE_FULL", "the disk is full"),
    ("SQLITE_READONLY", "the game database cannot be written (a read-only file or folder)"),
    ("SQLITE_CANTOPEN", "the game database cannot be opened (is its folder there and writable?)"),
    ("SQLITE_NOTADB", "this is not a chickenfoot game database, or it is damaged"),
    ("SQLITE_CORRUPT", "the game database is damaged"),
    ("SQLITE_IOERR", "the disk failed to read or write the game database"),
    ("SQLITE_PERM", "the game database may not be opened (no permission)"),
)
"""SQLite's error names (each a prefix of a family) and what they mean, in plain words."""


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
        raise StoreError(
            f"game {game} changed in the store meanwhile (another window saved it): "
            "this window no longer saves it"
        )
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


def _problem(error: sqlite3.Error) -> str:
    """What an SQLite error means, in plain words."""
    name = getattr(error, "sqlite_errorname", "") or ""
    for prefix, problem in _PROBLEMS:
        if name.startswith(prefix):
            return problem
    return f"the game database failed ({name or 'an unknown error'})"


# ----- writing -----------------------------------------------------------------------------------


def _time_text(moment: datetime) -> str:
    """A time as stored: ISO 8601 in UTC, to the microsecond (text order is time order)."""
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def _time(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def _uid(record: GameRecord) -> str:
    """What tells one game from another: a hash of its creation time and decks (a copy of a
    game, or a longer save of it, has the same)."""
    digest = hashlib.sha256(record.created.isoformat().encode())
    for deck in record.decks:
        digest.update(" ".join(map(str, deck)).encode())
    return digest.hexdigest()[:32]


def _action_row(game: GameId, number: int, action: Action) -> tuple[Any, ...]:
    if action.kind == "play":
        return (game, number, action.seat, "play", str(action.tile), action.target)
    return (game, number, action.seat, action.kind, None, None)


def _action_json(action: Action) -> dict[str, Any]:
    if action.kind == "play":
        return {
            "kind": "play",
            "seat": action.seat,
            "tile": str(action.tile),
            "target": action.target,
        }
    return {"kind": action.kind, "seat": action.seat}


def _insert_actions(
    db: sqlite3.Connection, game: GameId, first: int, actions: Sequence[Action]
) -> None:
    db.executemany(
        "INSERT INTO actions (game, number, seat, kind, tile, target) VALUES (?, ?, ?, ?, ?, ?)",
        [_action_row(game, first + index, action) for index, action in enumerate(actions)],
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
                json.dumps([_action_json(action) for action in assist.undone]),
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
            _uid(record),
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
    uid = _uid(record)
    created = _time_text(record.created)
    for (game,) in db.execute(
        "SELECT id FROM games WHERE uid = ? AND created = ? ORDER BY id", (uid, created)
    ).fetchall():
        stored = _stored_actions(db, game)
        stored_assists = _stored_assists(db, game)
        mine = [
            _action_row(game, number, action)[2:] for number, action in enumerate(record.actions)
        ]
        theirs = [row[2:] for row in stored]
        mine_assists = [
            (a.kind, a.seat, a.at, json.dumps([_action_json(x) for x in a.undone]))
            for a in record.assists
        ]
        if mine[: len(theirs)] == theirs and mine_assists[: len(stored_assists)] == stored_assists:
            if len(mine) == len(theirs) and len(mine_assists) == len(stored_assists):
                return game, Imported.ALREADY
            _insert_actions(db, game, len(theirs), record.actions[len(theirs) :])
            _insert_assists(db, game, len(stored_assists), record.assists[len(stored_assists) :])
            row = db.execute("SELECT finished FROM games WHERE id = ?", (game,)).fetchone()
            _update_facts(db, game, facts, bool(row[0]))
            return game, Imported.EXTENDED
        if theirs[: len(mine)] == mine and stored_assists[: len(mine_assists)] == mine_assists:
            return game, Imported.ALREADY
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

_HOLDER_COLUMNS = "pid, host, process_started, since, token, label"


def _holder(row: Sequence[Any]) -> Holder:
    pid, host, started, since, token, label = row[:6]
    return Holder(int(pid), str(host), started, _time(since), str(token), str(label))


def _holder_of(db: sqlite3.Connection, game: GameId) -> Holder | None:
    row = db.execute(f"SELECT {_HOLDER_COLUMNS} FROM holders WHERE game = ?", (game,)).fetchone()
    return None if row is None else _holder(row)


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

_SUMMARY_COLUMNS = (
    "id, created, updated, names, round_number, round_count, finished, action_count, source, "
    "taken_over IS NOT NULL"
)


def _summary(row: Sequence[Any]) -> GameSummary:
    game, created, updated, names, round_number, round_count, finished, actions, source, taken = row
    return GameSummary(
        id=game,
        created=_time(created),
        updated=_time(updated),
        names=tuple(json.loads(names)),
        round_number=round_number,
        round_count=round_count,
        finished=bool(finished),
        actions=actions,
        source=source,
        taken_over=bool(taken),
    )


def _filter(which: GameFilter) -> tuple[str, tuple[Any, ...]]:
    if which == "all":
        return "", ()
    return "WHERE finished = ?", (int(which == "finished"),)


def _action_from_row(seat: int, kind: str, tile: str | None, target: str | None) -> Action:
    if kind == "play":
        if tile is None or target is None:
            raise ValueError("a play without its tile or end")
        return play(seat, parse_tile(tile), target)
    if kind == "draw":
        return draw(seat)
    if kind == "pass":
        return pass_turn(seat)
    raise ValueError(f"an action of unknown kind {kind!r}")


def _record_from_rows(
    game: GameId,
    row: Sequence[Any],
    action_rows: Sequence[Sequence[Any]],
    assist_rows: Sequence[Sequence[Any]],
) -> GameRecord:
    """The record of ``game`` from its rows, replayed through the rules."""
    created, seed, rules, seats, decks, taken_over, action_count = row
    try:
        if len(action_rows) != action_count:
            raise ValueError(f"{len(action_rows)} actions stored, {action_count} counted")
        assists = tuple(
            Assist(
                kind=kind,
                seat=seat,
                at=at,
                undone=tuple(_action_from_row(**_fields(item)) for item in json.loads(undone)),
            )
            for kind, seat, at, undone in assist_rows
        )
        record = GameRecord.model_construct(
            format=FORMAT_NAME,
            version=FORMAT_VERSION,
            created=_time(created),
            seed=seed,
            rules=RuleSet.model_validate_json(rules),
            seats=tuple(SeatConfig.model_validate(seat) for seat in json.loads(seats)),
            decks=tuple(tuple(parse_tile(tile) for tile in deck) for deck in json.loads(decks)),
            actions=tuple(_action_from_row(*action) for action in action_rows),
            assists=assists,
            taken_over=None if taken_over is None else TakenOver.model_validate_json(taken_over),
        )
    except (ValueError, TypeError, KeyError, ValidationError) as error:
        raise RecordError(None, f"game {game}", f"the store's copy is damaged: {error}") from None
    try:
        record.final_state()
    except RecordError as error:
        raise RecordError(
            None, f"game {game}", f"the store's copy is damaged: {error.where}: {error.problem}"
        ) from None
    return record


def _fields(item: Any) -> dict[str, Any]:
    """An undone action's fields, as :func:`_action_from_row` takes them."""
    return {
        "seat": item["seat"],
        "kind": item["kind"],
        "tile": item.get("tile"),
        "target": item.get("target"),
    }
