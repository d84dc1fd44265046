"""The plain mode's console: whole lines out, whole lines in, nothing else.

A :class:`Console` writes each line once, in order, and never moves the cursor, clears the
screen or colours anything, so a screen reader in the terminal reads every line once, as it
comes. Everything goes through :func:`speakable`: the few signs the full-screen app uses as
separators (``·``, ``…``) become plain punctuation, and anything unprintable (an escape code
in a file's name, say) is written as an escape instead of reaching the terminal. Input is
read a line at a time from the terminal's own line editing (no ``readline``, which would
send the terminal control codes of its own); the end of input (Ctrl+D, a closed pipe) reads
as :data:`None`.

At an online table the others' moves come while the person is still typing: there the next
line is read on a thread of its own (:meth:`Console.ask_later`), and lines said while a
question waits for its answer start on a line of their own and are followed by the question
again. A line asked for that way and not taken is the answer to the next question.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator
from concurrent.futures import Future
from contextlib import contextmanager
from typing import TextIO

from chickenfoot.lang import N_, _, pgettext
from chickenfoot.record.problems import printable
from chickenfoot.saves.output import write_text
from chickenfoot.text.digest import spoken

# Translators: what to type for yes or no: the letters the translations of "y" and "yes"
# (typed for yes) give; "n" is anything else.
YES_OR_NO = N_("(y or n; Enter: n)")
"""How a yes-or-no question ends: what to type, and what Enter alone answers (translated
where asked: :func:`yes_or_no`)."""


def yes_or_no(question: str) -> str:
    """``question`` (in the player's language) as it is asked, ending with what to type."""
    return f"{question} {_(YES_OR_NO)} "


def is_yes(answer: str | None) -> bool:
    """True if ``answer`` says yes: y or yes, or the player's language's own (English's are
    always understood)."""
    typed = (answer or "").strip().lower()
    words = {
        "y",
        "yes",
        pgettext("typed for yes", "y").lower(),
        pgettext("typed for yes", "yes").lower(),
    }
    return bool(typed) and typed in words


LONGEST_LINE = 2000
"""The most characters of one line written (a longer one is cut, with ``...``)."""


def speakable(text: str) -> str:
    """``text`` as the plain mode writes it: plain punctuation for the app's separators, and
    nothing that could steer the terminal."""
    return printable(spoken(text), LONGEST_LINE)


class Console:
    """Lines to and from a person (standard input and output unless told otherwise)."""

    def __init__(self, reader: TextIO | None = None, writer: TextIO | None = None) -> None:
        self.reader = reader if reader is not None else sys.stdin
        self.writer = writer if writer is not None else sys.stdout
        self._waiting: str | None = None
        """The question written and not answered yet (its answer is read on a thread)."""
        self._next: Future[str] | None = None
        """The line being read on a thread, or read and not taken yet."""
        self._held: list[str] | None = None
        """Lines said inside :meth:`together`, said once it ends."""

    def say(self, *lines: str) -> None:
        """Write each of ``lines`` on a line of its own (while a question waits for its
        answer: after it, and the question again below them)."""
        if self._held is not None:
            self._held.extend(lines)
            return
        if not lines:
            return
        waiting = self._waiting
        text = "".join(speakable(line) + "\n" for line in lines)
        if waiting is not None:
            text = f"\n{text}{speakable(waiting)}"
        write_text(self.writer, text)  # at once: a reader never sees half of it
        self.writer.flush()

    @contextmanager
    def together(self) -> Iterator[None]:
        """Say what is said inside at once, when it ends (one question again below it all)."""
        self._held = []
        try:
            yield
        finally:
            held, self._held = self._held, None
            self.say(*held)

    def ask(self, prompt: str = "> ") -> str | None:
        """Write ``prompt`` (without a line break) and read the answer, stripped; None once
        the input has ended."""
        write_text(self.writer, speakable(prompt))
        self.writer.flush()
        pending = self._next
        if pending is not None:
            self._waiting = prompt
            line = pending.result()
            self._next = None
        else:
            line = self.reader.readline()
        return self._answer(line)

    def ask_later(self, prompt: str = "> ") -> Future[str]:
        """Write ``prompt`` and read the answer on a thread of its own: the line read, for
        :meth:`answer` (the same line until it is taken)."""
        if self._waiting is None:
            write_text(self.writer, speakable(prompt))
            self.writer.flush()
        self._waiting = prompt
        if self._next is None:
            pending: Future[str] = Future()
            self._next = pending

            def read() -> None:
                try:
                    line = self.reader.readline()
                except (OSError, ValueError):
                    line = ""
                self._waiting = None
                pending.set_result(line)

            threading.Thread(target=read, name="console-line", daemon=True).start()
        return self._next

    def answer(self, pending: Future[str]) -> str | None:
        """Take the line read for :meth:`ask_later` (done): stripped; None once the input has
        ended."""
        if self._next is pending:
            self._next = None
        return self._answer(pending.result())

    def _answer(self, line: str) -> str | None:
        self._waiting = None
        if not line:
            self.say("")
            return None
        return line.strip()
