"""Short garbage-collector pauses in a table server, however many tables it holds.

CPython frees an object as soon as nothing refers to it; its cyclic collector finds the rest
(objects that refer to each other in a ring). It sorts objects into three generations by age
and collects the young ones often and cheaply. But when it collects the oldest generation it
examines *every* long-lived container object, and it does so each time the objects promoted
there since the last time reach a quarter of those it holds. A table server holds a large
long-lived heap (every table's game state, record, clients and connections: about a thousand
objects a table) and each move promotes the new state it made, so with the collector's
defaults the whole process stopped every few seconds for a time that grows with the tables
held: about half a second of CPU at 500 tables, measured (docs/architecture.md), during which
no table moved.

:class:`SteadyCollector` changes that while the server runs: the young generations are
collected as always (their pauses are short: they hold only what was made since), but the
oldest one only every :data:`SWEEP` seconds, on the server's event loop. Objects nothing
refers to are still freed at once; only garbage in rings among long-lived objects (a table
that ended, a connection that closed) waits for the next sweep. So one pause of the old length
every ten minutes instead of every few seconds.
"""

from __future__ import annotations

import asyncio
import gc

SWEEP = 600.0
"""Seconds between two collections of the oldest generation."""

NEVER = 2**31 - 1
"""A threshold the collector never reaches: it never collects the oldest generation by
itself."""


class SteadyCollector:
    """The collector's policy for one running server: :meth:`start` once the server has
    loaded, :meth:`stop` when it stops (the collector is then as it was before)."""

    def __init__(self, sweep: float = SWEEP) -> None:
        self.sweep = sweep
        self.sweeps = 0
        """How many collections of the oldest generation the policy ran."""
        self._timer: asyncio.TimerHandle | None = None
        self._thresholds: tuple[int, int, int] | None = None

    @property
    def running(self) -> bool:
        """True between :meth:`start` and :meth:`stop`."""
        return self._thresholds is not None

    def start(self) -> None:
        """Collect everything once (what loading the server left), then collect the oldest
        generation only every :attr:`sweep` seconds (on the running event loop)."""
        if self._thresholds is not None:
            return
        young, middle, oldest = gc.get_threshold()
        self._thresholds = (young, middle, oldest)
        gc.collect()
        gc.set_threshold(young, middle, NEVER)
        self._timer = asyncio.get_running_loop().call_later(self.sweep, self._sweep)

    def stop(self) -> None:
        """Give the collector back its thresholds."""
        if self._thresholds is None:
            return
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        gc.set_threshold(*self._thresholds)
        self._thresholds = None

    def _sweep(self) -> None:
        """Collect every generation once; the next sweep in :attr:`sweep` seconds."""
        gc.collect()
        self.sweeps += 1
        self._timer = asyncio.get_running_loop().call_later(self.sweep, self._sweep)
