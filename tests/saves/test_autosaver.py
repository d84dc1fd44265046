"""The autosaver: at once or on its own thread, the newest record winning, failures kept and
tried again, another window's file never overwritten, and a wait that never hangs."""

from __future__ import annotations

import subprocess
import sys
import threading
from pathlib import Path

import pytest

from chickenfoot.saves import autosaver as saver_module
from chickenfoot.saves.autosaver import Autosaver, SaveStillRunning
from chickenfoot.saves.files import FileStamp, SaveConflict
from chickenfoot.saves.jsonformat import load_record, save_record
from chickenfoot.saves.record import GameRecord
from tests.kit import Kit

WAIT = 10.0
"""Seconds a test waits for the saver (a generous limit: only a hang reaches it)."""


def records(kit: type[Kit], count: int) -> list[GameRecord]:
    """A new two-seat game and the records after each of its first ``count`` actions."""
    record = GameRecord.new(kit.short_rules(2), kit.seats("human", "human"), seed=4)
    found = [record]
    for _ in range(count):
        record = record.appended(kit.choose_action(record.final_state()))
        found.append(record)
    return found


class GatedWrites:
    """Stands in for ``save_record``: each write waits for the gate, then really writes;
    counts the writes and the threads they ran on."""

    def __init__(self) -> None:
        self.gate = threading.Event()
        self.started = threading.Event()
        self.written: list[int] = []
        self.threads: set[str] = set()

    def __call__(
        self, record: GameRecord, path: Path, expected: FileStamp | None = None
    ) -> FileStamp:
        self.started.set()
        assert self.gate.wait(WAIT), "the test never opened the gate"
        self.threads.add(threading.current_thread().name)
        self.written.append(len(record.actions))
        return save_record(record, path, expected=expected)


def test_by_default_it_writes_at_once_and_keeps_a_failure(
    kit: type[Kit], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, second = records(kit, 1)
    path = tmp_path / "game.json"
    saver = Autosaver(path)
    saver.save(first)
    assert load_record(path).actions == () and saver.problem is None and not saver.background

    def full_disk(*args: object, **kwargs: object) -> FileStamp:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(saver_module, "save_record", full_disk)
    saver.save(second)
    assert saver.problem is not None and saver.problem.strerror == "No space left on device"
    monkeypatch.undo()
    assert saver.flush(WAIT), "flush tries the failed save again"
    assert load_record(path).actions == second.actions and saver.problem is None


def test_in_the_background_the_newest_record_wins(
    kit: type[Kit], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    steps = records(kit, 4)
    path = tmp_path / "game.json"
    writes = GatedWrites()
    monkeypatch.setattr(saver_module, "save_record", writes)
    saver = Autosaver(path)
    saver.in_background()
    saver.save(steps[0])
    assert writes.started.wait(WAIT)
    for record in steps[1:]:  # all handed in while the first write waits
        saver.save(record)
    assert not path.exists(), "the caller never waits for the disk"
    writes.gate.set()
    assert saver.flush(WAIT)
    assert writes.written == [0, 4], "the records handed in meanwhile make one write"
    assert threading.current_thread().name not in writes.threads
    assert load_record(path).actions == steps[-1].actions
    assert saver.stop(WAIT) and not saver.background


def test_a_failed_background_save_is_told_once_and_the_next_writes_every_move(
    kit: type[Kit], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    steps = records(kit, 3)
    path = tmp_path / "game.json"
    changes: list[bool] = []
    saver = Autosaver(path)
    saver.in_background(lambda: changes.append(saver.problem is None))
    saver.save(steps[0])
    assert saver.flush(WAIT)

    def refused(*args: object, **kwargs: object) -> FileStamp:
        raise OSError(13, "Permission denied")

    monkeypatch.setattr(saver_module, "save_record", refused)
    saver.save(steps[1])
    saver.save(steps[2])
    assert not saver.flush(WAIT)
    assert saver.problem is not None and saver.problem.strerror == "Permission denied"
    assert changes == [False], "told once that the file fell behind, not once a move"
    monkeypatch.undo()
    assert saver.flush(WAIT), "the failed save is tried again"
    assert changes == [False, True]
    assert load_record(path).actions == steps[2].actions
    saver.stop(WAIT)


def test_another_windows_file_is_never_overwritten_in_the_background(
    kit: type[Kit], tmp_path: Path
) -> None:
    first, second, third = records(kit, 2)
    path = tmp_path / "game.json"
    saver = Autosaver(path)
    saver.in_background()
    saver.save(first)
    assert saver.flush(WAIT)
    save_record(third, path)  # another window wrote the file meanwhile
    saver.save(second)
    assert not saver.flush(WAIT)
    assert isinstance(saver.problem, SaveConflict)
    assert load_record(path).actions == third.actions
    saver.stop(WAIT)


def test_waiting_on_a_disk_that_never_answers_ends_in_words(
    kit: type[Kit], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (first,) = records(kit, 0)
    writes = GatedWrites()
    monkeypatch.setattr(saver_module, "save_record", writes)
    saver = Autosaver(tmp_path / "game.json")
    saver.in_background()
    saver.save(first)
    assert writes.started.wait(WAIT)
    assert not saver.flush(0.05)
    assert isinstance(saver.problem, SaveStillRunning)
    assert saver.problem.strerror == "the disk did not finish the save in 0.05 s"
    writes.gate.set()
    assert saver.flush(WAIT) and saver.problem is None
    saver.stop(WAIT)


def test_after_stop_saves_are_written_at_once_again(kit: type[Kit], tmp_path: Path) -> None:
    first, second = records(kit, 1)
    path = tmp_path / "game.json"
    saver = Autosaver(path)
    saver.in_background()
    saver.save(first)
    assert saver.stop(WAIT) and not saver.background
    assert load_record(path).actions == first.actions
    saver.save(second)
    assert load_record(path).actions == second.actions


EXITING = """
import sys
from pathlib import Path
from chickenfoot.saves.autosaver import Autosaver
from chickenfoot.saves.jsonformat import load_record
record = load_record(sys.argv[1])
saver = Autosaver(Path(sys.argv[2]))
saver.in_background()
saver.save(record)
# the program ends here, without saver.stop()
"""


def test_a_program_that_ends_without_stopping_still_writes_the_last_save(
    kit: type[Kit], tmp_path: Path
) -> None:
    record = records(kit, 3)[-1]
    source, target = tmp_path / "source.json", tmp_path / "target.json"
    save_record(record, source)
    done = subprocess.run(
        [sys.executable, "-c", EXITING, str(source), str(target)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert (done.returncode, done.stderr) == (0, "")
    assert load_record(target).actions == record.actions
