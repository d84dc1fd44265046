"""The store's database schema, version by version.

The database's ``PRAGMA user_version`` is its schema version. :data:`MIGRATIONS` holds, for
each version, the statements that bring a database of the version before to it:
``MIGRATIONS[0]`` makes the first schema in an empty database. A database is brought up to
:data:`SCHEMA_VERSION` in one transaction when it is opened; one made by a newer chickenfoot
is refused (it is never changed). When the schema changes: add the statements as the next
entry (never change an entry that shipped), and describe the new tables or columns in
``docs/save-format.md``. This module imports no Textual.
"""

from __future__ import annotations

from typing import Final

MIGRATIONS: Final[tuple[tuple[str, ...], ...]] = (
    # Version 1: games, their actions and assists, each finished game's results, who holds
    # a game open, and what the store notes about itself.
    (
        """
        CREATE TABLE meta (
            name TEXT PRIMARY KEY,
            value TEXT NOT NULL
        ) WITHOUT ROWID
        """,
        """
        CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            uid TEXT NOT NULL,
            created TEXT NOT NULL,
            updated TEXT NOT NULL,
            format_version INTEGER NOT NULL,
            seed INTEGER,
            rules TEXT NOT NULL,
            seats TEXT NOT NULL,
            decks TEXT NOT NULL,
            names TEXT NOT NULL,
            preset TEXT NOT NULL,
            players INTEGER NOT NULL,
            round_count INTEGER NOT NULL,
            round_number INTEGER NOT NULL,
            action_count INTEGER NOT NULL,
            assist_count INTEGER NOT NULL,
            finished INTEGER NOT NULL,
            rounds_played INTEGER NOT NULL,
            winners INTEGER NOT NULL,
            total_points INTEGER NOT NULL,
            winning_points INTEGER NOT NULL,
            source TEXT
        )
        """,
        "CREATE INDEX games_by_update ON games (updated DESC, id DESC)",
        "CREATE INDEX games_by_state ON games (finished, updated DESC, id DESC)",
        "CREATE INDEX games_by_uid ON games (uid)",
        "CREATE INDEX finished_by_creation ON games (created, id) WHERE finished = 1",
        """
        CREATE TABLE actions (
            game INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            number INTEGER NOT NULL,
            seat INTEGER NOT NULL,
            kind TEXT NOT NULL,
            tile TEXT,
            target TEXT,
            PRIMARY KEY (game, number)
        ) WITHOUT ROWID
        """,
        """
        CREATE TABLE assists (
            game INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            number INTEGER NOT NULL,
            kind TEXT NOT NULL,
            seat INTEGER NOT NULL,
            at INTEGER NOT NULL,
            undone TEXT NOT NULL,
            PRIMARY KEY (game, number)
        ) WITHOUT ROWID
        """,
        """
        CREATE TABLE results (
            game INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            name TEXT NOT NULL,
            level TEXT,
            total INTEGER NOT NULL,
            place INTEGER NOT NULL,
            zero_rounds INTEGER NOT NULL,
            share REAL NOT NULL,
            created TEXT NOT NULL,
            rounds INTEGER NOT NULL,
            winners INTEGER NOT NULL,
            PRIMARY KEY (game, seat)
        ) WITHOUT ROWID
        """,
        """
        CREATE INDEX people ON results
            (name, total, created, game, place, share, zero_rounds, rounds, winners)
            WHERE level IS NULL
        """,
        """
        CREATE INDEX computers ON results (level, place, share, total, game)
            WHERE level IS NOT NULL
        """,
        """
        CREATE TABLE holders (
            game INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
            token TEXT NOT NULL,
            pid INTEGER NOT NULL,
            host TEXT NOT NULL,
            process_started TEXT,
            since TEXT NOT NULL,
            label TEXT NOT NULL
        )
        """,
    ),
    # Version 2: where a game was taken over from another (save format 3's taken_over, as
    # JSON, or NULL); and the online tables a table server keeps (chickenfoot host): each
    # table's code, its game once started, and the server's own data about it as JSON
    # (options, seats, hashes of seat tokens).
    (
        "ALTER TABLE games ADD COLUMN taken_over TEXT",
        """
        CREATE TABLE online_tables (
            code TEXT PRIMARY KEY,
            game INTEGER REFERENCES games (id) ON DELETE SET NULL,
            data TEXT NOT NULL,
            updated TEXT NOT NULL
        ) WITHOUT ROWID
        """,
    ),
)
"""The statements that make each schema version from the one before (see above)."""

SCHEMA_VERSION: Final = len(MIGRATIONS)
"""The schema version this program makes and reads."""
