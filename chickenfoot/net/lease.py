"""A table server's lease, when several servers share one store (PostgreSQL).

:class:`ServerLease` enlists the server in the store (a fresh name, the address the other
servers relay clients to, a lease of :data:`LEASE` seconds) and renews it every quarter of
that on a thread of its own: not on the event loop, so a server whose loop is busy with many
tables (a long garbage collection, a burst of moves) still holds its lease, and loses it only
when the process stops (killed, paused) or cannot reach the database. The server acts for its
tables only while it holds the lease: :attr:`ServerLease.valid` says whether the lease as last
renewed has not run out by this process's monotonic clock (which keeps counting while the
process is paused, so a server resumed after SIGSTOP knows at once that its lease may be
gone). That is the server's own caution; what makes two servers never write one table is the
store's fence (:class:`~chickenfoot.saves.store.SharedTables`), judged by the database's clock
in the transaction of each write.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable

from chickenfoot.saves.store import SharedTables

LEASE = 6.0
"""Seconds a server's lease runs unless renewed: a dead server's tables wait this long (and
at most a quarter of it more) before another server takes them over."""


class ServerLease:
    """This server's lease in ``store`` (see the module's description)."""

    def __init__(self, store: SharedTables, address: str, seconds: float = LEASE) -> None:
        self.store = store
        self.address = address
        """Where the other servers reach this one (a WebSocket URL)."""
        self.seconds = seconds
        self.name = ""
        """This server's name in the store (a new one each time it enlists)."""
        self.secret = ""
        """What the servers of the store show each other when one relays a client."""
        self.lost = False
        """True once the lease was found run out (until the server enlists again)."""
        self._until = 0.0
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    @property
    def every(self) -> float:
        """How often the lease is renewed (and orphaned tables looked for)."""
        return self.seconds / 4

    @property
    def valid(self) -> bool:
        """True while the lease as last renewed runs, by this process's clock."""
        return not self.lost and time.monotonic() < self._until

    async def enlist(self) -> None:
        """Enlist (again) under a new name, on a thread."""
        started = time.monotonic()
        name, secret = await asyncio.to_thread(self.store.enlist, self.address, self.seconds)
        with self._lock:
            self.name, self.secret = name, secret
            self._until, self.lost = started + self.seconds, False

    def hold(self, lost: Callable[[], object]) -> None:
        """Renew the lease every :attr:`every` seconds on a thread of its own until
        :meth:`stop`; ``lost()`` is called (on that thread) each time it finds the lease
        lost."""

        def renewing() -> None:
            while not self._stop.wait(self.every):
                if not self.renew_now():
                    lost()

        self._stop.clear()
        self._thread = threading.Thread(target=renewing, name="lease", daemon=True)
        self._thread.start()

    def renew_now(self) -> bool:
        """Renew the lease (on the caller's thread); False once it is lost: the store says it
        ran out, or the database could not be reached until it ran out by this process's
        clock."""
        started = time.monotonic()
        try:
            renewed = self.store.renew(self.seconds)
        except OSError:
            renewed = None
        with self._lock:
            if renewed:
                self._until = max(self._until, started + self.seconds)
            elif renewed is False or time.monotonic() >= self._until:
                self.lost = True
            return not self.lost

    async def renew(self) -> bool:
        """:meth:`renew_now` on a thread."""
        return await asyncio.to_thread(self.renew_now)

    def stop(self) -> None:
        """Stop renewing (the server retires)."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(self.every + 30)
