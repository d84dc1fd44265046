"""One connection to the SQLite database of the games, ``chickenfoot.db``: opening it (the
file checked, the schema brought up to date), its transactions, and what keeps it safe when its
journal is deleted under it.

The database runs in WAL mode; each write is one ``BEGIN IMMEDIATE`` transaction, and another
process writing at the same moment waits up to :data:`BUSY_SECONDS`. A connection whose
journal (``chickenfoot.db-wal``) was deleted copies what the journal holds into the database
and begins a new one before its next transaction (:mod:`chickenfoot.saves.journal`).
SQLite's own errors become :class:`~chickenfoot.saves.store.StoreError` in plain words.
:class:`~chickenfoot.saves.database.SqliteStore` reads and writes the games through one.
This module imports no Textual.
"""

from __future__ import annotations

import os
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from chickenfoot.lang import N_, _
from chickenfoot.record.problems import describe_os_error, printable
from chickenfoot.saves.files import special_kind
from chickenfoot.saves.journal import JOURNAL_SUFFIX, OPEN_JOURNALS, JournalLost, JournalWatch
from chickenfoot.saves.paths import data_dir
from chickenfoot.saves.schema import MIGRATIONS, SCHEMA_VERSION
from chickenfoot.saves.store import StoreError, newer_database

__all__ = ["BUSY_SECONDS", "SqliteConnection", "connect"]

BUSY_SECONDS = 10.0
"""How long a write waits for another process's write to end before giving up."""


class SqliteConnection:
    """A connection to the SQLite database at ``path`` (created, and brought to the current
    schema, when opened), guarded by a lock: every transaction of one thread at a time.

    ``full`` True: each commit waits until it is on disk (a power cut loses nothing
    committed); False: a commit survives the program being killed, and reaches the disk with
    the next checkpoint (see :func:`~chickenfoot.saves.database.open_store`)."""

    def __init__(self, path: Path, *, full: bool = True) -> None:
        self.path = path
        self.full = full
        self._lock = threading.RLock()
        self._key = os.path.realpath(self.path)
        """The database's real path: what tells this process's connections to it apart."""
        OPEN_JOURNALS.renew_others(self._key)  # never a new journal beside a deleted one
        self.connection = connect(self.path, full=full)
        """The SQLite connection (a new one after its journal was deleted)."""
        self._journal = self._watch_journal()
        OPEN_JOURNALS.opened(self._key, self)

    def _error(self, error: sqlite3.Error) -> StoreError:
        return StoreError(_problem(error), printable(str(self.path)))

    def _watch_journal(self) -> JournalWatch | None:
        """A watch on the journal this connection writes to (None: not in WAL mode, as on a
        file system without shared memory, where there is no journal to lose)."""
        (mode,) = self.connection.execute("PRAGMA journal_mode").fetchone()
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
            busy, held, copied = self.connection.execute("PRAGMA wal_checkpoint(FULL)").fetchone()
            # Emptied, so that a connection still on it finds nothing left to read there.
            self.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        except sqlite3.Error:  # another connection began a new journal meanwhile: it told
            busy, held, copied = 0, 0, 0
        if held > 0:
            OPEN_JOURNALS.lose(self._key, JournalLost(journal, saved=busy == 0 and copied == held))
        with suppress(sqlite3.Error):
            self.connection.close()
        self.connection = connect(self.path, full=self.full)
        self._journal = self._watch_journal()

    def _begin(self, statement: str) -> sqlite3.Connection:
        """The connection, in a transaction begun with ``statement``; first renewed if its
        journal was deleted (see :meth:`_renew_journal`), and again if beginning fails on a
        journal deleted meanwhile."""
        if self._journal_moved():
            self._renew_journal()
        try:
            self.connection.execute(statement)
        except sqlite3.Error as error:
            if not self._journal_moved():
                raise self._error(error) from None
            self._renew_journal()
            try:
                self.connection.execute(statement)
            except sqlite3.Error as again:
                raise self._error(again) from None
        return self.connection

    @contextmanager
    def writing(self) -> Iterator[sqlite3.Connection]:
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
    def reading(self) -> Iterator[sqlite3.Connection]:
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

    def close(self) -> None:
        """Close the connection (it cannot be used after)."""
        OPEN_JOURNALS.closed(self._key, self)
        with self._lock:
            self.connection.close()


# ----- opening -----------------------------------------------------------------------------------


def connect(path: Path, *, full: bool = True) -> sqlite3.Connection:
    """A connection to the database at ``path`` in WAL mode with full synchronous commits
    (``full`` False: normal ones, see :class:`SqliteConnection`), brought to the current schema."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise StoreError(
            _("{folder}: the folder cannot be made: {reason}").format(
                folder=printable(str(path.parent)), reason=describe_os_error(error)
            )
        ) from None
    _refuse_special_files(path)
    _keep_private(path)
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


PRIVATE_FILE = 0o600
PRIVATE_FOLDER = 0o700


def _keep_private(path: Path) -> None:
    """Make the database at ``path`` readable by its owner alone (it holds the decks of
    games in play): the file is made, or narrowed, to 0600 before SQLite opens it, and SQLite
    gives its journal files the database's own mode; the data folder (when ``path`` is in
    it) to 0700. A file system without modes, or a file of another user's, is left as it
    is."""
    with suppress(OSError):
        if path.parent == data_dir():
            path.parent.chmod(PRIVATE_FOLDER)
    with suppress(OSError):
        os.close(os.open(path, os.O_CREAT | os.O_WRONLY, PRIVATE_FILE))
    for name in (path, *(path.with_name(path.name + suffix) for suffix in JOURNAL_SUFFIXES)):
        with suppress(OSError):
            if os.stat(name).st_mode & 0o077:
                name.chmod(PRIVATE_FILE)


def _refuse_special_files(path: Path) -> None:
    """Refuse, before SQLite opens anything, a database (or one of its journal files) that is
    not a regular file: a named pipe (which opening could wait on forever), a folder, a
    device. The words say what is there, not that the disk failed."""
    for name in (path, *(path.with_name(path.name + suffix) for suffix in JOURNAL_SUFFIXES)):
        try:
            kind = special_kind(os.stat(name).st_mode)
        except OSError:  # not there yet (SQLite makes it), or unreadable: SQLite says why
            continue
        if kind is None:
            continue
        if name == path:
            message = _(
                "{file}: not a regular file but {kind}, where the game database should be a "
                "file: move it away (chickenfoot then makes a new, empty database there)"
            )
        else:
            message = _(
                "{file}: not a regular file but {kind}, where the game database's journal "
                "should be a file: move it away (chickenfoot then makes a new journal there)"
            )
        raise StoreError(message.format(file=printable(str(name)), kind=kind))


def _refuse_newer(db: sqlite3.Connection, path: Path) -> None:
    """Refuse a database made by a newer program (without changing it)."""
    (version,) = db.execute("PRAGMA user_version").fetchone()
    if version > SCHEMA_VERSION:
        raise StoreError(printable(str(path)) + ": " + newer_database(version, SCHEMA_VERSION))


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
    ("SQLITE_BUSY", N_("the game database is busy: another chickenfoot kept it for too long")),
    ("SQLITE_LOCKED", N_("the game database is busy: another chickenfoot kept it for too long")),
    ("SQLITE_FULL", N_("the disk is full")),
    ("SQLITE_READONLY", N_("the game database cannot be written (a read-only file or folder)")),
    (
        "SQLITE_CANTOPEN",
        N_("the game database cannot be opened (is its folder there and writable?)"),
    ),
    ("SQLITE_NOTADB", N_("this is not a chickenfoot game database, or it is damaged")),
    ("SQLITE_CORRUPT", N_("the game database is damaged")),
    ("SQLITE_IOERR", N_("the disk failed to read or write the game database")),
    ("SQLITE_PERM", N_("the game database may not be opened (no permission)")),
)
"""SQLite's error names (each a prefix of a family) and what they mean, in plain words
(marked for the catalogues, translated where shown)."""


def _problem(error: sqlite3.Error) -> str:
    """What an SQLite error means, in plain words."""
    name = getattr(error, "sqlite_errorname", "") or ""
    for prefix, problem in _PROBLEMS:
        if name.startswith(prefix):
            return _(problem)
    if not name:
        return _("the game database failed (an unknown error)")
    return _("the game database failed ({error})").format(error=name)
