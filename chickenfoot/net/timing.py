"""The server's own time for each move a client makes (``chickenfoot host --move-times``, for
the online benchmark).

A move is timed from the moment its frame was read to the moment the last frame about it left
for the table's clients, its commit included (a table server tells a move only once it is
committed); the server's CPU time over the same span is noted beside it. A
:class:`MoveTimer` follows one table's moves: the move handed to the table's host
(:meth:`MoveTimer.acted`), the update that shows it played (:meth:`MoveTimer.heard`), then
each of the table's connections sending what it had (:meth:`MoveTimer.sent_out`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable

from chickenfoot.net.connection import Connection
from chickenfoot.play.wire import HostMessage, Update

MoveTimes = Callable[[float, float, float], None]
"""Told of each move timed: when its last frame was sent, how long it took from the client's
frame read to then (monotonic seconds) and the server's CPU time meanwhile (seconds)."""


class MoveTimer:
    """Times the moves of one table's clients and tells ``report`` of each."""

    def __init__(self, report: MoveTimes) -> None:
        self.report = report
        self._acted: tuple[float, float] | None = None
        """When the move being made was read from its client, and the CPU time then."""
        self._sending: tuple[float, float] | None = None
        """The same, for the move whose frames are being sent."""

    def acted(self, connection: Connection) -> None:
        """``connection``'s latest frame, a move, went to the table's host."""
        self._acted = (connection.received_at, connection.received_cpu)

    def heard(self, message: HostMessage) -> None:
        """The table's public view moved (``message``): once it shows the move timed played,
        every client is being sent it."""
        if (
            self._acted is not None
            and isinstance(message, Update)
            and any(step.action is not None for step in message.steps)
        ):
            self._sending, self._acted = self._acted, None

    def sent_out(self, connections: Iterable[Connection]) -> None:
        """A connection sent every frame it had: once all of ``connections`` have, the move
        being sent is reported."""
        sending = self._sending
        if sending is None or not all(connection.drained for connection in connections):
            return
        self._sending = None
        now, (read_at, cpu_at) = time.monotonic(), sending
        self.report(now, now - read_at, time.process_time() - cpu_at)
