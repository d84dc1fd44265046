"""Whole games per second on one core: random 4-seat double-9 games, both presets.

Three figures per preset, each on the same pre-shuffled decks:

* **simulate**: four :class:`~chickenfoot.bots.RandomBot` players through
  :func:`~chickenfoot.bots.play_game`, the loop ``chickenfoot simulate`` runs (on the rules'
  fast lane);
* **fast lane**: :mod:`chickenfoot.rules.core` alone: ``legal_moves``, ``random.choice``,
  ``play``;
* **states**: the state API a UI uses: ``legal_actions``, ``random.choice``, ``apply``, a
  :class:`~chickenfoot.rules.GameState` and its events built for every action.

The engine shares immutable values (actions, events, open ends) between games, so the first
games of a process fill those tables; :data:`WARM_UP` games are played before the clock
starts. Time is the process's CPU time, and each figure is the best of :data:`RUNS` timed
runs: on a shared machine other programs (and the hypervisor) only ever slow a run down, so
the fastest run is the truest figure of the code itself. Run
``python -m tests.benchmarks.bench_games`` from the repository root. Target: 500+ games/s.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from chickenfoot.bots import RandomBot, play_game
from chickenfoot.rules import (
    PRESETS,
    RuleSet,
    Tile,
    apply,
    core,
    legal_actions,
    new_game,
    preset,
    shuffled_decks,
)
from chickenfoot.rules.ruleset import PresetName

GAMES = 200
WARM_UP = 100
RUNS = 5
SEED = 1
TARGET_GAMES_PER_SECOND = 500

Decks = tuple[tuple[Tile, ...], ...]
GameLoop = Callable[[RuleSet, list[Decks]], None]


def benchmark_rules(preset_name: PresetName) -> RuleSet:
    """The rules every speed figure uses: 4 seats, double-9, all 10 rounds."""
    return preset(preset_name, players=4, set_size=9)


def game_decks(rules: RuleSet, games: int, seed: int) -> list[Decks]:
    """The decks of ``games`` games, shuffled from ``seed``."""
    rng = random.Random(seed)
    return [shuffled_decks(rules, rng) for _ in range(games)]


def simulate_loop(rules: RuleSet, all_decks: list[Decks]) -> None:
    """Four random bots play each game through ``play_game``."""
    strategies = [RandomBot(SEED * 10 + seat) for seat in range(rules.players)]
    for decks in all_decks:
        play_game(rules, strategies, decks)


def fast_lane_loop(rules: RuleSet, all_decks: list[Decks]) -> None:
    """The fast lane alone: ``legal_moves``, ``random.choice``, ``play``."""
    choice = random.Random(SEED).choice
    legal_moves, play, is_over = core.legal_moves, core.play, core.is_over
    for decks in all_decks:
        position = core.new_game(rules, decks)
        while not is_over(position):
            position = play(position, choice(legal_moves(position)))


def state_loop(rules: RuleSet, all_decks: list[Decks]) -> None:
    """The state API: ``legal_actions``, ``random.choice``, ``apply``."""
    choice = random.Random(SEED).choice
    for decks in all_decks:
        state, _events = new_game(rules, decks)
        while not state.over:
            state, _events = apply(state, choice(legal_actions(state)))


LOOPS: dict[str, GameLoop] = {
    "simulate (play_game, 4 random bots)": simulate_loop,
    "fast lane (legal_moves + choice + play)": fast_lane_loop,
    "states (legal_actions + choice + apply)": state_loop,
}


def games_per_second(
    loop: GameLoop,
    preset_name: PresetName,
    games: int = GAMES,
    warm_up: int = WARM_UP,
    runs: int = RUNS,
    seed: int = SEED,
) -> float:
    """Games per second of ``loop``: the best of ``runs`` timed runs of ``games`` games."""
    rules = benchmark_rules(preset_name)
    loop(rules, game_decks(rules, warm_up, seed + 1))
    all_decks = game_decks(rules, games, seed)
    rates = []
    for _ in range(runs):
        started = time.process_time()
        loop(rules, all_decks)
        rates.append(games / (time.process_time() - started))
    return max(rates)


def figures(games: int = GAMES) -> list[tuple[str, str]]:
    """Every figure of this benchmark as (what, value) rows."""
    return [
        (f"{name}: games/s, {what}", f"{games_per_second(loop, name, games):,.0f}")
        for name in PRESETS
        for what, loop in LOOPS.items()
    ]


def main() -> None:
    """Print the figures and the target."""
    print(
        f"Random 4-seat double-9 games: best of {RUNS} runs of {GAMES} after {WARM_UP} "
        f"warm-up games (target {TARGET_GAMES_PER_SECOND}+ games/s)"
    )
    for what, value in figures():
        print(f"  {what:<58} {value:>8}")


if __name__ == "__main__":
    main()
