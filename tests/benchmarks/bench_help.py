"""Benchmark of opening the help (``?``) in a game, side by side with another commit in one run.

Run ``python -m tests.benchmarks help`` from the repository root. Each candidate, this
checkout and the commit to compare with (``CHICKENFOOT_BENCH_BASE``, by default ``main``:
taken out with ``git archive``, as the start-up benchmark does), runs as a process of its own:
the app at 80x24, headless, deals a game of one person against a computer and, once the
person is on turn, presses ``?`` and Escape :data:`OPENINGS` times. It prints, per candidate,
the first opening (which also loads what the help reads: every screen's keys) and the median
and slowest of the later ones, each from the key press until the help is on top, laid out
and drawn (every message it caused handled), medians over :data:`ROUNDS` processes taken in
turns, so a busy moment of the machine falls on both alike.

Goal: a later opening well under 0.1 s (before, the help was built anew each time, a widget
for every cell of its key tables: about 1 s on the development machine).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from tests.benchmarks.bench_start import ROOT, base_checkout, compiled

ROUNDS = 5
OPENINGS = 10
BASE = "main"
"""The commit compared with when ``CHICKENFOOT_BENCH_BASE`` names none."""

CHILD = """
import asyncio, json, sys, time
from chickenfoot.rules import preset
try:
    from chickenfoot.record.model import SeatConfig
except ImportError:  # before the record was a layer of its own
    from chickenfoot.record.model import SeatConfig
from chickenfoot.tui.app import ChickenFootApp
from chickenfoot.tui.screens.help import HelpScreen
from chickenfoot.tui.screens.menu import MenuScreen

async def openings(count):
    app = ChickenFootApp(bot_delay=0)
    times = []
    async with app.run_test(size=(80, 24)) as pilot:
        async def until(condition):
            while not condition():
                await pilot.pause()
        await until(lambda: isinstance(app.screen, MenuScreen))
        seats = (SeatConfig(name="Ana", player="human"),
                 SeatConfig(name="Bea", player="computer", level="casual"))
        app.start_game(preset("cross", players=2), seats, 7)
        await until(lambda: app.game_screen is not None and app.game_screen.client.on_turn)
        game = app.game_screen
        for _ in range(count):
            start = time.perf_counter()
            await pilot.press("question_mark")
            await until(lambda: isinstance(app.screen, HelpScreen) and app.screen.is_mounted)
            await pilot.pause()
            times.append(time.perf_counter() - start)
            await pilot.press("escape")
            await until(lambda: app.screen is game)
    return times

print(json.dumps(asyncio.run(openings(int(sys.argv[1])))))
"""
"""What each candidate's process runs (only what both commits have: the app and the help)."""


def openings(checkout: Path, count: int = OPENINGS) -> list[float]:
    """Seconds each of ``count`` openings of the help took, in a process running the code of
    ``checkout`` with an empty data folder."""
    with tempfile.TemporaryDirectory(prefix="chickenfoot-help-") as data:
        environment = {
            **os.environ,
            "PYTHONPATH": str(checkout),
            "CHICKENFOOT_DATA_DIR": data,
            "PYTHONDONTWRITEBYTECODE": "",
        }
        done = subprocess.run(
            [sys.executable, "-c", CHILD, str(count)],
            capture_output=True,
            text=True,
            env=environment,
            cwd=data,
            check=False,
            timeout=600,
        )
    if done.returncode != 0:
        raise RuntimeError(f"the help's benchmark failed in {checkout}:\n{done.stderr}")
    times: list[float] = json.loads(done.stdout.strip().splitlines()[-1])
    return times


def side_by_side(checkouts: dict[str, Path], rounds: int = ROUNDS) -> dict[str, list[list[float]]]:
    """Every candidate's openings, ``rounds`` processes each, taken in turns."""
    runs: dict[str, list[list[float]]] = {label: [] for label in checkouts}
    for _round in range(rounds):
        for label, checkout in checkouts.items():
            runs[label].append(openings(checkout))
    return runs


def figures(runs: list[list[float]]) -> tuple[float, float, float]:
    """The first opening, and the median and slowest later one (seconds), as medians over
    the processes."""
    first = statistics.median(times[0] for times in runs)
    later = statistics.median(statistics.median(times[1:]) for times in runs)
    slowest = statistics.median(max(times[1:]) for times in runs)
    return first, later, slowest


def main() -> None:
    """Print the openings of the help, this checkout beside the commit compared with."""
    base = os.environ.get("CHICKENFOOT_BENCH_BASE", BASE)
    with base_checkout(base) as before:
        checkouts = {"this checkout": compiled(ROOT)}
        if before is None:
            print(f"(no {base} to compare with: git or the commit is not there)")
        else:
            checkouts[base] = compiled(before)
        runs = side_by_side(checkouts)
    print(f"opening the help in a game at 80x24, medians of {ROUNDS} processes each")
    print(f"{'':<16}{'first':>10}{'later, median':>16}{'later, slowest':>17}")
    for label, times in runs.items():
        first, later, slowest = figures(times)
        print(
            f"{label:<16}{first * 1000:>8.0f} ms{later * 1000:>13.1f} ms{slowest * 1000:>14.1f} ms"
        )


if __name__ == "__main__":
    main()
