"""Peak memory of one game's full history: every state and its events kept, as a replay
viewer keeps them.

A random game is played first (untraced) to get its actions; then, under ``tracemalloc``, it
is replayed from the deal keeping every (state, events) pair, and the peak traced memory is
reported. States share their unchanged parts (hands, the tiles on the board), so the history
costs far less than one full copy per action. Two sizes: double-9 with 4 seats, and the
largest game, double-18 with 8 seats. Run ``python -m tests.benchmarks.bench_memory`` (or
``python tests/benchmarks/bench_memory.py``) from the repository root.
"""

from __future__ import annotations

import random
import tracemalloc
from dataclasses import dataclass

from chickenfoot.rules import (
    PRESETS,
    Action,
    Event,
    GameState,
    RuleSet,
    apply,
    legal_actions,
    new_game,
    preset,
)
from chickenfoot.rules.ruleset import PresetName

SEED = 1
SIZES: tuple[tuple[int, int], ...] = ((9, 4), (18, 8))
"""(set size, seats) of each measured game."""


@dataclass(frozen=True)
class HistoryMemory:
    """The peak memory of keeping every state of one game of ``actions`` actions."""

    actions: int
    peak_bytes: int

    @property
    def bytes_per_state(self) -> float:
        """Peak memory divided by the states kept (one per action, plus the deal)."""
        return self.peak_bytes / (self.actions + 1)


def random_actions(rules: RuleSet, seed: int) -> list[Action]:
    """The actions of one whole game of ``rules`` dealt and played with seeded random choices."""
    choice = random.Random(seed).choice
    state, _events = new_game(rules, seed=seed)
    actions = []
    while not state.over:
        action = choice(legal_actions(state))
        actions.append(action)
        state, _events = apply(state, action)
    return actions


def history_memory(
    preset_name: PresetName,
    set_size: int,
    players: int,
    seed: int = SEED,
    rounds: int | None = None,
) -> HistoryMemory:
    """Peak traced memory of replaying one random game while keeping its whole history.

    ``rounds`` shortens the game (tests use it to keep the run tiny).
    """
    rules = preset(
        preset_name,
        players=players,
        set_size=set_size,
        rounds=rounds,
    )
    actions = random_actions(rules, seed)
    tracemalloc.start()
    try:
        state, events = new_game(rules, seed=seed)
        history: list[tuple[GameState, tuple[Event, ...]]] = [(state, events)]
        for action in actions:
            state, events = apply(state, action)
            history.append((state, events))
        _current, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return HistoryMemory(len(actions), peak)


def figures() -> list[tuple[str, str]]:
    """Every figure of this benchmark as (what, value) rows."""
    rows = []
    for name in PRESETS:
        for set_size, players in SIZES:
            memory = history_memory(name, set_size, players)
            rows.append(
                (
                    f"{name}: history, double-{set_size} {players} seats",
                    f"{memory.peak_bytes / 1e6:.1f} MB "
                    f"({memory.actions} actions, {memory.bytes_per_state / 1e3:.1f} kB/state)",
                )
            )
    return rows


def main() -> None:
    """Print the figures."""
    print("Peak memory of one random game's full history (tracemalloc)")
    for what, value in figures():
        print(f"  {what:<42} {value:>10}")


if __name__ == "__main__":
    main()
