"""Hidden information stays on the server: whole games over real sockets on loopback, a
computer player at every seat through the real client and transport, a spectator from the
start and others who come and go mid-game, and every frame to every seat and spectator
checked for a tile it may not carry; then leaks put in on purpose, which the same check
catches."""

from __future__ import annotations

import asyncio
import random
from dataclasses import dataclass, field

import pytest

from chickenfoot.net.headless import RemotePlayer
from chickenfoot.net.protocol import FinishedGame, Seated
from chickenfoot.net.remote import LinkStatus, Received
from chickenfoot.net.table import OnlineTable
from chickenfoot.play import host as host_module
from chickenfoot.play.host import TableHost
from chickenfoot.play.wire import GameEnded, Update, Welcome
from chickenfoot.rules import GameState, PublicView, TileDrawn
from tests.net.online import Online, online, options, wait_for
from tests.play.privacy import Leak, check_message

GAMES = 50
AT_ONCE = 10
"""Tables playing at the same time on the one server."""


@dataclass
class Watchdog:
    """Checks every frame one client receives: what its seat (None: a spectator) may see,
    and a finished game's record only once the game is over."""

    seat: int | None = None
    frames: int = 0
    over: bool = False
    seen_draws: list[TileDrawn] = field(default_factory=list)

    def __call__(self, item: Received) -> None:
        if isinstance(item, LinkStatus):
            return
        self.frames += 1
        if isinstance(item, Seated):
            self.seat = item.seat
            return
        if isinstance(item, FinishedGame):
            if not self.over:
                raise Leak("the whole record was sent before the game was over")
            return
        check_message(item, self.seat)  # type: ignore[arg-type]
        if isinstance(item, Welcome | Update):
            if self.seat is None and not isinstance(item.view, PublicView):
                raise Leak(f"a spectator was sent {item.view!r}")
            if isinstance(item.prompt, GameEnded):
                self.over = True


async def play_table(room: Online, number: int) -> list[Watchdog]:
    """One whole game at a new table: 2-4 people played by computers through their clients,
    a spectator, some seats computers of the server's own; every frame checked."""
    rng = random.Random(number)
    players = rng.randint(2, 4)
    computers = {seat: "casual" for seat in range(1, players) if rng.random() < 0.25}
    table = room.table(options(players, computers=computers, rounds=2), seed=number)
    dogs: list[Watchdog] = []
    people = [seat for seat in range(players) if seat not in computers]
    clients = []
    for seat in people:
        dog = Watchdog()
        dogs.append(dog)
        level = "random" if rng.random() < 0.3 else "casual"
        name = table.seats[seat].name
        clients.append(room.player(table, name, level=level, seed=number, check=dog))
    spectator = Watchdog()
    dogs.append(spectator)
    watcher = room.player(table, "Spy", watch=True, check=spectator)
    passers_by: list[Watchdog] = []
    async with asyncio.TaskGroup() as group:
        outcomes = [group.create_task(watcher.play())]
        await wait_for(lambda: table.watchers, "the spectator to arrive before the game starts")
        outcomes += [group.create_task(client.play()) for client in clients]
        group.create_task(come_and_go(room, table, number, passers_by))
    for outcome in outcomes:
        assert outcome.result().result is not None, "every client saw the game end"
        assert outcome.result().record is not None, "and was given the whole game to keep"
    return dogs + passers_by


async def come_and_go(room: Online, table: OnlineTable, number: int, dogs: list[Watchdog]) -> None:
    """Spectators who come once the game is under way and leave after a few frames, one
    after another, each checked (the first message they get is the position mid-game)."""
    for visit in range(2):
        await wait_for(lambda: table.phase != "lobby", "the game under way")
        if table.phase == "over":
            return
        dog = Watchdog()
        dogs.append(dog)
        await watch_a_while(
            room.player(table, f"Visitor {number}x{visit}", watch=True, check=dog), dog
        )


async def watch_a_while(visitor: RemotePlayer, dog: Watchdog) -> None:
    """``visitor`` watches until a few frames came (or the game ended), then leaves."""
    watching = asyncio.ensure_future(visitor.play())
    await wait_for(lambda: dog.frames > 3 or watching.done(), "a few frames watched")
    visitor.link.close()
    await watching


async def test_no_frame_of_fifty_whole_games_carries_a_tile_its_client_may_not_see() -> None:
    async with online() as room:
        checked: list[Watchdog] = []
        for first in range(0, GAMES, AT_ONCE):
            async with asyncio.TaskGroup() as group:
                tables = [
                    group.create_task(play_table(room, number))
                    for number in range(first, first + AT_ONCE)
                ]
            checked += [dog for table in tables for dog in table.result()]
    stayed = [dog for dog in checked if dog.over]
    assert len(stayed) >= GAMES * 3
    assert all(dog.frames > 5 for dog in stayed)
    visitors = [dog for dog in checked if not dog.over]
    assert len(visitors) >= GAMES, "spectators came and went mid-game at most tables"
    assert all(dog.frames > 3 for dog in visitors)


# ----- the check can fail ---------------------------------------------------------------------


def leaky_view(host: TableHost, client: object) -> object:
    """A host bug: every client is sent the view of the seat on turn."""
    state: GameState = host._news.shown_state(host.session.state)
    return state.view(state.turn)


def first_view_leaks(original: object) -> object:
    """A host bug: the first message a client gets skips the filter."""

    def view(host: TableHost, client: object) -> object:
        if not getattr(client, "welcomed", False):
            client.welcomed = True  # type: ignore[attr-defined]
            return host.session.state.view((host.session.state.turn + 1) % 2)
        return original(host, client)  # type: ignore[operator]

    return view


@pytest.mark.parametrize(
    "leak",
    [
        pytest.param(("_view", leaky_view), id="another seat's view"),
        pytest.param(("_viewer", lambda client, actor: actor or 0), id="unfiltered draws"),
        pytest.param(("_view", first_view_leaks(TableHost._view)), id="the first message"),
    ],
)
async def test_the_check_catches_a_leak_over_the_network(
    leak: tuple[str, object], monkeypatch: pytest.MonkeyPatch
) -> None:
    name, broken = leak
    monkeypatch.setattr(TableHost if name == "_view" else host_module, name, broken)
    async with online() as room:
        with pytest.raises(ExceptionGroup) as caught:
            await play_table(room, 3)
    assert caught.group_contains(Leak)
