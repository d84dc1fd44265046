"""Benchmark of reading the costliest saved games: no file within the loader's limits costs
more than about a second.

Run ``python -m tests.benchmarks loading``, or ``python -m tests.benchmarks.bench_loading
--against DIR`` to measure another checkout (the previous commit in a ``git worktree``, say)
side by side with this one, in one run. In a temporary folder it writes (with
:mod:`tests.saves.costly`) an unfinished 8-seat double-18 game of 3,089 actions, then files
made from it that a hostile user could hand the game:

- the 16 MiB file that once cost half a minute: 100 take-backs, each undoing the same 3,000
  actions (now too large to be read at all);
- the largest file of each costly kind the size limit (:data:`MAX_FILE_BYTES`) lets through:
  take-backs of 3,000 actions each, take-backs of one action each, hints;
- as much help as the loader accepts: hints and take-backs up to :func:`most_assists`, the
  take-backs undoing :func:`most_undone` actions in all;
- and, as large as the limit allows, nothing but JSON to parse: a list of numbers, and a
  list of empty objects.

Each file is read in a fresh process of each checkout, by what every command does first:
the record check (``load_record``: loading, the Load list, Continue, ``stats``), ``verify``'s
check (``verify_file``) and ``replay --text``'s transcript, one after the other; the child
prints the processor and wall-clock seconds of each and how much its peak memory grew.
Goal: every file read by each in about a second (:data:`GOAL_SECONDS`) of processor time on
this machine (the wall clock of a shared machine also counts other programs' turns).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path

from chickenfoot.record.model import MAX_FILE_BYTES, Assist, most_assists, most_undone
from chickenfoot.saves.jsonformat import record_json
from tests.saves import costly

ROOT = Path(__file__).resolve().parents[2]
GOAL_SECONDS = 1.0
CHILD_TIMEOUT = 600.0
"""Seconds a child may take (the unbounded loader took tens of seconds per file)."""

CHILD = r"""
import json, resource, sys, time

def peak_kib():
    try:  # Linux: the high-water mark as it is now (ru_maxrss may lag behind)
        with open("/proc/self/status") as status:
            return next(int(line.split()[1]) for line in status if line.startswith("VmHWM"))
    except OSError:
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss

from chickenfoot.saves.jsonformat import load_record
from chickenfoot.record.model import RecordError
from chickenfoot.saves.verify import verify_file
from chickenfoot.text.transcript import transcript

path = sys.argv[1]
before = peak_kib()
figures = {}

def timed(name, work):
    wall, cpu = time.perf_counter(), time.process_time()
    try:
        return work()
    except RecordError as error:
        figures["refused"] = str(error).rsplit(": ", 1)[-1][:90]
    finally:
        figures[name] = time.perf_counter() - wall
        figures[name + "_cpu"] = time.process_time() - cpu

record = timed("check", lambda: load_record(path))
timed("verify", lambda: verify_file(path))
if record is not None:
    timed("transcript", lambda: transcript(record))
figures["memory_mib"] = (peak_kib() - before) / 1024
print(json.dumps(figures))
"""
"""What the child process runs on one file."""


def most_help() -> str:
    """The long game with as much help as the loader accepts: take-backs of one round's
    stretch up to :func:`most_undone`, then hints up to :func:`most_assists`."""
    game = costly.long_game()
    count = len(game.actions)
    stretch = 40  # about what one take-back undoes in an 8-seat game: its circle, and more
    kept = count - stretch
    take_back = Assist(kind="take_back", seat=0, at=kept, undone=game.actions[kept:])
    take_backs = [take_back] * (most_undone(count) // stretch)
    hint = Assist(kind="hint", seat=0, at=count)
    hints = [hint] * (most_assists(count) - len(take_backs))
    return costly.with_assists(game, [*take_backs, *hints])


def largest(make: Callable[[int], str]) -> str:
    """``make(count)`` with the largest ``count`` of items that stays within the size limit
    (each item after the first adds the same length)."""
    one, two = len(make(1).encode()), len(make(2).encode())
    return make((MAX_FILE_BYTES - one) // (two - one) + 1)


def json_list(item: str) -> Callable[[int], str]:
    """A JSON object holding one list of ``count`` copies of ``item``."""
    return lambda count: '{"x": [' + ",".join([item] * count) + "]}"


def files(folder: Path) -> list[tuple[str, Path]]:
    """Write the benchmark's files into ``folder``; (what, path) of each."""
    made = [
        ("no help", record_json(costly.long_game())),
        ("100 take-backs of 3,000 actions", costly.repeated_take_backs(100)),
        ("take-backs of 3,000 actions, to the limit", largest(costly.repeated_take_backs)),
        ("one-action take-backs, to the limit", largest(costly.one_action_take_backs)),
        ("hints, to the limit", largest(costly.hints)),
        ("the most help accepted", most_help()),
        ("numbers, to the limit", largest(json_list("0"))),
        ("empty objects, to the limit", largest(json_list("{}"))),
    ]
    written = []
    for number, (what, text) in enumerate(made):
        path = folder / f"costly-{number}.json"
        path.write_text(text, encoding="utf-8")
        written.append((what, path))
    return written


def measure(checkout: Path, path: Path) -> dict[str, float | str]:
    """Read ``path`` in a fresh process running ``checkout``'s chickenfoot; its figures."""
    environment = {**os.environ, "PYTHONPATH": str(checkout)}
    finished = subprocess.run(
        [sys.executable, "-c", CHILD, str(path)],
        capture_output=True,
        text=True,
        cwd=checkout,
        env=environment,
        timeout=CHILD_TIMEOUT,
        check=True,
    )
    figures: dict[str, float | str] = json.loads(finished.stdout)
    return figures


PHASES = ("check", "verify", "transcript")


def row(what: str, figures: dict[str, float | str]) -> str:
    """One line of the table: each phase's processor seconds (wall-clock seconds in
    brackets), the memory, whether the goal is met (on processor time: on a shared machine
    the wall clock also counts the other programs' turns) and the outcome."""
    cells = "  ".join(
        f"{figures[phase + '_cpu']:>6.2f} s ({figures[phase]:>5.2f})"
        for phase in PHASES
        if phase in figures
    )
    slowest = max(float(figures[phase + "_cpu"]) for phase in PHASES if phase in figures)
    outcome = f"refused: {figures['refused']}" if "refused" in figures else "loads"
    verdict = "met" if slowest <= GOAL_SECONDS else "MISSED"
    memory = figures["memory_mib"]
    return f"  {what} {cells:<50} {memory:>6.0f} MiB  goal {verdict}  {outcome}"


def main(argv: Sequence[str] | None = None) -> None:
    """Print, for each file and checkout, the seconds of each reading and the memory."""
    parser = argparse.ArgumentParser(prog="python -m tests.benchmarks.bench_loading")
    parser.add_argument("--against", type=Path, help="another checkout to measure first")
    arguments = parser.parse_args([] if argv is None else argv)
    checkouts = [ROOT] if arguments.against is None else [arguments.against.resolve(), ROOT]
    with tempfile.TemporaryDirectory() as folder:
        written = files(Path(folder))
        game = costly.long_game()
        print(
            f"An unfinished 8-seat double-18 game of {len(game.actions):,} actions; each file "
            "read in a fresh process (processor seconds, wall-clock in brackets: record check, "
            f"verify, transcript; peak memory growth); goal: each at most {GOAL_SECONDS:.0f} s"
        )
        for number, checkout in enumerate(checkouts):
            print(f"  [{number + 1}] {checkout}")
        for what, path in written:
            size = path.stat().st_size / 1024**2
            print(f"{what} ({size:.1f} MiB)")
            for number, checkout in enumerate(checkouts):
                print(row(f"[{number + 1}]", measure(checkout, path)))


if __name__ == "__main__":
    main(sys.argv[1:])
