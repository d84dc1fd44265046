"""Every client is hostile: frames too long, not JSON, of another version or no message at all
are refused in plain words; a client that floods is slowed and then cut off; the caps on
tables, connections and spectators hold; and a fuzzer throwing random and mutated frames at
a live server, from a seat of its own and from outside, never crashes it, never changes a game
but by its seat's legal moves, and every other table plays on to its end."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from chickenfoot.net.denials import denial_text
from chickenfoot.net.limits import Limits
from chickenfoot.net.protocol import (
    CreateTable,
    Denied,
    JoinTable,
    Seated,
    WatchTable,
    read_server,
    write,
)
from chickenfoot.play.wire import Act, Proceed, SetPause, TakeBack, TakeKeyboard
from chickenfoot.rules import Draw, Pass, Play, Tile
from chickenfoot.saves.jsonformat import parse_record
from tests.net.online import Online, Probe, online, options, wait_for


async def frames_after(room: Online, first: str | None, sent: list[str | bytes]) -> list[Any]:
    """Open a raw connection, send ``first`` (if any) then ``sent``; every frame the server
    answered until it was quiet for a moment or closed the connection."""
    answers: list[Any] = []
    address = f"ws://127.0.0.1:{room.port}/"
    async with connect(address, compression=None, proxy=None, close_timeout=1) as socket:
        try:
            if first is not None:
                await socket.send(first)
            for frame in sent:
                await socket.send(frame)
            while True:
                answers.append(read_server(await asyncio.wait_for(socket.recv(), 1.0)))
        except (TimeoutError, ConnectionClosed):
            pass
    return answers


async def test_bad_frames_are_refused_in_plain_words() -> None:
    async with online() as room:
        table = room.table(options(2), auto_start=False)
        hello = write(WatchTable(code=table.code, name="Spy"))
        bad: list[str | bytes] = [
            "not json at all",
            json.dumps({"kind": "act", "v": 1}),
            json.dumps({"kind": "launch_missiles", "v": 2}),
            json.dumps([1, 2, 3]),
            json.dumps({"kind": "set_pause", "v": 2, "seconds": "NaN"}),
            "x" * 5000,
            json.dumps({"kind": "proceed", "v": 2, "\x1b[2J" + "k" * 3000: 1}),
        ]
        answers = await frames_after(room, hello, bad)
        denials = [answer for answer in answers if isinstance(answer, Denied)]
        assert [(denied.reason, denied.detail, denied.field) for denied in denials] == [
            ("bad_message", "not_json", None),
            ("bad_message", "other_version", None),
            ("bad_message", "unknown_kind", None),
            ("bad_message", "not_an_object", None),
            ("bad_message", "bad_field", "seconds"),
            ("bad_message", "too_long", None),
            ("bad_message", "bad_field", "\\x1b[2J" + "k" * 70 + "..."),
        ], "codes, no sentence: each client words them; a client's field name made safe"
        assert [denial_text(denied) for denied in denials] == [
            "the server could not read a message that is not JSON",
            "the server could not read a message of another version of the protocol "
            "(this is version 2)",
            "the server could not read an unknown kind of message",
            "the server could not read a message that is not a JSON object",
            "the server could not read a message with a bad seconds",
            "the server could not read a message too long to be read",
            "the server could not read a message with a bad \\x1b[2J" + "k" * 70 + "...",
        ]


async def test_a_first_frame_that_is_no_greeting_ends_the_connection() -> None:
    async with online() as room:
        answers = await frames_after(room, write(Proceed()), [])
        assert [a.reason for a in answers] == ["first_message"]


async def test_a_frame_beyond_the_hard_cap_closes_the_connection() -> None:
    async with online() as room:
        table = room.table(options(2), auto_start=False)
        answers = await frames_after(
            room, write(WatchTable(code=table.code, name="Spy")), ["y" * 100_000, "z"]
        )
        assert not [a for a in answers if isinstance(a, Denied)], "closed, nothing read"


async def test_a_flooding_client_is_slowed_then_cut_off() -> None:
    async with online(Limits(per_address=0, rate=5, burst=5)) as room:
        table = room.table(options(2), auto_start=False)
        flood: list[str | bytes] = [write(SetPause(seconds=1))] * 200
        answers = await frames_after(room, write(WatchTable(code=table.code, name="Spy")), flood)
        reasons = [a.reason for a in answers if isinstance(a, Denied)]
        assert "too_fast" in reasons
        assert len(reasons) < 50, "the refusals are not a flood of their own"
        assert not table.watchers, "the flooding spectator was cut off"


async def test_the_caps_on_tables_connections_and_spectators_hold() -> None:
    async with online(Limits(per_address=4, max_tables=1, spectators=1)) as room:
        first = Probe(room.link(CreateTable(options=options(2), name="Ana")))
        code = (await first.next(Seated)).code
        friend = Probe(room.link(JoinTable(code=code, name="Cy"), code))
        await friend.next(Seated)  # a table somebody joined never gives way to a new one
        second = Probe(room.link(CreateTable(options=options(2), name="Bea")))
        assert (await second.next(Denied)).reason == "too_many_tables"
        spy = Probe(room.link(WatchTable(code=code, name="Spy"), code))
        await spy.next(Seated)
        other = Probe(room.link(WatchTable(code=code, name="Eve"), code))
        denied = await other.next(Denied)
        assert denied.reason in ("too_many_spectators", "too_many_connections")
        await spy.close()
        await friend.close()
        await first.close()


# ----- the fuzzer --------------------------------------------------------------------------------


def mutated(rng: random.Random, frame: dict[str, Any]) -> dict[str, Any]:
    """``frame`` with one field changed to something unexpected."""
    junk: list[Any] = [
        None,
        -1,
        2**70,
        1e308,
        "",
        "0|0",
        "A" * 300,
        [],
        {},
        True,
        [1, "2"],
        {"kind": "act"},
    ]
    changed = dict(frame)
    key = rng.choice([*changed, "extra"])
    changed[key] = rng.choice(junk)
    return changed


def fuzz_frame(rng: random.Random, seats: int) -> str | bytes:
    """A random, a mutated or a legal-looking but hostile frame."""
    seat = rng.randrange(-1, seats + 2)
    tile = Tile(rng.randrange(7), rng.randrange(7))
    valid = [
        Act(action=Play(seat=max(0, seat), tile=min(tile, Tile(tile[1], tile[0])), target="A")),
        Act(action=Draw(seat=max(0, seat))),
        Act(action=Pass(seat=max(0, seat))),
        TakeKeyboard(seat=max(0, seat)),
        Proceed(),
        TakeBack(),
        SetPause(seconds=rng.random() * 10),
    ]
    roll = rng.random()
    if roll < 0.2:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 60)))
    if roll < 0.3:
        return "".join(chr(rng.randrange(32, 0x2FFF)) for _ in range(rng.randrange(1, 60)))
    frame = json.loads(write(rng.choice(valid)))
    if roll < 0.5:
        return json.dumps(frame)
    extra = ["start", "cover", "join", "return", "watch", "create", "ask_hint"]
    if roll < 0.6:
        frame = {"v": 2, "kind": rng.choice(extra), "seat": seat, "code": "ABCDEF"}
    return json.dumps(mutated(rng, frame))


async def fuzz(room: Online, code: str, seats: int, seed: int, count: int) -> int:
    """Throw ``count`` fuzzed frames at table ``code``, from its free seat (seed 0) or as a
    spectator (the others); how many frames the server answered."""
    rng = random.Random(seed)
    hello = (
        JoinTable(code=code, name="Mallory")
        if seed == 0
        else WatchTable(code=code, name=f"Spy {seed}")
    )
    answers: list[str | bytes] = []

    async def read(socket: ClientConnection) -> None:
        with contextlib.suppress(ConnectionClosed):
            async for frame in socket:
                answers.append(frame)

    async with connect(f"ws://127.0.0.1:{room.port}/", compression=None, proxy=None) as socket:
        reader = asyncio.ensure_future(read(socket))
        await socket.send(write(hello))
        with contextlib.suppress(ConnectionClosed):
            for _ in range(count):
                await socket.send(fuzz_frame(rng, seats))
                if rng.random() < 0.1:
                    await asyncio.sleep(0)
        reader.cancel()
    return len(answers)


async def test_a_fuzzer_never_crashes_the_server_nor_changes_a_game_but_by_legal_moves() -> None:
    async with online(Limits(per_address=0, rate=100_000, burst=100_000)) as room:
        # Three tables the fuzzer leaves alone, one where it holds a seat (Mallory's).
        quiet = [room.table(options(3), seed=seed) for seed in (1, 2, 3)]
        target = room.table(options(3, grace=0.2), seed=4)
        players = [
            room.player(table, table.seats[seat].name, seed=seat)
            for table in quiet
            for seat in range(3)
        ] + [room.player(target, target.seats[seat].name, seed=seat) for seat in (0, 1)]
        async with asyncio.TaskGroup() as group:
            games = [group.create_task(player.play()) for player in players]
            fuzzers = [
                group.create_task(fuzz(room, target.code, 3, seed, 700)) for seed in range(3)
            ]
            outside = group.create_task(
                frames_after(room, None, [fuzz_frame(random.Random(9), 3) for _ in range(50)])
            )
        assert sum(fuzzer.result() for fuzzer in fuzzers) > 0, "the server answered the fuzzer"
        assert outside.result(), "and the frames from outside any table"
        for game, player in zip(games, players, strict=True):
            outcome = game.result()
            assert outcome.record is not None, "every table but the fuzzed one played on"
            record = parse_record(outcome.record)
            record.final_state()  # every action is legal (the rules replay them)
            mine = [a for a in record.actions if a.seat in player.client.seats]
            assert mine == outcome.moves, "a bot's seat moved only as the bot said"
        # The fuzzed table: the server still holds it, and only Mallory's seat moved unasked.
        await wait_for(lambda: target.host is not None, "the fuzzed table's game")
        assert target.code in room.server.tables or target.phase == "over"
        # The server still answers newcomers.
        late = Probe(room.link(WatchTable(code=quiet[0].code, name="Late"), quiet[0].code))
        await late.next(Seated)
        await late.close()
