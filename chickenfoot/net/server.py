"""The table server: one asyncio process holding every online table's game.

:class:`TableServer` listens for WebSocket connections (the ``websockets`` library: see
docs/protocol.md for why), has each connection's first frame read (make, join, return to or
watch a table: the **handshake**, :class:`~chickenfoot.net.handshake.Handshake`) and from then
on hands its frames to its table (:class:`~chickenfoot.net.table.OnlineTable`, one per code).
It ends the tables nobody came back to in time (**expiry**), and a server started on a store
that kept tables brings them back (**restore**): lobbies as they were, games where their last
committed move left them.

**The event loop never waits for the store.** A table's moves are committed by one worker
thread for every table (:class:`~chickenfoot.saves.committer.CommitWorker`, a group commit);
the tables' own rows (a table made, a seat taken, the game dealt, the table ended) by the
:class:`~chickenfoot.net.kept.TableKeeper`'s thread; a game is dealt, brought back and closed
on threads of their own. So a store that is slow to write (a busy database, a slow disk)
holds up only what waits for it: every other table plays on, and people still join.

**Every client is hostile.** Every frame is read through :func:`~chickenfoot.net.protocol.
read_client` (a size cap, the protocol's models); each connection has a rate limit and a cap
on the frames waiting for it (:class:`~chickenfoot.net.connection.Connection`); the server
caps its tables, its connections per address and each table's spectators; a wrong code or
token is refused in words and answered more slowly each time from the same address
(:class:`~chickenfoot.net.door.Door`).

**Several servers on one store.** On a store several servers share (PostgreSQL:
:class:`~chickenfoot.saves.store.SharedTables`) each server holds a lease and runs only the
tables it made or took over; its :class:`~chickenfoot.net.cluster.ClusterMember` enlists it,
relays a client that asks for a table another server runs to that server, takes over the
tables of a server whose lease ran out (killed, paused, cut off), and drops every table at
once, unwritten, when it finds its own lease ran out.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
import ssl
import time
from collections.abc import Callable
from typing import Protocol

from pydantic import ValidationError
from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from chickenfoot.net.cluster import ClusterMember
from chickenfoot.net.collector import SteadyCollector
from chickenfoot.net.connection import Connection
from chickenfoot.net.denials import wire_denial
from chickenfoot.net.door import Door
from chickenfoot.net.forwarded import Headers, ProxyTrust
from chickenfoot.net.handshake import Handshake
from chickenfoot.net.kept import KeptTable, TableKeeper
from chickenfoot.net.lease import LEASE
from chickenfoot.net.limits import Limits
from chickenfoot.net.oplog import OperatorLog
from chickenfoot.net.protocol import (
    CODE_ALPHABET,
    Denied,
    TableOptions,
    new_code,
    read_client,
)
from chickenfoot.net.table import Ending, Guest, OnlineTable
from chickenfoot.net.timing import MoveTimes
from chickenfoot.play.session import GameSession, OpenElsewhere
from chickenfoot.play.wire import WireError
from chickenfoot.record.model import RecordError
from chickenfoot.saves.committer import CommitWorker
from chickenfoot.saves.database import SqliteStore, database_path
from chickenfoot.saves.store import GameStore, KeptTableRow, SharedTables, TableStore

log = logging.getLogger(__name__)

MAX_FRAME = 64 * 1024
"""Frames longer than this end the connection unread (the protocol's own cap, 4 KiB, is
refused in words)."""

CLOSE_WAIT = 2.0
"""Seconds a closing connection waits for its client to answer the close (then it is cut):
a client that stopped reading holds up neither the server's stop nor anything else."""

KEEP_WAIT = 15.0
"""Seconds a stopping server gives the tables' rows still waiting to be written (a database
another program holds makes a write wait up to 10 s)."""


class ServerStore(GameStore, Protocol):
    """What a table server keeps its games in, and its online tables beside them (the SQLite
    store keeps them itself; the PostgreSQL store keeps them under each server's lease, a
    :class:`~chickenfoot.saves.store.SharedTables`)."""

    @property
    def online_tables(self) -> TableStore:
        """Where the server's online tables are kept."""


Restored = tuple[str, KeptTable, GameSession | None]
"""A table read back from the store: its code, what was kept of it, and its game (None: the
table is a lobby)."""


class TableServer:
    """Every online table of this process, and the WebSocket server clients reach them by."""

    def __init__(
        self,
        limits: Limits | None = None,
        store: ServerStore | None = None,
        *,
        sync_every_move: bool = False,
        move_times: MoveTimes | None = None,
        steady_collector: bool = False,
        proxies: ProxyTrust | None = None,
        advertise: str | None = None,
        lease: float = LEASE,
        code_letters: str = CODE_ALPHABET,
    ) -> None:
        self.limits = limits or Limits()
        self.proxies = proxies or ProxyTrust()
        """The reverse proxies whose forwarded client address this server believes."""
        self.code_letters = code_letters
        """The characters its new tables' codes start with (:func:`code_letters`)."""
        self.collector = SteadyCollector() if steady_collector else None
        """Keeps the garbage collector's pauses short once the server started (a process that
        is the server: ``chickenfoot host``); None: the collector is left as it is."""
        self.move_times = move_times
        """Told of each move a client makes: when its last frame was sent, how long it took from
        the client's frame read to then (monotonic seconds) and how much CPU time the server's
        process used meanwhile (the move's time on a core of the server's own, whatever else
        the machine runs), for benchmarks; None: moves are not timed."""
        self._own_store = store is None
        self.store: ServerStore = (
            SqliteStore(database_path(), sync_every_commit=sync_every_move)
            if store is None
            else store
        )
        """Where every table's game and the tables themselves are kept (the app's store)."""
        tables = self.store.online_tables
        self.cluster = (
            ClusterMember(self, tables, advertise, lease)
            if isinstance(tables, SharedTables)
            else None
        )
        """This server's lease and what it does with it, on a store several servers share,
        reached at ``advertise`` (None: ``ws://`` and the address it listens on) with a lease
        of ``lease`` seconds; None: it runs every table of its store."""
        self.worker = CommitWorker(self.store)
        """Commits the moves of every table, together (one thread for all tables)."""
        self.keeper = TableKeeper(self.store.online_tables)
        """Writes the tables' rows (one thread for all tables)."""
        self.door = Door(self.limits)
        self.handshake = Handshake(self)
        """Reads each connection's first frame and places it at its table."""
        self.log = OperatorLog()
        """The operator's log: tables opened, started, finished and closed, and refusals."""
        self.tables: dict[str, OnlineTable] = {}
        self.restored: list[str] = []
        """The codes of the tables brought back when the server started."""
        self._server: Server | None = None
        self._sweeper: asyncio.Task[None] | None = None
        self._handlers: set[asyncio.Task[None]] = set()
        self._stopping: asyncio.Event | None = None
        """Set once the server is stopping (made in :meth:`start`, on the server's loop)."""

    def now(self) -> float:
        """The server's clock (the event loop's: seconds, monotonic)."""
        return asyncio.get_running_loop().time()

    # ----- running ---------------------------------------------------------------------------

    async def start(
        self,
        host: str = "127.0.0.1",
        port: int = 0,
        *,
        sock: socket.socket | None = None,
        tls: ssl.SSLContext | None = None,
    ) -> int:
        """Bring back the tables the store keeps, then listen on ``host``:``port`` (or the
        bound socket ``sock``); the port listened on. On a shared store: listen, enlist, then
        take over the tables no live server runs."""
        if self.cluster is None:
            self.restored = await self.restore()
        self._stopping = asyncio.Event()
        self._server = await serve(
            self._connected,
            host=None if sock is not None else host,
            port=None if sock is not None else port,
            sock=sock,
            ssl=tls,
            max_size=MAX_FRAME,
            max_queue=16,
            compression=None,
            ping_interval=20,
            ping_timeout=20,
            close_timeout=CLOSE_WAIT,
            logger=log,
        )
        self._sweeper = asyncio.ensure_future(self._sweep())
        if self.collector is not None:
            self.collector.start()
        sockets = list(self._server.sockets)
        if self.cluster is not None:
            self.restored = await self.cluster.enlist(sockets[0], tls is not None)
        return int(sockets[0].getsockname()[1])

    async def close(self) -> None:
        """Stop: take no more connections, close every table at once (each client is told
        why; every move made is committed and each game stays saved, its table kept to come
        back on the next start), end every connection and stop listening.

        It takes about as long as the slowest of: the latest commit, one thread's closing of
        every game, and a client answering the close (:data:`CLOSE_WAIT` at most)."""
        if self._stopping is not None:
            self._stopping.set()
        if self._sweeper is not None:
            self._sweeper.cancel()
        if self.cluster is not None:
            await self.cluster.stop_renewing()
        tables = list(self.tables.values())
        self.tables.clear()
        for table in tables:
            table.close("stopping")
        closing = [guest.connection.closed for table in tables for guest in table.guests]
        loops = [table.task for table in tables if table.task is not None]
        await asyncio.gather(*loops, return_exceptions=True)
        sessions = [table.host.session for table in tables if table.host is not None]
        closed = asyncio.ensure_future(asyncio.to_thread(_close_sessions, sessions))
        if closing:  # each connection is cut after CLOSE_WAIT: this wait is bounded too
            await asyncio.wait(closing, timeout=2 * CLOSE_WAIT)
        await closed
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        await asyncio.to_thread(self._stop_threads)
        if self.cluster is not None:  # every write made: the tables are the others' at once
            await self.cluster.retire()
        if self._own_store:
            self.store.close()
        if self.collector is not None:
            self.collector.stop()

    def _stop_threads(self) -> None:
        """Write the tables' rows that wait, then stop the keeper and the commit worker."""
        self.keeper.stop(KEEP_WAIT)
        self.worker.stop()

    @property
    def stopping(self) -> bool:
        """True once :meth:`close` began."""
        return self._stopping is not None and self._stopping.is_set()

    # ----- restore and expiry ------------------------------------------------------------------

    async def restore(self) -> list[str]:
        """Bring back every table the store keeps (the server was stopped or killed): lobbies
        as they were, games where their last committed move left them, every person's seat
        lost until its person returns; their codes. The store is read on a thread. A table
        that cannot be brought back (its game deleted, or over) is forgotten, and logged."""
        return await self.bring_back(self.store.online_tables.tables)

    async def bring_back(self, rows: Callable[[], list[KeptTableRow]]) -> list[str]:
        """Bring back the tables of the rows ``rows()`` reads (on a thread); their codes."""
        restored = []
        for code, kept, session in await asyncio.to_thread(lambda: self._read_kept(rows())):
            table = OnlineTable(self, code, kept.options, seed=kept.seed)
            table.row.restore(kept)
            if session is not None:
                table.begin(session, restored=True)
            self.tables[code] = table
            restored.append(code)
            self.log.restored(code, playing=session is not None)
        return restored

    def _read_kept(self, rows: list[KeptTableRow]) -> list[Restored]:
        """Every table of ``rows`` that can be brought back, with its game (on a thread: the
        games are read, and held by this server)."""
        found: list[Restored] = []
        for code, game, data in rows:
            try:
                kept = KeptTable.model_validate_json(data)
            except ValidationError:
                log.warning("table %s is kept in a form this server cannot read", code)
                self.keeper.forget(code)
                continue
            session = None
            if game is not None:
                try:
                    session = GameSession.load(game, self.store, force=True)
                except (OSError, RecordError, OpenElsewhere) as error:
                    log.warning("table %s: its game cannot be brought back: %s", code, error)
                    self.keeper.forget(code)
                    continue
                if session.state.over:
                    session.close()
                    self.keeper.forget(code)
                    continue
            found.append((code, kept, session))
        return found

    # ----- several servers on one store ---------------------------------------------------------

    @property
    def shared(self) -> bool:
        """True on a store several servers share (this server runs its tables there under a
        lease)."""
        return self.cluster is not None

    def lease_lost(self) -> None:
        """The store refused a move of one of this server's tables: another server runs it
        (see :meth:`ClusterMember.lease_lost`)."""
        if self.cluster is not None:
            self.cluster.lease_lost()

    async def _sweep(self) -> None:
        """End the tables nobody came back to in time."""
        while True:
            await asyncio.sleep(self.limits.sweep)
            self.expire()

    def expire(self) -> list[str]:
        """End every table idle past its expiry now; their codes."""
        now = self.now()
        gone = []
        for code, table in list(self.tables.items()):
            if table.idle_since is None:
                continue
            limit = self._lifetime(table)
            if table.phase == "over" or now - table.idle_since >= limit:
                gone.append(code)
                self._end(table, "finished" if table.phase == "over" else "expired")
        return gone

    def _lifetime(self, table: OnlineTable) -> float:
        """How long ``table`` lives with nobody connected: a lobby nobody joined the least, a
        game the most."""
        limits = self.limits
        if table.phase != "lobby":
            return limits.game_expiry
        if table.lonely:
            return min(limits.lobby_expiry, limits.lonely_lobby_expiry)
        return limits.lobby_expiry

    def _end(self, table: OnlineTable, reason: Ending) -> None:
        table.close(reason)
        self.log.closed(table.code, reason)
        self.tables.pop(table.code, None)
        self.keeper.forget(table.code)
        self.let_go(table)

    def let_go(self, table: OnlineTable) -> None:
        """Let go of ``table``, closed already and out of :attr:`tables`: its turn loop
        ends and its game is closed, on a task of their own."""
        task = asyncio.ensure_future(self._stopped(table))
        self._handlers.add(task)
        task.add_done_callback(self._handlers.discard)

    async def _stopped(self, table: OnlineTable) -> None:
        if table.task is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await table.task
        if table.host is not None:
            await asyncio.to_thread(table.host.session.close)

    # ----- tables ------------------------------------------------------------------------------

    def create_table(
        self, options: TableOptions, *, made_by: str | None = None, seed: int | None = None
    ) -> OnlineTable:
        """A new table with a fresh code, made by the address ``made_by`` (None: the server's
        operator), dealt from the operator's fixed ``seed`` (None: from the server's secret).
        At the cap the oldest lobby nobody joined gives way first; :class:`ValueError` when
        there is none."""
        if len(self.tables) >= self.limits.max_tables and not self._make_room():
            raise ValueError("this server holds as many tables as it may: try again later")
        code = new_code(self.code_letters)
        while code in self.tables:
            code = new_code(self.code_letters)
        table = OnlineTable(self, code, options, made_by=made_by, seed=seed)
        self.tables[code] = table
        table.row.keep()
        computers = sum(1 for plan in options.seats if plan.computer is not None)
        self.log.opened(code, made_by, len(options.seats), computers)
        return table

    def _make_room(self) -> bool:
        """End the oldest lobby nobody but its creator joined (never one the operator made);
        False if there is none."""
        lonely = [
            table
            for table in self.tables.values()
            if table.phase == "lobby" and table.lonely and not table.auto_start
        ]
        if not lonely:
            return False
        # The oldest of those nobody is connected to goes first, then the oldest of all.
        oldest = min(lonely, key=lambda table: (table.people_here, table.made_at))
        self._end(oldest, "made_room")
        return True

    def lonely_tables(self, address: str) -> int:
        """How many open tables ``address`` made that nobody else joined."""
        return sum(1 for table in self.tables.values() if table.made_by == address and table.lonely)

    # ----- connections -------------------------------------------------------------------------

    async def _connected(self, websocket: ServerConnection) -> None:
        """Serve one client's connection until it ends."""
        peer = websocket.remote_address
        headers = _headers(websocket)
        address, unread = self.proxies.client(str(peer[0]) if peer else "?", headers)
        relayed = self.cluster.client_address(headers) if self.cluster is not None else None
        if relayed is not None:
            address, unread = relayed, None
        if unread is not None:
            self.log.refused("unreadable_forwarded_address", address)
        connection = Connection(websocket, address, self.limits)
        writer = asyncio.ensure_future(connection.write_out())
        guest: Guest | None = None
        let_in = self.door.enter(address)
        try:
            if self.stopping:
                connection.close(1001, "the server is stopping")
            elif not let_in:
                self.refuse(connection, Denied(reason="too_many_connections"))
                connection.close(1008, "too many connections")
            else:
                guest = await self.handshake.hello(connection)
                if guest is not None:
                    await self._converse(guest)
        except ConnectionClosed:
            pass
        finally:
            self.door.leave(address)
            if guest is not None and guest.table is not None:
                guest.table.leave(guest)
            connection.close()
            with contextlib.suppress(ConnectionClosed, asyncio.TimeoutError):
                await asyncio.wait_for(writer, 5)
            writer.cancel()

    async def _converse(self, guest: Guest) -> None:
        """Hand each frame of ``guest``'s connection to its table, within the rate limit."""
        connection = guest.connection
        async for data in connection.socket:
            if connection.closing:
                return
            if not connection.allowed():
                told = connection.count_drop()
                if connection.dropped > self.limits.burst * 10:
                    connection.close(1008, "too many messages")
                    self.log.refused("flood", connection.address)
                    return
                if told:
                    self.refuse(connection, Denied(reason="too_fast"))
                continue
            connection.received_at = time.monotonic()
            if self.move_times is not None:
                connection.received_cpu = time.process_time()
            try:
                frame = read_client(data)
            except WireError as error:
                self.refuse(connection, wire_denial(error))
                continue
            table = guest.table
            if table is None or table.code not in self.tables:
                self.refuse(connection, Denied(reason="not_now", detail="at_no_table"))
                continue
            table.handle(guest, frame)

    def refuse(self, connection: Connection, denial: Denied) -> None:
        """Refuse ``connection``'s frame with ``denial``, and log its reason."""
        connection.send(denial)
        self.log.refused(denial.reason, connection.address)

    async def pause(self, seconds: float) -> None:
        """Wait ``seconds``, or less should the server stop meanwhile."""
        stopping = self._stopping
        if stopping is None:
            await asyncio.sleep(seconds)
            return
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stopping.wait(), seconds)


def _headers(websocket: ServerConnection) -> Headers | None:
    """The headers of ``websocket``'s opening request (None: not known)."""
    request = websocket.request
    return request.headers if request is not None else None


def _close_sessions(sessions: list[GameSession]) -> None:
    """Close every session (each lets its latest commit finish and gives its game back)."""
    for session in sessions:
        session.close()
