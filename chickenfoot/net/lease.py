"""A table server's lease, when several servers share one store (PostgreSQL).

:class:`ServerLease` enlists the server in the store (a fresh name, the address the other
servers relay clients to, a lease of :data:`LEASE` seconds) and renews it every quarter of
that on a thread, never on the event loop. The server acts for its tables only while
:attr:`ServerLease.valid`: the lease as last renewed has not run out by this process's
monotonic clock (which keeps counting while the process is paused, so a server resumed
after SIGSTOP knows at once that its lease may be gone). That is the server's own caution;
what makes two servers never write one table is the store's fence
(:class:`~chickenfoot.saves.store.SharedTables`), judged by the database's clock in the
transaction of each write.
"""

from __future__ import annotations

import asyncio
import time

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
        self._until = 0.0

    @property
    def every(self) -> float:
        """How often the lease is renewed (and orphaned tables looked for)."""
        return self.seconds / 4

    @property
    def valid(self) -> bool:
        """True while the lease as last renewed runs, by this process's clock."""
        return time.monotonic() < self._until

    async def enlist(self) -> None:
        """Enlist (again) under a new name, on a thread."""
        started = time.monotonic()
        self.name, self.secret = await asyncio.to_thread(
            self.store.enlist, self.address, self.seconds
        )
        self._until = started + self.seconds

    async def renew(self) -> bool:
        """Renew the lease, on a thread; False once it is lost: the store says it ran out,
        or the database could not be reached until it ran out by this process's clock."""
        started = time.monotonic()
        try:
            renewed = await asyncio.to_thread(self.store.renew, self.seconds)
        except OSError:
            return self.valid
        self._until = started + self.seconds if renewed else 0.0
        return renewed
