"""One process committing moves: the SQLite store against the PostgreSQL store, side by side in
one run.

``python -m tests.benchmarks store_kinds`` starts a PostgreSQL server of its own from the
system's binaries (:mod:`tests.postgres`, here with ``fsync`` on: its commits reach the disk
as a real server's do) and an SQLite database in a temporary folder, and measures on both, the
stores taking turns move by move:

- **a move**: one game's commit of one action (``store.commit`` with its holder), as a window
  or the command line commits, at action 10 and at action 500: the median over the moves;
- **a table server's group commit**: the moves of :data:`TABLES` games committed in one
  transaction (``commit_many``, what the commit worker does), as moves per second;
- the CPU time of this process per move, in both (what the store costs the server's core;
  PostgreSQL's own work is in its processes, not counted here).

Each is measured twice: committed to the disk (the app's choice, and ``host
--sync-every-move``: SQLite ``synchronous=FULL``, PostgreSQL ``synchronous_commit=on``), and
as a table server commits by default (SQLite ``synchronous=NORMAL``, PostgreSQL
``synchronous_commit=off``: a commit survives the server being killed). PostgreSQL is reached
over its Unix socket on the same machine: a server elsewhere adds the network's round trips.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from chickenfoot.record.model import GameRecord
from chickenfoot.saves.database import SqliteStore
from chickenfoot.saves.postgresql import PostgresStore
from chickenfoot.saves.store import Change, GameFacts, Holder
from tests.benchmarks.bench_store import long_record
from tests.postgres import PostgresServer, running_server, unavailable

AT = (10, 500)
"""The game lengths a single move is committed at."""
MOVES_WARM = 5
MOVES_TIMED = 41
TABLES = 50
"""Games whose moves one group commit holds."""
BATCHES = 21

Store = SqliteStore | PostgresStore


def _prefix(record: GameRecord, length: int) -> GameRecord:
    return record.model_copy(update={"actions": record.actions[:length]})


def _change(record: GameRecord, done: int) -> Change:
    """The commit of action ``done`` of ``record`` (the game holds ``done`` already)."""
    return Change(done, (record.actions[done],), 0, (), GameFacts(done + 1, 1, False))


def single_moves(stores: dict[str, Store], record: GameRecord) -> dict[str, dict[str, float]]:
    """Per store: the median seconds of one move's commit at each length of :data:`AT`, and
    this process's CPU seconds per move."""
    games = {}
    for name, store in stores.items():
        for length in AT:
            game = store.create(_prefix(record, length))
            holder = Holder.this_process()
            store.hold(game, holder)
            games[name, length] = (store, game, holder)
    samples: dict[tuple[str, int], list[float]] = {key: [] for key in games}
    cpu: dict[str, float] = dict.fromkeys(stores, 0.0)
    for step in range(MOVES_WARM + MOVES_TIMED):
        for (name, length), (store, game, holder) in games.items():
            change = _change(record, length + step)
            started, used = time.perf_counter(), time.process_time()
            store.commit(game, change, holder)
            if step >= MOVES_WARM:
                samples[name, length].append(time.perf_counter() - started)
                cpu[name] += time.process_time() - used
    return {
        name: {
            **{f"move at {length}": statistics.median(samples[name, length]) for length in AT},
            "CPU per move": cpu[name] / (MOVES_TIMED * len(AT)),
        }
        for name in stores
    }


def group_commits(stores: dict[str, Store], record: GameRecord) -> dict[str, float]:
    """Per store: moves per second when each transaction commits one move of each of
    :data:`TABLES` games."""
    games = {
        name: [store.create(_prefix(record, 10)) for _ in range(TABLES)]
        for name, store in stores.items()
    }
    seconds: dict[str, float] = dict.fromkeys(stores, 0.0)
    for batch in range(BATCHES):
        for name, store in stores.items():
            changes = [(game, _change(record, 10 + batch), None) for game in games[name]]
            started = time.perf_counter()
            assert store.commit_many(changes) == [None] * TABLES
            if batch:  # the first batch warms up
                seconds[name] += time.perf_counter() - started
    return {name: TABLES * (BATCHES - 1) / seconds[name] for name in stores}


def measure(server: PostgresServer, folder: Path) -> list[tuple[str, str, str, str]]:
    """Every figure, as rows of (what, durability, SQLite, PostgreSQL)."""
    record = long_record()
    rows: list[tuple[str, str, str, str]] = []
    for durable in (True, False):
        mode = "to disk" if durable else "server"
        database = server.new_database()
        stores: dict[str, Store] = {
            "SQLite": SqliteStore(folder / f"{mode}.db", sync_every_commit=durable),
            "PostgreSQL": PostgresStore(server.address(database), sync_every_commit=durable),
        }
        try:
            moves = single_moves(stores, record)
            rates = group_commits(stores, record)
        finally:
            for store in stores.values():
                store.close()
            server.drop_database(database)
        for what in moves["SQLite"]:
            times = {name: f"{moves[name][what] * 1000:.2f} ms" for name in stores}
            rows.append((what, mode, times["SQLite"], times["PostgreSQL"]))
        speeds = {name: f"{rates[name]:,.0f} moves/s" for name in stores}
        rows.append((f"group commit of {TABLES}", mode, speeds["SQLite"], speeds["PostgreSQL"]))
    return rows


def main() -> None:
    """Print the figures side by side."""
    reason = unavailable()
    if reason is not None:
        print(f"PostgreSQL cannot be had here: {reason}")
        return
    with tempfile.TemporaryDirectory() as folder, running_server("bench", durable=True) as server:
        rows = measure(server, Path(folder))
    header = ("one process committing", "commits", "SQLite", "PostgreSQL")
    widths = [max(len(row[column]) for row in [header, *rows]) for column in range(4)]
    for row in [header, *rows]:
        print("  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)))


if __name__ == "__main__":
    main()
