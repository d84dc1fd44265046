"""Hints: the expert's suggestion, and reasons that are true of the position.

:func:`check_true` states what each reason claims, checked on the board the suggested play
leaves and (for a blocked seat) on the real hidden hand too. It is run on every legal action
of many positions of real games, and on exact deals made for each reason.
"""

from __future__ import annotations

import random

import pytest

from chickenfoot.bots import GreedyBot, Hint, explain, hint
from chickenfoot.rules import (
    GameState,
    Pass,
    Play,
    Tile,
    apply,
    knowledge,
    legal_actions,
    new_game,
    play,
    preset,
    tile_points,
)
from chickenfoot.rules.ruleset import PresetName
from tests.rules.conftest import run

from .tables import after_arms, foot_to_finish, seat_two_lacks


def check_true(state: GameState, found: Hint) -> None:
    """Assert that ``found``'s reason is a fact of ``state`` (the seat on turn's hint)."""
    view = state.view(state.turn)
    legal = legal_actions(state)
    action = found.action
    assert action in legal
    if found.reason == "only_move":
        assert len(legal) == 1
        return
    if found.reason == "keeps_drawn_tile":
        assert isinstance(action, Pass) and state.drawn is not None
        return
    if found.reason == "best_odds":
        return
    assert isinstance(action, Play)
    after, _events = apply(state, action)
    rest = [tile for tile in view.hand if tile != action.tile]
    if found.reason == "goes_out":
        assert not rest
    elif found.reason == "finishes_foot":
        assert state.board.foot is not None and after.round_index == state.round_index
        assert after.board.foot is None and found.number == state.board.foot_value
    elif found.reason == "blocks_seat":
        assert found.seat is not None and found.seat != view.seat and found.number is not None
        lacks = knowledge.known_lacks(view)[found.seat]
        showing = {end.value for end in after.board.open_ends}
        assert found.number in showing and all(lacks >> value & 1 for value in showing)
        # ... and it is true: the blocked seat really holds nothing for those ends.
        assert not any(value in tile for tile in state.hands[found.seat] for value in showing)
    elif found.reason == "opens_foot":
        assert action.tile.is_double and after.board.foot == action.target
        assert found.count == sum(1 for tile in rest if found.number in tile)
    elif found.reason == "sheds_points":
        blank = state.rules.double_blank_points
        weights = [tile_points(option.tile, blank) for option in legal if isinstance(option, Play)]
        assert found.count == tile_points(action.tile, blank) == max(weights) > min(weights)
    elif found.reason == "keeps_numbers_playable":
        assert found.number in {end.value for end in after.board.open_ends}
        assert found.count == sum(1 for tile in rest if found.number in tile) > 0
    else:
        raise AssertionError(f"unknown reason {found.reason}")


@pytest.mark.parametrize("preset_name", ["cross", "trains"])
def test_every_reason_given_for_any_action_is_true(preset_name: PresetName) -> None:
    rules = preset(preset_name, rounds=3)
    state, _events = new_game(rules, seed=21)
    bots = [GreedyBot(seat) for seat in range(rules.players)]
    reasons: set[str] = set()
    while not state.over:
        legal = legal_actions(state)
        view = state.view(state.turn)
        for action in legal:
            found = explain(view, action, legal)
            check_true(state, found)
            reasons.add(found.reason)
        state, _events = apply(state, bots[state.turn].choose(view, legal))
    assert {"only_move", "sheds_points", "keeps_numbers_playable", "opens_foot"} <= reasons


def test_it_says_how_many_of_a_number_the_play_keeps_playable() -> None:
    # 2|3 on B leaves C and B showing 3: seat 1 keeps 3|4, 3|5 and 3|6 playable.
    state = after_arms("2|3 3|4 3|5 3|6 1|2 7|8")
    found = explain(state.view(1), play(1, Tile(2, 3), "B"), legal_actions(state))
    assert found == Hint(play(1, Tile(2, 3), "B"), "keeps_numbers_playable", number=3, count=3)
    check_true(state, found)


def test_it_names_the_seat_a_play_blocks_and_the_number_it_lacks() -> None:
    state = seat_two_lacks()
    found = explain(state.view(1), play(1, Tile(2, 4), "B"), legal_actions(state))
    assert (found.reason, found.seat, found.number) == ("blocks_seat", 2, 4)
    check_true(state, found)


def test_it_says_a_toe_finishes_the_foot_and_a_double_opens_one() -> None:
    state = foot_to_finish()
    assert explain(state.view(1), play(1, Tile(1, 1), "A"), legal_actions(state)).reason == (
        "only_move"
    )
    other = after_arms("1|1 1|8 4|6 5|6 6|7 7|8")
    opens = explain(other.view(1), play(1, Tile(1, 1), "A"), legal_actions(other))
    assert (opens.reason, opens.number, opens.count) == ("opens_foot", 1, 1)
    check_true(other, opens)
    state, _events = run(state, "1 1|1 A", "2 1|2 A.1", "3 1|3 A.2", "0 draw", "1 draw")
    legal = legal_actions(state)
    finishes = explain(state.view(1), play(1, Tile(1, 7), "A.3"), legal)
    assert (finishes.reason, finishes.number) == ("finishes_foot", 1)
    assert explain(state.view(1), Pass(seat=1), legal).reason == "keeps_drawn_tile"
    check_true(state, finishes)


def test_a_hint_is_the_experts_legal_choice_with_a_true_reason() -> None:
    rng = random.Random(4)
    state, _events = new_game(preset("cross", rounds=1), seed=4)
    hints = 0
    while not state.over and hints < 12:
        legal = legal_actions(state)
        if len(legal) > 1 or rng.random() < 0.2:
            found = hint(state.view(state.turn), seed=hints, playouts=12)
            check_true(state, found)
            assert found == hint(state.view(state.turn), seed=hints, playouts=12)
            hints += 1
        state, _events = apply(state, rng.choice(legal))
    assert hints == 12


def test_a_hint_cut_short_is_still_legal_and_only_for_the_seat_on_turn() -> None:
    state = after_arms("1|1 1|8 4|6 5|6 6|7 7|8")
    found = hint(state.view(1), should_stop=lambda: True)
    assert found.action in legal_actions(state)
    with pytest.raises(ValueError, match="seat 2 is not on turn"):
        hint(state.view(2), playouts=4)
