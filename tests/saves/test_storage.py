"""Where files live, the list of saved games a Load screen shows, its index, the clean-up."""

from __future__ import annotations

import json
import os
import socket
import sys
import threading
import time
from datetime import UTC, datetime
from pathlib import Path

import platformdirs
import pytest

from chickenfoot.saves import storage
from chickenfoot.saves.locks import acquire_game_lock, lock_path_for
from chickenfoot.saves.record import GameRecord, load_record, save_record
from chickenfoot.saves.storage import (
    DATA_DIR_VARIABLE,
    INDEX_FORMAT,
    autosave_path,
    data_dir,
    forget_summaries,
    index_path,
    iter_saves,
    latest_unfinished,
    list_saves,
    saves_dir,
    settings_path,
    summarize,
)
from chickenfoot.saves.tidy import STALE_TEMPORARY_SECONDS, clean_stale_temporaries
from chickenfoot.text.describe import save_status

SAMPLES = Path(__file__).resolve().parents[1] / "data" / "records"


@pytest.fixture
def data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private data folder for the test."""
    folder = tmp_path / "data"
    monkeypatch.setenv(DATA_DIR_VARIABLE, str(folder))
    return folder


@pytest.fixture(scope="module")
def finished() -> GameRecord:
    return load_record(SAMPLES / "v1-finished.json")


@pytest.fixture(scope="module")
def unfinished() -> GameRecord:
    return load_record(SAMPLES / "v1-unfinished.json")


def save_at(record: GameRecord, path: Path, modified: int) -> Path:
    """Save ``record`` to ``path`` and set its modification time to ``modified`` (seconds)."""
    save_record(record, path)
    os.utime(path, (modified, modified))
    return path


def test_the_environment_variable_moves_every_file(data_folder: Path) -> None:
    assert data_dir() == data_folder
    assert saves_dir() == data_folder / "saves"
    assert settings_path() == data_folder / "settings.json"


def test_without_the_variable_the_user_data_folder_is_used(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(DATA_DIR_VARIABLE, raising=False)
    assert data_dir() == platformdirs.user_data_path("chickenfoot", appauthor=False)


def test_nothing_is_created_by_asking_where(data_folder: Path) -> None:
    saves_dir()
    settings_path()
    assert not data_folder.exists()
    assert list_saves() == []
    assert latest_unfinished() is None


def test_autosave_path_is_unique_per_game(data_folder: Path, unfinished: GameRecord) -> None:
    path = autosave_path(unfinished)
    assert path.parent == saves_dir()
    assert path.name == f"autosave-20261130-120000-{unfinished.game_id}.json"
    assert autosave_path(unfinished.appended(unfinished.actions[0]).truncated(3)) == path
    same_second = unfinished.model_copy(
        update={"created": unfinished.created.replace(microsecond=1)}
    )
    assert autosave_path(same_second) != path


def test_summary_of_a_good_file(data_folder: Path, unfinished: GameRecord) -> None:
    path = save_at(unfinished, saves_dir() / "game.json", 1_800_000_000)
    summary = summarize(path)
    assert summary.ok and summary.error is None
    assert summary.path == path
    assert summary.modified == datetime.fromtimestamp(1_800_000_000, UTC)
    assert summary.names == ("Dana", "Eli", "Fay", "Gus")
    state = unfinished.final_state()
    assert (summary.round_number, summary.round_count) == (state.round_number, 10)
    assert save_status(summary) == f"round {state.round_number} of 10"
    assert not summary.finished
    assert summary.actions == len(unfinished.actions)
    assert summary.created == unfinished.created


def test_summary_of_a_finished_game(data_folder: Path, finished: GameRecord) -> None:
    summary = summarize(save_at(finished, saves_dir() / "done.json", 1_800_000_000))
    assert summary.finished
    assert save_status(summary) == "finished (3 rounds)"


def test_summary_of_a_broken_file_carries_the_error(data_folder: Path) -> None:
    path = saves_dir() / "broken.json"
    path.parent.mkdir(parents=True)
    path.write_text('{"format": "chess"}', encoding="utf-8")
    summary = summarize(path)
    assert not summary.ok
    assert (
        summary.error
        == f'{path}: format: not a chickenfoot saved game: format is "chess", not "chickenfoot"'
    )
    assert save_status(summary) == "unreadable"
    assert summary.names == ()


def test_summary_follows_changes_to_the_file(
    data_folder: Path, finished: GameRecord, unfinished: GameRecord
) -> None:
    path = save_at(unfinished, saves_dir() / "game.json", 1_800_000_000)
    assert not summarize(path).finished
    save_at(finished, path, 1_800_000_100)
    assert summarize(path).finished


def test_list_saves_newest_first_with_broken_files_and_extra_folders(
    data_folder: Path, tmp_path: Path, finished: GameRecord, unfinished: GameRecord
) -> None:
    oldest = save_at(finished, saves_dir() / "a.json", 1_800_000_000)
    newest = save_at(unfinished, saves_dir() / "b.json", 1_800_000_300)
    broken = saves_dir() / "c.json"
    broken.write_text("not json", encoding="utf-8")
    os.utime(broken, (1_800_000_200, 1_800_000_200))
    (saves_dir() / "notes.txt").write_text("not a save", encoding="utf-8")
    elsewhere = save_at(finished, tmp_path / "shared" / "d.json", 1_800_000_100)

    assert [summary.path for summary in list_saves()] == [newest, broken, oldest]
    listed = list_saves(extra_dirs=[elsewhere.parent, saves_dir(), tmp_path / "missing"])
    assert [summary.path for summary in listed] == [newest, broken, elsewhere, oldest]
    assert [summary.ok for summary in listed] == [True, False, True, True]


def test_latest_unfinished_skips_finished_and_broken_games(
    data_folder: Path, finished: GameRecord, unfinished: GameRecord
) -> None:
    older_unfinished = save_at(unfinished, saves_dir() / "old.json", 1_800_000_000)
    save_at(finished, saves_dir() / "done.json", 1_800_000_200)
    broken = saves_dir() / "broken.json"
    broken.write_text("{", encoding="utf-8")
    os.utime(broken, (1_800_000_300, 1_800_000_300))
    assert latest_unfinished() == older_unfinished

    newer = save_at(unfinished.truncated(10), saves_dir() / "new.json", 1_799_999_000)
    assert latest_unfinished() == older_unfinished
    os.utime(newer, (1_800_000_400, 1_800_000_400))
    assert latest_unfinished() == newer


# ----- the index and the memory of summaries ------------------------------------------------------


GONE_PID = 2**22 + 12345
"""Above Linux's largest process id: no process has it."""
SOME_TIME = "2026-01-01T00:00:00+00:00"


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """Every file the summaries load and replay (they are counted, then loaded as usual)."""
    loaded: list[Path] = []

    def counting_load(path: Path) -> GameRecord:
        loaded.append(Path(path))
        return load_record(path)

    monkeypatch.setattr(storage, "load_record", counting_load)
    return loaded


def many_saves(
    record: GameRecord, count: int, start: int = 1_800_000_000, prefix: str = "game"
) -> list[Path]:
    """``count`` copies of ``record`` in the saves folder, one second apart (oldest first)."""
    return [save_at(record, saves_dir() / f"{prefix}-{n:03}.json", start + n) for n in range(count)]


def test_a_second_listing_reads_nothing_and_a_new_process_uses_the_index(
    data_folder: Path, finished: GameRecord, reads: list[Path]
) -> None:
    paths = many_saves(finished, 5)
    first = list_saves()
    assert sorted(reads) == sorted(paths) and index_path().is_file()
    reads.clear()
    assert list_saves() == first and reads == []
    forget_summaries()  # as a new process starts
    assert list_saves() == first and reads == []


def test_a_changed_file_is_read_again(
    data_folder: Path, finished: GameRecord, unfinished: GameRecord, reads: list[Path]
) -> None:
    (path,) = many_saves(finished, 1)
    assert summarize(path).finished
    save_at(unfinished, path, 1_800_000_000)  # the same modification time, a new content
    forget_summaries()
    reads.clear()
    assert not list_saves()[0].finished and reads == [path]


def test_a_corrupt_or_tampered_index_is_rebuilt(
    data_folder: Path, finished: GameRecord, reads: list[Path]
) -> None:
    paths = many_saves(finished, 3)
    listed = list_saves()
    index = json.loads(index_path().read_text(encoding="utf-8"))
    index["files"][paths[0].name]["names"] = ["Eve\u202e"]
    index["files"][paths[1].name]["finished"] = "yes"
    index_path().write_text(json.dumps(index), encoding="utf-8")
    forget_summaries()
    reads.clear()
    assert list_saves() == listed and sorted(reads) == sorted(paths[:2])
    for garbage in ("{", "[]", '{"format": "other"}', "\x00" * 10):
        index_path().write_text(garbage, encoding="utf-8")
        forget_summaries()
        assert list_saves() == listed
    assert json.loads(index_path().read_text(encoding="utf-8"))["format"] == INDEX_FORMAT


def test_deleted_files_leave_the_index(data_folder: Path, finished: GameRecord) -> None:
    paths = many_saves(finished, 2)
    list_saves()
    paths[0].unlink()
    assert [summary.path for summary in list_saves()] == [paths[1]]
    assert list(json.loads(index_path().read_text(encoding="utf-8"))["files"]) == [paths[1].name]


def test_new_computer_levels_make_old_verdicts_stale(
    data_folder: Path, finished: GameRecord, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game naming a level this program lacks is broken until the level exists (another
    program adds levels): the index made without it must not keep the game broken."""
    from chickenfoot.bots.registry import STRATEGIES

    document = json.loads(finished.to_json())
    document["seats"][1]["level"] = "grandmaster"
    path = saves_dir() / "grandmaster.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(document), encoding="utf-8")
    (summary,) = list_saves()
    assert summary.error is not None and "seats[1].level" in summary.error
    monkeypatch.setitem(STRATEGIES, "grandmaster", STRATEGIES["greedy"])
    forget_summaries()
    assert list_saves()[0].ok


def test_progress_counts_every_summary_newest_first(
    data_folder: Path, finished: GameRecord
) -> None:
    paths = many_saves(finished, 4)
    calls: list[tuple[int, int]] = []
    summaries = iter_saves(progress=lambda done, total: calls.append((done, total)))
    assert calls == []  # nothing happens before the first summary is asked for
    first = next(summaries)
    assert first.path == paths[-1] and calls == [(0, 4), (1, 4)]
    assert [summary.path for summary in summaries] == paths[-2::-1]
    assert calls == [(done, 4) for done in range(5)]


def test_latest_unfinished_from_the_index_reads_nothing(
    data_folder: Path, finished: GameRecord, unfinished: GameRecord, reads: list[Path]
) -> None:
    (older,) = many_saves(unfinished, 1, start=1_700_000_000, prefix="unfinished")
    many_saves(finished, 5)
    assert latest_unfinished() == older
    forget_summaries()
    reads.clear()
    assert latest_unfinished() == older and reads == []


@pytest.mark.skipif(sys.platform == "win32", reason="needs POSIX special files")
def test_odd_entries_are_listed_with_their_reason_and_never_opened(
    data_folder: Path, finished: GameRecord
) -> None:
    good = save_at(finished, saves_dir() / "good.json", 1_800_000_000)
    os.mkfifo(saves_dir() / "pipe.json")
    (saves_dir() / "folder.json").mkdir()
    (saves_dir() / "zero.json").symlink_to("/dev/zero")
    (saves_dir() / "gone.json").symlink_to(saves_dir() / "nothing.json")
    (saves_dir() / ".hidden.json").write_text("{}")

    def listing() -> dict[str, str | None]:
        return {summary.path.name: summary.error for summary in list_saves()}

    done: list[dict[str, str | None]] = []
    worker = threading.Thread(target=lambda: done.append(listing()), daemon=True)
    worker.start()
    worker.join(10)
    assert done, "listing the saves blocked on an odd entry"
    folder = saves_dir()
    assert done[0] == {
        "good.json": None,
        "pipe.json": f"{folder / 'pipe.json'}: not a regular file: a named pipe",
        "folder.json": f"{folder / 'folder.json'}: not a regular file: a folder",
        "zero.json": f"{folder / 'zero.json'}: not a regular file: a device",
        "gone.json": f"{folder / 'gone.json'}: a link to a file that does not exist",
    }
    assert summarize(folder / "pipe.json").error == done[0]["pipe.json"]
    assert good.exists()


# ----- cleaning up after a kill -------------------------------------------------------------------


def test_stale_temporaries_are_removed_and_fresh_ones_kept(data_folder: Path) -> None:
    saves_dir().mkdir(parents=True)
    old = time.time() - STALE_TEMPORARY_SECONDS - 5

    def temporary(folder: Path, name: str, modified: float | None) -> Path:
        path = folder / name
        path.write_bytes(b"half a save")
        if modified is not None:
            os.utime(path, (modified, modified))
        return path

    stale = [
        temporary(saves_dir(), ".autosave-1.json.k3j_x9ab.tmp", old),
        temporary(data_folder, ".settings.json.abcd1234.tmp", old),
    ]
    kept = [
        temporary(saves_dir(), ".autosave-2.json.qwertyui.tmp", None),  # a save in progress
        temporary(saves_dir(), ".index.json", old),
        temporary(saves_dir(), "game.json.tmp", old),
        temporary(data_folder, "notes.tmp", old),
    ]
    link = saves_dir() / ".link.json.abcdefgh.tmp"
    link.symlink_to(kept[2])
    os.utime(link, (old, old), follow_symlinks=False)

    assert sorted(clean_stale_temporaries()) == sorted(stale)
    assert not any(path.exists() for path in stale)
    assert all(path.exists() for path in kept) and link.is_symlink()
    assert clean_stale_temporaries() == []


def test_cleaning_removes_the_locks_of_gone_processes(data_folder: Path, tmp_path: Path) -> None:
    game = tmp_path / "game.json"
    held = acquire_game_lock(game)
    assert held is not None
    dead = lock_path_for(tmp_path / "other.json")
    dead.write_text(
        json.dumps(
            {
                "pid": 2**22 + 12345,
                "host": socket.gethostname(),
                "started": "2026-01-01T00:00:00+00:00",
            }
        )
    )
    assert clean_stale_temporaries() == [dead]
    assert held.lock_path.exists()
    held.release()
    assert not held.lock_path.exists()
