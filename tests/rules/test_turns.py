"""A turn: must play if you can, drawing, the drawn tile, the reserve, passing, blocked rounds."""

from __future__ import annotations

import pytest

from chickenfoot.rules import (
    ArmStarted,
    CannotDraw,
    CannotPlayThere,
    MustPlay,
    Passed,
    RoundScored,
    Tile,
    TileDrawn,
    apply,
    draw,
    legal_actions,
    new_game,
    pass_turn,
    play,
    preset,
)
from tests.kit import as_kind

from .conftest import deal, kinds, move, of_kind, run, start, tiles

# ----- the drawn tile ---------------------------------------------------------------------

TRAINS_SIX = preset("trains", set_size=6, players=3, rounds=1)
TRAINS_SIX_HANDS = {
    0: "6|0 2|2 2|3 2|4 2|5 3|3 3|4",
    1: "0|0 0|1 0|2 0|3 0|4 0|5 1|1",
    2: "1|2 1|3 1|4 1|5 3|5 4|4 4|5",
}


def test_trains_a_playable_drawn_tile_must_be_played_at_once() -> None:
    state, _ = start(TRAINS_SIX, deal(TRAINS_SIX, TRAINS_SIX_HANDS, boneyard="6|5"))
    state, _ = run(state, "0 6|0 A")
    assert legal_actions(state) == (draw(1),)
    state, events = run(state, "1 draw")
    assert events == (TileDrawn(seat=1, tile=Tile(5, 6)),)
    assert state.turn == 1 and state.drawn == Tile(5, 6)
    assert legal_actions(state) == (play(1, Tile(5, 6), "B"),)
    with pytest.raises(MustPlay, match=r"drew 5\|6 and must play it"):
        apply(state, pass_turn(1))
    with pytest.raises(CannotDraw, match="already drew"):
        apply(state, draw(1))
    with pytest.raises(CannotPlayThere, match="only that tile"):
        apply(state, move("1 0|0 B"))
    state, events = run(state, "1 6|5 B")
    assert kinds(events) == ["tile_played", "arm_started"]
    assert state.drawn is None and state.turn == 2


CROSS_SIX = preset("cross", set_size=6, players=2, rounds=1)
CROSS_SIX_HANDS = {0: "6|6 0|0 0|1 0|2 0|3", 1: "1|1 1|2 1|3 1|4 1|5"}


def test_cross_a_playable_drawn_tile_may_be_kept_and_the_turn_passes() -> None:
    state, _ = start(CROSS_SIX, deal(CROSS_SIX, CROSS_SIX_HANDS, boneyard="6|1 0|4"))
    state, _ = run(state, "1 draw")
    assert state.drawn == Tile(1, 6)
    assert set(legal_actions(state)) == {play(1, Tile(1, 6), "A"), pass_turn(1)}
    state, events = run(state, "1 pass")
    assert events == (Passed(seat=1, reason="kept_drawn"),)
    assert Tile(1, 6) in state.hands[1] and state.drawn is None and state.turn == 0
    # Seat 0 cannot play: it draws 0|4, which does not fit, and its turn passes at once.
    state, events = run(state, "0 draw")
    assert events == (TileDrawn(seat=0, tile=Tile(0, 4)), Passed(seat=0, reason="drew_unplayable"))
    # Keeping the tile passed one turn only: now seat 1 can play, so it must.
    with pytest.raises(MustPlay):
        apply(state, draw(1))
    assert legal_actions(state) == (play(1, Tile(1, 6), "A"),)


def test_cross_a_playable_drawn_tile_may_be_played_at_once() -> None:
    state, _ = start(CROSS_SIX, deal(CROSS_SIX, CROSS_SIX_HANDS, boneyard="6|1"))
    state, events = run(state, "1 draw", "1 6|1 A")
    assert kinds(events) == ["tile_drawn", "tile_played", "arm_started"]
    assert state.turn == 0 and len(state.hands[1]) == 5


def test_draw_until_playable_keeps_drawing_on_the_same_turn() -> None:
    rules = preset("cross", set_size=6, players=2, rounds=1, draw="until_playable")
    state, _ = start(rules, deal(rules, CROSS_SIX_HANDS, boneyard="0|4 0|5 6|1"))
    state, events = run(state, "1 draw")
    assert events == (TileDrawn(seat=1, tile=Tile(0, 4)),)
    assert state.turn == 1 and state.drawn is None
    assert legal_actions(state) == (draw(1),)
    state, events = run(state, "1 draw", "1 draw")
    assert [as_kind(event, TileDrawn).tile for event in events] == list(tiles("0|5 1|6"))
    assert state.drawn == Tile(1, 6) and len(state.hands[1]) == 8
    assert set(legal_actions(state)) == {play(1, Tile(1, 6), "A"), pass_turn(1)}


def test_draw_until_playable_passes_when_the_boneyard_runs_out() -> None:
    rules = preset("cross", set_size=6, players=2, hand_size=13, rounds=1, draw="until_playable")
    deck = deal(rules, {0: "6|6 6|0 6|1 6|2 6|3 6|4 6|5"})
    state, _ = start(rules, deck)
    assert len(state.boneyard) == 2 and not any(tile.carries(6) for tile in state.boneyard)
    state, events = run(state, "1 draw", "1 draw")
    assert kinds(events) == ["tile_drawn", "tile_drawn", "passed"]
    assert events[-1] == Passed(seat=1, reason="drew_unplayable")
    assert state.boneyard == () and state.turn == 0


# ----- must play, passing, the reserve ------------------------------------------------------


def test_a_seat_that_can_play_may_not_draw_or_pass() -> None:
    state, _ = start(CROSS_SIX, deal(CROSS_SIX, {0: "6|6 0|0", 1: "6|1 1|2"}))
    with pytest.raises(MustPlay, match="must play"):
        apply(state, draw(1))
    with pytest.raises(MustPlay, match="must play"):
        apply(state, pass_turn(1))
    assert all(action.kind == "play" for action in legal_actions(state))


def test_a_seat_without_a_play_must_draw_before_it_may_pass() -> None:
    state, _ = start(CROSS_SIX, deal(CROSS_SIX, CROSS_SIX_HANDS))
    assert legal_actions(state) == (draw(1),)
    with pytest.raises(MustPlay, match="draw first"):
        apply(state, pass_turn(1))


ALL_DEALT = preset("cross", set_size=6, players=2, hand_size=14, rounds=1)


def test_with_nothing_to_draw_a_seat_without_a_play_passes() -> None:
    state, _ = start(ALL_DEALT, deal(ALL_DEALT, {0: "6|6 6|0 6|1 6|2 6|3 6|4 6|5"}))
    assert state.boneyard == () and state.turn == 1
    assert legal_actions(state) == (pass_turn(1),)
    with pytest.raises(CannotDraw, match="nothing left to draw"):
        apply(state, draw(1))
    state, events = run(state, "1 pass")
    assert events == (Passed(seat=1, reason="nothing_to_draw"),)
    assert not state.over and state.turn == 0, "seat 0 can still play: the round goes on"


def test_trains_reserve_tiles_are_never_drawn() -> None:
    rules = preset("trains", set_size=6, players=3, hand_size=8, rounds=1)
    hands = {
        0: "6|0 6|1 6|2 6|3 6|4",
        1: "0|0 0|1 0|2 0|3 0|4 0|5 1|1 1|2",
        2: "1|3 1|4 1|5 2|2 2|3 2|4 2|5 3|3",
    }
    state, _ = start(rules, deal(rules, hands, boneyard="3|4 3|5 6|5"))
    assert rules.reserve_count == 1 and state.drawable == 2
    state, events = run(state, "0 6|0 A", "1 draw", "2 draw", "0 6|1 B")
    assert [event.reason for event in of_kind(events, Passed)] == ["drew_unplayable"] * 2
    # 6|5 would fit the next arm, but it is the last tile: it stays in the boneyard.
    assert state.boneyard == (Tile(5, 6),) and state.drawable == 0
    assert legal_actions(state) == (pass_turn(1),)
    with pytest.raises(CannotDraw):
        apply(state, draw(1))
    state, events = run(state, "1 pass", "2 pass", "0 6|2 C")
    assert [event.reason for event in of_kind(events, Passed)] == ["nothing_to_draw"] * 2
    assert of_kind(events, ArmStarted)[0].arms == 3


@pytest.mark.parametrize(("players", "left"), [(2, 2), (4, 1)])
def test_trains_reserve_is_kept_until_the_end_of_the_round(players: int, left: int) -> None:
    rules = preset("trains", players=players, rounds=1)
    lows = []
    for seed in range(10):
        state, _ = new_game(rules, seed=seed)
        smallest = len(state.boneyard)
        while not state.over:
            state, _ = apply(state, legal_actions(state)[0])
            smallest = min(smallest, len(state.boneyard))
        lows.append(smallest)
    assert min(lows) == left, "some round used the boneyard up to the reserve, never beyond"


def test_cross_draws_the_boneyard_empty() -> None:
    state, _ = start(CROSS_SIX, deal(CROSS_SIX, CROSS_SIX_HANDS))
    assert state.drawable == len(state.boneyard) == 28 - 10
    while state.drawable:
        state, _ = apply(state, legal_actions(state)[-1])
    assert state.boneyard == ()


# ----- blocked rounds -----------------------------------------------------------------------


def test_trains_round_blocked_when_the_seat_that_must_pass_finds_nobody_can_play() -> None:
    rules = preset("trains", set_size=6, players=2, hand_size=3, reserve=21, arms=2, rounds=1)
    state, _ = start(rules, deal(rules, {0: "6|1 1|1 2|3", 1: "6|2 2|4 4|5"}))
    assert state.drawable == 0
    state, _ = run(state, "0 6|1 A", "1 6|2 B", "0 1|1 A")
    # 2|4 fits arm B, but the foot on A comes first; nobody holds a 1 and nothing can be drawn.
    assert legal_actions(state) == (pass_turn(1),)
    assert not state.over
    state, events = run(state, "1 pass")
    assert kinds(events) == ["passed", "round_blocked", "round_scored", "game_over"]
    assert of_kind(events, RoundScored)[0].points == (5, 15)
    assert state.over
