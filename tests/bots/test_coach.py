"""The coach: verdicts from the seat's own information, deterministic, and sound on the ladder.

The central test swaps the hidden tiles of the other seats in a recorded game (the same
public history, the same hand of the seat analysed, every move still legal, every round
scored the same) and checks that every verdict and every luck figure stays exactly the same.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

import pytest

from chickenfoot.bots import make_bot, play_game, seat_seed
from chickenfoot.bots.coach import (
    BAD,
    DOUBTFUL,
    VERY_BAD,
    Coach,
    GameAnalysis,
    mark,
)
from chickenfoot.rules import (
    Action,
    IllegalAction,
    RuleSet,
    Tile,
    core,
    preset,
    shuffled_decks,
)
from tests.bots.tables import exact_deck

SMALL = {"budget": 60, "verify_worlds": 8, "luck_worlds": 6}
"""A budget small enough for tests: the verdicts are rough, but exactly repeatable."""


def small_rules() -> RuleSet:
    """Three seats, a double-6 set, two rounds: a game of about 60 actions."""
    return preset("cross", players=3, set_size=6, rounds=2)


def bots_game(
    rules: RuleSet, lineup: Sequence[str], seed: int
) -> tuple[tuple[tuple[Tile, ...], ...], tuple[Action, ...]]:
    """The decks and the actions of a game between ``lineup``'s levels, dealt from ``seed``."""
    decks = shuffled_decks(rules, random.Random(seed))
    players = [make_bot(level, seat_seed(seed, seat)) for seat, level in enumerate(lineup)]
    return decks, play_game(rules, players, decks).actions


def replayed(
    rules: RuleSet, decks: Sequence[Sequence[Tile]], actions: Sequence[Action]
) -> list[core.Position] | None:
    """Every position of the game, or None if an action is illegal with these decks."""
    position = core.new_game(rules, decks)
    positions = [position]
    try:
        for action in actions:
            position = core.play(position, core.to_move(action))
            positions.append(position)
    except IllegalAction:
        return None
    return positions


def hidden_swaps(
    rules: RuleSet,
    decks: tuple[tuple[Tile, ...], ...],
    actions: tuple[Action, ...],
    seat: int,
) -> tuple[tuple[tuple[Tile, ...], ...], int]:
    """``decks`` with every pair of tiles swapped (one pair at a time, kept when it fits)
    that leaves ``seat``'s view the same at every position, every action legal and every
    round's points the same; and how many of ``seat``'s positions now have another seat
    holding other tiles than before."""
    original = replayed(rules, decks, actions)
    assert original is not None
    views = [core.view(position, seat) for position in original]
    scores = core.round_scores(original[-1])
    current = [list(deck) for deck in decks]
    for deck in current:
        for first, second in itertools.combinations(range(len(deck)), 2):
            deck[first], deck[second] = deck[second], deck[first]
            positions = replayed(rules, current, actions)
            if (
                positions is None
                or core.round_scores(positions[-1]) != scores
                or any(core.view(p, seat) != view for p, view in zip(positions, views, strict=True))
            ):
                deck[first], deck[second] = deck[second], deck[first]
    swapped = tuple(tuple(deck) for deck in current)
    positions = replayed(rules, swapped, actions)
    assert positions is not None
    changed = sum(
        core.hands(mine) != core.hands(theirs)
        for mine, theirs, move in zip(original, positions, (*actions, None), strict=True)
        if move is not None and move.seat == seat
    )
    return swapped, changed


@pytest.mark.parametrize("seed", [3, 8])
def test_every_verdict_is_the_same_whatever_the_others_hidden_tiles(seed: int) -> None:
    rules = small_rules()
    lineup = ("hard", "casual", "hard")
    decks, actions = bots_game(rules, ("beginner", "casual", "hard"), seed)
    swapped, changed = hidden_swaps(rules, decks, actions, seat=0)
    assert swapped != decks
    assert changed >= 5, "the other hands differ at many of the seat's moves"
    seen = Coach(rules, decks, actions, lineup, seed=seed, **SMALL).analyse([0])
    other = Coach(rules, swapped, actions, lineup, seed=seed, **SMALL).analyse([0])
    assert isinstance(seen, GameAnalysis)
    assert len(seen.decisions) >= 5
    assert seen == other


def test_the_same_seed_and_budget_give_the_same_analysis_and_a_move_alone_its_verdict() -> None:
    rules = small_rules()
    decks, actions = bots_game(rules, ("beginner", "casual", "casual"), 5)
    coach = Coach(rules, decks, actions, (None, "casual", "casual"), seed=2, **SMALL)
    analysis = coach.analyse([0, 1])
    again = Coach(rules, decks, actions, (None, "casual", "casual"), seed=2, **SMALL).analyse(
        [0, 1]
    )
    assert analysis == again
    assert analysis is not None
    assert {decision.seat for decision in analysis.decisions} == {0, 1}
    alone = Coach(rules, decks, actions, (None, "casual", "casual"), seed=2, **SMALL)
    for decision in analysis.decisions[-6:]:
        assert alone.judge(decision.index) == decision
        assert coach.judge(decision.index) is decision, "kept, not worked out again"
    reseeded = Coach(rules, decks, actions, (None, "casual", "casual"), seed=3, **SMALL)
    assert reseeded.analyse([0, 1]) != analysis


def test_a_decision_is_a_turn_with_a_choice_and_the_best_move_loses_nothing() -> None:
    rules = small_rules()
    decks, actions = bots_game(rules, ("hard", "casual", "casual"), 4)
    coach = Coach(rules, decks, actions, (None, "casual", "casual"), **SMALL)
    indices = coach.decision_indices([0])
    for index, action in enumerate(actions):
        choices = core.legal_moves(coach.positions[index])
        assert (index in indices) == (action.seat == 0 and len(choices) > 1)
    forced = next(index for index, action in enumerate(actions) if index not in indices)
    assert coach.judge(forced) is None or actions[forced].seat != 0
    for decision in filter(None, map(coach.judge, indices)):
        assert decision.made == actions[decision.index]
        if decision.best == decision.made:
            assert (decision.loss, decision.error, decision.better) == (0.0, 0.0, None)
        else:
            assert decision.better is not None
            assert decision.better.action == decision.best


def test_the_marks_follow_the_thresholds_and_need_the_loss_to_stand_out() -> None:
    assert mark(0.0, 0.0) == "fine"
    assert mark(DOUBTFUL - 0.1, 0.0) == "fine"
    assert mark(DOUBTFUL, 0.1) == "doubtful"
    assert mark(BAD, 0.5) == "bad"
    assert mark(VERY_BAD, 1.0) == "very_bad"
    assert mark(VERY_BAD, VERY_BAD / 2) == "fine", "a loss within two standard errors of nothing"


def test_a_light_deal_is_luckier_than_a_heavy_one() -> None:
    rules = preset("cross", players=3, set_size=6, rounds=1)
    light = "6|0 6|1 0|1 0|2 1|2"
    heavy = "5|5 5|4 4|4 5|3 4|3"
    lucky = exact_deck(rules, [light, heavy, "6|6"])
    unlucky = exact_deck(rules, [heavy, light, "6|6"])
    figures = []
    for deck in (lucky, unlucky):
        decks = (deck,)
        actions = play_game(rules, [make_bot("casual", seat) for seat in range(3)], decks).actions
        coach = Coach(rules, decks, actions, (None, "casual", "casual"), luck_worlds=40)
        figures.append(coach.round_luck(0, 0).deal)
    assert figures[0] > 0 > figures[1]
    assert figures[0] - figures[1] > 5


def test_analysis_stops_when_asked() -> None:
    rules = small_rules()
    decks, actions = bots_game(rules, ("casual", "casual", "casual"), 6)
    coach = Coach(rules, decks, actions, (None, None, None), **SMALL)
    seen: list[tuple[int, int]] = []
    calls = iter(range(1000))
    assert (
        coach.analyse(
            [0], should_stop=lambda: next(calls) > 50, progress=lambda *done: seen.append(done)
        )
        is None
    )
    finished = coach.analyse([0], progress=lambda *done: seen.append(done))
    assert finished is not None
    assert seen[-1][0] == seen[-1][1] == len(coach.decision_indices([0])) + 2
