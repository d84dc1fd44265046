"""Illegal actions raise the specific error that names the problem, and change nothing."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from pydantic import ValidationError

from chickenfoot.rules import (
    ACTION_ADAPTER,
    CannotDraw,
    CannotPlayThere,
    GameIsOver,
    GameState,
    IllegalAction,
    MustPlay,
    NotYourTurn,
    Reason,
    TileNotInHand,
    apply,
    legal_actions,
    preset,
    refusal,
)

from .conftest import deal, move, run, start

CROSS = preset("cross", set_size=6, players=2, rounds=1)
HANDS = {0: "6|6 6|2 2|2 0|0 0|1", 1: "6|1 1|3 1|4 1|5 3|3"}


def opening() -> GameState:
    """Seat 1 to play first on the double-6; it holds 6|1."""
    return start(CROSS, deal(CROSS, HANDS, boneyard="4|4 6|3"))[0]


def arms_down() -> GameState:
    """All four arms started: A ends in 1, B in 2, C in 3, D in 4; seat 1 to play."""
    rules = preset("cross", set_size=6, players=2, hand_size=7, rounds=1)
    hands = {0: "6|6 6|2 6|4 2|2 2|5 0|0 0|5", 1: "6|1 6|3 1|5 3|3 5|5 4|5 0|4"}
    state, _ = start(rules, deal(rules, hands, boneyard="0|2"))
    return run(state, "1 6|1 A", "0 6|2 B", "1 6|3 C", "0 6|4 D")[0]


def foot_open() -> GameState:
    """A foot on C (3|3) waiting for its first toe; seat 0 to play, holding no 3."""
    return run(arms_down(), "1 3|3 C")[0]


def drew_in_trains() -> GameState:
    """Trains: seat 1 drew 6|5, which it must play."""
    rules = preset("trains", set_size=6, players=3, rounds=1)
    hands = {
        0: "6|0 2|2 2|3 2|4 2|5 3|3 3|4",
        1: "0|0 0|1 0|2 0|3 0|4 0|5 1|1",
        2: "1|2 1|3 1|4 1|5 3|5 4|4 4|5",
    }
    state, _ = start(rules, deal(rules, hands, boneyard="6|5"))
    return run(state, "0 6|0 A", "1 draw")[0]


def nothing_to_draw() -> GameState:
    """Every tile dealt; seat 1 holds no 6 and must pass."""
    rules = preset("cross", set_size=6, players=2, hand_size=14, rounds=1)
    return start(rules, deal(rules, {0: "6|6 6|0 6|1 6|2 6|3 6|4 6|5"}))[0]


def game_over() -> GameState:
    """Seat 0 went out in the only round."""
    rules = preset("cross", set_size=6, players=2, hand_size=3, arms=2, rounds=1)
    state, _ = start(rules, deal(rules, {0: "6|6 6|2 2|3", 1: "6|1 0|0 1|4"}))
    return run(state, "1 6|1 A", "0 6|2 B", "1 1|4 A", "0 2|3 B")[0]


def foot_done() -> GameState:
    """The foot on C (3|3) is complete, so line C is closed; seat 1 to play."""
    rules = preset("cross", set_size=6, players=2, hand_size=7, rounds=1)
    hands = {0: "6|6 6|2 6|4 0|3 2|3 0|0 0|5", 1: "6|1 6|3 3|3 3|4 5|5 4|5 0|4"}
    state, _ = start(rules, deal(rules, hands, boneyard="0|2"))
    opening_moves = ("1 6|1 A", "0 6|2 B", "1 6|3 C", "0 6|4 D", "1 3|3 C")
    return run(state, *opening_moves, "0 0|3 C.1", "1 3|4 C.2", "0 2|3 C.3")[0]


Case = tuple[str, Callable[[], GameState], str, type[IllegalAction], Reason, str]

CASES: list[Case] = [
    (
        "wrong seat plays",
        opening,
        "0 6|2 A",
        NotYourTurn,
        "not_your_turn",
        "seat 1's turn, not seat 0's",
    ),
    ("wrong seat draws", opening, "0 draw", NotYourTurn, "not_your_turn", "not seat 0's"),
    ("wrong seat passes", opening, "0 pass", NotYourTurn, "not_your_turn", "not seat 0's"),
    (
        "tile not in hand",
        opening,
        "1 6|2 A",
        TileNotInHand,
        "tile_not_in_hand",
        "2|6 is not in seat 1's hand",
    ),
    (
        "tile does not fit",
        arms_down,
        "1 5|5 A",
        CannotPlayThere,
        "does_not_fit",
        "does not fit A, which needs a tile with 1",
    ),
    ("no such end", arms_down, "1 1|5 Z", CannotPlayThere, "no_such_end", "no open end 'Z'"),
    ("arm before its turn", opening, "1 6|1 B", CannotPlayThere, "arms_first", "start arm A"),
    ("centre is full", arms_down, "1 5|5 E", CannotPlayThere, "no_such_end", "no open end 'E'"),
    (
        "away from the foot",
        foot_open,
        "0 2|5 B",
        CannotPlayThere,
        "foot_first",
        "foot on C must be finished",
    ),
    (
        "closed by the foot",
        foot_open,
        "0 2|2 C",
        CannotPlayThere,
        "foot_first",
        "foot on C must be finished",
    ),
    (
        "closed by a finished foot",
        foot_done,
        "1 4|5 C",
        CannotPlayThere,
        "line_closed",
        "C ends in a double",
    ),
    ("draw with a play", opening, "1 draw", MustPlay, "must_play", "must play"),
    ("pass with a play", opening, "1 pass", MustPlay, "must_play", "must play"),
    ("pass before drawing", foot_open, "0 pass", MustPlay, "draw_first", "draw first"),
    ("keep in trains", drew_in_trains, "1 pass", MustPlay, "must_play_drawn", "must play it"),
    (
        "other tile after drawing",
        drew_in_trains,
        "1 0|0 B",
        CannotPlayThere,
        "only_the_drawn_tile",
        "only that tile",
    ),
    ("draw twice", drew_in_trains, "1 draw", CannotDraw, "already_drew", "already drew 5|6"),
    (
        "draw from nothing",
        nothing_to_draw,
        "1 draw",
        CannotDraw,
        "nothing_to_draw",
        "nothing left to draw",
    ),
    ("play after the end", game_over, "1 0|0 A", GameIsOver, "game_over", "game is over"),
    ("pass after the end", game_over, "1 pass", GameIsOver, "game_over", "game is over"),
]


@pytest.mark.parametrize(
    ("make_state", "action", "error", "reason", "message"),
    [case[1:] for case in CASES],
    ids=[case[0] for case in CASES],
)
def test_illegal_action_raises_its_error_and_changes_nothing(
    make_state: Callable[[], GameState],
    action: str,
    error: type[IllegalAction],
    reason: Reason,
    message: str,
) -> None:
    state = make_state()
    before = state.model_copy(deep=True)
    legal_before = legal_actions(state)
    assert move(action) not in legal_before
    with pytest.raises(error) as caught:
        apply(state, move(action))
    assert message in str(caught.value)
    assert caught.value.reason == reason
    assert isinstance(caught.value, ValueError)
    asked = refusal(state, move(action))
    assert asked is not None
    assert (type(asked), asked.reason, str(asked)) == (error, reason, str(caught.value))
    assert state == before
    assert state.model_dump() == before.model_dump()
    assert legal_actions(state) == legal_before
    if legal_before:
        assert refusal(state, legal_before[0]) is None
        apply(state, legal_before[0])  # the state still plays on


@pytest.mark.parametrize(
    "raw",
    [
        {"kind": "play", "seat": 0, "tile": "6|x", "target": "A"},
        {"kind": "play", "seat": 0, "tile": "19|2", "target": "A"},
        {"kind": "play", "seat": -1, "tile": "1|2", "target": "A"},
        {"kind": "jump", "seat": 0},
        {"kind": "draw", "seat": 0, "tile": "1|2"},
    ],
)
def test_bad_actions_from_outside_are_refused_when_read(raw: dict[str, object]) -> None:
    with pytest.raises(ValidationError):
        ACTION_ADAPTER.validate_python(raw)


def test_actions_read_from_outside_equal_the_engine_s_own() -> None:
    raw = {"kind": "play", "seat": 1, "tile": "1|6", "target": "A"}
    assert ACTION_ADAPTER.validate_python(raw) == move("1 6|1 A")
    assert ACTION_ADAPTER.validate_json('{"kind": "draw", "seat": 1}') == move("1 draw")
