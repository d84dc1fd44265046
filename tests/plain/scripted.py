"""A console for the plain mode's tests: it answers from a script and keeps every line said.

Each answer of the script is a line, or a function of the console (what was said so far) that
returns one, for answers that depend on the deal; once the script is used up the input ends
(as Ctrl+D ends it), so every test ends however the game went.

At an online table the next line is asked for while the table goes on
(:meth:`Console.ask_later`): there an answer may wait for what the person reads first
(:class:`After`: typed once a line said since the previous answer matches), as a person
answers what they see; a test that waits for it has a deadline of its own.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Iterable
from concurrent.futures import Future
from dataclasses import dataclass

from chickenfoot.plain.console import Console, speakable

Typed = str | Callable[["ScriptedConsole"], str]


@dataclass(frozen=True)
class After:
    """An answer typed only once a line said since the previous answer matches ``said`` (a
    regular expression)."""

    said: str
    typed: Typed


Answer = Typed | After


class ScriptedConsole(Console):
    """A console whose person answers from ``script``; :attr:`said` holds every line, and
    every prompt with its answer (as a terminal shows them), in order."""

    def __init__(self, script: Iterable[Answer] = ()) -> None:
        super().__init__(reader=io.StringIO(), writer=io.StringIO())
        self.script = list(script)
        self.said: list[str] = []
        self.asked = 0
        self._answered = 0
        """How many lines had been said when the latest answer was typed."""
        self._later: tuple[str, Future[str]] | None = None
        """The question asked for later and not answered yet, with its answer to come."""

    def say(self, *lines: str) -> None:
        """Keep ``lines`` as they would be written (an answer waiting for them is typed)."""
        self.said.extend(speakable(line) for line in lines)
        self._answer_later()

    def ask(self, prompt: str = "> ") -> str | None:
        """The script's next answer (None once it is used up)."""
        self.asked += 1
        if not self.script:
            self.said.append(speakable(prompt))
            return None
        return self._type(prompt, self.script.pop(0))

    def ask_later(self, prompt: str = "> ") -> Future[str]:
        """The script's next answer, once it is due (the same question until it is taken):
        the line typed, or an empty one (the input ended) once the script is used up."""
        if self._later is None:
            self.asked += 1
            self._later = (prompt, Future())
            self._answer_later()
        return self._later[1]

    def answer(self, pending: Future[str]) -> str | None:
        """Take the line typed for :meth:`ask_later`."""
        if self._later is not None and self._later[1] is pending:
            self._later = None
        line = pending.result()
        return line.strip() if line else None

    def _answer_later(self) -> None:
        """Type the answer the question asked for later waits for, once it is due."""
        if self._later is None or self._later[1].done():
            return
        prompt, pending = self._later
        if not self.script:
            self.said.append(speakable(prompt))
            pending.set_result("")
            return
        answer = self.script[0]
        if isinstance(answer, After) and not self._heard(answer.said):
            return
        self.script.pop(0)
        pending.set_result(self._type(prompt, answer) + "\n")

    def _heard(self, said: str) -> bool:
        """True if a line said since the latest answer matches ``said``."""
        return any(re.search(said, line) for line in self.said[self._answered :])

    def _type(self, prompt: str, answer: Answer) -> str:
        if isinstance(answer, After):
            answer = answer.typed
        typed = answer(self) if callable(answer) else answer
        self.said.append(speakable(prompt) + typed)
        self._answered = len(self.said)
        return typed

    def add(self, *answers: Answer) -> None:
        """Answer these next (before the rest of the script)."""
        self.script[:0] = answers

    @property
    def text(self) -> str:
        """Everything said, one line each."""
        return "\n".join(self.said)

    def since(self, marker: str) -> list[str]:
        """The lines said after the last line holding ``marker``."""
        for index in range(len(self.said) - 1, -1, -1):
            if marker in self.said[index]:
                return self.said[index + 1 :]
        return []
