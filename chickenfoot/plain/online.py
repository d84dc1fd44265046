"""A seat at an online table, line by line: the plain mode's lobby and online game.

:class:`PlainOnlineTable` is the plain table (:class:`~chickenfoot.plain.table.PlainSeat`:
the same lines, the same commands) fed by a :class:`~chickenfoot.net.remote.RemoteLink`
instead of a table host in this process, as the full-screen app's online game screen is. The
others' moves come while the person reads or types, so the link and the lines typed run side
by side (an asyncio loop; the next line is read on a thread of its own,
:meth:`~chickenfoot.plain.console.Console.ask_later`): every move is said as it comes, in
the log's words, and the question asked again below it.

Until the game starts the table is its lobby, in the words of the app's lobby
(:func:`~chickenfoot.net.seating.lobby_lines`): the code and the line to share, who has
joined, who watches; then, line by line, who joins, loses their connection or comes back
(:func:`~chickenfoot.net.presence.status_news`). The creator types ``s`` to start. A lost
connection is said, and the link reconnects by itself. The seat's token is kept in the data
folder, so joining again takes the seat back; the finished game is kept in this machine's
store, every hand revealed, like any other.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any

from chickenfoot.net.presence import status_news
from chickenfoot.net.protocol import (
    CoverSeat,
    Denied,
    FinishedGame,
    Hello,
    Replaced,
    Seated,
    StartGame,
    TableGone,
    TableStatus,
    WatchTable,
)
from chickenfoot.net.remote import LinkStatus, Received, RemoteLink, TableAddress
from chickenfoot.net.seating import follow_seat, keep_finished, lobby_lines
from chickenfoot.net.tokens import SeatBook
from chickenfoot.plain.console import Console
from chickenfoot.plain.table import GAME_HELP, Outcome, PlainSeat
from chickenfoot.play.client import SeatClient, SpectatorClient
from chickenfoot.play.wire import (
    ClientMessage,
    GameLog,
    HintGiven,
    NoHint,
    Refused,
    Update,
    Waiting,
    Welcome,
)
from chickenfoot.saves.store import GameStore
from chickenfoot.text import online, prompts

START_KEY = "s"
"""What the creator types to start the game (the lobby's last line names it)."""

LOBBY_HELP = (
    "The lobby: the game starts when its creator types s (a table the server made starts "
    "once everyone has joined).",
    "An empty line says the lobby again. q leaves the table: joining it again takes your "
    "seat back.",
)
"""What the lobby's commands are, as ``?`` reads them."""

ONLINE_HELP = (
    "At an online table: g hands every lost person's seat to a computer now, until they are "
    "back (the table's creator). q leaves the table: joining it again takes your seat back.",
)
"""The online table's own commands, said after the game's."""

NOT_CONNECTED = "Not connected: nothing was sent. Try again once the connection is back."
"""Said when a line typed cannot reach the table."""

LEAVE_TIME = 2.0
"""Seconds the link is given to close once the person leaves."""


class PlainOnlineTable(PlainSeat):
    """A seat (or a spectator's place) at an online table, a line at a time."""

    GAME_OVER_CHOICES = "Enter: back to the menu."
    PLAY_AGAIN = False
    """The table's people are at other screens: a new online game is made from New game."""

    def __init__(
        self,
        address: TableAddress,
        hello: Hello,
        console: Console,
        *,
        book: SeatBook,
        store: GameStore | None = None,
    ) -> None:
        watching = isinstance(hello, WatchTable)
        super().__init__(SpectatorClient() if watching else SeatClient(), console)
        self.client.keys = prompts.TurnKeys(save_copy="")
        self.address = address
        self.book = book
        self.store = store
        self.remote = RemoteLink(address, hello)
        self.status: TableStatus | None = None
        self.started = False
        """True once the game was dealt (the table's first welcome came)."""
        self.ended = asyncio.Event()
        """Set once the link ended for good (refused, replaced, the table gone)."""
        self._lobby_said = False
        self._lobby_last = ""
        self._connected = True
        self._after: list[str] = []
        """Lines to say after the table's news of the same moment (where a finished game
        was kept comes after its result)."""

    # ----- the loop ------------------------------------------------------------------------------

    def play(self) -> Outcome:
        """Go to the table and play until the person leaves (or the input ends, or the table
        cannot be reached any more)."""
        return asyncio.run(self._run())

    async def _run(self) -> Outcome:
        link = asyncio.ensure_future(self.remote.run())
        reader: asyncio.Future[Any] = asyncio.ensure_future(self._read())
        ended: asyncio.Future[Any] = asyncio.ensure_future(self.ended.wait())
        self.console.say(f"Connecting to {self.address.host}:{self.address.port}...")
        try:
            while True:
                pending = self.console.ask_later()
                line = asyncio.wrap_future(pending)
                # Once the game is over the table closes; its result stays until Enter.
                waits: set[asyncio.Future[Any]] = {line, reader}
                if not self._over:
                    waits.add(ended)
                await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
                if reader.done():
                    reader.result()  # what stopped it (it only stops on a fault)
                if not line.done():
                    if self._over:
                        continue
                    self.console.say("Back to the menu.")
                    return "menu"
                answer = self.console.answer(pending)
                if answer is None:
                    return "quit"
                outcome = self._handle(answer) if self.started else self._lobby(answer)
                if outcome is not None:
                    return outcome
                if self.started:
                    self._say_status()
        finally:
            self.remote.close()
            reader.cancel()
            ended.cancel()
            with contextlib.suppress(asyncio.TimeoutError, asyncio.CancelledError):
                await asyncio.wait_for(link, LEAVE_TIME)

    async def _read(self) -> None:
        """Take in what the link brings, and say it, as it comes."""
        while True:
            items = [await self.remote.receive(), *self.remote.drain()]
            with self.console.together():
                answered = False
                for item in items:
                    answered |= self._take(item)
                if self.started:
                    self._say_log()
                    if answered:
                        self._say_feedback()
                    self._say_status()
                self.console.say(*self._after)
                self._after.clear()

    @property
    def _over(self) -> bool:
        """True once the game is over."""
        return self.client.view is not None and self.client.view.over

    # ----- what the link brings ------------------------------------------------------------------

    def _take(self, item: Received) -> bool:
        """Take in one frame of the server or news of the link; True if it answers what the
        person asked (a hint, a refusal, a take-back)."""
        follow_seat(
            self.book,
            str(self.address),
            item,
            token=self.remote.token,
            seated=self.remote.seated is not None,
        )
        if isinstance(item, LinkStatus):
            self._link_news(item)
        elif isinstance(item, TableStatus):
            news = status_news(self.status, item)
            self.status = item
            if not self.started:
                self._say_lobby(news)
            else:
                self.console.say(*news)
        elif isinstance(item, Denied):
            self.console.say(item.text)
        elif isinstance(item, FinishedGame):
            self._keep_finished(item.record)
        elif not isinstance(item, (Seated, TableGone, Replaced)):
            if isinstance(item, Welcome) and not self.started:
                self.started = True
            self.client.receive(item)
            if isinstance(item, GameLog):
                self.console.say(*(self.client.game_log or []))
            restart = isinstance(item, Update) and item.restart
            return isinstance(item, HintGiven | NoHint | Refused) or restart
        return False

    def _link_news(self, status: LinkStatus) -> None:
        """Say what happened to the connection."""
        if status.ended:
            if status.problem is not None and not self._over:
                self.console.say(status.problem[:1].upper() + status.problem[1:] + ".")
            self.ended.set()
        elif status.connected:
            if not self._connected:
                self.console.say(online.CONNECTED)
            self._connected = True
        elif status.retry_in is not None:
            self._connected = False
            self.console.say(online.reconnecting(status.problem, status.retry_in, status.attempt))

    def _keep_finished(self, record_json: str) -> None:
        """Keep the finished game in this machine's store (every hand revealed)."""
        if self.store is not None:
            self._after.append(keep_finished(self.store, record_json, str(self.address))[1] + ".")

    # ----- the lobby -----------------------------------------------------------------------------

    def _say_lobby(self, news: list[str]) -> None:
        """The whole lobby the first time; then what changed, and where the table stands."""
        lines = lobby_lines(self.address, self.remote.seated, self.status, start_key=START_KEY)
        if not self._lobby_said:
            if self.remote.seated is None or self.status is None:
                return
            self._lobby_said = True
            self._lobby_last = lines[-1]
            self.console.say(*lines)
            return
        said = [*news]
        if lines[-1] != self._lobby_last:
            self._lobby_last = lines[-1]
            said.append(lines[-1])
        self.console.say(*said)

    def _lobby(self, line: str) -> Outcome | None:
        """A line typed in the lobby."""
        command = line.lower()
        if command in ("q", "quit", "leave", "menu"):
            return self._leave()
        if command in ("?", "help"):
            self.console.say(*LOBBY_HELP)
        elif command in (START_KEY, "start"):
            self._start()
        elif command:
            self.console.say(f"{line} is not a command in the lobby: ? lists them.")
        else:
            self.console.say(
                *lobby_lines(self.address, self.remote.seated, self.status, start_key=START_KEY)
            )
        return None

    def _start(self) -> None:
        """The creator starts the game."""
        seated, status = self.remote.seated, self.status
        if seated is None or status is None or not seated.creator:
            self.console.say("Only the table's creator starts the game.")
        elif status.starts_by_itself:
            self.console.say("This table starts once everyone has joined.")
        elif not self.remote.send(StartGame()):
            self.console.say(NOT_CONNECTED)

    # ----- what the table does its own way -------------------------------------------------------

    def status_lines(self) -> list[str]:
        """What the table waits for now: another person at their own screen, or a computer,
        in the game screen's words."""
        prompt = self.client.prompt
        if isinstance(prompt, Waiting):
            who = self._name(prompt.seat)
            if prompt.computer:
                return [prompts.computer_playing(who)]
            return [prompts.waiting_elsewhere(who)]
        return super().status_lines()

    def _commands(self) -> dict[str, Callable[[list[str]], None]]:
        """The game's commands, and the online table's own."""
        commands = super()._commands()
        commands["g"] = lambda _: self._cover_lost()
        commands["?"] = commands["help"] = lambda _: self.console.say(*GAME_HELP, *ONLINE_HELP)
        return commands

    def _cover_lost(self) -> None:
        """The creator hands every lost seat to a computer now (until its person is back)."""
        seated, status = self.remote.seated, self.status
        if seated is None or not seated.creator:
            self.console.say("Only the table's creator hands a seat to a computer.")
            return
        seats = status.seats if status is not None else ()
        lost = [number for number, seat in enumerate(seats) if seat.waiting is not None]
        if not lost:
            self.console.say("Nobody has lost their connection.")
            return
        for seat in lost:
            self.remote.send(CoverSeat(seat=seat))

    def _send(self, message: ClientMessage | None) -> None:
        if message is None:
            self._say_feedback()
        elif not self.remote.send(message):
            self.console.say(NOT_CONNECTED)

    def _take_back(self) -> None:
        message = self.client.take_back()
        if message is None:
            self.console.say(self.client.why_not("take_back"))
            return
        self._send(message)

    def _save_copy(self, words: list[str]) -> None:
        self.console.say("The table server keeps this game; once it is over it is kept here too.")

    def _leave(self) -> Outcome | None:
        if self._over:
            return "menu"
        self.console.say("You left the table: joining it again takes your seat back.")
        return "menu"

    def _say_deal(self) -> None:
        self.console.say("A round's deal is in the finished game's replay, once it is kept here.")

    def _say_game_log(self) -> None:
        self._send(self.client.ask_game_log())


def open_online(
    address: TableAddress,
    hello: Hello,
    console: Console,
    *,
    store: GameStore | None = None,
    book: SeatBook | None = None,
) -> Outcome:
    """Play at the online table at ``address`` (see :class:`PlainOnlineTable`), its first
    frame ``hello``."""
    table = PlainOnlineTable(address, hello, console, book=book or SeatBook(), store=store)
    return table.play()
