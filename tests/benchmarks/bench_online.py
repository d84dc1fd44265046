"""The table server under load: N four-seat tables over loopback, measured at the server.

The server is a real ``chickenfoot host`` process pinned to one core (``sched_setaffinity``).
The load comes from other processes (:data:`WORKERS`, on the other cores when there are any)
of cheap raw WebSocket seats (``tests/benchmarks/online_seats.py``: they speak the protocol
with ``json.loads`` and play their first legal action, after ``THINK`` seconds: a person's
pace), one creator and three joiners a table. Once every table is dealt, ``MEASURE`` seconds
of play are measured. For each N it prints:

- the moves timed and their round trip at the players, p50 and p95: from the ``act`` sent to
  the ``update`` that shows it played (through the server, its store's commit included);
- the server's own time per move, p50 and p95, as the server timed it (``host --move-times``):
  from reading the move's frame to the last frame about it sent to the table's clients, so
  neither the players' processes nor the network are in it;
- the server's CPU time per move, p50 and p95: the CPU its process used from reading the
  move's frame to the last frame about it sent (the other tables' work meanwhile included,
  its waits for a core not): the move's time at a server that had a core of its own, so a
  figure that a busy machine changes little;
- the server's CPU while the tables play (share of its one core) and its CPU time per move
  (one core holds 1000 / that many moves a second);
- how long the server's threads waited for a core while ready to run (the kernel's run-queue
  delay, as a share of the time measured): what the rest of the machine cost the server;
- its memory per table (the growth of its resident set from before the tables were made to
  while they play, divided by N) and its whole resident set;
- the CPU the players' processes used (in cores: the load they put on the machine);
- the load average while measured (a busy machine delays every figure);
- how long the server took to stop on SIGTERM with every table still playing.

``python -m tests.benchmarks online`` runs 10, 100 and 500 tables; ``TABLES``, ``THINK``,
``THINK_SPREAD`` and ``MEASURE`` in the environment change the counts, the players' think time
and how much it varies (:data:`SPREAD`: by default not at all), and the seconds measured.
Targets (issue): p95 < 50 ms with 500 tables on one core; < 1 MiB of server memory per table.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import multiprocessing
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import deque
from pathlib import Path
from typing import Any

from tests.benchmarks.online_seats import Pace, RawSeat, Timed, deal_table

WORKERS = 2
"""Processes playing the tables' seats."""

THINK = float(os.environ.get("THINK", "2.0"))
"""Seconds a player waits before each answer: a person's pace (a table moves about every
``THINK`` seconds, since one seat moves at a time)."""

SPREAD = float(os.environ.get("THINK_SPREAD", "0"))
"""How much each think time varies: 0 (the default), every answer takes exactly ``THINK``
seconds, so moves delayed together (a pause of the server) stay together, a burst every
``THINK`` seconds; 0.5, each is drawn from ``THINK`` × (1 ± 0.5) by the seat's own seeded
generator, as people's times vary (the mean pace is the same)."""

MEASURE = float(os.environ.get("MEASURE", "40"))
"""Seconds of play measured once every table is dealt."""

DEALING = 20
"""Tables each player process makes at once."""

DEAL_WITHIN = 600.0
"""Seconds the tables may take to be made and dealt before the load is given up."""

NICE = int(os.environ.get("NICE", "-10"))
"""The niceness the server and the players' processes run at, when this process may set it
(as root): on a shared machine the figures then show the server on its core rather than
whatever else the machine runs (they need little CPU: see the ``cpu`` and ``players``
columns). ``NICE=0`` runs them as any other process."""

STOP_WITHIN = 120.0
"""Seconds the server may take to stop on SIGTERM before it is killed."""

COUNTS = tuple(int(n) for n in os.environ.get("TABLES", "10,100,500").split(","))


def _rss_kib(pid: int) -> int:
    text = Path(f"/proc/{pid}/status").read_text()
    found = re.search(r"VmRSS:\s+(\d+) kB", text)
    return int(found.group(1)) if found else 0


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks


def _waited_seconds(pid: int) -> float:
    """Seconds the threads of process ``pid`` have spent ready to run but waiting for a core
    (the kernel's run-queue delay, ``/proc/PID/task/*/schedstat``; 0 where it is not kept)."""
    waited = 0
    for task in Path(f"/proc/{pid}/task").glob("*/schedstat"):
        with contextlib.suppress(OSError, IndexError, ValueError):
            waited += int(task.read_text().split()[1])
    return waited / 1e9


def _niced() -> None:
    """Run at :data:`NICE` if allowed (a process that may not keeps its niceness)."""
    with contextlib.suppress(OSError):
        os.setpriority(os.PRIO_PROCESS, 0, NICE)


def _nice_of(pid: int) -> int:
    return os.getpriority(os.PRIO_PROCESS, pid)


def _percentile(values: list[float], share: float) -> float:
    """The ``share`` percentile of ``values`` (nearest rank)."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(len(ordered) * share) - 1)]


async def _play_tables(
    port: int, first: int, tables: int, pace: Pace, dealt: Any, stop: Any
) -> Timed:
    """Make tables ``first`` .. ``first + tables - 1`` and play them until ``stop``; set
    ``dealt`` once every one is dealt. The moves timed."""
    uri = f"ws://127.0.0.1:{port}"
    timed = Timed()
    dealing = asyncio.Semaphore(DEALING)
    seats: list[RawSeat] = []

    async def deal(number: int) -> None:
        async with dealing:
            seats.extend(await deal_table(uri, number, pace, timed))

    await asyncio.gather(*(deal(number) for number in range(first, first + tables)))
    dealt.set()
    await asyncio.to_thread(stop.wait)
    for seat in seats:
        if seat.task is not None:
            seat.task.cancel()
    return timed


def _worker(
    port: int, first: int, tables: int, pace: Pace, dealt: Any, stop: Any, out: str
) -> None:
    _niced()
    timed = asyncio.run(_play_tables(port, first, tables, pace, dealt, stop))
    lines = [f"{when:.6f} {seconds:.6f}" for when, seconds in timed.trips]
    lines += [f"# {problem}" for problem in timed.problems]
    Path(out).write_text("\n".join(lines))


def _timings(path: Path, start: float, end: float, column: int = 1) -> list[float]:
    """The figures in ``column`` of the lines of ``path`` (``when figure...``) whose time is
    in the window (none if its lines have no such column)."""
    if not path.exists():
        return []
    found = []
    for line in path.read_text().splitlines():
        if line and not line.startswith("#"):
            figures = [float(figure) for figure in line.split()]
            if start <= figures[0] <= end and column < len(figures):
                found.append(figures[column])
    return found


def run(
    tables: int, think: float = THINK, seconds: float = MEASURE, spread: float = SPREAD
) -> dict[str, float]:
    """One load of ``tables`` tables whose players think ``think`` seconds (varying by
    ``spread``, see :data:`SPREAD`), measured for ``seconds`` once every table is dealt; its
    figures."""
    pace = Pace(think, spread)
    with tempfile.TemporaryDirectory() as folder:
        env = dict(os.environ, CHICKENFOOT_DATA_DIR=folder, PYTHONUNBUFFERED="1")
        times = Path(folder) / "server-times.txt"
        server = subprocess.Popen(
            [
                sys.executable,
                *("-m", "chickenfoot", "host", "--port", "0", "--per-address", "0"),
                *("--new-tables", "0", "--open-tables", "0"),
                *("--max-tables", str(max(tables, 1)), "--move-times", str(times)),
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env=env,
            preexec_fn=_niced,
        )
        context = multiprocessing.get_context("spawn")
        workers: list[Any] = []
        stop = context.Event()
        stop_seconds = float("nan")
        try:
            assert server.stdout is not None
            line = server.stdout.readline()
            port = int(line.strip().rsplit(":", 1)[1])
            said: deque[str] = deque(maxlen=20)
            threading.Thread(target=said.extend, args=(server.stdout,), daemon=True).start()
            others: set[int] = set()
            if hasattr(os, "sched_setaffinity"):
                cores = os.sched_getaffinity(0)
                os.sched_setaffinity(server.pid, {min(cores)})
                others = cores - {min(cores)}
            nice = _nice_of(server.pid)
            rss_before = _rss_kib(server.pid)
            share = [tables // WORKERS + (1 if i < tables % WORKERS else 0) for i in range(WORKERS)]
            outs = [Path(folder) / f"trips-{i}.txt" for i in range(WORKERS)]
            dealing = []
            first = 0
            for count, out in zip(share, outs, strict=True):
                if count:
                    dealt = context.Event()
                    dealing.append(dealt)
                    workers.append(
                        context.Process(
                            target=_worker,
                            args=(port, first, count, pace, dealt, stop, str(out)),
                        )
                    )
                    first += count
            for worker in workers:
                worker.start()
                if others:
                    os.sched_setaffinity(worker.pid, others)
            for dealt in dealing:
                if not dealt.wait(DEAL_WITHIN):
                    raise RuntimeError(f"the {tables} tables were not dealt in {DEAL_WITHIN:g} s")
            pids = [worker.pid for worker in workers]
            waited_start = _waited_seconds(server.pid)
            cpu_start, start = _cpu_seconds(server.pid), time.monotonic()
            players_start = sum(_cpu_seconds(pid) for pid in pids)
            time.sleep(seconds)
            end = time.monotonic()
            wall = end - start
            cpu = (_cpu_seconds(server.pid) - cpu_start) / wall
            waited = (_waited_seconds(server.pid) - waited_start) / wall
            players_cpu = (sum(_cpu_seconds(pid) for pid in pids) - players_start) / wall
            load = os.getloadavg()[0]
            rss_playing = _rss_kib(server.pid)
            stopping = time.monotonic()
            server.send_signal(signal.SIGTERM)
            if server.wait(STOP_WITHIN) != 0:
                raise RuntimeError(f"the server failed: {''.join(said)}")
            stop_seconds = time.monotonic() - stopping
            stop.set()
            for worker in workers:
                worker.join(120)
            trips = _timings_of(outs, start, end)
            at_server = _timings(times, start, end)
            cpu_at_server = _timings(times, start, end, column=2)
        finally:
            stop.set()
            for worker in workers:
                if worker.is_alive():
                    worker.kill()
            if server.poll() is None:
                server.kill()
                server.wait(30)
    if not trips:
        return {"tables": tables, "moves": 0}
    return {
        "tables": tables,
        "moves": len(trips),
        "p50_ms": statistics.median(trips) * 1000,
        "p95_ms": _percentile(trips, 0.95) * 1000,
        "server_p50_ms": statistics.median(at_server) if at_server else float("nan"),
        "server_p95_ms": _percentile(at_server, 0.95) if at_server else float("nan"),
        "server_moves": len(at_server),
        "server_cpu_p50_ms": statistics.median(cpu_at_server) if cpu_at_server else float("nan"),
        "server_cpu_p95_ms": (_percentile(cpu_at_server, 0.95) if cpu_at_server else float("nan")),
        "cpu": cpu,
        "waited": waited,
        "players_cpu": players_cpu,
        "cpu_ms_per_move": cpu * wall * 1000 / len(trips),
        "kib_per_table": (rss_playing - rss_before) / tables,
        "rss_mib": rss_playing / 1024,
        "load": load,
        "stop_s": stop_seconds,
        "nice": nice,
    }


def _timings_of(outs: list[Path], start: float, end: float) -> list[float]:
    return [seconds for out in outs for seconds in _timings(out, start, end)]


def main() -> None:
    """Print the figures for each number of tables."""
    print(
        f"players think {THINK:g} s per move (± {SPREAD:.0%}); {MEASURE:g} s measured per load;"
        " server and "
        f"players at nice {NICE} where allowed"
    )
    print(
        f"{'tables':>6} {'moves':>6} {'p50 ms':>7} {'p95 ms':>7} {'server p50':>10}"
        f" {'server p95':>10} {'cpu p50':>7} {'cpu p95':>7} {'cpu':>5} {'waited':>6}"
        f" {'ms/move':>7} {'KiB/table':>9}"
        f" {'RSS MiB':>7} {'players':>7} {'load':>5} {'stop s':>6} {'nice':>4}"
    )
    for tables in COUNTS:
        figures = run(tables)
        if not figures.get("moves"):
            print(f"{tables:>6} no moves measured")
            continue
        print(
            f"{tables:>6} {figures['moves']:>6.0f} {figures['p50_ms']:>7.1f}"
            f" {figures['p95_ms']:>7.1f} {figures['server_p50_ms']:>10.1f}"
            f" {figures['server_p95_ms']:>10.1f} {figures['server_cpu_p50_ms']:>7.1f}"
            f" {figures['server_cpu_p95_ms']:>7.1f} {figures['cpu']:>5.0%}"
            f" {figures['waited']:>6.0%}"
            f" {figures['cpu_ms_per_move']:>7.2f} {figures['kib_per_table']:>9.0f}"
            f" {figures['rss_mib']:>7.1f} {figures['players_cpu']:>7.2f}"
            f" {figures['load']:>5.1f} {figures['stop_s']:>6.2f} {figures['nice']:>4.0f}"
        )


if __name__ == "__main__":
    main()
