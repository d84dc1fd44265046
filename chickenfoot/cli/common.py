"""What every subcommand shares: exit statuses, the one-line error and the Ctrl+C line.

Everything printed goes through :func:`chickenfoot.saves.output.write_line`, so a name or a
path that the console's encoding cannot show (an ASCII locale, say) is written with ``?``
instead of stopping the command with a traceback.
"""

from __future__ import annotations

import sys

from chickenfoot.saves.output import write_line

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130


def fail(command: str, message: str) -> int:
    """Print ``message`` as a one-line error of ``command``; the usage-error exit status."""
    write_line(sys.stderr, f"chickenfoot {command}: error: {message}")
    return EXIT_USAGE


def interrupted(command: str | None = None) -> int:
    """Say on one line that ``command`` (None: the program) was stopped with Ctrl+C; the
    interrupted status."""
    who = f"chickenfoot {command}" if command else "chickenfoot"
    write_line(sys.stderr, f"{who}: stopped (Ctrl+C)")
    return EXIT_INTERRUPTED
