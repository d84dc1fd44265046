"""The table server under load: N four-seat tables over loopback, every seat a socket client
playing as a casual computer player through the real client (``RemotePlayer``, the path of
``chickenfoot join --computer``), at a person's pace.

The server is a real ``chickenfoot host`` process pinned to one core (``sched_setaffinity``);
the players run in other processes (:data:`WORKERS` of them), each making its share of the
tables (one creator and three joiners a table) and timing every move it makes: from the
``act`` sent to the ``update`` that shows it played (a round trip through the server, its
store's commit included). Once every table is dealt, ``MEASURE`` seconds of play are measured.
For each N it prints the moves timed, the round trip's p50 and p95, the server's CPU while
the tables play (share of its one core), its memory per table (the growth of its resident
set from before the tables were made to while they play, divided by N), its whole
resident set, the CPU the players' processes used meanwhile (in cores: on a machine with
few cores a busy player process delays the replies it times, and the figure shows it), and
the server's CPU time per move (its CPU while measured over the moves timed: what a move
costs the server, whatever else the machine runs; one core holds 1000 / that many moves a
second).

``python -m tests.benchmarks online`` runs 10, 100 and 500 tables; ``TABLES`` and ``THINK``
in the environment change the counts and the players' think time. Targets (issue): p95 <
50 ms with 500 tables on one core; < 1 MiB of server memory per table.
"""

from __future__ import annotations

import asyncio
import math
import multiprocessing
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

WORKERS = 2
"""Processes playing the tables' seats (the server has a core to itself)."""

THINK = float(os.environ.get("THINK", "2.0"))
"""Seconds a player waits before each answer: a person's pace (a table moves about every
``THINK`` seconds, since one seat moves at a time)."""

MEASURE = float(os.environ.get("MEASURE", "40"))
"""Seconds of play measured once every table is dealt."""

DEALING = 20
"""Tables each player process makes at once."""

DEAL_WITHIN = 600.0
"""Seconds the tables may take to be made and dealt before the load is given up."""

COUNTS = tuple(int(n) for n in os.environ.get("TABLES", "10,100,500").split(","))


def _rss_kib(pid: int) -> int:
    text = Path(f"/proc/{pid}/status").read_text()
    found = re.search(r"VmRSS:\s+(\d+) kB", text)
    return int(found.group(1)) if found else 0


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks


async def _play_tables(
    port: int, tables: int, think: float, dealt: Any, measure: Any, stop: Any
) -> list[float]:
    """Make ``tables`` four-seat tables and play them; set ``dealt`` once every one is dealt,
    then play on until ``stop``; the round trips timed after ``measure`` was set."""
    from chickenfoot.bots import make_bot
    from chickenfoot.net.headless import RemotePlayer
    from chickenfoot.net.protocol import (
        CreateTable,
        JoinTable,
        SeatPlan,
        StartGame,
        TableOptions,
        TableStatus,
    )
    from chickenfoot.net.remote import RemoteLink, TableAddress
    from chickenfoot.rules import preset

    server = TableAddress("127.0.0.1", port)
    options = TableOptions(
        rules=preset("cross", players=4),
        seats=tuple(SeatPlan(name=name) for name in ("Ana", "Bea", "Cy", "Dee")),
        pause=0,
    )
    players: list[RemotePlayer] = []
    runs: list[asyncio.Future[object]] = []
    dealing = asyncio.Semaphore(DEALING)

    async def deal(number: int) -> None:
        async with dealing:
            creator = RemotePlayer(
                RemoteLink(server, CreateTable(options=options, name="Ana")),
                make_bot("casual", number),
                think=think,
            )
            players.append(creator)
            runs.append(asyncio.ensure_future(creator.play()))
            while creator.link.seated is None:
                await asyncio.sleep(0.01)
            code = creator.link.seated.code
            for seat, name in enumerate(("Bea", "Cy", "Dee"), start=1):
                joiner = RemotePlayer(
                    RemoteLink(server.with_code(code), JoinTable(code=code, name=name)),
                    make_bot("casual", number * 4 + seat),
                    think=think,
                )
                players.append(joiner)
                runs.append(asyncio.ensure_future(joiner.play()))
            while not (
                isinstance(creator.status, TableStatus)
                and all(seat.connected for seat in creator.status.seats)
            ):
                await asyncio.sleep(0.01)
            creator.link.send(StartGame())

    await asyncio.gather(*(deal(number) for number in range(tables)))
    dealt.set()
    await asyncio.to_thread(measure.wait)
    marks = [len(player.outcome.round_trips) for player in players]
    await asyncio.to_thread(stop.wait)
    trips = [
        trip
        for player, mark in zip(players, marks, strict=True)
        for trip in player.outcome.round_trips[mark:]
    ]
    for player in players:
        player.link.close()
    return trips


def _worker(
    port: int, tables: int, think: float, dealt: Any, measure: Any, stop: Any, out: str
) -> None:
    trips = asyncio.run(_play_tables(port, tables, think, dealt, measure, stop))
    Path(out).write_text("\n".join(f"{trip:.6f}" for trip in trips))


def run(tables: int, think: float = THINK, seconds: float = MEASURE) -> dict[str, float]:
    """One load of ``tables`` tables, measured for ``seconds`` once every table is dealt; its
    figures."""
    with tempfile.TemporaryDirectory() as folder:
        env = dict(os.environ, CHICKENFOOT_DATA_DIR=folder, PYTHONUNBUFFERED="1")
        server = subprocess.Popen(
            [sys.executable, "-m", "chickenfoot", "host", "--port", "0", "--per-address", "0"],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env=env,
        )
        context = multiprocessing.get_context("spawn")
        workers: list[Any] = []
        stop = context.Event()
        try:
            assert server.stdout is not None
            line = server.stdout.readline()
            port = int(line.strip().rsplit(":", 1)[1])
            if hasattr(os, "sched_setaffinity"):
                os.sched_setaffinity(server.pid, {min(os.sched_getaffinity(0))})
            rss_before = _rss_kib(server.pid)
            share = [tables // WORKERS + (1 if i < tables % WORKERS else 0) for i in range(WORKERS)]
            outs = [str(Path(folder) / f"trips-{i}.txt") for i in range(WORKERS)]
            measure = context.Event()
            dealing = []
            for count, out in zip(share, outs, strict=True):
                if count:
                    dealt = context.Event()
                    dealing.append(dealt)
                    workers.append(
                        context.Process(
                            target=_worker,
                            args=(port, count, think, dealt, measure, stop, out),
                        )
                    )
            for worker in workers:
                worker.start()
            for dealt in dealing:
                if not dealt.wait(DEAL_WITHIN):
                    raise RuntimeError(f"the {tables} tables were not dealt in {DEAL_WITHIN:g} s")
            measure.set()
            pids = [worker.pid for worker in workers]
            cpu_start, wall_start = _cpu_seconds(server.pid), time.monotonic()
            players_start = sum(_cpu_seconds(pid) for pid in pids)
            time.sleep(seconds)
            wall = time.monotonic() - wall_start
            cpu = (_cpu_seconds(server.pid) - cpu_start) / wall
            players_cpu = (sum(_cpu_seconds(pid) for pid in pids) - players_start) / wall
            rss_playing = _rss_kib(server.pid)
            stop.set()
            for worker in workers:
                worker.join(120)
            trips = sorted(
                float(value)
                for out in outs
                if Path(out).exists()
                for value in Path(out).read_text().split()
            )
        finally:
            stop.set()
            for worker in workers:
                if worker.is_alive():
                    worker.kill()
            server.terminate()
            server.wait(30)
    if not trips:
        return {"tables": tables, "moves": 0}
    ordered = sorted(trips)
    return {
        "tables": tables,
        "moves": len(ordered),
        "p50_ms": statistics.median(ordered) * 1000,
        "p95_ms": ordered[math.ceil(len(ordered) * 0.95) - 1] * 1000,  # nearest rank
        "cpu": cpu,
        "players_cpu": players_cpu,
        "cpu_ms_per_move": cpu * seconds * 1000 / len(trips),
        "kib_per_table": (rss_playing - rss_before) / tables,
        "rss_mib": rss_playing / 1024,
    }


def main() -> None:
    """Print the figures for each number of tables."""
    print(f"players think {THINK:g} s per move; {MEASURE:g} s measured per load")
    print(
        f"{'tables':>6} {'moves':>7} {'p50 ms':>7} {'p95 ms':>7} {'cpu':>6} {'KiB/table':>9}"
        f" {'RSS MiB':>8} {'players cpu':>11} {'server ms/move':>14}"
    )
    for tables in COUNTS:
        figures = run(tables)
        if not figures.get("moves"):
            print(f"{tables:>6} no moves measured")
            continue
        print(
            f"{tables:>6} {figures['moves']:>7.0f} {figures['p50_ms']:>7.1f} "
            f"{figures['p95_ms']:>7.1f} {figures['cpu']:>6.0%} {figures['kib_per_table']:>9.0f}"
            f" {figures['rss_mib']:>8.1f} {figures['players_cpu']:>11.0%}"
            f" {figures['cpu_ms_per_move']:>14.2f}"
        )


if __name__ == "__main__":
    main()
