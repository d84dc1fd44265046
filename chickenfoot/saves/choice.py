"""Which store a command opens: SQLite in the data folder (the default, all a player needs) or
a PostgreSQL database named by its address.

``chickenfoot host``, ``games``, ``export``, ``import`` and ``stats`` take ``--store
postgresql://USER@HOST:PORT/DATABASE``; without it, the environment variable
``CHICKENFOOT_STORE`` (:data:`STORE_VARIABLE`) may name one; without either, the games are in
``chickenfoot.db`` in the data folder (:func:`chickenfoot.saves.database.open_store`). The
PostgreSQL store needs the optional extra ``chickenfoot[postgresql]`` (psycopg 3 and its pool),
imported only when such an address is given. This module imports no Textual.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Final

from chickenfoot.lang import N_, _
from chickenfoot.record.problems import printable
from chickenfoot.saves.store import StoreError

if TYPE_CHECKING:
    from chickenfoot.saves.database import SqliteStore
    from chickenfoot.saves.postgresql import PostgresStore

__all__ = ["SCHEMES", "STORE_VARIABLE", "chosen_address", "open_chosen_store", "store_address"]

STORE_VARIABLE: Final = "CHICKENFOOT_STORE"
"""The environment variable that names the store when ``--store`` is not given."""

SCHEMES: Final = ("postgresql://", "postgres://")
"""How a PostgreSQL address begins (libpq's two URI schemes)."""

EXTRA_MISSING: Final = N_(
    "this chickenfoot cannot reach PostgreSQL: install its driver with "
    "pip install 'chickenfoot[postgresql]'"
)
"""Why a PostgreSQL address cannot be used without the extra (translated where shown)."""


def store_address(text: str) -> str:
    """``text`` if it is a PostgreSQL address; ``ValueError`` in words otherwise (an argparse
    type: the command names the option)."""
    if not text.startswith(SCHEMES):
        raise ValueError(
            _(
                "{address} is not a PostgreSQL address: give "
                "postgresql://USER@HOST:PORT/DATABASE (without --store, the games are kept in "
                "chickenfoot.db in the data folder)"
            ).format(address=printable(text))
        )
    return text


def chosen_address(given: str | None) -> str | None:
    """The store's address: ``given`` (``--store``), else ``$CHICKENFOOT_STORE`` if set, else
    None (SQLite in the data folder). :class:`StoreError` if the variable names no
    PostgreSQL address."""
    if given:
        return given
    variable = os.environ.get(STORE_VARIABLE, "").strip()
    if not variable:
        return None
    try:
        return store_address(variable)
    except ValueError as error:
        raise StoreError(f"{STORE_VARIABLE}: {error}") from None


def open_chosen_store(
    address: str | None, *, sync_every_commit: bool = True
) -> SqliteStore | PostgresStore:
    """The store at ``address`` (see :func:`chosen_address`; None: SQLite in the data
    folder), created and brought to the current schema if need be. :class:`StoreError` in
    words if it cannot be opened."""
    if address is None:
        from chickenfoot.saves.database import SqliteStore, database_path

        return SqliteStore(database_path(), sync_every_commit=sync_every_commit)
    try:
        from chickenfoot.saves.postgresql import PostgresStore
    except ImportError:
        raise StoreError(_(EXTRA_MISSING)) from None
    return PostgresStore(address, sync_every_commit=sync_every_commit)
