"""Chicken feet: a double closes its line and takes exactly three toes before anything else."""

from __future__ import annotations

import pytest

from chickenfoot.rules import (
    CannotPlayThere,
    FootCompleted,
    FootOpened,
    GameState,
    Line,
    Passed,
    Play,
    RoundBlocked,
    RoundScored,
    Tile,
    WentOut,
    apply,
    legal_actions,
    path_of,
    preset,
)
from tests.kit import as_kind

from .conftest import deal, kinds, move, of_kind, run, start, tiles

FEET = preset("cross", set_size=6, players=2, hand_size=8, rounds=1)
FEET_HANDS = {
    0: "6|6 6|2 6|4 1|5 1|4 5|0 5|3 2|2",
    1: "6|1 6|3 1|1 1|3 5|5 5|2 3|3 4|4",
}
ARMS = ("1 6|1 A", "0 6|2 B", "1 6|3 C", "0 6|4 D")


def feet_game() -> GameState:
    """The FEET deal once the four arms are down: A ends in 1, B in 2, C in 3, D in 4."""
    state, _ = start(FEET, deal(FEET, FEET_HANDS))
    state, _ = run(state, *ARMS)
    return state


def test_a_double_closes_its_line_and_only_its_first_toe_is_open() -> None:
    state, events = run(feet_game(), "1 1|1 A")
    assert of_kind(events, FootOpened) == [FootOpened(seat=1, target="A", value=1)]
    assert state.board.foot == "A" and state.board.foot_value == 1
    assert state.board.line("A").closed
    assert state.board.open_ends == (("A.1", 1),)
    assert {as_kind(action, Play).target for action in legal_actions(state)} == {"A.1"}


def test_nothing_else_may_be_played_while_the_foot_waits_for_toes() -> None:
    state, _ = run(feet_game(), "1 1|1 A")
    # Seat 0 holds 2|2, which fits arm B's end 2, but the foot comes first.
    with pytest.raises(CannotPlayThere, match="chicken foot on A must be finished first"):
        apply(state, move("0 2|2 B"))
    with pytest.raises(CannotPlayThere, match="chicken foot on A must be finished first"):
        apply(state, move("0 1|5 A"))


def test_any_seat_plays_the_toes_and_the_third_completes_the_foot() -> None:
    state, _ = run(feet_game(), "1 1|1 A")
    state, events = run(state, "0 1|5 A.1", "1 1|3 A.2")
    assert state.board.toes == 2 and state.board.open_ends == (("A.3", 1),)
    assert not of_kind(events, FootCompleted)
    state, events = run(state, "0 1|4 A.3")
    assert of_kind(events, FootCompleted) == [FootCompleted(seat=0, target="A", value=1)]
    assert state.board.foot is None
    assert state.board.open_ends == (
        ("B", 2),
        ("C", 3),
        ("D", 4),
        ("A.1", 5),
        ("A.2", 3),
        ("A.3", 4),
    )
    # The foot's own line stays closed: its double takes no more tiles.
    with pytest.raises(CannotPlayThere, match="A ends in a double"):
        apply(state, move("1 5|2 A"))


def test_a_foot_on_a_toe_nests_its_ids_under_the_toe() -> None:
    state, _ = run(feet_game(), "1 1|1 A", "0 1|5 A.1", "1 1|3 A.2", "0 1|4 A.3")
    state, events = run(state, "1 5|5 A.1")
    assert of_kind(events, FootOpened) == [FootOpened(seat=1, target="A.1", value=5)]
    assert state.board.open_ends == (("A.1.1", 5),)
    state, events = run(state, "0 5|0 A.1.1", "1 5|2 A.1.2", "0 5|3 A.1.3")
    assert kinds(events).count("foot_completed") == 1
    assert [line.id for line in state.board.lines] == [
        "A",
        "B",
        "C",
        "D",
        "A.1",
        "A.2",
        "A.3",
        "A.1.1",
        "A.1.2",
        "A.1.3",
    ]
    assert state.board.open_ends == (
        ("B", 2),
        ("C", 3),
        ("D", 4),
        ("A.2", 3),
        ("A.3", 4),
        ("A.1.1", 0),
        ("A.1.2", 2),
        ("A.1.3", 3),
    )
    toe = state.board.line("A.1.2")
    assert toe.path == ("A", "A.1", "A.1.2") == path_of("A.1.2")
    assert toe.parent == "A.1"
    assert state.board.line("B").parent is None
    assert state.board.line("A").oriented() == ((6, 1), (1, 1))
    assert state.board.line("A.1").oriented() == ((1, 5), (5, 5))
    assert toe.oriented() == ((5, 2),)
    assert state.board.tile_count == 1 + 4 + 4 + 4  # centre, arms, two feet of 1 + 3


def test_ids_stay_put_as_the_board_grows() -> None:
    state = feet_game()
    before = {line.id: line.tiles for line in state.board.lines}
    state, _ = run(state, "1 1|1 A", "0 1|5 A.1", "1 1|3 A.2", "0 1|4 A.3")
    after = {line.id: line.tiles for line in state.board.lines}
    assert after["A"] == before["A"] + (Tile(1, 1),)
    for line_id in "BCD":
        assert after[line_id] == before[line_id]


def test_line_helpers() -> None:
    line = Line("B.2.1", 4, tiles("4|6 6|6"), 6)
    assert line.path == ("B", "B.2", "B.2.1")
    assert line.parent == "B.2"
    assert line.closed
    assert line.oriented() == ((4, 6), (6, 6))
    assert not Line("C", 9, tiles("3|9 3|5"), 5).closed
    assert Line("C", 9, tiles("3|9 3|5"), 5).oriented() == ((9, 3), (3, 5))


def test_going_out_with_a_foot_open_ends_the_round_at_once() -> None:
    rules = preset("cross", set_size=6, players=2, hand_size=3, arms=2, rounds=1)
    state, _ = start(rules, deal(rules, {0: "6|6 6|2 2|2", 1: "6|1 1|3 3|5"}))
    state, events = run(state, "1 6|1 A", "0 6|2 B", "1 1|3 A", "0 2|2 B")
    assert kinds(events)[-5:] == [
        "tile_played",
        "foot_opened",
        "went_out",
        "round_scored",
        "game_over",
    ]
    assert of_kind(events, WentOut) == [WentOut(seat=0, foot_open=True)]
    scored = of_kind(events, RoundScored)[0]
    assert scored.hands == ((), tiles("3|5"))
    assert scored.points == (0, 8)
    assert state.over


def test_a_foot_nobody_can_finish_blocks_the_round() -> None:
    """Cross, every tile dealt: the 0s run out, so the foot on 0|0 can never get three toes."""
    rules = preset("cross", set_size=6, players=2, hand_size=14, arms=2, rounds=1)
    deck = deal(rules, {0: "6|6 6|2 2|0 1|4 0|0", 1: "6|0 0|1 0|3 4|0 0|5"})
    state, _ = start(rules, deck)
    assert state.boneyard == ()
    state, _ = run(
        state,
        "1 6|0 A",
        "0 6|2 B",
        "1 0|1 A",
        "0 2|0 B",
        "1 0|3 B",
        "0 1|4 A",
        "1 4|0 A",
        "0 0|0 A",
        "1 0|5 A.1",
    )
    assert state.board.foot == "A" and state.board.toes == 1
    hands = state.hands
    state, events = run(state, "0 pass")
    assert kinds(events) == ["passed", "round_blocked", "round_scored", "game_over"]
    assert as_kind(events[0], Passed).reason == "nothing_to_draw"
    assert of_kind(events, RoundBlocked) == [RoundBlocked(round=1)]
    scored = of_kind(events, RoundScored)[0]
    assert scored.hands == hands
    assert scored.points == tuple(sum(tile.pips for tile in hand) for hand in hands)
    assert all(points > 0 for points in scored.points)
