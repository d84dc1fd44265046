"""Every widget that can have the keyboard on a screen is one its class declares
(``KEY_WIDGETS``), so the check of the player's own keys counts the keys those widgets
take: the app is walked through its screens, and each screen's focusable widgets are
compared with what its class says."""

from __future__ import annotations

from typing import Any

from textual.screen import Screen

from chickenfoot.saves.record import SeatConfig
from chickenfoot.tui.app import ChickenFootApp
from chickenfoot.tui.keymap import declared_key_widgets
from chickenfoot.tui.screens.confirm import ConfirmScreen
from chickenfoot.tui.screens.game import GameScreen
from chickenfoot.tui.screens.help import HelpScreen
from chickenfoot.tui.screens.load import LoadScreen
from chickenfoot.tui.screens.log import LogScreen
from chickenfoot.tui.screens.menu import MenuScreen
from chickenfoot.tui.screens.online import JoinScreen
from chickenfoot.tui.screens.replay import ReplayScreen, TakeOverScreen
from chickenfoot.tui.screens.save_as import SaveAsScreen
from chickenfoot.tui.screens.scoreboard import ScoreboardScreen
from chickenfoot.tui.screens.setup import SetupScreen
from chickenfoot.tui.screens.stats import StatsScreen
from tests.tui.conftest import TuiKit


def undeclared(screen: Screen[Any]) -> set[str]:
    """The widgets that can have the keyboard on ``screen`` (its focus chain, and the one
    that has it) whose class (or a base of it) the screen's class does not declare."""
    declared = declared_key_widgets(type(screen))
    chain = [*screen.focus_chain, *([screen.focused] if screen.focused else [])]
    return {type(widget).__name__ for widget in chain if not isinstance(widget, declared)}


async def test_every_screen_declares_the_widgets_that_can_have_the_keyboard(
    kit: type[TuiKit],
) -> None:
    seats = (
        SeatConfig(name="Ana", player="human"),
        SeatConfig(name="Bea", player="computer", level="casual"),
    )
    kit.stored(kit.find_record(kit.short_rules(2), seats, kit.human_can_play))
    app = ChickenFootApp(bot_delay=0)
    seen: dict[str, set[str]] = {}

    async def visit(pilot: Any, keys: tuple[str, ...], screen_type: type, back: str) -> None:
        await pilot.press(*keys)
        await kit.wait_for(pilot, lambda: isinstance(app.screen, screen_type), screen_type.__name__)
        await pilot.pause()
        seen[screen_type.__name__] = undeclared(app.screen)
        if back:
            await pilot.press(back)

    async with app.run_test(size=(100, 30)) as pilot:
        await kit.wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        await visit(pilot, (), MenuScreen, "")
        screens: tuple[tuple[str, type[Screen[Any]]], ...] = (
            ("n", SetupScreen),
            ("j", JoinScreen),
            ("s", StatsScreen),
            ("h", HelpScreen),
            ("l", LoadScreen),
        )
        for key, screen_type in screens:
            await visit(pilot, (key,), screen_type, "escape")
            await kit.wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        await visit(pilot, ("r",), LoadScreen, "")
        await visit(pilot, ("r",), ReplayScreen, "")
        await visit(pilot, ("t",), TakeOverScreen, "escape")
        await visit(pilot, (), ReplayScreen, "escape")
        await visit(pilot, (), LoadScreen, "escape")
        await kit.wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        await visit(pilot, ("c",), GameScreen, "")
        await kit.person_on_turn(pilot)
        dialogs: tuple[tuple[str, type[Screen[Any]]], ...] = (
            ("ctrl+s", SaveAsScreen),
            ("ctrl+l", LogScreen),
            ("s", ScoreboardScreen),
            ("q", ConfirmScreen),
        )
        for key, screen_type in dialogs:
            await visit(pilot, (key,), screen_type, "escape")
            await kit.wait_for(pilot, lambda: isinstance(app.screen, GameScreen), "the game")
    assert {name: found for name, found in seen.items() if found} == {}
