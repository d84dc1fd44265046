"""The plain mode's set-up questions are worded as questions, so a screen reader says them as
questions."""

from __future__ import annotations

from chickenfoot.bots import BOT_LEVELS
from chickenfoot.text.setup_form import who_plays_question


def test_who_plays_a_seat_is_asked_as_a_question() -> None:
    question = who_plays_question("seat 1", "person")
    assert question.startswith("Who plays seat 1: a person, or a computer (")
    assert question.endswith(")? [person] ")
    levels = list(BOT_LEVELS)
    assert f"{levels[-2]} or {levels[-1]})" in question
    assert all(level in question for level in levels)
    assert who_plays_question("Ana", "casual").startswith("Who plays Ana: ")
