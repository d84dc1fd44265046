"""Table servers sharing one PostgreSQL store: each online table run by one server at a time.

A table server **enlists** as a row of ``table_servers`` (a fresh name, the address other
servers reach it at, and when its **lease** runs out) and renews that row every little while.
Each row of ``online_tables`` names the server that runs the table. A table whose server's
lease ran out (or that no server runs) may be **claimed** by any live server, in a
transaction that sets the table's server to the claimer; a server whose lease ran out never
renews it again (it enlists anew under another name), so a name is a fencing token: a table
that left a server never comes back to that name.

**The fence.** Every write of an enlisted server that concerns a table (a move of its game,
the table's row) checks, in its own transaction, that the table is still the server's and its
lease still runs, with the table's row locked (``FOR SHARE``) until the write commits: a claim
waits for such a write to end and then sees the move, and a write that comes after a claim is
refused (:class:`~chickenfoot.saves.store.LeaseLost`). Every time is the database's
(``statement_timestamp()``): the servers' own clocks never decide whose a table is.

These functions run inside a transaction of :class:`~chickenfoot.saves.postgresql.tables.
PostgresTables` (the tables' rows, the leases), or of :class:`~chickenfoot.saves.postgresql.
store.PostgresStore` (the fence of a move). This module imports no Textual.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any

from psycopg import Cursor

from chickenfoot.record.summary import GameId
from chickenfoot.saves.store import KeptTableRow, Runner

Db = Cursor[Any]

RELAY_SECRET = "relay_secret"
"""The ``meta`` row holding the secret the servers of one store show each other."""

_LIVE = "expires > statement_timestamp()"

_MINE = (
    f"EXISTS (SELECT 1 FROM table_servers WHERE id = %(me)s AND {_LIVE})"
    " AND online_tables.server = %(me)s"
)
"""The fence: the table is this server's, and its lease runs (on ``online_tables``)."""


def enlist(db: Db, address: str, lease: float) -> tuple[str, str]:
    """A new server row for ``address`` with a lease of ``lease`` seconds: its name, and the
    store's relay secret (made by the first server to ask)."""
    name = secrets.token_hex(8)
    db.execute(
        "INSERT INTO table_servers (id, address, started, expires) VALUES "
        "(%s, %s, statement_timestamp(), statement_timestamp() + make_interval(secs => %s))",
        (name, address, lease),
    )
    # The rows of servers gone for a day are of no more use to anybody.
    db.execute("DELETE FROM table_servers WHERE expires < statement_timestamp() - interval '1 day'")
    db.execute(
        "INSERT INTO meta (name, value) VALUES (%s, %s) ON CONFLICT (name) DO NOTHING",
        (RELAY_SECRET, secrets.token_urlsafe(24)),
    )
    row = db.execute("SELECT value FROM meta WHERE name = %s", (RELAY_SECRET,)).fetchone()
    assert row is not None  # written above, or by another server before
    return name, str(row[0])


def renew(db: Db, me: str, lease: float) -> bool:
    """Renew ``me``'s lease for ``lease`` seconds from now, if it still runs."""
    db.execute(
        "UPDATE table_servers SET expires = statement_timestamp() + make_interval(secs => %s) "
        f"WHERE id = %s AND {_LIVE}",
        (lease, me),
    )
    return db.rowcount == 1


def claim(db: Db, me: str, codes: Sequence[str] | None, limit: int) -> list[KeptTableRow]:
    """Take over for ``me`` up to ``limit`` tables no live server runs (of ``codes``, or
    any); rows another transaction holds (a write under way) are left for the next claim."""
    which = "" if codes is None else "AND o.code = ANY(%(codes)s)"
    rows = db.execute(
        "UPDATE online_tables SET server = %(me)s, updated = statement_timestamp() "
        "WHERE code IN ("
        "  SELECT o.code FROM online_tables o LEFT JOIN table_servers s ON s.id = o.server"
        f"  WHERE (s.id IS NULL OR s.expires <= statement_timestamp()) {which}"
        "  ORDER BY o.code LIMIT %(limit)s FOR UPDATE OF o SKIP LOCKED"
        f") AND EXISTS (SELECT 1 FROM table_servers WHERE id = %(me)s AND {_LIVE}) "
        "RETURNING code, game, data::text",
        {"me": me, "codes": list(codes or ()), "limit": limit},
    ).fetchall()
    return sorted((str(code), game, str(data)) for code, game, data in rows)


def runner(db: Db, code: str) -> Runner | None:
    """Which server runs table ``code``."""
    row = db.execute(
        f"SELECT o.server, s.address, coalesce(s.{_LIVE}, false) "
        "FROM online_tables o LEFT JOIN table_servers s ON s.id = o.server WHERE o.code = %s",
        (code,),
    ).fetchone()
    if row is None:
        return None
    server, address, alive = row
    return Runner(server, address, bool(alive))


def retire(db: Db, me: str) -> None:
    """Leave ``me``'s tables to whoever claims them, and end its lease."""
    db.execute("UPDATE online_tables SET server = NULL WHERE server = %s", (me,))
    db.execute("DELETE FROM table_servers WHERE id = %s", (me,))


def keep_table(db: Db, me: str, code: str, game: GameId | None, data: str) -> bool:
    """Write table ``code``'s row for ``me``: a new table becomes ``me``'s; a kept one is
    changed only while it is ``me``'s and its lease runs. False: refused."""
    db.execute(
        "INSERT INTO online_tables (code, game, data, updated, server) "
        "SELECT %(code)s, %(game)s, %(data)s::jsonb, statement_timestamp(), %(me)s "
        f"WHERE EXISTS (SELECT 1 FROM table_servers WHERE id = %(me)s AND {_LIVE}) "
        "ON CONFLICT (code) DO UPDATE SET game = excluded.game, data = excluded.data, "
        "updated = excluded.updated WHERE online_tables.server = %(me)s",
        {"code": code, "game": game, "data": data, "me": me},
    )
    return db.rowcount == 1


def drop_table(db: Db, me: str, code: str) -> None:
    """Forget table ``code``, if it is ``me``'s."""
    db.execute("DELETE FROM online_tables WHERE code = %s AND server = %s", (code, me))


def fenced_games(db: Db, me: str, games: Sequence[GameId]) -> set[GameId]:
    """Which of ``games`` belong to a table that is not (or no longer) ``me``'s to run; the
    tables of the others stay locked until the transaction ends, so no claim passes a write
    under way."""
    rows = db.execute(
        f"SELECT game, {_MINE} FROM online_tables "
        "WHERE game = ANY(%(games)s) ORDER BY code FOR SHARE",
        {"me": me, "games": list(games)},
    ).fetchall()
    return {game for game, mine in rows if not mine}
