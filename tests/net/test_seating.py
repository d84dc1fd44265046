"""Which of the server's messages keep or forget the seat a person holds at a table
(`follow_seat`, the one rule both the game screen and the plain mode follow), and keeping the
finished game a table sends (`save_finished`, which every interface asks)."""

from __future__ import annotations

from pathlib import Path

import pytest

from chickenfoot.net.protocol import Denied, FinishedGame, Seated, SeatState, TableGone, TableStatus
from chickenfoot.net.remote import TableAddress
from chickenfoot.net.seating import follow_seat, lobby_lines, save_finished
from chickenfoot.net.tokens import SeatBook
from chickenfoot.saves.database import open_store
from chickenfoot.saves.jsonformat import record_json
from tests.kit import people, record_until, short_rules

ADDRESS = "ABCDEF@127.0.0.1:9"


@pytest.fixture
def book(tmp_path: Path) -> SeatBook:
    return SeatBook(tmp_path / "seats.json")


def test_a_seat_given_is_kept_with_the_token_the_link_already_had(book: SeatBook) -> None:
    follow_seat(book, ADDRESS, Seated(code="ABCDEF", seat=2), token="held", seated=False)
    held = book.find(ADDRESS)
    assert held is not None and (held.seat, held.token) == (2, "held")


def test_a_spectator_keeps_no_seat(book: SeatBook) -> None:
    follow_seat(book, ADDRESS, Seated(code="ABCDEF", token="t"), token=None, seated=False)
    assert book.find(ADDRESS) is None


@pytest.mark.parametrize(
    ("message", "seated", "forgotten"),
    [
        (Denied(reason="bad_token"), False, True),
        (Denied(reason="no_such_table"), False, True),
        (Denied(reason="bad_token"), True, False),
        (Denied(reason="bad_message"), False, False),
        (FinishedGame(record="{}"), True, True),
        (TableGone(reason="expired"), True, True),
        (TableGone(reason="stopping"), True, False),
    ],
)
def test_a_seat_is_forgotten_only_when_nothing_is_left_to_continue(
    book: SeatBook, message: object, seated: bool, forgotten: bool
) -> None:
    book.remember(ADDRESS, 1, "Bea", "token")
    follow_seat(book, ADDRESS, message, token="token", seated=seated)
    assert (book.find(ADDRESS) is None) is forgotten


def test_other_messages_leave_the_book_alone(book: SeatBook) -> None:
    book.remember(ADDRESS, 1, "Bea", "token")
    follow_seat(book, ADDRESS, object(), token="token", seated=True)
    assert book.find(ADDRESS) is not None


def finished_json() -> str:
    """A whole short game, as a table's server sends it."""
    record = record_until(short_rules(2), people(2), 1, lambda state: state.over)
    assert record is not None
    return record_json(record)


def test_a_finished_game_is_kept_as_an_ordinary_saved_game() -> None:
    store = open_store()
    try:
        game, words = save_finished(store, finished_json(), ADDRESS)
        assert game is not None
        assert words == f"The finished game is kept as game {game}: Replays has it"
        assert store.record(game).final_state().over
    finally:
        store.close()


@pytest.mark.parametrize("sent", ["{", '{"version": 1}', "[]"])
def test_a_finished_game_that_cannot_be_read_is_not_saved_and_says_why(sent: str) -> None:
    store = open_store()
    try:
        game, words = save_finished(store, sent, ADDRESS)
        assert game is None
        assert words.startswith("The finished game was not kept: ")
        assert "Traceback" not in words and "ValidationError" not in words
        assert store.count() == 0
    finally:
        store.close()


def test_the_lobby_lists_a_free_seat_as_free_and_says_when_its_address_is_this_machine() -> None:
    status = TableStatus(
        code="KM7R3P",
        seats=(
            SeatState(name="Ana", taken=True, connected=True),
            SeatState(name="Bea"),
            SeatState(name="Hard 3", computer="hard"),
        ),
    )
    seated = Seated(code="KM7R3P", seat=0, creator=True)
    here = lobby_lines(TableAddress("127.0.0.1", 8765), seated, status)
    assert "  seat 2                   waiting for someone to join" in here
    assert not any("Bea" in line for line in here), "a planned name is not a person"
    assert "waiting for 1 more person" in here[-1]
    assert any("127.0.0.1 is this machine only" in line for line in here)
    public = lobby_lines(TableAddress("tables.example.org", 443), seated, status)
    assert not any("is this machine" in line for line in public)
