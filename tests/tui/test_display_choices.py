"""What the app remembers of how it looks and moves, and what it does at a size it cannot use."""

from __future__ import annotations

from pathlib import Path

from chickenfoot.saves.settings import load_settings
from chickenfoot.tui.app import ChickenFootApp
from chickenfoot.tui.screens.menu import MenuScreen
from chickenfoot.tui.screens.replay import ReplayScreen
from chickenfoot.tui.screens.too_small import TooSmallScreen
from tests.tui.conftest import TuiKit


async def test_the_theme_is_remembered_for_the_next_run(kit: type[TuiKit]) -> None:
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await kit.wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        app.theme = "textual-light"
        await kit.wait_for(
            pilot, lambda: load_settings().display.theme == "textual-light", "the theme saved"
        )
    again = ChickenFootApp(bot_delay=0)
    assert again.theme == "textual-light"


async def test_the_computer_speed_and_the_outline_are_remembered(
    kit: type[TuiKit], data_dir: Path
) -> None:
    record = kit.find_record(kit.short_rules(2), kit.seats("human", "computer"), kit.human_can_play)
    app = ChickenFootApp(load=kit.stored(record))
    async with app.run_test(size=(80, 24)) as pilot:
        await kit.wait_for(pilot, lambda: app.game_screen is not None, "the game screen")
        game = kit.game_screen(app)
        delay = game.host.pause
        await pilot.press("plus", "o")
        await kit.wait_for(
            pilot,
            lambda: load_settings().display.bot_delay < delay and load_settings().display.outline,
            "the speed and the view saved",
        )
    again = ChickenFootApp()
    assert again.bot_delay == load_settings().display.bot_delay < delay
    assert again.outline


async def test_a_terminal_too_small_covers_the_game_and_the_computers_wait(
    kit: type[TuiKit], data_dir: Path
) -> None:
    record = kit.find_record(
        kit.short_rules(2), kit.seats("human", "computer"), lambda state: state.turn == 1
    )
    app = ChickenFootApp(load=kit.stored(record), bot_delay=0)
    async with app.run_test(size=(40, 12)) as pilot:
        # The size notice covers the menu at once, and the game again once it is read and shown.
        await kit.wait_for(
            pilot,
            lambda: app.game_screen is not None and isinstance(app.screen, TooSmallScreen),
            "the game under the size notice",
        )
        text = str(app.screen.query_one("#too-small").render())
        assert "40×12" in text and "80×24" in text
        game = app.game_screen
        assert game is not None
        for _ in range(30):
            await pilot.pause()
        assert len(game.session.record.actions) == len(record.actions), "the computer waited"
        await pilot.resize_terminal(80, 24)
        await kit.wait_for(
            pilot,
            lambda: len(game.session.record.actions) > len(record.actions),
            "the computer's move once the terminal is large enough",
        )
        assert not isinstance(app.screen, TooSmallScreen)


async def test_a_replay_opened_in_a_terminal_too_small_stays_covered(
    kit: type[TuiKit], data_dir: Path
) -> None:
    record = kit.find_record(kit.short_rules(2), kit.seats("human", "computer"), kit.human_can_play)
    app = ChickenFootApp(replay=record, bot_delay=0)
    async with app.run_test(size=(40, 12)) as pilot:
        await kit.wait_for(
            pilot, lambda: any(isinstance(s, ReplayScreen) for s in app.screen_stack), "the replay"
        )
        assert isinstance(app.screen, TooSmallScreen), "the replay opened over the size notice"
        await pilot.resize_terminal(80, 24)
        await kit.wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay shown")
