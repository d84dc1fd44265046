"""Reading and writing chickenfoot's files safely.

Reading (:func:`read_regular_file`) opens regular files only: a named pipe, a folder, a
device or a socket is refused at once, in words, before it is opened (opening a named pipe
waits for a writer forever; reading ``/dev/zero`` never ends). The file is then opened
without blocking, so one swapped for a pipe between the check and the opening still cannot
hang, and checked again through the open descriptor; its size is bounded before and while it
is read. Nothing read is ever changed.

Writing (:func:`write_file`) goes through the one atomic write
(:func:`chickenfoot.saves.atomic.write_atomically`) and can refuse to overwrite a file that is
no longer the one this program last read or wrote (:class:`FileStamp`, :class:`SaveConflict`):
two windows on one game never silently overwrite each other's moves. Both raise errors whose
text is one line of plain words naming the file.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path

from chickenfoot.saves.atomic import write_atomically
from chickenfoot.saves.problems import describe_os_error, printable, size_text

_READ_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_NOCTTY", 0)
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)
)
"""Open for reading without waiting (a pipe), without becoming a terminal's process, binary."""


STAMP_READ_LIMIT = 64 * 1024 * 1024
"""The largest file :meth:`FileStamp.of` reads to hash."""


class FileProblem(ValueError):
    """A file that cannot be read as one of chickenfoot's files; ``problem`` in plain words."""

    def __init__(self, path: Path, problem: str) -> None:
        self.path = path
        self.problem = problem
        super().__init__(f"{printable(str(path))}: {problem}")


class FileWriteError(OSError):
    """A file that could not be written; its text is one line of plain words naming it."""

    def __init__(self, path: Path, problem: str) -> None:
        super().__init__(f"{printable(str(path))}: {problem}")
        self.path = path
        self.problem = problem


class SaveConflict(FileWriteError):
    """A file that changed since this program last read or wrote it: it was not overwritten."""


def special_kind(mode: int) -> str | None:
    """What a file that is not a regular file is, in words ("a named pipe"); None if regular."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a special file"


def kind_problem(mode: int) -> str | None:
    """``"not a regular file: a named pipe"`` (or a folder, a device...); None if regular."""
    kind = special_kind(mode)
    return None if kind is None else f"not a regular file: {kind}"


def missing_problem(path: Path) -> str:
    """Why ``path`` cannot be found: no such file, or a link that leads nowhere."""
    return "a link to a file that does not exist" if path.is_symlink() else "no such file"


@dataclass(frozen=True)
class FileStamp:
    """Which version of a file this is: its size, modification time and inode (which the
    atomic write changes on every save), and a hash of its content.

    Two stamps are the same file version if the first three match, or else if the content
    hashes match (the file was copied back, or touched, but holds the same bytes).
    """

    size: int
    mtime_ns: int
    inode: int
    digest: str
    """SHA-256 of the content, in hex."""

    @classmethod
    def of_content(cls, status: os.stat_result, data: bytes) -> FileStamp:
        """The stamp of a file whose status is ``status`` and whose bytes are ``data``."""
        from hashlib import sha256  # here: reading the settings at start needs no hashing

        return cls(
            size=status.st_size,
            mtime_ns=status.st_mtime_ns,
            inode=status.st_ino,
            digest=sha256(data).hexdigest(),
        )

    @classmethod
    def of(cls, path: Path, limit: int = STAMP_READ_LIMIT) -> FileStamp:
        """The stamp of the regular file ``path`` as it is now (read to hash it, at most
        ``limit`` bytes). Raises :class:`FileProblem` if it cannot be read."""
        return read_regular_file(path, limit, "a file to compare").stamp

    def matches_status(self, status: os.stat_result) -> bool:
        """True if ``status`` shows the same size, modification time and inode."""
        return (status.st_size, status.st_mtime_ns, status.st_ino) == (
            self.size,
            self.mtime_ns,
            self.inode,
        )


@dataclass(frozen=True)
class FileContent:
    """The bytes of a regular file and the stamp of the version they came from."""

    data: bytes
    stamp: FileStamp


def read_regular_file(path: Path, limit: int, what: str) -> FileContent:
    """The content of the regular file ``path``, at most ``limit`` bytes.

    Raises :class:`FileProblem` for a missing or unreadable file, anything but a regular file
    ("not a regular file: a named pipe"), and a file over ``limit`` bytes ("the file is
    300.0 MiB, larger than the 4.0 MiB <what> may be"). Never blocks, never writes.
    """
    try:
        status = os.stat(path)
    except FileNotFoundError:
        raise FileProblem(path, missing_problem(path)) from None
    except OSError as error:
        raise FileProblem(path, f"cannot be read: {describe_os_error(error)}") from None
    _check_status(path, status, limit, what)
    try:
        descriptor = os.open(path, _READ_FLAGS)
    except FileNotFoundError:
        raise FileProblem(path, missing_problem(path)) from None
    except PermissionError:
        raise FileProblem(path, "permission denied: the file cannot be read") from None
    except OSError as error:
        raise FileProblem(path, f"cannot be read: {describe_os_error(error)}") from None
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
        raise FileProblem(path, f"cannot be read: {describe_os_error(error)}") from None
    finally:
        os.close(descriptor)
    data = b"".join(chunks)
    if len(data) > limit:
        raise FileProblem(path, f"the file grew past {size_text(limit)} while being read")
    return FileContent(data, FileStamp.of_content(status, data))


def _check_status(path: Path, status: os.stat_result, limit: int, what: str) -> None:
    problem = kind_problem(status.st_mode)
    if problem is not None:
        raise FileProblem(path, problem)
    if status.st_size > limit:
        raise FileProblem(
            path,
            f"the file is {size_text(status.st_size)}, larger than the {size_text(limit)} "
            f"{what} may be",
        )


def write_file(
    path: Path, data: bytes, *, expected: FileStamp | None = None, sync: bool = True
) -> FileStamp:
    """Replace ``path`` with ``data`` atomically; return the stamp of the new file.

    With ``expected`` (the stamp of what this program last read or wrote there), a file that
    has changed since is not overwritten: :class:`SaveConflict` is raised. A file that was
    deleted meanwhile is written again. ``sync=False`` skips flushing to disk (for caches
    that can be rebuilt). Raises :class:`FileWriteError` (an ``OSError``) if the file cannot
    be written.
    """
    if expected is not None:
        _check_unchanged(path, expected)
    try:
        write_atomically(path, data, sync=sync)
        status = os.stat(path)
    except OSError as error:
        raise FileWriteError(path, f"cannot be written: {_write_problem(path, error)}") from None
    return FileStamp.of_content(status, data)


def _write_problem(path: Path, error: OSError) -> str:
    """Why writing ``path`` failed; a file where a folder of the path should be is named."""
    if isinstance(error, (FileExistsError, NotADirectoryError)):
        for folder in path.parents:
            if folder.exists() and not folder.is_dir():
                return f"{printable(str(folder))} is a file, not a folder"
    return describe_os_error(error)


def _check_unchanged(path: Path, expected: FileStamp) -> None:
    """Raise :class:`SaveConflict` if ``path`` is no longer the version ``expected``."""
    try:
        status = os.stat(path)
    except FileNotFoundError:
        return
    except OSError as error:
        raise FileWriteError(path, f"cannot be checked: {describe_os_error(error)}") from None
    if expected.matches_status(status):
        return
    if status.st_size == expected.size:
        try:
            current = read_regular_file(path, expected.size, "this file")
        except FileProblem as problem:
            raise SaveConflict(path, f"not saved: {problem.problem}") from None
        if current.stamp.digest == expected.digest:
            return
    raise SaveConflict(
        path,
        "not saved: another window or program changed this file since this game last read or "
        "saved it (save under another name to keep both)",
    )
