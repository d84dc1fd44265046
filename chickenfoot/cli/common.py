"""What every subcommand shares: exit statuses and the one-line error."""

from __future__ import annotations

import sys

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130


def fail(command: str, message: str) -> int:
    """Print ``message`` as a one-line error of ``command``; the usage-error exit status."""
    print(f"chickenfoot {command}: error: {message}", file=sys.stderr)
    return EXIT_USAGE
