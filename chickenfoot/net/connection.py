"""One client's WebSocket at the table server: its frames out, in order, and its limits.

A :class:`Connection` queues what the server sends its client and sends it from a task of its
own (:meth:`Connection.write_out`), so nothing at a table waits for a slow client; a client
that lets :attr:`~chickenfoot.net.limits.Limits.backlog` frames pile up unread is dropped. Its
frames in are counted against a rate limit (:meth:`Connection.allowed`: a token bucket). It
knows nothing of tables: where it sits is the table's business (:class:`~chickenfoot.net.table.
Guest`).
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Callable

from websockets.asyncio.server import ServerConnection

from chickenfoot.net.limits import Limits
from chickenfoot.net.protocol import write
from chickenfoot.play.wire import Message

PAUSE_FORGIVES = 1.0
"""Seconds without a dropped frame after which a client's earlier drops are forgiven: a
client that only now and then goes too fast is never taken for a flood."""


class Connection:
    """One client's WebSocket: its frames out (in order, through a queue its own task
    empties) and its rate limit."""

    def __init__(self, websocket: ServerConnection, address: str, limits: Limits) -> None:
        self.socket = websocket
        self.address = address
        self.limits = limits
        self.on_drained: Callable[[], None] | None = None
        """Called each time every frame queued was sent (a table timing its moves)."""
        self._out: deque[str] = deque()
        self._ready = asyncio.Event()
        self.dropped = 0
        """Frames dropped for coming too fast since the client last paused for
        :data:`PAUSE_FORGIVES` seconds (a connection that keeps on is closed)."""
        self._dropped_at = -PAUSE_FORGIVES
        self._allowance = float(limits.burst)
        self._checked = time.monotonic()
        self.closing = False
        self._close = (1000, "")
        self._sending = False
        self.closed: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        """Done once the connection's last frame was sent and its close answered (or cut)."""
        self.received_at = 0.0
        """When the connection's latest frame was read (monotonic seconds)."""
        self.received_cpu = 0.0
        """The server's CPU time then (seconds; only while moves are timed)."""

    def send(self, message: Message) -> None:
        """Queue ``message`` for the client; a client that stopped reading is dropped."""
        if self.closing:
            return
        if len(self._out) >= self.limits.backlog:
            self.close(1008, "too many messages waiting: the connection is too slow")
            return
        self._out.append(write(message))
        self._ready.set()

    def close(self, code: int = 1000, reason: str = "") -> None:
        """End the connection once what is queued was sent."""
        if not self.closing:
            self.closing = True
            self._close = (code, reason)
            self._ready.set()

    async def write_out(self) -> None:
        """Send the queued frames in order until the connection closes."""
        try:
            await self._write_out()
        finally:
            if not self.closed.done():
                self.closed.set_result(None)

    async def _write_out(self) -> None:
        while True:
            await self._ready.wait()
            self._ready.clear()
            while self._out:
                self._sending = True
                try:
                    await self.socket.send(self._out.popleft())
                finally:
                    self._sending = False
            if self.on_drained is not None:
                self.on_drained()
            if self.closing:
                code, reason = self._close
                await self.socket.close(code, reason)
                return

    @property
    def drained(self) -> bool:
        """True when every frame queued for the client was sent."""
        return not self._out and not self._sending

    def count_drop(self) -> bool:
        """Count a frame dropped for coming too fast; True when the client is to be told:
        the first drop since it paused, then one in every burst (a client told of its first
        lost frame sends what it still needs again; a flood is not answered frame by
        frame)."""
        now = time.monotonic()
        if now - self._dropped_at > PAUSE_FORGIVES:
            self.dropped = 0
        self._dropped_at = now
        self.dropped += 1
        return (self.dropped - 1) % self.limits.burst == 0

    def allowed(self) -> bool:
        """Spend one frame of the rate limit; False when the client is over it."""
        now = time.monotonic()
        limits = self.limits
        self._allowance = min(
            float(limits.burst), self._allowance + (now - self._checked) * limits.rate
        )
        self._checked = now
        if self._allowance < 1:
            return False
        self._allowance -= 1
        return True
