"""A copy's name never leaves the copies folder, and a copy replaces only another saved game:
never the settings, nor any other file, nor a named pipe (in a terminal and in a browser tab;
the full-screen dialog and the plain mode are driven in ``tests/tui/test_save_copy.py`` and
``tests/plain/test_save_copy.py``)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from chickenfoot.saves.copies import SavePathError, is_saved_game, resolve_save_path
from chickenfoot.saves.jsonformat import save_record
from chickenfoot.saves.paths import ONLY_DATA_DIR_VARIABLE, exports_dir, settings_path
from tests.kit import seats, short_rules
from tests.recorded import random_record

LEAVES = "A name is taken in the copies folder ({folder}), and .. may not lead out of it"


@pytest.fixture(params=["terminal", "browser tab"])
def where(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Both places a copy is saved from: a terminal, and a tab of ``chickenfoot serve``."""
    if request.param == "browser tab":
        monkeypatch.setenv(ONLY_DATA_DIR_VARIABLE, "1")
    return str(request.param)


def a_game(path: Path) -> Path:
    save_record(random_record(short_rules(2), seats("human", "computer"), 3), path)
    return path


@pytest.mark.parametrize("name", ["../settings", "../settings.json", "club/../../settings"])
def test_a_name_never_climbs_out_of_the_copies_folder(where: str, name: str) -> None:
    settings = settings_path()
    settings.parent.mkdir(parents=True, exist_ok=True)
    settings.write_text('{"display": {"theme": "textual-light"}}', encoding="utf-8")
    with pytest.raises(SavePathError) as refused:
        resolve_save_path(name)
    words = str(refused.value)
    if where == "terminal":
        assert words.startswith(LEAVES.format(folder=exports_dir()))
        assert words.endswith("type a whole path (from / or ~) to save elsewhere.")
    else:
        assert words.startswith("In a browser tab, copies are saved only in the copies folder")


def test_dots_that_stay_inside_are_a_name_like_any_other() -> None:
    assert resolve_save_path("club/../sunday") == exports_dir() / "club" / ".." / "sunday.json"


def test_a_file_that_is_not_a_saved_game_is_never_replaced(tmp_path: Path) -> None:
    settings = settings_path()
    settings.parent.mkdir(parents=True, exist_ok=True)
    settings.write_text('{"display": {"theme": "textual-light"}}', encoding="utf-8")
    notes = tmp_path / "notes.json"
    notes.write_text("my notes", encoding="utf-8")
    for path in (settings, notes):
        with pytest.raises(SavePathError) as refused:
            resolve_save_path(str(path))
        assert str(refused.value) == (
            f"{path} is not a saved game, and a copy replaces only another saved game: "
            "choose another name."
        )


def test_a_saved_game_may_be_replaced(where: str) -> None:
    exports_dir().mkdir(parents=True)
    earlier = a_game(exports_dir() / "sunday.json")
    assert resolve_save_path("sunday") == earlier


@pytest.mark.skipif(sys.platform == "win32", reason="needs named pipes")
def test_a_named_pipe_is_named_and_never_opened(where: str) -> None:
    exports_dir().mkdir(parents=True)
    pipe = exports_dir() / "sunday.json"
    os.mkfifo(pipe)
    with pytest.raises(SavePathError) as refused:
        resolve_save_path("sunday")
    assert str(refused.value) == (
        f"{pipe} is not a regular file but a named pipe: choose another name."
    )


@pytest.mark.parametrize(
    ("content", "game"),
    [
        (b'{"format": "chickenfoot", "version": 1}', True),  # a game, if a broken one
        (b'{"format": "chess"}', False),
        (b"[]", False),
        (b"\xff\xfe not text", False),
        (b"[" * 100_000, False),  # nested past any parser's depth
        (b"", False),
    ],
)
def test_what_counts_as_a_saved_game(tmp_path: Path, content: bytes, game: bool) -> None:
    path = tmp_path / "file.json"
    path.write_bytes(content)
    assert is_saved_game(path) is game
