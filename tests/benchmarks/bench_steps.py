"""Microseconds per ``legal_actions`` and per ``apply`` call, on real game positions.

Random 4-seat double-9 games are played first to collect every (state, action) pair; then
``legal_actions`` is timed over all the states and ``apply`` over all the pairs, each in a
tight loop, so the figures are per call and include nothing else (CPU time of the process).
Run ``python -m tests.benchmarks.bench_steps`` (or ``python tests/benchmarks/bench_steps.py``)
from the repository root.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from chickenfoot.rules import PRESETS, Action, GameState, apply, legal_actions, new_game, preset

GAMES = 30
SEED = 1
REPEATS = 3


@dataclass(frozen=True)
class StepTimes:
    """Mean cost of one call, in microseconds, over ``positions`` game positions."""

    positions: int
    legal_actions_us: float
    apply_us: float

    @property
    def step_us(self) -> float:
        """One step of a game: ``legal_actions`` then ``apply``."""
        return self.legal_actions_us + self.apply_us


def positions(preset_name: str, games: int, seed: int) -> list[tuple[GameState, Action]]:
    """Every (state, action taken) of ``games`` random 4-seat double-9 games."""
    rules = preset(preset_name, players=4, set_size=9)  # type: ignore[arg-type]
    rng = random.Random(seed)
    choice = rng.choice
    found: list[tuple[GameState, Action]] = []
    for _ in range(games):
        state, _events = new_game(rules, seed=rng.getrandbits(32))
        while not state.over:
            action = choice(legal_actions(state))
            found.append((state, action))
            state, _events = apply(state, action)
    return found


def step_times(preset_name: str, games: int = GAMES, seed: int = SEED) -> StepTimes:
    """The best of :data:`REPEATS` timings of each call over the positions of ``games`` games."""
    pairs = positions(preset_name, games, seed)
    states = [state for state, _action in pairs]
    best_legal = best_apply = float("inf")
    for _ in range(REPEATS):
        started = time.process_time()
        for state in states:
            legal_actions(state)
        best_legal = min(best_legal, time.process_time() - started)
        started = time.process_time()
        for state, action in pairs:
            apply(state, action)
        best_apply = min(best_apply, time.process_time() - started)
    count = len(pairs)
    return StepTimes(count, best_legal / count * 1e6, best_apply / count * 1e6)


def figures(games: int = GAMES) -> list[tuple[str, str]]:
    """Every figure of this benchmark as (what, value) rows."""
    rows = []
    for name in PRESETS:
        times = step_times(name, games)
        rows.append((f"{name}: µs per legal_actions", f"{times.legal_actions_us:.2f}"))
        rows.append((f"{name}: µs per apply", f"{times.apply_us:.2f}"))
        rows.append((f"{name}: µs per legal_actions + apply", f"{times.step_us:.2f}"))
    return rows


def main() -> None:
    """Print the figures."""
    print(f"Per call, over every position of {GAMES} random 4-seat double-9 games")
    for what, value in figures():
        print(f"  {what:<42} {value:>10}")


if __name__ == "__main__":
    main()
