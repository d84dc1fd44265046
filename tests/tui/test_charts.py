"""The charts: running totals on game over and in the replay viewer, words when too small."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.app import App, ComposeResult
from textual.pilot import Pilot
from textual.widgets import Static

from chickenfoot.play.charts import running_totals, running_totals_chart
from chickenfoot.rules import GameState, Play, legal_actions, preset
from chickenfoot.saves.jsonformat import save_record
from chickenfoot.tui.app import ChickenFootApp
from chickenfoot.tui.screens.game_over import GameOverScreen
from chickenfoot.tui.screens.round_over import RoundOverScreen
from chickenfoot.tui.widgets import TableView
from chickenfoot.tui.widgets.charts import MIN_HEIGHT, ChartView, min_height
from tests.recorded import random_record
from tests.tui.conftest import THEMES, SnapCompare, TuiKit, wait_for
from tests.tui.test_replay_screen import open_replay

ROUNDS = ((5, 0, 12), (20, 7, 0), (1, 30, 4))


class ChartApp(App[None]):
    """Only a chart, filling the terminal."""

    def compose(self) -> ComposeResult:
        yield ChartView()

    def on_mount(self) -> None:
        self.query_one(ChartView).shown = running_totals_chart(
            ["Ana", "[b]Bea[/b]", "Cy"], ROUNDS, 3
        )


def words_of(chart: ChartView) -> str:
    return str(chart.query_one(".chart-words", Static).render())


async def test_the_chart_gives_way_to_words_when_small() -> None:
    app = ChartApp()
    async with app.run_test(size=(60, 14)) as pilot:
        chart = app.query_one(ChartView)
        await pilot.pause()
        assert chart.showing_chart
        legend = str(chart.query_one(".chart-legend", Static).render())
        assert legend == "● Ana   ■ [b]Bea[/b]   ▲ Cy"  # literally
        await pilot.resize_terminal(60, 5)
        await pilot.wait_for_scheduled_animations()
        await pilot.pause()
        assert not chart.showing_chart
        assert words_of(chart) == "Ana: 5, 25, 26\n[b]Bea[/b]: 0, 7, 37\nCy: 12, 12, 16"
        await pilot.resize_terminal(20, 14)
        await pilot.pause()
        assert not chart.showing_chart
        await pilot.resize_terminal(60, 14)
        await pilot.pause()
        assert chart.showing_chart


class FourLinesApp(App[None]):
    """A chart of four seats' totals, filling the terminal."""

    def compose(self) -> ComposeResult:
        yield ChartView()

    def on_mount(self) -> None:
        rounds = ((5, 0, 12, 3), (20, 7, 0, 9), (1, 30, 4, 0))
        self.query_one(ChartView).shown = running_totals_chart(
            ["Ana", "Bea", "Cy", "Dee"], rounds, 4
        )


async def test_each_line_past_the_second_needs_a_row_more() -> None:
    app = FourLinesApp()
    async with app.run_test(size=(60, min_height(4) - 1)) as pilot:
        chart = app.query_one(ChartView)
        await pilot.pause()
        assert not chart.showing_chart  # four lines on too few rows would lie on each other
        assert words_of(chart).splitlines()[0] == "Ana: 5, 25, 26"
        await pilot.resize_terminal(60, min_height(4))
        await wait_for(pilot, lambda: chart.showing_chart, "room for four lines")
    assert min_height(2) == MIN_HEIGHT and min_height(4) == MIN_HEIGHT + 2


async def test_nothing_to_draw_shows_words() -> None:
    app = ChartApp()
    async with app.run_test(size=(60, 14)) as pilot:
        chart = app.query_one(ChartView)
        chart.shown = running_totals_chart(["Ana", "Bea"], (), 2)
        await pilot.pause()
        assert not chart.showing_chart
        assert words_of(chart) == "No round has finished yet."


def goes_out_to_end_the_game(state: GameState) -> bool:
    """In the last round, seat 0 is on turn with one playable tile: its play ends the game."""
    return (
        state.turn == 0
        and state.round_index == state.rules.round_count - 1
        and len(state.hands[0]) == 1
        and any(isinstance(action, Play) for action in legal_actions(state))
    )


def last_round_app(
    kit: type[TuiKit], data_dir: Path, players: int, rounds: int, theme: str
) -> ChickenFootApp:
    """The app continuing a game whose next play (by seat 0, a person) ends it."""
    if players > 4:
        rules = preset("trains", players=players, rounds=rounds)
    else:
        rules = preset("cross", players=players, rounds=rounds)
    seats = kit.seats("human", *["computer"] * (players - 1))
    record = kit.find_record(rules, seats, goes_out_to_end_the_game)
    app = ChickenFootApp(load=kit.stored(record), bot_delay=0)
    app.theme = theme
    return app


async def end_the_game(pilot: Pilot[None], kit: type[TuiKit]) -> GameOverScreen:
    await kit.play_a_tile(pilot)
    await kit.wait_for(pilot, lambda: isinstance(pilot.app.screen, RoundOverScreen), "round over")
    await pilot.press("enter")
    await kit.wait_for(pilot, lambda: isinstance(pilot.app.screen, GameOverScreen), "game over")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, GameOverScreen)
    return screen


async def test_game_over_charts_the_running_totals(kit: type[TuiKit], data_dir: Path) -> None:
    app = last_round_app(kit, data_dir, 3, 3, "textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await end_the_game(pilot, kit)
        chart = screen.query_one(ChartView)
        assert chart.showing_chart
        finals = [line.points[-1][1] for line in chart.shown.lines]
        assert finals == [
            standing.total for standing in sorted(screen.event.ranking, key=lambda s: s.seat)
        ]
        assert [len(line.points) for line in chart.shown.lines] == [4, 4, 4]  # 0, then 3 rounds
        assert [line.label for line in chart.shown.lines] == list(screen.names)


async def test_eight_seats_at_80x24_the_chart_gives_way(kit: type[TuiKit], data_dir: Path) -> None:
    app = last_round_app(kit, data_dir, 8, 1, "textual-dark")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await end_the_game(pilot, kit)
        chart = screen.query_one(ChartView)
        assert not chart.showing_chart  # the ranking needs the room
        assert len(words_of(chart).splitlines()) == 8
        await pilot.resize_terminal(100, 40)
        await kit.wait_for(pilot, lambda: chart.showing_chart, "room for the chart")


async def test_the_replay_charts_the_rounds_finished_so_far(
    kit: type[TuiKit], data_dir: Path
) -> None:
    record = random_record(
        kit.short_rules(3, rounds=2), kit.seats("human", "computer", "computer"), 5
    )
    path = data_dir / "game.json"
    save_record(record, path)
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_replay(pilot, path)
        chart = screen.query_one(ChartView)
        assert not chart.display
        await pilot.press("c")
        await kit.wait_for(pilot, lambda: chart.display, "the chart")
        assert not screen.query_one(TableView).display
        assert not chart.showing_chart  # at the first deal no round has finished
        assert words_of(chart) == "No round has finished yet."
        await pilot.press("end")
        await kit.wait_for(pilot, lambda: chart.showing_chart, "the chart drawn")
        expected = running_totals(record.final_state().round_scores, 3)
        assert [tuple(int(y) for _x, y in line.points) for line in chart.shown.lines] == list(
            expected
        )
        await pilot.press("c")
        await kit.wait_for(pilot, lambda: not chart.display, "the table again")
        assert screen.query_one(TableView).display


@pytest.mark.parametrize("theme", THEMES)
def test_game_over_chart_snapshot(
    snap_compare: SnapCompare, kit: type[TuiKit], data_dir: Path, theme: str
) -> None:
    app = last_round_app(kit, data_dir, 3, 3, theme)

    async def run_before(pilot: Pilot[None]) -> None:
        screen = await end_the_game(pilot, kit)
        await kit.settle(pilot, lambda app: app.screen is screen)  # the people's play shown

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)
