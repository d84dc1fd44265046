"""What every subcommand shares: the list of subcommands, exit statuses, the one-line error
and the Ctrl+C line.

Everything printed goes through :func:`chickenfoot.saves.output.write_line`, so a name or a
path that the console's encoding cannot show (an ASCII locale, say) is written with ``?``
instead of stopping the command with a traceback.
"""

from __future__ import annotations

import sys

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130


class Command:
    """A subcommand: its one line of help, and the module (in ``chickenfoot.cli``) whose
    ``add_parsers(commands)`` adds its parsers, imported only when the command is run.

    A plain class, not a dataclass: ``chickenfoot --version`` imports this module, and
    importing dataclasses would add about a third to its start-up.
    """

    __slots__ = ("module", "summary")

    def __init__(self, summary: str, module: str) -> None:
        self.summary = summary
        self.module = module


COMMANDS: dict[str, Command] = {
    "play": Command("Start the game (the default).", "games"),
    "load": Command("Continue a saved game.", "games"),
    "replay": Command("Replay a saved game.", "games"),
    "games": Command("List the games in the store.", "library"),
    "export": Command("Write games as JSON files.", "library"),
    "import": Command("Add games from JSON files.", "library"),
    "simulate": Command(
        "Play many games between computer players and print statistics.", "simulate"
    ),
    "tournament": Command(
        "Play computer player levels against each other on duplicate deals.", "tournament"
    ),
    "verify": Command("Re-make a saved game's deals from its seed and check its moves.", "verify"),
    "serve": Command("Play in a web browser: each browser tab plays its own game.", "serve"),
    "host": Command(
        "Run a table server: friends play one game, each from their own terminal.", "host"
    ),
    "join": Command("Play a seat at an online table (CODE@HOST:PORT).", "join"),
    "analyse": Command(
        "Judge every decision of a saved game from what its player could know.", "analyse"
    ),
    "stats": Command("Statistics of the finished games.", "stats"),
    "keys": Command("List every key and its id, with your own from the settings.", "keys"),
}
"""Every subcommand, in the order ``chickenfoot --help`` lists them."""


def summary(command: str) -> str:
    """The one line of help of subcommand ``command``."""
    return COMMANDS[command].summary


def fail(command: str, message: str) -> int:
    """Print ``message`` as a one-line error of ``command``; the usage-error exit status."""
    from chickenfoot.saves.output import write_line

    write_line(sys.stderr, f"chickenfoot {command}: error: {message}")
    return EXIT_USAGE


def interrupted(command: str | None = None) -> int:
    """Say on one line that ``command`` (None: the program) was stopped with Ctrl+C; the
    interrupted status."""
    from chickenfoot.saves.output import write_line

    who = f"chickenfoot {command}" if command else "chickenfoot"
    write_line(sys.stderr, f"{who}: stopped (Ctrl+C)")
    return EXIT_INTERRUPTED
