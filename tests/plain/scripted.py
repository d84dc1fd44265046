"""A console for the plain mode's tests: it answers from a script and keeps every line said.

Each answer of the script is a line, or a function of the console (what was said so far) that
returns one, for answers that depend on the deal; once the script is used up the input ends
(as Ctrl+D ends it), so every test ends however the game went.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable

from chickenfoot.plain.console import Console, speakable

Answer = str | Callable[["ScriptedConsole"], str]


class ScriptedConsole(Console):
    """A console whose person answers from ``script``; :attr:`said` holds every line, and
    every prompt with its answer (as a terminal shows them), in order."""

    def __init__(self, script: Iterable[Answer] = ()) -> None:
        super().__init__(reader=io.StringIO(), writer=io.StringIO())
        self.script = list(script)
        self.said: list[str] = []
        self.asked = 0

    def say(self, *lines: str) -> None:
        """Keep ``lines`` as they would be written."""
        self.said.extend(speakable(line) for line in lines)

    def ask(self, prompt: str = "> ") -> str | None:
        """The script's next answer (None once it is used up)."""
        self.asked += 1
        if not self.script:
            self.said.append(speakable(prompt))
            return None
        answer = self.script.pop(0)
        typed = answer(self) if callable(answer) else answer
        self.said.append(speakable(prompt) + typed)
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
