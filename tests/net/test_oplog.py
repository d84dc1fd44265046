"""The operator's log: one line per table opened, started, finished and closed and per kind of
refusal, the refusals rate-limited so a flood cannot flood the log, and never a token, a seed,
a tile or anything a client typed."""

from __future__ import annotations

import asyncio
import json
import logging
import re
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from chickenfoot.net import oplog
from chickenfoot.net.oplog import LOGGER, JsonLines, OperatorLog, TextLines
from chickenfoot.net.protocol import CreateTable, JoinTable, Seated, StartGame
from chickenfoot.net.remote import Received
from tests.net.online import OPEN_LIMITS, Probe, online, options, wait_for


class Kept(logging.Handler):
    """Keeps every record of the operator's log, formatted as text and as JSON."""

    def __init__(self) -> None:
        super().__init__()
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    @property
    def text(self) -> list[str]:
        return [TextLines().format(record) for record in self.records]

    @property
    def json(self) -> list[dict[str, object]]:
        return [json.loads(JsonLines().format(record)) for record in self.records]


@contextmanager
def kept() -> Iterator[Kept]:
    handler = Kept()
    logger = logging.getLogger(LOGGER)
    logger.addHandler(handler)
    level = logger.level
    logger.setLevel(logging.INFO)
    try:
        yield handler
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)


def test_refusals_are_rate_limited_per_kind(monkeypatch: pytest.MonkeyPatch) -> None:
    now = [1000.0]
    monkeypatch.setattr(oplog, "monotonic", lambda: now[0])
    with kept() as log:
        operator = OperatorLog()
        for _ in range(500):
            operator.refused("too_fast", "203.0.113.9")
        operator.refused("no_such_table", "203.0.113.9")
        now[0] += oplog.QUIET
        operator.refused("too_fast", "198.51.100.1")
    lines = [line.split(" ", 1)[1] for line in log.text]
    assert lines == [
        "refused too_fast from 203.0.113.9",
        "refused no_such_table from 203.0.113.9",
        "refused too_fast from 198.51.100.1 (499 more of this kind left out before)",
    ]
    assert log.json[2]["left_out"] == 499 and log.json[2]["event"] == "refused"
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00", str(log.json[0]["time"]))


def test_relays_are_logged_and_rate_limited(monkeypatch: pytest.MonkeyPatch) -> None:
    now = [1000.0]
    monkeypatch.setattr(oplog, "monotonic", lambda: now[0])
    with kept() as log:
        operator = OperatorLog()
        for _ in range(3):
            operator.relayed("KM7R3P", "ws://10.0.0.2:8766")
        now[0] += oplog.QUIET
        operator.relayed("ST4RZ9", "ws://10.0.0.2:8766")
    lines = [line.split(" ", 1)[1] for line in log.text]
    assert lines == [
        "relayed a player of table KM7R3P to ws://10.0.0.2:8766",
        "relayed a player of table ST4RZ9 to ws://10.0.0.2:8766 (2 more relayed before)",
    ]
    assert log.json[1] == {
        "time": log.json[1]["time"],
        "event": "relayed",
        "table": "ST4RZ9",
        "runner": "ws://10.0.0.2:8766",
        "left_out": 2,
    }


async def test_a_tables_life_is_logged_without_a_token_a_seed_or_a_tile() -> None:
    frames: list[Received] = []
    with kept() as log:
        async with online(OPEN_LIMITS) as room:
            seeded = room.table(options(2, rounds=1), seed=424242)
            players = [
                room.player(seeded, name, seed=n, check=frames.append)
                for n, name in enumerate(("Ana", "Bea"))
            ]
            await asyncio.gather(*(player.play() for player in players))
            creator = Probe(room.link(CreateTable(options=options(2), name="Cy")))
            code = (await creator.next(Seated)).code
            assert creator.link.send(StartGame())
            await wait_for(lambda: room.server.tables[code].host is not None, "the deal")
            wrong = Probe(room.link(JoinTable(code="ZZZZZZ", name="Eve")))
            await wait_for(lambda: wrong.link.ended, "the wrong code refused")
            for probe in (creator, wrong):
                await probe.close()
    events = [(line["event"], line.get("table")) for line in log.json]
    assert events[:3] == [
        ("opened", seeded.code),
        ("started", seeded.code),
        ("finished", seeded.code),
    ]
    assert ("opened", code) in events and ("started", code) in events
    assert ("refused", None) in events
    whole = "\n".join(log.text)
    assert "127.0.0.1" in whole, "who made the table and who was refused"
    assert "424242" not in whole, "never a seed"
    assert not re.search(r"\d+\|\d+", whole), "never a tile"
    tokens = [frame.token for frame in frames if isinstance(frame, Seated) and frame.token]
    assert tokens and not any(token in whole for token in tokens), "never a token"
    assert "Eve" not in whole and "Cy" not in whole and "ZZZZZZ" not in whole, "nothing typed"
