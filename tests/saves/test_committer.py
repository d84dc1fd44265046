"""The committer: at once or on its own thread, the newest record winning, only what is new
appended, failures kept and tried again, a game another window took over never written, and
a wait that never hangs."""

from __future__ import annotations

import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from chickenfoot.record.model import GameRecord
from chickenfoot.record.summary import GameId
from chickenfoot.rules import GameState
from chickenfoot.saves.committer import CommitStillRunning, Committer
from chickenfoot.saves.database import SqliteStore, database_path
from chickenfoot.saves.jsonformat import save_record
from chickenfoot.saves.store import HeldElsewhere, Holder, StoreError
from tests.kit import GatedStore, Kit

WAIT = 10.0
"""Seconds a test waits for the committer (a generous limit: only a hang reaches it)."""


def records(kit: type[Kit], count: int) -> list[GameRecord]:
    """A new two-seat game and the records after each of its first ``count`` actions."""
    record = GameRecord.new(kit.short_rules(2), kit.seats("human", "human"), seed=4)
    found = [record]
    for _ in range(count):
        record = record.appended(kit.choose_action(record.final_state()))
        found.append(record)
    return found


@pytest.fixture
def store(data_dir: Path) -> Iterator[GatedStore]:
    opened = GatedStore(database_path())
    yield opened
    SqliteStore.close(opened)


def started(store: GatedStore, record: GameRecord) -> tuple[GameId, Committer]:
    game = store.create(record)
    return game, Committer(store, game, actions=len(record.actions), assists=0)


def state(record: GameRecord) -> GameState:
    return record.final_state()


def test_by_default_it_commits_at_once_and_keeps_a_failure(
    kit: type[Kit], store: GatedStore
) -> None:
    first, second, third = records(kit, 2)
    game, committer = started(store, first)
    committer.submit(second, state(second))
    assert store.record(game) == second and committer.problem is None
    assert not committer.background
    store.failure = StoreError("the disk is full")
    committer.submit(third, state(third))
    assert str(committer.problem) == "the disk is full"
    store.failure = None
    assert committer.wait(WAIT), "waiting tries the failed commit again"
    assert store.record(game) == third and committer.problem is None


def test_each_commit_appends_only_the_new_moves(kit: type[Kit], store: GatedStore) -> None:
    steps = records(kit, 4)
    game, committer = started(store, steps[0])
    for record in steps[1:]:
        committer.submit(record, state(record))
    assert [(change.keep, len(change.actions)) for change in store.changes] == [
        (0, 1),
        (1, 1),
        (2, 1),
        (3, 1),
    ]
    taken = steps[-1].taken_back(0, 1)
    committer.submit(taken, state(taken))
    last = store.changes[-1]
    assert (last.keep, last.actions, last.assists_kept, len(last.assists)) == (1, (), 0, 1)
    assert store.record(game) == taken


def test_in_the_background_the_newest_record_wins(kit: type[Kit], store: GatedStore) -> None:
    steps = records(kit, 4)
    game, committer = started(store, steps[0])
    ended: list[bool] = []
    committer.in_background(lambda: ended.append(committer.settled))
    store.gate.clear()
    committer.submit(steps[1], state(steps[1]))
    assert store.started.wait(WAIT)
    for record in steps[2:]:  # all handed in while the first commit waits
        committer.submit(record, state(record))
    assert not committer.settled, "the game waits for the commit"
    assert store.record(game) == steps[0], "the caller never waits for the disk"
    store.gate.set()
    assert committer.wait(WAIT) and committer.settled
    assert [len(change.actions) for change in store.changes] == [1, 3]
    assert ended[-1], "the last callback finds every move committed"
    assert threading.current_thread().name not in store.threads
    assert store.record(game) == steps[-1]
    assert committer.stop(WAIT) and not committer.background


def test_a_failed_background_commit_is_tried_again_with_every_move(
    kit: type[Kit], store: GatedStore
) -> None:
    steps = records(kit, 3)
    game, committer = started(store, steps[0])
    committer.in_background()
    store.failure = StoreError("the disk is full")
    committer.submit(steps[1], state(steps[1]))
    committer.submit(steps[2], state(steps[2]))
    assert not committer.wait(WAIT)
    assert committer.settled, "a failed commit does not hold the game back"
    assert str(committer.problem) == "the disk is full"
    store.failure = None
    assert committer.wait(WAIT), "the failed commit is tried again"
    assert store.record(game) == steps[2]
    committer.stop(WAIT)


def test_a_game_another_window_took_over_is_never_written(
    kit: type[Kit], store: GatedStore
) -> None:
    first, second = records(kit, 1)
    game = store.create(first)
    mine = Holder.this_process()
    store.hold(game, mine)
    committer = Committer(store, game, actions=0, assists=0, holder=mine)
    store.hold(game, Holder.this_process(), force=True)  # "open it here" in another window
    committer.submit(second, state(second))
    assert isinstance(committer.problem, HeldElsewhere)
    assert store.record(game) == first


def test_waiting_on_a_disk_that_never_answers_ends_in_words(
    kit: type[Kit], store: GatedStore
) -> None:
    first, second = records(kit, 1)
    _game, committer = started(store, first)
    committer.in_background()
    store.gate.clear()
    committer.submit(second, state(second))
    assert store.started.wait(WAIT)
    assert not committer.wait(0.05)
    assert isinstance(committer.problem, CommitStillRunning)
    assert str(committer.problem) == "the disk did not finish saving in 0.05 s"
    store.gate.set()
    assert committer.wait(WAIT) and committer.problem is None
    committer.stop(WAIT)


def test_after_stop_commits_run_at_once_again(kit: type[Kit], store: GatedStore) -> None:
    first, second, third = records(kit, 2)
    game, committer = started(store, first)
    committer.in_background()
    committer.submit(second, state(second))
    assert committer.stop(WAIT) and not committer.background
    assert store.record(game) == second
    committer.submit(third, state(third))
    assert store.record(game) == third


EXITING = """
import sys
from pathlib import Path
from chickenfoot.saves.committer import Committer
from chickenfoot.saves.database import SqliteStore
from chickenfoot.saves.jsonformat import load_record
record = load_record(sys.argv[1])
store = SqliteStore(Path(sys.argv[2]))
game = store.create(record.truncated(0))
committer = Committer(store, game, actions=0, assists=0)
committer.in_background()
committer.submit(record, record.final_state())
print(game, flush=True)
# the program ends here, without committer.stop()
"""


def test_a_program_that_ends_without_stopping_still_commits_the_last_move(
    kit: type[Kit], tmp_path: Path
) -> None:
    record = records(kit, 3)[-1]
    source, database = tmp_path / "source.json", tmp_path / "games.db"
    save_record(record, source)
    done = subprocess.run(
        [sys.executable, "-c", EXITING, str(source), str(database)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    store = SqliteStore(database)
    assert store.record(int(done.stdout)) == record
    store.close()
