"""The casual player (``GreedyBot``, saved games' ``greedy``) in exact situations."""

from __future__ import annotations

import pytest

from chickenfoot.bots.greedy import ends_after, playable_after
from chickenfoot.rules import (
    Pass,
    Tile,
    apply,
    draw,
    legal_actions,
    new_game,
    parse_tile,
    play,
    preset,
    tile_points,
)

from .tables import after_arms, casual_choice, exact_deck

# ----- greedy in exact situations -----------------------------------------------------------------


def test_greedy_plays_its_heaviest_playable_tile() -> None:
    # 7|8 (15) and 5|7 (12) are heavier but fit no end; 1|8 (9) beats 2|6 (8) and 3|4 (7).
    state = after_arms("1|8 2|6 3|4 7|8 5|7 6|6")
    assert casual_choice(state) == play(1, Tile(1, 8), "A")


@pytest.mark.parametrize("seed", range(5))
def test_greedy_breaks_a_weight_tie_by_keeping_its_hand_playable(seed: int) -> None:
    # 1|5 and 2|4 weigh 6 each. After 2|4 on B the ends are 1, 4, 3, 0: 1|5 and 4|7 still fit.
    # After 1|5 on A they are 5, 2, 3, 0: only 2|4 fits.
    state = after_arms("1|5 2|4 4|7 6|8 6|7 7|8")
    view = state.view(1)
    assert playable_after(view.board, view.hand, play(1, Tile(2, 4), "B")) == 2
    assert playable_after(view.board, view.hand, play(1, Tile(1, 5), "A")) == 1
    assert casual_choice(state, seed) == play(1, Tile(2, 4), "B")


def test_greedy_sheds_a_double_blank_that_scores_fifty() -> None:
    state = after_arms("0|0 1|8 7|8 5|7 6|6 6|7")
    assert casual_choice(state) == play(1, Tile(0, 0), "D")


def test_greedy_weighs_a_double_blank_by_its_pips_when_it_scores_nothing() -> None:
    state = after_arms("0|0 1|8 7|8 5|7 6|6 6|7", double_blank_points=0)
    assert casual_choice(state) == play(1, Tile(1, 8), "A")


def test_greedy_plays_a_playable_drawn_tile_rather_than_keep_it() -> None:
    state = after_arms("4|5 4|6 5|6 6|7 7|8 8|8", boneyard_top="1|4")
    state, _events = apply(state, draw(1))
    assert state.drawn == Tile(1, 4)
    legal = legal_actions(state)
    assert Pass(seat=1) in legal
    assert casual_choice(state) == play(1, Tile(1, 4), "A")


def test_greedy_draws_when_it_has_no_play() -> None:
    state = after_arms("4|5 4|6 5|6 6|7 7|8 8|8")
    assert legal_actions(state) == (draw(1),)
    assert casual_choice(state) == draw(1)


def test_greedy_plays_the_toe_of_an_open_foot() -> None:
    # Seat 1 closes A with 1|1: a chicken foot. Seat 2's heaviest tile 2|8 fits B, but the
    # foot must get its toes first, so greedy plays its 1 (1|7) on the first toe.
    rules = preset("cross", rounds=1)
    hands = ["9|9 9|0", "9|1 1|1", "9|2 1|7 2|8", "9|3"]
    state, _events = new_game(rules, (exact_deck(rules, hands),))
    for seat, tile, arm in ((1, "9|1", "A"), (2, "9|2", "B"), (3, "9|3", "C"), (0, "9|0", "D")):
        state, _events = apply(state, play(seat, parse_tile(tile), arm))
    state, _events = apply(state, play(1, Tile(1, 1), "A"))
    assert state.turn == 2 and state.board.foot == "A"
    assert casual_choice(state) == play(2, Tile(1, 7), "A.1")


def test_ends_after_a_play_in_the_arms_phase_keeps_the_centre_open() -> None:
    rules = preset("cross", rounds=1)
    state, _events = new_game(rules, (exact_deck(rules, ["9|9", "9|1 9|5"]),))
    assert ends_after(state.board, play(1, Tile(1, 9), "A")) == {1, 9}


def test_tile_points_counts_the_double_blank_as_set() -> None:
    assert tile_points(Tile(0, 0), 50) == 50
    assert tile_points(Tile(0, 0), 0) == 0
    assert tile_points(Tile(3, 5), 50) == 8
