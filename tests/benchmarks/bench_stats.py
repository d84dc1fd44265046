"""Benchmark of the statistics over 2,000 finished games: cold, then from the caches.

Run ``python -m tests.benchmarks stats`` from the repository root. In a temporary data
folder it writes the saves of the saves benchmark (2,000 finished 4-seat double-9 games and
a few unfinished ones, :func:`tests.benchmarks.bench_saves.make_saves`), then times
:func:`gather` followed by :func:`tally` (what the Stats screen and ``chickenfoot stats`` do):

- cold: no summaries index, no statistics cache: every file is loaded and replayed (twice:
  once for its summary, once for its facts);
- with the summaries index but no statistics cache (the Load screen was opened before);
- in a new process with both caches on disk (``forget_*`` stands for the new process);
- again in the same process.

Goals: a new process with the caches under 0.5 s, the same process under 0.1 s.
"""

from __future__ import annotations

import os
import tempfile

from chickenfoot.saves.stats import cache_path, forget_stats, gather
from chickenfoot.saves.storage import DATA_DIR_VARIABLE, forget_summaries, index_path, list_saves
from chickenfoot.saves.tallies import tally
from tests.benchmarks.bench_saves import FINISHED, UNFINISHED, make_saves, timed

CACHED_GOAL_SECONDS = 0.5
INSTANT_SECONDS = 0.1


def statistics() -> object:
    """What the Stats screen does: gather the games, then tally them."""
    return tally(gather())


def figures(finished: int = FINISHED, unfinished: int = UNFINISHED) -> list[tuple[str, float]]:
    """(what, seconds) of each measurement, in a temporary data folder of its own."""
    previous = os.environ.get(DATA_DIR_VARIABLE)
    rows: list[tuple[str, float]] = []
    with tempfile.TemporaryDirectory() as folder:
        os.environ[DATA_DIR_VARIABLE] = folder
        try:
            make_saves(finished, unfinished)
            forget_summaries()
            forget_stats()
            rows.append(("cold: no summaries index, no cache", timed(statistics)[0]))
            cache_path().unlink()
            forget_stats()
            rows.append(("with the summaries index, no cache", timed(statistics)[0]))
            forget_summaries()
            forget_stats()
            rows.append(("new process with the index and the cache", timed(statistics)[0]))
            rows.append(("again in the same process", timed(statistics)[0]))
            assert index_path().is_file() and cache_path().is_file()
            assert len(gather().games) == finished == len(list_saves()) - unfinished
        finally:
            forget_summaries()
            forget_stats()
            if previous is None:
                os.environ.pop(DATA_DIR_VARIABLE, None)
            else:
                os.environ[DATA_DIR_VARIABLE] = previous
    return rows


def main() -> None:
    """Print the figures and whether the goals are met."""
    print(f"statistics of {FINISHED:,} finished games and {UNFINISHED} unfinished ones")
    rows = figures()
    for what, seconds in rows:
        print(f"  {what:<46} {seconds * 1000:>9,.1f} ms")
    seconds_of = dict(rows)
    goals = [
        ("a new process with the caches", rows[2][0], CACHED_GOAL_SECONDS),
        ("again in the same process", rows[3][0], INSTANT_SECONDS),
    ]
    for goal, row, limit in goals:
        verdict = "met" if seconds_of[row] < limit else "MISSED"
        print(f"  goal: {goal} < {limit * 1000:,.0f} ms: {verdict}")


if __name__ == "__main__":
    main()
