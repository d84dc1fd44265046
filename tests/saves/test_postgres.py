"""The store on PostgreSQL's own: its schema made by numbered migrations in PostgreSQL's types,
a database of a newer chickenfoot or of another program refused untouched, the server's
refusals in plain words (no server there, a wrong password, no such database, a full disk),
two processes committing the same move, asynchronous commits for a table server, and the pool
shared by the stores reopened for other threads."""

from __future__ import annotations

import re
import socket
import threading
from collections.abc import Iterator

import psycopg
import pytest
from psycopg import errors

from chickenfoot.saves.choice import STORE_VARIABLE, chosen_address, open_chosen_store
from chickenfoot.saves.postgresql import PostgresStore
from chickenfoot.saves.postgresql.problems import problem, shown_address
from chickenfoot.saves.postgresql.schema import MIGRATIONS, SCHEMA_VERSION, TABLES
from chickenfoot.saves.store import Change, GameFacts, StoreError
from tests.kit import choose_action
from tests.postgres import GUARDED, GUARDED_PASSWORD, PostgresServer
from tests.saves.test_store import unfinished


@pytest.fixture
def address(postgres_server: PostgresServer, postgres_database: str) -> str:
    return postgres_server.address(postgres_database)


@pytest.fixture
def store(address: str) -> Iterator[PostgresStore]:
    opened = PostgresStore(address)
    yield opened
    opened.close()


def refusal(address: str) -> str:
    """What opening the store at ``address`` says."""
    with pytest.raises(StoreError) as refused:
        PostgresStore(address)
    return str(refused.value)


# ----- the schema --------------------------------------------------------------------------------


def test_an_empty_database_gets_the_schema_in_postgresql_types(
    postgres_server: PostgresServer,
) -> None:
    with postgres_server.database(empty=True) as name:
        PostgresStore(postgres_server.address(name)).close()
        versions = postgres_server.execute(
            name, "SELECT version, description FROM chickenfoot_schema ORDER BY version"
        )
        assert [version for version, _words in versions] == list(range(1, SCHEMA_VERSION + 1))
        assert versions[0][1] == MIGRATIONS[0][0]
        types = dict(
            postgres_server.execute(
                name,
                "SELECT table_name || '.' || column_name, data_type "
                "FROM information_schema.columns WHERE table_schema = 'public'",
            )
        )
        assert types["games.id"] == "bigint"
        assert types["games.created"] == "timestamp with time zone"
        assert types["games.rules"] == types["assists.undone"] == "jsonb"
        assert types["games.names"] == "ARRAY"
        assert types["games.finished"] == "boolean"
        assert types["online_tables.data"] == "jsonb"
        assert {table.split(".")[0] for table in types} == {*TABLES, "chickenfoot_schema"}
        [(identity,)] = postgres_server.execute(
            name,
            "SELECT is_identity FROM information_schema.columns "
            "WHERE table_name = 'games' AND column_name = 'id'",
        )
        assert identity == "YES"
        PostgresStore(postgres_server.address(name)).close()  # opened again: nothing to do
        assert len(postgres_server.execute(name, "SELECT * FROM chickenfoot_schema")) == len(
            MIGRATIONS
        )


def test_stores_opening_an_empty_database_at_once_make_the_schema_once(
    postgres_server: PostgresServer,
) -> None:
    with postgres_server.database(empty=True) as name:
        address = postgres_server.address(name)
        problems: list[BaseException] = []

        def open_one() -> None:
            try:
                PostgresStore(address).close()
            except BaseException as error:  # the test says which
                problems.append(error)

        threads = [threading.Thread(target=open_one) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
        assert problems == []
        assert postgres_server.execute(name, "SELECT count(*) FROM chickenfoot_schema") == [
            (SCHEMA_VERSION,)
        ]


def test_a_database_of_a_newer_chickenfoot_is_refused_untouched(
    postgres_server: PostgresServer, postgres_database: str
) -> None:
    newer = SCHEMA_VERSION + 1
    postgres_server.execute(
        postgres_database,
        "INSERT INTO chickenfoot_schema (version, description) VALUES (%s, 'the future')",
        (newer,),
    )
    before = postgres_server.execute(postgres_database, "SELECT * FROM chickenfoot_schema")
    address = postgres_server.address(postgres_database)
    assert refusal(address) == (
        f"{shown_address(address)}: the games were saved by a newer chickenfoot (database "
        f"version {newer}; this one reads up to {SCHEMA_VERSION}): update chickenfoot"
    )
    after = postgres_server.execute(postgres_database, "SELECT * FROM chickenfoot_schema")
    assert after == before


def test_another_programs_tables_are_left_alone(postgres_server: PostgresServer) -> None:
    with postgres_server.database(empty=True) as name:
        postgres_server.execute(name, "CREATE TABLE games (title text)")
        assert refusal(postgres_server.address(name)).endswith(
            ": the database holds tables of another program (games) and no chickenfoot store: "
            "give chickenfoot a database of its own"
        )
        assert postgres_server.execute(name, "SELECT to_regclass('chickenfoot_schema')") == [
            (None,)
        ]


# ----- the server's refusals in words -----------------------------------------------------------


def free_port() -> int:
    """A port of 127.0.0.1 nothing listens on (it was free a moment ago)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_no_server_there_is_told_in_words(postgres_server: PostgresServer) -> None:
    port = free_port()
    address = f"postgresql://chickenfoot@127.0.0.1:{port}/games"
    assert refusal(address) == (
        f"postgresql://chickenfoot@127.0.0.1:{port}/games: no database server answers there "
        "(is PostgreSQL running, at that address and port?)"
    )
    missing = postgres_server.folder / "nowhere"
    assert refusal(f"postgresql://chickenfoot@/games?host={missing}").endswith(
        ": no database server answers there (is PostgreSQL running, at that address and port?)"
    )


def test_a_refused_password_is_told_in_words_and_never_shown(
    postgres_server: PostgresServer, postgres_database: str
) -> None:
    wrong = "wrong-horse"
    address = postgres_server.address(postgres_database, user=GUARDED, password=wrong)
    told = refusal(address)
    assert told == (
        f"postgresql://{GUARDED}@/{postgres_database}?host={postgres_server.folder}: the "
        f'database server refused the password of user "{GUARDED}"'
    )
    assert wrong not in told
    none_given = postgres_server.address(postgres_database, user=GUARDED)
    assert refusal(none_given).endswith(
        ": the database server asks for a password, and none was given"
    )


def test_the_right_password_opens_the_store(
    postgres_server: PostgresServer, postgres_database: str
) -> None:
    postgres_server.execute(
        postgres_database, f"GRANT ALL ON ALL TABLES IN SCHEMA public TO {GUARDED}"
    )
    address = postgres_server.address(postgres_database, user=GUARDED, password=GUARDED_PASSWORD)
    store = PostgresStore(address)
    assert store.count() == 0
    assert GUARDED_PASSWORD not in store.where
    store.close()


def test_a_missing_database_or_user_is_told_in_words(postgres_server: PostgresServer) -> None:
    assert refusal(postgres_server.address("no_such_games")).endswith(
        ': there is no database "no_such_games" on the server'
    )
    assert refusal(postgres_server.address("postgres", user="nobody")).endswith(
        ': the database server has no user "nobody"'
    )


def test_a_user_who_may_not_make_tables_is_told_in_words(
    postgres_server: PostgresServer,
) -> None:
    with postgres_server.database(empty=True) as name:
        address = postgres_server.address(name, user=GUARDED, password=GUARDED_PASSWORD)
        assert refusal(address).endswith(
            ": the database user may not do this (permission denied: it needs to own the "
            "database, or be granted its tables)"
        )


@pytest.mark.parametrize(
    ("error", "words"),
    [
        (errors.DiskFull, "the database server's disk is full"),
        (errors.OutOfMemory, "the database server is out of memory"),
        (errors.TooManyConnections, "the database server takes no more connections"),
        (errors.AdminShutdown, "the database server was shut down meanwhile"),
        (errors.ReadOnlySqlTransaction, "the database server only reads (a standby)"),
        (errors.DataCorrupted, "the database server's files are damaged"),
        (errors.ConnectionFailure, "the connection to the database server was lost"),
    ],
)
def test_the_servers_errors_are_told_in_plain_words(error: type[psycopg.Error], words: str) -> None:
    """Errors no test can make happen on demand (a full disk): told by their SQLSTATE."""
    told = problem(error("the server's own words"))
    assert told.startswith(words)
    assert "server's own words" not in told


def test_a_store_address_is_only_a_postgresql_one(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(STORE_VARIABLE, "games.db")
    with pytest.raises(StoreError, match=rf"^{STORE_VARIABLE}: games\.db is not a PostgreSQL"):
        chosen_address(None)
    assert chosen_address("postgresql://a@b/c") == "postgresql://a@b/c"
    monkeypatch.setenv(STORE_VARIABLE, "postgresql://x@y/z")
    assert chosen_address(None) == "postgresql://x@y/z"
    monkeypatch.delenv(STORE_VARIABLE)
    assert chosen_address(None) is None
    with pytest.raises(StoreError, match="not a PostgreSQL address"):
        PostgresStore("postgresql://a@/c?no_such_option=1")


def test_an_address_is_shown_without_its_password() -> None:
    assert (
        shown_address("postgresql://ana:s3cret@db.example:5433/games?sslmode=require")
        == "postgresql://ana@db.example:5433/games"
    )
    assert shown_address("host=/run/pg dbname=games password=s3cret") == (
        "postgresql:///games?host=/run/pg"
    )


# ----- transactions across processes, and the pool ------------------------------------------------


def test_two_stores_committing_the_same_move_at_once_keep_it_once(
    address: str, store: PostgresStore
) -> None:
    """Two servers (or windows), each with its own connection, commit the same move at the
    same moment: the game's row is locked first, so the second finds the first's move and
    writes it in its place, instead of both appending it (or one failing on the key)."""
    record = unfinished(actions=2)
    game = store.create(record)
    action = choose_action(record.final_state())
    moved = record.appended(action)
    change = Change(len(record.actions), (action,), 0, (), GameFacts.of(moved))
    other = PostgresStore(address)
    outcomes: list[str] = []
    barrier = threading.Barrier(2)

    def commit(on: PostgresStore) -> None:
        barrier.wait(30)
        try:
            on.commit(game, change)
        except StoreError as error:
            outcomes.append(str(error))
        else:
            outcomes.append("committed")

    threads = [threading.Thread(target=commit, args=(one,)) for one in (store, other)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    other.close()
    assert outcomes == ["committed", "committed"]
    assert store.record(game) == moved
    assert store.summary(game).actions == len(moved.actions)


def test_a_table_server_commits_without_waiting_for_the_servers_disk(address: str) -> None:
    quick = PostgresStore(address, sync_every_commit=False)
    safe = PostgresStore(address)
    with quick.database.connection() as connection:
        assert connection.execute("SHOW synchronous_commit").fetchone() == ("off",)
    with safe.database.connection() as connection:
        assert connection.execute("SHOW synchronous_commit").fetchone() == ("on",)
    quick.close()
    safe.close()


def test_reopened_stores_share_one_pool_closed_with_the_last(store: PostgresStore) -> None:
    again = store.reopen()
    assert again.database is store.database
    store.close()
    assert again.count() == 0, "the pool stays open while a store uses it"
    again.close()
    assert store.database.pool.closed


def test_every_connection_says_it_is_chickenfoot(
    postgres_server: PostgresServer, postgres_database: str, store: PostgresStore
) -> None:
    store.count()
    names = postgres_server.execute(
        "postgres",
        "SELECT application_name FROM pg_stat_activity WHERE datname = %s",
        (postgres_database,),
    )
    assert names and all(re.fullmatch("chickenfoot", name) for (name,) in names)


def test_the_chosen_store_is_postgresql_for_an_address(address: str) -> None:
    store = open_chosen_store(address)
    assert isinstance(store, PostgresStore)
    store.close()


def test_a_change_the_server_refuses_is_left_out_of_a_group_commit_alone(
    postgres_server: PostgresServer, postgres_database: str, store: PostgresStore
) -> None:
    """A batch the server refuses (here a trigger refuses one game's moves) is made again a
    change at a time: the refused one says why, the others are committed."""
    records = [unfinished(seed, actions=0) for seed in (1, 2, 3)]
    games = [store.create(record) for record in records]
    postgres_server.execute(
        postgres_database,
        "CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
        f"IF NEW.game = {games[1]} THEN RAISE EXCEPTION 'no'; END IF; RETURN NEW; END $$",
    )
    postgres_server.execute(
        postgres_database,
        "CREATE TRIGGER refuse BEFORE INSERT ON actions FOR EACH ROW EXECUTE FUNCTION refuse()",
    )
    moved = [record.appended(choose_action(record.final_state())) for record in records]
    changes = [
        (game, Change(0, record.actions, 0, (), GameFacts.of(record)), None)
        for game, record in zip(games, moved, strict=True)
    ]
    results = store.commit_many(changes)
    assert results[0] is None and results[2] is None
    assert isinstance(results[1], StoreError)
    assert str(results[1]).endswith("the database server failed (error P0001)")
    assert [store.summary(game).actions for game in games] == [1, 0, 1]
