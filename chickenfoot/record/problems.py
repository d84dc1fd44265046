"""Plain words for what goes wrong with files: one place that turns the system's, the JSON
parser's and Pydantic's own wording into sentences a player can read.

Every message chickenfoot shows about a file is built from these helpers, so none of them
speaks Python ("[Errno 2]", "invalid literal") or Pydantic ("Input should be a valid
integer"). Text that comes from a file is passed through :func:`printable` first: it is
shown on one line, with unprintable characters escaped and long text cut short.

The words come from the catalogues (:mod:`chickenfoot.lang`), in the language in use when the
message is made; file names, JSON paths, field names and the values quoted from a file stay as
they are.
"""

from __future__ import annotations

import errno
import json
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from chickenfoot.lang import N_, _, ngettext, pgettext

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
        return ngettext("{count} byte", "{count} bytes", size).format(count=size)
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
    # Translators: each kind of JSON value is shown inside a sentence such as "must be a
    # list, not {kind}" or "the file holds {kind}, not an object".
    if isinstance(value, bool):
        return pgettext("a kind of JSON value", "true or false")
    if value is None:
        return "null"
    if isinstance(value, (int, float)):
        return pgettext("a kind of JSON value", "a number")
    if isinstance(value, str):
        return pgettext("a kind of JSON value", "text")
    if isinstance(value, (list, tuple)):
        return pgettext("a kind of JSON value", "a list")
    if isinstance(value, dict):
        return pgettext("a kind of JSON value", "an object")
    return pgettext("a kind of JSON value", "a value of another kind")


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
    errno.ENOENT: N_("no such file or folder"),
    errno.EACCES: N_("permission denied"),
    errno.EPERM: N_("permission denied"),
    errno.ENOTDIR: N_("a part of the path is a file, not a folder"),
    errno.EISDIR: N_("not a regular file: a folder"),
    errno.EEXIST: N_("a file of that name is in the way"),
    errno.ELOOP: N_("the path goes round in a loop of links"),
    errno.ENAMETOOLONG: N_("the name is too long"),
    errno.ENOSPC: N_("the disk is full"),
    errno.EROFS: N_("the disk is read-only"),
    errno.EIO: N_("the disk could not be read or written (an input/output error)"),
    errno.EMFILE: N_("too many files are open"),
    errno.ENFILE: N_("too many files are open"),
    errno.EBUSY: N_("the file is busy"),
    errno.ENXIO: N_("no such device"),
    errno.EAGAIN: N_("the file is not ready to be read"),
    errno.EINVAL: N_("the system refused the name or the operation"),
    errno.EXDEV: N_("the file is on another disk"),
    errno.ETXTBSY: N_("the file is busy"),
}
"""The system's errors in plain words, by ``errno`` (marked for the catalogues, translated by
:func:`describe_os_error`)."""
if hasattr(errno, "EDQUOT"):
    OS_PROBLEMS[errno.EDQUOT] = N_("the disk quota is used up")


def describe_os_error(error: OSError) -> str:
    """What an ``OSError`` means, in words (never "[Errno 17] File exists")."""
    if error.errno in OS_PROBLEMS:
        return _(OS_PROBLEMS[error.errno])
    words = (error.strerror or "").strip()
    if not words:
        return _("the system refused (no reason given)")
    return printable(words[0].lower() + words[1:])


# ----- Pydantic's errors ------------------------------------------------------------------------


def _half_character(value: Any) -> str:
    """Why text holding a lone surrogate is refused: it is half of a character."""
    text = value if isinstance(value, str) else ""
    half = next((char for char in text if 0xD800 <= ord(char) <= 0xDFFF), None)
    if half is None:
        return _("holds half of a character (a lone surrogate): text may hold only whole ones")
    return _(
        "holds {escape}, half of a character (a lone surrogate): text may hold only whole ones"
    ).format(escape=f"\\u{ord(half):04x}")


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
        return unknown_field(field)
    if kind == "missing":
        return missing_field(str(field))
    if kind in ("value_error", "assertion_error"):
        cause = context.get("error")
        return str(cause) if cause is not None else _("this value is not valid here")
    if kind in ("int_type", "int_parsing", "int_from_float"):
        return _("must be a whole number, not {value}").format(value=shown)
    if kind in ("float_type", "float_parsing", "finite_number"):
        return _("must be a number, not {value}").format(value=shown)
    if kind in ("bool_type", "bool_parsing"):
        return _("must be true or false, not {value}").format(value=shown)
    if kind == "string_unicode" or (kind == "string_type" and isinstance(value, str)):
        return _half_character(value)
    if kind == "string_type":
        return _("must be text in quotes, not {kind}").format(kind=json_kind(value))
    if kind == "literal_error":
        expected = context.get("expected")
        if expected is None:
            return _("{value} is not allowed here: use another value").format(value=shown)
        # Translators: {allowed} lists the values allowed, in quotes (as the file writes them).
        return _("{value} is not allowed here: use {allowed}").format(value=shown, allowed=expected)
    if kind in ("greater_than_equal", "greater_than", "less_than_equal", "less_than"):
        return _bound_problem(kind, context, shown)
    if kind == "string_too_short":
        return _("must not be empty") if context.get("min_length") == 1 else _("is too short")
    if kind == "string_too_long":
        most = context.get("max_length", 0)
        return ngettext(
            "must be at most {count} character long",
            "must be at most {count} characters long",
            most,
        ).format(count=most)
    if kind == "too_short":
        least = context.get("min_length", 0)
        return ngettext(
            "must hold at least {count} item", "must hold at least {count} items", least
        ).format(count=least)
    if kind == "too_long":
        most = context.get("max_length", 0)
        return ngettext(
            "must hold at most {count} item", "must hold at most {count} items", most
        ).format(count=most)
    if kind in ("tuple_type", "list_type", "iterable_type"):
        return _("must be a list, not {kind}").format(kind=json_kind(value))
    if kind in ("dict_type", "model_type", "model_attributes_type"):
        return _("must be an object, not {kind}").format(kind=json_kind(value))
    if kind.startswith(("datetime", "date", "time")):
        return _(
            "{value} is not a date and time: write it in ISO 8601, e.g. 2026-11-30T18:43:04Z"
        ).format(value=shown)
    return _("{value} is not valid here").format(value=shown)


_BOUND_KEYS = {
    "greater_than_equal": "ge",
    "greater_than": "gt",
    "less_than_equal": "le",
    "less_than": "lt",
}
"""Where Pydantic's error context keeps the bound of each kind of bound error."""


def _bound_problem(kind: str, context: dict[str, Any], shown: str) -> str:
    """Why a number is refused by a bound (``ge``, ``gt``, ``le`` or ``lt``), in words."""
    if kind == "greater_than_equal":
        message = _("must be at least {bound}, not {value}")
    elif kind == "greater_than":
        message = _("must be more than {bound}, not {value}")
    elif kind == "less_than_equal":
        message = _("must be at most {bound}, not {value}")
    else:
        message = _("must be less than {bound}, not {value}")
    bound = context.get(_BOUND_KEYS[kind])
    return message.format(bound=bound, value=shown)


def unknown_field(field: Any) -> str:
    """Why a field a program does not know is refused: "unknown field "x": ..."."""
    return _("unknown field {field}: this program does not know it").format(field=short_json(field))


def missing_field(field: str) -> str:
    """Why an object lacking ``field`` is refused."""
    return _('the field "{field}" is missing').format(field=field)


def is_whole(value: Any) -> bool:
    """True for a JSON whole number (``true`` and ``false`` are not numbers)."""
    return isinstance(value, int) and not isinstance(value, bool)


class FileWriteError(OSError):
    """A file that could not be written; its text is one line of plain words naming it."""

    def __init__(self, path: Path, problem: str) -> None:
        super().__init__(f"{printable(str(path))}: {problem}")
        self.path = path
        self.problem = problem
