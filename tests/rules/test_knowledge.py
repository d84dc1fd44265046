"""The public history of a round, and what a seat can work out from it.

Every state carries the round's actions (:class:`RoundHistory`); every seat's view shows the
same ones, and a draw never shows its tile. :mod:`chickenfoot.rules.knowledge` reads them:
the checks here play random games of every preset and compare each reading with the truth
(the whole state): whether a drawn tile fitted, who placed the double, and that the limits on
hidden hands and the numbers a seat "surely lacks" hold of the real hands. Exact deals show
the reading is not empty: a seat that drew is known to lack the numbers that were showing.
"""

from __future__ import annotations

import itertools
import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chickenfoot.rules import (
    EMPTY_HISTORY,
    Draw,
    GameState,
    Pass,
    Play,
    RoundHistory,
    RoundStarted,
    RuleSet,
    Tile,
    apply,
    core,
    draw,
    knowledge,
    legal_actions,
    new_game,
    preset,
)

from .conftest import deal, run, start
from .test_properties import PROFILE, rule_sets


def satisfies(hand: tuple[Tile, ...], masks: tuple[int, ...]) -> bool:
    """True if the tiles of ``hand`` can be matched to ``masks`` (nested, strictest first)
    so that no tile carries a number of its mask (Hall's condition for nested sets)."""
    assert len(hand) == len(masks)
    assert all(a | b == a for a, b in itertools.pairwise(masks)), "masks nest"
    for slot, mask in enumerate(masks):
        allowed = sum(1 for tile in hand if not (1 << tile.low | 1 << tile.high) & mask)
        if allowed < slot + 1:
            return False
    return True


def check_reading(state: GameState, drawn_fitted: list[bool], started: RoundStarted) -> None:
    """Every seat's reading of ``state`` agrees with the truth."""
    views = [state.view(seat) for seat in range(state.players)]
    assert all(view.history == state.history for view in views)
    for view in views:
        turns = knowledge.turns(view)
        assert tuple(turn.action for turn in turns) == tuple(state.history)
        draws = [turn for turn in turns if isinstance(turn.action, Draw)]
        assert len(draws) == len(drawn_fitted)
        for turn, fitted in zip(draws, drawn_fitted, strict=True):
            assert turn.drawn_playable in (fitted, None)
        assert all(turn.drawn_playable is not None for turn in draws[:-1])
        opening = knowledge.opening(view)
        assert opening.placed_by == started.placed_by
        assert opening.first_player == started.first_player
        kept = started.search_draws if state.rules.round_start == "holder" else 0
        assert opening.kept_search_draws == kept
        limits = knowledge.hand_limits(view)
        lacks = knowledge.known_lacks(view)
        for seat, hand in enumerate(state.hands):
            assert satisfies(hand, limits[seat])
            assert not any((1 << tile.low | 1 << tile.high) & lacks[seat] for tile in hand)


@settings(PROFILE, max_examples=max(PROFILE.max_examples // 8, 1))
@given(rules=rule_sets(), seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_every_reading_of_the_history_is_true(rules: RuleSet, seed: int) -> None:
    rng = random.Random(seed)
    state, events = new_game(rules, seed=seed)
    started = events[0]
    assert isinstance(started, RoundStarted)
    drawn_fitted: list[bool] = []
    position = core.new_game(rules, seed=seed)
    for _ in range(400):
        if state.over:
            break
        if rng.random() < 0.08:
            check_reading(state, drawn_fitted, started)
        action = rng.choice(legal_actions(state))
        round_index = state.round_index
        state, events = apply(state, action)
        position = core.play(position, core.to_move(action))
        assert core.history(position) == state.history
        if state.round_index != round_index:
            assert not any(isinstance(a, Play) for a in state.history)
            drawn_fitted = []
            started = next(event for event in events if isinstance(event, RoundStarted))
        elif isinstance(action, Draw):
            drawn_fitted.append(state.drawn is not None)


def test_the_history_is_the_rounds_actions_and_starts_again_each_round() -> None:
    rules = preset("cross", players=3, set_size=6, hand_size=5, rounds=2)
    state, _events = new_game(rules, seed=4)
    assert state.history == EMPTY_HISTORY
    taken: list[Play | Draw | Pass] = []
    while state.round_index == 0:
        action = legal_actions(state)[0]
        state, _events = apply(state, action)
        taken.append(action)
        if state.round_index == 0:
            assert tuple(state.history) == tuple(taken)
            assert state.history[-1] is action and state.history[:1] == (taken[0],)
    assert len(state.history) == 0 and len(taken) > 3


def test_no_view_of_the_history_shows_a_drawn_tile() -> None:
    rules = preset("cross", players=3, set_size=6, hand_size=3, rounds=1)
    state, _events = new_game(rules, seed=9)
    rng = random.Random(9)
    drawn = 0
    while not state.over:
        action = rng.choice(legal_actions(state))
        before = state
        state, _events = apply(state, action)
        if isinstance(action, Draw) and not state.over:
            drawn += 1
            tile = next(iter(set(state.hands[action.seat]) - set(before.hands[action.seat])))
            for seat in range(rules.players):
                shown = state.view(seat).model_dump_json()
                on_board = tile in {placed.tile for placed in state.board.played}
                if seat != action.seat and not on_board:
                    assert str(tile) not in shown, f"seat {seat} sees the drawn {tile}"
                assert state.view(seat).history == state.history
    assert drawn > 0


def test_a_history_survives_a_copy_a_dump_and_a_pickle() -> None:
    rules = preset("trains", players=3, set_size=6, rounds=1)
    state, _events = new_game(rules, seed=2)
    for _ in range(6):
        state, _events = apply(state, legal_actions(state)[-1])
    assert len(state.history) == 6
    dumped = state.model_dump()
    assert dumped["history"][0] == state.history[0].model_dump()
    rebuilt = GameState.model_validate(dumped)
    assert rebuilt.history == state.history and rebuilt == state
    assert GameState.model_validate_json(state.model_dump_json()) == state
    assert pickle.loads(pickle.dumps(state.history)) == state.history
    assert legal_actions(state)  # the state now caches its position (not picklable itself)
    assert pickle.loads(pickle.dumps(state)) == state
    assert hash(RoundHistory.of(state.history)) == hash(state.history)
    assert "RoundHistory([" in repr(state.history)
    with pytest.raises(ValueError, match="a round's history is a list of actions"):
        GameState.model_validate({**dumped, "history": "draw"})


def test_a_long_history_compares_without_recursion() -> None:
    moves = [("draw", seat % 4) for seat in range(5000)]
    assert RoundHistory.of(moves) == RoundHistory.of(list(moves))
    assert RoundHistory.of(moves) != RoundHistory.of(moves[:-1])


# ----- exact deals ----------------------------------------------------------------------------

CROSS = preset("cross", rounds=1)


def after_arms(hand_of_seat_1: str, boneyard: str = "", **overrides: object) -> GameState:
    """Cross after the arms: A 1, B 2, C 3, D 0 showing, seat 1 to play with ``hand_of_seat_1``."""
    rules = preset("cross", rounds=1, **overrides)
    hands = {0: "9|9 9|0", 1: f"9|1 {hand_of_seat_1}", 2: "9|2", 3: "9|3"}
    state, _events = start(rules, deal(rules, hands, boneyard))
    state, _events = run(state, "1 9|1 A", "2 9|2 B", "3 9|3 C", "0 9|0 D")
    return state


def test_a_seat_that_drew_and_passed_is_known_to_lack_what_was_showing() -> None:
    state = after_arms("4|5 4|6 5|6 6|7 7|8 8|8", boneyard="5|5")
    state, _events = apply(state, draw(1))
    assert state.turn == 2, "5|5 fits nothing: the turn passed"
    view = state.view(2)
    last = knowledge.turns(view)[-1]
    assert last.action == draw(1) and last.drawn_playable is False
    assert [end.value for end in last.open_ends] == [1, 2, 3, 0]
    assert last.hand_count == 6 and last.could_not_play
    assert knowledge.numbers_in(knowledge.known_lacks(view)[1]) == (0, 1, 2, 3)
    assert knowledge.hand_limits(view)[1] == (0b1111,) * 7
    assert knowledge.known_lacks(view)[2] != knowledge.known_lacks(view)[1]


def test_a_seat_that_kept_a_drawn_tile_may_hold_one_tile_that_fits() -> None:
    state = after_arms("4|5 4|6 5|6 6|7 7|8 8|8", boneyard="1|4")
    state, _events = apply(state, draw(1))
    state, _events = apply(state, Pass(seat=1))
    view = state.view(3)
    drew, kept = knowledge.turns(view)[-2:]
    assert drew.drawn_playable is True and kept.drawn_playable is True
    assert not kept.could_not_play
    assert knowledge.hand_limits(view)[1] == (0b1111,) * 6 + (0,)
    assert knowledge.known_lacks(view)[1] == 0


def test_a_tile_played_since_that_could_not_have_been_held_keeps_the_limit() -> None:
    # Seat 1 draws 1|4 and plays it on A: its six other tiles still lack 0-3.
    state = after_arms("4|5 4|6 5|6 6|7 7|8 8|8", boneyard="1|4")
    state, _events = run(state, "1 draw", "1 1|4 A")
    view = state.view(0)
    assert knowledge.turns(view)[-2].drawn_playable is True
    assert knowledge.hand_limits(view)[1] == (0b1111,) * 6
    assert knowledge.numbers_in(knowledge.known_lacks(view)[1]) == (0, 1, 2, 3)


def test_the_seat_on_turn_knows_its_own_draw_others_see_it_pending() -> None:
    state = after_arms("4|5 4|6 5|6 6|7 7|8 8|8", boneyard="1|4")
    state, _events = apply(state, draw(1))
    assert knowledge.turns(state.view(1))[-1].drawn_playable is True
    assert knowledge.turns(state.view(2))[-1].drawn_playable is True  # draw one: it fits
    until = after_arms("4|5 4|6 5|6 6|7 7|8 8|8", boneyard="5|5", draw="until_playable")
    until, _events = apply(until, draw(1))
    assert until.turn == 1 and until.drawn is None
    assert knowledge.turns(until.view(1))[-1].drawn_playable is False
    assert knowledge.turns(until.view(2))[-1].drawn_playable is None


def test_a_view_whose_history_does_not_match_its_board_is_refused() -> None:
    state = after_arms("4|5 4|6 5|6 6|7 7|8 8|8")
    broken = state.model_copy(update={"history": EMPTY_HISTORY})
    with pytest.raises(ValueError, match="history does not match"):
        knowledge.turns(broken.view(0))


def test_numbers_as_masks() -> None:
    assert knowledge.numbers_mask([0, 3, 9]) == 0b1000001001
    assert knowledge.numbers_in(0b1000001001) == (0, 3, 9)


# ----- search helpers -------------------------------------------------------------------------


def test_unseen_tiles_are_the_other_hands_and_the_boneyard() -> None:
    state = after_arms("4|5 4|6 5|6 6|7 7|8 8|8")
    view = state.view(1)
    hidden = [tile for seat in (0, 2, 3) for tile in state.hands[seat]] + list(state.boneyard)
    assert view.unseen == tuple(sorted(hidden))


def test_a_position_from_a_view_and_the_real_tiles_plays_the_real_round() -> None:
    state = after_arms("4|5 4|6 5|6 6|7 7|8 8|8", boneyard="1|4")
    view = state.view(1)
    imagined = core.from_view(view, state.hands, state.boneyard)
    real = core.round_only(core.from_state(state))
    assert imagined[1:] == real[1:]
    assert core.legal_moves(imagined) == core.legal_moves_in_view(view)

    def first(_position: core.Position, moves: tuple[core.Move, ...]) -> core.Move:
        return moves[0]

    ends = core.play_out(imagined, first), core.play_out(real, first)
    assert core.is_over(ends[0]) and core.round_scores(ends[0]) == core.round_scores(ends[1])
    assert len(core.round_scores(ends[0])) == 1


def test_a_position_from_a_view_checks_the_counts() -> None:
    state = after_arms("4|5 4|6 5|6 6|7 7|8 8|8")
    view = state.view(1)
    hands = list(state.hands)
    with pytest.raises(ValueError, match="boneyard of"):
        core.from_view(view, hands, state.boneyard[1:])
    with pytest.raises(ValueError, match="hands of"):
        core.from_view(view, [hands[0][1:], *hands[1:]], state.boneyard)
    swapped = [hands[0], state.boneyard[: len(hands[1])], hands[2], hands[3]]
    with pytest.raises(ValueError, match="seat 1's hand must be its own"):
        core.from_view(view, swapped, hands[1] + state.boneyard[len(hands[1]) :])
    with pytest.raises(ValueError, match="seat 2 is not on turn"):
        core.legal_moves_in_view(state.view(2))


def test_round_only_ends_the_game_with_the_round() -> None:
    rules = preset("cross", players=2, set_size=6, rounds=3)
    position = core.round_only(core.new_game(rules, seed=1))
    assert core.round_only(position) is position
    end = core.play_out(position, lambda _position, moves: moves[-1])
    assert core.is_over(end) and len(core.round_scores(end)) == 1
    assert core.history(end) and core.open_ends(end) and core.hands(end)
    assert core.drawn(end) is None and len(core.boneyard(end)) >= 0
    assert core.hand_bits(end) == tuple(
        sum(core.set_bits(6).bit[tile] for tile in hand) for hand in core.hands(end)
    )
