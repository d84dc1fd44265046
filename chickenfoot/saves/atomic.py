"""The one atomic write: every file chickenfoot writes goes through :func:`write_atomically`.

The text goes to a temporary file in the same folder, is flushed and synced to disk, and then
replaces the target in one step (and the folder entry is synced too): a crash, a full disk or
a kill at any moment leaves either the old file or the new one, never half of either.

A kill at the wrong moment (during the sync) can leave the temporary file behind;
:func:`remove_stale_temporaries` removes those once they are old enough that no write in
progress (in another window) can still own them.
"""

from __future__ import annotations

import os
import re
import stat
import sys
import tempfile
import time
from pathlib import Path

TEMPORARY_PREFIX = "."
TEMPORARY_SUFFIX = ".tmp"
"""Temporary files are named ``.<target name>.<random>.tmp`` beside their target."""

_TEMPORARY_NAME = re.compile(r"\..+\.[A-Za-z0-9_]+\.tmp")


def write_atomically(path: Path, data: bytes, *, sync: bool = True) -> None:
    """Replace ``path`` with ``data`` atomically, creating its folder if needed.

    ``sync=False`` skips flushing to disk (the replacement is still atomic, but a power cut
    may lose it): for caches that are rebuilt when lost. Raises ``OSError`` if the folder
    cannot be written (and leaves no temporary file behind).
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor, temporary_name = tempfile.mkstemp(
        dir=path.parent, prefix=f"{TEMPORARY_PREFIX}{path.name}.", suffix=TEMPORARY_SUFFIX
    )
    temporary = Path(temporary_name)
    try:
        with os.fdopen(descriptor, "wb") as file:
            file.write(data)
            if sync:
                file.flush()
                os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    if sync:
        _sync_folder(path.parent)


def is_temporary_name(name: str) -> bool:
    """True if ``name`` is the name :func:`write_atomically` gives its temporary files."""
    return _TEMPORARY_NAME.fullmatch(name) is not None


def remove_stale_temporaries(folder: Path, older_than_seconds: float) -> list[Path]:
    """Remove the temporary files of :func:`write_atomically` in ``folder`` that were last
    changed more than ``older_than_seconds`` ago; return the files removed.

    Only regular files with a temporary file's name are removed (never a link's target);
    a missing or unreadable folder, or a file that cannot be removed, is skipped.
    """
    removed: list[Path] = []
    cutoff_ns = time.time_ns() - int(older_than_seconds * 1e9)
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        if not is_temporary_name(entry.name):
            continue
        try:
            status = entry.stat(follow_symlinks=False)
            if stat.S_ISREG(status.st_mode) and status.st_mtime_ns < cutoff_ns:
                os.unlink(entry.path)
                removed.append(Path(entry.path))
        except OSError:
            continue
    return removed


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
