"""The store's side of several table servers: each table run by one server under its lease,
taken over once that lease runs out, and every write of a server whose lease ran out refused
in the write's own transaction (the fence), whatever the servers' clocks say."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from chickenfoot.record.model import GameRecord
from chickenfoot.record.summary import GameId
from chickenfoot.saves.postgresql import PostgresStore
from chickenfoot.saves.store import LeaseLost, Runner, SharedTables, StoreError
from tests.kit import Kit
from tests.postgres import PostgresServer
from tests.saves.test_group_commit import change_to, game

WAIT = 30.0


@pytest.fixture
def address(postgres_server: PostgresServer, postgres_database: str) -> str:
    return postgres_server.address(postgres_database)


@pytest.fixture
def two(address: str) -> Iterator[tuple[PostgresStore, PostgresStore]]:
    """Two servers' stores on one database (each its own pool, as two processes have)."""
    first, second = PostgresStore(address), PostgresStore(address)
    try:
        yield first, second
    finally:
        first.close()
        second.close()


def claimed(store: SharedTables, code: str) -> list[str]:
    """Claim ``code`` for ``store``'s server, trying until the lease of its server runs out."""
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        rows = store.claim([code], 1)
        if rows:
            return [row[0] for row in rows]
        time.sleep(0.05)  # the other lease runs out on the database's clock
    raise AssertionError(f"table {code} was never free to take over")


def moves(store: PostgresStore, game_id: GameId) -> int:
    return len(store.record(game_id).actions)


def test_a_table_is_one_servers_until_its_lease_runs_out_then_its_writes_are_refused(
    kit: type[Kit], two: tuple[PostgresStore, PostgresStore]
) -> None:
    old, new = two
    records: list[GameRecord] = game(kit, 3, 4)
    game_id = old.create(records[0])
    old_name, secret = old.online_tables.enlist("ws://127.0.0.1:1", 0.5)
    new_name, same_secret = new.online_tables.enlist("ws://127.0.0.1:2", 60)
    assert secret == same_secret
    assert old_name != new_name
    old.online_tables.keep_table("KM7R3P", game_id, '{"x": 1}')
    old.commit(game_id, change_to(records[2], 0))
    assert new.online_tables.runner("KM7R3P") in (
        Runner(old_name, "ws://127.0.0.1:1", True),
        Runner(old_name, "ws://127.0.0.1:1", False),
    )
    assert new.online_tables.runner("NOSUCH") is None
    # Paused past its lease: the other server takes the table over...
    assert claimed(new.online_tables, "KM7R3P") == ["KM7R3P"]
    assert new.online_tables.runner("KM7R3P") == Runner(new_name, "ws://127.0.0.1:2", True)
    # ...and the old one, resumed, writes nothing more for it: not a move, not its row.
    with pytest.raises(LeaseLost, match="no longer run by this server"):
        old.commit(game_id, change_to(records[3], 2))
    assert old.commit_many([(game_id, change_to(records[3], 2), None)])[0] is not None
    with pytest.raises(LeaseLost):
        old.online_tables.keep_table("KM7R3P", game_id, '{"x": 2}')
    old.online_tables.drop_table("KM7R3P")
    assert moves(old, game_id) == 2
    assert [row[2] for row in new.online_tables.tables()] == ['{"x": 1}']
    assert not old.online_tables.renew(60), "a lease that ran out is never renewed"
    # The new server writes as it likes.
    new.commit(game_id, change_to(records[4], 2))
    assert moves(new, game_id) == 4


def test_a_live_servers_tables_are_not_taken_and_a_retired_servers_are_at_once(
    kit: type[Kit], two: tuple[PostgresStore, PostgresStore]
) -> None:
    first, second = two
    game_id = first.create(game(kit, 4, 0)[0])
    first.online_tables.enlist("ws://127.0.0.1:1", 60)
    second.online_tables.enlist("ws://127.0.0.1:2", 60)
    first.online_tables.keep_table("AAAAAA", game_id, "{}")
    first.online_tables.keep_table("BBBBBB", None, "{}")
    assert first.online_tables.renew(60)
    assert second.online_tables.claim(None, 10) == []
    # A second server cannot make a table under a code the first runs.
    with pytest.raises(LeaseLost):
        second.online_tables.keep_table("AAAAAA", None, "{}")
    first.online_tables.retire()
    assert second.online_tables.runner("AAAAAA") == Runner(None, None, False)
    assert [row[0] for row in second.online_tables.claim(None, 1)] == ["AAAAAA"]
    assert [row[0] for row in second.online_tables.claim(None, 10)] == ["BBBBBB"]
    runner = second.online_tables.runner("BBBBBB")
    assert runner is not None
    assert runner.alive


def test_a_store_that_enlisted_no_server_cannot_renew_or_claim(address: str) -> None:
    store = PostgresStore(address)
    try:
        with pytest.raises(StoreError, match="not enlisted"):
            store.online_tables.renew(5)
        with pytest.raises(StoreError, match="not enlisted"):
            store.online_tables.claim(None, 1)
        # Not enlisted, it keeps tables as a single server always did.
        store.online_tables.keep_table("CCCCCC", None, "{}")
        assert [row[0] for row in store.online_tables.tables()] == ["CCCCCC"]
    finally:
        store.close()


def test_the_sqlite_store_is_no_shared_store(tmp_path: object) -> None:
    from pathlib import Path

    from chickenfoot.saves.database import SqliteStore

    assert isinstance(tmp_path, Path)
    store = SqliteStore(tmp_path / "chickenfoot.db")
    try:
        assert not isinstance(store.online_tables, SharedTables)
    finally:
        store.close()
