"""The online tables of the table servers sharing one PostgreSQL store, and their leases.

:class:`PostgresTables` implements :class:`~chickenfoot.saves.store.SharedTables` beside the
games of a :class:`~chickenfoot.saves.postgresql.store.PostgresStore`, on the same
:class:`~chickenfoot.saves.postgresql.database.PostgresDatabase` and pool: the tables' rows,
and each server's lease (:mod:`~chickenfoot.saves.postgresql.leases` says how they work).
Once a server enlisted, every store on the pool writes as that server
(:attr:`PostgresDatabase.server <chickenfoot.saves.postgresql.database.PostgresDatabase.
server>`): a table's row is written, and a move of its game committed, only while the table is
still the server's (the fence). This module imports no Textual.
"""

from __future__ import annotations

from collections.abc import Sequence

from chickenfoot.record.summary import GameId
from chickenfoot.saves.postgresql import leases
from chickenfoot.saves.postgresql.database import PostgresDatabase
from chickenfoot.saves.store import KeptTableRow, LeaseLost, Runner, SharedTables, StoreError


class PostgresTables(SharedTables):
    """The online tables kept in ``database``, each under its server's lease."""

    def __init__(self, database: PostgresDatabase) -> None:
        self.database = database

    # ----- the tables' rows --------------------------------------------------------------------

    def keep_table(self, code: str, game: GameId | None, data: str) -> None:
        """Keep the online table ``code`` (see :class:`TableStore`); an enlisted server
        only while the table is its own (:class:`LeaseLost` otherwise)."""
        server = self.database.server
        if server is not None:
            if not self.database.write(lambda db: leases.keep_table(db, server, code, game, data)):
                raise LeaseLost(f"table {code}")
            return
        self.database.write(
            lambda db: db.execute(
                "INSERT INTO online_tables (code, game, data, updated) "
                "VALUES (%s, %s, %s::jsonb, now()) ON CONFLICT (code) DO UPDATE SET "
                "game = excluded.game, data = excluded.data, updated = excluded.updated",
                (code, game, data),
            )
        )

    def tables(self) -> list[KeptTableRow]:
        """Every online table kept (see :class:`TableStore`)."""
        rows = self.database.read(
            lambda db: db.execute(
                'SELECT code, game, data::text FROM online_tables ORDER BY code COLLATE "C"'
            ).fetchall()
        )
        return [(str(code), game, str(data)) for code, game, data in rows]

    def drop_table(self, code: str) -> None:
        """Forget the online table ``code`` (see :class:`TableStore`); an enlisted server only
        a table of its own."""
        server = self.database.server
        if server is not None:
            self.database.write(lambda db: leases.drop_table(db, server, code))
            return
        self.database.write(
            lambda db: db.execute("DELETE FROM online_tables WHERE code = %s", (code,))
        )

    # ----- table servers and their leases ------------------------------------------------------

    def enlist(self, address: str, lease: float) -> tuple[str, str]:
        """Enlist this process as a table server (see :class:`SharedTables`)."""
        name, secret = self.database.write(lambda db: leases.enlist(db, address, lease))
        self.database.server = name
        return name, secret

    def renew(self, lease: float) -> bool:
        """Renew this server's lease (see :class:`SharedTables`)."""
        server = self._enlisted()
        return self.database.write(lambda db: leases.renew(db, server, lease))

    def claim(self, codes: Sequence[str] | None, limit: int) -> list[KeptTableRow]:
        """Take over tables no live server runs (see :class:`SharedTables`)."""
        server = self._enlisted()
        return self.database.write(lambda db: leases.claim(db, server, codes, limit))

    def runner(self, code: str) -> Runner | None:
        """Which server runs table ``code`` (see :class:`SharedTables`)."""
        return self.database.read(lambda db: leases.runner(db, code))

    def retire(self) -> None:
        """Leave this server's tables to the others and end its lease."""
        server = self._enlisted()
        self.database.write(lambda db: leases.retire(db, server))
        self.database.server = None

    def _enlisted(self) -> str:
        server = self.database.server
        if server is None:
            raise StoreError("this process is not enlisted as a table server")
        return server
