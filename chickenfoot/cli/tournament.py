"""``chickenfoot tournament``: levels against each other on duplicate deals.

``--levels`` gives the level of each seat in order, the last one repeating for the seats left
(``expert,casual`` at four seats: one expert against three casual players; ``hard,hard,
casual,casual``: two against two). Every deal is played once per rotation of that lineup
through the seats, so every level plays every deal from every seat and the luck of the deal
cancels (:mod:`chickenfoot.bots.tournament`). ``--games`` is rounded up to whole deals.

It prints, per level and per seat it held, the win share (a win shared by k seats counts
1/k; a fair share is one seat's worth, 1/players) and the mean final score, each with a 95 %
interval over the deals, and how long its decisions took (median, 95th percentile, longest).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from typing import Any, TextIO

from chickenfoot.bots import DEFAULT_THINK_TIME, THINKING_LEVELS
from chickenfoot.bots.tournament import (
    Estimate,
    Standings,
    TournamentPlan,
    lineup_for,
    run_tournament,
)
from chickenfoot.cli.common import EXIT_INTERRUPTED, EXIT_OK, fail, summary
from chickenfoot.cli.options import (
    add_rule_options,
    add_thinking_options,
    levels_help,
    positive_int,
    rules_error_text,
    rules_from_args,
)
from chickenfoot.cli.simulate import ProgressBar, interrupted_after
from chickenfoot.lang import _, ngettext, pgettext
from chickenfoot.rules import RuleSetError
from chickenfoot.text.ruleset import rules_summary

DEFAULT_GAMES = 100
CONFIDENCE = "95%"
"""The confidence of the intervals printed, as the help writes it."""


def add_parsers(commands: Any) -> None:
    """Add ``tournament`` to the subcommands ``commands``."""
    tournament = commands.add_parser(
        "tournament",
        help=summary("tournament"),
        description=_(
            "Play computer player levels against each other: every deal is played once per "
            "rotation of the seats, so each level plays it from every seat and the luck of the "
            "deal cancels. Prints each level's win share and mean score per seat it held "
            "(with {confidence} intervals over the deals) and how long its decisions took."
        ).format(confidence=CONFIDENCE),
    )
    tournament.add_argument(
        "--levels",
        default=None,
        metavar="LEVEL[,LEVEL...]",
        help=_(
            "The level of each seat in order; a shorter list repeats its last level for the "
            "seats left (expert,casual at 4 seats: one expert against three casual players)."
        )
        + " "
        + levels_help(),
    )
    tournament.add_argument(
        "--games",
        type=positive_int,
        default=DEFAULT_GAMES,
        metavar="N",
        help=_(
            "How many games to play, rounded up to whole deals (one game per seat "
            "rotation) (default: {games})."
        ).format(games=DEFAULT_GAMES),
    )
    tournament.add_argument(
        "--seed",
        type=int,
        default=None,
        help=_(
            "Seed of the whole run: the same seed plays the same deals with the same players "
            "(default: a random seed, printed)."
        ),
    )
    tournament.add_argument(
        "--jobs",
        type=positive_int,
        default=1,
        metavar="N",
        help=_(
            "Processes to play deals in (default: 1). With --playouts the results do not "
            "depend on it; with a think time, processes sharing a core think less each."
        ),
    )
    add_thinking_options(tournament)
    add_rule_options(tournament)
    tournament.set_defaults(run=lambda args: run(args, out=sys.stdout, err=sys.stderr))


def run(args: argparse.Namespace, *, out: TextIO, err: TextIO) -> int:
    """``chickenfoot tournament``: play the deals and print each level's figures to ``out``."""
    try:
        rules = rules_from_args(args)
    except RuleSetError as error:
        return fail("tournament", rules_error_text(error))
    if args.levels is None:
        return fail(
            "tournament", _("--levels: name each seat's level, e.g. --levels expert,casual")
        )
    try:
        lineup = lineup_for([level.strip() for level in args.levels.split(",")], rules.players)
    except ValueError as error:
        return fail("tournament", f"--levels: {error}")
    seed = args.seed if args.seed is not None else random.randrange(2**32)
    deals = math.ceil(args.games / rules.players)
    plan = TournamentPlan(rules, lineup, deals, seed, args.think_time, args.playouts)
    _print_header(out, plan)
    out.flush()
    progress = ProgressBar(plan.games, err, _("playing"))
    started = time.perf_counter()
    played = Standings(plan)

    def on_deal(standings: Standings) -> None:
        nonlocal played
        played = standings
        progress.advance(time.perf_counter() - started, done=rules.players)

    interrupted = False
    try:
        run_tournament(plan, args.jobs, on_deal)
    except KeyboardInterrupt:
        interrupted = True
    finally:
        progress.stop()
    _print_standings(out, played, time.perf_counter() - started, interrupted)
    return EXIT_INTERRUPTED if interrupted else EXIT_OK


def _print_header(out: TextIO, plan: TournamentPlan) -> None:
    players = plan.rules.players
    games = ngettext("{count} game", "{count} games", plan.games).format(count=plan.games)
    deals = ngettext("{count} deal", "{count} deals", plan.deals).format(count=plan.deals)
    # Translators: {games} is "100 games", {deals} "25 deals".
    header = ngettext(
        "Tournament: {games} ({deals}, each played in {players} seat rotation), seed {seed}",
        "Tournament: {games} ({deals}, each played in {players} seat rotations), seed {seed}",
        players,
    )
    print(header.format(games=games, deals=deals, players=players, seed=plan.seed), file=out)
    for line in rules_summary(plan.rules):
        print(f"  {line}", file=out)
    seats = _("Seats: {levels} (rotated through the seats on every deal)")
    print("  " + seats.format(levels=", ".join(plan.lineup)), file=out)
    thinking = sorted(THINKING_LEVELS & set(plan.lineup))
    if thinking:
        if plan.playouts is not None:
            budget = ngettext(
                "{count} playout per decision", "{count} playouts per decision", plan.playouts
            ).format(count=plan.playouts)
        else:
            seconds = plan.think_time if plan.think_time is not None else DEFAULT_THINK_TIME
            budget = _("{seconds:g} s per decision").format(seconds=seconds)
        line = _("Thinking: {levels}, {budget}").format(levels=", ".join(thinking), budget=budget)
        print("  " + line, file=out)


def _interval(estimate: Estimate, scale: float, digits: int, unit: str = "") -> str:
    mean = f"{estimate.mean * scale:.{digits}f}{unit}"
    if estimate.margin is None:
        return mean
    return f"{mean} ± {estimate.margin * scale:.{digits}f}{unit}"


def _print_standings(out: TextIO, standings: Standings, elapsed: float, interrupted: bool) -> None:
    if interrupted:
        print(interrupted_after(standings.games), file=out)
    if not standings.outcomes:
        return
    players = standings.plan.rules.players
    rows = []
    for level in standings.levels:
        times = standings.times(level)
        rows.append(
            (
                level,
                str(standings.plan.lineup.count(level)),
                _interval(standings.win_share(level), 100, 1, "%"),
                _interval(standings.mean_score(level), 1, 1),
                f"{times.count:,}",
                f"{times.median * 1000:.2f}",
                f"{times.p95 * 1000:.2f}",
                f"{times.longest * 1000:.1f}",
            )
        )
    header: tuple[str, ...] = (
        pgettext("a column of figures", "level"),
        pgettext("a column of figures", "seats"),
        pgettext("a column of figures", "win share"),
        pgettext("a column of figures", "mean score"),
        pgettext("a column of figures", "decisions"),
        pgettext("a column of figures", "median ms"),
        pgettext("a column of figures", "p95 ms"),
        pgettext("a column of figures", "max ms"),
    )
    widths = [max(len(row[column]) for row in [header, *rows]) for column in range(len(header))]
    print(file=out)
    for row in [header, *rows]:
        cells = [
            cell.ljust(width) if column == 0 else cell.rjust(width)
            for column, (cell, width) in enumerate(zip(row, widths, strict=True))
        ]
        print("  ".join(cells), file=out)
    print(file=out)
    deals = len(standings.outcomes)
    note = ngettext(
        "Win share and mean score per seat held (a fair share is {share:.1%}); "
        "± is a {confidence} interval over {count} deal.",
        "Win share and mean score per seat held (a fair share is {share:.1%}); "
        "± is a {confidence} interval over {count} deals.",
        deals,
    )
    print(note.format(share=1 / players, confidence="95 %", count=deals), file=out)
    print(
        _(
            "Scores are points left in hand (lower is better). Only decisions with a choice "
            "are timed (wall clock)."
        ),
        file=out,
    )
    print(
        _("games: {count} in {seconds:.1f} s").format(count=standings.games, seconds=elapsed),
        file=out,
    )
