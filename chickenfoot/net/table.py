"""One online table: its lobby, its seats and who sits in them, and its game once dealt.

An :class:`OnlineTable` starts in its **lobby**: people join by the table's code (each gets a
secret **seat token** that takes the seat back later), spectators watch, and the creator
starts the game (a table the server made starts by itself once every person's seat is
taken). The game is dealt on a thread (the store adds it: the event loop never waits for the
store), then one :class:`~chickenfoot.play.host.TableHost` runs it, the same host a screen
uses in one process, and each connection at the table is one of its clients (a
:class:`Guest`, whose outlet is the connection's queue of frames). So a remote seat is sent
exactly what a local one is: its own seat's view, the events it may see, and every message
through the host's one filter, the first one included.

**Drop-outs.** A person whose connection ends keeps their seat: the others see them as lost,
with the seconds left of the table's grace period; then a computer (the table's cover level)
plays the seat (:class:`~chickenfoot.net.cover.CoverPlayer`) until the person comes back
with their token. The creator may hand a lost seat to the computer sooner. A table whose
people have all gone waits for them (nobody plays against computers alone) until the server
lets it expire.

**Kept.** A table's :class:`TableRow` is what the store keeps of it (its options, seats and
token hashes, and on a store several servers share how long each person has been away),
written as it changes and read back when a server starts again or takes the table over.

A seat acts only for itself and only on its turn (the host refuses anything else, and nothing
changes); what only the creator may do is refused to the others in words. Timers (the grace
period) use the event loop's clock; tests give short ones.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal, Protocol

from chickenfoot.net.connection import Connection
from chickenfoot.net.cover import CoverPlayer
from chickenfoot.net.kept import KeptSeat, KeptTable, TableKeeper
from chickenfoot.net.names import looks_like
from chickenfoot.net.oplog import OperatorLog
from chickenfoot.net.protocol import (
    ClientFrame,
    Covered,
    CoverSeat,
    CreateTable,
    Denied,
    FinishedGame,
    JoinTable,
    Replaced,
    ReturnToSeat,
    Seated,
    SeatState,
    SetWatching,
    StartGame,
    TableGone,
    TableOptions,
    TableStatus,
    WatchTable,
    hash_token,
    new_token,
    token_matches,
)
from chickenfoot.net.timing import MoveTimer, MoveTimes
from chickenfoot.play.host import TableHost
from chickenfoot.play.session import GameSession
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
)
from chickenfoot.record.model import SeatConfig
from chickenfoot.saves.committer import CommitWorker
from chickenfoot.saves.jsonformat import record_json
from chickenfoot.saves.store import GameStore

log = logging.getLogger(__name__)


Phase = Literal["lobby", "dealing", "playing", "over"]
Ending = Literal["expired", "finished", "stopping", "made_room"]


KEPT_WAIT = 10.0
"""Seconds a game just dealt waits for its table's row to name it before it is shown."""


class Venue(Protocol):
    """What a table asks of the server that holds it."""

    @property
    def store(self) -> GameStore:
        """Where the table's game is dealt and committed."""

    @property
    def worker(self) -> CommitWorker:
        """Commits the moves of every table of the server."""

    @property
    def keeper(self) -> TableKeeper:
        """Keeps every table's row in the store, off the event loop."""

    @property
    def log(self) -> OperatorLog:
        """The operator's log."""

    @property
    def move_times(self) -> MoveTimes | None:
        """Told of each move a client makes (benchmarks); None: moves are not timed."""

    def now(self) -> float:
        """The server's clock (seconds, monotonic)."""

    def lease_lost(self) -> None:
        """The store refused a move of one of the server's tables: another server runs it."""

    @property
    def shared(self) -> bool:
        """True when the server shares its store with others, which may take its tables
        over (each seat's time away is then kept with the table)."""


class Guest:
    """A connection at a table: the seat it plays (None: a spectator), its name there, and
    its number among the table host's clients once the game is dealt."""

    def __init__(
        self, connection: Connection, table: OnlineTable, seat: int | None, name: str
    ) -> None:
        self.connection = connection
        self.table: OnlineTable | None = table
        """The table it is at (None once it left, or another window took its seat)."""
        self.seat = seat
        self.name = name
        self.client_id: int | None = None

    def deliver(self, message: HostMessage) -> None:
        """The table host's outlet: send ``message`` to this client."""
        self.connection.send(message)

    def send(self, message: Message) -> None:
        """Send ``message`` to this client."""
        self.connection.send(message)


@dataclass
class SeatSlot:
    """One seat of an online table: its name, the computer level of a computer's seat, and
    for a person's seat the hash of its token, who sits there, since when its person is away,
    the countdown of their grace, and the computer covering it meanwhile."""

    name: str
    computer: str | None = None
    token_hash: str | None = None
    guest: Guest | None = None
    dropped_at: float | None = None
    countdown: asyncio.TimerHandle | None = None
    cover: CoverPlayer | None = None

    @property
    def taken(self) -> bool:
        """True once a person took this seat."""
        return self.token_hash is not None

    def state(self, now: float, grace: float, *, playing: bool) -> SeatState:
        """The seat as everybody at the table sees it (while ``playing``, with the seconds
        its away person has left)."""
        waiting = None
        if playing and self.dropped_at is not None and self.cover is None:
            waiting = max(0.0, self.dropped_at + grace - now)
        return SeatState(
            name=self.name,
            computer=self.computer,
            taken=self.taken,
            connected=self.guest is not None,
            covered_by=self.cover.level if self.cover is not None else None,
            waiting=waiting,
        )

    def sit(self, guest: Guest) -> Covered | None:
        """``guest``'s person sits here (again): their countdown and any cover end; what the
        computer that covered the seat did meanwhile (None: no computer played for them)."""
        self.guest, self.dropped_at = guest, None
        covered = self.cover.report() if self.cover is not None else None
        self.clear()
        return covered

    def drop(self, now: float) -> None:
        """Its person's connection ended at ``now``."""
        self.guest, self.dropped_at = None, now

    def count_down(self, now: float, grace: float, then: Callable[[], None]) -> None:
        """Count down what is left of the ``grace`` since its person dropped (from ``now``
        if that is not known), then call ``then``."""
        self._stop_countdown()
        if self.dropped_at is None:
            self.dropped_at = now
        left = max(0.0, self.dropped_at + grace - now)
        self.countdown = asyncio.get_running_loop().call_later(left, self._counted, then)

    def _counted(self, then: Callable[[], None]) -> None:
        self.countdown = None
        then()

    def needs_cover(self, now: float, grace: float) -> bool:
        """True if a computer should play this seat now: a person's seat nobody sits in and
        no computer covers, never taken, or whose person's grace is over."""
        if self.computer is not None or self.guest is not None or self.cover is not None:
            return False
        return not self.taken or (self.dropped_at is not None and now >= self.dropped_at + grace)

    def cover_with(self, host: TableHost, seat: int, level: str) -> None:
        """A computer of ``level`` plays this seat (number ``seat`` at ``host``'s table) until
        its person returns."""
        self._stop_countdown()
        self.cover = CoverPlayer(host, seat, level)

    def clear(self) -> None:
        """No countdown and no computer at this seat any more."""
        self._stop_countdown()
        if self.cover is not None:
            self.cover.leave()
            self.cover = None

    def _stop_countdown(self) -> None:
        if self.countdown is not None:
            self.countdown.cancel()
            self.countdown = None


class OnlineTable:
    """One table (see the module's description): its code and options, its seats and
    spectators, and once dealt its game (a :class:`~chickenfoot.play.host.TableHost` whose
    turn loop runs as a task)."""

    def __init__(
        self,
        venue: Venue,
        code: str,
        options: TableOptions,
        *,
        made_by: str | None = None,
        seed: int | None = None,
    ) -> None:
        self.venue = venue
        self.code = code
        self.options = options
        self.made_by = made_by
        """The address that made the table (None: the server's operator, or not known after
        a restart)."""
        self.seed = seed
        """The operator's fixed seed of the deal (``chickenfoot host --seed``: everybody at the
        table is told the deal is fixed); None: the server deals from a secret of its own."""
        self.made_at = venue.now()
        self.watching = options.watching
        """Whether spectators may watch (the creator may change it)."""
        self.seats = [SeatSlot(plan.name, plan.computer) for plan in options.seats]
        self.creator = options.people[0] if options.people else 0
        self.auto_start = False
        """Start as soon as every person's seat is taken (a table made by the server itself)."""
        self.watchers: list[Guest] = []
        self.phase: Phase = "lobby"
        self.closed = False
        self.host: TableHost | None = None
        self.task: asyncio.Task[None] | None = None
        """The table's work on the event loop: dealing its game, then the host's turn loop."""
        self.observers: list[Callable[[HostMessage], None]] = []
        """Who else hears the public view of the game (``chickenfoot host`` prints it)."""
        self.idle_since: float | None = venue.now()
        """Since when nobody is connected (None while somebody is)."""
        times = venue.move_times
        self.move_timer = MoveTimer(times) if times is not None else None
        """Times the moves of the table's clients (benchmarks), or None."""
        self.creators_keys = CreatorsKeys(self)
        """What only the table's creator may ask (start, a seat covered, watching)."""
        self.row = TableRow(self)
        """What the store keeps of the table: written as it changes, read back on a restart
        or a takeover."""

    # ----- who is here ---------------------------------------------------------------------------

    @property
    def guests(self) -> list[Guest]:
        """Every connection at the table: the seats', then the spectators'."""
        seated = [slot.guest for slot in self.seats if slot.guest is not None]
        return seated + self.watchers

    @property
    def lonely(self) -> bool:
        """True while no person but its creator ever took a seat (a lobby nobody joined, or a
        game against computers alone)."""
        return not any(slot.taken for seat, slot in enumerate(self.seats) if seat != self.creator)

    @property
    def people_here(self) -> bool:
        """True while at least one person is connected to a seat."""
        return any(slot.guest is not None for slot in self.seats)

    def status(self) -> TableStatus:
        """The table as everybody at it sees it now."""
        now, grace, playing = self.venue.now(), self.options.grace, self.phase == "playing"
        return TableStatus(
            code=self.code,
            seats=tuple(slot.state(now, grace, playing=playing) for slot in self.seats),
            spectators=tuple(guest.name for guest in self.watchers),
            started=self.phase != "lobby",
            creator=self.creator,
            grace=self.options.grace,
            starts_by_itself=self.auto_start,
            fixed_deal=self.seed is not None,
            watching=self.watching,
        )

    def tell_everyone(self) -> None:
        """Send every connection the table's status."""
        status = self.status()
        for guest in self.guests:
            guest.send(status)

    def _noticed(self) -> None:
        """Somebody came or went: note whether any person is here (spectators keep no table
        alive)."""
        if self.people_here:
            self.idle_since = None
        elif self.idle_since is None:
            self.idle_since = self.venue.now()

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

    def looks_like(self, name: str, seat: int | None) -> str | None:
        """The name at the table that ``name`` looks like (see :mod:`chickenfoot.net.names`),
        for a person taking ``seat`` (None: a spectator), or None. A person's name is checked
        against the other seats taken and the computers' and against the spectators'; a
        spectator's against every seat's, those still waiting for their person too, and the
        other spectators'."""
        seats = [
            slot.name
            for other, slot in enumerate(self.seats)
            if other != seat and (seat is None or slot.taken or slot.computer is not None)
        ]
        return looks_like(name, [*seats, *(guest.name for guest in self.watchers)])

    def seat_of(self, token: str) -> int | None:
        """The seat whose token ``token`` is (None: no seat of this table's)."""
        return next(
            (seat for seat, slot in enumerate(self.seats) if token_matches(token, slot.token_hash)),
            None,
        )

    def sit(self, connection: Connection, seat: int, name: str) -> Guest:
        """``connection`` takes the free ``seat`` as ``name`` (its name at the table, unless
        the game was dealt under another) and is given the seat's new token."""
        slot = self.seats[seat]
        token = new_token()
        slot.token_hash = hash_token(token)
        if self.phase == "lobby":
            slot.name = name
        self.row.keep()
        return self._attach(connection, seat, token)

    def come_back(self, connection: Connection, seat: int) -> Guest:
        """``connection`` takes back ``seat`` with its token (a connection that has it now is
        told it was replaced)."""
        old = self.seats[seat].guest
        if old is not None:
            self.detach(old)
            old.send(Replaced())
            old.connection.close(1000, "this seat was taken by another window")
        return self._attach(connection, seat)

    def watch(self, connection: Connection, name: str) -> Guest:
        """``connection`` watches the table as ``name``."""
        guest = Guest(connection, self, None, name)
        self.watchers.append(guest)
        guest.send(Seated(code=self.code))
        self._arrived(guest)
        self.tell_everyone()
        return guest

    def leave(self, guest: Guest) -> None:
        """``guest``'s connection ended: a seat's person dropped (the grace period starts), or
        a spectator left."""
        if guest.table is not self:
            return
        self.detach(guest)
        self._noticed()
        if self.phase != "over":
            self.tell_everyone()

    def _attach(self, connection: Connection, seat: int, token: str | None = None) -> Guest:
        slot = self.seats[seat]
        guest = Guest(connection, self, seat, slot.name)
        was_away = slot.dropped_at is not None
        covered = slot.sit(guest)
        if was_away:
            self.row.away_changed()
        creator = seat == self.creator
        guest.send(Seated(code=self.code, seat=seat, token=token, creator=creator, covered=covered))
        self._arrived(guest)
        self._cover_lapsed()
        self.tell_everyone()
        if self.phase == "lobby" and self.auto_start and self._everybody_here():
            self.start()
        return guest

    def _arrived(self, guest: Guest) -> None:
        """A guest came: a client of the game once dealt (with the finished game's record
        once it is over)."""
        if self.move_timer is not None:
            guest.connection.on_drained = self._drained
        if self.host is not None:
            guest.client_id = self.host.connect(guest, _seats_of(guest))
            if self.phase == "over":
                self._hand_record(guest)
        self._noticed()

    def detach(self, guest: Guest) -> None:
        """``guest`` is no longer at the table (a seat's person dropped, or a spectator left)."""
        if self.host is not None and guest.client_id is not None:
            self.host.disconnect(guest.client_id)
        guest.client_id = None
        guest.table = None
        guest.connection.on_drained = None
        if guest in self.watchers:
            self.watchers.remove(guest)
            return
        seat = guest.seat
        if seat is None or self.seats[seat].guest is not guest:
            return
        self.seats[seat].drop(self.venue.now())
        if self.phase == "playing":
            self._count_down(seat)
            self.row.away_changed()

    def _everybody_here(self) -> bool:
        return all(slot.guest is not None for slot in self.seats if slot.computer is None)

    # ----- covering a lost seat ----------------------------------------------------------------

    def _count_down(self, seat: int) -> None:
        """Count down what is left of ``seat``'s grace since its person dropped."""
        self.seats[seat].count_down(self.venue.now(), self.options.grace, self._grace_over)

    def _grace_over(self) -> None:
        self._cover_lapsed()
        self.tell_everyone()

    def _cover_lapsed(self) -> None:
        """Cover every person's seat whose grace is over, while somebody is here to play."""
        if self.phase != "playing" or not self.people_here or self.host is None:
            return
        now = self.venue.now()
        for seat, slot in enumerate(self.seats):
            if slot.needs_cover(now, self.options.grace):
                self.cover(seat)

    def cover(self, seat: int) -> None:
        """A computer plays ``seat`` (a person's, nobody at it) until its person returns."""
        assert self.host is not None, "only a game in play is covered"
        self.seats[seat].cover_with(self.host, seat, self.options.cover)

    # ----- the game ------------------------------------------------------------------------------

    def start(self) -> None:
        """Deal the game: everybody is told it started, the store adds it on a thread, then
        it runs here (:meth:`begin`); seats nobody took are covered by computers."""
        self.phase = "dealing"
        self.task = asyncio.ensure_future(self._deal())
        self.tell_everyone()

    async def _deal(self) -> None:
        options = self.options
        seats = tuple(
            SeatConfig(name=slot.name, player="computer", level=slot.computer)
            if slot.computer is not None
            else SeatConfig(name=slot.name, player="human")
            for slot in self.seats
        )
        store, keeper, kept = self.venue.store, self.venue.keeper, self.row.kept().model_dump_json()

        def deal() -> GameSession:
            # No seed: the record draws one from the system's secret source. The table's row
            # names its game before anybody sees the deal, so a server killed now brings the
            # same deal back (or another server takes it over), not a lobby dealt again.
            session = GameSession.new(options.rules, seats, self.seed, store)
            keeper.keep(self.code, session.game, kept)
            keeper.written(self.code, KEPT_WAIT)
            return session

        try:
            session = await asyncio.to_thread(deal)
        except OSError as error:
            log.warning("table %s: its game could not be dealt: %s", self.code, error)
            if not self.closed:
                self.phase = "lobby"
                busy = Denied(reason="server_busy", detail="deal_failed")
                for guest in self.guests:
                    guest.send(busy)
                self.tell_everyone()
            return
        if self.closed:  # the table closed while its game was dealt: give the game back
            await asyncio.to_thread(session.close)
            return
        self.begin(session)

    def begin(self, session: GameSession, *, restored: bool = False) -> None:
        """Run the game of ``session`` at this table (its moves committed by the server's
        worker, each told to the clients once committed): connect everybody here; the seat
        of a person who is not here waits out what is left of its grace, and seats nobody
        took are covered."""
        session.committer.in_background(None, self.venue.worker)
        host = TableHost(session, pause=self.options.pause, acknowledge_committed=True)
        self.host, self.phase = host, "playing"
        self.row.keep()
        if not restored:
            people = sum(1 for slot in self.seats if slot.computer is None and slot.taken)
            self.venue.log.started(self.code, people)
        host.connect(_Observer(self), ())
        for guest in self.guests:
            guest.client_id = host.connect(guest, _seats_of(guest))
        self.task = asyncio.ensure_future(host.run())
        self.task.add_done_callback(self._game_stopped)
        for seat, slot in enumerate(self.seats):
            if slot.taken and slot.guest is None:
                self._count_down(seat)
        self._cover_lapsed()
        self.tell_everyone()

    def _game_stopped(self, _task: object) -> None:
        """The game's turn loop ended: if the store refused its move for another server's
        sake, the server hears of it."""
        if self.host is not None and self.host.lease_lost:
            self.venue.lease_lost()

    def heard(self, message: HostMessage) -> None:
        """The public view of the game moved (from the table's own observer)."""
        for observer in self.observers:
            observer(message)
        if self.move_timer is not None:
            self.move_timer.heard(message)
        over = isinstance(message, Welcome | Update) and isinstance(message.prompt, GameEnded)
        if over and self.phase == "playing":
            self.phase = "over"
            asyncio.get_running_loop().call_soon(self._finish)

    def _finish(self) -> None:
        """The game is over: every client gets the whole record to keep, and the store keeps
        it as an ordinary saved game (no longer as a table)."""
        for guest in self.guests:
            self._hand_record(guest)
        self.venue.keeper.forget(self.code)
        self.venue.log.finished(self.code)

    def _hand_record(self, guest: Guest) -> None:
        """Send ``guest`` the finished game's whole record."""
        host = self.host
        assert host is not None
        guest.send(FinishedGame(record=record_json(host.session.record)))

    def _drained(self) -> None:
        """A connection sent every frame it had (moves are timed)."""
        if self.move_timer is not None:
            self.move_timer.sent_out(guest.connection for guest in self.guests)

    # ----- what the people at the table ask -------------------------------------------------

    def handle(self, guest: Guest, frame: ClientFrame) -> None:
        """A frame from a connection at this table."""
        if isinstance(frame, StartGame | CoverSeat | SetWatching):
            self.creators_keys.asked(guest, frame)
            return
        if isinstance(frame, CreateTable | JoinTable | ReturnToSeat | WatchTable):
            guest.send(Denied(reason="not_now", detail="at_a_table"))
            return
        if self.host is None or guest.client_id is None:
            guest.send(Denied(reason="not_now", detail="not_started"))
            return
        if isinstance(frame, AskHint) and not self.options.hints:
            guest.send(Denied(reason="not_now", detail="hints_off"))
            return
        if isinstance(frame, Hold):
            return  # one person's covered screen holds up nobody at an online table
        if isinstance(frame, SetPause) and len(self.options.people) > 1:
            guest.send(Denied(reason="not_now", detail="pace_is_the_tables"))
            return
        message: ClientMessage = frame
        if isinstance(frame, Act) and self.move_timer is not None:
            self.move_timer.acted(guest.connection)
        self.host.submit(guest.client_id, message)

    def close(self, reason: Ending) -> None:
        """End the table: tell everybody, stop the game (it stays a saved game)."""
        self.closed = True
        for slot in self.seats:
            slot.clear()
        for guest in self.guests:
            guest.send(TableGone(reason=reason))
            guest.connection.close(1000, "the table closed")
        if self.host is not None:
            self.host.close()


class CreatorsKeys:
    """What only ``table``'s creator may ask of it: start the game (unless it starts by
    itself), hand a lost person's seat to a computer now, turn watching off or on again. Each
    is checked here, and refused in words to anybody else or when it cannot be done now."""

    def __init__(self, table: OnlineTable) -> None:
        self.table = table

    def asked(self, guest: Guest, frame: StartGame | CoverSeat | SetWatching) -> None:
        """``guest`` asks for what ``frame`` says."""
        if isinstance(frame, StartGame):
            self._start(guest)
        elif isinstance(frame, CoverSeat):
            self._cover(guest, frame.seat)
        else:
            self._watching(guest, frame.allowed)

    def _start(self, guest: Guest) -> None:
        if guest.seat != self.table.creator or guest.seat is None:
            guest.send(Denied(reason="not_creator", detail="start"))
        elif self.table.phase != "lobby":
            guest.send(Denied(reason="not_now", detail="started"))
        elif self.table.auto_start:
            guest.send(Denied(reason="not_now", detail="starts_by_itself"))
        else:
            self.table.start()

    def _cover(self, guest: Guest, seat: int) -> None:
        if guest.seat != self.table.creator:
            guest.send(Denied(reason="not_creator", detail="cover"))
            return
        slot = self.table.seats[seat] if seat < len(self.table.seats) else None
        if self.table.phase != "playing" or slot is None or slot.computer is not None:
            guest.send(Denied(reason="not_now", detail="not_a_lost_seat"))
        elif slot.guest is not None or slot.cover is not None:
            guest.send(Denied(reason="not_now", detail="seat_connected"))
        else:
            self.table.cover(seat)
            self.table.tell_everyone()

    def _watching(self, guest: Guest, allowed: bool) -> None:
        if guest.seat != self.table.creator or guest.seat is None:
            guest.send(Denied(reason="not_creator", detail="watching"))
            return
        self.table.watching = allowed
        self.table.row.keep()
        for watcher in [] if allowed else list(self.table.watchers):
            self.table.detach(watcher)
            watcher.send(Denied(reason="watching_off"))
            watcher.connection.close(1000, "watching was turned off")
        self.table.tell_everyone()


class TableRow:
    """What the store keeps of ``table`` (never a token: only its hash), written as the table
    changes (off the event loop: :class:`~chickenfoot.net.kept.TableKeeper`) and read back
    when a server starts again or takes the table over."""

    def __init__(self, table: OnlineTable) -> None:
        self.table = table

    def kept(self) -> KeptTable:
        """The table's row as it is now."""
        table = self.table
        return KeptTable(
            options=table.options,
            creator=table.creator,
            auto_start=table.auto_start,
            seed=table.seed,
            watching=table.watching,
            seats=tuple(
                KeptSeat(
                    name=slot.name, token_hash=slot.token_hash, away_since=self.away_since(slot)
                )
                for slot in table.seats
            ),
        )

    def keep(self) -> None:
        """Keep the table in the store as it is now."""
        table = self.table
        game = table.host.session.game if table.host is not None else None
        table.venue.keeper.keep(table.code, game, self.kept().model_dump_json())

    def away_changed(self) -> None:
        """A person went away from the game in play, or came back: on a store several servers
        share, their time away is kept with the table (a server that takes it over counts
        their grace on from it)."""
        table = self.table
        if table.phase == "playing" and table.venue.shared and not table.closed:
            self.keep()

    def away_since(self, slot: SeatSlot) -> float | None:
        """When ``slot``'s person went away, in seconds since the epoch (None: here)."""
        if slot.guest is not None or slot.dropped_at is None:
            return None
        return time.time() - (self.table.venue.now() - slot.dropped_at)

    def restore(self, kept: KeptTable) -> None:
        """Make the table as its row ``kept`` says: its creator, whether it starts by itself
        or may be watched, its seats' names and token hashes, and (on a store several
        servers share) how long each person has been away."""
        table = self.table
        table.creator, table.auto_start = kept.creator, kept.auto_start
        table.watching = kept.watching
        now = table.venue.now()
        for slot, kept_seat in zip(table.seats, kept.seats, strict=False):
            slot.name, slot.token_hash = kept_seat.name, kept_seat.token_hash
            if table.venue.shared and kept_seat.away_since is not None:  # its grace goes on
                slot.dropped_at = now - max(0.0, time.time() - kept_seat.away_since)


class _Observer:
    """The table's own spectator: hears the public view of every move."""

    def __init__(self, table: OnlineTable) -> None:
        self.table = table

    def deliver(self, message: HostMessage) -> None:
        """The host's outlet."""
        self.table.heard(message)


def _seats_of(guest: Guest) -> tuple[int, ...]:
    """The seats ``guest`` plays at the table's host (none: a spectator)."""
    return (guest.seat,) if guest.seat is not None else ()
