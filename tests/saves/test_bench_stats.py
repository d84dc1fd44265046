"""The statistics benchmark runs with tiny sizes and measures something, so it cannot rot."""

from __future__ import annotations

import os

from tests.benchmarks import bench_stats


def test_the_stats_benchmark_measures_every_case() -> None:
    before = os.environ.get("CHICKENFOOT_DATA_DIR")
    rows = bench_stats.figures(finished=3, unfinished=1)
    assert [what for what, _seconds in rows] == [
        "cold: no summaries index, no cache",
        "with the summaries index, no cache",
        "new process with the index and the cache",
        "again in the same process",
    ]
    assert all(seconds > 0 for _what, seconds in rows)
    assert os.environ.get("CHICKENFOOT_DATA_DIR") == before
