"""The PostgreSQL store's schema, version by version, in PostgreSQL's own types.

The table ``chickenfoot_schema`` has a row per migration applied (its number, when, and what
it did); the highest number is the database's schema version. :data:`MIGRATIONS` holds, for
each version, what it does and the statements that bring a database of the version before to
it: ``MIGRATIONS[0]`` makes the first schema in an empty database. These numbers are the
PostgreSQL store's own: they have nothing to do with the SQLite store's ``user_version``.

A database is brought up to :data:`SCHEMA_VERSION` in one transaction when a store opens it
(PostgreSQL changes tables inside transactions), under an advisory lock so that two servers
starting at once migrate it once; one made by a newer chickenfoot is refused and never
changed. When the schema changes: add the next entry (never change one that shipped), and
describe it in ``docs/save-format.md``.
This module imports no Textual.
"""

from __future__ import annotations

from typing import Final

VERSION_TABLE: Final = "chickenfoot_schema"
"""The table that says which migrations a database has had."""

MAKE_VERSION_TABLE: Final = f"""
    CREATE TABLE {VERSION_TABLE} (
        version integer PRIMARY KEY,
        applied timestamptz NOT NULL DEFAULT now(),
        description text NOT NULL
    )
"""

MIGRATIONS: Final[tuple[tuple[str, tuple[str, ...]], ...]] = (
    (
        "games, their actions and assists, each finished game's results and the tallies kept "
        "in step with them, who holds a game open, what the store notes about itself, and the "
        "online tables a table server keeps",
        (
            """
            CREATE TABLE meta (
                name text PRIMARY KEY,
                value text NOT NULL
            )
            """,
            """
            CREATE TABLE games (
                id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                uid text NOT NULL,
                created timestamptz NOT NULL,
                updated timestamptz NOT NULL,
                format_version integer NOT NULL,
                seed bigint,
                rules jsonb NOT NULL,
                seats jsonb NOT NULL,
                decks jsonb NOT NULL,
                taken_over jsonb,
                names text[] NOT NULL,
                preset text NOT NULL,
                players smallint NOT NULL,
                round_count integer NOT NULL,
                round_number integer NOT NULL,
                action_count integer NOT NULL,
                assist_count integer NOT NULL,
                finished boolean NOT NULL,
                rounds_played integer NOT NULL,
                winners integer NOT NULL,
                total_points integer NOT NULL,
                winning_points integer NOT NULL,
                finished_rank integer,
                source text
            )
            """,
            "CREATE INDEX games_by_update ON games (updated DESC, id DESC)",
            "CREATE INDEX games_by_state ON games (finished, updated DESC, id DESC)",
            "CREATE INDEX games_by_uid ON games (uid)",
            "CREATE INDEX finished_by_creation ON games (created, id) WHERE finished",
            """
            CREATE TABLE actions (
                game bigint NOT NULL REFERENCES games (id) ON DELETE CASCADE,
                number integer NOT NULL,
                seat smallint NOT NULL,
                kind text NOT NULL CHECK (kind IN ('play', 'draw', 'pass')),
                tile text,
                target text,
                PRIMARY KEY (game, number),
                CHECK ((kind = 'play') = (tile IS NOT NULL AND target IS NOT NULL))
            )
            """,
            """
            CREATE TABLE assists (
                game bigint NOT NULL REFERENCES games (id) ON DELETE CASCADE,
                number integer NOT NULL,
                kind text NOT NULL CHECK (kind IN ('hint', 'take_back')),
                seat smallint NOT NULL,
                at integer NOT NULL,
                undone jsonb NOT NULL,
                PRIMARY KEY (game, number)
            )
            """,
            """
            CREATE TABLE results (
                game bigint NOT NULL REFERENCES games (id) ON DELETE CASCADE,
                seat smallint NOT NULL,
                name text NOT NULL,
                level text,
                total integer NOT NULL,
                place smallint NOT NULL,
                zero_rounds integer NOT NULL,
                share double precision NOT NULL,
                created timestamptz NOT NULL,
                rounds integer NOT NULL,
                winners smallint NOT NULL,
                rank integer NOT NULL,
                nth integer,
                share_sum double precision,
                PRIMARY KEY (game, seat)
            )
            """,
            """
            CREATE INDEX results_by_total ON results (name, total, created, game)
                WHERE level IS NULL
            """,
            """
            CREATE INDEX results_by_rank ON results (name, rank, seat) INCLUDE (share)
                WHERE level IS NULL
            """,
            """
            CREATE INDEX results_by_nth ON results (name, nth) INCLUDE (rank, share_sum)
                WHERE level IS NULL
            """,
            "CREATE INDEX results_rank ON results (rank)",
            """
            CREATE TABLE tally_games (
                finished boolean PRIMARY KEY,
                games bigint NOT NULL
            )
            """,
            """
            CREATE TABLE tally_people (
                name text PRIMARY KEY,
                games integer NOT NULL,
                won integer NOT NULL,
                shared integer NOT NULL,
                share double precision NOT NULL,
                points bigint NOT NULL,
                zero_rounds integer NOT NULL,
                rounds integer NOT NULL
            )
            """,
            """
            CREATE TABLE tally_versus (
                name text NOT NULL,
                level text NOT NULL,
                games integer NOT NULL,
                won integer NOT NULL,
                ahead integer NOT NULL,
                PRIMARY KEY (name, level)
            )
            """,
            """
            CREATE TABLE tally_levels (
                level text PRIMARY KEY,
                seats integer NOT NULL,
                won integer NOT NULL,
                share double precision NOT NULL,
                points bigint NOT NULL
            )
            """,
            """
            CREATE TABLE tally_presets (
                preset text PRIMARY KEY,
                games integer NOT NULL,
                rounds integer NOT NULL,
                seats integer NOT NULL,
                points bigint NOT NULL,
                winners integer NOT NULL,
                winning_points bigint NOT NULL
            )
            """,
            """
            CREATE TABLE holders (
                game bigint PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
                token text NOT NULL,
                pid integer NOT NULL,
                host text NOT NULL,
                process_started text,
                since timestamptz NOT NULL,
                label text NOT NULL
            )
            """,
            """
            CREATE TABLE online_tables (
                code text PRIMARY KEY,
                game bigint REFERENCES games (id) ON DELETE SET NULL,
                data jsonb NOT NULL,
                updated timestamptz NOT NULL
            )
            """,
        ),
    ),
    (
        "table servers and their leases: each online table run by one server at a time",
        (
            """
            CREATE TABLE table_servers (
                id text PRIMARY KEY,
                address text NOT NULL,
                started timestamptz NOT NULL,
                expires timestamptz NOT NULL
            )
            """,
            "ALTER TABLE online_tables ADD COLUMN server text",
            "CREATE INDEX online_tables_server ON online_tables (server)",
            "CREATE INDEX online_tables_game ON online_tables (game)",
        ),
    ),
)
"""What each schema version does, and the statements that make it from the one before."""

SCHEMA_VERSION: Final = len(MIGRATIONS)
"""The schema version this program makes and reads."""

TABLES: Final = (
    "meta",
    "games",
    "actions",
    "assists",
    "results",
    "tally_games",
    "tally_people",
    "tally_versus",
    "tally_levels",
    "tally_presets",
    "holders",
    "online_tables",
    "table_servers",
)
"""The store's tables: a database that has some of them but no :data:`VERSION_TABLE` is
another program's, and is left alone."""
