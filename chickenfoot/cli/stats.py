"""``chickenfoot stats``: the statistics of the finished games in the store.

It prints what was counted, then per person (games, wins, win share, mean score, best and
worst game, rounds at zero), each person's results against each computer level, per computer
level and per preset (cross, trains), and each person's rating on the computers' scale
(:mod:`chickenfoot.bots.rating`: worked out from every finished game, with its uncertainty
and the level it is nearest). Only finished games count: an unfinished game counts
once it is over. The figures are queries on the store, quick however many games it holds;
``--store postgresql://…`` (or ``$CHICKENFOOT_STORE``) asks a PostgreSQL store.
"""

from __future__ import annotations

import sys
from typing import Any

from chickenfoot.cli.common import EXIT_OK, fail, interrupted, summary
from chickenfoot.cli.library import open_cli_store
from chickenfoot.cli.options import add_store_option
from chickenfoot.lang import _
from chickenfoot.saves.choice import chosen_address
from chickenfoot.saves.output import write_line
from chickenfoot.saves.store import StoreError
from chickenfoot.text.rating import report_with_ratings
from chickenfoot.text.stats import counted_text


def add_parsers(commands: Any) -> None:
    """Add ``stats`` to the subcommands ``commands``."""
    stats = commands.add_parser(
        "stats",
        help=summary("stats"),
        description=_(
            "Print the statistics of the finished games: per person (games, wins, "
            "win share, mean score, best and worst game, rounds at zero, results against each "
            "computer level), per computer level and per preset, and each person's rating on "
            "the computers' scale. Unfinished games are not counted."
        ),
    )
    add_store_option(stats)
    stats.set_defaults(run=lambda args: run(args.store))


def run(store_option: str | None = None) -> int:
    """``chickenfoot stats``: ask the store for the statistics and print the report."""
    try:
        store = open_cli_store(chosen_address(store_option))
        try:
            stats = store.statistics()
            placings = store.placings()
        finally:
            store.close()
    except StoreError as error:
        return fail("stats", str(error))
    except KeyboardInterrupt:
        return interrupted("stats")
    write_line(sys.stdout, counted_text(stats))
    for section in report_with_ratings(stats, placings):
        write_line(sys.stdout, "")
        write_line(sys.stdout, section.title)
        for line in section.lines:
            write_line(sys.stdout, line)
    return EXIT_OK
