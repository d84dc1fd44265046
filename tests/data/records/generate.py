"""Write the sample saved games of the current format version into this folder.

Run ``python -m tests.data.records.generate`` from the repository root when a new format
version is released, then commit the new ``v<N>-*.json`` files beside the old ones: the old
samples must stay, so that every released version keeps loading (tests/test_record.py).

The games are reproducible: fixed creation time, seeded decks, and seeded random choices
among the legal actions (no computer-player code involved). The unfinished game also holds a
hint and a take-back, and says it was taken over.
"""

from __future__ import annotations

import sys
from datetime import UTC, datetime
from pathlib import Path

from chickenfoot.record.model import FORMAT_VERSION, GameRecord, SeatConfig, TakenOver
from chickenfoot.rules import RuleSet, preset
from chickenfoot.saves.jsonformat import save_record
from tests.recorded import random_record

HERE = Path(__file__).resolve().parent
CREATED = datetime(2026, 11, 30, 12, 0, 0, tzinfo=UTC)


def played(
    rules: RuleSet, seats: tuple[SeatConfig, ...], seed: int, stop_after: int | None
) -> GameRecord:
    """A record of a game dealt from ``seed``, each action chosen at random (seeded) among the
    legal ones, ended after ``stop_after`` actions (None: play to the end)."""
    return random_record(rules, seats, seed, stop_after, created=CREATED)


def samples() -> dict[str, GameRecord]:
    """The sample records of the current version, by file name."""
    finished = played(
        preset("cross", players=3, set_size=6, rounds=3),
        (
            SeatConfig(name="Ana", player="human"),
            SeatConfig(name="Bob", player="computer", level="greedy"),
            SeatConfig(name="[bold]Cé[/bold]", player="computer", level="random"),
        ),
        seed=11,
        stop_after=None,
    )
    unfinished = played(
        preset("trains", players=4),
        (
            SeatConfig(name="Dana", player="human"),
            SeatConfig(name="Eli", player="computer", level="hard"),
            SeatConfig(name="Fay", player="computer", level="greedy"),
            SeatConfig(name="Gus", player="computer", level="expert", think_time=0.5),
        ),
        seed=12,
        stop_after=90,
    )
    # Version 2: Dana asked for a hint at action 80 and took back the last five actions.
    unfinished = (
        unfinished.truncated(80)
        .with_hint(0)
        .model_copy(update={"actions": unfinished.actions})
        .taken_back(0, 85)
    )
    # Version 3: the unfinished game was taken over from a replay, after 60 actions of a game
    # people played at one keyboard.
    unfinished = unfinished.model_copy(update={"taken_over": TakenOver(at=60, shared=True)})
    return {
        f"v{FORMAT_VERSION}-finished.json": finished,
        f"v{FORMAT_VERSION}-unfinished.json": unfinished,
    }


def main() -> int:
    """Write the samples and list them."""
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else HERE
    for name, record in samples().items():
        save_record(record, folder / name)
        print(f"wrote {folder / name}: {len(record.actions)} actions, finished={record.finished}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
