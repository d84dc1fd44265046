"""A saved file verified: read it as the loader does, then check its decks and its moves.

:func:`verify_file` reads a file with :func:`~chickenfoot.saves.jsonformat.load_record` and
checks the game with :func:`~chickenfoot.record.verify.verify_record` (every deck against
its seed, every move against the rules). A file whose only fault is a move the rules refuse
is still checked, so the check can say where it went wrong. Imports no Textual.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import ValidationError

from chickenfoot.lang import N_
from chickenfoot.record.model import MAX_FILE_BYTES, GameRecord, RecordError
from chickenfoot.record.verify import Verification, verify_record
from chickenfoot.saves.files import FileProblem, read_regular_file
from chickenfoot.saves.jsonformat import load_record
from chickenfoot.saves.strict_json import JsonProblem, parse_strict_json

__all__ = ["verify_file"]


def verify_file(path: Path | str) -> Verification:
    """Read the saved game at ``path`` and check it (see :func:`verify_record`).

    The file is read, validated and replayed by :func:`~chickenfoot.record.model.load_record`.
    A file whose only fault is an action the rules refuse is still checked (its decks too);
    any other fault raises the loader's :class:`~chickenfoot.record.model.RecordError`, one
    line naming the file, the place and the problem. The file is never changed.
    """
    path = Path(path)
    try:
        return verify_record(load_record(path))
    except RecordError as error:
        if not error.where.startswith("actions["):
            raise
        record = _without_replay(path)
        if record is None:
            raise
        return verify_record(record)


def _without_replay(path: Path) -> GameRecord | None:
    """The saved game at ``path`` checked field by field like the loader does, but not
    replayed; None if that fails too (an action that is not even well formed, or a file
    changed since the loader read it): the loader's own error then stands.

    Only called after the loader refused the file at an action, so everything before the
    actions was already found sound.
    """
    try:
        data = read_regular_file(path, MAX_FILE_BYTES, N_("a saved game")).data
        document = parse_strict_json(data.decode("utf-8-sig"))
        return GameRecord.model_validate(document)
    except (FileProblem, UnicodeDecodeError, JsonProblem, ValidationError):
        return None
