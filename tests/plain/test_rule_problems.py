"""The plain mode's set-up says what is wrong with its rules in the player's language, worded
from the rules' codes (never the rules' own English, never Pydantic's)."""

from __future__ import annotations

import io

from chickenfoot.lang import _, speaking
from chickenfoot.plain.console import Console
from chickenfoot.plain.setup import PlainSetup
from chickenfoot.saves.settings import SetupChoice
from chickenfoot.text.setup_form import FIELDS_BY_NAME
from tests.pseudo import PSEUDO, PseudoTranslations, english, pseudo


def set_up(**fields: str) -> PlainSetup:
    """A plain set-up of four seats of the cross preset with ``fields`` typed in the form."""
    return PlainSetup(Console(io.StringIO(), io.StringIO()), SetupChoice(fields=fields))


def test_too_many_rounds_are_said_under_the_fields_label() -> None:
    problems = set_up(rounds="11").rules()
    assert problems == [
        f"{_(FIELDS_BY_NAME['rounds'].label)}: 11 rounds, but a double-9 set has only 10 doubles "
        "to start them: play at most 10 rounds"
    ]


def test_a_fields_own_problem_is_said_under_its_label() -> None:
    problems = set_up(arms="9").rules()
    assert problems == [f"{_(FIELDS_BY_NAME['arms'].label)}: at most 8"]


def test_the_problems_are_said_in_the_language() -> None:
    with speaking(PSEUDO, PseudoTranslations()):
        rounds = set_up(rounds="11").rules()
        arms = set_up(arms="9").rules()
    assert isinstance(rounds, list) and isinstance(arms, list)
    (rounds_problem,) = rounds
    assert (
        pseudo(
            "{count} rounds, but a double-{size} set has only {doubles} doubles to start them: "
            "play at most {doubles} rounds"
        ).format(count=11, size=9, doubles=10)
        in rounds_problem
    )
    (arms_problem,) = arms
    assert pseudo("at most {bound}").format(bound=8) in arms_problem
    assert english(arms_problem) == f"{_(FIELDS_BY_NAME['arms'].label)}: at most 8"
