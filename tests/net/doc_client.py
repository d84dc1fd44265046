"""A table client written only from docs/protocol.md and docs/protocol.schema.json: it knows
nothing of chickenfoot's code (it imports none of it), only JSON over a WebSocket.

It makes a table (or joins one), starts it, and plays its seat by working out its own legal
plays from its view, as the protocol page says: the open ends from the board's ``played``
entries, a tile from its hand (or the tile it just drew) that carries an end's number, else a
draw while ``drawable`` is above zero, else a pass. Every frame it sends and every frame it
receives is checked against the schema.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jsonschema
from websockets.asyncio.client import connect

SCHEMA = json.loads((Path(__file__).parents[2] / "docs" / "protocol.schema.json").read_text())
ARMS = "ABCDEFGH"
TOES = 3


def validator(side: str) -> jsonschema.protocols.Validator:
    """Checks a frame of ``side`` (``client`` or ``server``) against the schema."""
    schema = {"$ref": f"#/$defs/{side}", "$defs": SCHEMA["$defs"]}
    return jsonschema.Draft202012Validator(schema)


CLIENT = validator("client")
SERVER = validator("server")


def numbers(tile: str) -> tuple[int, int]:
    """A tile's two numbers (``"4|5"``)."""
    low, high = tile.split("|")
    return int(low), int(high)


def open_ends(board: dict[str, Any]) -> list[tuple[str, int]]:
    """Where a tile may go now, and the number it must carry, worked out from the board's
    ``played`` entries in order, as docs/protocol.md describes the board."""
    centre, arms = board["centre"], board["arms_required"]
    free: list[tuple[str, int]] = []
    ends: list[tuple[str, int]] = [(ARMS[0], centre)]
    foot: str | None = None
    toes = 0
    for index, (_seat, tile, target, end) in enumerate(board["played"]):
        low, high = numbers(tile)
        matched = low if end == high else high
        if index < arms:  # this tile started an arm
            free.append((target, end))
            ends = [(ARMS[index + 1], centre)] if index + 1 < arms else list(free)
        elif foot is not None:  # a toe of the open foot
            toes += 1
            free.append((target, end))
            if toes < TOES:
                ends = [(f"{foot}.{toes + 1}", matched)]
            else:
                foot, toes, ends = None, 0, list(free)
        else:
            place = [line for line, _ in free].index(target)
            if low == high:  # a double closes its line and opens a foot
                del free[place]
                foot, ends = target, [(f"{target}.1", matched)]
            else:
                free[place] = (target, end)
                ends = list(free)
    return ends


def choose(view: dict[str, Any]) -> dict[str, Any]:
    """An action for the view's seat, on turn: the first tile that fits an open end, else
    a draw, else a pass."""
    seat = view["seat"]
    held = [view["drawn"]] if view["drawn"] is not None else view["hand"]
    for target, value in open_ends(view["board"]):
        for tile in held:
            if value in numbers(tile):
                return {"kind": "play", "seat": seat, "tile": tile, "target": target}
    if view["drawable"] > 0 and view["drawn"] is None:
        return {"kind": "draw", "seat": seat}
    return {"kind": "pass", "seat": seat}


@dataclass
class DocClient:
    """One seat played from the documentation alone."""

    url: str
    hello: dict[str, Any]
    start: bool = False
    """Start the game once every person's seat is taken (the creator)."""
    received: list[dict[str, Any]] = field(default_factory=list)
    sent: list[dict[str, Any]] = field(default_factory=list)
    record: dict[str, Any] | None = None
    seat: int | None = None
    code: str | None = None
    answered: set[tuple[Any, ...]] = field(default_factory=set)
    """The positions already answered (a later frame may repeat a prompt)."""

    async def send(self, socket: Any, frame: dict[str, Any]) -> None:
        frame = {"v": 2, **frame}
        CLIENT.validate(frame)
        self.sent.append(frame)
        await socket.send(json.dumps(frame))

    async def play(self) -> dict[str, Any]:
        """Play until the finished game's record comes; the record."""
        async with connect(self.url, proxy=None) as socket:
            await self.send(socket, self.hello)
            async for data in socket:
                frame = json.loads(data)
                SERVER.validate(frame)
                self.received.append(frame)
                await self.take(socket, frame)
                if self.record is not None:
                    return self.record
        raise AssertionError(f"the connection ended first: {self.received[-3:]}")

    async def take(self, socket: Any, frame: dict[str, Any]) -> None:
        kind = frame["kind"]
        if kind in ("denied", "refused"):
            raise AssertionError(f"the server refused: {frame}")
        if kind == "seated":
            self.seat, self.code = frame["seat"], frame["code"]
        elif kind == "table_status" and self.start and not frame["started"]:
            people = [seat for seat in frame["seats"] if seat["computer"] is None]
            if all(seat["taken"] for seat in people):  # everybody is here: deal
                self.start = False
                await self.send(socket, {"kind": "start"})
        elif kind == "finished_game":
            self.record = json.loads(frame["record"])  # a saved game's JSON, as a string
        elif kind in ("welcome", "update"):
            prompt, view = frame["prompt"], frame["view"]
            position = (prompt["kind"], view["round_index"], len(view["history"]), view["drawn"])
            if position in self.answered:
                return
            if prompt["kind"] == "your_turn" and prompt["seat"] == self.seat:
                self.answered.add(position)
                await self.send(socket, {"kind": "act", "action": choose(view)})
            elif prompt["kind"] in ("round_ended", "dead_draw") and prompt.get("seat") in (
                None,
                self.seat,
            ):
                self.answered.add(position)
                await self.send(socket, {"kind": "proceed"})
