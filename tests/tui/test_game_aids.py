"""The player's aids on the game screen: ``/`` lists every open end, ``#`` counts the tiles
from the person's own view (the strip says "+N more" when it has no room)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import RichLog, Static

from chickenfoot.text.counting import count_tiles, counting_lines
from chickenfoot.tui.screens.log import LogScreen
from chickenfoot.tui.widgets import EndsStrip
from tests.tui.conftest import TuiKit
from tests.tui.test_table_snapshots import four_seats_nested, laid_out


async def test_every_open_end_and_the_count_of_tiles(kit: type[TuiKit], data_dir: Path) -> None:
    app = four_seats_nested(kit, data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await kit.wait_for(pilot, lambda: laid_out(app, compact=True), "the table")
        game = app.game_screen
        assert game is not None
        strip = game.query_one(EndsStrip).render().plain
        ends = game.table.state.board.open_ends
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
        mine = counting_lines(count_tiles(game.table.state.view(0)))
        assert list(counted.lines) == mine
        await kit.wait_for(
            pilot, lambda: len(counted.query_one(RichLog).lines) >= len(mine), "the lines"
        )
