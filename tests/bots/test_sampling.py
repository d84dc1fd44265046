"""Dealing the unseen tiles as a view allows."""

from __future__ import annotations

import itertools
import random
from collections import Counter

from chickenfoot.bots import GreedyBot
from chickenfoot.bots.sampling import HiddenDealer, SheddingModel
from chickenfoot.rules import apply, core, draw, knowledge, legal_actions, new_game, preset

from .tables import after_arms


def test_a_deal_hands_out_exactly_the_unseen_tiles_with_every_count_kept() -> None:
    state = after_arms("4|5 4|6 5|6 6|7 7|8 8|8")
    view = state.view(1)
    dealer = HiddenDealer(view, random.Random(1))
    deals = [dealer.deal() for _ in range(30)]
    for hands, boneyard in deals:
        assert hands[1] == view.hand
        assert tuple(len(hand) for hand in hands) == view.hand_counts
        assert len(boneyard) == view.boneyard_count
        hidden = [tile for seat in (0, 2, 3) for tile in hands[seat]] + list(boneyard)
        assert sorted(hidden) == list(view.unseen)
    assert len({deal[1] for deal in deals}) == 30, "the boneyard order varies"


def test_a_seat_known_to_lack_numbers_is_never_dealt_them() -> None:
    state = after_arms("4|5 4|6 5|6 6|7 7|8 8|8", boneyard_top="5|5")
    state, _events = apply(state, draw(1))
    view = state.view(2)
    lacked = knowledge.known_lacks(view)[1]
    assert lacked == 0b1111
    dealer = HiddenDealer(view, random.Random(2))
    held: Counter[int] = Counter()
    for _ in range(200):
        hands, _boneyard = dealer.deal()
        assert not any(value in tile for tile in hands[1] for value in (0, 1, 2, 3))
        held.update(value for tile in hands[3] for value in set(tile))
    assert held[0] and held[1], "the others may hold them"


def test_limits_that_cannot_be_met_give_way_to_a_deal_anyway() -> None:
    state = after_arms("4|5 4|6 5|6 6|7 7|8 8|8", boneyard_top="5|5")
    state, _events = apply(state, draw(1))
    dealer = HiddenDealer(state.view(2), random.Random(3))
    dealer.slots = [(dealer.unseen_bits, 1)] * 2  # no unseen tile may go to these
    hands, boneyard = dealer.deal()
    assert tuple(len(hand) for hand in hands) == state.view(2).hand_counts
    assert len(boneyard) == state.view(2).boneyard_count


def meets(hand_bits: list[int], sets: tuple[int, ...]) -> bool:
    """True if the tiles (as bits) can be matched to ``sets`` (nested, strictest first) so
    that no tile is in its set (Hall's condition for nested sets)."""
    assert len(hand_bits) == len(sets)
    assert all(a | b == a for a, b in itertools.pairwise(sets)), "the sets nest"
    return all(
        sum(1 for tile in hand_bits if not tile & avoid) >= slot + 1
        for slot, avoid in enumerate(sets)
    )


def test_casual_players_never_hold_what_the_shedding_model_says_they_avoid() -> None:
    # The casual player always sheds its heaviest playable tile, so its real hand meets the
    # model's avoid sets at every moment, and strict deals meet them too.
    for preset_name in ("cross", "trains"):
        rules = preset(preset_name, rounds=3)
        state, _events = new_game(rules, seed=5)
        players = [GreedyBot(seat) for seat in range(rules.players)]
        avoided = before_last_draw = 0
        bits = core.set_bits(rules.set_size).bit
        rng = random.Random(5)
        while not state.over:
            seat = state.turn
            view = state.view(seat)
            model = SheddingModel(view, 0.1)
            for other, avoid in enumerate(model.avoid):
                assert meets([bits[tile] for tile in state.hands[other]], avoid)
                avoided += any(avoid)
                before_last_draw += any(avoid) and not all(avoid)
            if any(map(any, model.avoid)) and rng.random() < 0.2:
                dealer = HiddenDealer(view, rng, model, strict=True)
                assert dealer.strict_slots is not None
                hands, _boneyard = dealer.deal()
                for other, avoid in enumerate(model.avoid):
                    assert meets([bits[tile] for tile in hands[other]], avoid)
            state, _events = apply(state, players[seat].choose(view, legal_actions(state)))
        assert avoided > 20, preset_name
        assert before_last_draw > 5, "plays before a draw tell about the tiles held since"


def test_a_strict_deal_that_cannot_be_met_falls_back_to_the_weighed_deals() -> None:
    state = after_arms("4|5 4|6 5|6 6|7 7|8 8|8")
    view = state.view(1)
    model = SheddingModel(view, 0.1)
    every_unseen = sum(core.set_bits(9).bit[tile] for tile in view.unseen)
    model.avoid[2] = (every_unseen,) * view.hand_counts[2]
    dealer = HiddenDealer(view, random.Random(4), model, strict=True)
    hands, boneyard = dealer.deal()
    assert tuple(len(hand) for hand in hands) == view.hand_counts
    assert len(boneyard) == view.boneyard_count
