"""Where files live; games in and out of the store as JSON files: import (files, folders, odd
entries, broken files), export, and the one-time import of an older version's saves folder."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import platformdirs
import pytest

from chickenfoot.record.model import GameRecord
from chickenfoot.saves.atomic import remove_stale_temporaries
from chickenfoot.saves.database import SqliteStore, database_path
from chickenfoot.saves.exchange import (
    export_games,
    import_files,
    import_old_saves,
    old_saves_waiting,
)
from chickenfoot.saves.jsonformat import load_record, save_record
from chickenfoot.saves.paths import (
    DATA_DIR_VARIABLE,
    data_dir,
    exports_dir,
    saves_dir,
    settings_path,
)
from chickenfoot.saves.store import Imported

SAMPLES = Path(__file__).resolve().parents[1] / "data" / "records"


@pytest.fixture
def store(data_dir: Path) -> Iterator[SqliteStore]:
    opened = SqliteStore(database_path())
    yield opened
    opened.close()


@pytest.fixture(scope="module")
def finished() -> GameRecord:
    return load_record(SAMPLES / "v1-finished.json")


@pytest.fixture(scope="module")
def unfinished() -> GameRecord:
    return load_record(SAMPLES / "v1-unfinished.json")


def test_the_environment_variable_moves_every_file(monkeypatch: pytest.MonkeyPatch) -> None:
    folder = Path("/somewhere/else")
    monkeypatch.setenv(DATA_DIR_VARIABLE, str(folder))
    assert data_dir() == folder
    assert database_path() == folder / "chickenfoot.db"
    assert saves_dir() == folder / "saves"
    assert exports_dir() == folder / "exports"
    assert settings_path() == folder / "settings.json"


def test_without_the_variable_the_user_data_folder_is_used(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(DATA_DIR_VARIABLE, raising=False)
    assert data_dir() == platformdirs.user_data_path("chickenfoot", appauthor=False)


def test_files_and_folders_are_imported_through_the_strict_loader(
    store: SqliteStore, tmp_path: Path, finished: GameRecord, unfinished: GameRecord
) -> None:
    folder = tmp_path / "club"
    folder.mkdir()
    save_record(finished, folder / "a.json")
    save_record(unfinished, folder / "b.json")
    (folder / "broken.json").write_text('{"format": "chickenfoot", "version": "2"}')
    (folder / "notes.txt").write_text("not a game")
    single = tmp_path / "single.json"
    save_record(unfinished.truncated(2), single)
    progress: list[tuple[int, int]] = []
    outcomes = import_files(
        store,
        [folder, single, tmp_path / "missing.json"],
        lambda done, total: progress.append((done, total)),
    )
    by_name = {outcome.path.name: outcome for outcome in outcomes}
    assert list(by_name) == ["a.json", "b.json", "broken.json", "single.json", "missing.json"]
    assert by_name["a.json"].imported is Imported.ADDED
    assert by_name["b.json"].imported is Imported.ADDED
    assert by_name["single.json"].imported is Imported.ALREADY  # b.json holds more of it
    assert by_name["single.json"].game == by_name["b.json"].game
    assert by_name["broken.json"].problem == (
        f'{folder / "broken.json"}: version: the version must be a whole number, not "2" '
        "(this program reads versions 1 to 3)"
    )
    assert by_name["missing.json"].problem == f"{tmp_path / 'missing.json'}: no such file"
    assert progress[0] == (0, 5) and progress[-1] == (5, 5)
    assert store.count() == 2
    game = by_name["a.json"].game
    assert game is not None and store.record(game) == finished
    assert store.summary(game).source == str(folder / "a.json")


def test_odd_entries_are_reported_with_their_reason_and_never_opened(
    store: SqliteStore, tmp_path: Path, finished: GameRecord
) -> None:
    folder = tmp_path / "odd"
    folder.mkdir()
    save_record(finished, folder / "good.json")
    os.mkfifo(folder / "pipe.json")
    (folder / "folder.json").mkdir()
    (folder / "zero.json").symlink_to("/dev/zero")
    (folder / "gone.json").symlink_to(folder / "nothing.json")
    (folder / ".hidden.json").write_text("{}")
    done: list[dict[str, str | None]] = []

    def importing() -> None:
        done.append(
            {outcome.path.name: outcome.problem for outcome in import_files(store, [folder])}
        )

    worker = threading.Thread(target=importing, daemon=True)
    worker.start()
    worker.join(30)
    assert done, "importing blocked on an odd entry"
    assert done[0] == {
        "folder.json": f"{folder / 'folder.json'}: not a regular file: a folder",
        "gone.json": f"{folder / 'gone.json'}: a link to a file that does not exist",
        "good.json": None,
        "pipe.json": f"{folder / 'pipe.json'}: not a regular file: a named pipe",
        "zero.json": f"{folder / 'zero.json'}: not a regular file: a device",
    }


def test_exported_files_load_anywhere_and_come_back_as_the_same_game(
    store: SqliteStore, tmp_path: Path, finished: GameRecord, unfinished: GameRecord
) -> None:
    games = [store.create(finished), store.create(unfinished)]
    written = [exported.path for exported in export_games(store, games, tmp_path / "out")]
    assert written[0].name == f"game-{games[0]}-20261130-120000-ana-bob-boldcbold.json"
    assert written[1].name.startswith(f"game-{games[1]}-20261130-120000-")
    assert [load_record(path) for path in written] == [finished, unfinished]
    outcomes = import_files(store, written)
    assert [(o.game, o.imported) for o in outcomes] == [(g, Imported.ALREADY) for g in games]


def test_the_old_saves_folder_is_imported_once_and_left_in_place(
    store: SqliteStore, finished: GameRecord, unfinished: GameRecord
) -> None:
    assert not old_saves_waiting(store), "no folder, nothing to import"
    saves_dir().mkdir(parents=True)
    save_record(finished, saves_dir() / "autosave-1.json")
    save_record(unfinished, saves_dir() / "autosave-2.json")
    (saves_dir() / "broken.json").write_text("{")
    os.utime(saves_dir() / "autosave-1.json", (1_800_000_000, 1_800_000_000))
    os.utime(saves_dir() / "autosave-2.json", (1_700_000_000, 1_700_000_000))
    before = sorted(path.name for path in saves_dir().iterdir())
    assert old_saves_waiting(store)
    outcomes = import_old_saves(store)
    assert [(o.path.name, o.problem is None) for o in outcomes] == [
        ("autosave-1.json", True),
        ("autosave-2.json", True),
        ("broken.json", False),
    ]
    assert store.count() == 2
    listed = store.games()
    assert [summary.updated.timestamp() for summary in listed] == [1_800_000_000, 1_700_000_000]
    assert [summary.finished for summary in listed] == [True, False], "last played first"
    assert sorted(path.name for path in saves_dir().iterdir()) == before
    assert not old_saves_waiting(store)
    assert import_old_saves(store) == [], "once only"
    assert store.count() == 2


def test_stale_temporaries_are_removed_and_fresh_ones_kept(tmp_path: Path) -> None:
    old = time.time() - 65

    def temporary(name: str, modified: float | None) -> Path:
        path = tmp_path / name
        path.write_bytes(b"half a file")
        if modified is not None:
            os.utime(path, (modified, modified))
        return path

    stale = temporary(".settings.json.abcd1234.tmp", old)
    kept = [temporary(".settings.json.qwertyui.tmp", None), temporary("notes.tmp", old)]
    assert remove_stale_temporaries(tmp_path, 60) == [stale]
    assert not stale.exists() and all(path.exists() for path in kept)
