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
    # Version 1: games, their actions and assists, each finished game's results and the
    # statistics' tallies kept in step with them, who holds a game open, and what the store
    # notes about itself.
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
            taken_over TEXT,
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
            finished_rank INTEGER,
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
            rank INTEGER NOT NULL,
            nth INTEGER,
            share_sum REAL,
            PRIMARY KEY (game, seat)
        ) WITHOUT ROWID
        """,
        "CREATE INDEX results_by_total ON results (name, total, created, game) WHERE level IS NULL",
        """
        CREATE INDEX results_by_rank ON results (name, rank, seat, share, level) WHERE level IS NULL
        """,
        """
        CREATE INDEX results_by_nth ON results (name, nth, rank, share_sum, level)
            WHERE level IS NULL
        """,
        "CREATE INDEX results_rank ON results (rank)",
        """
        CREATE TABLE tally_games (
            finished INTEGER PRIMARY KEY,
            games INTEGER NOT NULL
        )
        """,
        """
        CREATE TABLE tally_people (
            name TEXT PRIMARY KEY,
            games INTEGER NOT NULL,
            won INTEGER NOT NULL,
            shared INTEGER NOT NULL,
            share REAL NOT NULL,
            points INTEGER NOT NULL,
            zero_rounds INTEGER NOT NULL,
            rounds INTEGER NOT NULL
        ) WITHOUT ROWID
        """,
        """
        CREATE TABLE tally_versus (
            name TEXT NOT NULL,
            level TEXT NOT NULL,
            games INTEGER NOT NULL,
            won INTEGER NOT NULL,
            ahead INTEGER NOT NULL,
            PRIMARY KEY (name, level)
        ) WITHOUT ROWID
        """,
        """
        CREATE TABLE tally_levels (
            level TEXT PRIMARY KEY,
            seats INTEGER NOT NULL,
            won INTEGER NOT NULL,
            share REAL NOT NULL,
            points INTEGER NOT NULL
        ) WITHOUT ROWID
        """,
        """
        CREATE TABLE tally_presets (
            preset TEXT PRIMARY KEY,
            games INTEGER NOT NULL,
            rounds INTEGER NOT NULL,
            seats INTEGER NOT NULL,
            points INTEGER NOT NULL,
            winners INTEGER NOT NULL,
            winning_points INTEGER NOT NULL
        ) WITHOUT ROWID
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
    # Version 2: the online tables a table server keeps (chickenfoot host): each table's
    # code, its game once started, and the server's own data about it as JSON (options,
    # seats, hashes of seat tokens).
    (
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
