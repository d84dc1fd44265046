"""No level peeks: its choice depends only on its seat's view.

At every decision of real games, the tiles the seat on turn cannot see are dealt again in
several ways its view allows (the other hands redistributed with their counts kept and what
the round's history shows each seat lacked, the boneyard reordered, the later rounds' decks
shuffled anew; :func:`tests.bots.tables.redealt`). The view stays exactly the same, and a
player with the same seed must make exactly the same choice in every one of those worlds.
"""

from __future__ import annotations

import random

import pytest

from chickenfoot.bots import GreedyBot, make_bot
from chickenfoot.rules import GameState, SeatView, apply, legal_actions, new_game, preset
from chickenfoot.rules.ruleset import PresetName

from .tables import Action, redealt

CASES = [
    # level, preset, rounds, re-deals per decision (the expert plays out 24 rounds a decision)
    ("beginner", "cross", 4, 6),
    ("hard", "cross", 4, 6),
    ("hard", "trains", 2, 6),
    ("expert", "cross", 2, 2),
    ("expert", "trains", 2, 2),
]


def test_a_seat_view_holds_no_hidden_information() -> None:
    assert {"hands", "boneyard", "decks"}.isdisjoint(SeatView.model_fields)


@pytest.mark.parametrize(("level", "preset_name", "rounds", "redeals"), CASES)
def test_the_choice_never_changes_whatever_the_hidden_tiles(
    level: str, preset_name: PresetName, rounds: int, redeals: int
) -> None:
    rng = random.Random(11)
    rules = preset(preset_name, rounds=rounds)
    state, _events = new_game(rules, seed=11)
    others = [GreedyBot(seat) for seat in range(rules.players)]
    decisions = draws_seen = 0
    while not state.over:
        legal = legal_actions(state)
        seat = state.turn
        if seat != 0:
            action = others[seat].choose(state.view(seat), legal)
        else:
            action = check_same_choice(level, state, decisions, redeals, rng)
            decisions += len(legal) > 1
            draws_seen += any(a.kind == "draw" and a.seat != 0 for a in state.history)
        state, _events = apply(state, action)
    assert decisions >= 8
    assert draws_seen, "some decisions came after other seats drew"


def check_same_choice(
    level: str, state: GameState, decision: int, redeals: int, rng: random.Random
) -> Action:
    """The choice of a fresh ``level`` player at ``state``, the same in every re-deal."""
    legal = legal_actions(state)
    view = state.view(state.turn)
    choice = make_bot(level, decision, playouts=24).choose(view, legal)
    for _ in range(redeals):
        other = redealt(state, rng)
        assert other.view(other.turn) == view
        assert legal_actions(other) == legal
        twin = make_bot(level, decision, playouts=24)
        assert twin.choose(other.view(other.turn), legal_actions(other)) == choice
    return choice
