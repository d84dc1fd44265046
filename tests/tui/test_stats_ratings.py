"""The Stats screen's ratings: each person's rating on the computers' scale with its range and
nearest level under the report, and its chart over their games."""

from __future__ import annotations

from chickenfoot.bots.rating import rate
from chickenfoot.saves.database import open_store
from chickenfoot.text.rating import RATINGS_TITLE, rating_lines
from chickenfoot.tui.app import ChickenFootApp
from chickenfoot.tui.widgets.charts import ChartView
from tests.tui.conftest import wait_for
from tests.tui.test_stats_screen import open_stats, save_games, text_of


async def test_each_person_s_rating_and_its_chart() -> None:
    save_games()
    store = open_store()
    try:
        history = rate(store.placings())
    finally:
        store.close()
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(100, 40)) as pilot:
        screen = await open_stats(pilot)
        report = text_of(screen, "#stats-report")
        assert RATINGS_TITLE in report
        assert "\n".join(rating_lines(history)) in report
        chart = screen.query_one("#stats-rating-chart", ChartView)
        assert chart.display
        await wait_for(pilot, lambda: chart.showing_chart, "the rating chart")
        lines = {line.label: line for line in chart.shown.lines}
        assert set(lines) == {"Ana", "[b]Bea[/b]"}  # literally, never as markup
        for name, line in lines.items():
            assert [point[1] for point in line.points] == [rating.mu for rating in history[name]]
            assert len(line.points) == 12


async def test_no_rating_no_chart() -> None:
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_stats(pilot)
        assert RATINGS_TITLE not in text_of(screen, "#stats-report")
        assert not screen.query_one("#stats-rating-chart", ChartView).display
