"""Benchmark of start-up, as a user meets it: whole processes, side by side in one run.

Run ``python -m tests.benchmarks start`` from the repository root. It prints:

* **the menu on screen**: from starting the process in a real terminal (a 100×30 tmux
  window) until the whole main menu is drawn there, for a minimal Textual app with the same
  items (``minimal_app.py``: a header, an option list, a footer), for ``chickenfoot``
  of this checkout, and for ``chickenfoot`` of the previous commit;
* **``chickenfoot --version`` and ``--help``**: the whole process, for this checkout and the
  previous commit, beside Python itself starting and doing nothing (``python -c pass``).

Each round runs every candidate once, in turn, so a busy moment of the machine falls on all
of them alike; the figures are medians over the rounds, and the ratios are taken between
medians of the same run. The previous commit (``HEAD~1``, or the commit named by
``CHICKENFOOT_BENCH_BASE``) is taken out with ``git archive`` into a temporary folder and run
with this checkout's Python and libraries; every checkout is compiled to bytecode first, as an
installed package is. Goals: the menu within 1.25× the minimal app; ``--version`` and
``--help`` within 2× Python's own start (and free of Textual and Pydantic, which
``tests/test_import_hygiene.py`` checks).

The screen is read with ``tmux capture-pane`` every few milliseconds, so a figure can be
late by one poll: the same for every candidate. Without tmux the menu figures are skipped.
"""

from __future__ import annotations

import compileall
import contextlib
import io
import os
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from tests.benchmarks.minimal_app import EVERY_MENU_HAS

ROOT = Path(__file__).resolve().parents[2]
MINIMAL_APP = Path(__file__).with_name("minimal_app.py")
BASE_VARIABLE = "CHICKENFOOT_BENCH_BASE"
"""Names the commit to compare with (default: the previous one, ``HEAD~1``)."""
ROUNDS = 10
MENU_GOAL = 1.25
COMMAND_GOAL = 2.0
SIZE = (100, 30)
POLL_SECONDS = 0.005
DEADLINE_SECONDS = 60.0
MENU_WORDS = (*EVERY_MENU_HAS, "palette")
"""On screen once the whole menu is drawn: its items and the footer's palette key."""
RUN_CHICKENFOOT = "import sys; from chickenfoot.cli import main; sys.exit(main())"
"""What the ``chickenfoot`` command runs (its console script, for any checkout)."""


@dataclass(frozen=True)
class Candidate:
    """One thing to start: its label, its command line, and the checkout it runs (None: no
    chickenfoot code)."""

    label: str
    command: tuple[str, ...]
    checkout: Path | None = None

    def environment(self, data: Path) -> dict[str, str]:
        """The variables it starts with: this checkout's code first on the path, bytecode
        used, and an empty data folder (no game to continue)."""
        variables = {"CHICKENFOOT_DATA_DIR": str(data), "PYTHONDONTWRITEBYTECODE": ""}
        if self.checkout is not None:
            variables["PYTHONPATH"] = str(self.checkout)
        return variables


def chickenfoot(label: str, checkout: Path, *arguments: str) -> Candidate:
    """``chickenfoot ARGUMENTS`` running the code of ``checkout``."""
    return Candidate(label, (sys.executable, "-c", RUN_CHICKENFOOT, *arguments), checkout)


@contextlib.contextmanager
def base_checkout(base: str | None = None) -> Iterator[Path | None]:
    """The package as it was in the commit ``base`` (None: the one to compare with, see
    :data:`BASE_VARIABLE`), in a temporary folder (None when git or the commit is not
    there); removed afterwards. Taken with ``git archive``, so the repository is left as it
    was."""
    base = base or os.environ.get(BASE_VARIABLE, "HEAD~1")
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", base, "chickenfoot"],
        capture_output=True,
        check=False,
    )
    with tempfile.TemporaryDirectory(prefix="chickenfoot-base-") as folder:
        if archive.returncode != 0:
            yield None
            return
        with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as files:
            if hasattr(tarfile, "data_filter"):  # Python 3.11.4 and newer
                files.extractall(folder, filter="data")
            else:
                files.extractall(folder)  # this repository's own files
        yield Path(folder)


def compiled(checkout: Path) -> Path:
    """``checkout`` with its package compiled to bytecode (an installed package has it)."""
    compileall.compile_dir(checkout / "chickenfoot", quiet=1)
    return checkout


class Terminal:
    """A private tmux server whose windows run the candidates, one at a time."""

    def __init__(self) -> None:
        self.socket = f"chickenfoot-bench-{uuid.uuid4().hex[:8]}"
        # A session that lives as long as the benchmark keeps the server up between runs.
        self.tmux("new-session", "-d", "-s", "keeper", "sleep 3600")

    def tmux(self, *arguments: str) -> subprocess.CompletedProcess[str]:
        """Run one tmux command on this server."""
        return subprocess.run(
            ["tmux", "-L", self.socket, *arguments], capture_output=True, text=True, check=False
        )

    def seconds_to_show(
        self, candidate: Candidate, words: Sequence[str], data: Path, cwd: Path
    ) -> float:
        """Seconds from starting ``candidate`` in a new window until every one of ``words``
        is on its screen; the window is closed afterwards."""
        name = f"run-{uuid.uuid4().hex[:8]}"
        variables = [
            part
            for key, value in candidate.environment(data).items()
            for part in ("-e", f"{key}={value}")
        ]
        width, height = SIZE
        started = time.perf_counter()
        self.tmux(
            "new-session", "-d", "-s", name, "-x", str(width), "-y", str(height),
            "-c", str(cwd), *variables, *candidate.command,
        )  # fmt: skip
        try:
            while True:
                looked = time.perf_counter()
                screen = self.tmux("capture-pane", "-p", "-t", name).stdout
                if all(word in screen for word in words):
                    return looked - started
                if looked - started > DEADLINE_SECONDS:
                    raise RuntimeError(f"{candidate.label} never showed its menu:\n{screen}")
                time.sleep(POLL_SECONDS)
        finally:
            self.tmux("kill-session", "-t", name)

    def close(self) -> None:
        """Stop the server and every window left."""
        self.tmux("kill-server")


def seconds_to_run(candidate: Candidate, data: Path, cwd: Path) -> float:
    """Seconds the whole process of ``candidate`` takes, from start to exit."""
    environment = {**os.environ, **candidate.environment(data)}
    started = time.perf_counter()
    subprocess.run(
        candidate.command, cwd=cwd, env=environment, capture_output=True, check=True, timeout=60
    )
    return time.perf_counter() - started


def side_by_side(
    candidates: Sequence[Candidate], measure: Callable[[Candidate], float], rounds: int
) -> dict[str, list[float]]:
    """Each candidate measured once per round, in turn (after one unmeasured warm-up round)."""
    times: dict[str, list[float]] = {candidate.label: [] for candidate in candidates}
    for round_number in range(rounds + 1):
        for candidate in candidates:
            seconds = measure(candidate)
            if round_number:
                times[candidate.label].append(seconds)
    return times


def menu_times(checkouts: dict[str, Path], rounds: int = ROUNDS) -> dict[str, list[float]]:
    """Seconds until the menu is on screen: the minimal app, then ``chickenfoot`` of each
    checkout (label -> checkout)."""
    candidates = [
        Candidate("minimal Textual app", (sys.executable, str(MINIMAL_APP))),
        *(chickenfoot(label, checkout) for label, checkout in checkouts.items()),
    ]
    terminal = Terminal()
    try:
        with tempfile.TemporaryDirectory() as data:
            return side_by_side(
                candidates,
                lambda candidate: terminal.seconds_to_show(
                    candidate, MENU_WORDS, Path(data), candidate.checkout or ROOT
                ),
                rounds,
            )
    finally:
        terminal.close()


def command_times(checkouts: dict[str, Path], rounds: int = ROUNDS) -> dict[str, list[float]]:
    """Seconds a whole ``python -c pass`` takes, then ``chickenfoot --version`` and
    ``chickenfoot --help`` of each checkout."""
    candidates = [Candidate("python -c pass", (sys.executable, "-c", "pass"))]
    for label, checkout in checkouts.items():
        candidates.append(chickenfoot(f"--version, {label}", checkout, "--version"))
        candidates.append(chickenfoot(f"--help, {label}", checkout, "--help"))
    with tempfile.TemporaryDirectory() as data:
        return side_by_side(
            candidates,
            lambda candidate: seconds_to_run(candidate, Path(data), candidate.checkout or ROOT),
            rounds,
        )


def report(title: str, times: dict[str, list[float]], yardstick: str) -> dict[str, float]:
    """Print each candidate's median and spread, and its median over ``yardstick``'s; the
    ratios."""
    yard = statistics.median(times[yardstick])
    width = max(len(label) for label in times)
    print(title)
    ratios = {}
    for label, samples in times.items():
        median = statistics.median(samples)
        ratios[label] = median / yard
        print(
            f"  {label:<{width}}  median {median * 1000:6.0f} ms  "
            f"(min {min(samples) * 1000:.0f}, max {max(samples) * 1000:.0f}, "
            f"{len(samples)} runs)  {ratios[label]:.2f}× {yardstick}"
        )
    return ratios


def main() -> None:
    """Print the figures, side by side, and whether the goals are met."""
    with base_checkout() as base:
        checkouts = {"this checkout": compiled(ROOT)}
        if base is not None:
            checkouts["previous commit"] = compiled(base)
        else:
            print(f"(no previous commit to compare with: git or {BASE_VARIABLE} is not there)")
        met = True
        if shutil.which("tmux") is None:
            print("menu on screen: skipped (tmux is not installed)")
        else:
            menus = report(
                f"menu on screen in a {SIZE[0]}×{SIZE[1]} tmux window, whole process:",
                menu_times(checkouts),
                "minimal Textual app",
            )
            met = menus["this checkout"] <= MENU_GOAL
        commands = report(
            "whole command, start to exit:", command_times(checkouts), "python -c pass"
        )
        met = met and all(
            commands[f"{flag}, this checkout"] <= COMMAND_GOAL for flag in ("--version", "--help")
        )
        print(
            f"goals (menu ≤ {MENU_GOAL}× the minimal app, --version and --help ≤ "
            f"{COMMAND_GOAL}× python): {'met' if met else 'NOT met'}"
        )


if __name__ == "__main__":
    main()
