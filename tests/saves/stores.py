"""A store under test, of either kind, and a way to read and change its rows directly (as
another program, or a damaged disk, would)."""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeAlias

from chickenfoot.saves.database import SqliteStore

if TYPE_CHECKING:
    from chickenfoot.saves.postgresql import PostgresStore

AnyStore: TypeAlias = "SqliteStore | PostgresStore"
"""A store of either kind."""

STORE_KINDS = ("sqlite", "postgresql")
"""The stores the store tests run against (``opened``'s parameters)."""


@dataclass
class OpenStore:
    """A store (``kind`` ``"sqlite"`` or ``"postgresql"``) and where its data is: the
    database file's path, or the PostgreSQL address."""

    store: AnyStore
    kind: str
    address: str

    def rows(self, statement: str, *parameters: Any) -> list[tuple[Any, ...]]:
        """Run one statement on the store's database, apart from the store (``?`` marks a
        parameter, for either kind); its rows."""
        if isinstance(self.store, SqliteStore):
            with contextlib.closing(sqlite3.connect(self.address)) as db, db:
                return db.execute(statement, parameters).fetchall()
        import psycopg

        with psycopg.connect(self.address, autocommit=True) as connection:
            cursor = connection.execute(statement.replace("?", "%s"), parameters)
            return cursor.fetchall() if cursor.description is not None else []

    @property
    def where(self) -> Path | str:
        """What :func:`open_store_of` opens this store's data with again."""
        return Path(self.address) if self.kind == "sqlite" else self.address

    def count(self, table: str, column: str, value: Any) -> int:
        """How many rows of ``table`` have ``column`` equal to ``value``."""
        [(found,)] = self.rows(f"SELECT COUNT(*) FROM {table} WHERE {column} = ?", value)
        return int(found)


@contextlib.contextmanager
def open_store_of(where: Path | str) -> Iterator[OpenStore]:
    """The store at ``where`` (an SQLite file's path, or a PostgreSQL address), closed after
    the block."""
    if isinstance(where, Path):
        store: AnyStore = SqliteStore(where)
        kind, address = "sqlite", str(where)
    else:
        from chickenfoot.saves.postgresql import PostgresStore

        store, kind, address = PostgresStore(where), "postgresql", where
    try:
        yield OpenStore(store, kind, address)
    finally:
        store.close()


StoreMaker = Callable[[], AbstractContextManager[OpenStore]]
"""Makes a new, empty store of one kind for a block (one per example of a property test)."""
