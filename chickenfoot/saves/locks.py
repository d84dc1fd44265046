"""Game locks: one window per game file, so two windows never fork a game silently.

A window that opens a game takes its lock, :func:`acquire_game_lock`; a second window (any
process of the same user) then gets None and can say who has it open
(:func:`who_holds`: process, host and since when). The lock is a small file in
:func:`chickenfoot.saves.paths.locks_dir`, named after the game file and a hash of its full
path, created with ``O_CREAT | O_EXCL`` (so only one process can create it) and holding the
process id, the host name and the time it was taken.

A lock never outlives its window for long: a lock whose process is gone (checked with
``os.kill(pid, 0)`` on the same host) does not block, it is taken over; one left
half-written is taken over once it is :data:`HALF_WRITTEN_SECONDS` old. A lock from another
host is respected (its process cannot be checked from here) unless the user chooses to open
the game anyway (``force=True``). :func:`remove_dead_locks` clears the locks of processes
that are gone.
"""

from __future__ import annotations

import hashlib
import json
import os
import socket
import sys
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType

from chickenfoot.saves.files import FileProblem, FileWriteError, read_regular_file
from chickenfoot.saves.paths import locks_dir
from chickenfoot.saves.problems import describe_os_error

LOCK_SUFFIX = ".lock"
LOCK_MAX_BYTES = 4096
HALF_WRITTEN_SECONDS = 10.0
"""A lock file that cannot be read is being written, until it is this old."""


@dataclass(frozen=True)
class LockInfo:
    """Who holds a game's lock: a process on a host, since a time."""

    pid: int
    host: str
    started: datetime
    """When the lock was taken (UTC)."""
    lock_path: Path

    def describe(self) -> str:
        """Who has the game open, in words (one line)."""
        since = self.started.astimezone().strftime("%Y-%m-%d %H:%M")
        where = "this computer" if self.host == socket.gethostname() else f"host {self.host}"
        return f"open in another chickenfoot window (process {self.pid} on {where}, since {since})"

    def to_json(self) -> bytes:
        """The content of the lock file."""
        fields = {"pid": self.pid, "host": self.host, "started": self.started.isoformat()}
        return (json.dumps(fields) + "\n").encode("utf-8")


class GameLock:
    """This process's lock on one game file; :meth:`release` it when the game is closed
    (also a context manager)."""

    def __init__(self, game: Path, info: LockInfo) -> None:
        self.game = game
        self.info = info

    @property
    def lock_path(self) -> Path:
        """The lock file."""
        return self.info.lock_path

    def release(self) -> None:
        """Remove the lock, if it is still ours (a window that took it over keeps its own)."""
        try:
            current = read_regular_file(self.lock_path, LOCK_MAX_BYTES, "a lock").data
        except FileProblem:
            return
        if current == self.info.to_json():
            self.lock_path.unlink(missing_ok=True)

    def __enter__(self) -> GameLock:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.release()


def lock_path_for(game: Path) -> Path:
    """The lock file of the game file ``game`` (the same for every path leading to it)."""
    resolved = Path(game).expanduser().resolve()
    digest = hashlib.sha256(os.fsencode(resolved)).hexdigest()[:12]
    return locks_dir() / f"{resolved.name}.{digest}{LOCK_SUFFIX}"


def acquire_game_lock(game: Path, *, force: bool = False) -> GameLock | None:
    """Take the lock of the game file ``game`` for this process; None if another live
    process holds it (:func:`who_holds` says which).

    A lock of a process that is gone is taken over, and so is one of this very process (one
    program opens a game once; a lock it still holds was left by a session it dropped); with
    ``force``, any lock is (the user chose to open the game anyway). Raises ``OSError`` (one
    line of plain words) if the lock cannot be written: the game can still be played,
    unguarded.
    """
    lock_path = lock_path_for(game)
    info = LockInfo(
        pid=os.getpid(), host=socket.gethostname(), started=datetime.now(UTC), lock_path=lock_path
    )
    try:
        lock_path.parent.mkdir(parents=True, exist_ok=True)
        for _attempt in range(3):
            try:
                descriptor = os.open(
                    lock_path,
                    os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0),
                    0o600,
                )
            except FileExistsError:
                holder, status = _read_lock(lock_path)
                if status is None:
                    continue  # it was removed meanwhile: try again
                ours = holder is not None and _is_this_process(holder)
                if not force and not ours and not _is_stale(holder, status):
                    return None
                _remove_if_unchanged(lock_path, status)
                continue
            with os.fdopen(descriptor, "wb") as file:
                file.write(info.to_json())
            return GameLock(Path(game), info)
    except OSError as error:
        raise FileWriteError(lock_path, f"cannot be written: {describe_os_error(error)}") from None
    return None


def who_holds(game: Path) -> LockInfo | None:
    """Who holds the lock of ``game``: a live process (this one included) or a process on
    another host; None if nobody does (no lock, or only a stale one)."""
    holder, status = _read_lock(lock_path_for(game))
    if status is None or _is_stale(holder, status):
        return None
    return holder


def remove_dead_locks() -> list[Path]:
    """Remove the locks of processes that are gone (and old half-written ones); return them."""
    removed: list[Path] = []
    try:
        candidates = [path for path in locks_dir().iterdir() if path.name.endswith(LOCK_SUFFIX)]
    except OSError:
        return removed
    for lock_path in candidates:
        holder, status = _read_lock(lock_path)
        if (
            status is not None
            and _is_stale(holder, status)
            and _remove_if_unchanged(lock_path, status)
        ):
            removed.append(lock_path)
    return removed


def _read_lock(lock_path: Path) -> tuple[LockInfo | None, os.stat_result | None]:
    """The lock's holder (None if the file cannot be understood) and the file's status (None
    if there is no lock file)."""
    try:
        status = os.lstat(lock_path)
        data = read_regular_file(lock_path, LOCK_MAX_BYTES, "a lock").data
        fields = json.loads(data)
        holder = LockInfo(
            pid=int(fields["pid"]),
            host=str(fields["host"]),
            started=datetime.fromisoformat(str(fields["started"])),
            lock_path=lock_path,
        )
    except FileNotFoundError:
        return None, None
    except (OSError, FileProblem, ValueError, TypeError, KeyError, RecursionError):
        try:
            return None, os.lstat(lock_path)
        except OSError:
            return None, None
    return holder, status


def _is_stale(holder: LockInfo | None, status: os.stat_result) -> bool:
    """True if a lock no longer guards anything: its process on this host is gone, or it is
    an old file that cannot be understood."""
    if holder is None:
        return time.time() - status.st_mtime > HALF_WRITTEN_SECONDS
    if holder.host != socket.gethostname():
        return False
    return not _process_alive(holder.pid)


def _is_this_process(holder: LockInfo) -> bool:
    """True if ``holder`` is the process asking."""
    return holder.pid == os.getpid() and holder.host == socket.gethostname()


def _remove_if_unchanged(lock_path: Path, status: os.stat_result) -> bool:
    """Remove the lock file if it is still the file ``status`` describes (a lock taken by
    another window meanwhile is a new file, and is kept); True if removed."""
    try:
        if os.lstat(lock_path).st_ino != status.st_ino:
            return False
        os.unlink(lock_path)
    except OSError:
        return False
    return True


def _process_alive(pid: int) -> bool:
    """True if process ``pid`` runs on this computer (or may: we are not allowed to ask)."""
    if pid <= 0:
        return False
    if sys.platform == "win32":
        return _windows_process_alive(pid)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # not ours to signal: it exists
        return True
    return True


if sys.platform == "win32":
    import ctypes

    def _windows_process_alive(pid: int) -> bool:
        """True if process ``pid`` runs (``os.kill`` would end it on Windows)."""
        query_limited_information, still_active = 0x1000, 259
        kernel = ctypes.windll.kernel32
        handle = kernel.OpenProcess(query_limited_information, False, pid)
        if not handle:
            return bool(kernel.GetLastError() == 5)  # access denied: it exists
        try:
            code = ctypes.c_ulong()
            kernel.GetExitCodeProcess(handle, ctypes.byref(code))
            return code.value == still_active
        finally:
            kernel.CloseHandle(handle)
