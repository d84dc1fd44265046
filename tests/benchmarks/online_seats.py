"""Cheap socket players for the table server's benchmark: raw WebSocket clients that speak the
protocol (``chickenfoot/net/protocol.py``, docs/protocol.md) with a trivial move chooser.

A seat here keeps no client state, renders no log and reads each frame with ``json.loads``
alone; only on its own turn does it read its seat's view as the model
(:class:`~chickenfoot.rules.SeatView`) to ask the rules what it may do, and it plays the first
legal action. So thousands of seats fit in one process and what the benchmark times is the
server, not its players. Each seat times its moves: from its ``act`` sent to the first
``update`` whose steps hold a move of its seat.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from chickenfoot.net.protocol import (
    CreateTable,
    JoinTable,
    SeatPlan,
    StartGame,
    TableOptions,
    write,
)
from chickenfoot.play.wire import Act, Proceed, TakeKeyboard
from chickenfoot.rules import SeatView, legal_in_view, preset

NAMES = ("Ana", "Bea", "Cy", "Dee")
"""The four seats of every table."""

PROCEED = write(Proceed())
START = write(StartGame())


def table_options() -> TableOptions:
    """A four-seat table of people (cross rules, no pause before computer moves; the server
    deals from its own secret)."""
    return TableOptions(
        rules=preset("cross", players=4),
        seats=tuple(SeatPlan(name=name) for name in NAMES),
        pause=0,
    )


@dataclass(frozen=True)
class Pace:
    """How long a seat thinks before each answer: ``think`` seconds each time, or, with a
    ``spread``, a time drawn evenly from ``think`` × (1 ± ``spread``) by the seat's own seeded
    generator (people do not all answer in exactly the same time; the mean stays ``think``)."""

    think: float
    spread: float = 0.0

    def seconds(self, generator: random.Random) -> float:
        """One think time."""
        if not self.spread:
            return self.think
        return self.think * generator.uniform(1 - self.spread, 1 + self.spread)


@dataclass
class Timed:
    """The moves one process's seats timed: (when the answer came, seconds it took)."""

    trips: list[tuple[float, float]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


class RawSeat:
    """One seat of one table over a WebSocket of its own (see the module's description)."""

    def __init__(self, uri: str, hello: str, pace: Pace, timed: Timed, seed: int) -> None:
        self.uri = uri
        self.hello = hello
        self.pace = pace
        self._thinking = random.Random(seed)
        """The seat's own generator of think times."""
        self.timed = timed
        self.seat: int | None = None
        self.code: str | None = None
        self.seated = asyncio.Event()
        self.everybody = asyncio.Event()
        self._socket: ClientConnection | None = None
        self._frame: dict[str, Any] | None = None
        """The latest welcome or update."""
        self._received = 0
        self._answering: asyncio.Task[None] | None = None
        self._sent_at: float | None = None
        self.task: asyncio.Future[None] | None = None

    def start(self) -> None:
        """Start playing, in a task of its own."""
        self.task = asyncio.ensure_future(self.play())

    async def send(self, text: str) -> None:
        """Send one frame (nothing once the server closed the connection)."""
        assert self._socket is not None
        with contextlib.suppress(ConnectionClosed):
            await self._socket.send(text)

    async def play(self) -> None:
        """Play until the game or the connection ends."""
        async with connect(self.uri, compression=None, max_size=None, ping_interval=None) as ws:
            self._socket = ws
            await ws.send(self.hello)
            async for data in ws:
                frame = json.loads(data)
                kind = frame["kind"]
                if kind in ("welcome", "update"):
                    self._take(frame)
                elif kind == "seated":
                    self.seat, self.code = frame["seat"], frame["code"]
                    self.seated.set()
                elif kind == "table_status":
                    if all(seat["connected"] for seat in frame["seats"]):
                        self.everybody.set()
                elif kind in ("denied", "refused"):
                    self.timed.problems.append(str(data)[:200])
                elif kind in ("finished_game", "table_gone", "replaced"):
                    break
        if self._answering is not None:
            self._answering.cancel()

    def _take(self, frame: dict[str, Any]) -> None:
        self._frame = frame
        self._received += 1
        sent = self._sent_at
        if sent is not None and any(
            (step.get("action") or {}).get("seat") == self.seat for step in frame["steps"]
        ):
            now = time.monotonic()
            self.timed.trips.append((now, now - sent))
            self._sent_at = None
        self._consider()

    def _consider(self) -> None:
        """Answer the latest prompt (after the think time) when it asks this seat."""
        if self._answering is None and self._frame is not None and self._asks(self._frame):
            self._answering = asyncio.ensure_future(self._answer(self._received))

    def _asks(self, frame: dict[str, Any]) -> bool:
        prompt = frame["prompt"]
        kind = prompt["kind"]
        return kind == "round_ended" or (
            kind in ("your_turn", "pass_keyboard", "dead_draw") and prompt["seat"] == self.seat
        )

    async def _answer(self, seen: int) -> None:
        try:
            await asyncio.sleep(self.pace.seconds(self._thinking))
        finally:
            self._answering = None
        frame = self._frame
        if self._received != seen or frame is None:  # the game moved meanwhile: look again
            self._consider()
            return
        prompt = frame["prompt"]
        kind = prompt["kind"]
        if kind == "your_turn":
            view = SeatView.model_validate(frame["view"])
            self._sent_at = time.monotonic()
            await self.send(write(Act(action=legal_in_view(view)[0])))
        elif kind == "pass_keyboard":
            await self.send(write(TakeKeyboard(seat=prompt["seat"])))
        else:
            await self.send(PROCEED)


async def deal_table(uri: str, number: int, pace: Pace, timed: Timed) -> list[RawSeat]:
    """Make table ``number`` (its creator's seat), seat three joiners and start its game; its
    seats, playing (each seat's think times seeded by the table's number and the seat's)."""
    hello = write(CreateTable(options=table_options(), name=NAMES[0]))
    creator = RawSeat(uri, hello, pace, timed, number * len(NAMES))
    creator.start()
    await creator.seated.wait()
    assert creator.code is not None
    seats = [creator]
    for seat, name in enumerate(NAMES[1:], start=1):
        hello = write(JoinTable(code=creator.code, name=name))
        # The code as the path, as every client writes it: a proxy routes by it.
        joiner = RawSeat(f"{uri}/{creator.code}", hello, pace, timed, number * len(NAMES) + seat)
        joiner.start()
        seats.append(joiner)
    await creator.everybody.wait()
    await creator.send(START)
    return seats
