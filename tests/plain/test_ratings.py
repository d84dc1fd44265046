"""The plain mode's statistics say each person's rating on the computers' scale, as
``chickenfoot stats`` prints it."""

from __future__ import annotations

from tests.kit import Kit
from tests.plain.test_app import finished_game, run


def test_the_statistics_say_each_person_s_rating(kit: type[Kit]) -> None:
    finished_game(kit)
    console = run("s", "q")
    said = console.said
    title = said.index("Ratings, on the computers' scale")
    assert said[title + 1].startswith("The computers stand at beginner 18.9")
    assert said[title + 3].split()[0] == "Ana"
