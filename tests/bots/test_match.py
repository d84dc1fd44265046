"""Whole games between computer players, and their tallies."""

from __future__ import annotations

import random

import pytest

from chickenfoot.bots import GreedyBot, RandomBot, Tally, play_game
from chickenfoot.rules import apply, new_game, preset, rank, shuffled_decks


def test_play_game_reports_the_engines_winners_and_every_action() -> None:
    rules = preset("trains", players=3, rounds=3)
    decks = shuffled_decks(rules, random.Random(8))
    result = play_game(rules, [RandomBot(1), GreedyBot(2), GreedyBot(3)], decks)
    _ranking, winners, _decided_by = rank(rules, result.state.round_scores)
    assert result.winners == winners
    state, _events = new_game(rules, decks)
    for action in result.actions:
        state, _events = apply(state, action)
    assert state == result.state


def test_play_game_needs_one_strategy_per_seat() -> None:
    rules = preset("cross")
    with pytest.raises(ValueError, match="3 strategies for 4 seats"):
        play_game(rules, [RandomBot(1)] * 3, shuffled_decks(rules, random.Random(1)))


def test_tally_counts_sole_and_shared_wins() -> None:
    rules = preset("cross", players=2, rounds=1)
    state, _events = new_game(rules, seed=1)
    base = play_game(rules, [RandomBot(1), RandomBot(2)], state.decks)
    tally = Tally(players=2)
    tally.add(base)
    tally.add(type(base)(state=base.state, moves=base.moves[:3], winners=(0, 1)))
    sole = base.winners[0]
    assert tally.games == 2
    assert tally.outright_wins[sole] == 1 and sum(tally.outright_wins) == 1
    assert tally.shared_wins == [1, 1]
    assert tally.win_shares[sole] == 1.5 and sum(tally.win_shares) == 2
    assert tally.mean_actions == (len(base.actions) + 3) / 2
    assert tally.mean_scores == tuple(float(total) for total in base.state.totals)
