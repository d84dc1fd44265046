"""The one atomic write: every file chickenfoot writes goes through :func:`write_atomically`.

The text goes to a temporary file in the same folder, is flushed and synced to disk, and then
replaces the target in one step (and the folder entry is synced too): a crash, a full disk or
a kill at any moment leaves either the old file or the new one, never half of either.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

TEMPORARY_SUFFIX = ".tmp"
"""Temporary files are named ``.<target name>.<random>.tmp`` beside their target."""


def write_atomically(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` atomically, creating its folder if needed.

    Raises ``OSError`` if the folder cannot be written (and leaves no temporary file behind).
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor, temporary_name = tempfile.mkstemp(
        dir=path.parent, prefix=f".{path.name}.", suffix=TEMPORARY_SUFFIX
    )
    temporary = Path(temporary_name)
    try:
        with os.fdopen(descriptor, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    _sync_folder(path.parent)


def _sync_folder(folder: Path) -> None:
    """Flush the folder entry of a renamed file to disk where the system allows it (POSIX)."""
    if sys.platform == "win32":
        return
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)
