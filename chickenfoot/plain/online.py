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

from chickenfoot.lang import N_, _
from chickenfoot.net.online_seat import Heard, OnlineSeat
from chickenfoot.net.protocol import Hello
from chickenfoot.net.remote import Received, TableAddress
from chickenfoot.net.seating import save_finished
from chickenfoot.net.tokens import SeatBook
from chickenfoot.plain.console import Console
from chickenfoot.plain.table import Outcome, PlainSeat, game_help
from chickenfoot.play.wire import ClientMessage, RoundEnded, Waiting
from chickenfoot.saves.store import GameStore
from chickenfoot.text import online, prompts

START_KEY = "s"
"""What the creator types to start the game (the lobby's last line names it)."""

WATCHING_KEY = "w"
"""What the creator types to let people watch, or not."""

# Translators: the letters typed (s, w, q) stay as they are.
LOBBY_HELP = (
    N_(
        "The lobby: the game starts when its creator types s (a table the server made starts "
        "once everyone has joined); w lets people watch the table, or not (its creator)."
    ),
    N_(
        "An empty line says the lobby again. q leaves the table: joining it again takes your "
        "seat back."
    ),
)
"""What the lobby's commands are, as ``?`` reads them (translated where said)."""

# Translators: the letters typed (g, q) stay as they are.
ONLINE_HELP = (
    N_(
        "At an online table: g hands every lost person's seat to a computer now, until they "
        "are back (the table's creator). q leaves the table: joining it again takes your seat "
        "back."
    ),
)
"""The online table's own commands, said after the game's."""

LEAVE_TIME = 2.0
"""Seconds the link is given to close once the person leaves."""


class PlainLobby:
    """The lobby of an online table, a line at a time: the whole lobby once the table is
    known, then what changes (who joins, who leaves, what the table waits for), and the
    lines typed there."""

    def __init__(self, seat: OnlineSeat, console: Console) -> None:
        self.seat = seat
        self.console = console
        self._said = False
        self._last = ""
        """The lobby's last line as last said (what the table waits for)."""

    def hear(self, heard: Heard) -> None:
        """Say what the table's latest frame brought (the whole lobby the first time)."""
        lines = self.seat.lobby_lines(START_KEY)
        if not self._said and self.seat.remote.seated is not None and self.seat.status:
            self._said, self._last = True, lines[-1]
            self.console.say(*lines)
            return
        said = [*heard.news]
        if self._said and lines[-1] != self._last:
            self._last = lines[-1]
            said.append(lines[-1])
        self.console.say(*said)

    def handle(self, line: str) -> bool:
        """A line typed in the lobby; False once the person leaves."""
        command = line.lower()
        if command in ("q", "quit", "leave", "menu"):
            self.console.say(_(online.LEFT))
            return False
        if command in ("?", "help"):
            self.console.say(*(_(line) for line in LOBBY_HELP))
        elif command in (START_KEY, "start"):
            refused = self.seat.start_game()
            if refused is not None:
                self.console.say(refused)
        elif command in (WATCHING_KEY, "watching"):
            refused = self.seat.set_watching()
            if refused is not None:
                self.console.say(refused)
        elif command:
            self.console.say(
                _("{line} is not a command in the lobby: ? lists them.").format(line=line)
            )
        else:
            self.console.say(*self.seat.lobby_lines(START_KEY))
        return True


class PlainOnlineTable(PlainSeat):
    """A seat (or a spectator's place) at an online table, a line at a time: the plain table
    over an :class:`~chickenfoot.net.online_seat.OnlineSeat`, which follows the link and
    decides what a line typed while the connection is down does."""

    GAME_OVER_CHOICES = N_("Enter: back to the menu.")
    PLAY_AGAIN = False
    """The table's people are at other screens: a new online game is made from New game."""
    DIGEST_AT_TURN = True

    def __init__(
        self,
        address: TableAddress,
        hello: Hello,
        console: Console,
        *,
        book: SeatBook,
        store: GameStore | None = None,
    ) -> None:
        self.seat = OnlineSeat(address, hello, book=book)
        super().__init__(self.seat.client, console)
        self.client.keys = prompts.TurnKeys(save_copy="")
        self.store = store
        self.lobby = PlainLobby(self.seat, console)
        self.ended = asyncio.Event()
        """Set once the link ended for good (refused, replaced, the table gone)."""
        self._after: list[str] = []
        """Lines to say after the table's news of the same moment (where a finished game
        was kept comes after its result)."""

    # ----- the loop ------------------------------------------------------------------------------

    def play(self) -> Outcome:
        """Go to the table and play until the person leaves (or the input ends, or the table
        cannot be reached any more)."""
        return asyncio.run(self.run())

    async def run(self) -> Outcome:
        """:meth:`play` on the running loop."""
        link = asyncio.ensure_future(self.seat.run())
        reader: asyncio.Future[Any] = asyncio.ensure_future(self._read())
        ended: asyncio.Future[Any] = asyncio.ensure_future(self.ended.wait())
        address = self.seat.address
        self.console.say(
            _("Connecting to {server}...").format(server=f"{address.host}:{address.port}")
        )
        try:
            while True:
                pending = self.console.ask_later()
                line = asyncio.wrap_future(pending)
                # Once the game is over the table closes; its result stays until Enter.
                waits: set[asyncio.Future[Any]] = {line, reader}
                if not self.seat.over:
                    waits.add(ended)
                await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
                if reader.done():
                    reader.result()  # what stopped it (it only stops on a fault)
                if not line.done():
                    if self.seat.over:
                        continue
                    self.console.say(_("Back to the menu."))
                    return "menu"
                answer = self.console.answer(pending)
                if answer is None:
                    return "quit"
                if not self.seat.started:
                    if not self.lobby.handle(answer):
                        return "menu"
                    continue
                outcome = self._handle(answer)
                if outcome is not None:
                    return outcome
                self._say_status()
        finally:
            self.seat.close()
            reader.cancel()
            ended.cancel()
            with contextlib.suppress(asyncio.TimeoutError, asyncio.CancelledError):
                await asyncio.wait_for(link, LEAVE_TIME)

    async def _read(self) -> None:
        """Take in what the link brings, and say it, as it comes."""
        while True:
            items = [await self.seat.receive(), *self.seat.drain()]
            with self.console.together():
                answered = False
                for item in items:
                    answered |= self._take(item)
                if self.seat.started:
                    self._say_log()
                    if answered:
                        self._say_feedback()
                    self._say_status()
                self.console.say(*self._after)
                self._after.clear()

    def _take(self, item: Received) -> bool:
        """Take in one frame of the server or news of the link and say what it brought; True
        if it answers what the person asked (a hint, a refusal, a take-back)."""
        heard = self.seat.take(item)
        if not self.seat.started:
            self.lobby.hear(heard)
        else:
            self.console.say(*heard.news)
        if heard.link is not None:
            self.console.say(heard.link)
        if heard.game_log:
            self.console.say(*(self.client.game_log or []))
        if heard.record is not None and self.store is not None:
            words = save_finished(self.store, heard.record, str(self.seat.address))[1]
            self._after.append(f"{words}.")
        if self.seat.ended:
            self.ended.set()
        return heard.answered

    # ----- what the table does its own way -------------------------------------------------------

    def status_lines(self) -> list[str]:
        """What the table waits for now: another person at their own screen, or a computer,
        in the game screen's words."""
        prompt = self.client.prompt
        if isinstance(prompt, RoundEnded):
            lines = super().status_lines()
            said = self.seat.round_over_line(lines[-1], prompts.PLAIN_KEYS.go_on)
            return [*lines[:-1], said or lines[-1]]
        if isinstance(prompt, Waiting):
            who = self._name(prompt.seat)
            if prompt.computer:
                return [prompts.computer_playing(who)]
            return [prompts.waiting_elsewhere(who)]
        return super().status_lines()

    def _commands(self) -> dict[str, Callable[[list[str]], None]]:
        """The game's commands, and the online table's own."""
        commands = super()._commands()
        commands["g"] = lambda _words: self.console.say(*_said(self.seat.cover_lost()))
        commands["?"] = commands["help"] = lambda _words: self.console.say(
            *game_help(), *(_(line) for line in ONLINE_HELP)
        )
        return commands

    def _send(self, message: ClientMessage | None) -> None:
        if not self.seat.send(message):
            self._say_feedback()  # why not: the client's reason, or the connection down

    def _take_back(self) -> None:
        message = self.client.take_back()
        if message is None:
            self.console.say(self.client.why_not("take_back"))
            return
        self._send(message)

    def _save_copy(self, words: list[str]) -> None:
        self.console.say(
            _("The table server keeps this game; once it is over it is kept here too.")
        )

    def _leave(self) -> Outcome | None:
        if not self.seat.over:
            self.console.say(_(online.LEFT))
        return "menu"

    def _say_deal(self) -> None:
        self.console.say(
            _("A round's deal is in the finished game's replay, once it is kept here.")
        )

    def _say_game_log(self) -> None:
        self._send(self.client.ask_game_log())


def _said(words: str | None) -> tuple[str, ...]:
    return () if words is None else (words,)


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
