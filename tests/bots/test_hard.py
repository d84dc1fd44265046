"""The hard player's tactics, in exact deals."""

from __future__ import annotations

from chickenfoot.bots import HardBot
from chickenfoot.bots.hard import lack_odds, odds_of_lacking, play_scores
from chickenfoot.rules import (
    GameState,
    Pass,
    Play,
    Tile,
    apply,
    core,
    draw,
    knowledge,
    legal_actions,
    parse_tile,
    play,
)
from tests.rules.conftest import run

from .tables import Action, after_arms, casual_choice, foot_to_finish, seat_two_lacks


def hard_choice(state: GameState, seed: int = 0) -> Action:
    """What a hard player in the seat on turn does in ``state``."""
    return HardBot(seed).choose(state.view(state.turn), legal_actions(state))


def test_it_finishes_a_foot_with_the_tile_it_drew_rather_than_keep_it() -> None:
    # Seat 1 lays 1|1 on A; seats 2 and 3 play the first two toes; seat 0 holds no 1 and
    # draws 5|5, which fits nothing. Seat 1 then draws 1|7, which would finish the foot.
    state, _events = run(foot_to_finish(), "1 1|1 A", "2 1|2 A.1", "3 1|3 A.2", "0 draw", "1 draw")
    assert state.board.foot == "A" and state.board.toes == 2
    assert state.turn == 1 and state.drawn == Tile(1, 7)
    assert Pass(seat=1) in legal_actions(state)
    choice = hard_choice(state)
    assert choice == play(1, Tile(1, 7), "A.3")
    after, _events = apply(state, choice)
    assert after.board.foot is None, "the foot is finished"


def test_it_lays_a_double_while_keeping_a_tile_for_its_foot() -> None:
    # A shows 1. Casual sheds 1|8 (9 points) and strands 1|1; hard lays 1|1 first and
    # keeps 1|8 to play on the foot it opens.
    state = after_arms("1|1 1|8 4|6 5|6 6|7 7|8")
    assert casual_choice(state) == play(1, Tile(1, 8), "A")
    choice = hard_choice(state)
    assert choice == play(1, Tile(1, 1), "A")
    assert any(1 in tile for tile in state.hands[1] if tile != Tile(1, 1))


def test_it_dumps_the_double_blank_early_where_it_scores_fifty() -> None:
    state = after_arms("0|0 1|8 7|8 5|7 6|6 6|7")
    assert hard_choice(state) == play(1, Tile(0, 0), "D")


def test_without_fifty_points_the_double_blank_is_no_hurry() -> None:
    state = after_arms("0|0 1|8 7|8 5|7 6|6 6|7", double_blank_points=0)
    assert hard_choice(state) != play(1, Tile(0, 0), "D")


def test_it_leaves_only_ends_the_next_seat_is_known_to_lack() -> None:
    # Casual sheds 2|5 (leaving a 5); hard plays its lighter 2|4, which leaves only numbers
    # seat 2 is known to lack.
    state = seat_two_lacks()
    assert state.turn == 1
    lacked = knowledge.known_lacks(state.view(1))[2]
    assert set(knowledge.numbers_in(lacked)) == {0, 2, 3, 4}
    assert casual_choice(state) == play(1, Tile(2, 5), "B")
    choice = hard_choice(state)
    assert isinstance(choice, Play) and choice.tile == Tile(2, 4)
    after, _events = apply(state, choice)
    assert not any(isinstance(action, Play) for action in legal_actions(after))


def test_the_odds_of_lacking_follow_the_unseen_tiles() -> None:
    state = after_arms("4|5 4|6 5|6 6|7 7|8 8|8", boneyard_top="5|5")
    state, _events = apply(state, draw(1))
    view = state.view(2)
    odds = lack_odds(view)
    carrying = core.set_bits(9).carrying
    # Seat 1 surely holds no 0-3: it lacks them whatever the odds.
    assert odds_of_lacking(odds[1], carrying[0] | carrying[1] | carrying[2]) == 1.0
    assert 0 < odds_of_lacking(odds[3], carrying[4]) < 1
    assert odds_of_lacking(odds[3], 0) == 1.0
    assert odds[2] == (0, 0, 0)


def test_scores_are_given_for_every_play() -> None:
    state = after_arms("1|1 1|8 4|6 5|6 6|7 7|8")
    view = state.view(1)
    plays = [action for action in legal_actions(state) if isinstance(action, Play)]
    scores = play_scores(view, plays, HardBot().weights)
    assert len(scores) == len(plays) and len(set(scores)) > 1
    assert parse_tile("1|1") in {play.tile for play in plays}
