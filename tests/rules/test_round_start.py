"""Who starts a round, for both presets, and the dealing scheme behind it."""

from __future__ import annotations

import pytest

from chickenfoot.rules import (
    BadDeck,
    RoundScored,
    RoundStarted,
    Tile,
    TileDrawn,
    new_game,
    preset,
    visible_to,
)
from tests.kit import as_kind

from .conftest import deal, game_decks, kinds, of_kind, run, start, tiles

CROSS_THREE = preset("cross", players=3, rounds=1)
TRAINS_FOUR = preset("trains", players=4, rounds=1)


def test_a_cross_deal_gives_each_seat_its_block_and_the_rest_is_the_boneyard() -> None:
    deck = deal(CROSS_THREE, {0: "9|9 1|2", 2: "3|4"}, boneyard="5|6 7|8")
    state, _ = start(CROSS_THREE, deck)
    assert deck[:7] == tiles("9|9 1|2") + deck[2:7]
    assert set(tiles("1|2")) <= set(state.hands[0])
    assert state.hands[2][0] == Tile(3, 4)
    assert state.boneyard[:2] == tiles("5|6 7|8")
    assert len(state.boneyard) == 55 - 3 * 7


def test_cross_holder_places_the_double_and_the_next_seat_plays() -> None:
    deck = deal(CROSS_THREE, {1: "9|9 9|1"})
    state, events = start(CROSS_THREE, deck)
    assert events == (RoundStarted(round=1, double=9, placed_by=1, first_player=2, search_draws=0),)
    assert state.board.centre == 9
    assert Tile(9, 9) not in state.hands[1]
    assert [len(hand) for hand in state.hands] == [7, 6, 7]
    assert state.turn == 2
    assert state.board.open_ends == (("A", 9),)


def test_cross_nobody_holds_the_double_seats_draw_in_turn_and_keep_what_they_draw() -> None:
    deck = deal(CROSS_THREE, {}, boneyard="1|2 3|4 5|6 9|9 0|8")
    state, events = start(CROSS_THREE, deck)
    assert kinds(events) == ["round_started"] + ["tile_drawn"] * 4
    assert events[0] == RoundStarted(round=1, double=9, placed_by=0, first_player=1, search_draws=4)
    drawn = [(event.seat, str(event.tile), event.searching) for event in of_kind(events, TileDrawn)]
    assert drawn == [(0, "1|2", True), (1, "3|4", True), (2, "5|6", True), (0, "9|9", True)]
    assert Tile(1, 2) in state.hands[0] and Tile(9, 9) not in state.hands[0]
    assert Tile(3, 4) in state.hands[1] and Tile(5, 6) in state.hands[2]
    assert [len(hand) for hand in state.hands] == [8, 8, 8]
    assert state.boneyard[0] == Tile(0, 8)
    assert state.turn == 1
    hidden = visible_to(events, 1)
    assert [event.tile for event in of_kind(hidden, TileDrawn)] == [None, Tile(3, 4), None, None]


QUICK_CROSS = preset("cross", set_size=6, players=3, hand_size=2, arms=2, rounds=2)


def quick_cross_first_round() -> tuple[Tile, ...]:
    """Round 1 of QUICK_CROSS: seat 0 places 6|6, seats 1 and 2 start the arms, seat 0 goes out."""
    return deal(QUICK_CROSS, {0: "6|6 1|3", 1: "6|1 1|1", 2: "6|2 2|5"})


def test_cross_search_in_a_later_round_starts_with_seat_round_mod_players() -> None:
    second = deal(QUICK_CROSS, {}, boneyard="0|1 5|5", round_index=1)
    state, _ = start(QUICK_CROSS, quick_cross_first_round(), second)
    state, events = run(state, "1 6|1 A", "2 6|2 B", "0 1|3 A")
    assert kinds(events)[-6:] == [
        "tile_played",
        "went_out",
        "round_scored",
        "round_started",
        "tile_drawn",
        "tile_drawn",
    ]
    started = of_kind(events, RoundStarted)[0]
    assert started == RoundStarted(round=2, double=5, placed_by=2, first_player=0, search_draws=2)
    searched = [(event.seat, str(event.tile)) for event in of_kind(events, TileDrawn)]
    assert searched == [(1, "0|1"), (2, "5|5")]
    assert state.round_number == 2
    assert state.board.centre == 5
    assert state.turn == 0


def test_trains_search_before_the_deal_the_finder_plays_first() -> None:
    deck = deal(TRAINS_FOUR, {0: "1|2", 2: "9|4 3|3"}, finder=2)
    assert deck[2] == Tile(9, 9)
    state, events = start(TRAINS_FOUR, deck)
    assert events == (RoundStarted(round=1, double=9, placed_by=2, first_player=2, search_draws=3),)
    assert state.turn == 2
    assert state.board.centre == 9
    # The hands are dealt in blocks from the deck without the double ("shuffled back").
    rest = deck[:2] + deck[3:]
    assert state.hands == tuple(rest[seat * 11 : (seat + 1) * 11] for seat in range(4))
    assert state.boneyard == rest[44:]
    assert all(Tile(9, 9) not in hand for hand in state.hands)


def test_trains_first_seeker_finding_the_double_plays_first() -> None:
    _state, events = start(TRAINS_FOUR, deal(TRAINS_FOUR, {}))
    started = as_kind(events[0], RoundStarted)
    assert started.placed_by == 0 and started.first_player == 0
    assert started.search_draws == 1


QUICK_TRAINS = preset("trains", set_size=6, players=2, hand_size=2, arms=2, rounds=2)


@pytest.mark.parametrize(("finder", "draws"), [(None, 1), (1, 1), (0, 2)])
def test_trains_search_in_a_later_round_starts_with_seat_round_mod_players(
    finder: int | None, draws: int
) -> None:
    first = deal(QUICK_TRAINS, {0: "6|0 0|3", 1: "6|1 1|4"})
    second = deal(QUICK_TRAINS, {}, round_index=1, finder=finder)
    state, _ = start(QUICK_TRAINS, first, second)
    state, events = run(state, "0 6|0 A", "1 6|1 B", "0 0|3 A")
    started = of_kind(events, RoundStarted)[0]
    placer = 1 if finder is None else finder
    assert started == RoundStarted(
        round=2, double=5, placed_by=placer, first_player=placer, search_draws=draws
    )
    assert state.turn == placer
    assert not of_kind(events, TileDrawn), "the search draws are shuffled back, not kept"


def test_a_deal_of_one_tile_to_the_holder_of_the_double_ends_the_round_at_once() -> None:
    rules = preset("cross", set_size=6, players=2, hand_size=1, rounds=2)
    first = deal(rules, {0: "6|6"})
    second = deal(rules, {}, boneyard="5|5", round_index=1)
    state, events = new_game(rules, game_decks(rules, first, second))
    assert kinds(events) == [
        "round_started",
        "went_out",
        "round_scored",
        "round_started",
        "tile_drawn",
    ]
    assert of_kind(events, RoundScored)[0].points[0] == 0
    assert state.round_number == 2 and state.turn == 0


def test_a_holder_search_may_dig_into_a_house_rule_reserve_to_find_the_double() -> None:
    rules = preset("cross", set_size=6, players=2, hand_size=5, reserve=2, rounds=1)
    deck = deal(
        rules,
        {0: "2|2 2|3 2|4 2|5 2|6", 1: "3|3 3|4 3|5 3|6 4|4"},
        boneyard="0|0 0|1 0|2 0|3 0|4 0|5 0|6 1|1 1|2 1|3 1|4 1|5 1|6 4|5 4|6 5|5 5|6 6|6",
    )
    state, events = start(rules, deck)
    started = as_kind(events[0], RoundStarted)
    assert started.search_draws == 18 and started.placed_by == 1
    assert state.boneyard == () and state.drawable == 0
    assert sum(len(hand) for hand in state.hands) == 27


def test_decks_must_be_one_full_set_per_round() -> None:
    rules = preset("cross", rounds=2)
    deck = deal(rules, {0: "9|9"})
    with pytest.raises(BadDeck, match="one per round"):
        new_game(rules, (deck,))
    with pytest.raises(BadDeck, match="twice"):
        new_game(rules, (deck, deck[:-1] + deck[:1]))
    with pytest.raises(BadDeck, match="missing"):
        new_game(rules, (deck, deck[:-1]))


def test_shuffled_games_are_reproducible_from_the_seed() -> None:
    assert new_game(preset("trains"), seed=7) == new_game(preset("trains"), seed=7)
    assert new_game(preset("trains"), seed=7)[0] != new_game(preset("trains"), seed=8)[0]


def test_drawn_tiles_carry_the_search_flag_only_while_searching() -> None:
    deck = deal(CROSS_THREE, {}, boneyard="9|9")
    _, events = start(CROSS_THREE, deck)
    assert of_kind(events, TileDrawn) == [TileDrawn(seat=0, tile=Tile(9, 9), searching=True)]
