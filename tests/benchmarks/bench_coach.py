"""How long the coach takes to analyse a whole game for one person, and where the time goes.

A 4-seat double-9 ``cross`` game of 10 rounds (seeded), seat 0 the person (played here by the
hard player, a computer standing in for a person who plans), the three others hard players
(the app's default level, whose imagined moves are the dearer planning policy's); the coach
analyses seat 0 at its default budget, as ``chickenfoot analyse`` and the game's result do.
Figures, per game of :data:`SEEDS`: the decisions judged, the CPU time of the process (what
one core of its own would take, whatever the machine's load) for the decisions and for the
luck, and the wall time. Then one game under :mod:`cProfile`: the share of the time spent in
the rules core (playing the imagined rounds: moves, legal moves, the board), the playout
policies (the casual player's and the planning policy's choices), the dealing of imagined
hands (sampling, and reading the view's history), and the coach itself.

Run ``python -m tests.benchmarks coach`` (part of ``make bench``). The target: a whole game
analysed for one person within 60 s on one core at the default budget.
"""

from __future__ import annotations

import cProfile
import pstats
import random
import time
from collections.abc import Sequence

from chickenfoot.bots import make_bot, play_game, seat_seed
from chickenfoot.bots.coach import DEFAULT_BUDGET, Coach
from chickenfoot.rules import Action, RuleSet, Tile, preset, shuffled_decks

SEEDS = (1, 2, 3)
OPPONENT = "hard"
TARGET_SECONDS = 60.0

AREAS: dict[str, tuple[str, ...]] = {
    "rules core (imagined moves)": ("chickenfoot/rules/core.py", "chickenfoot/rules/board.py"),
    "playout policies": (
        "chickenfoot/bots/playout.py",
        "chickenfoot/bots/hard.py",
        "chickenfoot/bots/ends.py",
    ),
    "imagined deals (sampling, history)": (
        "chickenfoot/bots/sampling.py",
        "chickenfoot/rules/knowledge.py",
        "chickenfoot/rules/history.py",
    ),
    "the coach": ("chickenfoot/bots/coach.py",),
}
"""Where the time goes, by the files its functions are in (the rest: models, Python's own)."""


def benchmark_game(
    seed: int, rules: RuleSet | None = None
) -> tuple[RuleSet, tuple[tuple[Tile, ...], ...], tuple[Action, ...], tuple[str | None, ...]]:
    """The rules, decks, actions and lineup of the game dealt from ``seed``."""
    rules = rules or preset("cross", players=4)
    decks = shuffled_decks(rules, random.Random(seed))
    levels = ["hard"] + [OPPONENT] * (rules.players - 1)
    players = [make_bot(level, seat_seed(seed, seat)) for seat, level in enumerate(levels)]
    actions = play_game(rules, players, decks).actions
    return rules, decks, actions, (None, *levels[1:])


def timed_analysis(
    seed: int, budget: int = DEFAULT_BUDGET, rules: RuleSet | None = None
) -> tuple[int, float, float, float]:
    """Analyse seat 0 of the game of ``seed``: its decisions judged, the CPU seconds of the
    decisions and of the luck, and the wall seconds of the whole."""
    rules, decks, actions, lineup = benchmark_game(seed, rules)
    wall = time.perf_counter()
    cpu = time.process_time()
    coach = Coach(rules, decks, actions, lineup, budget=budget, seed=seed)
    indices = coach.decision_indices([0])
    for index in indices:
        coach.judge(index)
    decisions = time.process_time() - cpu
    for round_index in coach.rounds_of():
        coach.round_luck(0, round_index)
    luck = time.process_time() - cpu - decisions
    return len(indices), decisions, luck, time.perf_counter() - wall


def profile_shares(
    seed: int, budget: int = DEFAULT_BUDGET, rules: RuleSet | None = None
) -> dict[str, float]:
    """The share of one game's analysis (under cProfile) spent in each of :data:`AREAS`, and
    in the rest."""
    rules, decks, actions, lineup = benchmark_game(seed, rules)
    profiler = cProfile.Profile()
    profiler.enable()
    Coach(rules, decks, actions, lineup, budget=budget, seed=seed).analyse([0])
    profiler.disable()
    stats = pstats.Stats(profiler)
    spent = dict.fromkeys([*AREAS, "the rest"], 0.0)
    for (path, _line, _name), row in stats.stats.items():  # type: ignore[attr-defined]
        own = row[2]
        area = next(
            (name for name, files in AREAS.items() if path.replace("\\", "/").endswith(files)),
            "the rest",
        )
        spent[area] += own
    total = sum(spent.values()) or 1.0
    return {area: seconds / total for area, seconds in spent.items()}


def figures(
    seeds: Sequence[int] = SEEDS, budget: int = DEFAULT_BUDGET, rules: RuleSet | None = None
) -> list[tuple[str, str]]:
    """Every figure of this benchmark as (what, value) rows."""
    rows = []
    for seed in seeds:
        count, decisions, luck, wall = timed_analysis(seed, budget, rules)
        rows.append(
            (
                f"game {seed}: {count} decisions, CPU s (decisions + luck = total), wall s",
                f"{decisions:.1f} + {luck:.1f} = {decisions + luck:.1f}, {wall:.1f}"
                f" (target {TARGET_SECONDS:.0f} s)",
            )
        )
    for area, share in profile_shares(seeds[0], budget, rules).items():
        rows.append((f"game {seeds[0]} profiled: {area}", f"{share:.0%}"))
    return rows


def main() -> None:
    """Print the figures."""
    rows = figures()
    width = max(len(what) for what, _value in rows)
    print(f"Coach: a 4-seat double-9 game analysed for one person, budget {DEFAULT_BUDGET}")
    for what, value in rows:
        print(f"{what:<{width}}  {value}")


if __name__ == "__main__":
    main()
