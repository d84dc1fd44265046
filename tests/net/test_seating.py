"""Which of the server's messages keep or forget the seat a person holds at a table
(`follow_seat`, the one rule both the game screen and the plain mode follow)."""

from __future__ import annotations

from pathlib import Path

import pytest

from chickenfoot.net.protocol import Denied, FinishedGame, Seated, TableGone
from chickenfoot.net.seating import follow_seat
from chickenfoot.net.tokens import SeatBook

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
        (Denied(reason="bad_token", text="no"), False, True),
        (Denied(reason="no_such_table", text="no"), False, True),
        (Denied(reason="bad_token", text="no"), True, False),
        (Denied(reason="bad_message", text="no"), False, False),
        (FinishedGame(record="{}"), True, True),
        (TableGone(reason="expired"), True, True),
        (TableGone(reason="stopping"), True, False),
    ],
)
def test_a_seat_is_forgotten_only_when_nothing_is_left_to_continue(
    book: SeatBook, message: object, seated: bool, forgotten: bool
) -> None:
    book.keep(ADDRESS, 1, "Bea", "token")
    follow_seat(book, ADDRESS, message, token="token", seated=seated)
    assert (book.find(ADDRESS) is None) is forgotten


def test_other_messages_leave_the_book_alone(book: SeatBook) -> None:
    book.keep(ADDRESS, 1, "Bea", "token")
    follow_seat(book, ADDRESS, object(), token="token", seated=True)
    assert book.find(ADDRESS) is not None
