"""One seat (or a spectator's place) at an online table, for every front end.

An :class:`OnlineSeat` holds the :class:`~chickenfoot.net.remote.RemoteLink` to the table and
the seat client the table's messages feed, and follows what the link brings
(:meth:`OnlineSeat.take`): the table's messages go to the client, the lobby's and who-is-here
news are kept and worded, the seat's token is kept or forgotten in the seat book
(:func:`~chickenfoot.net.seating.follow_seat`), and the finished game's record is handed on
to be kept. The full-screen app (``OnlineGameScreen``, whose table screen is a client of it
as of any :class:`~chickenfoot.play.tables.ScreenTable`, with who is here shown as
:meth:`OnlineSeat.with_presence` says) and the plain mode (``PlainOnlineTable``) each show what
it holds their own way, in the same words (:mod:`chickenfoot.text.online`).

**A key pressed while the connection is down** is decided here, once: a command that asks
the table for something (a move, a hint, a take-back, the whole log, the computers' pace, the
creator's start or hand-over) is not sent, and the person is told so
(:data:`~chickenfoot.text.online.NOT_CONNECTED`); nothing is left waiting for an answer that
was never asked for, nor for one the lost connection took with it (a hint asked just before:
the hint key works again once the table is back, which sends the whole position anew).
Holding the table while a screen covers it is never sent: one person's covered screen holds
up nobody at an online table.

No Textual: tests drive it directly, with a table server on 127.0.0.1.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import partial

from chickenfoot.lang import _
from chickenfoot.net.denials import denial_text
from chickenfoot.net.presence import status_news
from chickenfoot.net.protocol import (
    Covered,
    CoverSeat,
    Denied,
    FinishedGame,
    Hello,
    Replaced,
    Seated,
    SeatState,
    SetWatching,
    StartGame,
    TableGone,
    TableStatus,
    WatchTable,
)
from chickenfoot.net.remote import RETRY_FIRST, LinkStatus, Received, RemoteLink, TableAddress
from chickenfoot.net.seating import follow_seat, lobby_lines
from chickenfoot.net.tokens import SeatBook
from chickenfoot.play.client import SeatClient, SpectatorClient
from chickenfoot.play.shown import StatusShown, TableShown
from chickenfoot.play.tables import seats_as_saved
from chickenfoot.play.wire import (
    AskHint,
    GameEnded,
    GameLog,
    HintGiven,
    Hold,
    Message,
    NoHint,
    Refused,
    RoundEnded,
    Update,
    Welcome,
)
from chickenfoot.record.model import GameRecord, SeatConfig
from chickenfoot.text import online, prompts
from chickenfoot.text.deal import DealText
from chickenfoot.text.digest import by_computer, covered_news


@dataclass(frozen=True)
class Heard:
    """What one frame of the server, or one piece of the link's news, brought a front end."""

    news: tuple[str, ...] = ()
    """What to tell the person now: who joined, lost their connection or came back, a
    refusal, why the link ended, a question the lost connection left unanswered."""
    link: str | None = None
    """The link's own news in words (lost and trying again, connected again), for a front
    end that says it as it comes (the full screen shows :meth:`OnlineSeat.connection_line`
    in its top bar instead)."""
    changed: bool = False
    """Who is here or the link changed: the keys that work may have changed."""
    answered: bool = False
    """The client's feedback now answers what the person asked (a hint, a refusal, a
    take-back)."""
    dealt: bool = False
    """The game's first deal came: the lobby is over."""
    game_log: bool = False
    """The game's whole log came (the client's ``game_log``)."""
    record: str | None = None
    """The finished game's record (JSON, every hand revealed), to keep."""


class OnlineSeat:
    """A seat at the online table at ``address`` (a spectator's place when ``hello`` watches),
    its first frame ``hello``; its token is kept in ``book`` (see the module's
    description)."""

    def __init__(
        self,
        address: TableAddress,
        hello: Hello,
        *,
        book: SeatBook,
        first_retry: float = RETRY_FIRST,
    ) -> None:
        self.address = address
        self.book = book
        self.remote = RemoteLink(address, hello, first_retry=first_retry)
        watching = isinstance(hello, WatchTable)
        self.client: SeatClient = SpectatorClient() if watching else SeatClient()
        self.client.play_off_turn = False  # the turn is this seat's alone
        self.status: TableStatus | None = None
        """The table's latest status (the lobby, who is here, who covers whom)."""
        self.status_at = 0.0
        """When :attr:`status` came (monotonic seconds): a lost seat's wait counts down from
        then."""
        self.connection: LinkStatus | None = None
        """The link's latest news (None: none yet)."""
        self.connection_at = 0.0
        """When :attr:`connection` came (monotonic seconds): the wait before the next try
        counts down from then."""
        self.problem: str | None = None
        """Why the table cannot be reached any more, or was left (the link ended)."""
        self.started = False
        """True once the game was dealt (its first welcome came)."""
        self.covered: Covered | None = None
        """What a computer did in this seat while its person was away, told with the welcome
        that follows (its moves of the round in play marked in the log)."""

    # ----- the link ----------------------------------------------------------------------------

    async def run(self) -> None:
        """Connect, and reconnect after every loss, until the link ends."""
        await self.remote.run()

    def close(self) -> None:
        """Leave the table (the seat stays the person's: its token takes it back)."""
        self.remote.close()

    async def receive(self) -> Received:
        """The next frame of the server or piece of the link's news (waits for one)."""
        return await self.remote.receive()

    def drain(self) -> Sequence[Received]:
        """Everything the link brought and nobody read yet, oldest first."""
        return self.remote.drain()

    def send(self, message: Message | None) -> bool:
        """Send the table what a key asked for (None: the key did nothing, and the client
        said why); True if it was sent. While the connection is down nothing is: the client
        says so, and waits for no answer (see the module's description)."""
        if message is None or isinstance(message, Hold):
            return False
        if self.remote.send(message):
            return True
        if isinstance(message, AskHint):
            self.client.hint_pending = False  # never asked: no answer comes
        self.client.tell(_(online.NOT_CONNECTED))
        return False

    @property
    def connected(self) -> bool:
        """True while the connection is up."""
        return self.remote.connected

    @property
    def ended(self) -> bool:
        """True once the link ended for good."""
        return self.connection is not None and self.connection.ended

    @property
    def creator(self) -> bool:
        """True if this seat made the table (the creator's commands are its own)."""
        seated = self.remote.seated
        return seated is not None and seated.creator

    @property
    def over(self) -> bool:
        """True once the game is over."""
        view = self.client.view
        return view is not None and view.over

    @property
    def left(self) -> bool:
        """True once this seat is no longer at the table (another window took it, or the
        table closed) before the game's end: nothing it shows changes any more."""
        return self.problem is not None and not isinstance(self.client.prompt, GameEnded)

    # ----- what the link brings ----------------------------------------------------------------

    def take(self, item: Received) -> Heard:
        """Follow one frame of the server or piece of the link's news: what it brought."""
        follow_seat(
            self.book,
            str(self.address),
            item,
            token=self.remote.token,
            seated=self.remote.seated is not None,
        )
        if isinstance(item, LinkStatus):
            return self._link_news(item)
        if isinstance(item, TableStatus):
            who = status_news(self.status, item)
            self.status, self.status_at = item, time.monotonic()
            return Heard(news=tuple(who), changed=True)
        if isinstance(item, Denied):
            return Heard(news=(denial_text(item),))
        if isinstance(item, FinishedGame):
            return Heard(record=item.record)
        if isinstance(item, Seated):
            self.covered = item.covered
        if isinstance(item, Seated | TableGone | Replaced):
            return Heard(changed=True)  # the link ends by itself where it must
        self.client.receive(item)
        told: tuple[str, ...] = ()
        if isinstance(item, Welcome) and self.covered is not None and self.client.seats:
            told = self._covered_told(self.covered)
        dealt = isinstance(item, Welcome) and not self.started
        self.started = self.started or dealt
        restart = isinstance(item, Update) and item.restart
        return Heard(
            news=told,
            answered=isinstance(item, HintGiven | NoHint | Refused) or restart,
            dealt=dealt,
            game_log=isinstance(item, GameLog),
        )

    def _covered_told(self, covered: Covered) -> tuple[str, ...]:
        """The welcome back to a seat a computer played meanwhile: its moves marked in the
        log; what the person is told."""
        self.covered = None
        level = covered.level
        marked = partial(by_computer, level=level)
        self.client.history.mark_covered(self.client.seats[0], covered.this_round, marked)
        return (covered_news(level, covered.moves, covered.this_round),)

    def _link_news(self, status: LinkStatus) -> Heard:
        was = self.connection
        self.connection, self.connection_at = status, time.monotonic()
        if status.ended:
            self.problem = status.problem
            if status.problem is None or self.over:
                return Heard(changed=True)
            return Heard(news=(online.link_ended(status.problem),), changed=True)
        if status.connected:
            back = was is not None and not was.connected
            return Heard(link=_(online.CONNECTED) if back else None, changed=True)
        news: tuple[str, ...] = ()
        if self.client.hint_pending:  # asked, and the answer went with the connection
            self.client.hint_pending = False
            news = (_(online.UNANSWERED),)
        line = self.connection_line()
        return Heard(news=news, link=line, changed=True)

    # ----- the table's own commands ------------------------------------------------------------

    @property
    def can_start(self) -> bool:
        """True if this seat may start the game now (its creator, at a table that does not
        start by itself)."""
        status = self.status
        return self.creator and not (status is not None and status.starts_by_itself)

    def start_game(self) -> str | None:
        """The creator starts the game: None once asked, else why not, in words."""
        if not self.creator:
            return _(online.ONLY_CREATOR_STARTS)
        if self.status is not None and self.status.starts_by_itself:
            return _(online.STARTS_BY_ITSELF)
        return None if self.remote.send(StartGame()) else _(online.NOT_CONNECTED)

    def set_watching(self) -> str | None:
        """The creator turns watching off, or on again: None once asked, else why not, in
        words."""
        if not self.creator:
            return _(online.ONLY_CREATOR_WATCHING)
        allowed = self.status is None or not self.status.watching
        return None if self.remote.send(SetWatching(allowed=allowed)) else _(online.NOT_CONNECTED)

    def watchers_line(self) -> str:
        """How many watch the table now, in short ("" for none)."""
        return online.watchers(len(self.status.spectators)) if self.status is not None else ""

    @property
    def can_cover(self) -> bool:
        """True if this seat may hand lost seats to a computer now (its creator, while a
        person's seat is lost)."""
        return self.creator and bool(self.lost_seats())

    def cover_lost(self) -> str | None:
        """The creator hands every lost seat to a computer now (until its person is back):
        None once asked, else why not, in words."""
        if not self.creator:
            return _(online.ONLY_CREATOR_COVERS)
        lost = self.lost_seats()
        if not lost:
            return _(online.NOBODY_LOST)
        if not self.connected:
            return _(online.NOT_CONNECTED)
        for seat in lost:
            self.remote.send(CoverSeat(seat=seat))
        return None

    # ----- what is shown -----------------------------------------------------------------------

    def lost_seats(self) -> list[int]:
        """The seats whose person lost their connection and whose wait is counting down."""
        if self.status is None:
            return []
        return [number for number, seat in enumerate(self.status.seats) if seat.waiting is not None]

    def seconds_left(self, seat: SeatState) -> float | None:
        """How long ``seat``'s lost person has before a computer plays for them, now (None:
        nobody is counting down for that seat)."""
        if seat.waiting is None:
            return None
        return max(0.0, seat.waiting - (time.monotonic() - self.status_at))

    def away_lines(self) -> list[str]:
        """The seats whose person lost their connection, counting down to the computer that
        will play for them (the seconds as they are now)."""
        if self.status is None:
            return []
        return [
            online.lost(seat.name, left)
            for seat in self.status.seats
            if (left := self.seconds_left(seat)) is not None
        ]

    def seat_names(self, names: tuple[str, ...]) -> tuple[str, ...]:
        """The seats' ``names``, each person's saying when they are away, and who covers
        them."""
        status = self.status
        if status is None or len(status.seats) != len(names):
            return names
        shown = []
        for name, seat in zip(names, status.seats, strict=True):
            if seat.computer is None and seat.covered_by is not None:
                name = online.seat_covered(name, seat.covered_by)
            elif seat.computer is None and seat.taken and not seat.connected:
                name = online.seat_lost(name, self.seconds_left(seat))
            shown.append(name)
        return tuple(shown)

    def retry_left(self) -> float | None:
        """Seconds until the link tries again, now (None: it is not waiting to)."""
        status = self.connection
        if status is None or status.connected or status.retry_in is None:
            return None
        return max(0.0, status.retry_in - (time.monotonic() - self.connection_at))

    @property
    def out_of_reach(self) -> bool:
        """True while the table cannot be reached and the link tries again."""
        status = self.connection
        return (
            self.problem is None
            and status is not None
            and status.retry_in is not None
            and (not status.connected)
        )

    def connection_line(self) -> str | None:
        """The link's state in words while it is not up (None while it is, or before it
        tried)."""
        if self.problem is not None:
            return online.link_ended(self.problem)
        status = self.connection
        if status is None or status.connected:
            return None
        left = self.retry_left()
        if left is not None:
            return online.reconnecting(status.problem, left, status.attempt)
        return _(online.CONNECTING)

    def out_of_reach_line(self) -> str | None:
        """The status line while the table cannot be reached: why, and when the link tries
        again (None while it can be, or the link ended)."""
        status = self.connection
        if not self.out_of_reach or status is None:
            return None
        return online.out_of_reach(status.problem, self.retry_left(), status.attempt)

    def round_over_line(self, said: str, go_on: str) -> str | None:
        """The online table's words for a round's result, in place of ``said`` when that is
        what one keyboard says (its key "deals the next round"; here it only says the person
        saw it, and the table waits for everyone): None when ``said`` is something else."""
        prompt = self.client.prompt
        if not isinstance(prompt, RoundEnded):
            return None
        number = prompt.result.round
        last = number >= self.client.table.rules.round_count
        keys = replace(self.client.keys, go_on=go_on)
        if said != prompts.round_over(number, last=last, keys=keys):
            return None
        return online.round_over(number, last=last, go_on=go_on)

    def lobby_lines(self, start_key: str) -> list[str]:
        """What the lobby says now (``start_key``: the creator's way to start the game), or
        why the table cannot be reached any more."""
        if self.problem is not None:
            return [online.link_ended(self.problem)]
        away = self.out_of_reach_line()
        if away is not None and self.remote.seated is None:
            return [away]  # never reached yet: nothing else to say
        lines = lobby_lines(self.address, self.remote.seated, self.status, start_key=start_key)
        return [*lines, "", away] if away is not None else lines

    # ----- what a table screen asks of it (see ScreenTable) -------------------------------------

    played_here = False
    """The table's people are at other screens: no game of theirs is dealt at this keyboard
    (a new online game is made from New game), and the server keeps the game."""

    def deal_text(self, round_number: int) -> DealText | None:
        """How a round was dealt: never known at this seat (only the table has the decks)."""
        return None

    def seat_configs(self) -> tuple[SeatConfig, ...]:
        """Who sits where, as the table said it."""
        return seats_as_saved(self.client.table)

    def finished_record(self) -> GameRecord | None:
        """The whole game: not known at this seat until the table sends it to be kept."""
        return None

    def with_presence(self, shown: TableShown, menu_key: str) -> TableShown:
        """``shown`` with who is here: each person's seat says when its person is away, and
        who covers it; under the status, the seats whose person lost their connection,
        counting down to the computer that will play for them; once this seat left the table,
        only that (and that ``menu_key`` goes back to the menu); while the table is out of
        reach, why and when the link tries again; a round's result in the table's words (its
        key only says the person saw it)."""
        seats = replace(shown.seats, names=self.seat_names(shown.seats.names))
        if self.left:
            left = online.left_table(menu_key)
            return replace(shown, seats=seats, status=StatusShown(left, "error", shown.status.news))
        away = self.out_of_reach_line()
        if away is not None:
            return replace(shown, seats=seats, status=StatusShown(away, "error", shown.status.news))
        said = self.round_over_line(shown.status.text, self.client.keys.go_on)
        if said is not None:
            return replace(shown, seats=seats, status=replace(shown.status, text=said))
        lost = self.away_lines()
        status = replace(shown.status, news=" · ".join(lost)) if lost else shown.status
        return replace(shown, seats=seats, status=status)

    def top_bar_note(self) -> str:
        """The top bar's word on the table: the link's state while it is down, in short
        (while the table is out of reach the status line says why and when it tries again),
        else how many watch ("" for none)."""
        if self.out_of_reach:
            return _(online.OUT_OF_REACH)
        line = self.connection_line()
        return f"⚡ {line}" if line is not None else self.watchers_line()
