"""The loading benchmark measures what it says, so it cannot rot: its child process reads a
file with each door, and its fullest file is exactly as much help as the loader accepts."""

from __future__ import annotations

from pathlib import Path

import pytest

from chickenfoot.record.model import RecordError, most_assists, most_undone
from chickenfoot.saves.jsonformat import load_record, record_json
from tests.benchmarks import bench_loading
from tests.saves import costly


def test_a_file_is_read_by_each_door_in_a_child(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(record_json(costly.long_game(200)), encoding="utf-8")
    figures = bench_loading.measure(bench_loading.ROOT, path)
    assert {"check", "verify", "transcript", "check_cpu", "memory_mib"} <= set(figures)
    assert "refused" not in figures
    assert all(isinstance(figures[name], float) for name in ("check", "verify", "transcript"))


def test_the_most_help_accepted_is_at_the_bounds(tmp_path: Path) -> None:
    path = tmp_path / "most.json"
    path.write_text(bench_loading.most_help(), encoding="utf-8")
    record = load_record(path)
    count = len(record.actions)
    assert len(record.assists) == most_assists(count)
    assert sum(len(assist.undone) for assist in record.assists) > most_undone(count) - 40
    assert (
        bench_loading.row(
            "x",
            {"check": 0.5, "check_cpu": 0.4, "verify": 2.0, "verify_cpu": 1.5, "memory_mib": 1.0},
        ).count("MISSED")
        == 1
    )


def test_the_refused_files_are_refused(tmp_path: Path) -> None:
    for text in (costly.repeated_take_backs(3), costly.one_action_take_backs(5_000)):
        path = tmp_path / "help.json"
        path.write_text(text, encoding="utf-8")
        with pytest.raises(RecordError) as refused:
            load_record(path)
        assert refused.value.where.startswith("assists")
