"""The store's benchmark runs its measurements of the store on tiny sizes, so it cannot rot
(the comparison with the code before the store needs a git checkout: ``make bench``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from chickenfoot.saves.database import SqliteStore
from tests.benchmarks import bench_store

pytestmark = pytest.mark.slow  # runs the benchmarks


def test_the_store_figures_are_measured(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bench_store, "SAVE_AT", (10, 6_000))  # past the game's end
    monkeypatch.setattr(bench_store, "SAVES_WARM", 1)
    monkeypatch.setattr(bench_store, "SAVES_TIMED", 2)
    monkeypatch.setattr(bench_store, "QUERY_RUNS", 1)
    record = bench_store.long_record()
    assert len(record.actions) >= 10_000
    saves = bench_store.store_saves(tmp_path, record)
    assert set(saves) == {"save 10", "save 6000"} and all(value > 0 for value in saves.values())
    path = tmp_path / "games.db"
    store = SqliteStore(path)
    bench_store.fill_store(store, bench_store.templates(5, realistic=False), 40)
    assert store.count() == 40 and store.count("unfinished") == 8
    assert store.statistics().games == 32
    store.close()
    queries = bench_store.store_queries(path)
    assert set(queries) == {
        f"{name} {when}" for name in ("continue", "load", "stats") for when in ("first", "again")
    }
    read = bench_store.reading(record.model_copy(update={"actions": record.actions[:200]}))
    assert all(value > 0 for value in read.values())
