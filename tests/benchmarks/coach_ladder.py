"""Is the coach honest? Its error per decision must rank the levels as the ladder does.

For each level of the ladder, :data:`GAMES` whole games (4-seat double-9 ``cross``, the
level in seat 0 against three casual players, every deal and player seeded from the game's
number) are played out, and the coach judges :data:`DECISIONS` of the level's decisions in
each (drawn at random, seeded), at its default budget. A level's **error per decision** is
the mean points its decisions gave away; its 95 % interval is worked out over the games (one
value per game: the mean of its decisions judged), so decisions of one game count together.
The expert plays with a fixed :data:`EXPERT_PLAYOUTS` playouts a decision, so every figure is
the same on any machine and with any number of processes.

Run from the repository root (it takes a while: the expert's games are the slow part)::

    python -m tests.benchmarks.coach_ladder --games 200 --jobs 2

The table and the command are in docs/bots.md; ``tests/bots/test_coach_ladder.py`` runs a
tiny version of it. The honest result: beginner > casual > hard > expert, with intervals that
do not overlap.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from chickenfoot.bots import BOT_LEVELS, make_bot, play_game, seat_seed
from chickenfoot.bots.coach import DEFAULT_BUDGET, MARKS, Coach, Mark
from chickenfoot.bots.tournament import Estimate, estimate
from chickenfoot.rules import RuleSet, preset, shuffled_decks

GAMES = 200
DECISIONS = 4
"""Decisions of the level judged per game."""
EXPERT_PLAYOUTS = 200
OPPONENT = "casual"
SEED = 1


@dataclass(frozen=True)
class Judged:
    """The decisions of one game's level seat that the coach judged."""

    level: str
    game: int
    losses: tuple[float, ...]
    marks: tuple[Mark, ...]


@dataclass
class LevelErrors:
    """A level's judged decisions over its games."""

    level: str
    per_game: list[float] = field(default_factory=list)
    marks: Counter[Mark] = field(default_factory=Counter)

    def add(self, judged: Judged) -> None:
        """Count one game's judged decisions."""
        if judged.losses:
            self.per_game.append(sum(judged.losses) / len(judged.losses))
        self.marks.update(judged.marks)

    @property
    def decisions(self) -> int:
        """How many decisions were judged."""
        return sum(self.marks.values())

    @property
    def error(self) -> Estimate:
        """The error per decision with its 95 % interval over the games."""
        return estimate(self.per_game)


def ladder_rules() -> RuleSet:
    """The games measured: 4 seats, double-9, the ``cross`` preset."""
    return preset("cross", players=4)


def judge_game(
    level: str,
    game: int,
    rules: RuleSet,
    decisions: int = DECISIONS,
    budget: int = DEFAULT_BUDGET,
    expert_playouts: int = EXPERT_PLAYOUTS,
    seed: int = SEED,
) -> Judged:
    """Play game ``game`` (seeded) with ``level`` in seat 0 against casual players, and judge
    ``decisions`` of seat 0's decisions drawn at random."""
    game_seed = seed * 100_000 + game
    lineup = (level, *([OPPONENT] * (rules.players - 1)))
    decks = shuffled_decks(rules, random.Random(game_seed))
    players = [
        make_bot(name, seat_seed(game_seed, seat), playouts=expert_playouts, lineup=lineup)
        for seat, name in enumerate(lineup)
    ]
    actions = play_game(rules, players, decks).actions
    coach = Coach(rules, decks, actions, lineup, budget=budget, seed=game_seed)
    indices = coach.decision_indices([0])
    chosen = random.Random(game_seed).sample(indices, min(decisions, len(indices)))
    judged = [coach.judge(index) for index in sorted(chosen)]
    found = [decision for decision in judged if decision is not None]
    return Judged(
        level,
        game,
        tuple(decision.loss for decision in found),
        tuple(decision.mark for decision in found),
    )


def _task(arguments: tuple[str, int, RuleSet, int, int, int, int]) -> Judged:
    return judge_game(*arguments)


def measure(
    levels: Sequence[str],
    games: int,
    rules: RuleSet,
    decisions: int = DECISIONS,
    budget: int = DEFAULT_BUDGET,
    expert_playouts: int = EXPERT_PLAYOUTS,
    seed: int = SEED,
    jobs: int = 1,
) -> dict[str, LevelErrors]:
    """Every level's judged decisions over ``games`` games (in ``jobs`` processes)."""
    tasks = [
        (level, game, rules, decisions, budget, expert_playouts, seed)
        for game in range(games)
        for level in levels
    ]
    results = {level: LevelErrors(level) for level in levels}
    for judged in _run(tasks, jobs):
        results[judged.level].add(judged)
    return results


def _run(tasks: list[tuple[str, int, RuleSet, int, int, int, int]], jobs: int) -> Iterator[Judged]:
    if jobs == 1:
        yield from map(_task, tasks)
        return
    with ProcessPoolExecutor(jobs) as pool:
        yield from pool.map(_task, tasks)


def table(results: dict[str, LevelErrors]) -> list[str]:
    """The results as a Markdown table."""
    lines = [
        "| level | games | decisions judged | error per decision (points) | "
        + " | ".join(mark.replace("_", " ") for mark in MARKS)
        + " |",
        "|---|---:|---:|---:|" + "---:|" * len(MARKS),
    ]
    for level, errors in results.items():
        error = errors.error
        margin = f" ± {error.margin:.2f}" if error.margin is not None else ""
        shares = " | ".join(
            f"{errors.marks[mark] / max(1, errors.decisions):.1%}" for mark in MARKS
        )
        lines.append(
            f"| {level} | {len(errors.per_game)} | {errors.decisions} | "
            f"{error.mean:.2f}{margin} | {shares} |"
        )
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    """Measure and print the table (and how long it took)."""
    parser = argparse.ArgumentParser(prog="python -m tests.benchmarks.coach_ladder")
    parser.add_argument("--games", type=int, default=GAMES)
    parser.add_argument("--decisions", type=int, default=DECISIONS)
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--levels", default=",".join(BOT_LEVELS))
    parser.add_argument("--out", default=None, help="Also write every game's losses as JSON.")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    results = measure(
        args.levels.split(","),
        args.games,
        ladder_rules(),
        args.decisions,
        args.budget,
        EXPERT_PLAYOUTS,
        args.seed,
        args.jobs,
    )
    print("\n".join(table(results)))
    if args.out is not None:
        games = {level: errors.per_game for level, errors in results.items()}
        Path(args.out).write_text(json.dumps({"seed": args.seed, "per_game": games}))
    print(f"\n{args.games} games a level in {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
