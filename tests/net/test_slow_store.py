"""A store slow to write holds up only what waits for it: the table server never writes to its
store on its event loop. A table's row (made, a seat taken, the game dealt, the table ended)
and a game's deal wait for the store on threads of their own, so while one waits every other
table plays on and people still join; and over a table's whole life, a game played to its end,
a lobby that expired, and a server stopped and started again, no write of the store ran on the
event loop's thread.

The store here is the real SQLite store whose chosen writes wait at a gate
(:class:`StoreWatch`) while the test holds it shut, as a busy database or a slow disk would
hold them, and which notes the thread every write ran on."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from chickenfoot.net.limits import Limits
from chickenfoot.net.protocol import CreateTable, JoinTable, Seated, WatchTable
from chickenfoot.net.server import TableServer
from chickenfoot.play.wire import Act, Update, Welcome
from chickenfoot.rules import SeatView, legal_in_view
from chickenfoot.saves.database import SqliteStore
from tests.net.online import WAIT, Probe, on_turn, online, options, started, wait_for

GATE_TIMEOUT = 30.0
"""Seconds a write waits at a shut gate at most: a server that wrote on its event loop would
stall there this long, and the test then fails (instead of hanging)."""

WRITES = (
    "create",
    "commit",
    "commit_many",
    "delete",
    "hold",
    "release",
    "release_dead",
    "import_records",
    "set_meta",
    "keep_table",
    "drop_table",
)
"""Every method of the store's interfaces that writes."""


class StoreWatch:
    """What the stores of one test share: the thread every write ran on, and a gate the
    chosen writes wait at while it is shut."""

    def __init__(self) -> None:
        self.writes: list[tuple[str, int]] = []
        """Each write made so far: its method and the thread it ran on."""
        self.gated: frozenset[str] = frozenset()
        self.opened = threading.Event()
        self.opened.set()
        self.waiting = threading.Event()
        """Set once a write waits at the shut gate."""
        self.timed_out = False
        self._lock = threading.Lock()

    def wrote(self, name: str) -> None:
        """A write of ``name`` begins on this thread: note it; wait while it is gated."""
        with self._lock:
            self.writes.append((name, threading.get_ident()))
        if name in self.gated and not self.opened.is_set():
            self.waiting.set()
            if not self.opened.wait(GATE_TIMEOUT):
                self.timed_out = True

    @contextmanager
    def shut(self, *names: str) -> Iterator[None]:
        """Hold the writes of ``names`` at the gate inside the block."""
        self.gated = frozenset(names)
        self.waiting.clear()
        self.opened.clear()
        try:
            yield
        finally:
            self.opened.set()

    def held(self) -> bool:
        """True while a write waits at the shut gate (it never gave up waiting)."""
        return self.waiting.is_set() and not self.opened.is_set() and not self.timed_out

    def names(self) -> set[str]:
        """The writes made so far."""
        with self._lock:
            return {name for name, _thread in self.writes}

    def on_thread(self, thread: int) -> list[str]:
        """The writes made on ``thread``."""
        with self._lock:
            return [name for name, ran_on in self.writes if ran_on == thread]


class WatchedStore(SqliteStore):
    """The SQLite store, each write noted (and perhaps held) by ``watch``."""

    def __init__(self, path: Path, watch: StoreWatch) -> None:
        super().__init__(path, sync_every_commit=False)
        self.watch = watch

    def reopen(self) -> WatchedStore:
        """Another store on the same database and the same watch (the commit worker's)."""
        return WatchedStore(self.path, self.watch)


def _watched(name: str) -> Any:
    write = getattr(SqliteStore, name)

    def watched(self: WatchedStore, *args: Any, **kwargs: Any) -> Any:
        self.watch.wrote(name)
        return write(self, *args, **kwargs)

    watched.__name__ = watched.__qualname__ = name
    watched.__doc__ = write.__doc__
    return watched


for _name in WRITES:
    setattr(WatchedStore, _name, _watched(_name))


async def until_held(watch: StoreWatch) -> None:
    """Wait (off the loop) until a write waits at the gate."""
    assert await asyncio.to_thread(watch.waiting.wait, WAIT), "no write reached the gate"


async def a_move_is_answered(probes: list[Probe]) -> None:
    """The person on turn makes a move: wait for the update that shows it played."""
    probe, _prompt = on_turn(probes)
    view = [f for f in probe.frames if isinstance(f, Welcome | Update)][-1].view
    assert isinstance(view, SeatView)
    move = Act(action=legal_in_view(view)[0])
    count = len(probe.frames)
    probe.link.send(move)

    def shown() -> bool:
        updates = [f for f in probe.frames[count:] if isinstance(f, Update)]
        return any(step.action == move.action for update in updates for step in update.steps)

    await wait_for(shown, "the move to be answered")


async def test_a_table_row_held_at_the_store_holds_up_no_other_table(tmp_path: Path) -> None:
    watch = StoreWatch()
    store = WatchedStore(tmp_path / "chickenfoot.db", watch)
    async with online(store=store) as room:
        playing, _code = await started(room, rounds=1)
        with watch.shut("keep_table"):
            ana = Probe(room.link(CreateTable(options=options(2, rounds=1), name="Ana")))
            code = (await ana.next(Seated)).code
            await until_held(watch)  # the new table's row waits for the store
            bea = Probe(room.link(JoinTable(code=code, name="Bea"), code))
            await bea.next(Seated)
            assert watch.held(), "Bea was seated while the table's row waited"
            await a_move_is_answered(playing)
            assert watch.held(), "the other table's move was answered meanwhile"
        assert await asyncio.to_thread(room.server.keeper.wait, WAIT)
        ((game, data),) = [(game, data) for kept, game, data in store.tables() if kept == code]
        assert game is None and data.count('"token_hash":"') == 2, "written with both seats"
        for probe in (*playing, ana, bea):
            await probe.close()
    store.close()


async def test_a_game_whose_deal_waits_for_the_store_holds_up_no_other_table(
    tmp_path: Path,
) -> None:
    watch = StoreWatch()
    store = WatchedStore(tmp_path / "chickenfoot.db", watch)
    async with online(store=store) as room:
        playing, _code = await started(room, rounds=1)
        waiting = room.table(options(2, rounds=1))
        ana = Probe(room.link(JoinTable(code=waiting.code, name="Ana"), waiting.code))
        await ana.next(Seated)
        with watch.shut("create"):
            bea = Probe(room.link(JoinTable(code=waiting.code, name="Bea"), waiting.code))
            await bea.next(Seated)  # everybody is here: the game is dealt...
            await until_held(watch)  # ...and waits for the store to add it
            assert waiting.phase == "dealing"
            spy = Probe(room.link(WatchTable(code=waiting.code, name="Spy"), waiting.code))
            await spy.next(Seated)
            await a_move_is_answered(playing)
            assert watch.held(), "the other table played on while the deal waited"
        for probe in (ana, bea, spy):
            await probe.next(Welcome)  # dealt once the store added it
        assert [probe.of(Welcome)[0].seats for probe in (ana, bea, spy)] == [(0,), (1,), ()]
        for probe in (*playing, ana, bea, spy):
            await probe.close()
    store.close()


async def test_no_write_of_the_store_runs_on_the_servers_event_loop(tmp_path: Path) -> None:
    watch = StoreWatch()
    store = WatchedStore(tmp_path / "chickenfoot.db", watch)
    loop_thread = threading.get_ident()
    limits = Limits(per_address=0, lobby_expiry=0, sweep=3600)
    async with online(limits, store) as room:
        # A table joined, dealt and played to its end.
        table = room.table(options(2, rounds=1, seed=4))
        ana, bea = room.player(table, "Ana", seed=1), room.player(table, "Bea", seed=2)
        outcomes = await asyncio.wait_for(asyncio.gather(ana.play(), bea.play()), WAIT)
        assert all(outcome.record is not None for outcome in outcomes), "the game ended"
        # A table made by a client, which nobody stays at, expires.
        lobby = Probe(room.link(CreateTable(options=options(2), name="Cy")))
        code = (await lobby.next(Seated)).code
        await lobby.close()
        await wait_for(lambda: room.server.tables[code].idle_since is not None, "Cy to leave")
        assert code in room.server.expire()
        # A game in play when the server stops...
        playing, _code = await started(room, rounds=1)
    for probe in playing:
        await probe.close()
    # ...is brought back by the next server on the same store.
    again = TableServer(Limits(per_address=0), store)
    await again.start("127.0.0.1", 0)
    assert len(again.tables) == 1
    await again.close()
    assert {"create", "hold", "commit_many", "release", "keep_table", "drop_table"} <= (
        watch.names()
    ), watch.names()
    assert watch.on_thread(loop_thread) == [], "every write ran off the event loop"
    store.close()
