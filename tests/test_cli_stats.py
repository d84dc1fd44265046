"""``chickenfoot stats``: the report of the finished games, an empty folder, a broken file."""

from __future__ import annotations

import pytest

from chickenfoot.saves.jsonformat import save_record
from chickenfoot.saves.record import SeatConfig
from chickenfoot.saves.storage import saves_dir
from tests.kit import short_rules
from tests.recorded import random_record
from tests.test_cli import run


def save_games() -> None:
    seats = (
        SeatConfig(name="Ana", player="human"),
        SeatConfig(name="[b]Bea[/b]", player="human"),
        SeatConfig(name="Bot", player="computer", level="greedy"),
    )
    folder = saves_dir()
    for seed in range(3):
        save_record(random_record(short_rules(3, rounds=2), seats, seed), folder / f"{seed}.json")
    unfinished = random_record(short_rules(3, rounds=2), seats, 9, stop_after=3)
    save_record(unfinished, folder / "unfinished.json")


def test_stats_prints_the_report(capsys: pytest.CaptureFixture[str]) -> None:
    save_games()
    status, out, err = run(capsys, "stats")
    assert status == 0, err
    assert err == ""
    lines = out.splitlines()
    assert lines[0] == (
        f"3 finished games in {saves_dir()}. 1 unfinished game not counted: a game counts "
        "once it is over."
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


def test_stats_of_an_empty_folder(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "stats")
    assert (status, err) == (0, "")
    assert out == (f"No finished games yet in {saves_dir()}: a game counts here once it is over.\n")


def test_stats_lists_a_broken_file_and_goes_on(capsys: pytest.CaptureFixture[str]) -> None:
    save_games()
    broken = saves_dir() / "broken.json"
    broken.write_text('{"format": "chickenfoot", "version": 1', encoding="utf-8")
    status, out, err = run(capsys, "stats")
    assert (status, err) == (0, "")
    assert "1 file cannot be read (listed below)." in out.splitlines()[0]
    lines = out.splitlines()
    listed = lines[lines.index("Files that cannot be read (not counted)") + 1 :]
    assert len(listed) == 1
    assert listed[0].startswith(f"{broken}: ")
    assert "People" in lines


def test_stats_the_second_time_reads_the_cache(capsys: pytest.CaptureFixture[str]) -> None:
    save_games()
    first = run(capsys, "stats")
    assert (saves_dir() / ".stats.json").is_file()
    assert run(capsys, "stats") == first


def test_stats_is_in_the_help(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _err = run(capsys, "stats", "--help")
    assert status == 0
    assert "Unfinished games are not counted" in " ".join(out.split())
