"""``chickenfoot analyse FILE|GAME``: every decision of a game's people judged, and their luck.

The coach (:mod:`chickenfoot.bots.coach`) plays each decision out in imagined deals from what
the seat could know then, and prints per person: the marks of their decisions (fine,
doubtful, bad, very bad), their error per decision, their result split into skill, luck and
the rest, their costliest moves with the better move and why, and their luck round by round
(:mod:`chickenfoot.text.coach`). ``--computers`` adds the computer players; ``--budget`` is the
imagined rounds a decision is given at most, ``--seed`` fixes them (the same game, budget and
seed always give the same analysis). The round still in play of an unfinished game people
share a keyboard in is analysed for nobody. A progress bar shows on a terminal; Ctrl+C stops
with one line.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any, TextIO

from chickenfoot.cli.common import EXIT_OK, fail, interrupted, summary
from chickenfoot.cli.games import SAVED_GAME_HELP
from chickenfoot.cli.options import positive_int
from chickenfoot.lang import _

DEFAULT_BUDGET = 400
"""The imagined rounds a decision is given at most (the coach's own default; a test checks
they agree, so that ``--help`` need not import the coach)."""


def add_parsers(commands: Any) -> None:
    """Add ``analyse`` to the subcommands ``commands``."""
    analyse = commands.add_parser(
        "analyse",
        help=summary("analyse"),
        description=_(
            "Judge every decision of a saved game's people from what they could know "
            "then (each move played out in imagined deals against the best one), and split "
            "each person's result into skill and luck."
        ),
    )
    analyse.add_argument("game", metavar="FILE|GAME", help=_(SAVED_GAME_HELP))
    analyse.add_argument(
        "--budget",
        type=positive_int,
        default=DEFAULT_BUDGET,
        metavar="N",
        help=_(
            "Imagined rounds a decision is given at most: more is steadier and slower "
            "(default: {budget})."
        ).format(budget=DEFAULT_BUDGET),
    )
    analyse.add_argument(
        "--seed",
        type=int,
        default=0,
        help=_(
            "Seed of the imagined deals: the same seed and budget give the same analysis "
            "(default: 0)."
        ),
    )
    analyse.add_argument(
        "--computers",
        action="store_true",
        help=_("Analyse the computer players too."),
    )
    analyse.set_defaults(run=lambda args: run(args, out=sys.stdout, err=sys.stderr))


def run(args: argparse.Namespace, *, out: TextIO, err: TextIO) -> int:
    """``chickenfoot analyse``: read the game, analyse it with a progress bar, print it."""
    from chickenfoot.cli.games import game_number
    from chickenfoot.cli.library import open_cli_store
    from chickenfoot.cli.simulate import ProgressBar
    from chickenfoot.record.model import RecordError
    from chickenfoot.saves.jsonformat import load_record
    from chickenfoot.saves.output import write_line
    from chickenfoot.saves.store import StoreError
    from chickenfoot.text import coach as words

    try:
        number = game_number(args.game)
        if number is None:
            record = load_record(args.game)
            title = args.game
        else:
            store = open_cli_store()
            try:
                record = store.record(number)
            finally:
                store.close()
            title = _("game {game}").format(game=number)
        seats = words.seats_to_analyse(record, args.computers)
        if not seats:
            return fail(
                "analyse",
                _(
                    "{game} has no person at the table: add --computers to analyse its "
                    "computer players"
                ).format(game=title),
            )
        hidden = words.hidden_rounds(record)
        coach = words.coach_for(record, args.budget, args.seed)
        names = tuple(seat.name for seat in record.seats)
        progress = ProgressBar(0, err, _("analysing"))
        started = time.perf_counter()

        def advance(done: int, total: int) -> None:
            progress.total = total
            progress.advance(time.perf_counter() - started)

        try:
            analysis = coach.analyse(seats, hidden, advance)
        finally:
            progress.stop()
    except (RecordError, StoreError) as error:
        return fail("analyse", str(error))
    except KeyboardInterrupt:
        return interrupted("analyse")
    assert analysis is not None  # nothing asked it to stop
    write_line(out, _("Analysis of {game}").format(game=title))
    write_line(out, words.how_text(analysis))
    for round_index in hidden:
        write_line(out, words.hidden_text(round_index))
    write_line(out, "")
    for line in words.analysis_lines(analysis, names):
        write_line(out, line)
    write_line(out, "")
    seconds = time.perf_counter() - started
    write_line(out, _("Analysed in {seconds:.1f} s.").format(seconds=seconds))
    return EXIT_OK
