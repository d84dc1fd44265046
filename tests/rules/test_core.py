"""The fast lane (``chickenfoot.rules.core``): the same game as the state API, on plain tuples.

The state API is a thin wrapper over these functions, so most rules tests cover both; these
check what is the fast lane's own: moves and actions convert both ways, plays come in a stated
order, a position survives a state rebuilt from its fields, events are collected only when
asked for, and a copy of a state with changes does not reuse its cached position.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chickenfoot.rules import (
    Event,
    GameState,
    IllegalAction,
    NotYourTurn,
    RuleSet,
    Tile,
    TileNotInHand,
    apply,
    core,
    legal_actions,
    new_game,
    preset,
)

from .conftest import deal, game_decks, tiles
from .test_properties import PROFILE, rule_sets

CROSS = preset("cross", players=2, set_size=6, rounds=1)


def test_moves_and_actions_convert_both_ways() -> None:
    state, _ = new_game(CROSS, seed=3)
    for action in legal_actions(state):
        move = core.to_move(action)
        assert core.to_action(move) is action
    assert core.to_move(core.to_action(("draw", 1))) == ("draw", 1)
    assert core.to_move(core.to_action(("pass", 0))) == ("pass", 0)


def test_plays_come_end_by_end_in_board_order_then_in_set_order() -> None:
    rules = preset("cross", players=2, set_size=6, hand_size=7, arms=2, rounds=1)
    decks = game_decks(rules, deal(rules, {0: "6|6 6|1 6|2 1|3 2|3 3|3 2|5", 1: "6|5 6|4"}))
    position = core.new_game(rules, decks)
    position = core.play(position, ("play", 1, tiles("6|5")[0], "A"))
    position = core.play(position, ("play", 0, tiles("6|2")[0], "B"))
    # A ends in 5, B ends in 2; seat 1 holds 6|4 and tiles dealt from the spare set.
    hand = set(core.to_state(position).hands[1])
    expected = [
        ("play", 1, tile, target)
        for target, value in (("A", 5), ("B", 2))
        for tile in sorted(hand)
        if value in tile
    ]
    assert list(core.legal_moves(position)) == expected


@settings(PROFILE, max_examples=max(PROFILE.max_examples // 4, 1))
@given(rules=rule_sets(), seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_the_fast_lane_plays_the_same_game_as_the_state_api(rules: RuleSet, seed: int) -> None:
    rng = random.Random(seed)
    events: list[Event] = []
    position = core.new_game(rules, seed=seed, events=events)
    state, state_events = new_game(rules, seed=seed)
    assert tuple(events) == state_events
    while not state.over:
        moves = core.legal_moves(position)
        assert tuple(map(core.to_action, moves)) == legal_actions(state)
        index = rng.randrange(len(moves))
        events = []
        position = core.play(position, moves[index], events)
        state, state_events = apply(state, legal_actions(state)[index])
        assert tuple(events) == state_events
        assert core.to_state(position) == state
        assert core.turn(position) == state.turn
    assert core.is_over(position)
    assert core.legal_moves(position) == ()


def test_events_are_only_collected_when_asked_for() -> None:
    position = core.new_game(CROSS, seed=5)
    move = core.legal_moves(position)[0]
    quiet = core.play(position, move)
    events: list[Event] = []
    loud = core.play(position, move, events)
    assert quiet == loud
    assert [event.kind for event in events][:1] == [
        "tile_played" if move[0] == "play" else "tile_drawn"
    ]


def test_illegal_moves_raise_the_state_apis_errors() -> None:
    position = core.new_game(CROSS, seed=5)
    seat = core.turn(position)
    other = 1 - seat
    with pytest.raises(NotYourTurn, match=f"it is seat {seat}'s turn, not seat {other}'s"):
        core.play(position, ("draw", other))
    held = set(core.to_state(position).hands[seat])
    missing = next(tile for tile in core.to_state(position).hands[other] if tile not in held)
    with pytest.raises(TileNotInHand, match=f"{missing} is not in seat {seat}'s hand"):
        core.play(position, ("play", seat, missing, "A"))


def test_a_copy_with_changes_works_out_its_own_position() -> None:
    state, _ = new_game(CROSS, seed=8)
    assert legal_actions(state)  # the engine has cached the state's position
    other = 1 - state.turn
    moved: GameState = state.model_copy(update={"turn": other})
    assert {action.seat for action in legal_actions(moved)} == {other}
    assert core.from_state(moved)[4] == other


def test_a_state_holding_a_tile_of_another_set_is_refused_clearly() -> None:
    state, _ = new_game(CROSS, seed=8)
    hands = (state.hands[0][:-1] + (Tile(7, 9),), state.hands[1])
    strange = GameState.model_validate({**state.model_dump(), "hands": hands})
    with pytest.raises(ValueError, match=r"a hand holds 7\|9, not a tile of a double-6 set"):
        legal_actions(strange)


def test_a_move_that_is_not_one_is_refused_and_plain_tuples_are_tiles() -> None:
    position = core.new_game(CROSS, seed=5)
    seat = core.turn(position)
    with pytest.raises(IllegalAction, match=rf"\('jump', {seat}\) is not a move"):
        core.play(position, ("jump", seat))
    play = next(move for move in core.legal_moves(position) if move[0] == "play")
    assert len(play) == 4
    tile = play[2]
    written = ("play", seat, (tile.high, tile.low), play[3])
    # A plain (high, low) pair where the move's type says Tile: what this test is about.
    after = core.play(position, written)  # type: ignore[arg-type]
    assert after == core.play(position, play)
    assert isinstance(core.to_state(after).board.played[-1].tile, Tile)
