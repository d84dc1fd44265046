"""PostgreSQL's errors in plain words, and a store's address as it may be shown.

A server that cannot be reached, a refused password, a database that does not exist, a full
disk: each becomes one line of plain words (:func:`problem`), never libpq's or psycopg's own.
The server's errors are told by their SQLSTATE code; those libpq raises while connecting carry
none, and are told by what their message names (libpq writes it in English unless it was built
with translations, which the packaged psycopg is not). The address shown beside a problem
(:func:`shown_address`) never holds the password. This module imports no Textual.
"""

from __future__ import annotations

import re
from typing import Final

import psycopg
from psycopg.conninfo import conninfo_to_dict

from chickenfoot.lang import N_, _
from chickenfoot.record.problems import printable

__all__ = ["connect_problem", "problem", "shown_address"]

_BY_STATE: Final = (
    ("53100", N_("the database server's disk is full")),
    ("53200", N_("the database server is out of memory")),
    ("53300", N_("the database server takes no more connections (too many are open)")),
    ("57P01", N_("the database server was shut down meanwhile")),
    ("57P02", N_("the database server was shut down meanwhile")),
    ("57P03", N_("the database server is starting or stopping: try again in a moment")),
    ("57014", N_("the database server stopped the query (it ran too long, or was cancelled)")),
    ("25006", N_("the database server only reads (a standby): give the address of the primary")),
    (
        "42501",
        N_(
            "the database user may not do this (permission denied: it needs to own the "
            "database, or be granted its tables)"
        ),
    ),
    ("28P01", N_("the database server refused the password")),
    ("28000", N_("the database server refused the user")),
    ("3D000", N_("the database does not exist on the server")),
    ("08", N_("the connection to the database server was lost")),
    ("40", N_("the database server gave up the transaction (others were changing the same games)")),
    ("XX001", N_("the database server's files are damaged")),
    ("XX002", N_("the database server's files are damaged")),
    ("58", N_("the database server's disk failed")),
)
"""SQLSTATE codes (each a prefix: a class or a code) and what they mean, in plain words."""

_CONNECTING: Final = (
    (
        r'database "(?P<database>.*)" does not exist',
        N_('there is no database "{database}" on the server'),
    ),
    (r'role "(?P<user>.*)" does not exist', N_('the database server has no user "{user}"')),
    (
        r'password authentication failed for user "(?P<user>.*)"',
        N_('the database server refused the password of user "{user}"'),
    ),
    (r"no password supplied", N_("the database server asks for a password, and none was given")),
    (
        r'no pg_hba\.conf entry for host "(?P<host>[^"]*)", user "(?P<user>[^"]*)"',
        N_(
            'the database server lets no connection in from {host} as user "{user}" (see its '
            "pg_hba.conf)"
        ),
    ),
    (
        r"no pg_hba\.conf entry",
        N_("the database server lets no connection in from here (see its pg_hba.conf)"),
    ),
    (r"authentication failed", N_("the database server refused to let this user in")),
    (
        r"too many (?:clients|connections)",
        N_("the database server takes no more connections (too many are open)"),
    ),
    (
        r"the database system is (?:starting up|shutting down|in recovery mode)",
        N_("the database server is starting or stopping: try again in a moment"),
    ),
    (
        r"(?:failed to resolve host|could not translate host name) ['\"]?(?P<host>[^'\": ]+)",
        N_('the database server\'s host name "{host}" is not known'),
    ),
    (r"timeout expired", N_("the database server did not answer in time")),
    (
        r"Connection refused|No such file or directory",
        N_("no database server answers there (is PostgreSQL running, at that address and port?)"),
    ),
    (
        r"server does not support SSL|SSL",
        N_("the secure connection to the database server failed (see sslmode in the address)"),
    ),
)
"""What libpq's messages while connecting name (they carry no SQLSTATE), and our words (marked
for the catalogues, translated where shown)."""


def problem(error: psycopg.Error) -> str:
    """What a PostgreSQL error means, in plain words."""
    state = error.sqlstate or ""
    for prefix, words in _BY_STATE:
        if state.startswith(prefix):
            return _(words)
    if isinstance(error, psycopg.OperationalError) and not state:
        return connect_problem(error)
    if state:
        return _("the database server failed (error {code})").format(code=state)
    return _connection_lost()


def connect_problem(error: psycopg.Error) -> str:
    """Why a connection to the server could not be made (or was lost), in plain words."""
    if error.sqlstate:
        return problem(error)
    message = str(error)
    for pattern, words in _CONNECTING:
        found = re.search(pattern, message)
        if found is not None:
            named = {name: printable(group) for name, group in found.groupdict().items()}
            return _(words).format(**named)
    return _connection_lost()


def _connection_lost() -> str:
    return _("the connection to the database server failed, or was lost")


def shown_address(address: str) -> str:
    """``address`` as it may be shown: ``postgresql://USER@HOST:PORT/DATABASE``, without the
    password or any other option (a socket folder given as ``host`` is kept, as a query).
    ``ValueError`` in words if it is no PostgreSQL address."""
    try:
        parts = conninfo_to_dict(address)
    except psycopg.Error:
        raise ValueError(
            _("{address}: not a PostgreSQL address (postgresql://USER@HOST:PORT/DATABASE)").format(
                address=printable(address)
            )
        ) from None
    user = str(parts.get("user") or "")
    host = str(parts.get("host") or "")
    port = str(parts.get("port") or "")
    database = str(parts.get("dbname") or "")
    query = ""
    if host.startswith("/"):
        query, host = f"?host={host}", ""
    shown = "postgresql://" + (f"{user}@" if user else "") + host
    shown += f":{port}" if port else ""
    return printable(f"{shown}/{database}{query}")
