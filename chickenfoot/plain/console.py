"""The plain mode's console: whole lines out, whole lines in, nothing else.

A :class:`Console` writes each line once, in order, and never moves the cursor, clears the
screen or colours anything, so a screen reader in the terminal reads every line once, as it
comes. Everything goes through :func:`speakable`: the few signs the full-screen app uses as
separators (``·``, ``…``) become plain punctuation, and anything unprintable (an escape code
in a file's name, say) is written as an escape instead of reaching the terminal. Input is
read a line at a time from the terminal's own line editing (no ``readline``, which would
send the terminal control codes of its own); the end of input (Ctrl+D, a closed pipe) reads
as :data:`None`.
"""

from __future__ import annotations

import sys
from typing import TextIO

from chickenfoot.saves.output import write_text
from chickenfoot.saves.problems import printable

LONGEST_LINE = 2000
"""The most characters of one line written (a longer one is cut, with ``...``)."""

SPOKEN_SIGNS = {" · ": "; ", "…": "...", "·": ";"}
"""Separators of the full-screen app, and what a line-by-line reader is given instead."""


def speakable(text: str) -> str:
    """``text`` as the plain mode writes it: plain punctuation for the app's separators, and
    nothing that could steer the terminal."""
    for sign, plain in SPOKEN_SIGNS.items():
        text = text.replace(sign, plain)
    return printable(text, LONGEST_LINE)


class Console:
    """Lines to and from a person (standard input and output unless told otherwise)."""

    def __init__(self, reader: TextIO | None = None, writer: TextIO | None = None) -> None:
        self.reader = reader if reader is not None else sys.stdin
        self.writer = writer if writer is not None else sys.stdout

    def say(self, *lines: str) -> None:
        """Write each of ``lines`` on a line of its own."""
        for line in lines:
            write_text(self.writer, speakable(line) + "\n")
        self.writer.flush()

    def ask(self, prompt: str = "> ") -> str | None:
        """Write ``prompt`` (without a line break) and read the answer, stripped; None once
        the input has ended."""
        write_text(self.writer, speakable(prompt))
        self.writer.flush()
        line = self.reader.readline()
        if not line:
            self.say("")
            return None
        return line.strip()
