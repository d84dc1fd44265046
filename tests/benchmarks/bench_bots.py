"""The computer players' speed on one core: playouts per second and time per decision.

Two kinds of figures, on 4-seat double-9 games of both presets:

* **playouts/s**: whole rounds played out from their first position with each playout
  policy of :mod:`chickenfoot.bots.playout` on the rules core (what the expert's search
  spends its time on). CPU time of the process, best of :data:`RUNS`.
* **decision time per level**: every level plays the seat on turn at every decision with a
  choice of :data:`GAMES` games (the other seats casual), and each decision is timed (wall
  clock, as a player waits): median, 95th percentile and longest, in milliseconds. The expert
  thinks for its default think time, so its figures show how close it keeps to it.
* **expert playouts per decision**: on the same positions, how many round playouts the
  expert makes in its default think time measured in CPU time of the process (what an idle
  core gives it, whatever the load): median and quartiles, told that the others are casual
  players (its imagined rounds play them as casual players) or hard ones (played with the
  planning policy). ``chickenfoot tournament
  --playouts N`` with that median plays about as the default think time does on an idle
  core, with results that do not depend on the load.

Run ``python -m tests.benchmarks bots`` (or ``python -m tests.benchmarks.bench_bots``) from the
repository root. Targets: hard under 1 ms a decision; the expert's median at most 0.25 s and
its longest at most 1 s.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Iterator

from chickenfoot.bots import BOT_LEVELS, DEFAULT_THINK_TIME, ExpertBot, GreedyBot, make_bot
from chickenfoot.bots.playout import Policy, casual_policy, heaviest_first, planning_policy
from chickenfoot.bots.tournament import DecisionTimes, decision_times
from chickenfoot.rules import (
    PRESETS,
    Action,
    RuleSet,
    SeatView,
    apply,
    core,
    legal_actions,
    new_game,
    preset,
)
from chickenfoot.rules.ruleset import PresetName

RUNS = 3
ROUNDS = 200
GAMES = 2
SEED = 1

POLICIES: dict[str, Callable[[RuleSet], Policy]] = {
    "casual policy": casual_policy,
    "heaviest first": heaviest_first,
    "planning policy, 3 seats": lambda rules: planning_policy(
        rules, frozenset(range(1, rules.players)), casual_policy(rules)
    ),
}


def benchmark_rules(preset_name: PresetName, rounds: int | None = None) -> RuleSet:
    """4 seats, double-9, ``rounds`` rounds (all by default)."""
    return preset(preset_name, players=4, set_size=9, rounds=rounds)


def playouts_per_second(preset_name: PresetName, policy_name: str, rounds: int = ROUNDS) -> float:
    """Whole first rounds played out per second with the named policy (best of :data:`RUNS`)."""
    rules = benchmark_rules(preset_name, rounds=1)
    starts = [core.new_game(rules, seed=SEED + index) for index in range(rounds)]
    policy = POLICIES[policy_name](rules)
    best = 0.0
    for _ in range(RUNS):
        started = time.process_time()
        for start in starts:
            core.play_out(start, policy)
        best = max(best, rounds / (time.process_time() - started))
    return best


def level_decision_times(
    preset_name: PresetName, level: str, games: int = GAMES, rounds: int | None = None
) -> DecisionTimes:
    """How long ``level`` takes per decision with a choice, in the seat on turn of ``games``
    games of ``rounds`` rounds (every seat's decisions are the level's; the moves made are
    the casual player's, so each level is timed on the same positions)."""
    player = make_bot(level, SEED)
    times: list[float] = []
    for view, legal in casual_choices(benchmark_rules(preset_name, rounds), games):
        started = time.perf_counter()
        player.choose(view, legal)
        times.append(time.perf_counter() - started)
    return decision_times(times)


def casual_choices(rules: RuleSet, games: int) -> Iterator[tuple[SeatView, tuple[Action, ...]]]:
    """Every position with a choice of ``games`` seeded games of ``rules`` that casual players
    play out: the seat on turn's view and its legal actions."""
    rng = random.Random(SEED)
    casual = GreedyBot(SEED)
    for _ in range(games):
        state, _events = new_game(rules, seed=rng.getrandbits(32))
        while not state.over:
            legal = legal_actions(state)
            view = state.view(state.turn)
            if len(legal) > 1:
                yield view, legal
            state, _events = apply(state, casual.choose(view, legal))


def expert_playouts(
    preset_name: PresetName, games: int = GAMES, others: str = "casual"
) -> tuple[float, float, float]:
    """The quartiles of the playouts the expert makes per decision with a choice in its
    default think time of CPU time, on the positions of :func:`level_decision_times`, told
    that the other seats are of level ``others``."""
    expert = make_bot("expert", SEED, lineup=(others,) * 4)
    assert isinstance(expert, ExpertBot)
    expert.clock = time.process_time
    counts = [
        expert.appraise(view, legal).playouts
        for view, legal in casual_choices(benchmark_rules(preset_name), games)
    ]
    low, middle, high = statistics.quantiles(counts, n=4)
    return low, middle, high


def figures(games: int = GAMES, rounds: int = ROUNDS) -> list[tuple[str, str]]:
    """Every figure of this benchmark as (what, value) rows."""
    rows = []
    for name in PRESETS:
        for policy_name in POLICIES:
            rate = playouts_per_second(name, policy_name, rounds)
            rows.append((f"{name}: round playouts/s, {policy_name}", f"{rate:,.0f}"))
        for others in ("casual", "hard"):
            low, middle, high = expert_playouts(name, games, others)
            rows.append(
                (
                    f"{name}: expert playouts per decision in {DEFAULT_THINK_TIME:g} s of CPU"
                    f" time, told the others are {others}",
                    f"median {middle:.0f} (quartiles {low:.0f} / {high:.0f})",
                )
            )
        for level in BOT_LEVELS:
            times = level_decision_times(name, level, games)
            rows.append(
                (
                    f"{name}: {level}, ms per decision (median / p95 / max)",
                    f"{times.median * 1000:.2f} / {times.p95 * 1000:.2f} / "
                    f"{times.longest * 1000:.1f} ({times.count} decisions)",
                )
            )
    return rows


def main() -> None:
    """Print the figures."""
    print(f"Computer players, 4-seat double-9 games ({GAMES} games per level and preset)")
    rows = figures()
    width = max(len(what) for what, _value in rows)
    for what, value in rows:
        print(f"  {what:<{width}}  {value}")


if __name__ == "__main__":
    main()
