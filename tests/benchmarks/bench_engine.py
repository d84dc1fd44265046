"""The rules core's speed against the reference engine, side by side in one run.

**The reference** is the rules' state API, the engine every screen and record uses:
``legal_actions(state)`` then ``apply(state, action)``, a frozen
:class:`~chickenfoot.rules.GameState`, action models and events made at every step, in pure
Python. **The engine** is the rules core that playouts run on (the coach's and the expert's
imagined rounds): ``core.legal_moves(position)`` then ``core.play(position, move)`` on plain
tuples. A step is one of each, on the same positions: every position of :data:`GAMES` random
4-seat double-9 games per preset (seeded), the same in every build.

Each build is measured in a fresh interpreter: the reference and the pure-Python core with the
sources (even where a compiled build is present), the compiled core (``make fast``) if there
is one, and with ``--baseline DIR`` the core of another checkout (e.g. a ``git worktree`` of an
older commit). The builds take turns, :data:`ROUNDS` times; each figure is the best CPU time
per step (a busy machine only slows a run down). The ratio is the reference's time per step
over the engine's, in this run: how many times faster than the reference the core plays.
Run ``python -m tests.benchmarks.bench_engine [--baseline DIR]`` (part of ``make bench``).
The standing goal: 4×.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import TYPE_CHECKING, Any

GAMES = 30
SEED = 1
REPEATS = 3
ROUNDS = 3
GOAL = 4.0
PRESET_NAMES: tuple[PresetName, ...] = ("cross", "trains")
ROOT = Path(__file__).resolve().parents[2]

if TYPE_CHECKING:
    from chickenfoot.rules.ruleset import PresetName


def best_us_per_step(step: Callable[[Any, Any], object], pairs: Sequence[tuple[Any, Any]]) -> float:
    """The best of :data:`REPEATS` timings of ``step(a, b)`` for every pair, in µs a step."""
    best = float("inf")
    for _ in range(REPEATS):
        started = time.process_time()
        for first, second in pairs:
            step(first, second)
        best = min(best, time.process_time() - started)
    return best / len(pairs) * 1e6


def measure(games: int = GAMES) -> dict[str, dict[str, float]]:
    """µs per step of the reference and of the engine, per preset, in this interpreter."""
    from chickenfoot.rules import Action, GameState, apply, core, legal_actions
    from tests.benchmarks.bench_steps import positions

    def reference_step(state: GameState, action: Action) -> object:
        legal_actions(state)
        return apply(state, action)

    legal_moves, play = core.legal_moves, core.play

    def engine_step(position: core.Position, move: core.Move) -> object:
        legal_moves(position)
        return play(position, move)

    figures: dict[str, dict[str, float]] = {}
    for name in PRESET_NAMES:
        pairs = positions(name, games, SEED)
        moves = [(core.from_state(state), core.to_move(action)) for state, action in pairs]
        figures[name] = {
            "positions": float(len(pairs)),
            "reference": best_us_per_step(reference_step, pairs),
            "engine": best_us_per_step(engine_step, moves),
        }
    return figures


@dataclass(frozen=True)
class Build:
    """One build of the engine to measure: its line's words, and how its interpreter starts."""

    label: str
    pure: bool = False
    """True: import the sources even where a compiled build sits beside them."""
    checkout: Path = ROOT
    """The checkout whose ``chickenfoot`` (and ``tests.benchmarks.bench_steps``) it runs."""
    compiled: bool | None = False
    """Whether its core must be the compiled one (None: either)."""


def child_main(pure: bool, games: int) -> None:
    """Measure in this interpreter and print the figures as one line of JSON."""
    if pure:
        from tests.benchmarks.engine_builds import use_pure_source

        use_pure_source()
    from chickenfoot.rules.core import moves

    compiled = str(moves.__file__).endswith(tuple(EXTENSION_SUFFIXES))
    print(json.dumps({"compiled": compiled, "figures": measure(games)}))


def run_build(build: Build, games: int) -> Measured:
    """The figures of ``build``, measured in a fresh interpreter.

    It runs this file by its path with only ``build.checkout`` on ``PYTHONPATH``, so the
    ``chickenfoot`` it imports is that checkout's.
    """
    command = [sys.executable, __file__, "--child", "--games", str(games)]
    if build.pure:
        command.append("--pure")
    done = subprocess.run(
        command,
        cwd=build.checkout,
        env=dict(os.environ, PYTHONPATH=str(build.checkout)),
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"measuring {build.label} failed:\n{done.stderr[-3000:]}")
    result = json.loads(done.stdout.splitlines()[-1])
    return Measured(result["compiled"], result["figures"])


@dataclass(frozen=True)
class Measured:
    """What one interpreter measured: whether its core was compiled, and µs per step."""

    compiled: bool
    figures: dict[str, dict[str, float]]
    """Per preset: ``reference`` and ``engine`` (µs per step) and ``positions``."""


def builds(baseline: Path | None = None) -> list[Build]:
    """The builds to measure: the pure-Python core, the compiled one if built, a baseline."""
    from tests.benchmarks.engine_builds import compiled_sources, stale_modules

    found = [Build("engine, pure Python", pure=True)]
    if compiled_sources():
        stale = stale_modules()
        if stale:
            print(f"compiled build left out: stale {', '.join(stale)} (make fast again)")
        else:
            found.append(Build("engine, compiled (make fast)", compiled=True))
    if baseline is not None:
        found.append(Build(f"engine at {baseline}", checkout=baseline.resolve(), compiled=None))
    return found


def side_by_side(
    chosen: Sequence[Build], games: int = GAMES, rounds: int = ROUNDS
) -> tuple[dict[str, float], dict[str, dict[str, float]]]:
    """The reference's µs per step (of the first build, pure Python) and each build's engine
    µs per step, per preset: the builds take turns ``rounds`` times, the best of each kept."""
    reference: dict[str, float] = {}
    engines: dict[str, dict[str, float]] = {build.label: {} for build in chosen}
    for _ in range(rounds):
        for index, build in enumerate(chosen):
            measured = run_build(build, games)
            if build.compiled not in (None, measured.compiled):
                raise RuntimeError(f"{build.label}: the core imported was not the one asked for")
            for name, figures in measured.figures.items():
                best = engines[build.label]
                best[name] = min(best.get(name, float("inf")), figures["engine"])
                if index == 0:
                    reference[name] = min(reference.get(name, float("inf")), figures["reference"])
    return reference, engines


def report(reference: dict[str, float], engines: dict[str, dict[str, float]]) -> list[str]:
    """The table's lines: µs per step and the ratio to the reference, per preset."""
    width = max(len("reference: the state API, pure Python"), *map(len, engines))
    head = "".join(f"  {name + ' µs':>10}  {'ratio':>6}" for name in reference)
    lines = [f"{'':<{width}}{head}"]
    cells = "".join(f"  {us:>10.2f}  {1.0:>5.2f}×" for us in reference.values())
    lines.append(f"{'reference: the state API, pure Python':<{width}}{cells}")
    for label, figures in engines.items():
        cells = "".join(
            f"  {figures[name]:>10.2f}  {reference[name] / figures[name]:>5.2f}×"
            for name in reference
        )
        lines.append(f"{label:<{width}}{cells}")
    return lines


def main(argv: Sequence[str] | None = None) -> None:
    """Measure every build side by side and print the table (or, as ``--child``, one build)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--baseline", type=Path, help="another checkout to measure beside")
    parser.add_argument("--games", type=int, default=GAMES, help="games per preset")
    parser.add_argument("--rounds", type=int, default=ROUNDS, help="turns of every build")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--pure", action="store_true", help=argparse.SUPPRESS)
    options = parser.parse_args(sys.argv[1:] if argv is None else argv)
    if options.child:
        child_main(options.pure, options.games)
        return
    chosen = builds(options.baseline)
    print(
        f"µs per step (legal moves, then the move) over every position of {options.games} "
        f"random 4-seat double-9 games; CPU time, the best of {options.rounds} turns of "
        f"{len(chosen)} builds, {REPEATS} repeats each; ratio: the reference's time over "
        f"the engine's (goal {GOAL:g}×)"
    )
    for line in report(*side_by_side(chosen, options.games, options.rounds)):
        print(f"  {line}")


if __name__ == "__main__":
    main()
