"""The store against the folder of JSON files it replaced, side by side in one run.

``python -m tests.benchmarks store`` checks out the commit before the store (a ``git
worktree`` in a temporary folder; ``BENCH_PREVIOUS`` names another commit) and measures, on
the same games, with that code and with this one:

- a move's save cost at action 10, 500 and 5,000 (before: the whole file rewritten atomically,
  as the autosaver did; now: one action row committed, WAL with ``synchronous=FULL``), the
  three lengths taking turns after five untimed saves each;
- Continue, the Load list and the statistics with 2,000 games (before: a cold first look with
  no index or cache, a new process with them, and again in the same process; now: a new
  connection, and again) and with 100,000 games (the store only: the folder would take hours
  to write and read);
- importing 2,000 files into the store (the store only);
- reading a 10,000-action JSON file's actions: the hand-written checks against Pydantic's
  strict validation with the tagged union (this code only).

The 2,000 games are double-9, four seats, ten rounds (about 700 actions each, as played);
the 100,000 are short (double-6, three seats, two rounds), since the lists and the statistics
never read the actions. Each figure is the median of several runs unless it is a first look.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta
from functools import partial
from pathlib import Path

from pydantic import TypeAdapter

from chickenfoot.record.fields import action_from
from chickenfoot.record.model import GameRecord, SeatConfig
from chickenfoot.rules import Action, preset
from chickenfoot.saves.database import SqliteStore, _insert
from chickenfoot.saves.exchange import import_files
from chickenfoot.saves.jsonformat import record_json, save_record
from chickenfoot.saves.store import Change, GameFacts, Holder
from chickenfoot.saves.strict_json import parse_strict_json
from tests.recorded import random_record

ROOT = Path(__file__).resolve().parents[2]
SMALL, LARGE = 2_000, 100_000
SAVE_AT = (10, 500, 5_000)
SAVES_WARM = 5
"""Moves saved at each length before the timing starts (a new file or database grows first)."""
SAVES_TIMED = 31
"""Moves saved at each length (their median is the figure); the lengths take turns."""
QUERY_RUNS = 5
PEOPLE = ("Ana", "Bea", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo", "Kim", "Lu")
LEVELS = ("beginner", "casual", "hard", "expert")
START = datetime(2026, 1, 1, tzinfo=UTC)
PAGE = 100
"""Games the Load list reads at a time (as the Load screen does)."""

BEFORE = r"""
import json, os, statistics, sys, time
from pathlib import Path
from chickenfoot.saves import storage
from chickenfoot.record.model import save_record
from chickenfoot.saves.stats import forget_stats, gather, cache_path
from chickenfoot.record.tallies import tally

folder, long_file = Path(sys.argv[1]), sys.argv[2]
save_at, warm, timed = json.loads(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
os.environ["CHICKENFOOT_DATA_DIR"] = str(folder)
out = {}
from chickenfoot.saves.strict_json import parse_strict_json
from chickenfoot.record.model import GameRecord, _action_from
document = parse_strict_json(Path(long_file).read_text())
long_record = GameRecord.model_validate({**document, "actions": []})
actions = tuple(_action_from(a, "x", None) for a in document["actions"])
stamps, seconds = {}, {length: [] for length in save_at}
for length in save_at:
    rec = long_record.model_copy(update={"actions": actions[:length]})
    stamps[length] = save_record(rec, folder / f"long-{length}.json")
for step in range(1, warm + timed + 1):  # the lengths in turn: the machine's moods hit each alike
    for length in save_at:
        rec = long_record.model_copy(update={"actions": actions[: length + step]})
        started = time.perf_counter()
        stamps[length] = save_record(rec, folder / f"long-{length}.json", expected=stamps[length])
        if step > warm:
            seconds[length].append(time.perf_counter() - started)
for length in save_at:
    (folder / f"long-{length}.json").unlink()
    out[f"save {length}"] = statistics.median(seconds[length])

def timed_call(call):
    started = time.perf_counter()
    call()
    return time.perf_counter() - started

def cold():
    storage.forget_summaries()
    forget_stats()
    storage.index_path().unlink(missing_ok=True)
    cache_path().unlink(missing_ok=True)

def new_process():
    storage.forget_summaries()
    forget_stats()

for name, call in (("continue", storage.latest_unfinished), ("load", storage.list_saves),
                   ("stats", lambda: tally(gather()))):
    cold()
    out[f"{name} cold"] = timed_call(call)
    new_process()
    out[f"{name} index"] = timed_call(call)
    out[f"{name} again"] = statistics.median(timed_call(call) for _ in range(3))
print(json.dumps(out))
"""
"""The measurements with the code before the store (run in a process of its own, with that
code first on ``sys.path``)."""


def previous_commit() -> str:
    """The commit to compare with: ``BENCH_PREVIOUS``, or the one before the store arrived."""
    chosen = os.environ.get("BENCH_PREVIOUS")
    if chosen:
        return chosen
    added = subprocess.run(
        ["git", "log", "--diff-filter=A", "--format=%H", "--", "chickenfoot/saves/store.py"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    return f"{added[-1]}^" if added else "HEAD"


def seats(number: int, count: int) -> tuple[SeatConfig, ...]:
    """Seats of game ``number``: one or two people (from a pool of twelve), then computers."""
    people = 1 + number % 2
    return tuple(
        SeatConfig(name=PEOPLE[(number + seat) % len(PEOPLE)], player="human")
        if seat < people
        else SeatConfig(
            name=f"Bot{seat}", player="computer", level=LEVELS[(number + seat) % len(LEVELS)]
        )
        for seat in range(count)
    )


def templates(count: int, realistic: bool) -> list[GameRecord]:
    """Finished games (and one unfinished in five) to copy from."""
    rules = (
        preset("cross", players=4, set_size=9, rounds=10)
        if realistic
        else preset("cross", players=3, set_size=6, rounds=2)
    )
    players = rules.players
    return [
        random_record(
            rules, seats(number, players), number, stop_after=40 if number % 5 == 4 else None
        )
        for number in range(count)
    ]


def copies(models: Sequence[GameRecord], count: int) -> list[GameRecord]:
    """``count`` games from ``models``, each dealt at its own minute."""
    return [
        models[number % len(models)].model_copy(
            update={"created": START + timedelta(minutes=number)}
        )
        for number in range(count)
    ]


def fill_store(store: SqliteStore, models: Sequence[GameRecord], count: int) -> None:
    """Add ``count`` copies of ``models`` quickly (each model's facts worked out once)."""
    facts = [GameFacts.of(model) for model in models]
    batch = 5_000
    for first in range(0, count, batch):
        with store.database.writing() as db:
            for number in range(first, min(count, first + batch)):
                model = models[number % len(models)]
                copy = model.model_copy(update={"created": START + timedelta(minutes=number)})
                _insert(db, copy, facts[number % len(models)], None)


def long_record() -> GameRecord:
    """A double-18 game of two seats (about 4,700 actions), its actions repeated past 10,000
    (a commit's cost and a file's reading do not depend on the moves being legal)."""
    rules = preset("cross", players=2, set_size=18)
    played = random_record(rules, seats(0, 2), 3)
    actions = (played.actions * 3)[:10_050]
    return played.model_copy(update={"actions": actions})


def median_seconds(call: Callable[[], object], runs: int) -> float:
    samples = []
    for _ in range(runs):
        started = time.perf_counter()
        call()
        samples.append(time.perf_counter() - started)
    return statistics.median(samples)


def first_seconds(call: Callable[[], object]) -> float:
    started = time.perf_counter()
    call()
    return time.perf_counter() - started


def store_saves(folder: Path, record: GameRecord) -> dict[str, float]:
    """A move's commit at each length of :data:`SAVE_AT` (each game in a database of its own,
    as the files were each a file of their own; the lengths take turns)."""
    games = {}
    for length in SAVE_AT:
        store = SqliteStore(folder / f"save-{length}.db")
        prefix = record.model_copy(update={"actions": record.actions[:length]})
        with store.database.writing() as db:  # (create() would replay it: its later moves repeat)
            game = _insert(db, prefix, GameFacts(length, 1, False), None)
        holder = Holder.this_process()
        store.hold(game, holder)
        games[length] = (store, game, holder)
    samples: dict[int, list[float]] = {length: [] for length in SAVE_AT}
    for step in range(SAVES_WARM + SAVES_TIMED):
        for length, (store, game, holder) in games.items():
            action = record.actions[length + step]
            facts = GameFacts(length + step + 1, 1, False)
            change = Change(length + step, (action,), 0, (), facts)
            started = time.perf_counter()
            store.commit(game, change, holder)
            if step >= SAVES_WARM:
                samples[length].append(time.perf_counter() - started)
    for store, _game, _holder in games.values():
        store.close()
    return {f"save {length}": statistics.median(samples[length]) for length in SAVE_AT}


def store_queries(path: Path) -> dict[str, float]:
    """Continue, the Load list's first page and the statistics: a new connection, again."""
    out = {}
    calls: dict[str, Callable[[SqliteStore], object]] = {
        "continue": lambda store: store.latest_unfinished(),
        "load": lambda store: (store.count(), store.games(limit=PAGE)),
        "stats": lambda store: store.statistics(),
    }
    for name, call in calls.items():
        store = SqliteStore(path)
        out[f"{name} first"] = first_seconds(partial(call, store))
        out[f"{name} again"] = median_seconds(partial(call, store), QUERY_RUNS)
        store.close()
    return out


def before(folder: Path, long_file: Path, worktree: Path) -> dict[str, float]:
    """The figures of the code before the store, in a process of its own."""
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            BEFORE,
            str(folder),
            str(long_file),
            json.dumps(list(SAVE_AT)),
            str(SAVES_WARM),
            str(SAVES_TIMED),
        ],
        env={**os.environ, "PYTHONPATH": str(worktree)},
        capture_output=True,
        text=True,
        check=False,
        cwd=worktree,
    )
    if done.returncode != 0:
        raise RuntimeError(f"the previous code's measurements failed:\n{done.stderr}")
    figures: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures


def reading(record: GameRecord) -> dict[str, float]:
    """A 10,000-action file's actions read: the hand-written checks and Pydantic's."""
    text = record_json(record)
    document = parse_strict_json(text)
    listed = document["actions"]
    actions_text = json.dumps(listed)
    strict: TypeAdapter[tuple[Action, ...]] = TypeAdapter(tuple[Action, ...])
    players = record.rules.players
    return {
        "read parse": median_seconds(lambda: parse_strict_json(text), QUERY_RUNS),
        "read hand": median_seconds(
            lambda: [
                action_from(item, f"actions[{index}]", players) for index, item in enumerate(listed)
            ],
            QUERY_RUNS,
        ),
        "read pydantic json": median_seconds(
            lambda: strict.validate_json(actions_text, strict=True), QUERY_RUNS
        ),
        "read pydantic python": median_seconds(lambda: strict.validate_python(listed), QUERY_RUNS),
    }


def ms(seconds: float | None) -> str:
    return "—" if seconds is None else f"{seconds * 1000:,.1f} ms"


def main() -> None:
    """Print the figures side by side."""
    commit = previous_commit()
    with tempfile.TemporaryDirectory() as scratch:
        base = Path(scratch)
        worktree = base / "previous"
        subprocess.run(
            ["git", "worktree", "add", "--detach", "-q", str(worktree), commit],
            cwd=ROOT,
            check=True,
        )
        try:
            record = long_record()
            long_file = base / "long.json"
            save_record(record, long_file)
            realistic = copies(templates(20, realistic=True), SMALL)
            folder = base / "small"
            for number, game in enumerate(realistic):
                save_record(game, folder / "saves" / f"game-{number:05}.json")
            print(f"previous code: {commit}; {len(record.actions)} actions in the long game")
            old = before(folder, long_file, worktree)
            print(f"before, in seconds: {json.dumps(old)}", flush=True)
            new = store_saves(base, record)
            store_path = base / "small.db"
            importer = SqliteStore(store_path)
            started = time.perf_counter()
            import_files(importer, [folder / "saves"])
            imported = time.perf_counter() - started
            importer.close()
            new.update(
                {f"{key} {SMALL}": value for key, value in store_queries(store_path).items()}
            )
            large = base / "large.db"
            filler = SqliteStore(large)
            fill_store(filler, templates(30, realistic=False), LARGE)
            filler.close()
            new.update({f"{key} {LARGE}": value for key, value in store_queries(large).items()})
            read = reading(record)
        finally:
            subprocess.run(
                ["git", "worktree", "remove", "--force", str(worktree)], cwd=ROOT, check=False
            )
    print(f"{'':44}{'files (before)':>18}{'store (now)':>16}")
    for length in SAVE_AT:
        print(
            f"{f'a move saved at action {length:,}':44}{ms(old[f'save {length}']):>18}"
            f"{ms(new[f'save {length}']):>16}"
        )
    for name, what in (("continue", "Continue"), ("load", "Load list"), ("stats", "statistics")):
        print(
            f"{f'{what}, {SMALL:,} games, first look':44}{ms(old[f'{name} cold']):>18}"
            f"{ms(new[f'{name} first {SMALL}']):>16}"
        )
        print(
            f"{f'{what}, {SMALL:,} games, new process':44}{ms(old[f'{name} index']):>18}"
            f"{ms(new[f'{name} first {SMALL}']):>16}"
        )
        print(
            f"{f'{what}, {SMALL:,} games, again':44}{ms(old[f'{name} again']):>18}"
            f"{ms(new[f'{name} again {SMALL}']):>16}"
        )
        print(
            f"{f'{what}, {LARGE:,} games, first look':44}{ms(None):>18}"
            f"{ms(new[f'{name} first {LARGE}']):>16}"
        )
        print(
            f"{f'{what}, {LARGE:,} games, again':44}{ms(None):>18}"
            f"{ms(new[f'{name} again {LARGE}']):>16}"
        )
    print(f"{f'import of {SMALL:,} files':44}{ms(None):>18}{ms(imported):>16}")
    print(
        f"reading the actions of a {len(record.actions):,}-action file (strict JSON parse of the "
        f"whole file {ms(read['read parse'])}): hand-written checks {ms(read['read hand'])}, "
        f"Pydantic strict (JSON) {ms(read['read pydantic json'])}, Pydantic (parsed) "
        f"{ms(read['read pydantic python'])}"
    )


if __name__ == "__main__":
    main()
