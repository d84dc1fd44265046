"""The playout policies: the casual policy plays as the casual player; the planning policy."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from chickenfoot.bots import GreedyBot
from chickenfoot.bots.ends import play_leaves
from chickenfoot.bots.greedy import ends_after
from chickenfoot.bots.hard import DEFAULT_WEIGHTS, play_scores
from chickenfoot.bots.playout import (
    WIN_WEIGHT,
    casual_policy,
    margin_scorer,
    planning_policy,
    win_scorer,
)
from chickenfoot.rules import (
    Play,
    RuleSet,
    Tile,
    core,
    knowledge,
    legal_actions,
    new_game,
    play,
    preset,
)
from chickenfoot.rules.ruleset import PresetName

from .tables import after_arms


def random_positions(rules: RuleSet, games: int, seed: int) -> Iterator[core.Position]:
    """Every position of ``games`` games of ``rules`` (seeds 0, 1, ...) played at random."""
    rng = random.Random(seed)
    for game in range(games):
        position = core.new_game(rules, seed=game)
        while not core.is_over(position):
            yield position
            position = core.play(position, rng.choice(core.legal_moves(position)))


@pytest.mark.parametrize(("preset_name", "players"), [("cross", 4), ("trains", 4), ("cross", 2)])
def test_what_a_play_leaves_matches_the_board_model(preset_name: PresetName, players: int) -> None:
    # Random games pass through every phase: arms, open feet, doubles, completed feet.
    rules = preset(preset_name, players=players, rounds=3)
    carrying = core.set_bits(rules.set_size).carrying
    checked = 0
    for position in random_positions(rules, games=6, seed=players):
        board = core.to_state(position).board
        for move in core.legal_moves(position):
            if move[0] != "play":
                continue
            assert len(move) == 4
            _kind, seat, tile, target = move
            value = dict(board.open_ends)[target]
            after = board.with_tile(seat, tile, target)
            open_bits = free_bits = 0
            for _target, number in after.open_ends:
                open_bits |= carrying[number]
            for number in ends_after(board, Play(seat=seat, tile=tile, target=target)):
                free_bits |= carrying[number]
            # The number the player must carry to follow at once: the open foot's, or the
            # line's new end.
            follow = after.open_ends[0].value if after.foot is not None else None
            showing, reach, left = play_leaves(
                core.board_of(position), tile, target, value, carrying
            )
            assert (showing, reach) == (open_bits, free_bits)
            assert left == (follow if follow is not None else tile.other_end(value))
            checked += 1
    assert checked > 500


def test_the_casual_policy_makes_the_casual_move_when_that_move_is_unique() -> None:
    rules = preset("cross", rounds=2)
    policy = casual_policy(rules)
    compared = 0
    for position in random_positions(rules, games=4, seed=3):
        moves = core.legal_moves(position)
        if len(moves) > 1:
            state = core.to_state(position)
            view, legal = state.view(state.turn), legal_actions(state)
            choices = {GreedyBot(seed).choose(view, legal) for seed in range(8)}
            if len(choices) == 1:  # no tie left to the casual player's generator
                assert core.to_action(policy(position, moves)) == choices.pop()
                compared += 1
    assert compared > 50


def test_a_planning_seat_lays_a_double_it_can_follow_where_casual_sheds_the_heavier() -> None:
    # B shows 2. Casual sheds 2|5 (7 points) and strands 2|2; the planning seat lays 2|2 and
    # keeps 2|5 for its foot. The other seats still play as the base policy does.
    state = after_arms("2|2 2|5 4|6 6|7 7|8 6|8")
    position = core.from_state(state)
    moves = core.legal_moves(position)
    base = casual_policy(state.rules)
    assert core.to_action(base(position, moves)) == play(1, Tile(2, 5), "B")
    planning = planning_policy(state.rules, {1}, base)
    assert core.to_action(planning(position, moves)) == play(1, Tile(2, 2), "B")
    others = planning_policy(state.rules, {0, 2, 3}, base)
    assert others(position, moves) == base(position, moves)


@pytest.mark.parametrize("preset_name", ["cross", "trains"])
def test_a_planning_seat_makes_the_hard_move_where_no_seat_is_known_to_lack_a_number(
    preset_name: PresetName,
) -> None:
    # The planning policy reads no history; where the hard player knows of no seat lacking a
    # number either, both weigh the same terms, so the same play must come out on top.
    rules = preset(preset_name, rounds=3)
    policy = planning_policy(rules, set(range(rules.players)), casual_policy(rules))
    compared = 0
    for position in random_positions(rules, games=4, seed=5):
        moves = core.legal_moves(position)
        plays = [move for move in moves if move[0] == "play"]
        view = core.view(position, core.turn(position))
        lacks = knowledge.known_lacks(view)
        if len(plays) > 1 and not any(lacks[: view.seat] + lacks[view.seat + 1 :]):
            actions = [action for action in map(core.to_action, plays) if isinstance(action, Play)]
            scores = play_scores(view, actions, DEFAULT_WEIGHTS)
            if scores.count(max(scores)) == 1:  # no tie left to the hard player's generator
                assert policy(position, moves) == plays[scores.index(max(scores))]
                compared += 1
    assert compared > 50


def test_the_win_scorer_adds_the_odds_of_winning_to_the_margin() -> None:
    # The only round of the game: the scores are the game's result.
    view = after_arms("1|1 1|8 4|6 5|6 6|7 7|8").view(1)
    score = win_scorer(view)
    assert score((10, 0, 10, 10)) == pytest.approx(-10 - WIN_WEIGHT)
    assert score((10, 5, 5, 10)) == pytest.approx(5 - 25 / 3 - WIN_WEIGHT / 2), "a shared win"
    assert score((0, 5, 10, 10)) == pytest.approx(5 - 20 / 3)
    assert margin_scorer(view)((10, 0, 10, 10)) == -10
    # Rounds to come: a lead is worth odds between 0 and 1, more the larger it is.
    state, _events = new_game(preset("cross"), seed=1)
    early = win_scorer(state.view(0))
    behind, level, ahead = early((30, 0, 0, 0)), early((0, 0, 0, 0)), early((0, 30, 30, 30))
    assert level == pytest.approx(-WIN_WEIGHT / 8)
    assert behind - 30 > level > ahead + 30 > -30 - WIN_WEIGHT
