"""Several table servers in the test's event loop, sharing one PostgreSQL database (each with
a store of its own, as separate processes have), and the probes' moves made from what their
seat was sent."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass

from chickenfoot.net.protocol import Hello
from chickenfoot.net.remote import RemoteLink, TableAddress
from chickenfoot.net.server import TableServer
from chickenfoot.play.wire import Act, Update, Welcome, YourTurn
from chickenfoot.rules import SeatView
from chickenfoot.rules.engine import legal_in_view
from chickenfoot.saves.postgresql import PostgresStore
from tests.net.online import OPEN_LIMITS, Probe

LEASE = 2.0
"""The servers' lease in these tests (short: a takeover waits for it to run out)."""


@dataclass
class Member:
    """One server of the group, and where it listens."""

    server: TableServer
    port: int

    def link(
        self, hello: Hello, code: str | None = None, *, source: str | None = None
    ) -> RemoteLink:
        """A link to this server saying ``hello`` (reconnecting quickly, always here)."""
        address = TableAddress("127.0.0.1", self.port, code)
        return RemoteLink(address, hello, first_retry=0.05, source=source)


@asynccontextmanager
async def servers(address: str, count: int = 2) -> AsyncIterator[list[Member]]:
    """``count`` table servers on the PostgreSQL database at ``address``, stopped after."""
    members: list[Member] = []
    stores = [PostgresStore(address, sync_every_commit=False) for _ in range(count)]
    try:
        for store in stores:
            server = TableServer(OPEN_LIMITS, store, lease=LEASE)
            members.append(Member(server, await server.start("127.0.0.1", 0)))
        yield members
    finally:
        for member in members:
            if not member.server.stopping:
                await member.server.close()
        for store in stores:
            store.close()


def latest(probe: Probe) -> Welcome | Update:
    """The latest view and prompt ``probe`` was sent."""
    return [frame for frame in probe.frames if isinstance(frame, Welcome | Update)][-1]


def on_turn(probe: Probe) -> bool:
    """True if ``probe``'s seat is on turn, by what it was sent last."""
    return isinstance(latest(probe).prompt, YourTurn)


def a_move(probe: Probe) -> Act:
    """The first legal action of ``probe``'s seat, on turn, from its view."""
    view = latest(probe).view
    assert isinstance(view, SeatView)
    return Act(action=legal_in_view(view)[0])


def hand(probe: Probe) -> tuple[object, ...]:
    """The hand ``probe``'s seat was last shown."""
    view = latest(probe).view
    assert isinstance(view, SeatView)
    return tuple(view.hand)
