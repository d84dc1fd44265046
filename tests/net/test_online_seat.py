"""One online seat for every front end, driven directly (no Textual, no console): what the
link brings is followed and worded once, and a key pressed while the connection is down is
not sent, says so in the same words everywhere, and leaves nothing waiting for an answer (the
hint key works once the table is back). With a table server on 127.0.0.1, stopped and started
again on the same port and store."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from chickenfoot.net.online_seat import Heard, OnlineSeat
from chickenfoot.net.protocol import (
    Denied,
    FinishedGame,
    JoinTable,
    Seated,
    SeatState,
    TableStatus,
)
from chickenfoot.net.remote import OPEN_TIMEOUT, LinkStatus, TableAddress
from chickenfoot.net.tokens import SeatBook
from chickenfoot.play.tables import LocalTable, TableFeed
from chickenfoot.play.wire import Act, Hold
from chickenfoot.rules import Draw
from chickenfoot.text import online as words
from chickenfoot.text import prompts
from tests.kit import Kit
from tests.net.online import Online, online, options, wait_for

ADDRESS = TableAddress("127.0.0.1", 1, "KM7R3P")


def seat_at(address: TableAddress = ADDRESS) -> OnlineSeat:
    """A seat joining ``address`` as Ana (its book in the test's data folder)."""
    hello = JoinTable(code=address.code or "", name="Ana")
    return OnlineSeat(address, hello, book=SeatBook(), first_retry=0.05)


def status(*seats: SeatState, starts_by_itself: bool = False) -> TableStatus:
    """A table's status with ``seats``."""
    return TableStatus(
        code="KM7R3P",
        seats=seats,
        spectators=(),
        started=True,
        creator=0,
        grace=90,
        starts_by_itself=starts_by_itself,
    )


ANA = SeatState(name="Ana", taken=True, connected=True)


# ----- without a server ---------------------------------------------------------------------------


def test_a_command_sent_while_the_link_is_down_is_not_sent_and_says_so() -> None:
    seat = seat_at()  # never connected
    assert not seat.send(Act(action=Draw(seat=0)))
    assert seat.client.feedback == words.NOT_CONNECTED
    seat.client.tell("Ana plays 5|6")
    assert not seat.send(None), "a key that did nothing sends nothing..."
    assert not seat.send(Hold(on=True)), "...nor does a covered screen at an online table"
    assert seat.client.feedback == "Ana plays 5|6", "and neither says a word"


def test_the_creators_commands_say_why_they_do_nothing() -> None:
    seat = seat_at()
    assert seat.start_game() == words.ONLY_CREATOR_STARTS
    assert seat.cover_lost() == words.ONLY_CREATOR_COVERS
    seat.remote.seated = Seated(code="KM7R3P", seat=0, token="t" * 43, creator=True)
    assert seat.start_game() == words.NOT_CONNECTED
    seat.take(status(ANA, starts_by_itself=True))
    assert not seat.can_start and seat.start_game() == words.STARTS_BY_ITSELF
    assert not seat.can_cover and seat.cover_lost() == words.NOBODY_LOST
    seat.take(status(ANA, SeatState(name="Bea", taken=True, connected=False, waiting=61)))
    assert seat.can_cover and seat.cover_lost() == words.NOT_CONNECTED


def test_who_is_here_is_followed_and_worded_once() -> None:
    seat = seat_at()
    bea_lost = SeatState(name="Bea", taken=True, connected=False, waiting=61)
    heard = seat.take(status(ANA, SeatState(name="Bea", taken=True, connected=True)))
    assert heard.changed
    heard = seat.take(status(ANA, bea_lost))
    assert heard.news == (words.lost("Bea", 61),)
    assert seat.lost_seats() == [1]
    assert seat.away_lines()[0].startswith("Bea lost connection · waiting 1:0")
    assert seat.seat_names(("Ana", "Bea"))[1].startswith("Bea lost 1:0")
    covered = SeatState(name="Bea", taken=True, connected=False, covered_by="hard")
    heard = seat.take(status(ANA, covered))
    assert heard.news == (words.covered("Bea", "hard"),)
    assert seat.seat_names(("Ana", "Bea")) == ("Ana", "Bea (hard)")
    assert seat.take(Denied(reason="not_now", detail="started")).news == (
        "the game has started already",
    )


def test_who_is_here_is_shown_on_the_seats_and_under_the_status(kit: type[Kit]) -> None:
    record = kit.find_record(kit.short_rules(2), kit.seats("human", "human"), bool)
    here = LocalTable(kit.session_of(record), pause=0)
    TableFeed(here, here.client.receive, lambda: True).receive()  # type: ignore[arg-type]
    shown = here.client.shown()
    seat = seat_at()
    assert not seat.played_here and seat.finished_record() is None
    assert seat.with_presence(shown, "Esc").seats.names == ("Ana", "Bea"), "all here"
    seat.take(status(ANA, SeatState(name="Bea", taken=True, connected=False, waiting=61)))
    away = seat.with_presence(shown, "Esc")
    assert away.seats.names[1].startswith("Bea lost 1:0")
    assert away.status.news.startswith("Bea lost connection · waiting 1:0")
    assert away.status.text == shown.status.text and away.board is shown.board
    seat.problem = "another window took this seat"
    left = seat.with_presence(shown, "Esc")
    assert (left.status.text, left.status.tone) == (words.left_table("Esc"), "error")
    here.close()
    here.session.close()


def test_the_links_news_is_worded_once() -> None:
    seat = seat_at()
    assert seat.connection_line() is None, "nothing to say before it tried"
    heard = seat.take(LinkStatus(connected=False, attempt=2, retry_in=3.2, problem=None))
    retrying = "Connection lost · trying again in 3 s (2 attempts so far)"
    assert heard.link == seat.connection_line() == retrying
    assert seat.take(LinkStatus(connected=True)).link == words.CONNECTED, "back: said once"
    assert seat.take(LinkStatus(connected=True)).link is None
    ended = seat.take(LinkStatus(connected=False, ended=True, problem="the table expired"))
    assert ended.news == ("The table expired.",) and seat.left and seat.ended
    assert seat.lobby_lines("s") == ["The table expired."]


def test_a_finished_game_is_handed_on_to_be_kept_and_the_seat_forgotten() -> None:
    seat = seat_at()
    book = seat.book
    book.remember(str(ADDRESS), 0, "Ana", "t" * 43)
    heard = seat.take(FinishedGame(record="{}"))
    assert heard.record == "{}"
    assert book.find(str(ADDRESS)) is None, "nothing is left to take back"


# ----- with a server that goes away and comes back ----------------------------------------------


@asynccontextmanager
async def seated(room: Online) -> AsyncIterator[tuple[OnlineSeat, list[Heard]]]:
    """Ana's seat at a two-seat table (Bea a computer player joined from another client),
    every frame followed as it comes; what each brought."""
    table = room.table(options(2, rounds=1), seed=3)
    seat = seat_at(room.address(table))
    heard: list[Heard] = []

    async def follow() -> None:
        while True:
            heard.append(seat.take(await seat.receive()))

    bea = room.player(table, "Bea", seed=1)
    tasks = [asyncio.ensure_future(job) for job in (seat.run(), follow(), bea.play())]
    try:
        yield seat, heard
    finally:
        seat.close()
        bea.link.close()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


async def test_a_hint_asked_while_the_server_is_away_leaves_the_hint_key_working() -> None:
    async with online() as room, seated(room) as (seat, heard):
        client = seat.client
        await wait_for(lambda: client.on_turn and client.key_works("hint"), "Ana's turn")
        assert client.ask_hint() is not None  # asked: the answer will go with the connection
        await room.stop()
        await wait_for(lambda: not seat.connected and seat.connection_line(), "the link lost")
        assert any(words.UNANSWERED in h.news for h in heard), "the lost answer is said"
        assert client.key_works("hint"), "nothing waits for that answer"
        assert not seat.send(client.ask_hint()), "a hint while the server is away..."
        assert client.feedback == words.NOT_CONNECTED, "...is not sent, and says so"
        assert client.key_works("hint") and not client.hint_pending
        move = Act(action=client.legal()[0])
        assert not seat.send(move) and client.feedback == words.NOT_CONNECTED
        await room.start_again()
        await wait_for(lambda: seat.connected and client.on_turn, "Ana's turn again")
        assert any(h.link == words.CONNECTED for h in heard)
        assert seat.send(client.ask_hint()), "the hint key works once the table is back"
        answered = len(heard)
        await wait_for(lambda: any(h.answered for h in heard[answered:]), "the hint's answer")
        assert client.feedback.startswith("Hint: ") or client.feedback == prompts.NO_HINT


# ----- a first connection that never succeeds ----------------------------------------------------


async def first_news(seat: OnlineSeat) -> LinkStatus:
    """The link's first news of a seat that cannot connect (its first attempt's)."""
    running = asyncio.ensure_future(seat.run())
    try:
        while True:
            item = await asyncio.wait_for(seat.receive(), 60)
            seat.take(item)
            if isinstance(item, LinkStatus):
                return item
    finally:
        seat.close()
        await asyncio.wait_for(running, 60)


async def test_a_server_that_is_not_running_is_said_after_the_first_try() -> None:
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    seat = seat_at(TableAddress("127.0.0.1", port, "KM7R3P"))
    news = await first_news(seat)
    assert news.attempt == 1
    line = seat.out_of_reach_line()
    assert line is not None
    assert line.endswith(f"nothing answers at 127.0.0.1:{port} (is the server running?)")
    assert "Table out of reach · trying again" in line
    assert seat.lobby_lines("ctrl+s") == [line], "the lobby says so, not 'Connecting…'"


async def test_a_server_that_never_answers_is_said_once_the_opening_times_out() -> None:
    assert OPEN_TIMEOUT < 5, "a person is told within 5 s"
    with socket.create_server(("127.0.0.1", 0), backlog=8) as silent:  # never accepts
        port = silent.getsockname()[1]
        seat = seat_at(TableAddress("127.0.0.1", port, "KM7R3P"))
        news = await first_news(seat)
    assert news.attempt == 1
    assert news.problem == f"127.0.0.1:{port} does not answer"


async def test_a_name_that_does_not_resolve_is_said_in_words() -> None:
    seat = seat_at(TableAddress("no-such-server.invalid", 8765, "KM7R3P"))
    news = await first_news(seat)
    assert news.problem in (
        "cannot find the host 'no-such-server.invalid'",
        "no-such-server.invalid:8765 does not answer",  # a resolver that does not answer
    )
