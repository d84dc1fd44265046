"""Where files live, and the list of saved games a Load screen shows."""

from __future__ import annotations

import os
from datetime import UTC, datetime
from pathlib import Path

import platformdirs
import pytest

from chickenfoot.saves.record import GameRecord, load_record, save_record
from chickenfoot.saves.storage import (
    DATA_DIR_VARIABLE,
    autosave_path,
    data_dir,
    latest_unfinished,
    list_saves,
    saves_dir,
    settings_path,
    summarize,
)
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
