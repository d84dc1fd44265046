"""The one error of a saved game that cannot be read, in plain words.

:class:`RecordError` names the file, the place in it and the problem, on one line;
:func:`translate` turns Pydantic's ``ValidationError`` into one. This module imports no
Textual.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import ValidationError

from chickenfoot.record.problems import json_path, printable, validation_problem

__all__ = ["RecordError", "translate"]


class RecordError(ValueError):
    """A saved game that cannot be loaded (or a record that does not replay).

    ``path`` is the file (None for a record built in memory), ``where`` a place in it (a JSON
    path such as ``actions[136]``, or ``line 3, column 5``; empty when the whole file is at
    fault) and ``problem`` what is wrong. ``str(error)`` is the one-line
    ``"<file>: <where>: <problem>"``, leaving out the parts that are empty. The words are in
    the language in use when the error was raised (:mod:`chickenfoot.lang`).
    """

    def __init__(self, path: Path | None, where: str, problem: str) -> None:
        self.path = path
        self.where = printable(where)
        self.problem = printable(problem)
        path_text = "" if path is None else printable(str(path))
        super().__init__(": ".join(part for part in (path_text, self.where, self.problem) if part))

    def at(self, path: Path) -> RecordError:
        """The same error, naming the file ``path``."""
        return RecordError(path, self.where, self.problem)


def translate(error: ValidationError, path: Path | None) -> RecordError:
    """The first problem of a Pydantic ``ValidationError`` as a :class:`RecordError`."""
    cause = (error.errors(include_url=False)[0].get("ctx") or {}).get("error")
    if isinstance(cause, RecordError):
        return RecordError(path, cause.where, cause.problem)
    location, problem = validation_problem(error)
    return RecordError(path, json_path(location), problem)
