"""What the charts show: running totals from the rules' totals, ticks, the win share lines."""

from __future__ import annotations

import pytest

from chickenfoot.play.charts import (
    MARKERS,
    MOST_TICKS,
    nice_ticks,
    running_totals,
    running_totals_chart,
    ticks,
    win_share_chart,
)
from tests.saves.tally_oracle import GAMES, tally

ROUNDS = ((5, 0, 12), (20, 7, 0), (1, 30, 4))


def test_running_totals_start_at_zero_and_add_each_round() -> None:
    assert running_totals(ROUNDS, 3) == ((0, 5, 25, 26), (0, 0, 7, 37), (0, 12, 12, 16))
    assert running_totals((), 2) == ((0,), (0,))


def test_the_running_totals_chart() -> None:
    chart = running_totals_chart(["Ana", "[i]Bea[/i]"], ROUNDS[:2], 3)
    assert [line.label for line in chart.lines] == ["Ana", "[i]Bea[/i]", "Seat 3"]
    assert [line.marker for line in chart.lines] == list(MARKERS[:3])
    assert chart.lines[0].points == ((0, 0), (1, 5), (2, 25))
    assert chart.x_ticks == (0, 1, 2)
    assert chart.y_ticks == (0, 5, 10, 15, 20, 25)
    assert chart.words == ("Ana: 5, 25", "[i]Bea[/i]: 0, 7", "Seat 3: 12, 12")
    assert chart.drawable


def test_before_any_round_there_is_nothing_to_draw() -> None:
    chart = running_totals_chart(["Ana", "Bea"], (), 2)
    assert not chart.drawable
    assert chart.words == ("No round has finished yet.",)


@pytest.mark.parametrize(
    ("highest", "expected"),
    [
        (0, (0, 1)),
        (5, (0, 1, 2, 3, 4, 5)),
        (6, (0, 2, 4, 6)),
        (61, (0, 20, 40, 60, 80)),
        (145, (0, 50, 100, 150)),
        (999, (0, 200, 400, 600, 800, 1000)),
    ],
)
def test_nice_ticks(highest: int, expected: tuple[int, ...]) -> None:
    assert nice_ticks(highest) == expected


def test_ticks_are_whole_and_few() -> None:
    assert ticks(3) == (0, 1, 2, 3)
    long = ticks(2000, 1)
    assert long[0] == 1
    assert len(long) <= MOST_TICKS
    assert long[-1] <= 2000


def test_the_win_share_chart_follows_the_people_with_most_games() -> None:
    stats = tally(GAMES)
    chart = win_share_chart(stats)
    assert [line.label for line in chart.lines] == ["Ana", "Bea"]
    assert chart.lines[1].points == ((1.0, 0.0), (2.0, 25.0))
    assert chart.y_ticks == (0, 25, 50, 75, 100)
    assert chart.words == ("Ana: 66.7% after 3 games", "Bea: 25.0% after 2 games")
