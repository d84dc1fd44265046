"""Online tables for the tests: a table server on 127.0.0.1 in the test's event loop, tables
made on it, and headless players joining them through the real transport.

Every network test uses real sockets on loopback only; the server listens on a port the
system picks (``port=0``), so tests running in parallel never race for one. Timers (grace
periods, expiry) are given short and the tests wait on conditions, never on time.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import TypeVar

from chickenfoot.bots import make_bot
from chickenfoot.net.headless import RemotePlayer
from chickenfoot.net.limits import Limits
from chickenfoot.net.protocol import (
    Hello,
    JoinTable,
    SeatPlan,
    TableOptions,
    WatchTable,
)
from chickenfoot.net.remote import Received, RemoteLink, TableAddress
from chickenfoot.net.server import ServerStore, TableServer
from chickenfoot.net.table import OnlineTable
from chickenfoot.play.wire import Update, Welcome, YourTurn
from chickenfoot.rules import RuleSet, preset
from tests.kit import NAMES

T = TypeVar("T")

OPEN_LIMITS = Limits(per_address=0, making_burst=0, lonely_per_address=0, rate=1000.0, burst=1000)
"""The server's limits but none per address (every test client comes from 127.0.0.1 unless
it says otherwise) and none on a connection's frame rate (computers answering at once may go
over it, and a frame dropped as too fast is not sent again by a headless player)."""

WAIT = 60.0
"""Seconds a test waits for a condition before it fails (never reached when all is well)."""


def small_rules(players: int, rounds: int = 2) -> RuleSet:
    """Quick rules: a double-6 set, small hands, so whole games take a moment."""
    return preset("cross", players=players, set_size=6, hand_size=4, arms=3, rounds=rounds)


def options(
    players: int = 3,
    *,
    computers: dict[int, str] | None = None,
    rounds: int = 2,
    **more: object,
) -> TableOptions:
    """A table's options: ``players`` seats named Ana, Bea, ..., people unless ``computers``
    gives a seat a level; no pause before computer moves."""
    levels = computers or {}
    seats = tuple(
        SeatPlan(name=NAMES[seat], computer=levels.get(seat))  # type: ignore[arg-type]
        for seat in range(players)
    )
    return TableOptions.model_validate(
        {"rules": small_rules(players, rounds), "seats": seats, "pause": 0, **more}
    )


@dataclass
class Online:
    """A running server and where it listens (the server may be stopped and started again on
    the same port and store: :meth:`stop`, :meth:`start_again`)."""

    server: TableServer
    port: int
    store: ServerStore | None = None

    async def stop(self) -> None:
        """Stop the server (it keeps its tables): every client loses its connection."""
        await self.server.close()

    async def start_again(self) -> None:
        """A new server on the same port and store brings the tables back."""
        self.server = TableServer(self.server.limits, self.store)
        await self.server.start("127.0.0.1", self.port)

    def address(self, table: OnlineTable | str | None = None) -> TableAddress:
        """The address of ``table`` (or of the server)."""
        code = table.code if isinstance(table, OnlineTable) else table
        return TableAddress("127.0.0.1", self.port, code)

    def table(
        self, table_options: TableOptions, *, auto_start: bool = True, seed: int | None = 1
    ) -> OnlineTable:
        """A table made on the server as its operator would (started once every person's
        seat is taken), dealt from ``seed`` (None: the server's secret)."""
        table = self.server.create_table(table_options, seed=seed)
        table.auto_start = auto_start
        return table

    def link(
        self, hello: Hello, code: str | None = None, *, source: str | None = None
    ) -> RemoteLink:
        """A link to the server saying ``hello`` first (reconnecting quickly), from the
        loopback address ``source`` (such as 127.0.0.2; None: 127.0.0.1)."""
        return RemoteLink(self.address(code), hello, first_retry=0.05, source=source)

    def player(
        self,
        table: OnlineTable,
        seat_name: str,
        *,
        level: str = "casual",
        seed: int = 0,
        watch: bool = False,
        check: Callable[[Received], None] | None = None,
    ) -> RemotePlayer:
        """A headless player joining ``table`` as ``seat_name`` (or watching it)."""
        hello: Hello = (
            WatchTable(code=table.code, name=seat_name)
            if watch
            else JoinTable(code=table.code, name=seat_name)
        )
        strategy = None if watch else make_bot(level, seed)
        return RemotePlayer(self.link(hello, table.code), strategy, level=level, check=check)


@asynccontextmanager
async def online(
    limits: Limits | None = None, store: ServerStore | None = None
) -> AsyncIterator[Online]:
    """A table server listening on 127.0.0.1 for the duration (by default with
    :data:`OPEN_LIMITS`: every test client comes from 127.0.0.1), keeping its games and
    tables in ``store`` (default: the data folder's)."""
    server = TableServer(limits or OPEN_LIMITS, store)
    room = Online(server, await server.start("127.0.0.1", 0), store)
    try:
        yield room
    finally:
        await room.server.close()


async def started(
    room: Online, players: int = 2, *, rounds: int = 2, grace: float = 90, hints: bool = True
) -> tuple[list[Probe], str]:
    """A table the server made for ``players`` people, each seat joined by a probe and its
    game dealt: the probes, and its code."""
    table = room.table(options(players, rounds=rounds, grace=grace, hints=hints))
    probes = [
        Probe(room.link(JoinTable(code=table.code, name=slot.name), table.code))
        for slot in table.seats
    ]
    for probe in probes:
        await probe.next(Welcome)
    return probes, table.code


def on_turn(probes: list[Probe]) -> tuple[Probe, YourTurn]:
    """The probe whose seat is on turn now, and its prompt."""
    for probe in probes:
        latest = [f for f in probe.frames if isinstance(f, Welcome | Update)][-1]
        if isinstance(latest.prompt, YourTurn):
            return probe, latest.prompt
    raise AssertionError("nobody is on turn")


async def wait_for(condition: Callable[[], object], what: str, timeout: float = WAIT) -> None:
    """Wait until ``condition()`` is true (checked as the loop runs); fail naming ``what``."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        if loop.time() > deadline:
            raise AssertionError(f"waited {timeout:g} s for {what}")
        await asyncio.sleep(0.01)


class Probe:
    """A client driven by hand: its link runs in the background, every frame it receives is
    kept, and the test waits for the frames it expects."""

    def __init__(self, link: RemoteLink) -> None:
        self.link = link
        self.frames: list[Received] = []
        self._task = asyncio.ensure_future(link.run())
        self._reader = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        while True:
            self.frames.append(await self.link.receive())

    def of(self, kind: type[T]) -> list[T]:
        """Every frame of ``kind`` received so far."""
        return [frame for frame in self.frames if isinstance(frame, kind)]

    async def next(self, kind: type[T], after: int = 0) -> T:
        """The first frame of ``kind`` among those received from the ``after``-th on."""
        found: list[T] = []

        def arrived() -> bool:
            found[:] = [f for f in self.frames[after:] if isinstance(f, kind)]
            return bool(found)

        await wait_for(arrived, f"a {kind.__name__}")
        return found[0]

    async def close(self) -> None:
        """Leave and stop reading."""
        self.link.close()
        await asyncio.wait_for(self._task, WAIT)
        self._reader.cancel()
