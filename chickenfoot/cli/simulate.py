"""``chickenfoot simulate``: many games between computer players, without a screen.

It prints each seat's sole wins, shared wins and win share (a tie of k seats gives each 1/k),
its mean score (lower is better), the mean number of actions per game and games per second.
The same ``--seed`` plays the same games; ``--save-dir`` writes every game as a saved game.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from chickenfoot.bots import Strategy, Tally, make_bot, play_game, seat_seed
from chickenfoot.bots.tournament import lineup_for
from chickenfoot.cli.common import EXIT_FAILED, EXIT_INTERRUPTED, EXIT_OK, fail, summary
from chickenfoot.cli.options import (
    add_rule_options,
    add_thinking_options,
    levels_help,
    positive_int,
    rules_error_text,
    rules_from_args,
)
from chickenfoot.lang import _, ngettext, pgettext
from chickenfoot.record.model import GameRecord, SeatConfig
from chickenfoot.rules import RuleSet, RuleSetError, shuffled_decks
from chickenfoot.saves.jsonformat import save_record
from chickenfoot.text.ruleset import rules_summary

PROGRESS_DELAY_SECONDS = 1.0
"""A simulation shows a progress bar only once it has run this long (and only on a terminal)."""

DEFAULT_GAMES = 100
DEFAULT_BOTS = "casual"


def add_parsers(commands: Any) -> None:
    """Add ``simulate`` to the subcommands ``commands``."""
    simulate = commands.add_parser(
        "simulate",
        help=summary("simulate"),
        description=_(
            "Play whole games between computer players without a screen, then print each "
            "seat's wins and mean score, the mean number of actions per game and the speed. "
            "A win shared by k seats counts 1/k to each in 'win share' and counts in 'shared'; "
            "'wins' counts sole wins only. Scores are points left in hand: lower is better."
        ),
    )
    simulate.add_argument(
        "--games",
        type=positive_int,
        default=DEFAULT_GAMES,
        metavar="N",
        help=_("How many games to play (default: {games}).").format(games=DEFAULT_GAMES),
    )
    simulate.add_argument(
        "--seed",
        type=int,
        default=None,
        help=_(
            "Seed of the whole run: the same seed plays the same games "
            "(default: a random seed, printed)."
        ),
    )
    simulate.add_argument(
        "--bots",
        default=DEFAULT_BOTS,
        metavar="LEVEL[,LEVEL...]",
        help=_(
            "The computer player of each seat in order: seat i uses the i-th level; a shorter "
            "list repeats its last level for the remaining seats (default: {level})."
        ).format(level=DEFAULT_BOTS)
        + " "
        + levels_help(),
    )
    simulate.add_argument(
        "--save-dir",
        type=Path,
        default=None,
        metavar="DIR",
        help=_(
            "Write every game to DIR as a saved-game file "
            "(sim-<seed>-<number>.json), which 'load' and 'replay' open."
        ),
    )
    add_thinking_options(simulate)
    add_rule_options(simulate)
    simulate.set_defaults(run=lambda args: run(args, out=sys.stdout, err=sys.stderr))


def bot_levels_for(text: str, players: int) -> tuple[str, ...]:
    """The level of each seat from ``--bots`` (comma separated; the last repeats).

    Raises ``ValueError`` for an unknown level, an empty entry, or more levels than seats.
    """
    try:
        return lineup_for([level.strip() for level in text.split(",")], players)
    except ValueError as error:
        raise ValueError(f"--bots: {error}") from None


def run(args: argparse.Namespace, *, out: TextIO, err: TextIO) -> int:
    """``chickenfoot simulate``: play ``args.games`` games and print the statistics to ``out``."""
    try:
        rules = rules_from_args(args)
    except RuleSetError as error:
        return fail("simulate", rules_error_text(error))
    try:
        levels = bot_levels_for(args.bots, rules.players)
    except ValueError as error:
        return fail("simulate", str(error))
    save_dir: Path | None = args.save_dir
    if save_dir is not None:
        try:
            save_dir.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            return fail(
                "simulate",
                _("--save-dir: cannot create {folder}: {reason}").format(
                    folder=save_dir, reason=error.strerror
                ),
            )
    seed = args.seed if args.seed is not None else random.randrange(2**32)
    seats = tuple(
        SeatConfig(name=f"{level.capitalize()} {seat + 1}", player="computer", level=level)
        for seat, level in enumerate(levels)
    )

    _print_header(out, rules, seats, args.games, seed)
    out.flush()
    tally = Tally(rules.players)
    run_seeds = random.Random(seed)
    digits = len(str(args.games))
    progress = ProgressBar(args.games, err, _("simulating"))
    started = time.perf_counter()
    interrupted = False
    try:
        for number in range(1, args.games + 1):
            game_seed = run_seeds.getrandbits(48)
            decks = shuffled_decks(rules, random.Random(game_seed))
            strategies: list[Strategy] = [
                make_bot(
                    level,
                    seat_seed(game_seed, seat),
                    think_time=args.think_time,
                    playouts=args.playouts,
                    lineup=levels,
                )
                for seat, level in enumerate(levels)
            ]
            result = play_game(rules, strategies, decks)
            tally.add(result)
            if save_dir is not None:
                record = GameRecord.new(rules, seats, seed=game_seed, decks=decks)
                record = record.model_copy(update={"actions": result.actions})
                path = save_dir / f"sim-{seed}-{number:0{digits}d}.json"
                try:
                    save_record(record, path)
                except OSError as error:
                    progress.stop()
                    problem = _("cannot write {file}: {reason}").format(
                        file=path, reason=error.strerror
                    )
                    message = _("{program}: error: {message}")
                    print(message.format(program="chickenfoot simulate", message=problem), file=err)
                    return EXIT_FAILED
            progress.advance(time.perf_counter() - started)
    except KeyboardInterrupt:
        interrupted = True
    finally:
        progress.stop()
    elapsed = time.perf_counter() - started
    _print_results(out, tally, levels, elapsed, interrupted, save_dir)
    return EXIT_INTERRUPTED if interrupted else EXIT_OK


def _print_header(
    out: TextIO, rules: RuleSet, seats: Sequence[SeatConfig], games: int, seed: int
) -> None:
    header = ngettext(
        "Simulating {count} game, seed {seed}", "Simulating {count} games, seed {seed}", games
    )
    print(header.format(count=games, seed=seed), file=out)
    for line in rules_summary(rules):
        print(f"  {line}", file=out)


def _print_results(
    out: TextIO,
    tally: Tally,
    levels: Sequence[str],
    elapsed: float,
    interrupted: bool,
    save_dir: Path | None,
) -> None:
    if interrupted:
        print(interrupted_after(tally.games), file=out)
    if not tally.games:
        return
    print(file=out)
    headings = (
        pgettext("a column of figures", "seat"),
        pgettext("a column of figures", "player"),
        pgettext("a column of figures", "wins"),
        pgettext("a column of figures", "shared"),
        pgettext("a column of figures", "win share"),
        pgettext("a column of figures", "mean score"),
    )
    widths = [
        max(len(heading), least)
        for heading, least in zip(headings, (4, 0, 6, 6, 9, 10), strict=True)
    ]
    widths[1] = max(widths[1], *(len(level) for level in levels))
    seat_w, level_w, wins_w, shared_w, share_w, mean_w = widths
    print(
        f"{headings[0]:>{seat_w}}  {headings[1]:<{level_w}}  {headings[2]:>{wins_w}}  "
        f"{headings[3]:>{shared_w}}  {headings[4]:>{share_w}}  {headings[5]:>{mean_w}}",
        file=out,
    )
    means = tally.mean_scores
    for seat, level in enumerate(levels):
        share = tally.win_shares[seat] / tally.games
        print(
            f"{seat + 1:>{seat_w}}  {level:<{level_w}}  {tally.outright_wins[seat]:>{wins_w}}  "
            f"{tally.shared_wins[seat]:>{shared_w}}  {share:>{share_w}.1%}  "
            f"{means[seat]:>{mean_w}.1f}",
            file=out,
        )
    print(file=out)
    rate = tally.games / elapsed if elapsed > 0 else float("inf")
    print(_("games: {count}").format(count=tally.games), file=out)
    print(_("mean actions per game: {actions:.1f}").format(actions=tally.mean_actions), file=out)
    print(
        _("games per second: {rate:.1f} ({seconds:.2f} s)").format(rate=rate, seconds=elapsed),
        file=out,
    )
    if save_dir is not None:
        print(_("saved to: {folder}").format(folder=save_dir), file=out)


def interrupted_after(games: int) -> str:
    """The line of a run stopped with Ctrl+C after ``games`` games."""
    text = ngettext("Interrupted after {count} game.", "Interrupted after {count} games.", games)
    return text.format(count=games)


class ProgressBar:
    """A rich progress bar on ``err`` that appears only on a terminal, once a run is slow.

    Nothing is drawn for runs shorter than :data:`PROGRESS_DELAY_SECONDS`, nor when ``err``
    is not a terminal (a pipe or a file), so the output of scripts and tests stays clean.
    ``label`` names the work (``simulating``); the ``tournament`` command shares this bar.
    """

    def __init__(self, total: int, err: TextIO, label: str) -> None:
        self.label = label
        self.total = total
        self.done = 0
        self.enabled = err.isatty()
        self.err = err
        self.progress: Any = None
        self.task: Any = None

    def advance(self, elapsed: float, done: int = 1) -> None:
        """Count ``done`` more finished games; start drawing once ``elapsed`` passes the
        delay."""
        self.done += done
        if self.progress is None:
            if not self.enabled or elapsed < PROGRESS_DELAY_SECONDS or self.done >= self.total:
                return
            self._start()
        self.progress.update(self.task, completed=self.done)

    def _start(self) -> None:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeRemainingColumn,
        )

        self.progress = Progress(
            TextColumn(self.label),
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=Console(file=self.err),
            transient=True,
        )
        self.progress.start()
        self.task = self.progress.add_task("games", total=self.total, completed=self.done)

    def stop(self) -> None:
        """Remove the bar (if it was drawn)."""
        if self.progress is not None:
            self.progress.stop()
            self.progress = None
