"""The ``chickenfoot`` command: play (the default), load, replay, games, export, import,
simulate, tournament, stats, verify, serve, host and join.

- ``chickenfoot`` or ``chickenfoot play``: start the terminal app; ``--plain`` plays a line at a
  time instead, for screen readers (also before ``load`` and ``replay``), ``--no-plain`` opens
  the full-screen app when the setting would start the plain mode.
- ``chickenfoot load FILE|GAME``: open the app continuing a saved game (a file is imported
  into the store first; a number is a game of the store).
- ``chickenfoot replay FILE|GAME [--text]``: watch a saved game in the app's replay viewer, or
  print it as a text transcript.
- ``chickenfoot games``, ``export``, ``import``: the games in the store, to and from JSON
  files.
- ``chickenfoot simulate ...``: play many games between computer players without a screen and
  print per-seat wins, mean scores, mean actions per game and games per second.
- ``chickenfoot tournament ...``: computer levels against each other on duplicate deals.
- ``chickenfoot stats``: each player's record over the finished saved games.
- ``chickenfoot verify FILE``: re-make every deck from the recorded seed and replay every action.
- ``chickenfoot serve``: the same app in web browsers, one game per tab.
- ``chickenfoot host``: a table server for online games; ``chickenfoot join CODE@HOST:PORT``
  plays a seat at one of its tables.

Each subcommand lives in a module of its own with an ``add_parser(s)`` function that sets the
function to ``run``. Errors the user can fix (a bad option, impossible rules, a bad saved game)
print one line and exit with status 2; nothing here prints a traceback for them.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from chickenfoot import __version__
from chickenfoot.cli import games, host, join, library, serve, simulate, stats, tournament, verify
from chickenfoot.cli.common import EXIT_FAILED, interrupted


def build_parser() -> argparse.ArgumentParser:
    """The parser of the ``chickenfoot`` command and its subcommands."""
    parser = argparse.ArgumentParser(
        prog="chickenfoot",
        description="Chicken Foot dominoes in your terminal. With no command, starts the game.",
    )
    parser.add_argument("--version", action="version", version=f"chickenfoot {__version__}")
    games.add_plain_option(parser, default=None)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    games.add_parsers(commands)
    library.add_parsers(commands)
    simulate.add_parser(commands)
    tournament.add_parser(commands)
    verify.add_parser(commands)
    serve.add_parser(commands)
    host.add_parser(commands)
    join.add_parser(commands)
    stats.add_parser(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``chickenfoot`` command with ``argv`` (default: the process arguments).

    Returns the exit status: 0 on success, 2 for a bad option, impossible rules or a bad saved
    game (one line on stderr), 130 for a simulation stopped with Ctrl+C.
    """
    try:
        args = build_parser().parse_args(argv)
        if args.command is None:
            return games.run_app(plain=args.plain)
        status: int = args.run(args)
        return status
    except KeyboardInterrupt:
        return interrupted()
    except BrokenPipeError:
        # The reader went away (e.g. `chickenfoot replay FILE --text | head`): stop quietly.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_FAILED
