"""Strict JSON: the parser every chickenfoot file is read with.

Stricter than ``json.loads`` where a file could otherwise be read two ways: a field written
twice (``json.loads`` keeps the last one silently), ``NaN`` and ``Infinity`` (not JSON),
and numbers too long to be anything chickenfoot stores. Every refusal is a
:class:`JsonProblem` in plain words with the place it was found.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

from chickenfoot.lang import N_, _, ngettext
from chickenfoot.record.problems import json_path, printable, short_json

MAX_NUMBER_DIGITS = 30
"""The longest number a file may hold (seeds have at most 19 digits)."""

DECODER_MESSAGES: tuple[tuple[str, str], ...] = (
    (
        "Expecting value",
        N_("expected a value (a number, text in quotes, a list, an object, true, false or null)"),
    ),
    ("Expecting property name", N_("expected a field name in double quotes")),
    ("Expecting ':'", N_('expected ":" after the field name')),
    ("Expecting ','", N_('expected "," between two items, or the end of the list or object')),
    ("Extra data", N_("more text follows the end of the JSON value")),
    ("Unterminated string", N_("a text in quotes is not closed")),
    (
        "Invalid control character",
        N_(
            "a control character (a line break, a tab...) inside "
            "quotes: write it as an escape such as \\n"
        ),
    ),
    ("Invalid \\escape", N_("an unknown escape after a backslash")),
    ("Invalid \\uXXXX", N_("a \\u escape needs four hexadecimal digits")),
    ("Unexpected UTF-8 BOM", N_("a second byte order mark at the start of the text")),
    ("Illegal trailing comma", N_("a comma before the closing bracket")),
)
"""Plain words for the messages of Python's JSON parser, by how each message begins (marked
for the catalogues, translated where shown)."""


class JsonProblem(ValueError):
    """Text that is not strict JSON: ``where`` (a JSON path or ``line L, column C``, or empty)
    and ``problem`` in plain words."""

    def __init__(self, where: str, problem: str) -> None:
        self.where = where
        self.problem = problem
        super().__init__(": ".join(part for part in (where, problem) if part))


def parse_strict_json(text: str) -> Any:
    """The JSON value of ``text``; raises :class:`JsonProblem` for anything not strict JSON.

    A cut-short text says so ("the file ends too early"); repeated fields are named with
    their place (``rules.players``).
    """
    repeated: list[tuple[dict[str, Any], str, int]] = []
    long_numbers: list[_LongNumber] = []

    def parse_int(digits: str) -> int | _LongNumber:
        if len(digits.lstrip("-")) <= MAX_NUMBER_DIGITS:
            return int(digits)
        long_numbers.append(_LongNumber(digits))  # refused once its place is known
        return long_numbers[-1]

    # Numbers are read by the parser's own code unless the text has a run of digits too long
    # (in a number, or perhaps only in a text): a file of millions of numbers stays quick.
    careful = _TOO_MANY_DIGITS.search(text) is not None

    def build_object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        built = dict(pairs)
        if len(built) != len(pairs):
            keys = [key for key, _value in pairs]
            first = next(key for key in keys if keys.count(key) > 1)
            repeated.append((built, first, keys.count(first)))
        return built

    try:
        value = json.loads(
            text,
            object_pairs_hook=build_object,
            parse_int=parse_int if careful else None,
            parse_constant=_refuse_constant,
        )
    except json.JSONDecodeError as error:
        raise _decode_problem(error, text) from None
    except RecursionError:
        raise JsonProblem("", _("the JSON is nested too deeply")) from None
    if long_numbers:
        raise _long_number_problem(value)
    if repeated:
        raise _repeated_problem(value, repeated)
    return value


_TOO_MANY_DIGITS = re.compile(f"[0-9]{{{MAX_NUMBER_DIGITS + 1}}}")


class _LongNumber(str):
    """The digits of a number too long to be read (never turned into an int: a number of a
    million digits would take long to convert)."""


def _long_number_problem(value: Any) -> JsonProblem:
    """The first number in reading order that is too long, with its place."""
    path, number = next(
        (path, item) for path, item in _values(value) if isinstance(item, _LongNumber)
    )
    digits = len(number.lstrip("-"))
    return JsonProblem(
        printable(json_path(path)),
        ngettext(
            "a number {count} digit long: no number here may have more than {most} digits",
            "a number {count} digits long: no number here may have more than {most} digits",
            digits,
        ).format(count=digits, most=MAX_NUMBER_DIGITS),
    )


def _refuse_constant(name: str) -> Any:
    raise JsonProblem("", _("{name} is not a number JSON allows").format(name=name))


def _decode_problem(error: json.JSONDecodeError, text: str) -> JsonProblem:
    where = _("line {line}, column {column}").format(line=error.lineno, column=error.colno)
    # The text ran out mid-value, or inside a string (a JSON string cannot hold a line break,
    # so only the end of the text leaves one unterminated).
    if error.pos >= len(text.rstrip()) or error.msg.startswith("Unterminated string"):
        return JsonProblem(
            where, _("the file ends too early (it was cut short): the JSON is incomplete")
        )
    problem = next(
        (_(words) for start, words in DECODER_MESSAGES if error.msg.startswith(start)),
        _("the text is not valid JSON here"),
    )
    return JsonProblem(where, _("not valid JSON: {problem}").format(problem=problem))


def _repeated_problem(value: Any, repeated: list[tuple[dict[str, Any], str, int]]) -> JsonProblem:
    """The first repeated field in reading order, with its place in the document."""
    holders = {id(holder): (key, count) for holder, key, count in repeated}
    # Every object holding a repeated field is in the value, or is the value of a field that
    # is itself repeated in an object that is: the first in reading order is always found.
    path, holder = next(
        (path, container)
        for path, container in _containers(value)
        if isinstance(container, dict) and id(container) in holders
    )
    key, count = holders[id(holder)]
    return JsonProblem(
        printable(json_path([*path, key])),
        ngettext(
            "the field {field} is written {count} time: a field may appear only once",
            "the field {field} is written {count} times: a field may appear only once",
            count,
        ).format(field=short_json(key), count=count),
    )


def _containers(value: Any) -> Iterator[tuple[list[int | str], Any]]:
    """Every list and object inside ``value`` with its path, in reading order."""
    return ((path, item) for path, item in _values(value) if isinstance(item, (dict, list)))


def _values(value: Any) -> Iterator[tuple[list[int | str], Any]]:
    """Every value inside ``value`` (itself first) with its path, in reading order (no
    recursion: the JSON may be nested as deeply as the parser allows)."""
    stack: list[tuple[list[int | str], Any]] = [([], value)]
    while stack:
        path, item = stack.pop()
        yield path, item
        stack.extend(([*path, key], child) for key, child in reversed(_children(item)))


def _children(container: Any) -> list[tuple[int | str, Any]]:
    """The keys (or indexes) and values held by a list or an object, in reading order."""
    if isinstance(container, dict):
        return list(container.items())
    if isinstance(container, list):
        return list(enumerate(container))
    return []
