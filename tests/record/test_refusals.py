"""The rules' refusals in words: every rule-set problem and refused action a player can meet is
worded from the rules' codes through the catalogue (English as the rules say it; any other
language translated), in a saved game's errors and in ``chickenfoot verify``'s report."""

from __future__ import annotations

import itertools
from typing import get_args

import pytest

from chickenfoot.lang import speaking
from chickenfoot.record.fields import rules_from
from chickenfoot.record.model import GameRecord, RecordError, SeatConfig
from chickenfoot.record.refusals import FIELD_CODES, deck_problem, rule_problem, rule_reason
from chickenfoot.record.verify import verify_record
from chickenfoot.rules import (
    BadDeck,
    Pass,
    Play,
    ProblemCode,
    Reason,
    RuleProblem,
    RuleSet,
    RuleSetError,
    Tile,
    build_rules,
    check_decks,
    preset,
    refusal,
)
from chickenfoot.text.deal import verify_lines
from tests.pseudo import CLOSE, OPEN, PSEUDO, PseudoTranslations, english, pseudo


def unplayable_candidates() -> list[RuleSet]:
    """Rule sets built without validation over sizes, seats, hands, arms, reserves, rounds and
    both starts: many cannot be played, each for its own reasons."""
    candidates = []
    for set_size, players, hand, arms, reserve, rounds, start in itertools.product(
        (6, 9),
        (2, 3, 8),
        (None, 1, 7, 27),
        (None, 8),
        (0, 2, 60),
        (None, 11),
        ("holder", "search"),
    ):
        candidates.append(
            RuleSet.model_construct(
                **{
                    **preset("cross").model_dump(),
                    "set_size": set_size,
                    "players": players,
                    "hand_size": hand,
                    "arms": arms,
                    "reserve": reserve,
                    "rounds": rounds,
                    "round_start": start,
                }
            )
        )
    return candidates


def combination_problems() -> list[RuleProblem]:
    """Every problem of the candidates: each code of a combination, in many variants."""
    return [problem for candidate in unplayable_candidates() for problem in candidate.problems()]


def field_problems() -> list[RuleProblem]:
    """One problem of each code a field has on its own."""
    found: list[RuleProblem] = []
    for fields in (
        {"players": 1},
        {"players": 9},
        {"set_size": 10},
        {"draw": "two"},
        {"hand_size": "many"},
        {"colour": "red"},
        {"rounds": [1]},
        {"double_blank_points": float("inf")},
    ):
        with pytest.raises(RuleSetError) as caught:
            build_rules({**preset("cross").model_dump(), **fields})
        found.extend(caught.value.problems)
    return found


def test_the_candidates_meet_every_code() -> None:
    met = {problem.code for problem in [*combination_problems(), *field_problems()]}
    with pytest.raises(RuleSetError) as unknown:
        preset("dominoes")  # type: ignore[arg-type]
    met |= {problem.code for problem in unknown.value.problems}
    assert met == set(get_args(ProblemCode))


def test_a_combination_is_worded_in_english_as_the_rules_say_it() -> None:
    problems = combination_problems()
    assert len({problem.message for problem in problems}) > 20
    for problem in problems:
        assert problem.code not in FIELD_CODES
        assert rule_problem(problem) == problem.message


def test_a_fields_own_problem_is_worded_in_english_without_pydantics_words() -> None:
    worded = {problem.field: rule_problem(problem) for problem in field_problems()}
    assert worded == {
        "players": "at most 8",
        "set_size": "choose 6, 9, 12, 15 or 18",
        "draw": "choose one or until_playable",
        "hand_size": "a whole number is needed",
        "colour": "there is no such rule",
        "rounds": "a whole number is needed",
        "double_blank_points": "not a value this rule takes",
    }
    for problem in field_problems():
        assert problem.message == f"{problem.field}: {rule_problem(problem)}"


def test_too_few_seats_is_worded_with_its_bound() -> None:
    with pytest.raises(RuleSetError) as caught:
        preset("cross", players=1)
    (problem,) = caught.value.problems
    assert (problem.code, problem.values, rule_problem(problem)) == (
        "too_small",
        {"least": 2},
        "at least 2",
    )


def test_an_unknown_preset_is_worded_with_its_name() -> None:
    with pytest.raises(RuleSetError) as caught:
        preset("dominoes")  # type: ignore[arg-type]
    (problem,) = caught.value.problems
    assert rule_problem(problem) == "unknown preset 'dominoes': choose cross or trains"


def test_every_problem_is_translated_in_another_language() -> None:
    problems = [*combination_problems(), *field_problems()]
    with speaking(PSEUDO, PseudoTranslations()):
        for problem in problems:
            worded = rule_problem(problem)
            assert worded.startswith(OPEN) and worded.endswith(CLOSE), worded
            expected = problem.message
            if problem.code in FIELD_CODES:
                expected = expected.removeprefix(f"{problem.field}: ")
            assert english(worded) == expected


@pytest.mark.parametrize("reason", get_args(Reason))
def test_every_reason_is_worded_in_another_language(reason: Reason) -> None:
    english_words = rule_reason(reason)
    assert english_words != reason
    with speaking(PSEUDO, PseudoTranslations()):
        assert rule_reason(reason) == pseudo(english_words)


# ----- a saved game's errors and the verify report ------------------------------------------

SEATS = (SeatConfig(name="Ana", player="human"), SeatConfig(name="Bea", player="human"))


@pytest.fixture
def wrong_turn() -> GameRecord:
    """A new game whose first action is a seat passing out of turn."""
    rules = preset("cross", players=2, rounds=1)
    record = GameRecord.new(rules, SEATS, seed=7)
    turn = record.final_state().turn
    return record.appended(Pass(seat=1 - turn))


def test_an_action_out_of_turn_is_worded_from_its_code(wrong_turn: GameRecord) -> None:
    with pytest.raises(RecordError) as caught:
        wrong_turn.final_state()
    assert caught.value.problem == "action 1 (round 1): it is not that seat's turn"
    with speaking(PSEUDO, PseudoTranslations()), pytest.raises(RecordError) as translated:
        wrong_turn.truncated(1).final_state()
    assert pseudo("it is not that seat's turn") in translated.value.problem
    assert english(translated.value.problem) == caught.value.problem


def test_the_verify_report_keeps_the_code_and_words_it_where_shown(
    wrong_turn: GameRecord,
) -> None:
    verification = verify_record(wrong_turn)
    assert verification.illegal is not None
    assert verification.illegal.reason == "not_your_turn"
    lines = verify_lines(verification, "game.json")
    assert any(line.endswith("but it is not that seat's turn") for line in lines)
    with speaking(PSEUDO, PseudoTranslations()):
        translated = verify_lines(verification, "game.json")
    assert any(pseudo("it is not that seat's turn") in line for line in translated)
    assert not any("not_your_turn" in line for line in [*lines, *translated])


def test_a_tile_not_in_hand_is_worded_without_the_rules_english() -> None:
    rules = preset("cross", players=2, rounds=1)
    record = GameRecord.new(rules, SEATS, seed=3)
    state = record.final_state()
    missing = next(tile for tile in state.boneyard)
    action = Play(seat=state.turn, tile=missing, target="A")
    refused = refusal(state, action)
    assert refused is not None and refused.reason == "tile_not_in_hand"
    with speaking(PSEUDO, PseudoTranslations()), pytest.raises(RecordError) as caught:
        record.appended(action).final_state()
    assert pseudo("the tile is not in the hand") in caught.value.problem
    assert str(refused) not in english(caught.value.problem)


def test_impossible_rules_in_a_saved_game_are_worded_in_the_language() -> None:
    document = {**preset("cross").model_dump(mode="json"), "players": 8}
    with pytest.raises(RecordError) as caught:
        rules_from(document)
    assert caught.value.where == "rules.hand_size"
    assert caught.value.problem.startswith("impossible rules: 8 seats × 7 tiles = 56 tiles")
    with speaking(PSEUDO, PseudoTranslations()), pytest.raises(RecordError) as translated:
        rules_from(document)
    assert pseudo("use a double-{size} set").format(size=12) in translated.value.problem
    assert english(translated.value.problem) == caught.value.problem


def test_a_rules_field_of_a_saved_game_is_worded_in_the_language() -> None:
    document = {**preset("cross").model_dump(mode="json"), "arms": 9}
    with speaking(PSEUDO, PseudoTranslations()), pytest.raises(RecordError) as translated:
        rules_from(document)
    assert translated.value.where == "rules.arms"
    assert OPEN in translated.value.problem and "Input should" not in translated.value.problem


def deck_error(decks: tuple[tuple[Tile, ...], ...]) -> RecordError:
    """The error of a two-seat, two-round game given ``decks``."""
    with pytest.raises(RecordError) as caught:
        GameRecord.new(preset("cross", players=2, rounds=2), SEATS, decks=decks)
    return caught.value


def test_the_decks_problems_are_worded_from_their_codes() -> None:
    decks = GameRecord.new(preset("cross", players=2, rounds=2), SEATS, seed=1).decks
    twice = (decks[0], (decks[1][1], *decks[1][1:]))
    foreign = (decks[0], (Tile(9, 12), *decks[1][1:]))
    cases = [
        (twice, f"round 2: the deck holds {decks[1][1]} twice"),
        (foreign, "round 2: 9|12 is not in a double-9 set"),
        (decks[:1], "1 deck for 2 rounds: one per round is needed"),
    ]
    for given, english_words in cases:
        assert deck_error(given).problem == english_words
        with speaking(PSEUDO, PseudoTranslations()):
            translated = deck_error(given).problem
        assert translated.startswith(OPEN) and english(translated) == english_words


def test_a_deck_short_of_tiles_is_worded_from_its_code() -> None:
    rules = preset("cross", players=2, rounds=2)
    decks = GameRecord.new(rules, SEATS, seed=1).decks
    with pytest.raises(BadDeck) as caught:
        check_decks(rules, (decks[0], decks[1][1:]))
    assert caught.value.code == "tiles_missing"
    assert deck_problem(caught.value) == f"round 2: the deck is missing 1 tile ({decks[1][0]})"
    with speaking(PSEUDO, PseudoTranslations()):
        assert deck_problem(caught.value) == pseudo(
            "round {round}: the deck is missing {count} tile ({tiles})"
        ).format(round=2, count=1, tiles=decks[1][0])
