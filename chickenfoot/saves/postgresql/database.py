"""The PostgreSQL database a store works on: its connection pool, shared by a store and the
stores reopened from it, and the transactions made on the pool's connections.

:class:`PostgresDatabase` connects once when made, to bring the database to the current schema
(numbered migrations, under an advisory lock, refusing a database of a newer chickenfoot or of
another program), then opens a pool of at most :data:`POOL_SIZE` connections. Each
transaction borrows one: a write is ``READ COMMITTED`` and made again when the server gives it
up for another's sake (a deadlock, a serialization failure), up to :data:`RETRIES` times; a
read is ``REPEATABLE READ READ ONLY``, one snapshot. PostgreSQL's errors become
:class:`~chickenfoot.saves.store.StoreError` in plain words, naming the database's address
without its password. :class:`~chickenfoot.saves.postgresql.store.PostgresStore` reads and
writes the games through one. This module imports no Textual.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, Final, TypeVar

import psycopg
from psycopg import Connection, Cursor, IsolationLevel, errors
from psycopg.conninfo import conninfo_to_dict, make_conninfo
from psycopg_pool import ConnectionPool, PoolTimeout

from chickenfoot.lang import _
from chickenfoot.saves.postgresql.problems import connect_problem, problem, shown_address
from chickenfoot.saves.postgresql.schema import (
    MAKE_VERSION_TABLE,
    MIGRATIONS,
    SCHEMA_VERSION,
    TABLES,
    VERSION_TABLE,
)
from chickenfoot.saves.store import StoreError, newer_database

__all__ = [
    "CONNECT_SECONDS",
    "POOL_SIZE",
    "RETRIES",
    "WAIT_SECONDS",
    "Db",
    "PostgresDatabase",
]

POOL_SIZE: Final = 8
"""The most connections one process's stores hold open at once."""

CONNECT_SECONDS: Final = 10
"""How long connecting to the server may take (libpq's ``connect_timeout``), unless the
address says otherwise."""

WAIT_SECONDS: Final = 30.0
"""How long a call waits for a connection of the pool (the server down, or every connection
busy) before it gives up in words."""

RETRIES: Final = 3
"""How many times a write is made when the server gives it up for another's (a deadlock)."""

MIGRATION_LOCK: Final = 0x63686B66_6D696772  # "chkfmigr"
"""The advisory lock key two processes migrating one database at once take in turn."""

_T = TypeVar("_T")
Db = Cursor[Any]
"""What a transaction's work is given: a cursor of the connection it runs on."""


class PostgresDatabase:
    """The PostgreSQL database at ``address`` (a ``postgresql://`` URL or a libpq connection
    string), brought to the current schema when first opened, and one pool of connections to
    it, shared by every store that :meth:`share` hands it to and closed when the last of them
    :meth:`leave` s it. Raises :class:`~chickenfoot.saves.store.StoreError` in words if the
    server cannot be reached, the user or password is refused, or the database was made by a
    newer chickenfoot.

    ``sync_every_commit`` False commits with ``synchronous_commit = off`` (see
    :class:`~chickenfoot.saves.postgresql.store.PostgresStore`)."""

    def __init__(self, address: str, *, sync_every_commit: bool = True) -> None:
        try:
            self.where = shown_address(address)
            """The database's address as words may show it (without its password)."""
        except ValueError as error:
            raise StoreError(str(error)) from None
        conninfo = _conninfo(address, sync_every_commit)
        _prepare(conninfo, self.where)
        self.pool = ConnectionPool(
            conninfo,
            min_size=1,
            max_size=POOL_SIZE,
            kwargs={"autocommit": True},
            check=ConnectionPool.check_connection,
            timeout=WAIT_SECONDS,
            name="chickenfoot store",
            open=False,
        )
        self.pool.open()
        self.server: str | None = None
        """The table server the stores on this database write as, once one enlisted: their
        writes about its tables are fenced by its lease
        (:mod:`~chickenfoot.saves.postgresql.leases`)."""
        self._users = 1
        self._lock = threading.Lock()

    def share(self) -> PostgresDatabase:
        """The same database for one more store (its pool closes with the last one)."""
        with self._lock:
            self._users += 1
        return self

    def leave(self) -> None:
        """One store is done with the database: the last one closes the pool."""
        with self._lock:
            self._users -= 1
            last = self._users == 0
        if last:
            self.pool.close()

    def error(self, error: psycopg.Error) -> StoreError:
        """What ``error`` means, in words naming the database."""
        return StoreError(problem(error), self.where)

    @contextmanager
    def connection(self) -> Iterator[Connection[Any]]:
        """A connection of the pool for the block (a :class:`StoreError` if none comes)."""
        try:
            with self.pool.connection() as connection:
                yield connection
        except PoolTimeout:
            raise StoreError(
                _(
                    "the database server did not answer in {seconds} s (is it running, and "
                    "reachable from here?)"
                ).format(seconds=f"{WAIT_SECONDS:g}"),
                self.where,
            ) from None

    def write(self, work: Callable[[Db], _T]) -> _T:
        """``work`` in one write transaction, committed when it returns; made again if the
        server gave it up for another transaction's sake (:data:`RETRIES` times at most)."""
        for attempt in range(1, RETRIES + 1):
            try:
                with self.connection() as connection:
                    connection.isolation_level = IsolationLevel.READ_COMMITTED
                    connection.read_only = False
                    with connection.transaction(), connection.cursor() as db:
                        return work(db)
            except (errors.DeadlockDetected, errors.SerializationFailure) as error:
                if attempt == RETRIES:
                    raise self.error(error) from None
            except psycopg.Error as error:
                raise self.error(error) from None
        raise AssertionError("unreachable: the last attempt returns or raises")

    def read(self, work: Callable[[Db], _T]) -> _T:
        """``work`` in one read transaction: every query sees the same snapshot."""
        try:
            with self.connection() as connection:
                connection.isolation_level = IsolationLevel.REPEATABLE_READ
                connection.read_only = True
                with connection.transaction(), connection.cursor() as db:
                    return work(db)
        except psycopg.Error as error:
            raise self.error(error) from None


# ----- opening -----------------------------------------------------------------------------------


def _conninfo(address: str, sync_every_commit: bool) -> str:
    """The connection string for ``address``: a connect timeout and the application's name
    unless the address gives its own, and asynchronous commits when asked for."""
    given = conninfo_to_dict(address)
    extra: dict[str, Any] = {}
    if "connect_timeout" not in given:
        extra["connect_timeout"] = CONNECT_SECONDS
    if "application_name" not in given:
        extra["application_name"] = "chickenfoot"
    if not sync_every_commit:
        extra["options"] = f"{given.get('options') or ''} -c synchronous_commit=off".strip()
    return make_conninfo(address, **extra)


def _prepare(conninfo: str, where: str) -> None:
    """Connect once, and bring the database to the current schema (see :func:`_migrate`)."""
    try:
        connection = psycopg.connect(conninfo, autocommit=True)
    except psycopg.Error as error:
        raise StoreError(connect_problem(error), where) from None
    try:
        with connection:
            _migrate(connection, where)
    except psycopg.Error as error:
        raise StoreError(problem(error), where) from None


def _version(connection: Connection[Any]) -> int | None:
    """The database's schema version (None: it has no chickenfoot schema yet)."""
    # A query of the catalog (not to_regclass, whose cache may not yet see a table another
    # process made while this one waited for the migration lock).
    row = connection.execute(
        "SELECT 1 FROM pg_catalog.pg_tables WHERE schemaname = current_schema() AND tablename = %s",
        (VERSION_TABLE,),
    ).fetchone()
    if row is None:
        return None
    found = connection.execute(f"SELECT coalesce(max(version), 0) FROM {VERSION_TABLE}").fetchone()
    return 0 if found is None else int(found[0])


def _refuse_newer(version: int | None, where: str) -> None:
    """Refuse a database made by a newer program (without changing it)."""
    if version is not None and version > SCHEMA_VERSION:
        raise StoreError(newer_database(version, SCHEMA_VERSION), where)


def _refuse_foreign(connection: Connection[Any], where: str) -> None:
    """Refuse a database whose tables are another program's (it has some of the store's
    table names, but no chickenfoot schema): nothing is changed in it."""
    found = connection.execute(
        "SELECT table_name FROM information_schema.tables "
        "WHERE table_schema = current_schema() AND table_name = ANY(%s) ORDER BY table_name",
        (list(TABLES),),
    ).fetchall()
    if found:
        names = ", ".join(str(name) for (name,) in found)
        raise StoreError(
            _(
                "the database holds tables of another program ({tables}) and no chickenfoot "
                "store: give chickenfoot a database of its own"
            ).format(tables=names),
            where,
        )


def _migrate(connection: Connection[Any], where: str) -> None:
    """Bring the database to :data:`SCHEMA_VERSION` in one transaction, under an advisory
    lock (nothing to do when it is there already)."""
    version = _version(connection)
    _refuse_newer(version, where)
    if version == SCHEMA_VERSION:
        return
    with connection.transaction():
        connection.execute("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
        version = _version(connection)  # another process may have migrated it meanwhile
        _refuse_newer(version, where)
        if version is None:
            _refuse_foreign(connection, where)
            connection.execute(MAKE_VERSION_TABLE)
            version = 0
        for number in range(version, SCHEMA_VERSION):
            description, statements = MIGRATIONS[number]
            for statement in statements:
                connection.execute(statement)
            connection.execute(
                f"INSERT INTO {VERSION_TABLE} (version, description) VALUES (%s, %s)",
                (number + 1, description),
            )
