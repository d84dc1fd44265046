"""The language chosen in the settings, read as the command starts.

``chickenfoot`` decides its language before it builds a parser (so ``--help`` is in it), and
``--help`` starts about as fast as Python itself: this module reads the settings file's
``display.language`` with what the command line has loaded anyway (no dataclasses, no
temporary files, no Pydantic), where :mod:`chickenfoot.saves.display` reads the whole display
section for the app. It reads the file as that module does (a regular file, at most
:data:`SETTINGS_MAX_BYTES`, strict JSON, this version), and any file it cannot use gives
None, the system's language, as the app's reader gives the default. The rule of a language
setting is stated here once (:func:`language_or_default`); the whole settings use it too.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any

from chickenfoot.lang import LANGUAGES
from chickenfoot.saves import paths
from chickenfoot.saves.strict_json import JsonProblem, parse_strict_json

SETTINGS_VERSION = 1
SETTINGS_MAX_BYTES = 64 * 1024
"""Larger settings files are not read (a real one is under 2 KiB)."""

_READ_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_NOCTTY", 0)
    | getattr(os, "O_BINARY", 0)
)
"""A named pipe or a terminal put where the file should be is opened without waiting for a
writer or becoming the process's terminal."""


def language_or_default(value: Any) -> Any:
    """``value`` if it is the code of a language chickenfoot speaks (``"gl"``), else None: the
    language the system asks for."""
    return value if isinstance(value, str) and value in LANGUAGES else None


def read_language(path: Path | None = None) -> str | None:
    """The code of the language chosen in the settings file ``path`` (default:
    :func:`paths.settings_path`), None for the system's language or a file that cannot be
    used. Never raises and never waits."""
    path = path if path is not None else paths.settings_path()
    try:
        descriptor = os.open(path, _READ_FLAGS)
    except OSError:
        return None
    try:
        status = os.fstat(descriptor)
        if not stat.S_ISREG(status.st_mode) or status.st_size > SETTINGS_MAX_BYTES:
            return None
        data = os.read(descriptor, SETTINGS_MAX_BYTES + 1)
    except OSError:
        return None
    finally:
        os.close(descriptor)
    if len(data) > SETTINGS_MAX_BYTES:
        return None
    try:
        document = parse_strict_json(data.decode("utf-8-sig"))
    except (UnicodeDecodeError, JsonProblem):
        return None
    if (
        not isinstance(document, dict)
        or document.get("version", SETTINGS_VERSION) != SETTINGS_VERSION
    ):
        return None
    section = document.get("display")
    return language_or_default(section.get("language")) if isinstance(section, dict) else None
