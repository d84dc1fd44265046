"""Online tables in the store: what a table server keeps of each table, and the thread that
writes it.

A table is kept as one row of the store's :class:`~chickenfoot.saves.store.TableStore`: its
code, its game once dealt, and :class:`KeptTable` as JSON (the options, the creator, each
seat's name and the hash of its token: never a token). The server writes the row whenever who
sits where changes (a table made, a seat taken, the game dealt) and drops it once the table
ends, and a server started on the same store brings every table back from these rows.

:class:`TableKeeper` makes those writes on a thread of its own, in the order asked, so the
event loop that serves every table never waits for the store: a database held by another
writer (the commit worker's transaction, another program) holds up only the keeper. A
table's newest row replaces one still waiting to be written. A write that fails is logged:
the table plays on, and its row is written again with its next change.
"""

from __future__ import annotations

import logging
import threading

from chickenfoot.net.protocol import TableOptions
from chickenfoot.play.wire import WireModel
from chickenfoot.record.summary import GameId
from chickenfoot.saves.store import TableStore

log = logging.getLogger(__name__)

_Row = tuple[GameId | None, str] | None
"""A table's row to write (its game and data), or None to drop it."""


class KeptSeat(WireModel):
    """A seat as the store keeps it: its name and the hash of its token (None: not taken)."""

    name: str
    token_hash: str | None = None


class KeptTable(WireModel):
    """An online table as the store keeps it, to bring it back after a restart."""

    options: TableOptions
    creator: int
    auto_start: bool = False
    seats: tuple[KeptSeat, ...]


class TableKeeper:
    """Writes the online tables' rows to ``store`` on a thread of its own (started with the
    first write), in the order they were asked for (see the module's description)."""

    def __init__(self, store: TableStore) -> None:
        self.store = store
        self._condition = threading.Condition()
        self._waiting: dict[str, _Row] = {}
        """The rows waiting to be written, by table code, the oldest first."""
        self._writing = False
        self._stopping = False
        self._thread: threading.Thread | None = None

    def keep(self, code: str, game: GameId | None, data: str) -> None:
        """Keep table ``code`` as ``data`` (JSON), playing ``game`` (None in the lobby)."""
        self._queue(code, (game, data))

    def forget(self, code: str) -> None:
        """Drop table ``code``'s row (its game stays a saved game)."""
        self._queue(code, None)

    def _queue(self, code: str, row: _Row) -> None:
        with self._condition:
            if self._stopping:
                log.warning("table %s changed after the server stopped: not kept", code)
                return
            self._waiting.pop(code, None)  # the newest row goes last, in its turn
            self._waiting[code] = row
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="keep tables", daemon=True)
                self._thread.start()
            self._condition.notify_all()

    @property
    def settled(self) -> bool:
        """True when no row waits or is being written."""
        with self._condition:
            return self._settled()

    def _settled(self) -> bool:
        return not self._waiting and not self._writing

    def wait(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds until every row asked for is written (or failed);
        True if it was."""
        with self._condition:
            return self._condition.wait_for(self._settled, timeout)

    def stop(self, timeout: float) -> bool:
        """Write what waits (for up to ``timeout`` seconds), then end the thread; nothing is
        written after. True if every row asked for was written (or failed)."""
        with self._condition:
            self._stopping = True
            self._condition.notify_all()
            thread = self._thread
        if thread is not None:
            thread.join(timeout)
        return self.settled

    def _run(self) -> None:
        while True:
            with self._condition:
                self._condition.wait_for(lambda: bool(self._waiting) or self._stopping)
                if not self._waiting:
                    return
                code = next(iter(self._waiting))
                row = self._waiting.pop(code)
                self._writing = True
            try:
                self._write(code, row)
            finally:
                with self._condition:
                    self._writing = False
                    self._condition.notify_all()

    def _write(self, code: str, row: _Row) -> None:
        try:
            if row is None:
                self.store.drop_table(code)
            else:
                self.store.keep_table(code, *row)
        except OSError as error:
            log.warning("table %s could not be %s: %s", code, _done(row), error)
        except Exception:  # never a dead thread that every later row would wait for
            log.exception("table %s could not be %s", code, _done(row))


def _done(row: _Row) -> str:
    return "forgotten" if row is None else "kept"
