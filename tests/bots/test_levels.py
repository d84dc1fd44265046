"""Every level: the ladder and its older names, legal answers only, the same seed the same game."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chickenfoot.bots import (
    BOT_LEVELS,
    LEVEL_ALIASES,
    PLANNING_LEVELS,
    STRATEGIES,
    THINKING_LEVELS,
    BlindStrategy,
    ExpertBot,
    GreedyBot,
    RandomBot,
    StopCheck,
    Strategy,
    ladder_level,
    make_bot,
    planners_at,
    play_game,
    seat_seed,
)
from chickenfoot.rules import SeatView, apply, core, legal_actions, new_game, preset, shuffled_decks
from chickenfoot.rules.ruleset import PresetName

from .tables import Action

LADDER = ["beginner", "casual", "hard", "expert"]


def quick_bot(level: str, seed: int) -> Strategy:
    """A player of ``level``; the expert with a small playout budget (tests stay quick)."""
    return make_bot(level, seed, playouts=12)


# ----- registry ---------------------------------------------------------------------------------


def test_the_ladder_has_four_levels_each_described_in_one_line() -> None:
    assert list(BOT_LEVELS) == LADDER
    for level, description in BOT_LEVELS.items():
        assert description.strip() and "\n" not in description and description.endswith(".")
        bot = make_bot(level, seed=1)
        assert isinstance(bot, Strategy)
        assert bot.level == level  # type: ignore[attr-defined]
    assert set(THINKING_LEVELS) == {"expert"}


def test_older_level_names_still_build_their_players() -> None:
    assert set(STRATEGIES) == set(LADDER) | {"random", "greedy"}
    assert isinstance(make_bot("random", 1), RandomBot)
    assert isinstance(make_bot("greedy", 1), GreedyBot)
    assert STRATEGIES["greedy"] is STRATEGIES["casual"]
    assert LEVEL_ALIASES == {"random": "beginner", "greedy": "casual"}
    assert [ladder_level(level) for level in STRATEGIES] == [*LADDER, "beginner", "casual"]
    with pytest.raises(ValueError, match="unknown computer player level 'genius'"):
        ladder_level("genius")


def test_unknown_level_names_the_ladder() -> None:
    expected = (
        r"unknown computer player level 'master': choose one of beginner, casual, hard, expert"
    )
    with pytest.raises(ValueError, match=expected):
        make_bot("master", seed=1)


def test_only_the_expert_takes_a_think_time() -> None:
    expert = make_bot("expert", 1, think_time=0.05)
    assert isinstance(expert, ExpertBot) and expert.think_time == 0.05
    counted = make_bot("expert", 1, playouts=30)
    assert isinstance(counted, ExpertBot) and counted.playouts == 30
    assert isinstance(make_bot("hard", 1, think_time=0.05), type(make_bot("hard", 1)))
    with pytest.raises(ValueError, match="think time must be more than 0 seconds"):
        make_bot("expert", 1, think_time=0)
    with pytest.raises(ValueError, match="playouts must be at least 1"):
        make_bot("expert", 1, playouts=0)


def test_the_expert_is_told_who_plans_from_the_lineup() -> None:
    # People and the hard and expert levels plan their plays; the casual player and the
    # beginner (and the older names) shed their heaviest tile first.
    assert {"hard", "expert"} == PLANNING_LEVELS
    lineup = (None, "hard", "casual", "expert", "beginner", "greedy", "random")
    assert planners_at(lineup) == {0, 1, 3}
    expert = make_bot("expert", 1, lineup=lineup)
    assert isinstance(expert, ExpertBot) and expert.planners == {0, 1, 3}
    alone = make_bot("expert", 1)
    assert isinstance(alone, ExpertBot) and alone.planners == frozenset()
    with pytest.raises(ValueError, match="unknown computer player level 'master'"):
        make_bot("expert", 1, lineup=("casual", "master"))


@pytest.mark.parametrize("level", [*LADDER, "random"])
def test_the_same_seed_plays_the_same_game(level: str) -> None:
    rules = preset("cross", rounds=1)
    decks = shuffled_decks(rules, random.Random(5))
    games = [
        play_game(rules, [quick_bot(level, seed=seat) for seat in range(4)], decks)
        for _ in range(2)
    ]
    assert games[0].actions == games[1].actions


def test_seat_seeds_differ_by_seat_and_game() -> None:
    seeds = {seat_seed(game, seat) for game in (1, 2, 3) for seat in range(8)}
    assert len(seeds) == 24


def test_the_random_player_picks_the_same_blind_as_from_its_view() -> None:
    state, _events = new_game(preset("cross", players=3), seed=4)
    while len(legal_actions(state)) < 3:
        state, _events = apply(state, legal_actions(state)[0])
    legal = legal_actions(state)
    seen, blind = RandomBot(11), RandomBot(11)
    assert isinstance(blind, BlindStrategy)
    picks = [seen.choose(state.view(state.turn), legal) for _ in range(50)]
    moves = tuple(map(core.to_move, legal))
    assert [core.to_action(blind.choose_blind(moves)) for _ in range(50)] == picks
    assert len(set(picks)) > 1


# ----- only legal actions -------------------------------------------------------------------------


class Checked:
    """Wraps a strategy, asserting it is handed its own seat's view and answers legally."""

    def __init__(self, inner: Strategy, seat: int) -> None:
        self.inner = inner
        self.seat = seat
        self.decisions = 0

    def choose(
        self, view: SeatView, legal: Sequence[Action], should_stop: StopCheck | None = None
    ) -> Action:
        assert type(view) is SeatView
        assert view.seat == self.seat == view.turn
        assert all(action.seat == self.seat for action in legal)
        assert tuple(map(core.to_action, core.legal_moves_in_view(view))) == tuple(legal)
        action = self.inner.choose(view, legal)
        assert action in legal
        self.decisions += 1
        return action


@settings(max_examples=40, deadline=None)
@given(
    levels=st.lists(st.sampled_from(sorted(STRATEGIES)), min_size=2, max_size=8),
    preset_name=st.sampled_from(["cross", "trains"]),
    seed=st.integers(0, 2**32),
    house=st.booleans(),
)
def test_every_level_only_ever_chooses_legal_actions(
    levels: list[str], preset_name: PresetName, seed: int, house: bool
) -> None:
    players = len(levels)
    changes = {"draw": "until_playable", "drawn_tile": "may_play"} if house else {}
    rules = preset(
        preset_name, players=players, set_size=9 if players < 7 else 12, rounds=1, **changes
    )
    strategies = [Checked(quick_bot(level, seed + seat), seat) for seat, level in enumerate(levels)]
    result = play_game(rules, strategies, shuffled_decks(rules, random.Random(seed)))
    assert result.state.over
    assert sum(strategy.decisions for strategy in strategies) > 0


@pytest.mark.parametrize("level", LADDER)
def test_every_level_answers_every_position_of_a_game_legally(level: str) -> None:
    """Asked at every position, forced ones included (play_game skips those)."""
    state, _events = new_game(preset("trains", players=3, rounds=1), seed=3)
    bots = [quick_bot(level, seat) for seat in range(3)]
    while not state.over:
        legal = legal_actions(state)
        action = bots[state.turn].choose(state.view(state.turn), legal)
        assert action in legal
        state, _events = apply(state, action)
