"""A computer in a lost person's seat at an online table.

When a person's connection has been gone for the table's grace period (or its creator hands
the seat over sooner), a :class:`CoverPlayer` plays the seat until the person comes back. It
is one more client of the table's host, through a seat client of its own: it sees only what
that seat's person would, and answers the way ``chickenfoot join --computer`` does
(:func:`~chickenfoot.net.autoplay.answer`), after the table's pause.
"""

from __future__ import annotations

import asyncio

from chickenfoot.bots import Strategy, make_bot
from chickenfoot.bots.registry import seat_seed
from chickenfoot.net.autoplay import THINKING, answer, needs_answer
from chickenfoot.play.client import SeatClient
from chickenfoot.play.host import TableHost
from chickenfoot.play.wire import HostMessage, Update, Welcome


class CoverPlayer:
    """A computer of ``level`` playing ``seat`` at ``host``'s table through a seat client of
    its own, with the table's pause before each decision."""

    def __init__(self, host: TableHost, seat: int, level: str) -> None:
        self.host = host
        self.seat = seat
        self.level = level
        self.client = SeatClient()
        session = host.session
        seed = seat_seed(session.record.seed, seat)
        self.strategy: Strategy = make_bot(level, seed, lineup=session.lineup)
        self._task: asyncio.Task[None] | None = None
        self.client_id: int | None = host.connect(self, (seat,))
        self._consider()

    def deliver(self, message: HostMessage) -> None:
        """The host's outlet: take in ``message`` and answer it after the pause if it asks."""
        self.client.receive(message)
        if isinstance(message, Welcome | Update):
            asyncio.get_running_loop().call_soon(self._consider)

    def _consider(self) -> None:
        if self._task is None and self.client_id is not None and needs_answer(self.client):
            self._task = asyncio.ensure_future(self._answer(self.client.received))

    async def _answer(self, seen: int) -> None:
        host = self.host
        try:
            await asyncio.sleep(host.pause)
            if self.level in THINKING:
                message = await asyncio.to_thread(answer, self.client, self.strategy)
            else:
                message = answer(self.client, self.strategy)
        finally:
            self._task = None
        if self.client_id is None or host.closed:
            return
        if self.client.received != seen:
            self._consider()  # the game moved meanwhile: look again
        elif message is not None:
            host.submit(self.client_id, message)

    def leave(self) -> None:
        """Give the seat back (its person returned, or the table closed)."""
        if self._task is not None:
            self._task.cancel()
            self._task = None
        if self.client_id is not None:
            self.host.disconnect(self.client_id)
        self.client_id = None
