"""What every subcommand shares: the list of subcommands, exit statuses, the one-line error
and the Ctrl+C line.

Everything printed goes through :func:`chickenfoot.saves.output.write_line`, so a name or a
path that the console's encoding cannot show (an ASCII locale, say) is written with ``?``
instead of stopping the command with a traceback.
"""

from __future__ import annotations

import sys

from chickenfoot.lang import N_, _

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
    "play": Command(N_("Start the game (the default)."), "games"),
    "load": Command(N_("Continue a saved game."), "games"),
    "replay": Command(N_("Replay a saved game."), "games"),
    "games": Command(N_("List the games in the store."), "library"),
    "export": Command(N_("Write games as JSON files."), "library"),
    "import": Command(N_("Add games from JSON files."), "library"),
    "simulate": Command(
        N_("Play many games between computer players and print statistics."), "simulate"
    ),
    "tournament": Command(
        N_("Play computer player levels against each other on duplicate deals."), "tournament"
    ),
    "verify": Command(
        N_("Re-make a saved game's deals from its seed and check its moves."), "verify"
    ),
    "serve": Command(N_("Play in a web browser: each browser tab plays its own game."), "serve"),
    "host": Command(
        N_("Run a table server: friends play one game, each from their own terminal."), "host"
    ),
    "join": Command(N_("Play a seat at an online table (CODE@HOST:PORT)."), "join"),
    "analyse": Command(
        N_("Judge every decision of a saved game from what its player could know."), "analyse"
    ),
    "stats": Command(N_("Statistics of the finished games."), "stats"),
    "keys": Command(N_("List every key and its id, with your own from the settings."), "keys"),
}
"""Every subcommand, in the order ``chickenfoot --help`` lists them (each summary in English:
:func:`summary` gives it in the player's language)."""


def summary(command: str) -> str:
    """The one line of help of subcommand ``command``, in the player's language."""
    return _(COMMANDS[command].summary)


def fail(command: str, message: str) -> int:
    """Print ``message`` as a one-line error of ``command``; the usage-error exit status."""
    from chickenfoot.saves.output import write_line

    # Translators: the one line of a refused command: "chickenfoot load: error: ...".
    write_line(
        sys.stderr,
        _("{program}: error: {message}").format(program=f"chickenfoot {command}", message=message),
    )
    return EXIT_USAGE


def interrupted(command: str | None = None) -> int:
    """Say on one line that ``command`` (None: the program) was stopped with Ctrl+C; the
    interrupted status."""
    from chickenfoot.saves.output import write_line

    program = f"chickenfoot {command}" if command else "chickenfoot"
    write_line(sys.stderr, _("{program}: stopped (Ctrl+C)").format(program=program))
    return EXIT_INTERRUPTED
