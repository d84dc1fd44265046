"""A table as a screen is a client of it, here or across the network.

The app's table screen shows one table through its seat client, whatever the table is.
:class:`ScreenTable` is what the screen asks of it: the client the table's messages feed, the
link those messages come through and a key's messages go through (``send``, ``receive``,
``drain``), the coroutine that runs the table or the connection to it (``run``) and its end
(``close``), what a game's result may show of the game (how a round was dealt, the seats as
a saved game says them, the whole record where this process has it), and who is here (an
online table's people may lose their connection, and so may the link; people may watch it).

:class:`LocalTable` is a game played here: its :class:`~chickenfoot.play.host.TableHost` over
the session, run on the app's loop, and a :class:`~chickenfoot.play.link.LocalLink` to it. A
seat at an online table is an :class:`~chickenfoot.net.online_seat.OnlineSeat`.
:class:`TableFeed` feeds a screen's client from its table, in order.
No Textual.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from chickenfoot.play.client import SeatClient, SpectatorClient
from chickenfoot.play.host import TableHost
from chickenfoot.play.link import LocalLink
from chickenfoot.play.session import GameSession
from chickenfoot.play.shown import TableShown
from chickenfoot.play.wire import ClientMessage, HostMessage, TableInfo
from chickenfoot.record.model import GameRecord, SeatConfig
from chickenfoot.text.deal import DealText, recorded_deal_text


class ScreenTable(Protocol):
    """A table a screen is a client of (see the module's description)."""

    @property
    def client(self) -> SeatClient:
        """The client the table's messages feed (a spectator's, with no person here)."""

    @property
    def played_here(self) -> bool:
        """True for a game dealt at this keyboard: its result may deal another of the same
        seats here, and a copy of it may be saved as a file."""

    def send(self, message: ClientMessage) -> object:
        """Send the table ``message``."""

    async def receive(self) -> object:
        """The next thing the table (or the link to it) says."""

    def drain(self) -> Sequence[object]:
        """Everything said and not read yet."""

    async def run(self) -> None:
        """Run the table (a game here) or the connection to it (a table across the network)."""

    def close(self) -> None:
        """The screen is left: close the table, or leave it."""

    def deal_text(self, round_number: int) -> DealText | None:
        """How round ``round_number`` was dealt, in words (None: not known here)."""

    def seat_configs(self) -> tuple[SeatConfig, ...]:
        """Who sits where, as a saved game says it (the game's result lists it)."""

    def finished_record(self) -> GameRecord | None:
        """The whole game, for its result to analyse the people's play (None: not known
        here)."""

    def with_presence(self, shown: TableShown, menu_key: str) -> TableShown:
        """``shown`` (the client's reading) with what the table says about who is here
        (``menu_key`` leaves for the menu, should the screen be at the table no more)."""

    def top_bar_note(self) -> str:
        """What the table adds to the top bar: the link's trouble, or who watches ("" for
        nothing)."""


class TableFeed:
    """A screen's client fed by ``table``: every message the table sends taken in, in the
    order sent (``take``), and the screen shown after each batch (``show``: False once the
    screen is gone)."""

    def __init__(
        self, table: ScreenTable, take: Callable[[object], None], show: Callable[[], bool]
    ) -> None:
        self.table = table
        self.take = take
        self.show = show

    def receive(self) -> bool:
        """Take in what the table sent and not read yet, and show it; False once the screen
        is gone."""
        for message in self.table.drain():
            self.take(message)
        return self.show()

    async def listen(self) -> None:
        """Take in every message of the table as it comes, and show it, until the table
        closes or the screen is gone."""
        while True:
            self.take(await self.table.receive())
            if self.table.client.closed or not self.receive():
                return


def seats_as_saved(table: TableInfo) -> tuple[SeatConfig, ...]:
    """The seats of ``table`` as a saved game says them: a person, or a computer's level."""
    return tuple(
        SeatConfig(name=seat.name, player="computer", level=seat.computer)
        if seat.computer
        else SeatConfig(name=seat.name, player="human")
        for seat in table.seats
    )


class LocalTable:
    """A game played here: the table its host runs over ``session`` (a computer's pause
    ``pause`` seconds), and the client of the people at this keyboard (a spectator's when
    every seat is a computer's), linked in this process."""

    played_here = True
    """A game dealt at this keyboard (see :class:`ScreenTable`)."""

    def __init__(self, session: GameSession, *, pause: float) -> None:
        self.session = session
        self.host = TableHost(session, pause=pause)
        self.client: SeatClient = SeatClient() if session.humans else SpectatorClient()
        self.link = LocalLink(self.host, session.humans)

    def send(self, message: ClientMessage) -> None:
        """Send the host ``message`` (handled in order on its loop)."""
        self.link.send(message)

    async def receive(self) -> HostMessage:
        """The host's next message (waits for one)."""
        return await self.link.receive()

    def drain(self) -> list[HostMessage]:
        """The host's messages not read yet, oldest first."""
        return self.link.drain()

    async def run(self) -> None:
        """Run the host's turn loop (on the caller's loop) until the table closes."""
        await self.host.run()

    def close(self) -> None:
        """Close the table (a thinking computer stops)."""
        self.host.close()

    def deal_text(self, round_number: int) -> DealText | None:
        """How the round was dealt, from the game's record."""
        return recorded_deal_text(self.session.record, round_number, self.session.game)

    def seat_configs(self) -> tuple[SeatConfig, ...]:
        """The game's seats, from its record."""
        return self.session.record.seats

    def finished_record(self) -> GameRecord | None:
        """The game's record (the game's result analyses its people's play)."""
        return self.session.record

    def with_presence(self, shown: TableShown, menu_key: str) -> TableShown:
        """``shown`` as it is: everybody at a table here is here."""
        return shown

    def top_bar_note(self) -> str:
        """Nothing: a table here has no link to lose, and nobody watches it."""
        return ""
