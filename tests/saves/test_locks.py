"""Two windows on one game: the lock a second process sees, and saves that refuse to overwrite
a file changed by another process. The other window is a real second process."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from chickenfoot.saves.files import SaveConflict
from chickenfoot.saves.jsonformat import load_record, save_record
from chickenfoot.saves.locks import (
    HALF_WRITTEN_SECONDS,
    GameLock,
    acquire_game_lock,
    lock_path_for,
    who_holds,
)
from chickenfoot.saves.record import GameRecord, load_record_with_stamp

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "tests" / "data" / "records" / "v1-unfinished.json"

HOLDER = """
import sys
from pathlib import Path
from chickenfoot.saves.locks import acquire_game_lock
sys.stdin.readline()  # "go"
lock = acquire_game_lock(Path(sys.argv[1]))
print("held" if lock is not None else "busy", flush=True)
sys.stdin.readline()  # "release"
if lock is not None:
    lock.release()
"""
"""A window: waits for "go", tries the lock, says whether it got it, holds it until told."""


class Window:
    """Another chickenfoot process that tries to open the game ``game``."""

    def __init__(self, game: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-c", HOLDER, str(game)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            cwd=ROOT,
        )

    def tell(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def answer(self) -> str:
        assert self.process.stdout is not None
        return self.process.stdout.readline().strip()

    def open_game(self) -> str:
        self.tell("go")
        return self.answer()

    def close(self) -> None:
        self.tell("release")
        self.process.wait(timeout=10)

    def kill(self) -> None:
        self.process.kill()
        self.process.wait(timeout=10)  # reaped: its process id is gone


@pytest.fixture
def game(tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    path.write_bytes(SAMPLE.read_bytes())
    return path


@pytest.fixture
def window(game: Path) -> Iterator[Window]:
    other = Window(game)
    yield other
    if other.process.poll() is None:
        other.kill()


def test_a_second_process_sees_the_lock_and_who_holds_it(game: Path, window: Window) -> None:
    assert window.open_game() == "held"
    assert acquire_game_lock(game) is None
    holder = who_holds(game)
    assert holder is not None
    assert (holder.pid, holder.host) == (window.process.pid, socket.gethostname())
    assert holder.describe().startswith(
        f"open in another chickenfoot window (process {window.process.pid} on this computer, since"
    )
    window.close()
    assert who_holds(game) is None
    mine = acquire_game_lock(game)
    assert mine is not None and who_holds(game) == mine.info
    mine.release()


def test_the_lock_of_a_killed_window_is_taken_over(game: Path, window: Window) -> None:
    assert window.open_game() == "held"
    window.kill()
    assert lock_path_for(game).exists()
    assert who_holds(game) is None
    taken = acquire_game_lock(game)
    assert taken is not None
    with taken as mine:
        assert isinstance(mine, GameLock) and mine.info.pid == os.getpid()
    assert not lock_path_for(game).exists()


def test_of_many_windows_opening_at_once_exactly_one_gets_the_game(game: Path) -> None:
    windows = [Window(game) for _ in range(4)]
    try:
        for other in windows:
            other.tell("go")
        answers = sorted(other.answer() for other in windows)
        assert answers == ["busy", "busy", "busy", "held"]
    finally:
        for other in windows:
            other.close()
    assert who_holds(game) is None


def test_a_lock_this_process_left_is_taken_over_by_the_same_file_only(game: Path) -> None:
    """One program opens a game once; a lock it still holds was left by a session it
    dropped, so asking again takes it over (by any path to the same file)."""
    first = acquire_game_lock(game)
    assert first is not None
    link = game.parent / "link.json"
    link.symlink_to(game)
    again = acquire_game_lock(link)
    assert again is not None
    assert lock_path_for(link) == lock_path_for(game)
    holder = who_holds(game)
    assert holder is not None and holder.pid == os.getpid()
    again.release()
    assert who_holds(game) is None


def fake_lock(game: Path, **fields: object) -> Path:
    path = lock_path_for(game)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(fields))
    return path


def test_a_lock_from_another_host_is_respected_unless_forced(game: Path) -> None:
    fake_lock(game, pid=1, host="elsewhere.example", started="2026-11-30T18:00:00+00:00")
    assert acquire_game_lock(game) is None
    holder = who_holds(game)
    assert holder is not None and "on host elsewhere.example" in holder.describe()
    forced = acquire_game_lock(game, force=True)
    assert forced is not None and who_holds(game) == forced.info
    forced.release()


def test_a_half_written_lock_blocks_only_while_it_is_new(game: Path) -> None:
    path = fake_lock(game)
    path.write_bytes(b"")
    assert acquire_game_lock(game) is None
    old = time.time() - HALF_WRITTEN_SECONDS - 1
    os.utime(path, (old, old))
    taken = acquire_game_lock(game)
    assert taken is not None
    taken.release()


def test_releasing_keeps_a_lock_taken_over_by_another_window(game: Path) -> None:
    mine = acquire_game_lock(game)
    assert mine is not None
    theirs = acquire_game_lock(game, force=True)
    assert theirs is not None
    mine.release()
    assert who_holds(game) == theirs.info
    theirs.release()
    assert who_holds(game) is None


# ----- saving only over what this window last read or wrote ------------------------------------

SAVER = """
import sys
from chickenfoot.saves.jsonformat import load_record, save_record
record = load_record(sys.argv[1])
save_record(record.truncated(len(record.actions) - 1), sys.argv[1])
"""
"""Another window: loads the game and saves it with one action fewer (a fork)."""


def test_a_save_over_a_file_another_process_changed_is_refused(game: Path) -> None:
    record, stamp = load_record_with_stamp(game)
    stamp = save_record(record, game, expected=stamp)  # this window saves: its own stamp
    subprocess.run([sys.executable, "-c", SAVER, str(game)], check=True, cwd=ROOT, timeout=30)
    theirs = game.read_bytes()
    with pytest.raises(SaveConflict) as caught:
        save_record(record, game, expected=stamp)
    assert str(caught.value) == (
        f"{game}: not saved: another window or program changed this file since this game last "
        "read or saved it (save under another name to keep both)"
    )
    assert game.read_bytes() == theirs
    assert len(load_record(game).actions) == len(record.actions) - 1


def test_saves_follow_each_other_when_nobody_else_writes(game: Path) -> None:
    record, stamp = load_record_with_stamp(game)
    shorter = record.truncated(len(record.actions) - 2)
    stamp = save_record(shorter, game, expected=stamp)
    stamp = save_record(record, game, expected=stamp)
    assert load_record(game) == record
    assert isinstance(record, GameRecord) and stamp.size == game.stat().st_size
