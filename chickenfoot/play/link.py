"""A client's link to a table host in the same process.

:class:`LocalLink` is the smallest transport: the host delivers its messages into the link's
queue, which the client's screen reads (:meth:`LocalLink.receive`, or :meth:`LocalLink.drain`
when nothing runs a loop); what the client sends goes to the host's inbox
(:meth:`LocalLink.send`). Messages are immutable values, so nothing is shared that either side
could change; with ``wire=True`` every message also goes through JSON on the way
(:func:`~chickenfoot.play.wire.encode` and the decoders), exactly as a network would carry it,
which the privacy tests use to prove the contract holds without shared objects.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable

from chickenfoot.play.host import TableHost
from chickenfoot.play.wire import ClientMessage, HostMessage, decode_client, decode_host, encode


class LocalLink:
    """One client's two-way link to ``host``, playing ``seats`` (none: a spectator)."""

    def __init__(self, host: TableHost, seats: Iterable[int] = (), *, wire: bool = False) -> None:
        self.host = host
        self.wire = wire
        self._inbox: asyncio.Queue[HostMessage] = asyncio.Queue()
        self.client_id = host.connect(self, seats)
        """The host's number for this client."""

    def deliver(self, message: HostMessage) -> None:
        """The host's end: queue ``message`` for the client."""
        self._inbox.put_nowait(decode_host(encode(message)) if self.wire else message)

    def send(self, message: ClientMessage) -> None:
        """The client's end: send ``message`` to the host (it handles it in order)."""
        self.host.submit(self.client_id, decode_client(encode(message)) if self.wire else message)

    async def receive(self) -> HostMessage:
        """The next message from the host (waits for one)."""
        return await self._inbox.get()

    def drain(self) -> list[HostMessage]:
        """Every message from the host not read yet, oldest first (without waiting)."""
        messages = []
        while not self._inbox.empty():
            messages.append(self._inbox.get_nowait())
        return messages

    def close(self) -> None:
        """Leave the table (the host forgets this client)."""
        self.host.disconnect(self.client_id)
