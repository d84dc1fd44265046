"""A seat at an online table played without a screen (``chickenfoot join --computer LEVEL``,
the tests, the benchmark), or a table watched without one.

:class:`RemotePlayer` reads its :class:`~chickenfoot.net.remote.RemoteLink`, feeds the
table's messages to a :class:`~chickenfoot.play.client.SeatClient` (the same client a game
screen uses), answers for its seat with a computer player that reads only that client
(:func:`~chickenfoot.net.autoplay.answer`), and says each new line of the table's log as it
comes: the game's moves in the transcript's words, as its seat may see them.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from chickenfoot.bots import Strategy
from chickenfoot.lang import _
from chickenfoot.net.autoplay import THINKING, answer, needs_answer
from chickenfoot.net.denials import denial_text
from chickenfoot.net.presence import status_news
from chickenfoot.net.protocol import (
    Denied,
    FinishedGame,
    Replaced,
    Seated,
    TableGone,
    TableStatus,
    WatchTable,
)
from chickenfoot.net.remote import LinkStatus, Received, RemoteLink
from chickenfoot.play.client import SeatClient, SpectatorClient
from chickenfoot.play.wire import Act, GameEnded, Update
from chickenfoot.rules import Action, GameOver
from chickenfoot.text import online
from chickenfoot.text.describe import winners_text

Say = Callable[[str], None]

SLOWED_DOWN = 1.0
"""Seconds a computer seat waits, after the server said it sent too fast, before it answers
again what the table still asks (a server reads 20 frames a second from each client unless
its operator changed it: a second lets its limit refill)."""


@dataclass
class Outcome:
    """How a headless seat's time at the table ended: the game's result (None if it did not
    end), the finished game's record (JSON), and why the link ended if it did early."""

    result: GameOver | None = None
    record: str | None = None
    problem: str | None = None
    round_trips: list[float] = field(default_factory=list)
    """Seconds from each move sent to the update that showed it played."""
    moves: list[Action] = field(default_factory=list)
    """Every action sent, in order."""


class LogPrinter:
    """Says each new line of a client's log once, also after a reconnection started the log
    again with the round so far."""

    def __init__(self, say: Say) -> None:
        self.say = say
        self.printed: list[str] = []
        self._restarts = 0
        self._seen = 0

    def follow(self, client: SeatClient) -> None:
        """Say the lines of ``client``'s log that are new."""
        log = client.log
        if client.log_restarts != self._restarts:
            self._restarts = client.log_restarts
            self._seen = _overlap(self.printed, log)
        for line in log[self._seen :]:
            self.say(line)
            self.printed.append(line)
        self._seen = len(log)
        del self.printed[:-200]


def _overlap(printed: list[str], log: list[str]) -> int:
    """How many of ``log``'s first lines were the last ones printed."""
    for size in range(min(len(printed), len(log)), 0, -1):
        if printed[-size:] == log[:size]:
            return size
    return 0


class RemotePlayer:
    """One headless client at an online table (see the module's description): ``strategy``
    plays its seat (None: a spectator), ``think`` seconds after each prompt."""

    def __init__(
        self,
        link: RemoteLink,
        strategy: Strategy | None,
        *,
        level: str = "casual",
        say: Say | None = None,
        think: float = 0.0,
        check: Callable[[Received], None] | None = None,
    ) -> None:
        self.link = link
        self.strategy = strategy
        self.level = level
        self.think = think
        self.check = check
        watching = isinstance(link.hello, WatchTable)
        self.client: SeatClient = SpectatorClient() if watching else SeatClient()
        self.printer = LogPrinter(say) if say is not None else None
        self.say = say
        self.status: TableStatus | None = None
        self.outcome = Outcome()
        self._answering: asyncio.Task[None] | None = None
        self._sent_at: float | None = None

    async def play(self) -> Outcome:
        """Play until the game ends or the link does; the outcome."""
        running = asyncio.ensure_future(self.link.run())
        try:
            while True:
                item = await self.link.receive()
                if self.check is not None:
                    self.check(item)
                if self._take(item):
                    break
        finally:
            self.link.close()
            if self._answering is not None:
                self._answering.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await running
        return self.outcome

    def _take(self, item: Received) -> bool:
        """Take in one frame or piece of news; True when the player is done."""
        if isinstance(item, LinkStatus):
            return self._link_news(item)
        if isinstance(item, Seated):
            self._tell_seated(item)
        elif isinstance(item, TableStatus):
            for line in status_news(self.status, item):
                self._tell(line)
            self.status = item
        elif isinstance(item, Denied):
            # Translators: {reason} says why the server refused (already translated).
            self._tell(_("refused: {reason}").format(reason=denial_text(item)))
            if item.reason == "too_fast":
                seen = self.client.received
                asyncio.get_running_loop().call_later(SLOWED_DOWN, self._again_unless_news, seen)
        elif isinstance(item, FinishedGame):
            self.outcome.record = item.record
            return True
        elif isinstance(item, Replaced | TableGone):
            return False  # the link ends and says why
        else:
            self._note_round_trip(item)
            self.client.receive(item)
            if self.printer is not None:
                self.printer.follow(self.client)
            prompt = self.client.prompt
            if isinstance(prompt, GameEnded) and self.outcome.result is None:
                self.outcome.result = prompt.result
                self._tell(winners_text(prompt.result, self.client.names))
            self._consider()
        return False

    def _link_news(self, status: LinkStatus) -> bool:
        if status.ended:
            self.outcome.problem = status.problem
            if status.problem is not None:
                # Translators: {problem} says why the link to the table ended.
                self._tell(_("stopped: {problem}").format(problem=status.problem))
            return True
        if not status.connected and status.retry_in is not None:
            self._tell(online.reconnecting(status.problem, status.retry_in, status.attempt))
        elif status.connected:
            self._tell(_(online.CONNECTED))
        return False

    def _tell_seated(self, seated: Seated) -> None:
        if seated.seat is None:
            self._tell(_("watching table {code}").format(code=seated.code))
        else:
            self._tell(
                _("playing seat {number} at table {code}").format(
                    number=seated.seat + 1, code=seated.code
                )
            )

    def _tell(self, text: str) -> None:
        if self.say is not None:
            self.say(text)

    def _note_round_trip(self, item: Received) -> None:
        sent = self._sent_at
        if sent is None or not isinstance(item, Update):
            return
        seats = self.client.seats
        if any(step.action is not None and step.action.seat in seats for step in item.steps):
            self.outcome.round_trips.append(time.perf_counter() - sent)
            self._sent_at = None

    def _again_unless_news(self, seen: int) -> None:
        """The server dropped a frame as too fast: answer again what is still asked, unless
        the table moved on meanwhile (``seen``: the frames received when it said so)."""
        if self.client.received == seen:
            self._consider()

    def _consider(self) -> None:
        """Answer the prompt (after the think time) when it is this seat's."""
        if self.strategy is None or self._answering is not None:
            return
        if needs_answer(self.client):
            self._answering = asyncio.ensure_future(self._answer(self.client.received))

    async def _answer(self, seen: int) -> None:
        strategy = self.strategy
        assert strategy is not None
        try:
            if self.think:
                await asyncio.sleep(self.think)
            if self.level in THINKING:
                message = await asyncio.to_thread(answer, self.client, strategy)
            else:
                message = answer(self.client, strategy)
        finally:
            self._answering = None
        if self.client.received != seen:
            self._consider()
            return
        if message is not None and self.link.send(message) and isinstance(message, Act):
            self._sent_at = time.perf_counter()
            self.outcome.moves.append(message.action)
