"""Writing a game's record to its file after every move, at once or on a thread of its own.

An :class:`Autosaver` keeps one game's file up to date: :meth:`Autosaver.save` hands it the
newest record. By default it writes at once, on the caller's thread (the command line and
tests). Once :meth:`Autosaver.in_background` is called it writes on a thread of its own, so
a screen never waits for the disk: the newest record wins (records handed in while a write
runs replace each other, and the next write holds every move), the file's stamp is checked
and kept on that thread (a file another window changed is never overwritten, see
:func:`~chickenfoot.saves.record.save_record`), and a callback hears when the file goes from
saved to behind or back. :meth:`Autosaver.flush` waits for the file to hold every move;
:meth:`Autosaver.stop` does that and ends the thread.
"""

from __future__ import annotations

import atexit
import threading
from collections.abc import Callable
from pathlib import Path

from chickenfoot.saves.files import FileStamp
from chickenfoot.saves.record import GameRecord, save_record

EXIT_WAIT = 5.0
"""Seconds a program that ends without stopping its savers waits for their last writes."""


class SaveStillRunning(OSError):
    """The latest save did not finish in the time waited for it (a very slow disk)."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"the disk did not finish the save in {seconds:g} s")
        self.strerror = str(self)


class Autosaver:
    """Saves one game's record to ``path``; ``stamp`` is the file as last read (None: new)."""

    def __init__(self, path: Path, stamp: FileStamp | None = None) -> None:
        self.path = path
        self.stamp = stamp
        """The file as this saver last read or wrote it."""
        self.problem: OSError | None = None
        """Why the latest write failed, or None when the file holds the latest record written."""
        self._condition = threading.Condition()
        self._pending: GameRecord | None = None
        self._latest: GameRecord | None = None
        self._writing = False
        self._thread: threading.Thread | None = None
        self._on_change: Callable[[], object] | None = None

    @property
    def background(self) -> bool:
        """True once saves are written on the saver's own thread."""
        return self._thread is not None

    def in_background(self, on_change: Callable[[], object] | None = None) -> None:
        """Write every later save on a thread of the saver's own; ``on_change`` is called (on
        that thread) whenever :attr:`problem` changes. Calling it again only swaps the
        callback."""
        with self._condition:
            self._on_change = on_change
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._write_queued, name=f"autosave {self.path.name}", daemon=True
                )
                self._thread.start()
                atexit.register(self._at_exit)

    def save(self, record: GameRecord) -> None:
        """Write ``record``: at once (an ``OSError`` is kept in :attr:`problem`), or queued for
        the saver's thread, replacing any record still waiting."""
        with self._condition:
            self._latest = record
            if self._thread is not None:
                self._pending = record
                self._condition.notify_all()
                return
        self._write(record)

    def flush(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds until every record handed in is written; a failed
        write is tried once more. True if the file holds the latest record."""
        with self._condition:
            if self._thread is None:
                latest, problem = self._latest, self.problem
            else:
                if self.problem is not None and self._pending is None and not self._writing:
                    self._pending = self._latest  # try the failed save again
                    self._condition.notify_all()
                if not self._condition.wait_for(self._settled, timeout):
                    self.problem = SaveStillRunning(timeout)
                    return False
                return self.problem is None
        if problem is not None and latest is not None:
            self._write(latest)
        return self.problem is None

    def stop(self, timeout: float) -> bool:
        """Flush (see :meth:`flush`), then end the saver's thread; later saves are written at
        once again. True if the file holds the latest record."""
        saved = self.flush(timeout)
        with self._condition:
            thread, self._thread = self._thread, None
            self._condition.notify_all()
        if thread is not None:
            atexit.unregister(self._at_exit)
            if saved:
                thread.join(timeout)
        return saved

    def _at_exit(self) -> None:
        """The program ends without :meth:`stop`: write what waits before it does."""
        self.stop(EXIT_WAIT)

    def _settled(self) -> bool:
        """True when nothing waits to be written and no write is running."""
        return self._pending is None and not self._writing

    def _write(self, record: GameRecord) -> None:
        """Write ``record`` on this thread, keeping the stamp or the problem."""
        self.stamp, self.problem = _written(record, self.path, self.stamp)

    def _write_queued(self) -> None:
        """The saver's thread: write the newest queued record until stopped (or replaced)."""
        me = threading.current_thread()
        while True:
            with self._condition:
                self._condition.wait_for(lambda: self._pending is not None or self._thread != me)
                record, self._pending = self._pending, None
                if record is None:
                    return
                self._writing = True
                stamp = self.stamp
            stamp, problem = _written(record, self.path, stamp)
            with self._condition:
                before = self.problem  # (a flush that gave up waiting may have set it)
                self.stamp, self.problem = stamp, problem
                on_change = self._on_change
            if on_change is not None and (before is None) != (problem is None):
                on_change()  # before the write counts as done: a flush returns after it
            with self._condition:
                self._writing = False
                self._condition.notify_all()


def _written(
    record: GameRecord, path: Path, stamp: FileStamp | None
) -> tuple[FileStamp | None, OSError | None]:
    """Write ``record`` to ``path`` (expecting the file at ``stamp``): the new stamp and no
    problem, or the old stamp and why it failed."""
    try:
        return save_record(record, path, expected=stamp), None
    except OSError as error:
        return stamp, error
