"""Whole games per second on one core: random 4-seat double-9 games, both presets.

Two figures per preset:

* **bots**: games played by four :class:`~chickenfoot.bots.RandomBot` players through
  :func:`~chickenfoot.bots.play_game`, the loop ``chickenfoot simulate`` runs (each seat reads
  its :class:`~chickenfoot.rules.SeatView`);
* **engine**: the engine alone, ``legal_actions`` + ``random.choice`` + ``apply``.

The decks are shuffled before the clock starts, so the figures are the game's own work. Time
is the process's CPU time, so other programs running at once disturb the figures less.
Run ``python -m tests.benchmarks.bench_games`` (or ``python tests/benchmarks/bench_games.py``)
from the repository root. Target: 500+ games/s.
"""

from __future__ import annotations

import random
import time

from chickenfoot.bots import RandomBot, play_game
from chickenfoot.rules import (
    PRESETS,
    RuleSet,
    Tile,
    apply,
    legal_actions,
    new_game,
    preset,
    shuffled_decks,
)

GAMES = 300
SEED = 1
TARGET_GAMES_PER_SECOND = 500

Decks = tuple[tuple[Tile, ...], ...]


def benchmark_rules(preset_name: str) -> RuleSet:
    """The rules every speed figure uses: 4 seats, double-9, all 10 rounds."""
    return preset(preset_name, players=4, set_size=9)  # type: ignore[arg-type]


def game_decks(rules: RuleSet, games: int, seed: int) -> list[Decks]:
    """The decks of ``games`` games, shuffled from ``seed``."""
    rng = random.Random(seed)
    return [shuffled_decks(rules, rng) for _ in range(games)]


def bot_games_per_second(preset_name: str, games: int = GAMES, seed: int = SEED) -> float:
    """Games per second of four random bots playing through ``play_game``."""
    rules = benchmark_rules(preset_name)
    all_decks = game_decks(rules, games, seed)
    strategies = [RandomBot(seed * 10 + seat) for seat in range(rules.players)]
    started = time.process_time()
    for decks in all_decks:
        play_game(rules, strategies, decks)
    return games / (time.process_time() - started)


def engine_games_per_second(preset_name: str, games: int = GAMES, seed: int = SEED) -> float:
    """Games per second of the bare engine: ``legal_actions``, ``random.choice``, ``apply``."""
    rules = benchmark_rules(preset_name)
    all_decks = game_decks(rules, games, seed)
    choice = random.Random(seed).choice
    started = time.process_time()
    for decks in all_decks:
        state, _events = new_game(rules, decks)
        while not state.over:
            state, _events = apply(state, choice(legal_actions(state)))
    return games / (time.process_time() - started)


def figures(games: int = GAMES) -> list[tuple[str, str]]:
    """Every figure of this benchmark as (what, value) rows."""
    rows = []
    for name in PRESETS:
        bots = bot_games_per_second(name, games)
        engine = engine_games_per_second(name, games)
        rows.append((f"{name}: games/s, 4 random bots", f"{bots:,.0f}"))
        rows.append((f"{name}: games/s, engine + random.choice", f"{engine:,.0f}"))
    return rows


def main() -> None:
    """Print the figures and the target."""
    print(
        f"Random 4-seat double-9 games, {GAMES} per figure "
        f"(target {TARGET_GAMES_PER_SECOND}+ games/s)"
    )
    for what, value in figures():
        print(f"  {what:<42} {value:>10}")


if __name__ == "__main__":
    main()
