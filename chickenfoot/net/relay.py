"""A client relayed to the table server that runs its table, when several servers share a store.

A client may reach any of the servers (a reverse proxy spreads the connections); a table is run
by one of them at a time (its lease: :mod:`chickenfoot.net.lease`). A server asked for a table
another runs opens a WebSocket of its own to that server (the address the owner enlisted
with), sends the client's first frame, and carries every frame both ways unread until either
side ends; then it closes the client's connection as the owner closed its own, and the client
reconnects as it would after any lost connection (docs/architecture.md says why a relay and
not a redirect).

The relaying server says whose connection it carries in :data:`CLIENT_HEADER`, and shows the
store's secret in :data:`RELAY_HEADER`: the owner believes the client's address only from a
connection that shows the secret, so its per-address limits count each player, not the
relaying server (and a stranger cannot choose an address by sending the header).
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import ipaddress

from websockets.asyncio.client import ClientConnection, connect
from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from chickenfoot.net.forwarded import IPV6_PREFIX, Headers, counted_as, parse_address
from chickenfoot.net.protocol import MAX_SERVER_FRAME

RELAY_HEADER = "X-Chickenfoot-Relay"
"""The header a relaying server shows the store's secret in."""

CLIENT_HEADER = "X-Chickenfoot-Client"
"""The header a relaying server names its client's address in."""

OPEN_WAIT = 4.0
"""Seconds a relayed connection has to open (a paused server answers nothing)."""

UNSENDABLE = frozenset({1005, 1006, 1015})
"""Close codes that say what happened to a connection and are never sent in a close frame."""

Closed = tuple[int, str]
"""How the owner closed the relayed connection (its code and reason)."""


async def relay(
    client: ServerConnection, first: str | bytes, url: str, secret: str, address: str
) -> Closed | None:
    """Carry ``client``'s frames (``first`` already read) to the server at ``url`` and its
    frames back, until either side ends, saying the client is ``address``: how the owner
    closed its side. None if the owner could not be reached (nothing was carried)."""
    try:
        owner = await connect(
            url,
            additional_headers={RELAY_HEADER: secret, CLIENT_HEADER: address},
            max_size=MAX_SERVER_FRAME,
            compression=None,
            proxy=None,
            open_timeout=OPEN_WAIT,
            ping_interval=20,
            ping_timeout=20,
            close_timeout=2,
        )
    except (OSError, TimeoutError, InvalidHandshake, InvalidURI):
        return None
    try:
        await owner.send(first)
        carried = [
            asyncio.ensure_future(_carry(client, owner)),
            asyncio.ensure_future(_carry(owner, client)),
        ]
        try:
            await asyncio.wait(carried, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in carried:
                task.cancel()
            await asyncio.gather(*carried, return_exceptions=True)
    except ConnectionClosed:
        pass
    finally:
        await owner.close()
    code = owner.close_code
    if code is None or code in UNSENDABLE:  # the owner went without a close (killed, cut off)
        return 1001, "the table's server went away"
    return code, owner.close_reason or ""


Socket = ServerConnection | ClientConnection


async def _carry(source: Socket, sink: Socket) -> None:
    """Send on every frame ``source`` brings to ``sink`` until either ends."""
    with contextlib.suppress(ConnectionClosed):
        async for data in source:
            await sink.send(data)


def relayed_client(headers: Headers | None, secret: str) -> str | None:
    """The client's address (as the limits count it) of a connection another server of the
    store relays, if ``headers`` show ``secret``; None for any other connection."""
    if headers is None or not secret:
        return None
    shown = headers.get_all(RELAY_HEADER)
    if len(shown) != 1 or not hmac.compare_digest(shown[0].encode(), secret.encode()):
        return None
    named = headers.get_all(CLIENT_HEADER)
    if len(named) != 1:
        return None
    address = parse_address(named[0])
    if address is not None:
        return counted_as(address)
    try:  # an IPv6 client is counted by its network, and relayed so
        network = ipaddress.IPv6Network(named[0].strip())
    except ValueError:
        return None
    return str(network) if network.prefixlen == IPV6_PREFIX else None
