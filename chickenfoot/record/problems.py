"""Plain words for what goes wrong with files: one place that turns the system's, the JSON
parser's and Pydantic's own wording into sentences a player can read.

Every message chickenfoot shows about a file is built from these helpers, so none of them
speaks Python ("[Errno 2]", "invalid literal") or Pydantic ("Input should be a valid
integer"). Text that comes from a file is passed through :func:`printable` first: it is
shown on one line, with unprintable characters escaped and long text cut short.
"""

from __future__ import annotations

import errno
import json
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # reading a file's JSON (the settings, at start) needs no Pydantic
    from pydantic import ValidationError

MESSAGE_PART_LIMIT = 300
"""Longest place or problem text in a message; text from a file can be any length."""


def printable(text: str, limit: int = MESSAGE_PART_LIMIT) -> str:
    """``text`` safe to print on one line: unprintable characters (newlines, terminal escape
    codes, lone surrogates, bidi overrides...) written as escapes, cut to ``limit``."""
    if not text.isprintable():
        text = "".join(
            character if character.isprintable() else repr(character)[1:-1] for character in text
        )
    return text if len(text) <= limit else text[: limit - 3] + "..."


def size_text(size: int) -> str:
    """A byte count in words: "512 bytes", "3.2 KiB", "300.0 MiB"."""
    if size < 1024:
        return f"{size} bytes"
    if size < 1024 * 1024:
        return f"{size / 1024:.1f} KiB"
    if size < 1024**3:
        return f"{size / 1024**2:.1f} MiB"
    return f"{size / 1024**3:.1f} GiB"


def short_json(value: Any, limit: int = 40) -> str:
    """``value`` as JSON (or as Python shows it, if it is not JSON), cut short if long."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def json_kind(value: Any) -> str:
    """What kind of JSON value ``value`` is, in words: "a list", "a number"."""
    if isinstance(value, bool):
        return "true or false"
    if value is None:
        return "null"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return "a value of another kind"


def json_path(location: Sequence[int | str]) -> str:
    """A location (field names and list indexes) as a JSON path: ``actions[3].tile``."""
    text = ""
    for part in location:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += f".{part}" if text else str(part)
    return text


# ----- the system's errors -----------------------------------------------------------------

OS_PROBLEMS: dict[int, str] = {
    errno.ENOENT: "no such file or folder",
    errno.EACCES: "permission denied",
    errno.EPERM: "permission denied",
    errno.ENOTDIR: "a part of the path is a file, not a folder",
    errno.EISDIR: "not a regular file: a folder",
    errno.EEXIST: "a file of that name is in the way",
    errno.ELOOP: "the path goes round in a loop of links",
    errno.ENAMETOOLONG: "the name is too long",
    errno.ENOSPC: "the disk is full",
    errno.EROFS: "the disk is read-only",
    errno.EIO: "the disk could not be read or written (an input/output error)",
    errno.EMFILE: "too many files are open",
    errno.ENFILE: "too many files are open",
    errno.EBUSY: "the file is busy",
    errno.ENXIO: "no such device",
    errno.EAGAIN: "the file is not ready to be read",
    errno.EINVAL: "the system refused the name or the operation",
    errno.EXDEV: "the file is on another disk",
    errno.ETXTBSY: "the file is busy",
}
if hasattr(errno, "EDQUOT"):
    OS_PROBLEMS[errno.EDQUOT] = "the disk quota is used up"


def describe_os_error(error: OSError) -> str:
    """What an ``OSError`` means, in words (never "[Errno 17] File exists")."""
    if error.errno in OS_PROBLEMS:
        return OS_PROBLEMS[error.errno]
    words = (error.strerror or "").strip()
    if not words:
        return "the system refused (no reason given)"
    return printable(words[0].lower() + words[1:])


# ----- Pydantic's errors ------------------------------------------------------------------------


def _half_character(value: Any) -> str:
    """Why text holding a lone surrogate is refused: it is half of a character."""
    text = value if isinstance(value, str) else ""
    half = next((char for char in text if 0xD800 <= ord(char) <= 0xDFFF), None)
    shown = f"\\u{ord(half):04x}, " if half is not None else ""
    return f"holds {shown}half of a character (a lone surrogate): text may hold only whole ones"


def validation_problem(error: ValidationError) -> tuple[list[int | str], str]:
    """The first problem of a Pydantic ``ValidationError``: its location and plain words.

    A problem raised by our own validators (a ``ValueError``) keeps its message; Pydantic's
    own checks (types, bounds, allowed values, unknown and missing fields) are worded here.
    """
    item = error.errors(include_url=False)[0]
    location = list(item["loc"])
    return location, _item_problem(item, location)


def _item_problem(item: Any, location: list[int | str]) -> str:
    kind: str = item["type"]
    context: dict[str, Any] = item.get("ctx") or {}
    value = item.get("input")
    shown = short_json(value)
    field = location[-1] if location else ""
    if kind == "extra_forbidden":
        return f"unknown field {short_json(field)}: this program does not know it"
    if kind == "missing":
        return f'the field "{field}" is missing'
    if kind in ("value_error", "assertion_error"):
        cause = context.get("error")
        return str(cause) if cause is not None else "this value is not valid here"
    if kind in ("int_type", "int_parsing", "int_from_float"):
        return f"must be a whole number, not {shown}"
    if kind in ("float_type", "float_parsing", "finite_number"):
        return f"must be a number, not {shown}"
    if kind in ("bool_type", "bool_parsing"):
        return f"must be true or false, not {shown}"
    if kind == "string_unicode" or (kind == "string_type" and isinstance(value, str)):
        return _half_character(value)
    if kind == "string_type":
        return f"must be text in quotes, not {json_kind(value)}"
    if kind == "literal_error":
        return f"{shown} is not allowed here: use {context.get('expected', 'another value')}"
    if kind in ("greater_than_equal", "greater_than"):
        bound = context.get("ge", context.get("gt"))
        word = "at least" if kind == "greater_than_equal" else "more than"
        return f"must be {word} {bound}, not {shown}"
    if kind in ("less_than_equal", "less_than"):
        bound = context.get("le", context.get("lt"))
        word = "at most" if kind == "less_than_equal" else "less than"
        return f"must be {word} {bound}, not {shown}"
    if kind == "string_too_short":
        return "must not be empty" if context.get("min_length") == 1 else "is too short"
    if kind == "string_too_long":
        return f"must be at most {context.get('max_length')} characters long"
    if kind == "too_short":
        return f"must hold at least {context.get('min_length')} items"
    if kind == "too_long":
        return f"must hold at most {context.get('max_length')} items"
    if kind in ("tuple_type", "list_type", "iterable_type"):
        return f"must be a list, not {json_kind(value)}"
    if kind in ("dict_type", "model_type", "model_attributes_type"):
        return f"must be an object, not {json_kind(value)}"
    if kind.startswith(("datetime", "date", "time")):
        return f"{shown} is not a date and time: write it in ISO 8601, e.g. 2026-11-30T18:43:04Z"
    return f"{shown} is not valid here"


def is_whole(value: Any) -> bool:
    """True for a JSON whole number (``true`` and ``false`` are not numbers)."""
    return isinstance(value, int) and not isinstance(value, bool)


class FileWriteError(OSError):
    """A file that could not be written; its text is one line of plain words naming it."""

    def __init__(self, path: Path, problem: str) -> None:
        super().__init__(f"{printable(str(path))}: {problem}")
        self.path = path
        self.problem = problem
