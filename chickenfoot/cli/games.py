"""``chickenfoot`` (play), ``chickenfoot load FILE`` and ``chickenfoot replay FILE [--text]``.

A bad file (anything but a regular file, not a saved game, an illegal move...) is refused
with one line and status 2 before the app starts; Ctrl+C stops with one line and status 130;
neither ever prints a traceback. The transcript of ``replay --text`` is written in what the
console's encoding can show. The Textual app is imported only when it is started, so
``replay --text`` never loads it, and saved games are read only by the commands that open
one, so ``chickenfoot`` reaches its menu without loading the rules first.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from chickenfoot.cli.common import EXIT_OK, fail, interrupted, summary

REPLAY_KEYS = """\
keys of the replay viewer:
  ← →                one move back / forward
  [ ]  PgUp PgDn     the previous / next round
  Home End           the first / last move
  Space              play / pause
  + -                faster / slower (0.5 to 16 moves a second)
  o                  the table, or the outline
  s                  the scores, round by round
  t                  take over from here: a new game from this position
  Esc                close the replay

In an unfinished game that people play at one keyboard, the round still in play keeps its
hands and drawn tiles hidden, in the viewer and in the --text transcript."""


def add_parser(commands: Any) -> None:
    """Add ``play``, ``load`` and ``replay`` to the subcommands ``commands``."""
    play = commands.add_parser("play", help=summary("play"), description="Start the terminal app.")
    play.set_defaults(run=lambda args: run_app())

    load_command = commands.add_parser(
        "load",
        help=summary("load"),
        description="Open the app continuing the saved game FILE.",
    )
    load_command.add_argument("file", type=Path, metavar="FILE", help="A saved game (.json).")
    load_command.set_defaults(run=lambda args: load(args.file))

    replay_command = commands.add_parser(
        "replay",
        help=summary("replay"),
        description="Watch a saved game move by move, or print it.",
        epilog=REPLAY_KEYS,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    replay_command.add_argument("file", type=Path, metavar="FILE", help="A saved game (.json).")
    replay_command.add_argument(
        "--text",
        action="store_true",
        help="Print the whole game as a text transcript instead of opening the app.",
    )
    replay_command.set_defaults(run=lambda args: replay(args.file, text=args.text))


def run_app(load: Path | None = None, replay: Path | None = None) -> int:
    """Start the Textual app (imported only now: the other commands do not need it)."""
    from chickenfoot.tui.app import run_app as run

    return run(load=load, replay=replay)


def load(path: Path) -> int:
    """``chickenfoot load FILE``: check the saved game, then continue it in the app."""
    from chickenfoot.saves.record import RecordError, load_record

    try:
        load_record(path)
        return run_app(load=path)
    except RecordError as error:
        return fail("load", str(error))
    except KeyboardInterrupt:
        return interrupted("load")


def replay(path: Path, *, text: bool) -> int:
    """``chickenfoot replay FILE [--text]``: print a transcript, or open the replay viewer."""
    from chickenfoot.saves.output import write_text
    from chickenfoot.saves.record import RecordError, load_record
    from chickenfoot.text.transcript import transcript

    try:
        record = load_record(path)
        if not text:
            return run_app(replay=path)
        write_text(sys.stdout, transcript(record))
    except RecordError as error:
        return fail("replay", str(error))
    except KeyboardInterrupt:
        return interrupted("replay")
    return EXIT_OK
