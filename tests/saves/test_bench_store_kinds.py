"""The benchmark of one process committing moves on SQLite and on PostgreSQL runs its
measurements on tiny sizes, so it cannot rot (``make bench`` prints the real figures)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.benchmarks import bench_store_kinds
from tests.postgres import PostgresServer


def test_both_stores_figures_are_measured_side_by_side(
    postgres_server: PostgresServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bench_store_kinds, "MOVES_WARM", 1)
    monkeypatch.setattr(bench_store_kinds, "MOVES_TIMED", 2)
    monkeypatch.setattr(bench_store_kinds, "TABLES", 3)
    monkeypatch.setattr(bench_store_kinds, "BATCHES", 2)
    rows = bench_store_kinds.measure(postgres_server, tmp_path)
    assert [(what, mode) for what, mode, _sqlite, _postgres in rows] == [
        (what, mode)
        for mode in ("to disk", "server")
        for what in ("move at 10", "move at 500", "CPU per move", "group commit of 3")
    ]
    for _what, _mode, *figures in rows:
        assert all(float(figure.split()[0].replace(",", "")) > 0 for figure in figures)
