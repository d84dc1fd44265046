"""Scoring rounds, counting rounds down, and ranking the seats (with each preset's ties)."""

from __future__ import annotations

import pytest

from chickenfoot.rules import (
    GameOver,
    RoundScored,
    RoundStarted,
    RuleSet,
    Standing,
    WentOut,
    apply,
    full_set,
    hand_points,
    legal_actions,
    new_game,
    preset,
    rank,
    set_points,
    tile_points,
)
from chickenfoot.rules.ruleset import PresetName

from .conftest import deal, of_kind, run, start, tiles


def small(name: PresetName, **overrides: object) -> RuleSet:
    """A double-6, two-seat, three-tile, two-arm game of preset ``name``: rounds end quickly."""
    return preset(name, set_size=6, players=2, hand_size=3, arms=2, **{"rounds": 1, **overrides})


@pytest.mark.parametrize(
    ("rules", "points"),
    [
        (small("cross"), 50),
        (small("trains"), 0),
        (small("trains", double_blank_points=50), 50),
        (small("cross", double_blank_points=0), 0),
    ],
    ids=["cross", "trains", "trains-with-50", "cross-without-50"],
)
def test_a_seat_out_scores_zero_and_the_others_their_pips_with_double_blank_per_rules(
    rules: RuleSet, points: int
) -> None:
    if rules.round_start == "holder":
        deck = deal(rules, {0: "6|6 6|2 2|3", 1: "6|1 0|0 1|4"})
        moves: tuple[str, ...] = ("1 6|1 A", "0 6|2 B", "1 1|4 A", "0 2|3 B")
    else:
        deck = deal(rules, {0: "6|2 2|3 3|5", 1: "6|1 0|0 1|4"})
        moves = ("0 6|2 A", "1 6|1 B", "0 2|3 A", "1 1|4 B", "0 3|5 A")
    state, events = run(start(rules, deck)[0], *moves)
    scored = of_kind(events, RoundScored)[0]
    assert scored.hands == ((), tiles("0|0"))
    assert scored.points == (0, points)
    assert scored.totals == (0, points)
    assert state.round_scores == ((0, points),)


def test_totals_add_up_over_rounds_and_the_game_ends_after_the_last() -> None:
    rules = small("cross", rounds=2)
    first = deal(rules, {0: "6|6 6|2 2|3", 1: "6|1 0|0 1|4"})
    second = deal(rules, {0: "5|0 0|2 3|4", 1: "5|5 5|1 1|2"}, round_index=1)
    state, _ = start(rules, first, second)
    state, events = run(state, "1 6|1 A", "0 6|2 B", "1 1|4 A", "0 2|3 B")
    assert of_kind(events, WentOut) == [WentOut(seat=0, foot_open=False)]
    started = of_kind(events, RoundStarted)[0]
    assert (started.round, started.double, started.placed_by, started.first_player) == (2, 5, 1, 0)
    assert not state.over and state.totals == (0, 50)
    state, events = run(state, "0 5|0 A", "1 5|1 B", "0 0|2 A", "1 1|2 B")
    scored = of_kind(events, RoundScored)[0]
    assert (scored.round, scored.double, scored.points, scored.totals) == (2, 5, (7, 0), (7, 50))
    assert state.over and state.round_scores == ((0, 50), (7, 0))
    assert of_kind(events, GameOver) == [
        GameOver(
            ranking=(
                Standing(seat=0, place=1, total=7, zero_rounds=1, lowest_round=7),
                Standing(seat=1, place=2, total=50, zero_rounds=1, lowest_round=50),
            ),
            winners=(0,),
            decided_by="none",
        )
    ]
    assert legal_actions(state) == ()


@pytest.mark.parametrize("name", ["cross", "trains"])
def test_a_shorter_game_counts_down_from_the_highest_double(name: PresetName) -> None:
    rules = preset(name, rounds=3)
    state, events = new_game(rules, seed=5)
    doubles = [event.double for event in of_kind(events, RoundStarted)]
    while not state.over:
        state, events = apply(state, legal_actions(state)[0])
        doubles += [event.double for event in of_kind(events, RoundStarted)]
    assert doubles == [9, 8, 7]
    assert len(state.round_scores) == 3


def test_a_full_game_plays_every_double_down_to_blank() -> None:
    rules = preset("trains", set_size=6, players=3)
    state, events = new_game(rules, seed=2)
    doubles = [event.double for event in of_kind(events, RoundStarted)]
    while not state.over:
        state, events = apply(state, legal_actions(state)[0])
        doubles += [event.double for event in of_kind(events, RoundStarted)]
    assert doubles == [6, 5, 4, 3, 2, 1, 0]


@pytest.mark.parametrize(("double_blank", "points"), [(0, 8 + 12), (50, 50 + 8 + 12)])
def test_hand_points_count_pips_and_the_double_blank(double_blank: int, points: int) -> None:
    assert hand_points(tiles("0|0 3|5 6|6"), double_blank) == points
    assert hand_points((), double_blank) == 0


@pytest.mark.parametrize(("set_size", "double_blank"), [(6, 0), (9, 50), (12, 0), (12, 50)])
def test_set_points_weigh_every_tile_of_the_set_as_it_scores(
    set_size: int, double_blank: int
) -> None:
    points = set_points(set_size, double_blank)
    assert set(points) == set(full_set(set_size))
    assert all(points[tile] == tile_points(tile, double_blank) for tile in points)
    assert points[tiles("0|0")[0]] == double_blank
    assert points[tiles(f"{set_size}|{set_size}")[0]] == 2 * set_size
    assert points[tiles("3|5")[0]] == 8


# ----- ranking and ties -------------------------------------------------------------------

CROSS = preset("cross", players=3)
TRAINS = preset("trains", players=3)


def scores(*per_seat: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Round scores written seat by seat, turned into the engine's round-by-round table."""
    return tuple(zip(*per_seat, strict=True))


def test_lowest_total_wins() -> None:
    standings, winners, decided_by = rank(CROSS, scores((0, 4), (5, 0), (9, 9)))
    assert winners == (0,) and decided_by == "none"
    assert [(s.seat, s.place, s.total) for s in standings] == [(0, 1, 4), (1, 2, 5), (2, 3, 18)]


def test_cross_tie_goes_to_the_most_rounds_at_zero() -> None:
    table = scores((0, 0, 12), (4, 4, 4), (20, 0, 0))
    standings, winners, decided_by = rank(CROSS, table)
    assert (winners, decided_by) == ((0,), "zero_rounds")
    places = [(s.seat, s.place, s.zero_rounds) for s in standings]
    assert places == [(0, 1, 2), (1, 2, 0), (2, 3, 2)]


def test_cross_then_the_lowest_single_non_zero_round() -> None:
    table = scores((0, 3, 9), (0, 5, 7), (1, 1, 1))
    standings, winners, decided_by = rank(CROSS, table)
    assert (winners, decided_by) == ((2,), "none")
    table = scores((0, 3, 9), (0, 5, 7), (6, 6, 6))
    standings, winners, decided_by = rank(CROSS, table)
    assert (winners, decided_by) == ((0,), "lowest_round")
    assert [(s.seat, s.lowest_round) for s in standings][:2] == [(0, 3), (1, 5)]


def test_cross_then_the_win_is_shared() -> None:
    table = scores((0, 5, 7), (0, 7, 5), (9, 9, 9))
    standings, winners, decided_by = rank(CROSS, table)
    assert (winners, decided_by) == ((0, 1), "shared")
    assert [(s.seat, s.place) for s in standings] == [(0, 1), (1, 1), (2, 3)]


def test_cross_zero_round_tie_among_three_falls_through_to_the_lowest_round() -> None:
    table = scores((0, 0, 12), (0, 3, 9), (0, 4, 8))
    _, winners, decided_by = rank(CROSS, table)
    assert (winners, decided_by) == ((0,), "zero_rounds")
    table = scores((0, 5, 7), (0, 3, 9), (0, 4, 8))
    _, winners, decided_by = rank(CROSS, table)
    assert (winners, decided_by) == ((1,), "lowest_round")


def test_trains_ties_are_shared() -> None:
    table = scores((0, 0, 12), (4, 4, 4), (20, 0, 0))
    standings, winners, decided_by = rank(TRAINS, table)
    assert (winners, decided_by) == ((0, 1), "shared")
    assert [s.place for s in standings] == [1, 1, 3]


@pytest.mark.parametrize("name", ["cross", "trains"])
def test_a_tied_game_played_out_is_shared_under_both_presets(name: PresetName) -> None:
    """Each seat goes out once and is left with 7 pips once: nothing tells them apart."""
    rules = small(name, rounds=2)
    if name == "cross":
        first = deal(rules, {0: "6|6 6|2 2|3", 1: "6|1 3|4 1|4"})
        second = deal(rules, {0: "5|0 0|2 3|4", 1: "5|5 5|1 1|2"}, round_index=1)
        moves: tuple[str, ...] = (
            "1 6|1 A",
            "0 6|2 B",
            "1 1|4 A",
            "0 2|3 B",
            "0 5|0 A",
            "1 5|1 B",
            "0 0|2 A",
            "1 1|2 A",
        )
    else:
        first = deal(rules, {0: "6|2 2|3 3|5", 1: "6|1 3|4 1|4"})
        second = deal(rules, {0: "5|0 2|5 0|3", 1: "5|1 1|2 2|4"}, round_index=1)
        moves = (
            "0 6|2 A",
            "1 6|1 B",
            "0 2|3 A",
            "1 1|4 B",
            "0 3|5 A",
            "1 5|1 A",
            "0 5|0 B",
            "1 1|2 A",
            "0 0|3 B",
            "1 2|4 A",
        )
    state, events = run(start(rules, first, second)[0], *moves)
    assert state.round_scores == ((0, 7), (7, 0))
    over = of_kind(events, GameOver)[0]
    assert (over.winners, over.decided_by) == ((0, 1), "shared")
