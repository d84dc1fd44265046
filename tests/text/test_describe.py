"""describe.py: one plain line per event, drawn tiles only for their owner, the board's demand."""

from __future__ import annotations

from chickenfoot.rules import (
    ArmStarted,
    Board,
    FootOpened,
    GameOver,
    Passed,
    Placement,
    RoundStarted,
    Standing,
    Tile,
    TileDrawn,
    TilePlayed,
    WentOut,
    visible_to,
)
from chickenfoot.text.describe import (
    board_requirement,
    describe_event,
    tie_break_text,
    winners_text,
)
from chickenfoot.text.words import possessive

NAMES = ("Ana", "[b]Bea[/b]", "Cy")


def test_a_drawn_tile_is_named_only_for_the_seat_that_drew_it() -> None:
    drawn = TileDrawn(seat=1, tile=Tile(3, 4))
    (hidden,) = visible_to((drawn,), 0)
    assert describe_event(drawn, NAMES, 1) == "[b]Bea[/b] drew 3|4"
    assert describe_event(hidden, NAMES, 0) == "[b]Bea[/b] drew a tile"
    assert describe_event(drawn, NAMES, 0) == "[b]Bea[/b] drew a tile"
    assert describe_event(drawn, NAMES, None) == "[b]Bea[/b] drew 3|4"


def test_plays_feet_and_passes_read_as_sentences() -> None:
    assert describe_event(TilePlayed(seat=0, tile=Tile(3, 9), target="B", end=3), NAMES, None) == (
        "Ana played 3|9 on arm B (now shows 3)"
    )
    opened = describe_event(FootOpened(seat=2, target="A.1", value=5), NAMES, None)
    assert opened == "Chicken foot! Cy closed toe A.1 with 5|5: 3 toes of 5 come next"
    assert describe_event(Passed(seat=0, reason="kept_drawn"), NAMES, None) == (
        "Ana keeps the drawn tile and passes"
    )
    assert describe_event(WentOut(seat=1, foot_open=True), NAMES, 1) == (
        "[b]Bea[/b] went out! (with a chicken foot still open)"
    )


def test_arms_are_announced_only_when_complete() -> None:
    assert (
        describe_event(ArmStarted(seat=0, target="B", arms=2, arms_required=4), NAMES, None) is None
    )
    assert describe_event(ArmStarted(seat=0, target="D", arms=4, arms_required=4), NAMES, None) == (
        "All 4 arms are started: every open end is playable"
    )


def test_round_start_mentions_the_search_for_the_double() -> None:
    event = RoundStarted(round=2, double=8, placed_by=2, first_player=0, search_draws=3)
    assert describe_event(event, NAMES, None) == (
        "Round 2 begins: Cy places 8|8; Ana plays first (3 tiles drawn to find it)"
    )


def test_board_requirement_follows_the_phase_of_the_round() -> None:
    arms = Board(centre=9, arms_required=4, played=(Placement(0, Tile(3, 9), "A", 3),))
    assert board_requirement(arms) == "start arm B on 9|9 (1 of 4 arms)"
    started = tuple(
        Placement(0, Tile(9 - n, 9), letter, 9 - n) for n, letter in enumerate("ABC", 1)
    )
    arm_d = Placement(1, Tile(5, 9), "D", 5)
    foot = Board(
        centre=9,
        arms_required=4,
        played=(
            *started,
            arm_d,
            Placement(1, Tile(5, 5), "D", 5),
            Placement(0, Tile(5, 8), "D.1", 8),
        ),
        foot="D",
        toes=1,
    )
    assert board_requirement(foot) == "chicken foot on arm D (5|5): 2 toes to go"
    open_board = Board(centre=9, arms_required=4, played=(*started, arm_d))
    assert board_requirement(open_board) == "play on any open end (4 open)"


def test_winners_and_tie_breaks_in_words() -> None:
    standings = (
        Standing(seat=2, place=1, total=10, zero_rounds=2, lowest_round=4),
        Standing(seat=0, place=1, total=10, zero_rounds=2, lowest_round=4),
        Standing(seat=1, place=3, total=30, zero_rounds=0, lowest_round=7),
    )
    shared = GameOver(ranking=standings, winners=(2, 0), decided_by="shared")
    assert winners_text(shared, NAMES) == "Cy and Ana share the win"
    assert tie_break_text("zero_rounds") == "tie broken by the most rounds scored at zero"


def test_a_hand_is_owned_in_plain_english() -> None:
    assert possessive("Ana") == "Ana's"
    assert possessive("James") == "James'"
    assert possessive("You") == "Your"
    assert possessive("[b]Bo[/b]") == "[b]Bo[/b]'s"
