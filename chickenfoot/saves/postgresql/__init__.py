"""The store on PostgreSQL, for a table server that outgrows one machine's SQLite file.

:class:`~chickenfoot.saves.postgresql.store.PostgresStore` implements the store's interfaces
(:class:`~chickenfoot.saves.store.GameStore`, and beside it the online tables of the table
servers sharing the database: :class:`~chickenfoot.saves.store.SharedTables`) on a PostgreSQL
database, in PostgreSQL's own types, with numbered migrations of its own
(:mod:`~chickenfoot.saves.postgresql.schema`). It needs psycopg 3 and its pool, the optional
extra ``chickenfoot[postgresql]``: a player never does. ``--store postgresql://…`` (or
``CHICKENFOOT_STORE``) chooses it (:mod:`chickenfoot.saves.choice`). This package imports no
Textual.
"""

from chickenfoot.saves.postgresql.store import PostgresStore

__all__ = ["PostgresStore"]
