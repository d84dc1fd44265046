"""Benchmark of the replay cursor on the largest game: double-18, 8 seats, all 19 rounds.

Run ``python tests/benchmarks/bench_replay.py`` from the repository root. It plays the game
with seeded random legal actions (random play draws and passes a lot, so the game is longer
than a real one), then prints how long building the cursor takes, how long seeks take
(random positions, every round start, start and end), the memory the kept states use, and
how long the headless viewer takes to open and to redraw after a step or a jump.
The goal: any seek in under 100 ms.
"""

from __future__ import annotations

import asyncio
import os
import random
import statistics
import tempfile
import time
import tracemalloc

from chickenfoot.play.replay import ReplayCursor, ReplayView
from chickenfoot.record.model import GameRecord, SeatConfig
from chickenfoot.rules import apply, legal_actions, preset
from chickenfoot.rules.ruleset import PresetName
from chickenfoot.saves.paths import DATA_DIR_VARIABLE

SEED = 18
SEEKS = 2000
GOAL_SECONDS = 0.1
VIEWER_MOVES = 15


def largest_game(preset_name: PresetName) -> GameRecord:
    """A whole double-18 game of 8 seats and 19 rounds, played with seeded random choices."""
    rules = preset(preset_name, players=8, set_size=18)
    seats = [SeatConfig(name=f"Seat {n + 1}", player="computer", level="random") for n in range(8)]
    record = GameRecord.new(rules, seats, seed=SEED)
    choices = random.Random(SEED)
    state = record.final_state()
    actions = []
    while not state.over:
        action = choices.choice(legal_actions(state))
        state, _events = apply(state, action)
        actions.append(action)
    return record.model_copy(update={"actions": tuple(actions)})


def measure(preset_name: PresetName) -> float:
    """Print the figures for one preset's largest game; return the slowest seek in seconds."""
    record = largest_game(preset_name)
    tracemalloc.start()
    cursor = ReplayCursor(record)
    kept_bytes, _peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    started = time.perf_counter()
    ReplayCursor(record)
    build_seconds = time.perf_counter() - started

    positions = random.Random(SEED)
    targets = [positions.randint(0, cursor.total) for _ in range(SEEKS)]
    targets += [*cursor.round_starts, 0, cursor.total]
    timings = []
    for target in targets:
        started = time.perf_counter()
        cursor.seek(target)
        _ = cursor.state, cursor.events, cursor.position_text
        timings.append(time.perf_counter() - started)

    print(
        f"{preset_name:>6}: {cursor.total} actions, {len(cursor.round_starts)} rounds; "
        f"build {build_seconds * 1000:.0f} ms; states kept {kept_bytes / 1e6:.1f} MB"
    )
    print(
        f"        {len(targets)} seeks: median {statistics.median(timings) * 1e6:.1f} µs, "
        f"max {max(timings) * 1e6:.1f} µs (goal < {GOAL_SECONDS * 1000:.0f} ms)"
    )
    return max(timings)


async def measure_viewer(record: GameRecord) -> None:
    """Print how long the replay viewer takes, headless at 80x24, to open and to show a step
    or a jump (widgets updated and the screen drawn)."""
    from chickenfoot.tui.app import ChickenFootApp
    from chickenfoot.tui.screens.replay import ReplayScreen

    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        started = time.perf_counter()
        screen = ReplayScreen(ReplayView(record))
        app.push_screen(screen)
        await pilot.pause()
        opened = time.perf_counter() - started
        moves = {"step": screen.cursor.forward, "jump": screen.cursor.next_round}
        for name, move in moves.items():
            screen.cursor.seek(screen.cursor.total // 3)
            timings = []
            for _ in range(VIEWER_MOVES):
                started = time.perf_counter()
                move()
                screen.show_position()
                await pilot.pause()
                timings.append(time.perf_counter() - started)
            print(
                f"        viewer {name}: median {statistics.median(timings) * 1000:.1f} ms, "
                f"max {max(timings) * 1000:.1f} ms"
            )
        print(f"        viewer opened in {opened * 1000:.0f} ms")


def main() -> None:
    """Measure both presets and say whether every seek met the goal; then the viewer."""
    slowest = max(measure(name) for name in ("cross", "trains"))
    verdict = "met" if slowest < GOAL_SECONDS else "MISSED"
    print(f"slowest seek {slowest * 1000:.3f} ms: goal {verdict}")
    print("replay viewer on the largest cross game (8 hands on screen):")
    with tempfile.TemporaryDirectory() as data_dir:
        os.environ[DATA_DIR_VARIABLE] = data_dir
        asyncio.run(measure_viewer(largest_game("cross")))


if __name__ == "__main__":
    main()
