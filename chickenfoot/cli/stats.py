"""``chickenfoot stats``: the statistics of the finished games in the saves folder.

It prints what was counted, then per person (games, wins, win share, mean score, best and
worst game, rounds at zero), each person's results against each computer level, per computer
level and per preset (cross, trains), and the files that cannot be read. Only finished games
count: an unfinished game counts once it is over. A broken or foreign file is listed, never
fatal (the status is 0). The cache (``saves/.stats.json``) makes a second run quick; a bar
on stderr shows how far a slow first reading got, on a terminal only.
"""

from __future__ import annotations

import sys
import time
from typing import Any

from chickenfoot.cli.common import EXIT_OK, interrupted, summary
from chickenfoot.cli.simulate import ProgressBar
from chickenfoot.saves.output import write_line
from chickenfoot.saves.paths import saves_dir
from chickenfoot.saves.stats import gather
from chickenfoot.saves.tallies import tally
from chickenfoot.text.stats import counted_text, report


def add_parser(commands: Any) -> None:
    """Add ``stats`` to the subcommands ``commands``."""
    stats = commands.add_parser(
        "stats",
        help=summary("stats"),
        description="Print the statistics of the finished games in the saves folder: per "
        "person (games, wins, win share, mean score, best and worst game, rounds at zero, "
        "results against each computer level), per computer level and per preset. Unfinished "
        "games are not counted; files that cannot be read are listed.",
    )
    stats.set_defaults(run=lambda args: run())


def run() -> int:
    """``chickenfoot stats``: read the saved games (with the cache) and print the report."""
    started = time.perf_counter()
    bar: ProgressBar | None = None

    def progress(done: int, total: int) -> None:
        nonlocal bar
        if bar is None:
            bar = ProgressBar(total, sys.stderr, "reading")
        elif done:
            bar.advance(time.perf_counter() - started)

    try:
        gathered = gather(progress)
    except KeyboardInterrupt:
        return interrupted("stats")
    finally:
        if bar is not None:
            bar.stop()
    stats = tally(gathered)
    write_line(sys.stdout, counted_text(stats, saves_dir()))
    for section in report(stats):
        write_line(sys.stdout, "")
        write_line(sys.stdout, section.title)
        for line in section.lines:
            write_line(sys.stdout, line)
    return EXIT_OK
