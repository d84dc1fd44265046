"""Soak run of computer turns through the real game screen, at the fastest speed.

Run ``python -m tests.benchmarks soak`` from the repository root. Four hard computer players
play game after game in the Textual app (headless, ``run_test``) with no pause between moves,
until 2,000 computer turns were played; a round's result is closed by Enter as a person
would. Every turn is timed from the moment it became due (the move before it, or the round's
result closed) to its move on the table. No turn may take longer than its think time (none
for hard players) + the pause (0) + 1 s: a turn that hangs (a pause that never ends, an answer
that is lost) shows as a turn far over the limit, or as the run never ending.

It prints the turns played, the slowest turn, p50 / p99 and whether the limit held.
"""

from __future__ import annotations

import asyncio
import os
import statistics
import tempfile
import time
from typing import TYPE_CHECKING

from chickenfoot.record.model import SeatConfig
from chickenfoot.rules import preset

if TYPE_CHECKING:
    from chickenfoot.play.host import TableHost

TURNS = 2000
LEVEL = "hard"
THINK_TIME = 0.0
"""The hard player's think time: it does not search against a clock."""
PAUSE = 0.0
LIMIT = THINK_TIME + PAUSE + 1.0
"""The longest a turn may take, in seconds."""
WAIT_STEPS = 200_000
"""Most event-loop turns without a new move before the run is declared hung."""


def watch(host: TableHost, times: list[tuple[float, bool]]) -> None:
    """Note the time of every move (and whether a computer made it) and of every round's
    result closed, on ``host``."""
    act, round_seen = host._act, host._round_seen
    session = host.session

    def timed_act(action: object) -> None:
        computer = not session.is_human(action.seat)  # type: ignore[attr-defined]
        act(action)  # type: ignore[arg-type]
        times.append((time.perf_counter(), computer))

    def timed_round_seen() -> None:
        round_seen()
        times.append((time.perf_counter(), False))

    host._act = timed_act  # type: ignore[method-assign]
    host._round_seen = timed_round_seen  # type: ignore[method-assign]


async def soak(turns: int = TURNS, players: int = 4) -> list[float]:
    """Seconds each computer turn took, over ``turns`` of them."""
    from chickenfoot.tui.app import ChickenFootApp
    from chickenfoot.tui.screens.game_over import GameOverScreen
    from chickenfoot.tui.screens.round_over import RoundOverScreen

    rules = preset("cross", players=players)
    seats = tuple(
        SeatConfig(name=f"Cpu {seat + 1}", player="computer", level=LEVEL)
        for seat in range(players)
    )
    durations: list[float] = []
    app = ChickenFootApp(bot_delay=PAUSE)
    async with app.run_test(size=(80, 24)) as pilot:
        game_number = 0
        while len(durations) < turns:
            game_number += 1
            finished = app.game_screen  # the game before, under its result (None at first)
            app.start_game(rules, seats, game_number)  # a worker: the screen comes later
            for _ in range(WAIT_STEPS):
                screen = app.game_screen
                if screen is not None and screen is not finished and screen.is_mounted:
                    break
                await pilot.pause()
            else:
                raise RuntimeError(f"game {game_number}'s screen never came")
            times: list[tuple[float, bool]] = [(time.perf_counter(), False)]
            watch(screen.host, times)
            idle = 0
            while not isinstance(app.screen, GameOverScreen) and len(durations) < turns:
                seen = len(times)
                if isinstance(app.screen, RoundOverScreen):
                    await pilot.press("enter")
                await pilot.pause()
                idle = 0 if len(times) > seen else idle + 1
                if idle > WAIT_STEPS:
                    raise RuntimeError(f"no move for {WAIT_STEPS} turns of the loop: a hang")
                for index in range(seen, len(times)):
                    (before, _), (after, computer) = times[index - 1], times[index]
                    if computer:
                        durations.append(after - before)
    return durations[:turns]


def main() -> None:
    """Print the soak run's figures and whether the limit held."""
    with tempfile.TemporaryDirectory() as folder:
        os.environ["CHICKENFOOT_DATA_DIR"] = folder
        started = time.perf_counter()
        durations = asyncio.run(soak())
        elapsed = time.perf_counter() - started
    ordered = sorted(durations)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    slowest = ordered[-1]
    print(
        f"{len(durations)} computer turns ({LEVEL}, no pause) through the game screen in "
        f"{elapsed:.0f} s: median {statistics.median(durations) * 1000:.1f} ms, "
        f"p99 {p99 * 1000:.1f} ms, slowest {slowest * 1000:.1f} ms "
        f"(limit {LIMIT * 1000:.0f} ms: think {THINK_TIME:g} s + pause {PAUSE:g} s + 1 s)"
    )
    print(f"limit {'held' if slowest <= LIMIT else 'NOT held'}")


if __name__ == "__main__":
    main()
