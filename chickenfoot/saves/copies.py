"""Where a named copy of a game goes: the file a name or path typed by a person names.

A bare name (``sunday``) or relative path (``club/sunday``) goes into the exports folder
(:func:`chickenfoot.saves.paths.exports_dir`); ``~`` and absolute paths are taken as they are;
``.json`` is appended when missing. :func:`resolve_save_path` refuses, in plain words, a name
that cannot be saved to (empty, a folder, under a file, on a read-only disk, in a folder we
may not write in, outside the data folder in a browser tab); the app's "Save as" dialog and
the plain mode's ``save`` both ask it.
"""

from __future__ import annotations

import os
from pathlib import Path

from chickenfoot.saves.exchange import SAVE_SUFFIX
from chickenfoot.saves.paths import data_dir, exports_dir, leaves_data_dir


class SavePathError(ValueError):
    """A file name that cannot be saved to; the message says why."""


def resolve_save_path(text: str, base: Path | None = None) -> Path:
    """The file that ``text`` names: relative names inside ``base`` (default: the exports folder),
    ``.json`` appended. Raises :class:`SavePathError` with a clear message if it cannot be used.
    """
    name = text.strip()
    if not name:
        raise SavePathError("Type a file name, e.g. sunday-game.")
    if name.endswith(("/", os.sep)):
        raise SavePathError(f"{name} is a folder: add a file name after it.")
    path = Path(name).expanduser()
    if not path.is_absolute():
        path = (base if base is not None else exports_dir()) / path
    if path.suffix.lower() != SAVE_SUFFIX:
        path = path.with_name(path.name + SAVE_SUFFIX)
    if leaves_data_dir(path):  # before anything is asked of the file: it may not exist
        raise SavePathError(
            f"In a browser tab, copies are saved only inside the data folder ({data_dir()}): "
            "type a name such as sunday."
        )
    if path.is_dir():
        raise SavePathError(f"{path} is a folder: choose a file name.")
    ancestor = path.parent
    while not ancestor.exists():
        if ancestor.parent == ancestor:
            break
        ancestor = ancestor.parent
    if not ancestor.is_dir():
        raise SavePathError(f"{ancestor} is a file, so no folder can be made there.")
    if _read_only(ancestor):
        raise SavePathError(f"{ancestor} is on a read-only disk: choose a folder elsewhere.")
    if not os.access(ancestor, os.W_OK | os.X_OK):
        raise SavePathError(f"No permission to write in {ancestor}.")
    return path


def _read_only(folder: Path) -> bool:
    """True if ``folder`` is on a file system mounted read-only (False where it cannot be
    told)."""
    try:
        return bool(os.statvfs(folder).f_flag & os.ST_RDONLY)
    except (OSError, AttributeError):  # statvfs is POSIX only
        return False
