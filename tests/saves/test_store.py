"""The store, on SQLite and on PostgreSQL alike: games in and out whole, moves appended and
taken back, the lists, importing, who holds a game (another window is a real second process),
and what a store notes; then SQLite's own: WAL mode, the schema's versions, and SQLite's
errors in plain words (PostgreSQL's are in test_postgres.py)."""

from __future__ import annotations

import os
import socket
import sqlite3
import subprocess
import sys
from collections.abc import Callable, Iterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from chickenfoot.record.model import GameRecord
from chickenfoot.rules import apply
from chickenfoot.saves.database import SqliteStore, database_path, open_store
from chickenfoot.saves.schema import SCHEMA_VERSION
from chickenfoot.saves.store import (
    Change,
    GameFacts,
    GameNotFound,
    HeldElsewhere,
    Holder,
    Imported,
    Incoming,
    StoreError,
)
from tests.kit import Kit, choose_action, seats, short_rules
from tests.recorded import random_record
from tests.saves.stores import AnyStore, OpenStore

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def sqlite_store(data_dir: Path) -> Iterator[SqliteStore]:
    store = SqliteStore(database_path())
    yield store
    store.close()


@pytest.fixture
def store(opened: OpenStore) -> AnyStore:
    return opened.store


def unfinished(seed: int = 1, actions: int = 6) -> GameRecord:
    record = GameRecord.new(short_rules(3), seats("human", "computer", "computer"), seed=seed)
    state = record.final_state()
    for _ in range(actions):
        action = choose_action(state)
        state, _events = apply(state, action)
        record = record.appended(action)
    return record


def finished(seed: int = 1) -> GameRecord:
    return random_record(short_rules(3, rounds=2), seats("human", "computer", "computer"), seed)


# ----- games in and out ------------------------------------------------------------------------


def test_the_database_lives_in_the_data_folder(data_dir: Path) -> None:
    assert database_path() == data_dir / "chickenfoot.db"
    open_store().close()
    assert (data_dir / "chickenfoot.db").is_file()


def test_a_game_comes_back_whole(store: AnyStore) -> None:
    record = finished(3).with_hint(0)
    game = store.create(record)
    again = store.record(game)
    assert again == record
    assert again.final_state() == record.final_state()


def test_the_database_runs_in_wal_mode_with_full_synchronous_commits(
    sqlite_store: SqliteStore,
) -> None:
    db = sqlite3.connect(sqlite_store.path)
    assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    db.close()
    assert sqlite_store.database.connection.execute("PRAGMA synchronous").fetchone() == (2,)  # FULL


def test_each_move_is_one_row_appended(opened: OpenStore) -> None:
    store = opened.store
    record = unfinished(actions=0)
    game = store.create(record)
    state = record.final_state()
    for number in range(5):
        action = choose_action(state)
        state, _events = apply(state, action)
        record = record.appended(action)
        store.commit(game, Change(number, (action,), 0, (), GameFacts.of(record, state)))
        assert opened.count("actions", "game", game) == number + 1
    assert store.record(game) == record
    assert store.summary(game).actions == 5


def test_a_take_back_removes_the_moves_it_undid(store: AnyStore) -> None:
    record = unfinished(actions=8)
    game = store.create(record)
    taken = record.taken_back(0, 3)
    store.commit(game, Change(3, (), 0, taken.assists, GameFacts.of(taken)))
    assert store.record(game) == taken
    assert store.summary(game).actions == 3


def test_a_commit_that_does_not_fit_the_stored_game_is_refused(store: AnyStore) -> None:
    record = unfinished(actions=2)
    game = store.create(record)
    with pytest.raises(StoreError, match="changed in the store meanwhile"):
        store.commit(game, Change(5, (), 0, (), GameFacts.of(record)))
    with pytest.raises(GameNotFound, match="there is no game 99"):
        store.commit(99, Change(0, (), 0, (), GameFacts.of(record)))


def test_a_finished_game_has_its_results(opened: OpenStore) -> None:
    store = opened.store
    record = finished(5)
    game = store.create(record)
    summary = store.summary(game)
    assert summary.finished and summary.round_number == 2 == summary.round_count
    rows = opened.rows("SELECT name, total, place FROM results WHERE game = ? ORDER BY seat", game)
    facts = GameFacts.of(record)
    assert rows == [(result.name, result.total, result.place) for result in facts.results]


def test_lists_are_newest_first_and_filtered(store: AnyStore) -> None:
    games = [store.create(unfinished(seed)) for seed in range(1, 4)]
    done = store.create(finished(9))
    assert [summary.id for summary in store.games()] == [done, *reversed(games)]
    assert [summary.id for summary in store.games("unfinished")] == list(reversed(games))
    assert [summary.id for summary in store.games("finished")] == [done]
    assert [summary.id for summary in store.games(limit=2, offset=1)] == [games[2], games[1]]
    assert (store.count(), store.count("finished"), store.count("unfinished")) == (4, 1, 3)
    latest = store.latest_unfinished()
    assert latest is not None and latest.id == games[-1]
    assert latest.names == ("Ana", "Bea", "Cy")


def test_a_move_makes_a_game_the_latest(store: AnyStore) -> None:
    first = store.create(unfinished(1))
    store.create(unfinished(2))
    record = store.record(first)
    action = choose_action(record.final_state())
    moved = record.appended(action)
    store.commit(first, Change(len(record.actions), (action,), 0, (), GameFacts.of(moved)))
    latest = store.latest_unfinished()
    assert latest is not None and latest.id == first


def test_deleting_a_game_removes_everything_about_it(opened: OpenStore) -> None:
    store = opened.store
    game = store.create(finished(4))
    store.hold(game, Holder.this_process())
    store.delete(game)
    for table in ("games", "actions", "assists", "results", "holders"):
        column = "id" if table == "games" else "game"
        assert opened.count(table, column, game) == 0, table
    with pytest.raises(GameNotFound):
        store.record(game)


def test_a_damaged_stored_game_is_told_in_words(opened: OpenStore) -> None:
    game = opened.store.create(unfinished(actions=4))
    opened.rows("UPDATE actions SET seat = seat + 1 WHERE game = ? AND number = 1", game)
    with pytest.raises(ValueError, match=f"game {game}: the store's copy is damaged"):
        opened.store.record(game)


# ----- importing -------------------------------------------------------------------------------


def test_a_game_is_imported_once_and_extended_by_a_longer_copy(store: AnyStore) -> None:
    long = unfinished(actions=7)
    short = long.truncated(3)
    [(game, added)] = store.import_records([Incoming(short, "a.json")])
    assert added is Imported.ADDED
    assert store.import_records([Incoming(short, "b.json")]) == [(game, Imported.ALREADY)]
    assert store.import_records([Incoming(long, "c.json")]) == [(game, Imported.EXTENDED)]
    assert store.record(game) == long
    assert store.import_records([Incoming(short, "a.json")]) == [(game, Imported.ALREADY)]
    assert store.count() == 1
    assert store.summary(game).source == "a.json"


def test_a_copy_whose_moves_went_another_way_is_a_game_of_its_own(store: AnyStore) -> None:
    record = unfinished(actions=4)
    [(game, _added)] = store.import_records([Incoming(record, None)])
    other = record.taken_back(0, 2)
    [(second, added)] = store.import_records([Incoming(other, None)])
    assert added is Imported.ADDED and second != game


# ----- who holds a game ------------------------------------------------------------------------

HOLDER = """
import sys
from pathlib import Path
from chickenfoot.saves.database import SqliteStore
from chickenfoot.saves.store import Holder, HeldElsewhere
if sys.argv[1].startswith("postgresql://"):
    from chickenfoot.saves.postgresql import PostgresStore
    store = PostgresStore(sys.argv[1])
else:
    store = SqliteStore(Path(sys.argv[1]))
sys.stdin.readline()  # "go"
holder = Holder.this_process()
try:
    store.hold(int(sys.argv[2]), holder)
except HeldElsewhere:
    print("busy", flush=True)
    holder = None
else:
    print("held", flush=True)
sys.stdin.readline()  # "release"
if holder is not None:
    store.release(int(sys.argv[2]), holder)
"""
"""A window: opens the store (at a path, or a PostgreSQL address), waits for "go", tries to
hold the game, says whether it did, until told."""


class Window:
    """Another chickenfoot process that opens game ``game`` of the store at ``address``."""

    def __init__(self, address: str, game: int) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-c", HOLDER, address, str(game)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            cwd=ROOT,
        )

    def tell(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def open_game(self) -> str:
        self.tell("go")
        assert self.process.stdout is not None
        return self.process.stdout.readline().strip()

    def close(self) -> None:
        self.tell("release")
        self.process.wait(timeout=30)

    def kill(self) -> None:
        self.process.kill()
        self.process.wait(timeout=30)  # reaped: its process id is gone


@pytest.fixture
def game(store: AnyStore) -> int:
    return store.create(unfinished())


@pytest.fixture
def window(opened: OpenStore, game: int) -> Iterator[Window]:
    other = Window(opened.address, game)
    yield other
    if other.process.poll() is None:
        other.kill()


def test_a_second_process_sees_who_holds_the_game(
    store: AnyStore, game: int, window: Window
) -> None:
    assert window.open_game() == "held"
    with pytest.raises(HeldElsewhere) as refused:
        store.hold(game, Holder.this_process())
    holder = refused.value.holder
    assert (holder.pid, holder.host) == (window.process.pid, socket.gethostname())
    assert holder.describe().startswith(
        f"open in another chickenfoot window (process {window.process.pid} on this computer"
    )
    assert store.holder(game) == holder
    window.close()
    assert store.holder(game) is None
    mine = Holder.this_process()
    store.hold(game, mine)
    assert store.holder(game) == mine


def test_a_killed_window_never_blocks_and_is_forgotten(
    opened: OpenStore, game: int, window: Window
) -> None:
    store = opened.store
    assert window.open_game() == "held"
    window.kill()
    assert store.holder(game) is None
    assert store.release_dead() == 1
    assert opened.rows("SELECT COUNT(*) FROM holders") == [(0,)]
    store.hold(game, Holder.this_process())


def test_of_many_windows_opening_at_once_exactly_one_gets_the_game(
    opened: OpenStore, game: int
) -> None:
    store = opened.store
    windows = [Window(opened.address, game) for _ in range(4)]
    try:
        for other in windows:
            other.tell("go")
        answers = []
        for other in windows:
            assert other.process.stdout is not None
            answers.append(other.process.stdout.readline().strip())
        assert sorted(answers) == ["busy", "busy", "busy", "held"]
    finally:
        for other in windows:
            other.close()
    assert store.holder(game) is None


def test_a_holder_on_another_host_is_respected_unless_forced(store: AnyStore, game: int) -> None:
    far = replace(Holder.this_process(), host="elsewhere.example", pid=1)
    store.hold(game, far)
    with pytest.raises(HeldElsewhere, match=r"on host elsewhere\.example"):
        store.hold(game, Holder.this_process())
    mine = Holder.this_process()
    store.hold(game, mine, force=True)
    assert store.holder(game) == mine
    store.release(game, far)  # the holder it replaced lets go: the game stays with mine
    assert store.holder(game) == mine


def test_a_window_whose_game_was_taken_over_commits_no_more(store: AnyStore, game: int) -> None:
    first = replace(Holder.this_process(), host="elsewhere.example")
    store.hold(game, first)
    taker = Holder.this_process()
    store.hold(game, taker, force=True)
    record = store.record(game)
    action = choose_action(record.final_state())
    moved = record.appended(action)
    change = Change(len(record.actions), (action,), 0, (), GameFacts.of(moved))
    with pytest.raises(HeldElsewhere):
        store.commit(game, change, first)
    store.commit(game, change, taker)
    assert store.record(game) == moved


def test_a_reused_process_number_is_not_the_holder(store: AnyStore, game: int) -> None:
    ghost = replace(Holder.this_process(), pid=1, process_started="not-that-process")
    store.hold(game, ghost)
    assert store.holder(game) is None


# ----- SQLite's own: the schema and SQLite's errors --------------------------------------------


def test_a_new_database_has_the_current_schema(sqlite_store: SqliteStore) -> None:
    assert sqlite_store.database.connection.execute("PRAGMA user_version").fetchone() == (
        SCHEMA_VERSION,
    )


def test_a_database_of_a_newer_chickenfoot_is_refused_untouched(data_dir: Path) -> None:
    path = data_dir / "chickenfoot.db"
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.close()
    before = path.read_bytes()
    with pytest.raises(StoreError, match=r"saved by a newer chickenfoot.*update chickenfoot"):
        SqliteStore(path)
    assert path.read_bytes() == before


def test_a_file_that_is_not_a_database_is_told_in_words(data_dir: Path) -> None:
    path = data_dir / "chickenfoot.db"
    path.write_bytes(b"hello, this is a text file and no database at all" * 100)
    with pytest.raises(StoreError) as refused:
        SqliteStore(path)
    assert (
        str(refused.value) == f"{path}: this is not a chickenfoot game database, or it is damaged"
    )


def make_fifo(path: Path) -> None:
    os.mkfifo(path)


def make_folder(path: Path) -> None:
    path.mkdir()


def make_device(path: Path) -> None:
    path.symlink_to(os.devnull)


@pytest.mark.skipif(sys.platform == "win32", reason="needs named pipes and /dev/null")
@pytest.mark.parametrize(
    ("make", "kind"),
    [(make_fifo, "a named pipe"), (make_folder, "a folder"), (make_device, "a device")],
    ids=["pipe", "folder", "device"],
)
@pytest.mark.parametrize("suffix", ["", "-wal", "-shm"])
def test_a_database_that_is_no_file_is_named_for_what_it_is(
    data_dir: Path, make: Callable[[Path], None], kind: str, suffix: str
) -> None:
    """Not "the disk failed": what is there instead, and what to do; nothing is opened (a
    named pipe would wait for a writer)."""
    path = data_dir / "chickenfoot.db"
    strange = path.with_name(path.name + suffix)
    make(strange)
    with pytest.raises(StoreError) as refused:
        open_store(path)
    what, made = (
        ("the game database", "a new, empty database")
        if not suffix
        else ("the game database's journal", "a new journal")
    )
    assert str(refused.value) == (
        f"{strange}: not a regular file but {kind}, where {what} should be a file: move it "
        f"away (chickenfoot then makes {made} there)"
    )
    assert suffix or not path.with_name("chickenfoot.db-wal").exists(), "nothing was opened"


def test_a_folder_that_cannot_be_made_is_told_in_words(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(StoreError, match="the folder cannot be made"):
        SqliteStore(blocker / "data" / "chickenfoot.db")


def test_the_store_notes_what_it_did(store: AnyStore) -> None:
    assert store.meta("old saves imported") is None
    store.set_meta("old saves imported", "yes")
    assert store.reopen().meta("old saves imported") == "yes"


def test_times_are_kept_in_utc(store: AnyStore, kit: type[Kit]) -> None:
    record = unfinished()
    game = store.create(record)
    summary = store.summary(game)
    assert summary.created == record.created
    assert abs(summary.updated - datetime.now(UTC)) < timedelta(minutes=5)
