"""The ``chickenfoot`` command: play (the default), load, replay, games, export, import,
simulate, tournament, verify, serve, host, join, analyse, stats and keys.

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
- ``chickenfoot analyse FILE|GAME``: every decision of a game's people judged from what they
  could know, and their result split into skill and luck.
- ``chickenfoot stats``: each player's record over the finished saved games.
- ``chickenfoot verify FILE``: re-make every deck from the recorded seed and replay every action.
- ``chickenfoot serve``: the same app in web browsers, one game per tab.
- ``chickenfoot host``: a table server for online games; ``chickenfoot join CODE@HOST:PORT``
  plays a seat at one of its tables.
- ``chickenfoot keys``: every key and its id, with the player's own from the settings.

Each subcommand lives in a module of its own (listed in :data:`~chickenfoot.cli.common.COMMANDS`)
with an ``add_parsers`` function that sets the function to ``run``. Only the module of the
command being run is imported: ``chickenfoot --version`` and ``chickenfoot --help`` load
neither Textual nor Pydantic, and ``simulate`` never loads the app. Errors the user can fix (a
bad option, impossible rules, a bad saved game) print one line and exit with status 2; nothing
here prints a traceback for them.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Collection, Sequence
from importlib import import_module

from chickenfoot import __version__
from chickenfoot.cli.common import COMMANDS, EXIT_FAILED, interrupted
from chickenfoot.cli.games import add_plain_option
from chickenfoot.cli.language import LanguageProblem, add_language_option, speak_chosen_language
from chickenfoot.cli.parser import Parser
from chickenfoot.lang import _


def build_parser(commands: Collection[str] | None = None) -> argparse.ArgumentParser:
    """The parser of the ``chickenfoot`` command and its subcommands.

    Only the subcommands named in ``commands`` (None: all of them) get their whole parser,
    which imports their module; the others are listed with their one line of help.
    """
    parser = Parser(
        prog="chickenfoot",
        description=_("Chicken Foot dominoes in your terminal. With no command, starts the game."),
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"chickenfoot {__version__}",
        help=_("show program's version number and exit"),
    )
    add_plain_option(parser, default=None)
    add_language_option(parser)
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    wanted = {COMMANDS[name].module for name in COMMANDS if commands is None or name in commands}
    added: set[str] = set()
    for name, command in COMMANDS.items():
        if command.module not in wanted:
            subparsers.add_parser(name, help=_(command.summary))
        elif command.module not in added:  # a module may add several commands
            import_module(f"{__name__}.{command.module}").add_parsers(subparsers)
            added.add(command.module)
    for subcommand in subparsers.choices.values():
        add_language_option(subcommand)
    return parser


def command_named(argv: Sequence[str]) -> str | None:
    """The subcommand ``argv`` runs: its first word that is not an option (the command's own
    options take no values), or None when there is none."""
    return next((word for word in argv if not word.startswith("-")), None)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``chickenfoot`` command with ``argv`` (default: the process arguments).

    Returns the exit status: 0 on success, 2 for a bad option, impossible rules or a bad saved
    game (one line on stderr), 130 for a simulation stopped with Ctrl+C.
    """
    try:
        arguments = speak_chosen_language(sys.argv[1:] if argv is None else argv)
    except LanguageProblem as problem:
        return problem.refuse()
    named = command_named(arguments)
    try:
        if not arguments:  # the game, as the settings say: no parser to build (a faster start)
            from chickenfoot.cli.games import run_app

            return run_app()
        args = build_parser(() if named is None else (named,)).parse_args(arguments)
        if args.command is None:
            from chickenfoot.cli.games import run_app

            return run_app(plain=args.plain)
        status: int = args.run(args)
        return status
    except KeyboardInterrupt:
        return interrupted()
    except BrokenPipeError:
        # The reader went away (e.g. `chickenfoot replay FILE --text | head`): stop quietly.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_FAILED
