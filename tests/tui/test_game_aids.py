"""The player's aids on the game screen: ``/`` lists every open end, ``#`` counts the tiles
from the person's own view (the strip says "+N more" when it has no room)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import RichLog, Static

from chickenfoot.text import prompts
from chickenfoot.text.counting import count_tiles, counting_lines
from chickenfoot.tui.app import ChickenFootApp
from chickenfoot.tui.screens.log import LogScreen
from chickenfoot.tui.widgets import EndsStrip, StatusLine
from tests.tui.conftest import TuiKit
from tests.tui.test_table_snapshots import four_seats_nested, laid_out


async def test_every_open_end_and_the_count_of_tiles(kit: type[TuiKit]) -> None:
    app = four_seats_nested(kit)
    async with app.run_test(size=(80, 24)) as pilot:
        await kit.wait_for(pilot, lambda: laid_out(app, compact=False), "the table")
        game = app.game_screen
        assert game is not None
        strip = game.query_one(EndsStrip).render().plain
        ends = game.session.state.board.open_ends
        assert "more (/ lists all)" in strip
        await pilot.press("slash")
        await kit.wait_for(pilot, lambda: isinstance(app.screen, LogScreen), "every end")
        listed = app.screen
        assert isinstance(listed, LogScreen)
        assert str(listed.query_one("#log-title", Static).render()) == "Every open end"
        assert len(listed.lines) == len(ends) + 1
        assert all(any(f"line {target} " in line for line in listed.lines) for target, _ in ends)
        await pilot.press("escape")
        await kit.wait_for(pilot, lambda: app.screen is game, "the game")
        await pilot.press("number_sign")
        await kit.wait_for(pilot, lambda: isinstance(app.screen, LogScreen), "the count")
        counted = app.screen
        assert isinstance(counted, LogScreen)
        mine = counting_lines(count_tiles(game.session.state.view(0)))
        assert list(counted.lines) == mine
        await kit.wait_for(
            pilot, lambda: len(counted.query_one(RichLog).lines) >= len(mine), "the lines"
        )


async def test_no_count_while_every_hand_is_hidden(kit: type[TuiKit], data_dir: Path) -> None:
    seats = kit.seats("human", "human", "computer")
    record = kit.find_record(kit.short_rules(3), seats, lambda state: state.turn == 0)
    app = ChickenFootApp(load=kit.stored(record), bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await kit.wait_for(pilot, lambda: app.game_screen is not None, "the game screen")
        game = kit.game_screen(app)
        status = game.query_one(StatusLine)
        await kit.wait_for(pilot, lambda: game.client.seat_view is None, "the hand-off")
        await pilot.press("number_sign")
        await kit.wait_for(pilot, lambda: status.shown.news == prompts.no_count(), "why no count")
        assert app.screen is game
