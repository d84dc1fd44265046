"""Every widget that can have the keyboard on a screen is one its class declares
(``KEY_WIDGETS``), so the check of the player's own keys counts the keys those widgets
take: the real app is driven to each of its screens (the menu's, the game's dialogs, a
round's result and its deal, the game's result, the old saves' import, an online table's
lobby), and each screen's focusable widgets are compared with what its class says."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from textual.screen import Screen

from chickenfoot.record.model import GameRecord, SeatConfig
from chickenfoot.rules import GameState, Play, legal_actions
from chickenfoot.saves.jsonformat import save_record
from chickenfoot.saves.paths import saves_dir
from chickenfoot.tui.app import ChickenFootApp
from chickenfoot.tui.keymap import declared_key_widgets
from chickenfoot.tui.messages import JoinOnline
from chickenfoot.tui.screens.confirm import ConfirmScreen
from chickenfoot.tui.screens.deal import DealScreen
from chickenfoot.tui.screens.game import GameScreen
from chickenfoot.tui.screens.game_over import GameOverScreen
from chickenfoot.tui.screens.help import HelpScreen
from chickenfoot.tui.screens.importing import ImportScreen
from chickenfoot.tui.screens.load import LoadScreen
from chickenfoot.tui.screens.log import LogScreen
from chickenfoot.tui.screens.menu import MenuScreen
from chickenfoot.tui.screens.online import JoinScreen, LobbyScreen
from chickenfoot.tui.screens.replay import ReplayScreen, TakeOverScreen
from chickenfoot.tui.screens.round_over import RoundOverScreen
from chickenfoot.tui.screens.save_as import SaveAsScreen
from chickenfoot.tui.screens.scoreboard import ScoreboardScreen
from chickenfoot.tui.screens.setup import SetupScreen
from chickenfoot.tui.screens.stats import StatsScreen
from tests.kit import as_kind
from tests.net.online import online, options
from tests.tui.conftest import TuiKit

Visit = Callable[[Any, tuple[str, ...], type, str], Awaitable[None]]
"""A step of the walk through the app (see :func:`visitor`)."""


def undeclared(screen: Screen[Any]) -> set[str]:
    """The widgets that can have the keyboard on ``screen`` (its focus chain, and the one
    that has it) whose class (or a base of it) the screen's class does not declare."""
    declared = declared_key_widgets(type(screen))
    chain = [*screen.focus_chain, *([screen.focused] if screen.focused else [])]
    return {type(widget).__name__ for widget in chain if not isinstance(widget, declared)}


def visitor(app: ChickenFootApp, kit: type[TuiKit], seen: dict[str, set[str]]) -> Visit:
    """A walk's step: press ``keys``, wait for a screen of ``screen_type`` on top, note its
    undeclared widgets in ``seen``, then press ``back`` (if any)."""

    async def visit(pilot: Any, keys: tuple[str, ...], screen_type: type, back: str) -> None:
        await pilot.press(*keys)
        await kit.wait_for(pilot, lambda: isinstance(app.screen, screen_type), screen_type.__name__)
        await pilot.pause()
        seen[screen_type.__name__] = undeclared(app.screen)
        if back:
            await pilot.press(back)

    return visit


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
    visit = visitor(app, kit, seen)

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


def seat_0_goes_out_in_the_last_round(state: GameState) -> bool:
    """Seat 0 is on turn in the game's last round with its last tile, which fits."""
    playable = any(isinstance(action, Play) for action in legal_actions(state))
    last = state.round_index == state.rules.round_count - 1
    return last and state.turn == 0 and len(state.hands[0]) == 1 and playable


async def test_the_results_of_a_round_and_of_the_game_declare_theirs(kit: type[TuiKit]) -> None:
    seats = kit.seats("human", "computer")
    record = kit.find_record(kit.short_rules(2, rounds=1), seats, seat_0_goes_out_in_the_last_round)
    app = ChickenFootApp(load=kit.stored(record), bot_delay=0)
    seen: dict[str, set[str]] = {}
    visit = visitor(app, kit, seen)
    async with app.run_test(size=(100, 30)) as pilot:
        await kit.play_a_tile(pilot)
        await visit(pilot, (), RoundOverScreen, "")
        await visit(pilot, ("d",), DealScreen, "escape")
        await visit(pilot, (), RoundOverScreen, "enter")
        await visit(pilot, (), GameOverScreen, "")
    assert set(seen) == {"RoundOverScreen", "DealScreen", "GameOverScreen"}
    assert {name: found for name, found in seen.items() if found} == {}


async def test_the_import_of_old_saves_declares_its_own(kit: type[TuiKit]) -> None:
    record = GameRecord.new(kit.short_rules(2), kit.seats("human", "human"), seed=3)
    save_record(record, saves_dir() / "autosave-1.json")
    app = ChickenFootApp(bot_delay=0)
    seen: dict[str, set[str]] = {}
    async with app.run_test(size=(80, 24)) as pilot:
        await kit.wait_for(pilot, lambda: isinstance(app.screen, ImportScreen), "the import")
        screen = as_kind(app.screen, ImportScreen)
        await kit.wait_for(pilot, lambda: screen.outcomes is not None, "the import to end")
        await visitor(app, kit, seen)(pilot, (), ImportScreen, "enter")
        await kit.wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
    assert seen == {"ImportScreen": set()}


async def test_an_online_table_s_lobby_declares_its_own(kit: type[TuiKit], data_dir: Path) -> None:
    async with online() as room:
        table = room.table(options(2), auto_start=False)
        app = ChickenFootApp(join=JoinOnline(str(room.address(table)), "Ana"), bot_delay=0)
        seen: dict[str, set[str]] = {}
        async with app.run_test(size=(100, 30)) as pilot:

            def lobby_up() -> bool:
                screen = app.screen
                return isinstance(screen, LobbyScreen) and screen.game.seat.status is not None

            await kit.wait_for(pilot, lobby_up, "the lobby with its table")
            await visitor(app, kit, seen)(pilot, (), LobbyScreen, "escape")
            await kit.wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
    assert seen == {"LobbyScreen": set()}
