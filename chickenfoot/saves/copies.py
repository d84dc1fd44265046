"""Where a named copy of a game goes: the file a name or path typed by a person names.

A bare name (``sunday``) or relative path (``club/sunday``) goes into the copies folder (the
exports folder, :func:`chickenfoot.saves.paths.exports_dir`), and ``..`` may not lead out of
it; ``~`` and absolute paths are taken as they are, except in a browser tab, where a copy
stays in the copies folder whatever is typed; ``.json`` is appended when missing. A copy
replaces only another saved game: never the settings, nor any other file.
:func:`resolve_save_path` refuses, in plain words, a name that cannot be saved to (empty, a
folder, a file that is not a saved game, under a file, on a read-only disk, in a folder we
may not write in, outside the copies folder); the app's "Save as" dialog and the plain mode's
``save`` both ask it.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from chickenfoot.lang import N_, _
from chickenfoot.record.model import FORMAT_NAME, MAX_FILE_BYTES
from chickenfoot.saves.exchange import SAVE_SUFFIX
from chickenfoot.saves.files import FileProblem, read_regular_file, special_kind
from chickenfoot.saves.paths import confined_to_data_dir, exports_dir


class SavePathError(ValueError):
    """A file name that cannot be saved to; the message says why."""


def resolve_save_path(text: str, base: Path | None = None) -> Path:
    """The file that ``text`` names: relative names inside ``base`` (default: the copies
    folder), ``.json`` appended. Raises :class:`SavePathError` with a clear message if it
    cannot be used.
    """
    name = text.strip()
    if not name:
        raise SavePathError(_("Type a file name, e.g. sunday-game."))
    if name.endswith(("/", os.sep)):
        raise SavePathError(_("{name} is a folder: add a file name after it.").format(name=name))
    folder = base if base is not None else exports_dir()
    typed = Path(name).expanduser()
    path = typed if typed.is_absolute() else folder / typed
    if path.suffix.lower() != SAVE_SUFFIX:
        path = path.with_name(path.name + SAVE_SUFFIX)
    # Where the path leads is settled before anything is asked of the file: it may not exist.
    if confined_to_data_dir() and _leaves(path, folder):
        raise SavePathError(
            _(
                "In a browser tab, copies are saved only in the copies folder ({folder}): "
                "type a name such as sunday."
            ).format(folder=folder)
        )
    if not typed.is_absolute() and _leaves(path, folder):
        raise SavePathError(
            _(
                "A name is taken in the copies folder ({folder}), and .. may not lead out of "
                "it: type a whole path (from / or ~) to save elsewhere."
            ).format(folder=folder)
        )
    if path.is_dir():
        raise SavePathError(_("{path} is a folder: choose a file name.").format(path=path))
    _refuse_to_replace(path)
    ancestor = path.parent
    while not ancestor.exists():
        if ancestor.parent == ancestor:
            break
        ancestor = ancestor.parent
    if not ancestor.is_dir():
        raise SavePathError(
            _("{path} is a file, so no folder can be made there.").format(path=ancestor)
        )
    if _read_only(ancestor):
        raise SavePathError(
            _("{path} is on a read-only disk: choose a folder elsewhere.").format(path=ancestor)
        )
    if not os.access(ancestor, os.W_OK | os.X_OK):
        raise SavePathError(_("No permission to write in {path}.").format(path=ancestor))
    return path


def _leaves(path: Path, folder: Path) -> bool:
    """True if ``path`` is not inside ``folder``, following ``..`` and links as the system
    would. Only the folders are looked at, never the file itself, so the answer does not tell
    whether a file exists (nor where a link of that name leads: the copy replaces the link)."""
    inside = Path(os.path.realpath(folder))
    return not Path(os.path.realpath(path.parent)).is_relative_to(inside)


def _refuse_to_replace(path: Path) -> None:
    """Refuse ``path`` if something is there that a copy may not replace: anything but a
    regular file (a named pipe, a device), or a file that is not a saved game."""
    try:
        kind = special_kind(os.stat(path).st_mode)
    except OSError:  # nothing there (or nothing we may look at: writing will say)
        return
    if kind is not None:
        raise SavePathError(
            _("{path} is not a regular file but {kind}: choose another name.").format(
                path=path, kind=kind
            )
        )
    if not is_saved_game(path):
        raise SavePathError(
            _(
                "{path} is not a saved game, and a copy replaces only another saved game: "
                "choose another name."
            ).format(path=path)
        )


def is_saved_game(path: Path) -> bool:
    """True if the regular file ``path`` holds a chickenfoot saved game (a JSON object whose
    ``format`` is ``"chickenfoot"``, of any version, sound or not); never blocks."""
    try:
        data = read_regular_file(path, MAX_FILE_BYTES, N_("a saved game")).data
        document = json.loads(data.decode("utf-8-sig"))
    except (FileProblem, UnicodeDecodeError, ValueError, RecursionError):
        return False
    return isinstance(document, dict) and document.get("format") == FORMAT_NAME


def _read_only(folder: Path) -> bool:
    """True if ``folder`` is on a file system mounted read-only (False where it cannot be
    told)."""
    try:
        return bool(os.statvfs(folder).f_flag & os.ST_RDONLY)
    except (OSError, AttributeError):  # statvfs is POSIX only
        return False
