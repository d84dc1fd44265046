"""``python -m tests.benchmarks [NAME ...]``: run the benchmarks and print their figures.

With no NAME, runs them all: first the engine figures (games per second, µs per call, memory
of a game's history) as one table, then every other ``bench_*`` module of this folder (replay
viewer, terminal app) through its own ``main()``. NAME picks some: ``games``, ``steps``,
``memory``, or another module's name without ``bench_`` (e.g. ``replay``, ``tui``).
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from tests.benchmarks import bench_games, bench_memory, bench_steps

TABLE: dict[str, Callable[[], list[tuple[str, str]]]] = {
    "games": bench_games.figures,
    "steps": bench_steps.figures,
    "memory": bench_memory.figures,
}
"""The engine benchmarks whose figures share one table."""

PREFIX = "bench_"


def other_benchmarks() -> list[str]:
    """The names (without ``bench_``) of this folder's other benchmark modules, sorted."""
    folder = Path(__file__).parent
    names = (info.name for info in pkgutil.iter_modules([str(folder)]))
    return sorted(
        name.removeprefix(PREFIX)
        for name in names
        if name.startswith(PREFIX) and name.removeprefix(PREFIX) not in TABLE
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Run the chosen benchmarks (all by default); 2 for an unknown name."""
    others = other_benchmarks()
    chosen = list(sys.argv[1:] if argv is None else argv) or [*TABLE, *others]
    unknown = [name for name in chosen if name not in TABLE and name not in others]
    if unknown:
        known = ", ".join([*TABLE, *others])
        print(f"unknown benchmark {unknown[0]!r}: choose from {known}", file=sys.stderr)
        return 2
    rows: list[tuple[str, str]] = []
    for name in chosen:
        if name in TABLE:
            rows.extend(TABLE[name]())
    if rows:
        width = max(len(what) for what, _value in rows)
        print(f"{'engine benchmark':<{width}}  figure")
        for what, value in rows:
            print(f"{what:<{width}}  {value}")
    for name in chosen:
        if name not in TABLE:
            print(f"\n== {PREFIX}{name} ==")
            module = importlib.import_module(f"tests.benchmarks.{PREFIX}{name}")
            module.main()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
