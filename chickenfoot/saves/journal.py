"""The game database's journal, watched: a commit is safe only while it is on disk.

In WAL mode SQLite appends every commit to the journal beside the database
(``chickenfoot.db-wal``) and copies it into the database now and then. If another program
deletes the journal while chickenfoot has the database open, SQLite goes on writing to the
deleted file: every commit seems to work, but a crash (a ``kill -9``, a power cut) loses each
move made since the database was opened, and no error ever says so. :class:`JournalWatch`
notices it, at the cost of one ``stat`` after each commit: the journal this connection writes
to is a file (its device and inode numbers); once the journal's name leads to another file,
or to none, it is gone. :class:`JournalLost` says so in words; the store then copies what the
lost journal holds into the database and begins a new one
(:class:`~chickenfoot.saves.database.SqliteStore`).

A connection opened after the journal was deleted would begin a new journal while the
process's older connections still write to the deleted one, and the two would disagree:
:data:`OPEN_JOURNALS` knows this process's connections to each database, so that a new one
first has the older ones copy the deleted journal into the database and move to a new one,
and keeps what was lost to be told at the next commit, whichever connection makes it.
Imports no Textual.
"""

from __future__ import annotations

import os
import threading
import weakref
from pathlib import Path
from typing import Protocol

from chickenfoot.lang import _
from chickenfoot.saves.store import StoreError

JOURNAL_SUFFIX = "-wal"
"""What SQLite adds to the database's name for its journal in WAL mode."""


class JournalLost(StoreError):
    """The database's journal was deleted while the store had it open; ``saved`` says whether
    the moves it held were copied into the database and a new journal begun."""

    def __init__(self, journal: Path, *, saved: bool) -> None:
        if saved:
            problem = _(
                "the game database's journal, {journal}, was deleted while the game was open: "
                "the moves so far are now in the database itself, and the next ones go to a "
                "new journal"
            ).format(journal=journal.name)
        else:
            problem = _(
                "the game database's journal, {journal}, was deleted while the game was open, "
                "and its moves could not be copied into the database"
            ).format(journal=journal.name)
        super().__init__(problem)
        self.saved = saved


class JournalWatch:
    """Whether the journal of the database at ``database`` is still the file a connection
    writes to."""

    def __init__(self, database: Path) -> None:
        self.path = database.with_name(database.name + JOURNAL_SUFFIX)
        """The journal's name."""
        self._file: tuple[int, int] | None = None
        """The journal written to (device and inode); None until it is known."""

    def remember(self) -> None:
        """Note the file now at the journal's name as the one written to (nothing when there
        is none yet: the first commit makes it)."""
        self._file = self._file_now()

    def moved(self) -> bool:
        """True once the journal written to is no longer at the journal's name (deleted, or
        another file put there); False while it is, or while it is not known yet (then the
        file there now, if any, is remembered)."""
        now = self._file_now()
        if self._file is None:
            self._file = now
            return False
        return now != self._file

    def _file_now(self) -> tuple[int, int] | None:
        try:
            status = os.stat(self.path)
        except OSError:
            return None
        return status.st_dev, status.st_ino


class Renewable(Protocol):
    """A connection to a database that can move to a new journal when its own was deleted."""

    def renew_if_moved(self) -> None:
        """Copy a deleted journal into the database and begin a new one (nothing if the
        journal is where it was)."""


class OpenJournals:
    """This process's open connections to each database (by its real path), and for each
    database the loss of a journal still to be told."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._open: dict[str, weakref.WeakSet[Renewable]] = {}
        self._lost: dict[str, JournalLost] = {}

    def opened(self, database: str, connection: Renewable) -> None:
        """``connection`` to ``database`` is open."""
        with self._lock:
            self._open.setdefault(database, weakref.WeakSet()).add(connection)

    def closed(self, database: str, connection: Renewable) -> None:
        """``connection`` to ``database`` is closed."""
        with self._lock:
            self._open.get(database, weakref.WeakSet()).discard(connection)

    def renew_others(self, database: str) -> None:
        """Before a new connection to ``database`` is made: every open one still on a deleted
        journal copies it into the database and moves to a new journal."""
        with self._lock:
            connections = list(self._open.get(database, ()))
        for connection in connections:
            connection.renew_if_moved()

    def lose(self, database: str, lost: JournalLost) -> None:
        """Keep ``lost`` to be told at the next commit to ``database``."""
        with self._lock:
            self._lost[database] = lost

    def take_lost(self, database: str) -> JournalLost | None:
        """The loss of a journal of ``database`` not told yet (then forgotten), or None."""
        with self._lock:
            return self._lost.pop(database, None)


OPEN_JOURNALS = OpenJournals()
"""This process's connections to each database (see the module's words)."""
