"""The ``chickenfoot`` command: play (the default), load, replay and simulate.

- ``chickenfoot`` or ``chickenfoot play``: start the terminal app.
- ``chickenfoot load FILE``: open the app continuing the saved game ``FILE``.
- ``chickenfoot replay FILE [--text]``: watch a saved game in the app's replay viewer, or print
  it as a text transcript.
- ``chickenfoot simulate ...``: play many games between computer players without a screen and
  print per-seat wins, mean scores, mean actions per game and games per second.

Errors the user can fix (a bad option, impossible rules, a bad saved game) print one line and
exit with status 2; nothing here prints a traceback for them. The Textual app is imported only
when it is started, so ``simulate`` and ``replay --text`` never load it.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO, get_args

from chickenfoot import __version__
from chickenfoot.bots import BOT_LEVELS, Strategy, Tally, make_bot, play_game, seat_seed
from chickenfoot.rules import PRESETS, SET_SIZES, RuleSet, RuleSetError, preset, shuffled_decks
from chickenfoot.rules.ruleset import PRESET_FIELDS
from chickenfoot.saves.record import GameRecord, RecordError, SeatConfig, load_record, save_record
from chickenfoot.text.transcript import rules_summary, transcript
from chickenfoot.text.words import plural

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130

PROGRESS_DELAY_SECONDS = 1.0
"""A simulation shows a progress bar only once it has run this long (and only on a terminal)."""

DEFAULT_GAMES = 100
DEFAULT_BOTS = "greedy"


# ----- the parser --------------------------------------------------------------------------------


def _choices(field: str) -> tuple[Any, ...]:
    """The values a ``Literal`` field of :class:`RuleSet` allows, read from the model."""
    return get_args(RuleSet.model_fields[field].annotation)


RULE_HELP: dict[str, str] = {
    "players": "Seats at the table, 2 to 8.",
    "set_size": "Highest double of the set.",
    "hand_size": "Tiles dealt to each seat; 'auto': the preset's table for the set and seats.",
    "arms": "Arms the centre double needs, 2 to 8; 'auto': one per seat.",
    "drawn_tile": "Whether a playable drawn tile may be kept or must be played at once.",
    "draw": "A seat with no play draws one tile, or keeps drawing until one can be played.",
    "reserve": "Tiles that stay in the boneyard and are never drawn; "
    "'auto': 2 for 2 players, else 1.",
    "double_blank_points": "Points for a 0|0 left in hand (0: it scores its pips, 0).",
    "round_start": "holder: deal, the holder of the round's double places it (others draw to "
    "find it); search: turn tiles to find the double before the deal, the finder plays first.",
    "tie_break": "zero_rounds: most rounds at 0, then the lowest non-zero round, then shared; "
    "shared: a tie on totals shares the win.",
    "rounds": "Rounds to play, counting down from the highest double; 'all': one per double.",
}
"""The help of each rule flag; the presets' values are added from the rules themselves."""


def _rule_help(field: str) -> str:
    """The help of the flag for ``field``, with each preset's value (or the default) added."""
    default = RuleSet.model_fields[field].default
    values = [PRESET_FIELDS[name].get(field, default) for name in PRESETS]
    keyword = "all" if field == "rounds" else "auto"
    shown = [keyword if value is None else str(value) for value in values]
    if len(set(shown)) == 1:
        suffix = f"(default: {shown[0]})"
    else:
        suffix = (
            "("
            + ", ".join(f"{name}: {value}" for name, value in zip(PRESETS, shown, strict=True))
            + ")"
        )
    return f"{RULE_HELP[field]} {suffix}".replace("%", "%%")


def _whole_number_or(keyword: str) -> Callable[[str], int | None]:
    """An argparse type reading a whole number, or ``keyword`` for "the rules' default"."""

    def parse(text: str) -> int | None:
        if text == keyword:
            return None
        try:
            return int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{text!r} is not a whole number (or {keyword!r})"
            ) from None

    parse.__name__ = f"whole number or {keyword!r}"
    return parse


def _positive_int(text: str) -> int:
    """An argparse type reading a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is too small: at least 1")
    return value


def _option_value(text: str) -> str:
    """Accept ``may-play`` as well as ``may_play`` for the rules' named values."""
    return text.replace("-", "_")


RULE_FLAGS: dict[str, str] = {
    "players": "--players",
    "set_size": "--set",
    "hand_size": "--hand-size",
    "arms": "--arms",
    "drawn_tile": "--drawn-tile",
    "draw": "--draw",
    "reserve": "--reserve",
    "double_blank_points": "--double-blank-points",
    "round_start": "--round-start",
    "tie_break": "--tie-break",
    "rounds": "--rounds",
}
"""The command-line flag of every :class:`RuleSet` field but ``preset`` (which is ``--preset``)."""


def _add_rule_options(parser: argparse.ArgumentParser) -> None:
    """A flag for every rule field; a flag left out keeps the preset's value."""
    group = parser.add_argument_group(
        "rules",
        "Every rule of the chosen preset can be changed; a flag left out keeps the preset's value.",
    )
    group.add_argument(
        "--preset",
        choices=PRESETS,
        default="cross",
        help="The rules to start from (default: cross).",
    )
    keep = argparse.SUPPRESS  # a flag that is not given is not an override
    kinds: dict[str, dict[str, Any]] = {
        "players": {"type": int, "metavar": "N"},
        "set_size": {"type": int, "choices": SET_SIZES},
        "hand_size": {"type": _whole_number_or("auto"), "metavar": "N|auto"},
        "arms": {"type": _whole_number_or("auto"), "metavar": "N|auto"},
        "reserve": {"type": _whole_number_or("auto"), "metavar": "N|auto"},
        "double_blank_points": {"type": int, "metavar": "POINTS"},
        "rounds": {"type": _whole_number_or("all"), "metavar": "N|all"},
    }
    for field, flag in RULE_FLAGS.items():
        kind = kinds.get(field) or {"type": _option_value, "choices": _choices(field)}
        group.add_argument(flag, dest=field, default=keep, help=_rule_help(field), **kind)


def build_parser() -> argparse.ArgumentParser:
    """The parser of the ``chickenfoot`` command and its subcommands."""
    parser = argparse.ArgumentParser(
        prog="chickenfoot",
        description="Chicken Foot dominoes in your terminal. With no command, starts the game.",
    )
    parser.add_argument("--version", action="version", version=f"chickenfoot {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    commands.add_parser(
        "play", help="Start the game (the default).", description="Start the terminal app."
    )

    load = commands.add_parser(
        "load",
        help="Continue a saved game.",
        description="Open the app continuing the saved game FILE.",
    )
    load.add_argument("file", type=Path, metavar="FILE", help="A saved game (.json).")

    replay = commands.add_parser(
        "replay",
        help="Replay a saved game.",
        description="Watch a saved game move by move, or print it.",
    )
    replay.add_argument("file", type=Path, metavar="FILE", help="A saved game (.json).")
    replay.add_argument(
        "--text",
        action="store_true",
        help="Print the whole game as a text transcript instead of opening the app.",
    )

    levels = ", ".join(
        f"{level} ({text.rstrip('.').lower()})" for level, text in BOT_LEVELS.items()
    )
    simulate = commands.add_parser(
        "simulate",
        help="Play many games between computer players and print statistics.",
        description="Play whole games between computer players without a screen, then print "
        "each seat's wins and mean score, the mean number of actions per game and the speed. "
        "A win shared by k seats counts 1/k to each in 'win share' and counts in 'shared'; "
        "'wins' counts sole wins only. Scores are points left in hand: lower is better.",
    )
    simulate.add_argument(
        "--games",
        type=_positive_int,
        default=DEFAULT_GAMES,
        metavar="N",
        help=f"How many games to play (default: {DEFAULT_GAMES}).",
    )
    simulate.add_argument(
        "--seed",
        type=int,
        default=None,
        help="Seed of the whole run: the same seed plays the same games "
        "(default: a random seed, printed).",
    )
    simulate.add_argument(
        "--bots",
        default=DEFAULT_BOTS,
        metavar="LEVEL[,LEVEL...]",
        help=f"The computer player of each seat in order: seat i uses the i-th level; a shorter "
        f"list repeats its last level for the remaining seats (default: {DEFAULT_BOTS}). "
        f"Levels: {levels}.",
    )
    simulate.add_argument(
        "--save-dir",
        type=Path,
        default=None,
        metavar="DIR",
        help="Write every game to DIR as a saved-game file "
        "(sim-<seed>-<number>.json), which 'load' and 'replay' open.",
    )
    _add_rule_options(simulate)
    return parser


# ----- commands ---------------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``chickenfoot`` command with ``argv`` (default: the process arguments).

    Returns the exit status: 0 on success, 2 for a bad option, impossible rules or a bad saved
    game (one line on stderr), 130 for a simulation stopped with Ctrl+C.
    """
    args = build_parser().parse_args(argv)
    try:
        if args.command == "simulate":
            return simulate(args, out=sys.stdout, err=sys.stderr)
        if args.command == "replay":
            return replay(args.file, text=args.text)
        if args.command == "load":
            return load(args.file)
        return _run_app()
    except BrokenPipeError:
        # The reader went away (e.g. `chickenfoot replay FILE --text | head`): stop quietly.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_FAILED


def _run_app(load: Path | None = None, replay: Path | None = None) -> int:
    """Start the Textual app (imported only now: the other commands do not need it)."""
    from chickenfoot.tui.app import run_app

    return run_app(load=load, replay=replay)


def _fail(command: str, message: str) -> int:
    """Print ``message`` as a one-line error of ``command``; the usage-error exit status."""
    print(f"chickenfoot {command}: error: {message}", file=sys.stderr)
    return EXIT_USAGE


def load(path: Path) -> int:
    """``chickenfoot load FILE``: check the saved game, then continue it in the app."""
    try:
        load_record(path)
    except RecordError as error:
        return _fail("load", str(error))
    return _run_app(load=path)


def replay(path: Path, *, text: bool) -> int:
    """``chickenfoot replay FILE [--text]``: print a transcript, or open the replay viewer."""
    try:
        record = load_record(path)
    except RecordError as error:
        return _fail("replay", str(error))
    if not text:
        return _run_app(replay=path)
    sys.stdout.write(transcript(record))
    return EXIT_OK


# ----- simulate ---------------------------------------------------------------------------------


def rules_from_args(args: argparse.Namespace) -> RuleSet:
    """The rule set the simulate options describe; raises ``RuleSetError`` if unplayable."""
    overrides = {field: getattr(args, field) for field in RULE_FLAGS if hasattr(args, field)}
    return preset(args.preset, **overrides)


def rules_error_text(error: RuleSetError) -> str:
    """The message of ``error`` with each field name written as its command-line flag."""
    messages = []
    for field, message in error.problems:
        flag = RULE_FLAGS.get(field)
        prefix = f"{field}: "
        if flag is not None and message.startswith(prefix):
            message = f"{flag}: {message.removeprefix(prefix)}"
        messages.append(message)
    return "; ".join(messages)


def bot_levels_for(text: str, players: int) -> tuple[str, ...]:
    """The level of each seat from ``--bots`` (comma separated; the last repeats).

    Raises ``ValueError`` for an unknown level, an empty entry, or more levels than seats.
    """
    levels = [level.strip() for level in text.split(",")]
    for level in levels:
        if level not in BOT_LEVELS:
            known = ", ".join(BOT_LEVELS)
            raise ValueError(
                f"--bots: unknown computer player level {level!r}: choose from {known}"
            )
    if len(levels) > players:
        raise ValueError(f"--bots lists {len(levels)} players, but the game has {players} seats")
    return tuple(levels + [levels[-1]] * (players - len(levels)))


def simulate(args: argparse.Namespace, *, out: TextIO, err: TextIO) -> int:
    """``chickenfoot simulate``: play ``args.games`` games and print the statistics to ``out``."""
    try:
        rules = rules_from_args(args)
    except RuleSetError as error:
        return _fail("simulate", rules_error_text(error))
    try:
        levels = bot_levels_for(args.bots, rules.players)
    except ValueError as error:
        return _fail("simulate", str(error))
    save_dir: Path | None = args.save_dir
    if save_dir is not None:
        try:
            save_dir.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            return _fail("simulate", f"--save-dir: cannot create {save_dir}: {error.strerror}")
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
    progress = _ProgressBar(args.games, err)
    started = time.perf_counter()
    interrupted = False
    try:
        for number in range(1, args.games + 1):
            game_seed = run_seeds.getrandbits(48)
            decks = shuffled_decks(rules, random.Random(game_seed))
            strategies: list[Strategy] = [
                make_bot(level, seat_seed(game_seed, seat)) for seat, level in enumerate(levels)
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
                    print(
                        f"chickenfoot simulate: error: cannot write {path}: {error.strerror}",
                        file=err,
                    )
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
    print(f"Simulating {plural(games, 'game')}, seed {seed}", file=out)
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
        print(f"Interrupted after {plural(tally.games, 'game')}.", file=out)
    if not tally.games:
        return
    print(file=out)
    level_width = max(len("player"), *(len(level) for level in levels))
    print(
        f"{'seat':>4}  {'player':<{level_width}}  {'wins':>6}  {'shared':>6}  "
        f"{'win share':>9}  {'mean score':>10}",
        file=out,
    )
    means = tally.mean_scores
    for seat, level in enumerate(levels):
        share = tally.win_shares[seat] / tally.games
        print(
            f"{seat + 1:>4}  {level:<{level_width}}  {tally.outright_wins[seat]:>6}  "
            f"{tally.shared_wins[seat]:>6}  {share:>9.1%}  {means[seat]:>10.1f}",
            file=out,
        )
    print(file=out)
    rate = tally.games / elapsed if elapsed > 0 else float("inf")
    print(f"games: {tally.games}", file=out)
    print(f"mean actions per game: {tally.mean_actions:.1f}", file=out)
    print(f"games per second: {rate:.1f} ({elapsed:.2f} s)", file=out)
    if save_dir is not None:
        print(f"saved to: {save_dir}", file=out)


class _ProgressBar:
    """A rich progress bar on ``err`` that appears only on a terminal, once a run is slow.

    Nothing is drawn for runs shorter than :data:`PROGRESS_DELAY_SECONDS`, nor when ``err``
    is not a terminal (a pipe or a file), so the output of scripts and tests stays clean.
    """

    def __init__(self, total: int, err: TextIO) -> None:
        self.total = total
        self.done = 0
        self.enabled = err.isatty()
        self.err = err
        self.progress: Any = None
        self.task: Any = None

    def advance(self, elapsed: float) -> None:
        """Count one finished game; start drawing once ``elapsed`` passes the delay."""
        self.done += 1
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
            TextColumn("simulating"),
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
