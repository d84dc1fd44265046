"""Benchmark of the saved games' catalog: the menu's Continue lookup and the Load list.

Run ``python -m tests.benchmarks saves`` from the repository root. In a temporary data
folder it writes 2,000 finished games (one real 4-seat double-9 game's JSON under many
names, each with its own creation time and modification time) and a few unfinished games
older than all of them, the worst case for "Continue" (every finished game is looked at
first). Then it times :func:`latest_unfinished` and :func:`list_saves`:

- with no index (the first start, or a start after the index was deleted): every file is
  loaded and replayed once;
- in a new process with the index on disk (``forget_summaries`` stands for the new
  process): nothing is replayed;
- again in the same process: neither the index nor any file is read.

Goals: the Continue lookup well under 0.5 s with the index; the list under 3 s with the
index and instant (< 50 ms) the second time.
"""

from __future__ import annotations

import os
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from chickenfoot.rules import preset
from chickenfoot.saves.record import GameRecord, SeatConfig
from chickenfoot.saves.storage import (
    DATA_DIR_VARIABLE,
    forget_summaries,
    index_path,
    latest_unfinished,
    list_saves,
    saves_dir,
)
from tests.recorded import random_record

FINISHED = 2000
UNFINISHED = 3
SEED = 4
LOOKUP_GOAL_SECONDS = 0.5
LIST_GOAL_SECONDS = 3.0
INSTANT_SECONDS = 0.05
START = datetime(2026, 1, 1, tzinfo=UTC)


def sample_game() -> GameRecord:
    """A whole random 4-seat double-9 cross game (random play is longer than a real one)."""
    seats = [SeatConfig(name="Ana", player="human")] + [
        SeatConfig(name=name, player="computer", level="greedy") for name in ("Bob", "Cy", "Di")
    ]
    return random_record(preset("cross", players=4), seats, SEED)


def write_copies(text: str, created: str, names: str, count: int, first_second: int) -> None:
    """``count`` copies of the saved-game ``text`` in the saves folder, each created (and
    last modified) one second after the other from ``first_second`` after :data:`START`."""
    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    for number in range(count):
        moment = START + timedelta(seconds=first_second + number)
        path = folder / f"{names}-{number:05}.json"
        path.write_text(text.replace(created, moment.isoformat()), encoding="utf-8")
        os.utime(path, (moment.timestamp(), moment.timestamp()))


def make_saves(finished: int, unfinished: int) -> GameRecord:
    """Fill the saves folder: ``unfinished`` games, then ``finished`` newer ones."""
    record = sample_game()
    created = record.created.isoformat().replace("+00:00", "Z")
    cut = record.truncated(len(record.actions) // 2)
    write_copies(cut.to_json(), created, "unfinished", unfinished, 0)
    write_copies(record.to_json(), created, "finished", finished, unfinished)
    return record


def timed(work: Callable[[], object]) -> tuple[float, object]:
    """Seconds ``work()`` took, and what it returned."""
    started = time.perf_counter()
    result = work()
    return time.perf_counter() - started, result


def figures(finished: int = FINISHED, unfinished: int = UNFINISHED) -> list[tuple[str, float]]:
    """(what, seconds) of each measurement, in a temporary data folder of its own."""
    previous = os.environ.get(DATA_DIR_VARIABLE)
    rows: list[tuple[str, float]] = []
    with tempfile.TemporaryDirectory() as folder:
        os.environ[DATA_DIR_VARIABLE] = folder
        try:
            make_saves(finished, unfinished)
            for name, work in (("Continue lookup", latest_unfinished), ("Load list", list_saves)):
                index_path().unlink(missing_ok=True)
                forget_summaries()
                rows.append((f"{name}, no index", timed(work)[0]))
                forget_summaries()
                rows.append((f"{name}, new process with the index", timed(work)[0]))
                rows.append((f"{name}, again in the same process", timed(work)[0]))
            assert latest_unfinished() is not None and len(list_saves()) == finished + unfinished
        finally:
            forget_summaries()
            if previous is None:
                os.environ.pop(DATA_DIR_VARIABLE, None)
            else:
                os.environ[DATA_DIR_VARIABLE] = previous
    return rows


def main() -> None:
    """Print the figures and whether the goals are met."""
    record = sample_game()
    size = len(record.to_json().encode())
    print(
        f"{FINISHED:,} finished games ({len(record.actions)} actions, {size / 1024:.0f} KiB "
        f"each) and {UNFINISHED} older unfinished ones"
    )
    rows = figures()
    for what, seconds in rows:
        print(f"  {what:<46} {seconds * 1000:>9,.1f} ms")
    seconds_of = dict(rows)
    goals = [
        (
            "Continue lookup with the index",
            "Continue lookup, new process with the index",
            LOOKUP_GOAL_SECONDS,
        ),
        ("Load list with the index", "Load list, new process with the index", LIST_GOAL_SECONDS),
        ("Load list the second time", "Load list, again in the same process", INSTANT_SECONDS),
    ]
    for goal, row, limit in goals:
        verdict = "met" if seconds_of[row] < limit else "MISSED"
        print(f"  goal: {goal} < {limit * 1000:,.0f} ms: {verdict}")


if __name__ == "__main__":
    main()
