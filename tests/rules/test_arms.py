"""The centre double's arms, and the four-player example of seeds/000 (trains)."""

from __future__ import annotations

import pytest

from chickenfoot.rules import (
    ArmStarted,
    CannotPlayThere,
    Passed,
    Play,
    RoundStarted,
    Tile,
    TileDrawn,
    apply,
    arm_id,
    draw,
    legal_actions,
    new_game,
    play,
    preset,
)
from chickenfoot.rules.ruleset import PresetName
from tests.kit import as_kind

from .conftest import deal, kinds, move, of_kind, run, start, tiles


def test_seed_example_four_players_start_four_trains_then_any_train_is_open() -> None:
    """seeds/000: player 1 starts a train; 2 draws a non-matching tile and passes; 3 starts the
    second train; 4 draws a matching tile and starts the third; 1 starts the fourth; then every
    player may play on the train they like."""
    rules = preset("trains", players=4, rounds=1)
    deck = deal(
        rules,
        {
            0: "9|0 9|1",
            1: "2|5 1|6 5|5 5|6 5|7 5|8 6|6 6|7 6|8 7|7 7|8",
            2: "9|2",
            3: "8|8 4|4 4|6 4|7 4|8 3|3 3|4 3|6 3|7 3|8 2|2",
        },
        boneyard="4|5 9|3",
    )
    state, events = start(rules, deck)
    started = as_kind(events[0], RoundStarted)
    assert (started.placed_by, started.first_player) == (0, 0)
    assert not any(tile.carries(9) for tile in state.hands[1] + state.hands[3])

    state, events = run(state, "0 9|0 A")
    assert of_kind(events, ArmStarted) == [ArmStarted(seat=0, target="A", arms=1, arms_required=4)]

    assert legal_actions(state) == (draw(1),)
    state, events = run(state, "1 draw")
    assert events == (
        TileDrawn(seat=1, tile=Tile(4, 5)),
        Passed(seat=1, reason="drew_unplayable"),
    )
    assert Tile(4, 5) in state.hands[1] and state.turn == 2

    state, events = run(state, "2 9|2 B")
    assert of_kind(events, ArmStarted)[0].arms == 2

    assert legal_actions(state) == (draw(3),)
    state, events = run(state, "3 draw")
    assert events == (TileDrawn(seat=3, tile=Tile(3, 9)),)
    # trains: a drawn tile that matches must be played, so it is the only action.
    assert legal_actions(state) == (play(3, Tile(3, 9), "C"),)
    state, events = run(state, "3 9|3 C")
    assert of_kind(events, ArmStarted)[0].arms == 3

    state, events = run(state, "0 9|1 D")
    assert of_kind(events, ArmStarted) == [ArmStarted(seat=0, target="D", arms=4, arms_required=4)]
    assert not state.board.arms_phase
    assert state.board.open_ends == (("A", 0), ("B", 2), ("C", 3), ("D", 1))
    targets = {as_kind(action, Play).target for action in legal_actions(state)}
    assert targets == {"B", "D"}, "seat 1 may play on trains other seats started"


def test_cross_needs_four_arms_even_with_two_players_and_a_seat_starts_several() -> None:
    rules = preset("cross", players=2, rounds=1)
    deck = deal(rules, {0: "9|9 9|2 9|4 2|5 6|6 6|7 7|7", 1: "9|1 9|3 1|5 5|5 5|6 5|7 8|8"})
    state, _ = start(rules, deck)
    assert state.turn == 1
    state, events = run(state, "1 9|1 A", "0 9|2 B", "1 9|3 C")
    assert [event.target for event in of_kind(events, ArmStarted)] == ["A", "B", "C"]
    # Seat 0 holds 2|5, which fits arm B's end, but the centre still needs an arm.
    assert state.board.open_ends == (("D", 9),)
    assert {as_kind(action, Play).target for action in legal_actions(state)} == {"D"}
    state, events = run(state, "0 9|4 D")
    assert of_kind(events, ArmStarted)[0] == ArmStarted(seat=0, target="D", arms=4, arms_required=4)
    assert {as_kind(action, Play).target for action in legal_actions(state)} == {"A"}


def test_during_the_arms_phase_a_seat_that_started_an_arm_must_start_another() -> None:
    rules = preset("cross", players=2, rounds=1)
    deck = deal(rules, {0: "9|9 9|2", 1: "9|1 9|3 1|5"})
    state, _ = start(rules, deck)
    state, _ = run(state, "1 9|1 A", "0 9|2 B")
    with pytest.raises(CannotPlayThere, match="needs 4 arms first: start arm C"):
        apply(state, move("1 1|5 A"))
    assert legal_actions(state) == (play(1, Tile(3, 9), "C"),)


@pytest.mark.parametrize("players", range(2, 9))
def test_trains_need_one_arm_per_seat(players: int) -> None:
    rules = preset("trains", players=players, rounds=1)
    state, _ = new_game(rules, seed=players)
    started: list[ArmStarted] = []
    while state.board.arms_phase:
        assert state.board.open_ends == ((arm_id(len(started)), 9),)
        state, events = apply(state, legal_actions(state)[0])
        started.extend(of_kind(events, ArmStarted))
    assert [event.target for event in started] == [arm_id(index) for index in range(players)]
    assert {event.arms_required for event in started} == {players}
    assert state.board.arms_started == players
    assert {target for target, _ in state.board.open_ends} <= {arm_id(i) for i in range(players)}


@pytest.mark.parametrize("name", ["cross", "trains"])
def test_custom_arm_counts_are_honoured(name: PresetName) -> None:
    rules = preset(name, players=2, arms=6, rounds=1)
    hands = {0: "9|9 9|0 9|2 9|4 0|1", 1: "9|1 9|3 9|5 9|6"}
    if name == "trains":
        hands = {0: "9|0 9|2 9|4 0|1 9|6", 1: "9|1 9|3 9|5"}
    state, _ = start(rules, deal(rules, hands))
    first = state.turn
    order = (
        ["9|1", "9|0", "9|3", "9|2", "9|5", "9|4"]
        if first == 1
        else ["9|0", "9|1", "9|2", "9|3", "9|4", "9|5"]
    )
    for index, tile in enumerate(order):
        seat = (first + index) % 2
        state, events = run(state, f"{seat} {tile} {'ABCDEF'[index]}")
        assert of_kind(events, ArmStarted)[0].arms_required == 6
    assert not state.board.arms_phase
    assert [line.id for line in state.board.lines] == list("ABCDEF")
    with pytest.raises(CannotPlayThere, match="no open end 'G'"):
        apply(state, play(state.turn, Tile(6, 9), "G"))


def test_the_centre_takes_no_more_tiles_once_the_arms_are_started() -> None:
    rules = preset("cross", players=2, rounds=1)
    deck = deal(rules, {0: "9|9 9|2 9|4 9|6 2|3 6|6 6|7", 1: "9|1 9|3 9|5 1|7 5|5 5|6 5|7"})
    state, _ = start(rules, deck)
    state, _ = run(state, "1 9|1 A", "0 9|2 B", "1 9|3 C", "0 9|4 D")
    assert {as_kind(action, Play).tile for action in legal_actions(state)} == set(tiles("1|7"))
    with pytest.raises(CannotPlayThere, match="no open end 'E'"):
        apply(state, move("1 9|5 E"))
    assert kinds(run(state, "1 1|7 A")[1]) == ["tile_played"]
