"""Strangers cannot jam table creation nor choose the deal: one address makes only a few
tables at once and holds only a few that nobody else joined, a lobby nobody joined closes
sooner, at the table cap the oldest lobby nobody joined gives way to a new table, and every
table is dealt from the server's secret (only the operator fixes a deal, and then everybody is
told). Clients come from loopback addresses of their own (127.0.0.2, 127.0.0.3, ...), each a
different address to the server."""

from __future__ import annotations

import asyncio
import contextlib
import json

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from chickenfoot.bots import make_bot
from chickenfoot.net.headless import RemotePlayer
from chickenfoot.net.limits import Limits
from chickenfoot.net.protocol import (
    CreateTable,
    Denied,
    JoinTable,
    Seated,
    StartGame,
    TableGone,
    TableStatus,
    WatchTable,
    read_server,
    write,
)
from chickenfoot.net.seating import lobby_lines
from chickenfoot.saves.jsonformat import parse_record
from chickenfoot.text import online as online_words
from tests.net.online import WAIT, Online, Probe, online, options, wait_for

HAMMER = 60
"""Creates one address throws at the server, all at once."""


async def hammer_once(room: Online, source: str, held: list[ClientConnection]) -> str:
    """One connection from ``source`` asking for a table: the server's answer (``seated`` or
    the refusal's reason); a connection that was seated is kept open in ``held``."""
    uri = f"ws://127.0.0.1:{room.port}/"
    socket = await connect(uri, compression=None, proxy=None, local_addr=(source, 0))
    with contextlib.suppress(ConnectionClosed):  # refused at the door: the answer waits
        await socket.send(write(CreateTable(options=options(2), name="Mallory")))
    try:
        answer = read_server(await asyncio.wait_for(socket.recv(), 30))
    except ConnectionClosed as closed:  # refused at the door: closed before it was read
        await socket.close()
        return closed.rcvd.reason if closed.rcvd is not None else "closed"
    if isinstance(answer, Seated):
        held.append(socket)
        return "seated"
    await socket.close()
    return answer.reason if isinstance(answer, Denied) else answer.kind


async def test_one_address_hammering_create_cannot_stop_another_from_making_and_playing() -> None:
    # The players' frames are not what this test limits: computers answering at once may go
    # over a connection's frame rate, which drops their frames.
    limits = Limits(per_address=16, max_tables=5, rate=1000.0, burst=1000)
    async with online(limits) as room:
        held: list[ClientConnection] = []
        try:
            answers = await asyncio.gather(
                *(hammer_once(room, "127.0.0.2", held) for _ in range(HAMMER))
            )
            assert answers.count("seated") == limits.lonely_per_address, answers
            refused = {answer for answer in answers if answer != "seated"}
            assert refused <= {
                "too_many_open_tables",
                "too_many_new_tables",
                "too_many_connections",
            }
            assert room.server.lonely_tables("127.0.0.2") == limits.lonely_per_address

            # Another address makes a table, somebody joins it, and they play it to its end.
            ana = RemotePlayer(
                room.link(CreateTable(options=options(2), name="Ana"), source="127.0.0.3"),
                make_bot("casual", 1),
            )
            playing = asyncio.ensure_future(ana.play())
            await wait_for(lambda: ana.link.seated is not None, "Ana's table")
            seated = ana.link.seated
            assert seated is not None
            bea = RemotePlayer(
                room.link(JoinTable(code=seated.code, name="Bea"), seated.code, source="127.0.0.3"),
                make_bot("casual", 2),
            )
            joined = asyncio.ensure_future(bea.play())
            table = room.server.tables[seated.code]
            await wait_for(lambda: all(slot.guest for slot in table.seats), "Bea at the table")
            assert ana.link.send(StartGame())
            try:
                outcomes = await asyncio.wait_for(asyncio.gather(playing, joined), 2 * WAIT)
            except TimeoutError:
                raise AssertionError(
                    f"the game did not end: table {table.phase}, Ana's prompt "
                    f"{ana.client.prompt!r}, Bea's {bea.client.prompt!r}"
                ) from None
            for outcome in outcomes:
                assert outcome.result is not None, outcome.problem
                assert outcome.record is not None
                parse_record(outcome.record).final_state()
        finally:
            for socket in held:
                with contextlib.suppress(ConnectionClosed):
                    await socket.close()


async def test_an_address_makes_a_few_tables_at_once_then_one_a_minute() -> None:
    limits = Limits(making_burst=2, making_every=60, lonely_per_address=0)
    async with online(limits) as room:
        held: list[ClientConnection] = []
        try:
            answers = [await hammer_once(room, "127.0.0.2", held) for _ in range(3)]
            assert answers == ["seated", "seated", "too_many_new_tables"]
            assert await hammer_once(room, "127.0.0.3", held) == "seated", "another address may"
        finally:
            for socket in held:
                await socket.close()


async def test_at_the_cap_the_oldest_lobby_nobody_joined_gives_way() -> None:
    limits = Limits(per_address=0, max_tables=3, making_burst=0, lonely_per_address=0)
    async with online(limits) as room:
        creators = [
            Probe(room.link(CreateTable(options=options(2), name="Ana"), source=f"127.0.0.{n}"))
            for n in (2, 3, 4)
        ]
        codes = [(await creator.next(Seated)).code for creator in creators]
        # Somebody joined the second table: it never gives way.
        bea = Probe(room.link(JoinTable(code=codes[1], name="Bea"), codes[1]))
        await bea.next(Seated)
        newcomer = Probe(room.link(CreateTable(options=options(2), name="Cy"), source="127.0.0.5"))
        new_code = (await newcomer.next(Seated)).code
        gone = await creators[0].next(TableGone)
        assert gone.reason == "made_room"
        await wait_for(lambda: creators[0].link.ended, "the oldest lobby's creator told")
        assert creators[0].link.problem is not None
        assert "needed room" in creators[0].link.problem
        assert codes[0] not in room.server.tables
        assert codes[1] in room.server.tables and codes[2] in room.server.tables
        # Every lobby left was joined: the next table is refused.
        joiners = [
            Probe(room.link(JoinTable(code=code, name="Dee"), code))
            for code in (codes[2], new_code)
        ]
        for joiner in joiners:
            await joiner.next(Seated)
        late = Probe(room.link(CreateTable(options=options(2), name="Eve"), source="127.0.0.6"))
        assert (await late.next(Denied)).reason == "too_many_tables"
        for probe in (*creators, bea, newcomer, *joiners, late):
            await probe.close()


async def test_a_lobby_nobody_joined_closes_sooner() -> None:
    limits = Limits(
        per_address=0, making_burst=0, lobby_expiry=600, lonely_lobby_expiry=0.2, sweep=0.05
    )
    async with online(limits) as room:
        lonely = Probe(room.link(CreateTable(options=options(2), name="Ana")))
        joined = Probe(room.link(CreateTable(options=options(2), name="Cy")))
        lonely_code = (await lonely.next(Seated)).code
        joined_code = (await joined.next(Seated)).code
        friend = Probe(room.link(JoinTable(code=joined_code, name="Dee"), joined_code))
        await friend.next(Seated)
        for probe in (lonely, joined, friend):
            await probe.close()
        await wait_for(lambda: lonely_code not in room.server.tables, "the lonely lobby to close")
        assert joined_code in room.server.tables, "a lobby somebody joined waits longer"


# ----- nobody knows the deal ---------------------------------------------------------------------


async def dealt_by(room: Online, source: str) -> tuple[int | None, object]:
    """A table made over the network from ``source`` with the same options every time and
    started by its creator at once (the other seat a computer's): its record's seed and
    decks."""
    creator = Probe(room.link(CreateTable(options=options(2), name="Ana"), source=source))
    code = (await creator.next(Seated)).code
    assert creator.link.send(StartGame())
    table = room.server.tables[code]
    await wait_for(lambda: table.host is not None, "the deal")
    assert table.host is not None
    record = table.host.session.record
    await creator.close()
    return record.seed, record.decks


async def test_a_creator_cannot_make_two_tables_deal_the_same_hands() -> None:
    async with online() as room:
        first, second = [await dealt_by(room, "127.0.0.2") for _ in range(2)]
        assert first[0] is not None and second[0] is not None, "each record keeps its seed"
        assert first != second
        # A seed in the options is no option: refused, and no table made.
        frame = {**CreateTable(options=options(2), name="Ana").model_dump(mode="json")}
        frame["options"]["seed"] = 7
        answers = await raw_answers(room, json.dumps(frame))
        assert [answer.reason for answer in answers] == ["bad_message"]
        assert len(room.server.tables) == 2


async def raw_answers(room: Online, first: str) -> list[Denied]:
    """The refusals a raw connection saying ``first`` gets before it is closed."""
    found = []
    async with connect(f"ws://127.0.0.1:{room.port}/", proxy=None) as socket:
        await socket.send(first)
        with contextlib.suppress(ConnectionClosed):
            async for data in socket:
                answer = read_server(data)
                if isinstance(answer, Denied):
                    found.append(answer)
    return found


async def test_a_table_the_operator_seeded_says_its_deal_is_fixed_to_everybody() -> None:
    async with online() as room:
        table = room.table(options(2), auto_start=False, seed=42)
        ana = Probe(room.link(JoinTable(code=table.code, name="Ana"), table.code))
        spy = Probe(room.link(WatchTable(code=table.code, name="Spy"), table.code))
        for probe in (ana, spy):
            status = await probe.next(TableStatus)
            assert status.fixed_deal
            seated = probe.link.seated
            lines = lobby_lines(room.address(table), seated, status)
            assert online_words.FIXED_DEAL in lines
        unseeded = room.table(options(2), auto_start=False, seed=None)
        assert not unseeded.status().fixed_deal
        ana.link.send(StartGame())
        await wait_for(lambda: table.host is not None, "the deal")
        assert table.host is not None
        assert table.host.session.record.seed == 42, "verify replays it from the record"
        for probe in (ana, spy):
            await probe.close()
