"""Kill a game at random moments on a slow disk and count what was lost.

The game (:mod:`tests.crash.player`) runs under ``strace``, which makes every ``fsync`` and
``fdatasync`` of the process wait (``-e trace=fsync,fdatasync -e
inject=fsync,fdatasync:delay_enter=...``; with ``trace=none`` nothing would be delayed): a
slow disk, so that a ``kill -9`` lands while a commit is under way. A kill is not a power
cut: what a commit wrote before its sync survives in the system's cache, so a kill during the
sync usually loses nothing, and one before the write loses that one move. After each kill
the store is opened afresh (as the next start of the app would) and compared with the moves
the game showed: :func:`kill_runs` returns, per kill, the moves shown and the moves the store lacks.
Used by the crash test (few kills) and by ``make bench`` (many, slower).
"""

from __future__ import annotations

import random
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from chickenfoot.saves.database import SqliteStore

ROOT = Path(__file__).resolve().parents[2]
WAIT = 120.0
"""Seconds a run may take to show its moves (only a hang reaches it)."""


@dataclass(frozen=True)
class Kill:
    """One ``kill -9``: the moves the game had shown, and those the store lacks after it."""

    shown: int
    lost: int
    replays: bool
    """True if the store's copy of every game replays through the rules."""


def strace_problem() -> str | None:
    """Why the slow disk cannot be made here (no strace, or tracing is not allowed); None if
    it can."""
    if shutil.which("strace") is None:
        return "strace is not installed (.ci/run installs it)"
    probe = subprocess.run(
        ["strace", "-f", "-qq", "-o", "/dev/null", "-e", "inject=fsync:delay_enter=1000", "true"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    if probe.returncode != 0:
        return f"strace cannot trace here: {probe.stderr.strip()[:200]}"
    return None


def one_kill(folder: Path, delay_us: int, moves: int, extra_ms: float) -> Kill:
    """Run the game on a slow disk (each fsync waits ``delay_us``), kill it ``extra_ms``
    after it showed ``moves`` moves, and compare."""
    command = [
        "strace",
        "-f",
        "-qq",
        "-o",
        "/dev/null",
        "-e",
        "trace=fsync,fdatasync",
        "-e",
        f"inject=fsync,fdatasync:delay_enter={delay_us}",
        sys.executable,
        "-m",
        "tests.crash.player",
        str(folder),
    ]
    # (strace's own notes on a tracee killed in a delayed call are not the game's)
    process = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, cwd=ROOT
    )
    assert process.stdout is not None
    deadline = time.monotonic() + WAIT
    first = process.stdout.readline().split()
    if len(first) != 2 or first[0] != "pid":
        process.wait(timeout=WAIT)
        raise RuntimeError(f"the game did not start under strace (it said {first})")
    pid = int(first[1])
    shown: dict[int, int] = {}
    try:
        while sum(shown.values()) < moves and time.monotonic() < deadline:
            line = process.stdout.readline()
            if not line:
                break
            _word, number, count = line.split()
            shown[int(number)] = int(count)
        time.sleep(extra_ms / 1000)
    finally:
        subprocess.run(["kill", "-9", str(pid)], check=False)
        process.wait(timeout=WAIT)
        # Moves shown while the kill was on its way count as shown too.
        for line in process.stdout.read().splitlines():
            _word, number, count = line.split()
            shown[int(number)] = int(count)
    store = SqliteStore(folder / "chickenfoot.db")
    try:
        lost = 0
        replays = True
        for game, actions in shown.items():
            try:
                held = len(store.record(game).actions)
            except ValueError:
                replays = False
                continue
            lost += max(0, actions - held)
    finally:
        store.close()
    return Kill(sum(shown.values()), lost, replays)


def kill_runs(kills: int, delay_us: int, seed: int = 1) -> list[Kill]:
    """``kills`` runs, each killed after a random number of moves, at a random moment."""
    chances = random.Random(seed)
    results = []
    for _ in range(kills):
        with tempfile.TemporaryDirectory() as folder:
            moves = chances.randint(1, 8)
            extra_ms = chances.choice((0.0, chances.uniform(0, delay_us / 1000)))
            results.append(one_kill(Path(folder), delay_us, moves, extra_ms))
    return results


def main() -> None:
    """``make bench``'s crash figures: many kills on a disk whose fsync takes 1 s, 50 ms."""
    problem = strace_problem()
    if problem is not None:
        print(f"crash test skipped: {problem}")
        return
    for delay_us, kills in ((1_000_000, 12), (50_000, 30)):
        results = kill_runs(kills, delay_us)
        shown = sum(kill.shown for kill in results)
        lost = [kill.lost for kill in results]
        print(
            f"kill -9 with fsync slowed to {delay_us // 1000} ms: {kills} kills, {shown} moves "
            f"shown, {sum(lost)} lost in all, at most {max(lost)} per kill "
            f"({sum(1 for one in lost if one)} kills lost the move being saved); "
            f"every store replays: {all(kill.replays for kill in results)}"
        )


if __name__ == "__main__":
    main()
