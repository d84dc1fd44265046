"""What a table's status says changed, in words: joins, drop-outs with their countdown, the
computer covering a seat, returns, spectators."""

from __future__ import annotations

from chickenfoot.net.presence import status_news
from chickenfoot.net.protocol import SeatState, TableStatus


def status(
    *seats: SeatState, spectators: tuple[str, ...] = (), started: bool = True
) -> TableStatus:
    return TableStatus(code="KM7R3P", seats=seats, spectators=spectators, started=started)


ANA = SeatState(name="Ana", taken=True, connected=True)
BEA = SeatState(name="Bea", taken=True, connected=True)
CY = SeatState(name="Cy", computer="hard")


def test_a_drop_out_its_cover_and_its_return_are_told() -> None:
    playing = status(ANA, BEA, CY)
    lost = status(ANA.model_copy(update={"connected": False, "waiting": 72.0}), BEA, CY)
    covered = status(ANA.model_copy(update={"connected": False, "covered_by": "hard"}), BEA, CY)
    assert status_news(playing, lost) == ["Ana lost connection · waiting 1:12"]
    assert status_news(lost, covered) == [
        "Ana is away · a hard computer plays for Ana until they are back"
    ]
    assert status_news(covered, playing) == ["Ana is back"]
    assert status_news(playing, playing) == []


def test_joins_and_spectators_are_told() -> None:
    empty = status(SeatState(name="Ana"), SeatState(name="Bea"), started=False)
    one = status(ANA, SeatState(name="Bea"), started=False)
    assert status_news(empty, one) == ["Ana joined the table"]
    assert status_news(None, one) == ["Ana joined the table"]
    watched = status(ANA, SeatState(name="Bea"), spectators=("Spy",), started=False)
    assert status_news(one, watched) == ["Spy is watching"]
    assert status_news(watched, one) == ["Spy stopped watching"], "a spectator who left is told"
    closed = one.model_copy(update={"watching": False})
    assert status_news(watched, closed) == [
        "Spy stopped watching",
        "The table's creator turned watching off: nobody may watch.",
    ]
