"""The table server: one asyncio process holding every online table's game.

:class:`TableServer` listens for WebSocket connections (the ``websockets`` library: see
docs/protocol.md for why) and keeps a table per code (:class:`OnlineTable`). A table starts in
its **lobby**: people join by the code (each gets a secret **seat token** that takes the seat
back later), spectators watch, and the creator starts the game; then one
:class:`~chickenfoot.play.host.TableHost` runs it, the same host a screen uses in one
process, and each connection is one of its clients (its outlet: :meth:`Connection.deliver`).
So a remote seat is sent exactly what a local one is: its own seat's view, the events it may
see, and every message through the host's one filter, the first one included.

**Drop-outs.** A person whose connection ends keeps their seat: the others see them as lost,
with the seconds left of the table's grace period; then a computer (the table's cover level)
plays the seat through a client of its own (:class:`CoverPlayer`, reading only that seat's
view) until the person comes back with their token. The creator may hand a lost seat to the
computer sooner. A table whose people have all gone waits for them (nobody plays against
computers alone) until it expires.

**Every client is hostile.** Every frame is read through :func:`~chickenfoot.net.protocol.
read_client` (a size cap, the protocol's models); each connection has a rate limit; the server
caps its tables, its connections per address and each table's spectators; a wrong code or
token is refused in words and answered more slowly each time from the same address; a seat
acts only for itself and only on its turn (the host refuses anything else, and nothing
changes).

Timers (the grace period, expiry) use the event loop's clock; tests give short ones.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
import ssl
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from pydantic import ValidationError
from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from chickenfoot.bots import Strategy, make_bot
from chickenfoot.bots.registry import seat_seed
from chickenfoot.net.autoplay import THINKING, answer, needs_answer
from chickenfoot.net.collector import SteadyCollector
from chickenfoot.net.protocol import (
    ClientFrame,
    CoverSeat,
    CreateTable,
    DenialReason,
    Denied,
    FinishedGame,
    JoinTable,
    Replaced,
    ReturnToSeat,
    Seated,
    SeatState,
    StartGame,
    TableGone,
    TableOptions,
    TableStatus,
    WatchTable,
    hash_token,
    name_refusal,
    new_code,
    new_token,
    normal_code,
    read_client,
    token_matches,
    write,
)
from chickenfoot.play.client import SeatClient
from chickenfoot.play.host import TableHost
from chickenfoot.play.session import GameSession, OpenElsewhere
from chickenfoot.play.wire import (
    Act,
    AskHint,
    ClientMessage,
    GameEnded,
    Hold,
    HostMessage,
    Message,
    SetPause,
    Update,
    Welcome,
    WireError,
    WireModel,
)
from chickenfoot.saves.committer import CommitWorker
from chickenfoot.saves.database import open_store
from chickenfoot.saves.jsonformat import record_json
from chickenfoot.saves.record import RecordError, SeatConfig
from chickenfoot.saves.store import GameId, GameStore

log = logging.getLogger(__name__)

MAX_FRAME = 64 * 1024
"""Frames longer than this end the connection unread (the protocol's own cap, 4 KiB, is
refused in words)."""

CLOSE_WAIT = 2.0
"""Seconds a closing connection waits for its client to answer the close (then it is cut):
a client that stopped reading holds up neither the server's stop nor anything else."""


@dataclass(frozen=True)
class Limits:
    """What the server allows each client, and how long tables live (seconds)."""

    max_tables: int = 1000
    per_address: int = 16
    """Connections at once from one address (0: no limit)."""
    spectators: int = 16
    """Spectators per table."""
    rate: float = 20.0
    """Frames per second a connection may send, on average..."""
    burst: int = 40
    """...and at once."""
    hello_time: float = 15.0
    """Seconds a new connection has to say what it wants."""
    denial_delay: float = 0.5
    """The wait before a refusal of a wrong code or token; it doubles with each one from the
    same address (up to :attr:`denial_delay_max`) and is forgotten after a quiet minute."""
    denial_delay_max: float = 8.0
    backlog: int = 1000
    """Frames queued for a client that does not read them before it is dropped."""
    lobby_expiry: float = 15 * 60
    """A table whose game has not started, with nobody connected, ends after this."""
    game_expiry: float = 12 * 3600
    """A game in play with nobody connected ends after this (it stays a saved game)."""
    sweep: float = 30.0
    """How often expired tables are looked for."""


class Connection:
    """One client's WebSocket: its frames out (in order, through a queue its own task
    empties), what it is at the server (a seat, a spectator, or nothing yet), and its rate
    limit."""

    def __init__(self, websocket: ServerConnection, address: str, limits: Limits) -> None:
        self.socket = websocket
        self.address = address
        self.limits = limits
        self.table: OnlineTable | None = None
        self.seat: int | None = None
        """The seat this connection plays (None: a spectator, or not at a table yet)."""
        self.name = ""
        self.client_id: int | None = None
        """The table host's number for this client, once the game started."""
        self._out: deque[str] = deque()
        self._ready = asyncio.Event()
        self.dropped = 0
        """Frames dropped for coming too fast (a connection that keeps on is closed)."""
        self._allowance = float(limits.burst)
        self._checked = time.monotonic()
        self.closing = False
        self._sending = False
        self.closed: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        """Done once the connection's last frame was sent and its close answered (or cut)."""
        self.received_at = 0.0
        """When the connection's latest frame was read (monotonic seconds)."""
        self.received_cpu = 0.0
        """The server's CPU time then (seconds; only while moves are timed)."""

    def deliver(self, message: HostMessage) -> None:
        """The table host's outlet: send ``message`` to this client."""
        self.send(message)

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
            if self.table is not None and self.table.timed_move is not None:
                self.table.sent_out()
            if self.closing:
                code, reason = self._close
                await self.socket.close(code, reason)
                return

    @property
    def drained(self) -> bool:
        """True when every frame queued for the client was sent."""
        return not self._out and not self._sending

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


@dataclass
class SeatSlot:
    """One seat of an online table: its name, the computer level of a computer's seat, and
    for a person's seat the hash of its token, its connection, when it dropped, and the
    computer covering it."""

    name: str
    computer: str | None = None
    token_hash: str | None = None
    connection: Connection | None = None
    dropped_at: float | None = None
    timer: asyncio.TimerHandle | None = None
    cover: CoverPlayer | None = None

    @property
    def taken(self) -> bool:
        """True once a person took this seat."""
        return self.token_hash is not None


class CoverPlayer:
    """A computer playing a person's seat through a seat client of its own (it sees only what
    that seat's person would), with the table's pause before each decision."""

    def __init__(self, table: OnlineTable, seat: int, level: str) -> None:
        self.table = table
        self.seat = seat
        self.level = level
        self.client = SeatClient()
        host = table.host
        assert host is not None
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
        if self._task is None and needs_answer(self.client):
            self._task = asyncio.ensure_future(self._answer(self.client.received))

    async def _answer(self, seen: int) -> None:
        host = self.table.host
        try:
            await asyncio.sleep(host.pause if host is not None else 0)
            if self.level in THINKING:
                message = await asyncio.to_thread(answer, self.client, self.strategy)
            else:
                message = answer(self.client, self.strategy)
        finally:
            self._task = None
        if host is None or self.table.host is not host or self.client.received != seen:
            self._consider()  # the game moved meanwhile: look again
            return
        if message is not None and self.client_id is not None:
            host.submit(self.client_id, message)

    def leave(self) -> None:
        """Give the seat back (its person returned)."""
        if self._task is not None:
            self._task.cancel()
            self._task = None
        host = self.table.host
        if host is not None and self.client_id is not None:
            host.disconnect(self.client_id)
        self.client_id = None


class KeptSeat(WireModel):
    """A seat as the store keeps it: its name and the hash of its token (None: not taken)."""

    name: str
    token_hash: str | None = None


class KeptTable(WireModel):
    """An online table as the store keeps it, to bring it back after a restart."""

    options: TableOptions
    creator: int
    auto_start: bool = False
    seats: tuple[KeptSeat, ...]


Phase = Literal["lobby", "playing", "over"]


class OnlineTable:
    """One table: its code and options, its seats and spectators, and once started its game
    (a :class:`~chickenfoot.play.host.TableHost` whose turn loop runs as a task)."""

    def __init__(self, server: TableServer, code: str, options: TableOptions) -> None:
        self.server = server
        self.code = code
        self.options = options
        self.seats = [SeatSlot(plan.name, plan.computer) for plan in options.seats]
        self.creator = options.people[0] if options.people else 0
        self.auto_start = False
        """Start as soon as every person's seat is taken (a table made by the server itself)."""
        self.watchers: dict[Connection, str] = {}
        self.phase: Phase = "lobby"
        self.host: TableHost | None = None
        self.task: asyncio.Task[None] | None = None
        self.observers: list[Callable[[HostMessage], None]] = []
        """Who else hears the public view of the game (``chickenfoot host`` prints it)."""
        self.idle_since: float | None = server.now()
        """Since when nobody is connected (None while somebody is)."""
        self._acted_at: tuple[float, float] | None = None
        """When the move being made was read from its client, and the server's CPU time then
        (only while moves are timed)."""
        self.timed_move: tuple[float, float] | None = None
        """When the move whose frames are being sent was read, and the server's CPU time then
        (only while moves are timed)."""

    # ----- who is here ---------------------------------------------------------------------------

    @property
    def connections(self) -> list[Connection]:
        """Every connection at the table: the seats', then the spectators'."""
        seated = [slot.connection for slot in self.seats if slot.connection is not None]
        return seated + list(self.watchers)

    @property
    def people_here(self) -> bool:
        """True while at least one person is connected to a seat."""
        return any(slot.connection is not None for slot in self.seats)

    def status(self) -> TableStatus:
        """The table as everybody at it sees it now."""
        now = self.server.now()
        states = []
        for slot in self.seats:
            waiting = None
            if slot.dropped_at is not None and slot.cover is None and self.phase == "playing":
                waiting = max(0.0, slot.dropped_at + self.options.grace - now)
            states.append(
                SeatState(
                    name=slot.name,
                    computer=slot.computer,
                    taken=slot.taken,
                    connected=slot.connection is not None,
                    covered_by=slot.cover.level if slot.cover is not None else None,
                    waiting=waiting,
                )
            )
        return TableStatus(
            code=self.code,
            seats=tuple(states),
            spectators=tuple(self.watchers.values()),
            started=self.phase != "lobby",
            creator=self.creator,
            grace=self.options.grace,
            starts_by_itself=self.auto_start,
        )

    def tell_everyone(self) -> None:
        """Send every connection the table's status."""
        status = self.status()
        for connection in self.connections:
            connection.send(status)

    def _noticed(self) -> None:
        """Somebody came or went: note whether any person is here (spectators keep no table
        alive)."""
        if self.people_here:
            self.idle_since = None
        elif self.idle_since is None:
            self.idle_since = self.server.now()

    # ----- people come and go ----------------------------------------------------------------

    def free_seat(self, name: str) -> int | None:
        """The seat a person called ``name`` joins: the free person's seat planned for that name,
        else the first free one (None: every person's seat is taken)."""
        free = [
            seat for seat, slot in enumerate(self.seats) if slot.computer is None and not slot.taken
        ]
        named = [seat for seat in free if self.seats[seat].name.casefold() == name.casefold()]
        chosen = named or free
        return chosen[0] if chosen else None

    def name_in_use(self, name: str, seat: int) -> bool:
        """True if a seat other than ``seat`` already goes by ``name`` (a computer, or a person
        who took their seat)."""
        return any(
            other != seat
            and (slot.taken or slot.computer is not None)
            and slot.name.casefold() == name.casefold()
            for other, slot in enumerate(self.seats)
        )

    def sit(self, connection: Connection, seat: int, name: str) -> None:
        """``connection`` takes the free ``seat`` as ``name`` (its name at the table, unless
        the game has started under another) and is given the seat's new token."""
        slot = self.seats[seat]
        token = new_token()
        slot.token_hash = hash_token(token)
        if self.phase == "lobby":
            slot.name = name
        self.keep()
        self._attach(connection, seat, token)

    def come_back(self, connection: Connection, seat: int) -> None:
        """``connection`` takes back ``seat`` with its token (a connection that has it now is
        told it was replaced)."""
        slot = self.seats[seat]
        old = slot.connection
        if old is not None:
            self._detach(old)
            old.send(Replaced())
            old.close(1000, "this seat was taken by another window")
        self._attach(connection, seat)

    def _attach(self, connection: Connection, seat: int, token: str | None = None) -> None:
        slot = self.seats[seat]
        connection.table, connection.seat, connection.name = self, seat, slot.name
        slot.connection = connection
        slot.dropped_at = None
        if slot.timer is not None:
            slot.timer.cancel()
            slot.timer = None
        if slot.cover is not None:
            slot.cover.leave()
            slot.cover = None
        creator = seat == self.creator
        connection.send(Seated(code=self.code, seat=seat, token=token, creator=creator))
        if self.host is not None:
            connection.client_id = self.host.connect(connection, (seat,))
            if self.phase == "over":
                self._hand_record(connection)
        self._noticed()
        self._cover_lapsed()
        self.tell_everyone()
        if self.phase == "lobby" and self.auto_start and self._everybody_here():
            self.start()

    def watch(self, connection: Connection, name: str) -> None:
        """``connection`` watches the table as ``name``."""
        connection.table, connection.seat, connection.name = self, None, name
        self.watchers[connection] = name
        connection.send(Seated(code=self.code))
        if self.host is not None:
            connection.client_id = self.host.connect(connection, ())
            if self.phase == "over":
                self._hand_record(connection)
        self._noticed()
        self.tell_everyone()

    def leave(self, connection: Connection) -> None:
        """``connection`` ended: a seat's person dropped (the grace period starts), or a
        spectator left."""
        if connection.table is not self:
            return
        self._detach(connection)
        self._noticed()
        if self.phase != "over":
            self.tell_everyone()

    def _detach(self, connection: Connection) -> None:
        if self.host is not None and connection.client_id is not None:
            self.host.disconnect(connection.client_id)
        connection.client_id = None
        connection.table = None
        if connection in self.watchers:
            del self.watchers[connection]
            return
        seat = connection.seat
        if seat is None or self.seats[seat].connection is not connection:
            return
        slot = self.seats[seat]
        slot.connection = None
        slot.dropped_at = self.server.now()
        if self.phase == "playing":
            self._start_grace(seat)

    def _everybody_here(self) -> bool:
        return all(slot.connection is not None for slot in self.seats if slot.computer is None)

    # ----- covering a lost seat ----------------------------------------------------------------

    def _start_grace(self, seat: int) -> None:
        slot = self.seats[seat]
        loop = asyncio.get_running_loop()
        slot.timer = loop.call_later(self.options.grace, self._grace_over, seat)

    def _grace_over(self, seat: int) -> None:
        self.seats[seat].timer = None
        self._cover_lapsed()
        self.tell_everyone()

    def _cover_lapsed(self) -> None:
        """Cover every person's seat whose grace is over, while somebody is here to play."""
        if self.phase != "playing" or not self.people_here or self.host is None:
            return
        now = self.server.now()
        for seat, slot in enumerate(self.seats):
            lapsed = slot.dropped_at is not None and now >= slot.dropped_at + self.options.grace
            absent = slot.computer is None and slot.connection is None and slot.cover is None
            if absent and (not slot.taken or lapsed):
                self.cover(seat)

    def cover(self, seat: int) -> None:
        """A computer plays ``seat`` (a person's, nobody at it) until its person returns."""
        slot = self.seats[seat]
        if slot.timer is not None:
            slot.timer.cancel()
            slot.timer = None
        slot.cover = CoverPlayer(self, seat, self.options.cover)

    # ----- kept in the store -------------------------------------------------------------------

    def kept(self) -> KeptTable:
        """What the store keeps of this table (never a token: only its hash)."""
        return KeptTable(
            options=self.options,
            creator=self.creator,
            auto_start=self.auto_start,
            seats=tuple(
                KeptSeat(name=slot.name, token_hash=slot.token_hash) for slot in self.seats
            ),
        )

    def keep(self) -> None:
        """Keep the table in the store as it is now (a failure is logged: the table plays on,
        and is lost only if the server dies before the next change is kept)."""
        game = self.host.session.game if self.host is not None else None
        try:
            self.server.store.keep_table(self.code, game, self.kept().model_dump_json())
        except OSError as error:
            log.warning("table %s could not be kept: %s", self.code, error)

    # ----- the game ------------------------------------------------------------------------------

    def start(self) -> None:
        """Deal the game: seats nobody took are covered by computers."""
        options = self.options
        seats = tuple(
            SeatConfig(name=slot.name, player="computer", level=slot.computer)
            if slot.computer is not None
            else SeatConfig(name=slot.name, player="human")
            for slot in self.seats
        )
        session = GameSession.new(options.rules, seats, options.seed, self.server.store)
        self.begin(session)

    def begin(self, session: GameSession) -> None:
        """Run the game of ``session`` at this table (its moves committed by the server's
        worker, each told to the clients once committed): connect everybody here, cover the
        seats of people who are not."""
        session.committer.in_background(None, self.server.worker)
        host = TableHost(session, pause=self.options.pause, acknowledge_committed=True)
        self.host, self.phase = host, "playing"
        self.keep()
        host.connect(_Observer(self), ())
        for slot in self.seats:
            if slot.connection is not None:
                slot.connection.client_id = host.connect(slot.connection, (self._seat(slot),))
        for connection in self.watchers:
            connection.client_id = host.connect(connection, ())
        self.task = asyncio.ensure_future(host.run())
        self._cover_lapsed()
        self.tell_everyone()

    def _seat(self, slot: SeatSlot) -> int:
        return self.seats.index(slot)

    def heard(self, message: HostMessage) -> None:
        """The public view of the game moved (from the table's own observer)."""
        for observer in self.observers:
            observer(message)
        if (
            self._acted_at is not None
            and isinstance(message, Update)
            and any(step.action is not None for step in message.steps)
        ):
            # the move timed is played: every client is sent it now, the observer first
            self.timed_move, self._acted_at = self._acted_at, None
        over = isinstance(message, Welcome | Update) and isinstance(message.prompt, GameEnded)
        if over and self.phase == "playing":
            self.phase = "over"
            asyncio.get_running_loop().call_soon(self._finish)

    def _finish(self) -> None:
        """The game is over: every client gets the whole record to keep, and the store keeps
        it as an ordinary saved game (no longer as a table)."""
        for connection in self.connections:
            self._hand_record(connection)
        self.server._forget(self.code)

    def _hand_record(self, connection: Connection) -> None:
        """Send ``connection`` the finished game's whole record."""
        host = self.host
        assert host is not None
        connection.send(FinishedGame(record=record_json(host.session.record)))

    def handle(self, connection: Connection, frame: ClientFrame) -> None:
        """A frame from a connection at this table."""
        if isinstance(frame, StartGame):
            if connection.seat != self.creator or connection.seat is None:
                connection.send(_denied("not_creator", "only the table's creator starts it"))
            elif self.phase != "lobby":
                connection.send(_denied("not_now", "the game has started already"))
            elif self.auto_start:
                connection.send(
                    _denied("not_now", "this table starts by itself once everyone has joined")
                )
            else:
                self.start()
            return
        if isinstance(frame, CoverSeat):
            self._cover_asked(connection, frame.seat)
            return
        if isinstance(frame, CreateTable | JoinTable | ReturnToSeat | WatchTable):
            connection.send(_denied("not_now", "this connection is at a table already"))
            return
        if self.host is None or connection.client_id is None:
            connection.send(_denied("not_now", "the game has not started yet"))
            return
        if isinstance(frame, AskHint) and not self.options.hints:
            connection.send(_denied("not_now", "hints are off at this table"))
            return
        if isinstance(frame, Hold):
            return  # one person's covered screen holds up nobody at an online table
        if isinstance(frame, SetPause) and len(self.options.people) > 1:
            connection.send(_denied("not_now", "the computers' pace is the table's"))
            return
        message: ClientMessage = frame
        if isinstance(frame, Act) and self.server.move_times is not None:
            self._acted_at = (connection.received_at, connection.received_cpu)
        self.host.submit(connection.client_id, message)

    def sent_out(self) -> None:
        """A connection sent every frame it had: once all of them have, the move timed is
        told to everyone (its time at the server is noted)."""
        timed, report = self.timed_move, self.server.move_times
        if timed is None or report is None:
            return
        if all(connection.drained for connection in self.connections):
            self.timed_move = None
            now, read_at, cpu_at = time.monotonic(), *timed
            report(now, now - read_at, time.process_time() - cpu_at)

    def _cover_asked(self, connection: Connection, seat: int) -> None:
        if connection.seat != self.creator:
            connection.send(_denied("not_creator", "only the table's creator hands a seat over"))
            return
        slot = self.seats[seat] if seat < len(self.seats) else None
        if self.phase != "playing" or slot is None or slot.computer is not None:
            connection.send(_denied("not_now", "that seat is not a person's seat in play"))
        elif slot.connection is not None or slot.cover is not None:
            connection.send(_denied("not_now", "that seat's person is connected"))
        else:
            self.cover(seat)
            self.tell_everyone()

    def close(self, reason: Literal["expired", "finished", "stopping"]) -> None:
        """End the table: tell everybody, stop the game (it stays a saved game)."""
        for slot in self.seats:
            if slot.timer is not None:
                slot.timer.cancel()
            if slot.cover is not None:
                slot.cover.leave()
                slot.cover = None
        for connection in self.connections:
            connection.send(TableGone(reason=reason))
            connection.close(1000, "the table closed")
        if self.host is not None:
            self.host.close()


class _Observer:
    """The table's own spectator: hears the public view of every move."""

    def __init__(self, table: OnlineTable) -> None:
        self.table = table

    def deliver(self, message: HostMessage) -> None:
        """The host's outlet."""
        self.table.heard(message)


def _denied(reason: DenialReason, text: str) -> Denied:
    return Denied(reason=reason, text=text)


def _close_sessions(sessions: list[GameSession]) -> None:
    """Close every session (each lets its latest commit finish and gives its game back)."""
    for session in sessions:
        session.close()


class TableServer:
    """Every online table of this process, and the WebSocket server clients reach them by."""

    def __init__(
        self,
        limits: Limits | None = None,
        store: GameStore | None = None,
        *,
        sync_every_move: bool = False,
        move_times: Callable[[float, float, float], None] | None = None,
        steady_collector: bool = False,
    ) -> None:
        self.limits = limits or Limits()
        self.collector = SteadyCollector() if steady_collector else None
        """Keeps the garbage collector's pauses short once the server started (a process that
        is the server: ``chickenfoot host``); None: the collector is left as it is."""
        self.move_times = move_times
        """Told of each move a client makes: when its last frame was sent, how long it took from
        the client's frame read to then (monotonic seconds) and how much CPU time the server's
        process used meanwhile (the move's time on a core of the server's own, whatever else
        the machine runs), for benchmarks; None: moves are not timed."""
        self._own_store = store is None
        self.store: GameStore = (
            open_store(sync_every_commit=sync_every_move) if store is None else store
        )
        """Where every table's game and the tables themselves are kept (the app's store)."""
        self.worker = CommitWorker(self.store)
        """Commits the moves of every table, together (one thread for all tables)."""
        self.tables: dict[str, OnlineTable] = {}
        self._per_address: dict[str, int] = {}
        self._failures: dict[str, tuple[int, float]] = {}
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
        bound socket ``sock``); the port listened on."""
        self.restore()
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
        tables = list(self.tables.values())
        self.tables.clear()
        for table in tables:
            table.close("stopping")
        closing = [connection.closed for table in tables for connection in table.connections]
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
        await asyncio.to_thread(self.worker.stop)
        if self._own_store:
            self.store.close()
        if self.collector is not None:
            self.collector.stop()

    @property
    def stopping(self) -> bool:
        """True once :meth:`close` began."""
        return self._stopping is not None and self._stopping.is_set()

    def restore(self) -> list[str]:
        """Bring back every table the store keeps (the server was stopped or killed): lobbies
        as they were, games where their last committed move left them, every person's seat
        lost until its person returns; their codes. A table that cannot be brought back
        (its game deleted, or over) is forgotten, and logged."""
        restored = []
        for code, game, data in self.store.tables():
            table = self._restored(code, game, data)
            if table is None:
                self._forget(code)
            else:
                self.tables[code] = table
                restored.append(code)
        return restored

    def _restored(self, code: str, game: GameId | None, data: str) -> OnlineTable | None:
        try:
            kept = KeptTable.model_validate_json(data)
        except ValidationError:
            log.warning("table %s is kept in a form this server cannot read", code)
            return None
        table = OnlineTable(self, code, kept.options)
        table.creator, table.auto_start = kept.creator, kept.auto_start
        for slot, kept_seat in zip(table.seats, kept.seats, strict=False):
            slot.name, slot.token_hash = kept_seat.name, kept_seat.token_hash
        if game is None:
            return table
        try:
            session = GameSession.load(game, self.store, force=True)
        except (OSError, RecordError, OpenElsewhere) as error:
            log.warning("table %s: its game cannot be brought back: %s", code, error)
            return None
        if session.state.over:
            session.close()
            return None
        now = self.now()
        table.begin(session)
        for number, slot in enumerate(table.seats):
            if slot.taken:
                slot.dropped_at = now
                table._start_grace(number)
        return table

    def _forget(self, code: str) -> None:
        try:
            self.store.drop_table(code)
        except OSError as error:
            log.warning("table %s could not be forgotten: %s", code, error)

    async def _stopped(self, table: OnlineTable) -> None:
        if table.task is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await table.task
        if table.host is not None:
            await asyncio.to_thread(table.host.session.close)

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
            limit = self.limits.lobby_expiry if table.phase == "lobby" else self.limits.game_expiry
            if table.phase == "over" or now - table.idle_since >= limit:
                gone.append(code)
                self._end(table, "finished" if table.phase == "over" else "expired")
        return gone

    def _end(self, table: OnlineTable, reason: Literal["expired", "finished", "stopping"]) -> None:
        table.close(reason)
        self.tables.pop(table.code, None)
        self._forget(table.code)
        task = asyncio.ensure_future(self._stopped(table))
        self._handlers.add(task)
        task.add_done_callback(self._handlers.discard)

    # ----- tables ------------------------------------------------------------------------------

    def create_table(self, options: TableOptions) -> OnlineTable:
        """A new table with a fresh code (:class:`ValueError` when the server has as many as
        it may hold)."""
        if len(self.tables) >= self.limits.max_tables:
            raise ValueError("this server holds as many tables as it may: try again later")
        code = new_code()
        while code in self.tables:
            code = new_code()
        table = OnlineTable(self, code, options)
        self.tables[code] = table
        table.keep()
        return table

    # ----- connections -------------------------------------------------------------------------

    async def _connected(self, websocket: ServerConnection) -> None:
        """Serve one client's connection until it ends."""
        peer = websocket.remote_address
        address = str(peer[0]) if peer else "?"
        connection = Connection(websocket, address, self.limits)
        writer = asyncio.ensure_future(connection.write_out())
        count = self._per_address.get(address, 0)
        cap = self.limits.per_address
        self._per_address[address] = count + 1
        try:
            if self.stopping:
                connection.close(1001, "the server is stopping")
            elif cap and count >= cap:
                connection.send(
                    _denied("too_many_connections", "too many connections from your address")
                )
                connection.close(1008, "too many connections")
            else:
                await self._converse(connection)
        except ConnectionClosed:
            pass
        finally:
            self._per_address[address] -= 1
            if not self._per_address[address]:
                del self._per_address[address]
            table = connection.table
            if table is not None:
                table.leave(connection)
            connection.close()
            with contextlib.suppress(ConnectionClosed, asyncio.TimeoutError):
                await asyncio.wait_for(writer, 5)
            writer.cancel()

    async def _converse(self, connection: Connection) -> None:
        websocket = connection.socket
        try:
            first = await asyncio.wait_for(websocket.recv(), self.limits.hello_time)
        except TimeoutError:
            connection.send(_denied("first_message", "say which table you want, and sooner"))
            connection.close(1008, "no first message")
            return
        if not await self._hello(connection, first):
            connection.close(1008, "refused")
            return
        async for data in websocket:
            if connection.closing:
                return
            if not connection.allowed():
                connection.dropped += 1
                if connection.dropped > self.limits.burst * 10:
                    connection.close(1008, "too many messages")
                    return
                if connection.dropped % self.limits.burst == 1:
                    connection.send(_denied("too_fast", "too many messages: slow down"))
                continue
            connection.received_at = time.monotonic()
            if self.move_times is not None:
                connection.received_cpu = time.process_time()
            try:
                frame = read_client(data)
            except WireError as error:
                connection.send(_denied("bad_message", str(error)))
                continue
            table = connection.table
            if table is None or table.code not in self.tables:
                connection.send(_denied("not_now", "this connection is at no table"))
                continue
            table.handle(connection, frame)

    async def _hello(self, connection: Connection, data: str | bytes) -> bool:
        """Handle a connection's first frame; False if it was refused."""
        try:
            frame = read_client(data)
        except WireError as error:
            connection.send(_denied("bad_message", str(error)))
            return False
        if isinstance(frame, CreateTable):
            return self._create(connection, frame)
        if not isinstance(frame, JoinTable | ReturnToSeat | WatchTable):
            connection.send(
                _denied("first_message", "the first message makes, joins or watches a table")
            )
            return False
        code = normal_code(frame.code)
        table = self.tables.get(code) if code is not None else None
        if table is None:
            await self._slow_down(connection.address)
            connection.send(_denied("no_such_table", f"there is no table {frame.code!r} here"))
            return False
        if isinstance(frame, ReturnToSeat):
            seat = next(
                (
                    number
                    for number, slot in enumerate(table.seats)
                    if token_matches(frame.token, slot.token_hash)
                ),
                None,
            )
            if seat is None:
                await self._slow_down(connection.address)
                connection.send(_denied("bad_token", "that seat token is not one of this table's"))
                return False
            table.come_back(connection, seat)
            return True
        if isinstance(frame, JoinTable) and not frame.name.strip():
            return self._join(connection, table, None)
        problem = name_refusal(frame.name)
        if problem is not None:
            connection.send(_denied("bad_message", problem))
            return False
        name = frame.name.strip()
        if isinstance(frame, WatchTable):
            if len(table.watchers) >= self.limits.spectators:
                connection.send(
                    _denied("too_many_spectators", "this table has as many spectators as it may")
                )
                return False
            table.watch(connection, name)
            return True
        return self._join(connection, table, name)

    def _join(self, connection: Connection, table: OnlineTable, name: str | None) -> bool:
        """Seat ``connection`` at ``table`` as ``name`` (None: under the seat's planned name)."""
        seat = table.free_seat(name or "")
        if seat is None:
            connection.send(_denied("table_full", "every seat at this table is taken: watch it"))
            return False
        name = name or table.seats[seat].name
        if table.name_in_use(name, seat):
            connection.send(
                _denied("bad_message", f"somebody at this table is called {name}: choose another")
            )
            return False
        table.sit(connection, seat, name)
        return True

    def _create(self, connection: Connection, frame: CreateTable) -> bool:
        options = frame.options
        problem = name_refusal(frame.name) or next(
            (name_refusal(plan.name) for plan in options.seats if name_refusal(plan.name)), None
        )
        if problem is not None:
            connection.send(_denied("bad_message", problem))
            return False
        if not options.people:
            connection.send(_denied("bad_message", "a table needs a seat for a person"))
            return False
        if len(options.seats) != options.rules.players:
            connection.send(
                _denied("bad_message", "the table's seats and its rules' players differ")
            )
            return False
        try:
            table = self.create_table(options)
        except ValueError as full:
            connection.send(_denied("too_many_tables", str(full)))
            return False
        table.sit(connection, table.creator, frame.name.strip())
        return True

    async def _slow_down(self, address: str) -> None:
        """Wait before refusing a wrong code or token (see :meth:`denial_wait`); a server that
        stops meanwhile waits no more."""
        stopping = self._stopping
        delay = self.denial_wait(address)
        if stopping is None:
            await asyncio.sleep(delay)
            return
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stopping.wait(), delay)

    def denial_wait(self, address: str) -> float:
        """Seconds to wait before refusing a wrong code or token from ``address``: doubling
        with each one, up to a cap; forgotten after a quiet minute."""
        limits = self.limits
        now = time.monotonic()
        count, last = self._failures.get(address, (0, now))
        if now - last > 60:
            count = 0
        self._failures[address] = (count + 1, now)
        if len(self._failures) > 10_000:  # a flood of addresses: forget the oldest
            oldest = sorted(self._failures, key=lambda key: self._failures[key][1])
            for key in oldest[:5_000]:
                del self._failures[key]
        return float(min(limits.denial_delay_max, limits.denial_delay * 2.0**count))
