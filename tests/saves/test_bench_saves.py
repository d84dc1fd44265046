"""The saves benchmark runs with tiny sizes and measures something, so it cannot rot."""

from __future__ import annotations

import os

from tests.benchmarks import bench_saves


def test_the_saves_benchmark_measures_every_case() -> None:
    before = os.environ.get("CHICKENFOOT_DATA_DIR")
    rows = bench_saves.figures(finished=3, unfinished=1)
    assert [what for what, _seconds in rows] == [
        f"{name}, {case}"
        for name in ("Continue lookup", "Load list")
        for case in ("no index", "new process with the index", "again in the same process")
    ]
    assert all(seconds > 0 for _what, seconds in rows)
    assert os.environ.get("CHICKENFOOT_DATA_DIR") == before
