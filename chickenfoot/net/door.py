"""The server's door: how many connections each address has open, how fast it makes tables,
and how long a wrong guess waits for its refusal.

Every client is hostile. :class:`Door` counts the connections open from each address (a
server caps them: :attr:`~chickenfoot.net.limits.Limits.per_address`), lets each address make
tables only at a pace (:meth:`Door.may_make`: a few at once, then one a minute), and slows
down guessing: a wrong table code or seat token is refused only after a wait that doubles with
each wrong one from the same address, up to a cap, and is forgotten after a quiet minute.
"""

from __future__ import annotations

import time
from typing import TypeVar

from chickenfoot.net.limits import Limits

QUIET = 60.0
"""Seconds without a wrong guess after which an address starts afresh."""

T = TypeVar("T")

REMEMBERED = 10_000
"""Addresses whose wrong guesses are remembered at most (a flood of addresses forgets the
oldest half)."""


class Door:
    """The connections open per address, and the wait before refusing a wrong guess."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self._open: dict[str, int] = {}
        self._failures: dict[str, tuple[int, float]] = {}
        self._making: dict[str, tuple[float, float]] = {}
        """Per address: the tables it may still make at once, and when that was counted."""

    def enter(self, address: str) -> bool:
        """A connection from ``address`` opened (every one must :meth:`leave`); False if that
        address has as many open already as it may."""
        count = self._open.get(address, 0)
        self._open[address] = count + 1
        cap = self.limits.per_address
        return not cap or count < cap

    def open_from(self, address: str) -> int:
        """How many connections from ``address`` are open now."""
        return self._open.get(address, 0)

    def leave(self, address: str) -> None:
        """A connection from ``address`` ended."""
        count = self._open[address] - 1
        if count:
            self._open[address] = count
        else:
            del self._open[address]

    def may_make(self, address: str) -> bool:
        """Spend one table of ``address``'s making allowance; False when it made as many as it
        may for now (:attr:`~chickenfoot.net.limits.Limits.making_burst` at once, then one
        every :attr:`~chickenfoot.net.limits.Limits.making_every` seconds)."""
        limits = self.limits
        if not limits.making_burst:
            return True
        now = time.monotonic()
        burst = float(limits.making_burst)
        left, then = self._making.get(address, (burst, now))
        left = min(burst, left + (now - then) / limits.making_every)
        allowed = left >= 1
        self._making[address] = (left - 1 if allowed else left, now)
        _forget_oldest(self._making)
        return allowed

    def denial_wait(self, address: str) -> float:
        """Seconds to wait before refusing a wrong code or token from ``address``: doubling
        with each one, up to a cap; forgotten after a quiet minute."""
        limits = self.limits
        now = time.monotonic()
        count, last = self._failures.get(address, (0, now))
        if now - last > QUIET:
            count = 0
        self._failures[address] = (count + 1, now)
        _forget_oldest(self._failures)
        return float(min(limits.denial_delay_max, limits.denial_delay * 2.0**count))


def _forget_oldest(remembered: dict[str, tuple[T, float]]) -> None:
    """Past :data:`REMEMBERED` addresses (a flood of them), forget the oldest half, by the
    time each was last seen (the second of its pair)."""
    if len(remembered) > REMEMBERED:
        oldest = sorted(remembered, key=lambda key: remembered[key][1])
        for key in oldest[: REMEMBERED // 2]:
            del remembered[key]
