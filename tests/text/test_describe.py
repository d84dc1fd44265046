"""The one vocabulary of the log and the transcript: a line per move, "You" spoken to, the
board's demand, who won, articles that read as spoken."""

from __future__ import annotations

from collections.abc import Sequence

from chickenfoot.rules import (
    Board,
    Draw,
    Event,
    GameOver,
    GameState,
    Pass,
    Placement,
    Play,
    RoundStarted,
    Standing,
    Tile,
    apply,
    legal_actions,
    new_game,
    preset,
    visible_to,
)
from chickenfoot.text.describe import (
    board_requirement,
    deal_line,
    describe_turn,
    tie_break_text,
    winners_text,
)
from chickenfoot.text.words import a_number, in_sentence, listed, possessive, seat_name
from tests.kit import as_kind
from tests.rules.conftest import deal, start

NAMES = ("Ana", "[b]Bea[/b]", "Cy")
YOU = ("You", "Ana", "Cy")
RULES = preset("cross", set_size=6, players=3, hand_size=5, arms=3, rounds=1)


def opening() -> GameState:
    """Seat 0 places 6|6; seat 1 plays first and holds 6|1 (among others)."""
    hands = {0: "6|6 0|0 0|1 0|2 0|3", 1: "6|1 1|1 1|2 1|3 1|4", 2: "2|2 2|3 2|4 3|3 3|4"}
    return start(RULES, deal(RULES, hands, boneyard="4|4 6|5"))[0]


def turn_lines(
    state: GameState, action: Play | Draw | Pass, names: Sequence[str], viewer: int | None
) -> tuple[GameState, list[str]]:
    after, events = apply(state, action)
    return after, describe_turn(action, events, state, names, viewer)


def test_a_play_is_one_line_saying_where_the_tile_went() -> None:
    state = opening()
    _after, lines = turn_lines(state, Play(seat=1, tile=Tile(1, 6), target="A"), NAMES, None)
    assert lines == ["[b]Bea[/b] plays 1|6 on arm A (1 of 3 arms)"]


def test_you_are_spoken_to() -> None:
    state = opening()
    _after, lines = turn_lines(
        state, Play(seat=1, tile=Tile(1, 6), target="A"), ("Ana", "You"), None
    )
    assert lines == ["You play 1|6 on arm A (1 of 3 arms)"]
    assert seat_name(("Ana", "You"), 1) == "You" and seat_name(("Ana",), 1) == "Seat 2"
    assert in_sentence("You") == "you" and in_sentence("Bea") == "Bea"
    assert listed(["Ana", "Bea", "you"]) == "Ana, Bea and you" and listed(["Ana"]) == "Ana"
    assert possessive("You") == "Your" and possessive("James") == "James'"


def test_a_drawn_tile_is_named_only_for_the_seat_that_drew_it() -> None:
    state = opening()
    state, _events = apply(state, Play(seat=1, tile=Tile(1, 6), target="A"))
    assert Draw(seat=2) in legal_actions(state)
    after, events = apply(state, Draw(seat=2))
    mine = describe_turn(Draw(seat=2), visible_to(events, 2), state, NAMES, 2)
    theirs = describe_turn(Draw(seat=2), visible_to(events, 0), state, NAMES, 0)
    assert mine == ["Cy draws 4|4 and passes"]
    assert theirs == ["Cy draws a tile and passes"]
    assert after.turn == 0


def test_a_deal_names_who_places_and_who_plays_first() -> None:
    event = RoundStarted(round=2, double=8, placed_by=2, first_player=0, search_draws=0)
    assert deal_line(event, ("You", "Bea", "Cy")) == "Round 2 (8|8): Cy places 8|8; you play first"
    assert (
        deal_line(event, ("Ana", "Bea", "You")) == "Round 2 (8|8): You place 8|8; Ana plays first"
    )
    rules = preset("trains", set_size=6, players=2, rounds=1)
    state, events = new_game(rules, seed=3)
    lines = describe_turn(None, events, None, NAMES, None)
    placed_by = as_kind(events[0], RoundStarted).placed_by
    assert lines[0].startswith(f"Round 1 (6|6): {NAMES[placed_by]} places 6|6")
    assert state.round_number == 1


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
    assert winners_text(shared, YOU) == "Cy and you share the win"
    alone = GameOver(ranking=standings, winners=(0,), decided_by="none")
    assert winners_text(alone, YOU) == "You win"
    assert winners_text(alone, NAMES) == "Ana wins"
    assert tie_break_text("zero_rounds").endswith("most rounds scored at zero")


def test_numbers_take_the_article_they_are_spoken_with() -> None:
    assert [a_number(n) for n in (1, 5, 8, 11, 18, 12)] == [
        "a 1",
        "a 5",
        "an 8",
        "an 11",
        "an 18",
        "a 12",
    ]


def hunt() -> tuple[Event, ...]:
    """Nobody holds 6|6: Ana draws 4|4, Bea 5|5, Cy 6|5, then Ana 6|6 (round 1 starts the
    search with seat 0)."""
    hands = {0: "0|0 0|1 0|2 0|3 0|4", 1: "1|1 1|2 1|3 1|4 1|5", 2: "2|2 2|3 2|4 3|3 3|4"}
    return start(RULES, deal(RULES, hands, boneyard="4|4 5|5 5|6 6|6"))[1]


def test_the_hunt_for_the_double_is_one_line() -> None:
    events = hunt()
    lines = describe_turn(None, events, None, NAMES, None)
    assert lines[1:] == [
        "Nobody held 6|6: 4 draws (1 or 2 each); Ana drew it; Ana drew 4|4 6|6; "
        "[b]Bea[/b] drew 5|5; Cy drew 5|6"
    ]


def test_the_hunt_shows_a_seat_only_its_own_tiles() -> None:
    events = hunt()
    names = ("Ana", "You", "Cy")
    assert describe_turn(None, visible_to(events, 1), None, names, 1)[1] == (
        "Nobody held 6|6: 4 draws (1 or 2 each); Ana drew it; you drew 5|5"
    )
    nobody = describe_turn(None, visible_to(events, -1), None, names, -1)
    assert nobody[1] == "Nobody held 6|6: 4 draws (1 or 2 each); Ana drew it"


def test_an_even_hunt_says_how_many_each() -> None:
    hands = {0: "0|0 0|1 0|2 0|3 0|4", 1: "1|1 1|2 1|3 1|4 1|5", 2: "2|2 2|3 2|4 3|3 3|4"}
    events = start(RULES, deal(RULES, hands, boneyard="4|4 5|5 6|6"))[1]
    line = describe_turn(None, events, None, NAMES, -1)[1]
    assert line == "Nobody held 6|6: 1 draw each; Cy drew it"
