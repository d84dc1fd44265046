"""Rule sets: the two presets of RULES.md, their defaults, and the refusal of unplayable ones."""

from __future__ import annotations

import pytest

from chickenfoot.rules import (
    PRESETS,
    SET_SIZES,
    RuleSet,
    RuleSetError,
    build_rules,
    default_hand_size,
    full_set,
    preset,
)
from chickenfoot.rules.ruleset import PresetName

TRAINS_SOURCE_HANDS = {2: 21, 3: 14, 4: 11, 5: 8, 6: 7, 7: 6, 8: 5}
"""The hand-size table of seeds/000 (double-9), by number of players."""


@pytest.mark.parametrize(("set_size", "tiles"), [(6, 28), (9, 55), (12, 91), (15, 136), (18, 190)])
def test_a_double_n_set_holds_every_pair_once(set_size: int, tiles: int) -> None:
    every = full_set(set_size)
    assert len(every) == len(set(every)) == tiles
    assert preset("trains", set_size=set_size, players=2).tile_count == tiles
    assert all(0 <= tile.low <= tile.high <= set_size for tile in every)


def test_cross_preset_matches_rules_md() -> None:
    rules = preset("cross")
    assert (rules.set_size, rules.players, rules.tiles_per_hand) == (9, 4, 7)
    assert rules.arm_count == 4
    assert rules.drawn_tile == "may_play"
    assert rules.draw == "one"
    assert rules.reserve_count == 0
    assert rules.double_blank_points == 50
    assert rules.round_start == "holder"
    assert rules.tie_break == "zero_rounds"
    assert rules.round_count == 10


def test_trains_preset_matches_rules_md() -> None:
    rules = preset("trains")
    assert (rules.set_size, rules.players, rules.tiles_per_hand) == (9, 4, 11)
    assert rules.arm_count == 4
    assert rules.drawn_tile == "must_play"
    assert rules.draw == "one"
    assert rules.double_blank_points == 0
    assert rules.round_start == "search"
    assert rules.tie_break == "shared"
    assert rules.round_count == 10


@pytest.mark.parametrize("players", range(2, 9))
def test_trains_double_nine_hands_follow_the_source_table(players: int) -> None:
    rules = preset("trains", players=players)
    assert rules.tiles_per_hand == TRAINS_SOURCE_HANDS[players]
    assert rules.arm_count == players


@pytest.mark.parametrize(("players", "reserve"), [(2, 2), (3, 1), (5, 1), (8, 1)])
def test_trains_reserve_is_two_tiles_for_two_players_else_one(players: int, reserve: int) -> None:
    assert preset("trains", players=players).reserve_count == reserve


@pytest.mark.parametrize("players", range(2, 8))
def test_cross_always_four_arms_and_no_reserve(players: int) -> None:
    rules = preset("cross", players=players)
    assert rules.arm_count == 4
    assert rules.reserve_count == 0
    assert rules.tiles_per_hand == 7


def test_cross_with_eight_players_is_refused_with_what_would_work() -> None:
    with pytest.raises(RuleSetError) as caught:
        preset("cross", players=8)
    message = str(caught.value)
    assert "56 tiles" in message
    assert "55" in message
    assert "double-12" in message
    assert "at most 6 tiles each" in message
    assert [problem.field for problem in caught.value.problems] == ["hand_size"]


def test_trains_counts_the_reserve_and_the_centre_double_when_refusing() -> None:
    with pytest.raises(RuleSetError) as caught:
        preset("trains", players=2, hand_size=27)
    message = str(caught.value)
    assert "1 kept in the boneyard" not in message
    assert "2 kept in the boneyard" in message
    assert "1 for the centre double" in message
    assert "= 57 tiles" in message
    # 55 - 2 - 1 = 52 tiles can be dealt: 26 each.
    assert "at most 26 tiles each" in message


def test_too_many_arms_for_the_set_is_refused() -> None:
    with pytest.raises(RuleSetError) as caught:
        preset("cross", set_size=6, players=2, arms=8)
    assert [problem.field for problem in caught.value.problems] == ["arms"]
    assert "at most 6 arms" in str(caught.value)


def test_more_rounds_than_doubles_is_refused() -> None:
    with pytest.raises(RuleSetError) as caught:
        preset("cross", rounds=11)
    assert "at most 10 rounds" in str(caught.value)


def test_several_problems_are_all_reported() -> None:
    with pytest.raises(RuleSetError) as caught:
        preset("cross", set_size=6, players=6, arms=8, rounds=9)
    fields = [problem.field for problem in caught.value.problems]
    assert fields == ["hand_size", "arms", "rounds"]
    for problem in caught.value.problems:
        assert problem.message in str(caught.value)


@pytest.mark.parametrize(
    ("overrides", "field"),
    [
        ({"players": 1}, "players"),
        ({"players": 9}, "players"),
        ({"set_size": 10}, "set_size"),
        ({"arms": 1}, "arms"),
        ({"arms": 9}, "arms"),
        ({"draw": "two"}, "draw"),
        ({"drawn_tile": "maybe"}, "drawn_tile"),
        ({"hand_size": 0}, "hand_size"),
        ({"rounds": 0}, "rounds"),
        ({"colour": "red"}, "colour"),
    ],
)
def test_bad_fields_are_refused_naming_the_field(overrides: dict[str, object], field: str) -> None:
    with pytest.raises(RuleSetError) as caught:
        preset("cross", **overrides)
    assert field in [problem.field for problem in caught.value.problems]
    assert field in str(caught.value)


def test_unknown_preset_is_refused() -> None:
    with pytest.raises(RuleSetError, match="choose cross or trains"):
        preset("dominoes")  # type: ignore[arg-type]


def test_rule_sets_are_frozen() -> None:
    rules = preset("cross")
    with pytest.raises(ValueError, match="frozen"):
        rules.players = 3  # type: ignore[misc]


def test_build_rules_accepts_a_full_field_mapping() -> None:
    rules = preset("trains", players=5, set_size=12, rounds=3)
    assert build_rules(rules.model_dump()) == rules


@pytest.mark.parametrize("set_size", SET_SIZES)
def test_rounds_count_down_from_the_highest_double(set_size: int) -> None:
    rules = preset("cross", set_size=set_size, players=2)
    doubles = [rules.round_double(index) for index in range(rules.round_count)]
    assert doubles == list(range(set_size, -1, -1))


def test_a_shorter_game_still_starts_from_the_highest_double() -> None:
    rules = preset("trains", rounds=3)
    assert rules.round_count == 3
    assert [rules.round_double(index) for index in range(3)] == [9, 8, 7]


@pytest.mark.parametrize("name", PRESETS)
@pytest.mark.parametrize("set_size", SET_SIZES)
@pytest.mark.parametrize("players", range(2, 9))
def test_every_default_hand_size_is_documented_and_fits_the_set(
    name: PresetName, set_size: int, players: int
) -> None:
    hand = default_hand_size(name, set_size, players)
    assert hand >= 1
    candidate = RuleSet.model_construct(
        **{**preset(name, players=2, set_size=set_size).model_dump(), "players": players}
    )
    assert candidate.tiles_per_hand == hand
    problems = {problem.field: problem for problem in candidate.problems()}
    if name == "trains":
        # The trains default is scaled from the source's table and never over-deals.
        assert "hand_size" not in problems
    if "hand_size" not in problems:
        assert players * hand + candidate.reserve_count <= len(full_set(set_size))


@pytest.mark.parametrize("set_size", SET_SIZES)
def test_trains_default_hands_shrink_as_seats_grow(set_size: int) -> None:
    hands = [default_hand_size("trains", set_size, players) for players in range(2, 9)]
    assert hands == sorted(hands, reverse=True)


@pytest.mark.parametrize("players", range(2, 9))
def test_trains_default_hands_grow_with_the_set(players: int) -> None:
    hands = [default_hand_size("trains", set_size, players) for set_size in SET_SIZES]
    assert hands == sorted(hands)


def test_cross_default_hand_is_seven_and_five_on_double_six() -> None:
    assert {default_hand_size("cross", size, 4) for size in SET_SIZES if size != 6} == {7}
    assert default_hand_size("cross", 6, 4) == 5
