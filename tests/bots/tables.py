"""Exact tables for the computer players' tests: deals written tile by tile, and re-deals.

:func:`after_arms` is a one-round cross game after the four arms are down, seat 1 to play
with the tiles a test names (two such positions that several tests read are named:
:func:`foot_to_finish`, :func:`seat_two_lacks`); :func:`casual_choice` is what the casual
player does there; :func:`redealt` deals the tiles a seat cannot see again in a
way its view allows (counts, board and history kept), for the never-peeks tests.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from chickenfoot.bots import GreedyBot
from chickenfoot.bots.sampling import HiddenDealer
from chickenfoot.rules import (
    Draw,
    GameState,
    Pass,
    Play,
    RuleSet,
    Tile,
    apply,
    full_set,
    legal_actions,
    new_game,
    parse_tile,
    play,
    preset,
    shuffled_decks,
)
from tests.rules.conftest import run

Action = Play | Draw | Pass


def tiles(text: str) -> list[Tile]:
    """``"9|1 1|8"`` -> [Tile(1, 9), Tile(1, 8)]."""
    return [parse_tile(part) for part in text.split()]


def exact_deck(rules: RuleSet, hands: Sequence[str], boneyard_top: str = "") -> tuple[Tile, ...]:
    """A deck dealing each seat the tiles listed (filled up from the rest of the set) and
    putting ``boneyard_top`` first in the boneyard."""
    wanted = [tiles(hand) for hand in hands] + [tiles(boneyard_top)]
    named = [tile for group in wanted for tile in group]
    assert len(named) == len(set(named)), "a tile is named twice"
    spare = [tile for tile in full_set(rules.set_size) if tile not in set(named)]
    deck: list[Tile] = []
    for hand in wanted[:-1]:
        fill = rules.tiles_per_hand - len(hand)
        deck += hand + spare[:fill]
        spare = spare[fill:]
    return tuple(deck + wanted[-1] + spare)


def after_arms(
    hand_of_seat_1: str,
    boneyard_top: str = "",
    others: Sequence[str] = ("", "", ""),
    **overrides: object,
) -> GameState:
    """A one-round cross game after the four arms are down, seat 1 to play.

    Seat 0 holds 9|9 and places it; seats 1, 2, 3, 0 start arms A-D with 9|1, 9|2, 9|3, 9|0,
    so the open ends are A: 1, B: 2, C: 3, D: 0. ``hand_of_seat_1`` lists its other 6 tiles;
    ``others`` more tiles for seats 0, 2 and 3.
    """
    rules = preset("cross", rounds=1, **overrides)
    hands = [
        f"9|9 9|0 {others[0]}",
        f"9|1 {hand_of_seat_1}",
        f"9|2 {others[1]}",
        f"9|3 {others[2]}",
    ]
    state, _events = new_game(rules, (exact_deck(rules, hands, boneyard_top),))
    for seat, tile, arm in ((1, "9|1", "A"), (2, "9|2", "B"), (3, "9|3", "C"), (0, "9|0", "D")):
        state, _events = apply(state, play(seat, parse_tile(tile), arm))
    assert state.turn == 1
    assert [(end.target, end.value) for end in state.board.open_ends] == [
        ("A", 1),
        ("B", 2),
        ("C", 3),
        ("D", 0),
    ]
    return state


def foot_to_finish() -> GameState:
    """Seat 1 to lay 1|1 on A (its only play), seats 2 and 3 holding 1|2 and 1|3 for the first
    two toes, seat 0 no 1 at all, and 5|5 then 1|7 on top of the boneyard: the third toe for
    seat 1 to draw."""
    return after_arms(
        "1|1 4|5 4|6 5|6 6|8 7|8",
        boneyard_top="5|5 1|7",
        others=("2|4 3|4 4|4 2|5 3|5", "1|2", "1|3"),
    )


def seat_two_lacks() -> GameState:
    """Five tiles each. Seat 1 plays 1|4 on A; seats 2, 3 and 0 then draw with 4, 2, 3 and 0
    showing and pass, so none of them holds any; seat 1 is on turn with 2|4, 2|5 and 6|7."""
    state = after_arms(
        "1|4 2|4 2|5 6|7",
        boneyard_top="8|8 5|5 7|7",
        others=("6|9 7|9 8|9", "5|6 5|7 6|8 7|8", "1|5 1|6 1|7 1|8"),
        hand_size=5,
    )
    state, _events = run(state, "1 1|4 A", "2 draw", "3 draw", "0 draw")
    return state


def casual_choice(state: GameState, seed: int = 0) -> Action:
    """What a casual player in the seat on turn does in ``state``."""
    return GreedyBot(seed).choose(state.view(state.turn), legal_actions(state))


def redealt(state: GameState, rng: random.Random) -> GameState:
    """``state`` with what the seat on turn cannot see dealt again, as its view allows: the
    other hands (counts kept, and what the history shows each seat lacked), the boneyard's
    order and the later rounds' decks."""
    seat = state.turn
    hands, boneyard = HiddenDealer(state.view(seat), rng).deal()
    later = shuffled_decks(state.rules, rng)[state.round_index + 1 :]
    decks = state.decks[: state.round_index + 1] + later
    return state.model_copy(update={"hands": hands, "boneyard": boneyard, "decks": decks})
