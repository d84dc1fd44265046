"""Microseconds per call of the engine's two steps, on real game positions.

Random 4-seat double-9 games are played first to collect every (state, action) pair; then
each call is timed over all of them in a tight loop, so the figures are per call and
include nothing else (CPU time of the process, best of :data:`REPEATS`): the state API's
``legal_actions`` and ``apply`` (a :class:`~chickenfoot.rules.GameState` and events built per
call), and the fast lane's ``legal_moves`` and ``play`` on the same positions.
Run ``python -m tests.benchmarks.bench_steps`` from the repository root.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from chickenfoot.rules import (
    PRESETS,
    Action,
    GameState,
    apply,
    core,
    legal_actions,
    new_game,
    preset,
)
from chickenfoot.rules.ruleset import PresetName

GAMES = 30
SEED = 1
REPEATS = 3


@dataclass(frozen=True)
class StepTimes:
    """Mean cost of one call, in microseconds, over ``positions`` game positions."""

    positions: int
    legal_actions_us: float
    apply_us: float
    legal_moves_us: float
    play_us: float

    @property
    def step_us(self) -> float:
        """One step of a game with states: ``legal_actions`` then ``apply``."""
        return self.legal_actions_us + self.apply_us

    @property
    def fast_step_us(self) -> float:
        """One step of a game on the fast lane: ``legal_moves`` then ``play``."""
        return self.legal_moves_us + self.play_us


def positions(preset_name: PresetName, games: int, seed: int) -> list[tuple[GameState, Action]]:
    """Every (state, action taken) of ``games`` random 4-seat double-9 games."""
    rules = preset(preset_name, players=4, set_size=9)
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


def best_us_per_call(call: Callable[..., object], arguments: Sequence[tuple[object, ...]]) -> float:
    """The best of :data:`REPEATS` timings of ``call(*a)`` for every ``a``, in µs per call."""
    best = float("inf")
    for _ in range(REPEATS):
        started = time.process_time()
        for each in arguments:
            call(*each)
        best = min(best, time.process_time() - started)
    return best / len(arguments) * 1e6


def step_times(preset_name: PresetName, games: int = GAMES, seed: int = SEED) -> StepTimes:
    """The per-call costs over the positions of ``games`` games."""
    pairs = positions(preset_name, games, seed)
    moves = [(core.from_state(state), core.to_move(action)) for state, action in pairs]
    return StepTimes(
        positions=len(pairs),
        legal_actions_us=best_us_per_call(legal_actions, [(state,) for state, _ in pairs]),
        apply_us=best_us_per_call(apply, pairs),
        legal_moves_us=best_us_per_call(core.legal_moves, [(position,) for position, _ in moves]),
        play_us=best_us_per_call(core.play, moves),
    )


def figures(games: int = GAMES) -> list[tuple[str, str]]:
    """Every figure of this benchmark as (what, value) rows."""
    rows = []
    for name in PRESETS:
        times = step_times(name, games)
        rows.append((f"{name}: µs per legal_actions", f"{times.legal_actions_us:.2f}"))
        rows.append((f"{name}: µs per apply", f"{times.apply_us:.2f}"))
        rows.append((f"{name}: µs per legal_actions + apply", f"{times.step_us:.2f}"))
        rows.append((f"{name}: µs per fast legal_moves + play", f"{times.fast_step_us:.2f}"))
    return rows


def main() -> None:
    """Print the figures."""
    print(f"Per call, over every position of {GAMES} random 4-seat double-9 games")
    for what, value in figures():
        print(f"  {what:<42} {value:>10}")


if __name__ == "__main__":
    main()
