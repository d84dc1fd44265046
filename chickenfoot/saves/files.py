"""Reading and writing chickenfoot's files safely.

Reading (:func:`read_regular_file`) opens regular files only: a named pipe, a folder, a
device or a socket is refused at once, in words, before it is opened (opening a named pipe
waits for a writer forever; reading ``/dev/zero`` never ends). The file is then opened
without blocking, so one swapped for a pipe between the check and the opening still cannot
hang, and checked again through the open descriptor; its size is bounded before and while it
is read. Nothing read is ever changed.

Writing (:func:`write_file`) goes through the one atomic write
(:func:`chickenfoot.saves.atomic.write_atomically`). Both raise errors whose text is one line
of plain words naming the file.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path

from chickenfoot.lang import _, pgettext
from chickenfoot.record.problems import FileWriteError, describe_os_error, printable, size_text
from chickenfoot.saves.atomic import write_atomically

_READ_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_NOCTTY", 0)
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)
)
"""Open for reading without waiting (a pipe), without becoming a terminal's process, binary."""


class FileProblem(ValueError):
    """A file that cannot be read as one of chickenfoot's files; ``problem`` in plain words."""

    def __init__(self, path: Path, problem: str) -> None:
        self.path = path
        self.problem = problem
        super().__init__(f"{printable(str(path))}: {problem}")


def special_kind(mode: int) -> str | None:
    """What a file that is not a regular file is, in words ("a named pipe"); None if regular."""
    if stat.S_ISREG(mode):
        return None
    # Translators: what stands where a file should be, shown inside a sentence such as "not
    # a regular file: {kind}" or "... is not a regular file but {kind}: choose another name."
    if stat.S_ISDIR(mode):
        return pgettext("a kind of file", "a folder")
    if stat.S_ISFIFO(mode):
        return pgettext("a kind of file", "a named pipe")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return pgettext("a kind of file", "a device")
    if stat.S_ISSOCK(mode):
        return pgettext("a kind of file", "a socket")
    return pgettext("a kind of file", "a special file")


def kind_problem(mode: int) -> str | None:
    """``"not a regular file: a named pipe"`` (or a folder, a device...); None if regular."""
    kind = special_kind(mode)
    return None if kind is None else _("not a regular file: {kind}").format(kind=kind)


def missing_problem(path: Path) -> str:
    """Why ``path`` cannot be found: no such file, or a link that leads nowhere."""
    if path.is_symlink():
        return _("a link to a file that does not exist")
    return _("no such file")


def unreadable_problem(error: OSError) -> str:
    """Why a file cannot be read, from the system's error, in words."""
    return _("cannot be read: {reason}").format(reason=describe_os_error(error))


@dataclass(frozen=True)
class FileContent:
    """The bytes of a regular file."""

    data: bytes


def read_regular_file(path: Path, limit: int, what: str) -> FileContent:
    """The content of the regular file ``path``, at most ``limit`` bytes; ``what`` names such
    a file, marked for the catalogues (``N_("a saved game")``) and translated when shown.

    Raises :class:`FileProblem` for a missing or unreadable file, anything but a regular file
    ("not a regular file: a named pipe"), and a file over ``limit`` bytes ("the file is
    300.0 MiB, larger than the 4.0 MiB <what> may be"). Never blocks, never writes.
    """
    try:
        status = os.stat(path)
    except FileNotFoundError:
        raise FileProblem(path, missing_problem(path)) from None
    except OSError as error:
        raise FileProblem(path, unreadable_problem(error)) from None
    _check_status(path, status, limit, what)
    try:
        descriptor = os.open(path, _READ_FLAGS)
    except FileNotFoundError:
        raise FileProblem(path, missing_problem(path)) from None
    except PermissionError:
        raise FileProblem(path, _("permission denied: the file cannot be read")) from None
    except OSError as error:
        raise FileProblem(path, unreadable_problem(error)) from None
    try:
        status = os.fstat(descriptor)
        _check_status(path, status, limit, what)
        chunks: list[bytes] = []
        left = limit + 1
        while left > 0:
            chunk = os.read(descriptor, min(left, 1024 * 1024))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except OSError as error:
        raise FileProblem(path, unreadable_problem(error)) from None
    finally:
        os.close(descriptor)
    data = b"".join(chunks)
    if len(data) > limit:
        raise FileProblem(
            path, _("the file grew past {size} while being read").format(size=size_text(limit))
        )
    return FileContent(data)


def _check_status(path: Path, status: os.stat_result, limit: int, what: str) -> None:
    problem = kind_problem(status.st_mode)
    if problem is not None:
        raise FileProblem(path, problem)
    if status.st_size > limit:
        raise FileProblem(
            path,
            # Translators: {what} is "a saved game" or "a settings file".
            _("the file is {size}, larger than the {limit} {what} may be").format(
                size=size_text(status.st_size), limit=size_text(limit), what=_(what)
            ),
        )


def write_file(path: Path, data: bytes, *, sync: bool = True) -> None:
    """Replace ``path`` with ``data`` atomically. ``sync=False`` skips flushing to disk.
    Raises :class:`FileWriteError` (an ``OSError``) if the file cannot be written."""
    try:
        write_atomically(path, data, sync=sync)
    except OSError as error:
        raise FileWriteError(
            path, _("cannot be written: {reason}").format(reason=_write_problem(path, error))
        ) from None


def _write_problem(path: Path, error: OSError) -> str:
    """Why writing ``path`` failed; a file where a folder of the path should be is named."""
    if isinstance(error, (FileExistsError, NotADirectoryError)):
        for folder in path.parents:
            if folder.exists() and not folder.is_dir():
                return _("{folder} is a file, not a folder").format(folder=printable(str(folder)))
    return describe_os_error(error)
