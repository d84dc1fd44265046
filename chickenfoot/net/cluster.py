"""A table server's part among several servers sharing one store (PostgreSQL).

On a store several servers share (:class:`~chickenfoot.saves.store.SharedTables`) each server
holds a lease (:class:`~chickenfoot.net.lease.ServerLease`) and runs only the tables it made
or took over. Its :class:`ClusterMember` enlists it once it listens, and from then on:

- takes over the tables no live server runs (killed, paused, cut off), when it enlists and
  every quarter of a lease after, a batch at a time;
- relays a client that asks for a table another server runs to that server
  (:mod:`chickenfoot.net.relay`), or takes the table over if that server's lease ran out;
- holds a new table's creator back until the table's row is written, so the other servers
  find its code;
- drops every table at once, writing nothing, when it finds its own lease ran out (the store
  refused a move, or the renewing thread could not renew it), and enlists again under a new
  name;
- leaves its tables to the others at once when the server stops, once every write is made.

What makes two servers never write one table is the store's fence, judged in each write's
transaction; the lease kept here is the server's own caution (see
:mod:`chickenfoot.net.lease`). :class:`~chickenfoot.net.server.TableServer` composes one when
its store is shared.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
from collections.abc import Callable
from typing import Protocol

from chickenfoot.net.connection import Connection
from chickenfoot.net.forwarded import Headers
from chickenfoot.net.kept import TableKeeper
from chickenfoot.net.lease import ServerLease
from chickenfoot.net.oplog import OperatorLog
from chickenfoot.net.protocol import Denied
from chickenfoot.net.relay import relay, relayed_client
from chickenfoot.net.table import OnlineTable
from chickenfoot.saves.store import KeptTableRow, SharedTables
from chickenfoot.text.words import plural

log = logging.getLogger(__name__)

CLAIM_BATCH = 64
"""Tables a server takes over in one transaction (it looks again at once after a full one)."""

PUBLISH_WAIT = 15.0
"""Seconds a new table's creator waits for the table's row to be written (a database another
program holds makes a write wait up to 10 s)."""

Found = OnlineTable | bool | None
"""What a server found of a table another ran: the table, now taken over here; True: the
client was relayed to its server (or told to try again); None: no such table."""


class Member(Protocol):
    """What a cluster member asks of its table server."""

    tables: dict[str, OnlineTable]
    keeper: TableKeeper
    log: OperatorLog

    @property
    def stopping(self) -> bool:
        """True once the server began to stop."""

    async def bring_back(self, rows: Callable[[], list[KeptTableRow]]) -> list[str]:
        """Run the tables of the rows ``rows()`` reads (on a thread); their codes."""

    def let_go(self, table: OnlineTable) -> None:
        """Let go of ``table``, closed already and out of :attr:`tables`."""

    def refuse(self, connection: Connection, denial: Denied) -> None:
        """Refuse ``connection``'s frame with ``denial``, and log its reason."""


class ClusterMember:
    """``server``'s lease in ``store`` and what it does with it (see the module's
    description): enlisted at ``advertise`` (None: ``ws://`` and the address it listens on)
    with a lease of ``seconds``."""

    def __init__(
        self, server: Member, store: SharedTables, advertise: str | None, seconds: float
    ) -> None:
        self.server = server
        self.store = store
        self.advertise = advertise
        """Where the other servers of the store reach this one (None: found once it
        listens)."""
        self.seconds = seconds
        self.lease: ServerLease | None = None
        """This server's lease, once it enlisted."""
        self._leasing: asyncio.Task[None] | None = None
        self._check_lease = asyncio.Event()

    async def enlist(self, listening: socket.socket, secure: bool) -> list[str]:
        """Enlist the server listening on ``listening`` (over TLS if ``secure``), take over
        the tables no live server runs and keep the lease from then on; the codes taken."""
        address = self.advertise or _own_address(listening, secure)
        self.lease = ServerLease(self.store, address, self.seconds)
        await self.lease.enlist()
        taken = await self._claim_orphans()
        self._leasing = asyncio.ensure_future(self._keep_lease())
        return taken

    async def stop_renewing(self) -> None:
        """Renew the lease no more (the server stops)."""
        if self._leasing is not None:
            self._leasing.cancel()
        if self.lease is not None:
            await asyncio.to_thread(self.lease.stop)

    async def retire(self) -> None:
        """Leave the server's tables to the others at once and end its lease (once every
        write of the stopping server is made); a database out of reach lets them wait for
        the lease to run out instead."""
        if self.lease is not None:
            with contextlib.suppress(OSError):
                await asyncio.to_thread(self.store.retire)

    def client_address(self, headers: Headers | None) -> str | None:
        """The address of the client whose connection another server of the store relays
        here (None: not a relayed connection, or one that did not show the store's secret)."""
        return relayed_client(headers, self.lease.secret) if self.lease is not None else None

    def lease_lost(self) -> None:
        """The store refused a move of one of this server's tables: renew the lease now (it
        ran out, so every table is dropped)."""
        self._check_lease.set()

    async def published(self, table: OnlineTable) -> bool:
        """Wait until the new ``table``'s row is written, so the other servers find its
        code; False if the table closed meanwhile."""
        await asyncio.to_thread(self.server.keeper.written, table.code, PUBLISH_WAIT)
        return not table.closed

    async def _keep_lease(self) -> None:
        """Take over the tables no live server runs every quarter of a lease (the lease is
        renewed on a thread of its own: :meth:`ServerLease.keep`); once the lease is lost,
        drop every table and enlist again."""
        lease = self.lease
        assert lease is not None
        loop = asyncio.get_running_loop()
        lease.hold(lambda: loop.call_soon_threadsafe(self._check_lease.set))
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._check_lease.wait(), lease.every)
            if self._check_lease.is_set():
                self._check_lease.clear()
                await lease.renew()  # a refused move or the renewing thread says it is lost?
            if lease.lost:
                self._drop_tables()
                try:
                    await lease.enlist()
                except OSError as error:
                    log.warning("this server could not enlist again: %s", error)
                    continue
            try:
                await self._claim_orphans()
            except OSError as error:
                log.warning("tables could not be taken over: %s", error)

    async def _claim_orphans(self) -> list[str]:
        """Take over every table no live server runs, a batch at a time; their codes."""
        codes: list[str] = []
        while not self.server.stopping:
            batch = await self.server.bring_back(lambda: self.store.claim(None, CLAIM_BATCH))
            codes += batch
            if len(batch) < CLAIM_BATCH:
                break
        return codes

    def _drop_tables(self) -> None:
        """This server's lease ran out (it was paused, or cut off from the database): another
        server may run its tables now, so it drops every one at once, writing nothing (the
        store would refuse it anyway); their clients are told the server stopped, and come
        back through whichever server runs the table now."""
        tables = list(self.server.tables.values())
        self.server.tables.clear()
        log.warning(
            "this server's lease ran out: %s left to the other servers",
            plural(len(tables), "table"),
        )
        for table in tables:
            table.close("stopping")
            self.server.let_go(table)

    async def elsewhere(self, connection: Connection, data: str | bytes, code: str) -> Found:
        """Table ``code`` is not here: relay the client (whose first frame was ``data``) to
        the server that runs it, or take it over if that server's lease ran out."""
        lease = self.lease
        assert lease is not None
        try:
            runner = await asyncio.to_thread(self.store.runner, code)
        except OSError:
            runner = None
        if runner is None:
            return None
        if runner.alive and runner.server != lease.name and runner.address:
            self.server.log.relayed(code, runner.address)
            closed = await relay(
                connection.socket,
                data,
                f"{runner.address}/{code}",
                lease.secret,
                connection.address,
            )
            if closed is not None:
                connection.close(*closed)
                return True
        elif not runner.alive:
            with contextlib.suppress(OSError):
                await self.server.bring_back(lambda: self.store.claim([code], 1))
            if code in self.server.tables:
                return self.server.tables[code]
        self.server.refuse(connection, Denied(reason="server_busy", detail="table_server_silent"))
        return True


def _own_address(sock: socket.socket, secure: bool) -> str:
    """Where the other servers reach a server listening on ``sock`` (this machine's name
    when it listens on every address)."""
    host, port = sock.getsockname()[:2]
    if host in ("0.0.0.0", "::"):
        host = socket.gethostname()
    elif ":" in host:
        host = f"[{host}]"
    return f"{'wss' if secure else 'ws'}://{host}:{port}"
