"""``chickenfoot stats``: the report of the finished games, an empty store, and the one-time
import of an older version's saves folder (a broken file is listed, never fatal)."""

from __future__ import annotations

import pytest

from chickenfoot.record.model import GameRecord, SeatConfig
from chickenfoot.saves.jsonformat import save_record
from chickenfoot.saves.paths import saves_dir
from tests.kit import short_rules, stored
from tests.recorded import random_record
from tests.test_cli import run

SEATS = (
    SeatConfig(name="Ana", player="human"),
    SeatConfig(name="[b]Bea[/b]", player="human"),
    SeatConfig(name="Bot", player="computer", level="greedy"),
)


def games() -> list[GameRecord]:
    played = [random_record(short_rules(3, rounds=2), SEATS, seed) for seed in range(3)]
    return [*played, random_record(short_rules(3, rounds=2), SEATS, 9, stop_after=3)]


def test_stats_prints_the_report(capsys: pytest.CaptureFixture[str]) -> None:
    for record in games():
        stored(record)
    status, out, err = run(capsys, "stats")
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == (
        "3 finished games. 1 unfinished game not counted: a game counts once it is over."
    )
    for title in ("People", "Against the computer", "Computer players, by level", "Presets"):
        assert title in lines
    people = lines[lines.index("People") + 1 :]
    assert people[0].split()[:3] == ["person", "games", "won"]
    names = {row.split()[0] for row in people[1:3]}
    assert names == {"Ana", "[b]Bea[/b]"}  # literally
    assert all(row.split()[1] == "3" for row in people[1:3])
    assert any(line.split()[:2] == ["casual", "3"] for line in lines)  # greedy is casual
    assert any(line.split()[:2] == ["cross", "3"] for line in lines)


def test_stats_of_an_empty_store(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "stats")
    assert (status, err) == (0, "")
    assert out == "No finished games yet: a game counts here once it is over.\n"


def test_the_old_saves_folder_is_imported_once_and_a_broken_file_listed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    folder = saves_dir()
    for number, record in enumerate(games()):
        save_record(record, folder / f"{number}.json")
    broken = folder / "broken.json"
    broken.write_text('{"format": "chickenfoot", "version": 1', encoding="utf-8")
    status, out, err = run(capsys, "stats")
    assert status == 0
    assert err.splitlines()[0] == (
        f"chickenfoot: imported 4 of 5 files from {folder} (the files stay where they are)"
    )
    assert err.splitlines()[1].startswith(f"  cannot be read: {broken}: ")
    assert out.splitlines()[0].startswith("3 finished games.")
    again = run(capsys, "stats")
    assert again == (0, out, ""), "imported once: the second run only reports"
    assert broken.exists() and (folder / "0.json").exists()


def test_stats_is_in_the_help(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _err = run(capsys, "stats", "--help")
    assert status == 0
    assert "Unfinished games are not counted" in " ".join(out.split())
