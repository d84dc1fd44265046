"""``chickenfoot verify FILE``: re-make every deck of a saved game from its seed, and replay it.

Prints one line per round (does the recorded deck match the one the seed shuffles? the
seed's number only once the game is over), whether every action follows the rules (or the
first that does not, and why), and a verdict; the exit status says the same to scripts (see
:data:`EXIT_STATUSES`). A file that cannot be read as a saved game gets the loader's one line
on stderr and status 2, like ``load`` and ``replay``; nothing here prints a traceback.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from chickenfoot.cli.common import EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE, fail, interrupted, summary
from chickenfoot.lang import N_, _
from chickenfoot.record.model import RecordError
from chickenfoot.record.problems import printable
from chickenfoot.record.verify import Verdict
from chickenfoot.saves.output import write_line
from chickenfoot.saves.verify import verify_file
from chickenfoot.text.deal import verify_lines

EXIT_NOT_FROM_SEED = 3
EXIT_NO_SEED = 4
EXIT_ILLEGAL = 5

EXIT_STATUSES: dict[Verdict, int] = {
    "verified": EXIT_OK,
    "not_from_seed": EXIT_NOT_FROM_SEED,
    "no_seed": EXIT_NO_SEED,
    "illegal": EXIT_ILLEGAL,
}
"""The exit status of each verdict."""

DESCRIPTION = N_("""\
Re-make every deck of the saved game FILE from its seed and compare it with the recorded
one, round by round; then replay every action through the rules.""")
"""What ``verify --help`` says first (translated where shown)."""

# Translators: keep the lines within 80 columns and the numbers' places as they are.
EPILOG = N_("""\
exit status:
  {ok}    verified: every deck is the one the seed shuffles, every action is legal
  {usage}    the file cannot be read as a saved game (one line says why), or a bad option
  {not_from_seed}    every action is legal, but a deck is not the one the seed shuffles
       (a deal made some other way, by hand say)
  {no_seed}    every action is legal, but the file records no seed to check the decks with
  {illegal}    an action breaks the rules (the report names it and says why)
  {interrupted}  stopped with Ctrl+C

Chickenfoot shuffles each round's deck from the game's seed with Python's random.Random
(docs/save-format.md spells out the steps), so any copy of chickenfoot, or another program,
can shuffle again and compare. The seed's number is printed once the game is over (it makes
the decks still to come); before, every deck is still checked against it.""")
"""What ``verify --help`` ends with: the exit statuses (translated where shown)."""


def epilog() -> str:
    """:data:`EPILOG` in the player's language, with the exit statuses."""
    return _(EPILOG).format(
        ok=EXIT_OK,
        usage=EXIT_USAGE,
        not_from_seed=EXIT_NOT_FROM_SEED,
        no_seed=EXIT_NO_SEED,
        illegal=EXIT_ILLEGAL,
        interrupted=EXIT_INTERRUPTED,
    )


def add_parsers(commands: Any) -> None:
    """Add ``verify`` to the subcommands ``commands``."""
    parser = commands.add_parser(
        "verify",
        help=summary("verify"),
        description=_(DESCRIPTION),
        epilog=epilog(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("file", type=Path, metavar="FILE", help=_("A saved game (.json)."))
    parser.set_defaults(run=lambda args: verify(args.file))


def verify(path: Path) -> int:
    """``chickenfoot verify FILE``: print the check of the saved game; its exit status."""
    try:
        verification = verify_file(path)
        for line in verify_lines(verification, printable(str(path))):
            write_line(sys.stdout, line)
    except RecordError as error:
        return fail("verify", str(error))
    except KeyboardInterrupt:
        return interrupted("verify")
    return EXIT_STATUSES[verification.verdict]
