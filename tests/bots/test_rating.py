"""Ratings on the computers' scale: the levels fixed where their tournaments put them, a
person's rating moving with each finished game and growing surer, the nearest level."""

from __future__ import annotations

import math

from chickenfoot.bots.rating import (
    LADDER_SHARES,
    START_MU,
    Placing,
    Rating,
    level_ratings,
    nearest_level,
    rate,
)


def test_the_levels_keep_the_ladder_s_order_and_its_measured_shares() -> None:
    levels = level_ratings()
    assert list(levels) == ["beginner", "casual", "hard", "expert"]
    means = [rating.mu for rating in levels.values()]
    assert means == sorted(means)
    assert levels["casual"].mu == START_MU
    for upper, lower, share in LADDER_SHARES:
        gap = levels[upper].mu - levels[lower].mu
        spread = math.sqrt(4 * (levels[upper].sigma ** 2 + (START_MU / 6) ** 2))
        odds = math.exp(gap / spread)
        assert math.isclose(odds / (odds + 3), share)


def against(level: str, place: int) -> list[Placing]:
    """Ana in ``place`` among herself and three computers of ``level``."""
    others = [Placing(f"{level} {seat}", level, seat + 1) for seat in range(4)]
    others.pop(place - 1)
    return sorted([Placing("Ana", None, place), *others], key=lambda seat: seat.place)


def test_a_person_climbs_past_the_level_they_beat_and_grows_surer() -> None:
    history = rate([against("hard", 1)] * 12)["Ana"]
    assert len(history) == 12
    assert history[-1].mu > level_ratings()["hard"].mu
    assert history[-1].sigma < history[0].sigma < START_MU / 3
    assert nearest_level(history[-1]) in ("hard", "expert")


def test_a_person_who_loses_to_beginners_falls_below_them() -> None:
    (ana,) = rate([against("beginner", 4)] * 12).values()
    assert ana[-1].mu < level_ratings()["beginner"].mu
    assert nearest_level(ana[-1]) == "beginner"


def test_games_of_computers_alone_do_not_count_and_old_level_names_do() -> None:
    robots = [Placing("X", "casual", 1), Placing("Y", "greedy", 2)]
    assert rate([robots]) == {}
    history = rate([[Placing("Ana", None, 1), Placing("Old", "greedy", 2)]])
    assert history["Ana"][0].mu > START_MU


def test_people_rate_each_other_and_a_shared_place_is_a_draw() -> None:
    game = [Placing("Ana", None, 1), Placing("Bea", None, 1), Placing("Cy", None, 3)]
    ratings = {name: history[-1] for name, history in rate([game]).items()}
    assert math.isclose(ratings["Ana"].mu, ratings["Bea"].mu)
    assert ratings["Cy"].mu < START_MU < ratings["Ana"].mu


def test_a_rating_s_range() -> None:
    assert (Rating(30.0, 2.5).low, Rating(30.0, 2.5).high) == (25.0, 35.0)
