"""``chickenfoot games``, ``export`` and ``import``: the store listed, games out as files that
load anywhere, files in (a broken one listed with its reason, status 1)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from chickenfoot.record.model import GameRecord
from chickenfoot.saves.jsonformat import load_record, save_record
from tests.kit import seats, short_rules, stored
from tests.recorded import random_record
from tests.test_cli import run, run_command


def finished(seed: int) -> GameRecord:
    return random_record(short_rules(2), seats("human", "computer"), seed)


def unfinished(seed: int) -> GameRecord:
    return random_record(short_rules(2), seats("human", "computer"), seed, stop_after=3)


def test_games_lists_the_store_most_recent_first(capsys: pytest.CaptureFixture[str]) -> None:
    first, second = stored(finished(1)), stored(unfinished(2))
    status, out, err = run(capsys, "games")
    assert (status, err) == (0, "")
    rows = out.splitlines()
    assert [row.split()[0] for row in rows] == [str(second), str(first)]
    assert "round 1 of 1" in rows[0] and "Ana, Bea" in rows[0]
    assert "finished (1 round)" in rows[1]
    assert run(capsys, "games", "--finished")[1].split()[0] == str(first)
    assert run(capsys, "games", "--unfinished")[1].split()[0] == str(second)


def test_export_writes_files_that_load_and_import_brings_them_back(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    records = [finished(3), unfinished(4)]
    numbers = [stored(record) for record in records]
    status, out, err = run(capsys, "export", "--all", "--to", str(tmp_path / "out"))
    assert (status, err) == (0, "")
    files = [Path(line) for line in out.splitlines()]
    assert sorted((load_record(path) for path in files), key=lambda r: r.seed or 0) == sorted(
        records, key=lambda r: r.seed or 0
    )
    status, out, _err = run(capsys, "export", str(numbers[0]), "--to", str(tmp_path / "one"))
    assert status == 0 and load_record(Path(out.strip())) == records[0]
    status, out, err = run(capsys, "import", str(tmp_path / "out"))
    assert (status, err) == (0, "")
    assert all("already there as game" in line for line in out.splitlines())


def test_import_lists_a_broken_file_and_says_so_in_its_status(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    good, broken = tmp_path / "good.json", tmp_path / "broken.json"
    save_record(finished(5), good)
    broken.write_text("[]", encoding="utf-8")
    status, out, err = run(capsys, "import", str(good), str(broken))
    assert status == 1
    assert out == f"{good}: added as game 1\n"
    assert err == (
        f"cannot be read: {broken}: not a chickenfoot saved game: the file holds a list, "
        "not an object\n"
    )


def test_export_needs_games_or_all(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, _out, err = run(capsys, "export", "--to", str(tmp_path))
    assert (status, err) == (
        2,
        "chickenfoot export: error: name the games to export (their numbers), or give --all\n",
    )
    status, _out, err = run(capsys, "export", "9", "--to", str(tmp_path))
    assert status == 2 and "there is no game 9 in the store" in err


@pytest.mark.skipif(sys.platform == "win32", reason="needs named pipes")
def test_a_named_pipe_for_the_database_is_named_at_once(data_dir: Path) -> None:
    """A real process: it ends at once with one line, never waiting on the pipe."""
    pipe = data_dir / "chickenfoot.db"
    os.mkfifo(pipe)
    finished = run_command("games")
    assert (finished.returncode, finished.stdout) == (2, "")
    assert finished.stderr == (
        f"chickenfoot games: error: {pipe}: not a regular file but a named pipe, where the "
        "game database should be a file: move it away (chickenfoot then makes a new, empty "
        "database there)\n"
    )
