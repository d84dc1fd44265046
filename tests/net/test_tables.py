"""Online tables over loopback: codes, the lobby, joining, seat tokens, spectators, starting,
refusals in plain words, drop-outs covered by a computer and handed back, expiry."""

from __future__ import annotations

import re

import pytest

from chickenfoot.net.denials import denial_text
from chickenfoot.net.door import Door
from chickenfoot.net.limits import Limits
from chickenfoot.net.protocol import (
    CODE_ALPHABET,
    CoverSeat,
    CreateTable,
    Denied,
    JoinTable,
    Replaced,
    ReturnToSeat,
    Seated,
    StartGame,
    TableGone,
    TableStatus,
    WatchTable,
    code_letters,
    hash_token,
    new_code,
    normal_code,
    token_matches,
)
from chickenfoot.net.remote import LinkStatus, TableAddress
from chickenfoot.play.wire import (
    Act,
    AskHint,
    HintGiven,
    NoHint,
    Refused,
    TakeBack,
    Welcome,
)
from chickenfoot.rules import Draw, Pass, Play, Tile
from tests.net.online import Probe, on_turn, online, options, started, wait_for

# ----- codes, tokens, addresses ----------------------------------------------------------------


def test_a_table_code_has_six_characters_and_no_look_alikes() -> None:
    codes = {new_code() for _ in range(2000)}
    assert len(codes) > 1990, "codes are random"
    used = set("".join(codes))
    assert all(len(code) == 6 for code in codes)
    assert used <= set(CODE_ALPHABET)
    assert not used & set("0O1IL"), "no 0/O or 1/I/L"


@pytest.mark.parametrize(
    ("letters", "chosen"),
    [
        ("A-R", "ABCDEFGHJKMNPQR"),
        ("s-z2-9", "STUVWXYZ23456789"),
        ("K7A", "AK7"),
        ("A-CZ", "ABCZ"),
    ],
)
def test_a_servers_codes_start_with_its_own_letters(letters: str, chosen: str) -> None:
    assert code_letters(letters) == chosen
    firsts = {new_code(chosen)[0] for _ in range(400)}
    assert firsts == set(chosen), "every letter is used, no other"


@pytest.mark.parametrize(
    ("letters", "words"),
    [
        ("", "no character of a table code given"),
        ("A-0", "A-0 is not a range of a table code's characters"),
        ("R-A", "R-A runs backwards: write A-R"),
        ("AO", "'O' is not a character of a table code"),
    ],
)
def test_letters_that_are_no_code_characters_are_refused_in_words(letters: str, words: str) -> None:
    with pytest.raises(ValueError, match="^" + re.escape(words)):
        code_letters(letters)


def test_a_code_is_read_whatever_its_case_and_spacing() -> None:
    assert normal_code(" km7-r3p ") == "KM7R3P"
    assert normal_code("KM7R3O") is None, "O is not in a code"
    assert normal_code("KM7R3") is None


def test_only_a_seat_tokens_hash_is_kept_and_it_matches_that_token_alone() -> None:
    hashed = hash_token("the-secret-token-of-ana")
    assert "the-secret" not in hashed
    assert token_matches("the-secret-token-of-ana", hashed)
    assert not token_matches("the-secret-token-of-bea", hashed)
    assert not token_matches("the-secret-token-of-ana", None)


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("KM7R3P@example.org:9000", TableAddress("example.org", 9000, "KM7R3P")),
        ("km7r3p@127.0.0.1", TableAddress("127.0.0.1", 8765, "KM7R3P")),
        ("wss://KM7R3P@[::1]:443", TableAddress("::1", 443, "KM7R3P", secure=True)),
    ],
)
def test_a_table_address_is_read_from_its_join_line(text: str, address: TableAddress) -> None:
    assert TableAddress.parse(text) == address
    assert TableAddress.parse(str(address)) == address


def test_a_tables_websocket_address_carries_its_code_as_the_path() -> None:
    assert TableAddress.parse("KM7R3P@example.org:9000").url == "ws://example.org:9000/KM7R3P"
    assert TableAddress.parse("wss://[::1]:443").url == "wss://[::1]:443/"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("K0M7@host:1", "is not a table code: a table code has 6 letters and digits, not 4"),
        (
            "XZ4M7O@host:1",
            "'XZ4M7O' is not a table code: a table code has no O: codes leave out O, 0, I, 1",
        ),
        ("KM7R3!@host:1", "a table code has only capital letters and digits, not '!'"),
        ("KM7R3P@host:99999", "is not a port"),
        ("KM7R3P@a b", "is not a server's address"),
    ],
)
def test_a_bad_address_is_refused_in_plain_words(text: str, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        TableAddress.parse(text)


def test_a_wrong_guess_is_answered_more_slowly_each_time() -> None:
    door = Door(Limits(denial_delay=0.5, denial_delay_max=4))
    waits = [door.denial_wait("10.0.0.1") for _ in range(6)]
    assert waits == [0.5, 1.0, 2.0, 4.0, 4.0, 4.0]
    assert door.denial_wait("10.0.0.2") == 0.5, "another address starts afresh"


def test_the_door_counts_each_addresss_connections_up_to_its_cap() -> None:
    door = Door(Limits(per_address=2))
    assert [door.enter("10.0.0.1") for _ in range(3)] == [True, True, False]
    assert door.enter("10.0.0.2"), "another address has its own count"
    door.leave("10.0.0.1")
    door.leave("10.0.0.1")
    assert door.enter("10.0.0.1"), "a connection that ended frees its place"
    assert Door(Limits(per_address=0)).enter("10.0.0.1"), "0: no cap"


# ----- the lobby -------------------------------------------------------------------------------


async def test_people_join_by_the_code_the_lobby_shows_them_and_the_creator_starts() -> None:
    async with online() as room:
        ana = Probe(room.link(CreateTable(options=options(3), name="Ana")))
        seated = await ana.next(Seated)
        assert seated.creator and seated.seat == 0 and seated.token
        code = seated.code
        assert room.server.tables[code].seats[0].token_hash == hash_token(seated.token)
        bea = Probe(room.link(JoinTable(code=code.lower(), name="Bea"), code))
        assert (await bea.next(Seated)).seat == 1
        spy = Probe(room.link(WatchTable(code=code, name="Spy"), code))
        assert (await spy.next(Seated)).seat is None

        def lobby() -> TableStatus | None:
            statuses = ana.of(TableStatus)
            return statuses[-1] if statuses and statuses[-1].spectators else None

        await wait_for(lobby, "the lobby to list the spectator")
        status = lobby()
        assert status is not None and not status.started
        assert [(s.name, s.taken, s.connected) for s in status.seats] == [
            ("Ana", True, True),
            ("Bea", True, True),
            ("Cy", False, False),
        ]
        assert status.spectators == ("Spy",)
        bea.link.send(StartGame())
        denied = await bea.next(Denied)
        assert (denied.reason, denied.detail) == ("not_creator", "start")
        assert denial_text(denied) == "only the table's creator starts it"
        ana.link.send(StartGame())
        welcome = await bea.next(Welcome)
        assert welcome.seats == (1,) and welcome.table.names == ("Ana", "Bea", "Cy")
        assert (await spy.next(Welcome)).seats == ()
        await wait_for(
            lambda: room.server.tables[code].seats[2].cover is not None,
            "a computer to cover the seat nobody took",
        )
        for probe in (ana, bea, spy):
            await probe.close()


async def test_a_table_the_server_made_starts_by_itself_and_nobody_starts_it_sooner() -> None:
    async with online() as room:
        table = room.table(options(3))
        ana = Probe(room.link(JoinTable(code=table.code, name="Ana"), table.code))
        assert (await ana.next(Seated)).creator, "the first joiner may still hand seats over"
        status = await ana.next(TableStatus)
        assert status.starts_by_itself and not status.started
        ana.link.send(StartGame())
        denied = await ana.next(Denied)
        assert (denied.reason, denied.detail) == ("not_now", "starts_by_itself")
        assert "starts by itself once everyone" in denial_text(denied)
        assert table.phase == "lobby"
        bea = Probe(room.link(JoinTable(code=table.code, name="Bea"), table.code))
        cy = Probe(room.link(JoinTable(code=table.code, name="Cy"), table.code))
        assert (await ana.next(Welcome)).seats == (0,), "dealt once everyone joined"
        for probe in (ana, bea, cy):
            await probe.close()


async def test_a_wrong_code_or_token_is_refused_in_plain_words() -> None:
    async with online(Limits(per_address=0, denial_delay=0.01)) as room:
        table = room.table(options(2))
        wrong = Probe(room.link(JoinTable(code="ABCDEF", name="Eve")))
        denied = await wrong.next(Denied)
        assert (denied.reason, denied.code) == ("no_such_table", "ABCDEF")
        assert denial_text(denied) == "there is no table 'ABCDEF' here"
        ended = await wrong.next(LinkStatus)
        await wait_for(lambda: wrong.link.ended, "the link to give up")
        assert wrong.link.problem == denial_text(denied) and ended is not None
        forged = Probe(room.link(ReturnToSeat(code=table.code, token="x" * 43), table.code))
        assert (await forged.next(Denied)).reason == "bad_token"
        await wait_for(lambda: forged.link.ended, "the link to give up")
        assert not any(slot.taken for slot in table.seats), "nothing changed at the table"


async def test_a_returning_token_takes_the_seat_and_the_old_window_is_told_why() -> None:
    async with online() as room:
        table = room.table(options(2), auto_start=False)
        first = Probe(room.link(JoinTable(code=table.code, name="Ana"), table.code))
        token = (await first.next(Seated)).token
        assert token is not None
        second = Probe(room.link(ReturnToSeat(code=table.code, token=token), table.code))
        seated = await second.next(Seated)
        assert seated.seat == 0 and seated.token is None, "the token is sent once"
        await first.next(Replaced)
        await wait_for(lambda: first.link.ended, "the replaced window's link to end")
        assert first.link.problem is not None and "another window" in first.link.problem
        assert table.seats[0].guest is not None
        await second.close()


async def test_a_full_table_a_bad_name_and_a_taken_name_are_refused() -> None:
    async with online() as room:
        table = room.table(options(2), auto_start=False)
        ana = Probe(room.link(JoinTable(code=table.code, name="Ana"), table.code))
        await ana.next(Seated)
        again = Probe(room.link(JoinTable(code=table.code, name="ana"), table.code))
        refused = await again.next(Denied)
        assert refused.reason == "name_taken"
        assert (
            denial_text(refused) == "ana looks like Ana, who is at this table: choose another name"
        )
        odd = Probe(room.link(JoinTable(code=table.code, name="B\x1b[31mea"), table.code))
        bad = await odd.next(Denied)
        assert (bad.reason, bad.detail, bad.name) == ("bad_message", "bad_name", "B\x1b[31mea")
        assert "control character (U+001B)" in denial_text(bad), "the client says why"
        bea = Probe(room.link(JoinTable(code=table.code, name="Bea"), table.code))
        await bea.next(Seated)
        late = Probe(room.link(JoinTable(code=table.code, name="Cy"), table.code))
        full = await late.next(Denied)
        assert full.reason == "table_full"
        assert "to watch it, tick Watch only in Join a table" in denial_text(full), "how to watch"
        for probe in (ana, bea):
            await probe.close()


# ----- the game --------------------------------------------------------------------------------


async def test_a_seat_acts_only_for_itself_and_only_on_its_turn() -> None:
    async with online() as room:
        probes, code = await started(room, 2, hints=False)
        host = room.server.tables[code].host
        assert host is not None
        mover, prompt = on_turn(probes)
        other = probes[1 - probes.index(mover)]
        before = len(host.session.record.actions)
        count = len(other.frames)
        other.link.send(Act(action=Draw(seat=prompt.seat)))
        assert (await other.next(Refused, count)).reason == "not_your_seat"
        other.link.send(Act(action=Pass(seat=1 - prompt.seat)))
        assert (await other.next(Refused, count + 1)).reason == "not_your_turn"
        other.link.send(AskHint())
        assert "hints are off" in denial_text(await other.next(Denied, count))
        mover_count = len(mover.frames)
        mover.link.send(Act(action=Play(seat=prompt.seat, tile=Tile(0, 0), target="nowhere")))
        assert (await mover.next(Refused, mover_count)).reason in ("illegal", "not_your_turn")
        assert len(host.session.record.actions) == before, "nothing changed"
        for probe in probes:
            await probe.close()


async def test_the_seat_on_turn_gets_a_hint_and_no_take_back_with_two_people() -> None:
    async with online() as room:
        probes, code = await started(room, 2)
        host = room.server.tables[code].host
        assert host is not None
        assert all(not probe.of(Welcome)[0].table.take_backs for probe in probes)
        mover, prompt = on_turn(probes)
        count = len(mover.frames)
        mover.link.send(AskHint())
        await wait_for(lambda: mover.of(HintGiven) or mover.of(NoHint), "the hint's answer")
        given = mover.of(HintGiven)
        assert not given or given[0].hint.action.seat == prompt.seat, "a hint for the seat"
        mover.link.send(TakeBack())
        assert (await mover.next(Refused, count)).reason == "nothing_to_take_back"
        assert bool(given) == bool(host.session.record.assists), "a hint given is recorded"


async def test_a_dropped_seat_waits_then_a_computer_covers_it_until_its_person_returns() -> None:
    async with online() as room:
        probes, code = await started(room, 2, grace=0.3)
        table = room.server.tables[code]
        ana, bea = probes
        token = ana.of(Seated)[0].token
        assert token is not None
        await ana.close()

        def waiting() -> bool:
            statuses = bea.of(TableStatus)
            return bool(statuses) and statuses[-1].seats[0].waiting is not None

        await wait_for(waiting, "Bea to see Ana lost, with the grace period counting down")
        lost = bea.of(TableStatus)[-1].seats[0]
        assert not lost.connected and lost.waiting is not None and lost.waiting <= 0.3
        await wait_for(lambda: table.seats[0].cover is not None, "a computer to cover Ana")
        await wait_for(
            lambda: bea.of(TableStatus)[-1].seats[0].covered_by == "hard",
            "Bea to see who covers Ana",
        )
        back = Probe(room.link(ReturnToSeat(code=code, token=token), code))
        welcome = await back.next(Welcome)
        assert welcome.seats == (0,)
        assert table.seats[0].cover is None and table.seats[0].guest is not None
        await wait_for(lambda: bea.of(TableStatus)[-1].seats[0].connected, "Bea to see Ana back")
        for probe in (back, bea):
            await probe.close()


async def test_the_creator_hands_a_lost_seat_to_a_computer_at_once() -> None:
    async with online() as room:
        probes, code = await started(room, 3)
        table = room.server.tables[code]
        ana, bea, cy = probes
        await cy.close()
        await wait_for(lambda: table.seats[2].guest is None, "Cy to drop")
        count = len(bea.frames)
        bea.link.send(CoverSeat(seat=2))
        assert (await bea.next(Denied, count)).reason == "not_creator"
        ana.link.send(CoverSeat(seat=2))
        await wait_for(lambda: table.seats[2].cover is not None, "the creator's computer")
        for probe in (ana, bea):
            await probe.close()


async def test_nobody_plays_against_computers_alone_and_idle_tables_expire() -> None:
    limits = Limits(per_address=0, lobby_expiry=0, game_expiry=0, sweep=3600)
    async with online(limits) as room:
        lobby = room.table(options(2), auto_start=False)
        ana = Probe(room.link(JoinTable(code=lobby.code, name="Ana"), lobby.code))
        await ana.next(Seated)
        probes, code = await started(room, 2, grace=3600)
        table = room.server.tables[code]
        spy = Probe(room.link(WatchTable(code=code, name="Spy"), code))
        await spy.next(Welcome)
        for probe in probes:
            await probe.close()
        await wait_for(lambda: table.idle_since is not None, "everybody to leave the game")
        assert all(slot.cover is None for slot in table.seats), "no computer plays alone"
        assert room.server.expire() == [code], "a spectator keeps no table alive"
        assert (await spy.next(TableGone)).reason == "expired"
        await wait_for(lambda: spy.link.ended, "the spectator's link to end")
        assert lobby.code in room.server.tables, "a lobby with somebody in it stays"
        await ana.close()
        await wait_for(lambda: lobby.idle_since is not None, "Ana to leave the lobby")
        assert room.server.expire() == [lobby.code]


def test_every_message_of_the_table_crosses_the_network() -> None:
    """The frames of a connection hold every message of the table's contract, both ways."""
    from typing import get_args

    from chickenfoot.net.protocol import CLIENT_FRAMES, SERVER_FRAMES
    from chickenfoot.play.wire import ClientMessage, HostMessage

    def kinds(union: object) -> set[str]:
        members = get_args(get_args(union)[0])
        return {member.model_fields["kind"].default for member in members}

    def frame_kinds(adapter: object) -> set[str]:
        return kinds(adapter._type)  # type: ignore[attr-defined]

    assert kinds(ClientMessage) <= frame_kinds(CLIENT_FRAMES)
    assert kinds(HostMessage) <= frame_kinds(SERVER_FRAMES)
