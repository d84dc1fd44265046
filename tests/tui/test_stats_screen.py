"""The Stats screen: opened from the menu, read in a worker, names literal, and snapshots."""

from __future__ import annotations

import threading
from collections.abc import Awaitable, Callable
from datetime import timedelta

import pytest
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Static

from chickenfoot.record.model import SeatConfig
from chickenfoot.record.tallies import Statistics
from chickenfoot.saves.database import SqliteStore
from chickenfoot.tui.app import ChickenFootApp
from chickenfoot.tui.screens.menu import MenuScreen
from chickenfoot.tui.screens.stats import StatsScreen
from chickenfoot.tui.widgets.charts import ChartView
from tests.kit import short_rules, stored
from tests.recorded import random_record
from tests.saves.tally_oracle import START
from tests.tui.conftest import THEMES, SnapCompare, wait_for

LEVELS = ("hard", "greedy", "beginner", "expert")


def save_games(count: int = 12, first: int = 0) -> None:
    """``count`` finished games of Ana and [b]Bea[/b] against a computer player, one a day
    (from game ``first`` of the series), and a game still in play: the same on every run."""
    for number in range(first, count):
        seats = (
            SeatConfig(name="Ana", player="human"),
            SeatConfig(name="[b]Bea[/b]", player="human"),
            SeatConfig(name="Bot", player="computer", level=LEVELS[number % len(LEVELS)]),
        )
        created = START + timedelta(days=number)
        record = random_record(short_rules(3, rounds=2), seats, number, created=created)
        stored(record)
    if first == 0:
        pair = (SeatConfig(name="Ana", player="human"), SeatConfig(name="Cy", player="human"))
        stored(random_record(short_rules(2, rounds=2), pair, 50, stop_after=3, created=START))


def stats_shown(app: App[None], reads: int = 1) -> bool:
    """The Stats screen is on top and has shown ``reads`` readings."""
    screen = app.screen
    return isinstance(screen, StatsScreen) and screen.reads_shown >= reads


async def open_stats(pilot: Pilot[None], reads: int = 1) -> StatsScreen:
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, MenuScreen), "the menu")
    await pilot.press("s")
    await wait_for(pilot, lambda: stats_shown(pilot.app, reads), "the statistics")
    screen = pilot.app.screen
    assert isinstance(screen, StatsScreen)
    return screen


def text_of(screen: StatsScreen, selector: str) -> str:
    return str(screen.query_one(selector, Static).render())


async def test_t_opens_the_statistics_and_escape_goes_back() -> None:
    save_games()
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_stats(pilot)
        stats = screen.statistics
        assert stats is not None
        assert (stats.games, stats.unfinished) == (12, 1)
        counted = text_of(screen, "#stats-counted")
        assert counted.startswith("12 finished games. 1 unfinished game not counted")
        report = text_of(screen, "#stats-report")
        assert "[b]Bea[/b]" in report  # literally, never as markup
        chart = screen.query_one(ChartView)
        assert chart.display
        await wait_for(pilot, lambda: chart.showing_chart, "the chart (it fits at 80x24)")
        assert {line.label for line in chart.shown.lines} == {"Ana", "[b]Bea[/b]"}
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")


async def test_no_games_no_chart() -> None:
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_stats(pilot)
        assert text_of(screen, "#stats-counted") == (
            "No finished games yet: a game counts here once it is over."
        )
        assert not screen.query_one(ChartView).display


async def test_the_store_is_asked_in_a_worker_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    save_games(2)
    app = ChickenFootApp(bot_delay=0)
    threads: list[bool] = []
    original = SqliteStore.statistics

    def statistics(store: SqliteStore, *args: int) -> Statistics:
        threads.append(threading.current_thread() is threading.main_thread())
        return original(store, *args)

    monkeypatch.setattr(SqliteStore, "statistics", statistics)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_stats(pilot)
    assert threads == [False]


async def test_back_from_a_game_the_statistics_are_read_again() -> None:
    save_games(2)
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_stats(pilot)
        assert screen.statistics is not None and screen.statistics.games == 2
        save_games(3, first=2)
        app.action_help()
        await wait_for(pilot, lambda: app.screen is not screen, "the help")
        app.pop_screen()
        await wait_for(pilot, lambda: stats_shown(app, 2), "a second reading")
        assert screen.statistics.games == 3


def settle(theme: str | None) -> Callable[[Pilot[None]], Awaitable[None]]:
    """A run_before that opens the statistics and waits until they are drawn."""

    async def run_before(pilot: Pilot[None]) -> None:
        if theme is not None:
            pilot.app.theme = theme
        await open_stats(pilot)
        await pilot.pause()

    return run_before


@pytest.mark.parametrize("theme", THEMES)
def test_stats_snapshot(snap_compare: SnapCompare, theme: str) -> None:
    save_games()
    assert snap_compare(
        ChickenFootApp(bot_delay=0), terminal_size=(80, 24), run_before=settle(theme)
    )


def test_stats_snapshot_without_colour(
    snap_compare: SnapCompare, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With NO_COLOR the lines are told apart by their markers."""
    monkeypatch.setenv("NO_COLOR", "1")
    save_games()
    assert snap_compare(
        ChickenFootApp(bot_delay=0), terminal_size=(80, 24), run_before=settle(None)
    )


async def test_leaving_before_the_reading_ends_is_fine(monkeypatch: pytest.MonkeyPatch) -> None:
    save_games(2)
    release = threading.Event()
    finished = threading.Event()
    original = SqliteStore.statistics

    def slow_statistics(store: SqliteStore, *args: int) -> Statistics:
        release.wait(timeout=30)
        try:
            return original(store, *args)
        finally:
            finished.set()

    monkeypatch.setattr(SqliteStore, "statistics", slow_statistics)
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, StatsScreen), "the statistics")
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu again")
        release.set()
        await wait_for(pilot, finished.is_set, "the reading to end")
        for _ in range(5):
            await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
    assert app.return_code in (None, 0)
