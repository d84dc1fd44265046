"""Tables for the host and client tests: a session over a record, its host, and seat clients
linked through JSON (as a network would carry them), driven at once with ``host.pump()``.

:class:`Seat` is one client and its link; :func:`settle` lets the host and every client take
in what is waiting. :func:`bot_turn` plays a client's turn the way a person would, through the
client's own commands, choosing with a computer player that reads only the client's view.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field

from chickenfoot.bots import Strategy, make_bot
from chickenfoot.play.client import SeatClient, SpectatorClient
from chickenfoot.play.host import TableHost
from chickenfoot.play.link import LocalLink
from chickenfoot.play.wire import (
    ClientMessage,
    DeadDraw,
    GameEnded,
    HostMessage,
    PassKeyboard,
    RoundEnded,
    YourTurn,
)
from chickenfoot.record.model import GameRecord
from chickenfoot.rules import Play
from tests.kit import session_of
from tests.play.privacy import Keyboard


@dataclass
class Seat:
    """One client at the table: its link, its client, every message it was sent, and the
    privacy check every one of them goes through (:class:`~tests.play.privacy.Keyboard`)."""

    link: LocalLink
    seats: tuple[int, ...] = ()
    client: SeatClient = field(default_factory=SeatClient)
    messages: list[HostMessage] = field(default_factory=list)
    keyboard: Keyboard = field(init=False)

    def __post_init__(self) -> None:
        self.keyboard = Keyboard(self.seats)

    def take_in(self) -> list[HostMessage]:
        """Check and give the client every message waiting; return them."""
        arrived = self.link.drain()
        for message in arrived:
            self.keyboard.received(message)
            self.client.receive(message)
        self.messages += arrived
        return arrived

    def send(self, message: ClientMessage | None) -> None:
        """Send ``message`` (a command that did nothing returns None: nothing is sent)."""
        assert message is not None, f"the command did nothing: {self.client.feedback}"
        self.keyboard.sent(message)
        self.link.send(message)


def host_of(record: GameRecord) -> TableHost:
    """A host over a session of ``record`` (added to the store of the test's data folder),
    computers without pause."""
    return TableHost(session_of(record), pause=0)


def sit(host: TableHost, seats: Iterable[int] = ()) -> Seat:
    """A client playing ``seats`` (none: a spectator), linked through JSON."""
    played = tuple(sorted(set(seats)))
    client = SeatClient() if played else SpectatorClient()
    seat = Seat(LocalLink(host, played, wire=True), played, client)
    seat.take_in()
    return seat


def settle(host: TableHost, *seats: Seat) -> None:
    """Let the host handle what is queued (computers move at once) and the clients take in
    what it sent, until nothing is left."""
    for _ in range(10_000):
        host.pump()
        if not [seat for seat in seats if seat.take_in()]:
            return
    raise AssertionError("the table never settled")


def choose(client: SeatClient, bot: Strategy) -> Play | None:
    """What ``bot`` plays from the client's view, if a play (None: a draw or a pass)."""
    view = client.seat_view
    assert view is not None
    action = bot.choose(view, client.legal())
    return action if isinstance(action, Play) else None


def bot_turn(seat: Seat, bot: Strategy) -> None:
    """Answer the client's prompt as a person would, through its commands: take the keyboard,
    go on from a result, or play the bot's choice by selecting its tile and end."""
    client = seat.client
    prompt = client.prompt
    if isinstance(prompt, PassKeyboard):
        seat.send(client.show_hand())
    elif isinstance(prompt, DeadDraw | RoundEnded):
        seat.send(client.proceed())
    elif isinstance(prompt, YourTurn):
        play = choose(client, bot)
        if play is None:
            if client.can("draw"):
                seat.send(client.draw())
            else:
                seat.send(client.keep() if client.can("keep") else client.pass_turn())
            return
        client.select(client.hand().index(play.tile))
        client.choose_end(play.target)
        seat.send(client.play())


def play_through(host: TableHost, seats: list[Seat], *, seed: int = 0, limit: int = 5000) -> None:
    """Play the game to its end: each client's people played by a casual bot through the
    client (a random one now and then, so games differ)."""
    rng = random.Random(seed)
    bots = {level: make_bot(level, seed) for level in ("casual", "random")}
    for _ in range(limit):
        settle(host, *seats)
        if all(isinstance(seat.client.prompt, GameEnded) for seat in seats):
            return
        active = [seat for seat in seats if _waits_for(seat)]
        assert active, f"nobody can move: {[seat.client.prompt for seat in seats]}"
        bot_turn(rng.choice(active), bots["random" if rng.random() < 0.3 else "casual"])
    raise AssertionError("the game did not end")


def _waits_for(seat: Seat) -> bool:
    """True if the host waits for ``seat``'s people (a spectator waits for nobody)."""
    prompt = seat.client.prompt
    return bool(seat.client.seats) and isinstance(
        prompt, PassKeyboard | DeadDraw | RoundEnded | YourTurn
    )
