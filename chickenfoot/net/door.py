"""The server's door: how many connections each address has open, and how long a wrong guess
waits for its refusal.

Every client is hostile. :class:`Door` counts the connections open from each address (a
server caps them: :attr:`~chickenfoot.net.limits.Limits.per_address`) and slows down
guessing: a wrong table code or seat token is refused only after a wait that doubles with
each wrong one from the same address, up to a cap, and is forgotten after a quiet minute.
"""

from __future__ import annotations

import time

from chickenfoot.net.limits import Limits

QUIET = 60.0
"""Seconds without a wrong guess after which an address starts afresh."""

REMEMBERED = 10_000
"""Addresses whose wrong guesses are remembered at most (a flood of addresses forgets the
oldest half)."""


class Door:
    """The connections open per address, and the wait before refusing a wrong guess."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self._open: dict[str, int] = {}
        self._failures: dict[str, tuple[int, float]] = {}

    def enter(self, address: str) -> bool:
        """A connection from ``address`` opened (every one must :meth:`leave`); False if that
        address has as many open already as it may."""
        count = self._open.get(address, 0)
        self._open[address] = count + 1
        cap = self.limits.per_address
        return not cap or count < cap

    def leave(self, address: str) -> None:
        """A connection from ``address`` ended."""
        count = self._open[address] - 1
        if count:
            self._open[address] = count
        else:
            del self._open[address]

    def denial_wait(self, address: str) -> float:
        """Seconds to wait before refusing a wrong code or token from ``address``: doubling
        with each one, up to a cap; forgotten after a quiet minute."""
        limits = self.limits
        now = time.monotonic()
        count, last = self._failures.get(address, (0, now))
        if now - last > QUIET:
            count = 0
        self._failures[address] = (count + 1, now)
        if len(self._failures) > REMEMBERED:  # a flood of addresses: forget the oldest
            oldest = sorted(self._failures, key=lambda key: self._failures[key][1])
            for key in oldest[: REMEMBERED // 2]:
                del self._failures[key]
        return float(min(limits.denial_delay_max, limits.denial_delay * 2.0**count))
