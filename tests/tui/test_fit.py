"""The fit check: every screen and dialog of the app at 80x24, with eight seats on a
double-18 table, long names and the player's own keys, shows every word whole (or cut at an
ellipsis), no notice over a dialog, and every key as the player's keys and the ends strip
name it (see :mod:`tests.tui.fit`); the walk is :mod:`tests.tui.walk`'s."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from dataclasses import replace
from pathlib import Path

import pytest

from chickenfoot.net.protocol import SeatPlan, TableOptions
from chickenfoot.record.model import GameRecord, SeatConfig
from chickenfoot.rules import GameState, Play, RuleSet, legal_actions, preset
from chickenfoot.saves.database import SqliteStore, database_path
from chickenfoot.saves.jsonformat import save_record
from chickenfoot.saves.paths import saves_dir
from chickenfoot.saves.store import Holder
from chickenfoot.tui.app import ChickenFootApp
from chickenfoot.tui.messages import JoinOnline
from chickenfoot.tui.screens.importing import ImportScreen
from chickenfoot.tui.screens.online import LobbyScreen
from tests.kit import find_record, stored
from tests.net.online import online
from tests.recorded import random_record
from tests.tui.fit import misfits
from tests.tui.walk import (
    Look,
    Walk,
    walk_the_game,
    walk_the_menu,
    walk_the_question_about_a_game_open_elsewhere,
    walk_the_results,
    walk_the_table,
)

SIZE = (80, 24)
NAMES = (
    "Ｆｕｌｌｗｉｄｔｈ　Ｆｒｅｄｅｒｉｋａ　Ｌｕｎｄ",
    "张伟明李小龙王大锤赵钱孙李周吴郑王冯陈褚卫蒋",
    "Maximiliana Wolkenstein-",
    "Bartholomew Featherstone",
    "Gwendolyn Ashcroft-Smyth",
    "Cornelius Quackenbushess",
    "Anastasiya Kovalenkovnas",
    "Xanthippe Papadopoulouss",
)
"""Eight names of 24 characters, two of them in wide letters (48 cells each)."""
KEYMAP = {
    "game.hint": "I",
    "game.scores": "f2,G",
    "game.help": "f1",
    "menu.stats": "t",
    "replay.take-over": "T",
    "round-over.deal": "D",
    "game-over.scores": "f2",
    "game.count-tiles": "c",
}
"""The player's own keys: some commands moved, one refused (``c`` chooses an open end), so
the notice of refused keys is up as the walk starts."""


def big_rules(rounds: int) -> RuleSet:
    """Eight seats on a double-18 set."""
    return preset("trains", players=8, set_size=18, rounds=rounds)


def long_named(people: int) -> tuple[SeatConfig, ...]:
    """The eight long-named seats, the first ``people`` of them people, the others computers."""
    return tuple(
        SeatConfig(name=name, player="human")
        if seat < people
        else SeatConfig(name=name, player="computer", level="casual")
        for seat, name in enumerate(NAMES)
    )


def big_table_turn(state: GameState) -> bool:
    """Seat 0 on turn with a tile that fits, over 100 tiles on the table."""
    playable = any(isinstance(action, Play) for action in legal_actions(state))
    return (
        state.turn == 0
        and playable
        and len(state.board.played) > 60
        and state.board.foot is not None
    )


def a_computer_goes_out(state: GameState) -> bool:
    """A computer on turn with its last tile, which fits."""
    playable = any(isinstance(action, Play) for action in legal_actions(state))
    return state.turn != 0 and len(state.hands[state.turn]) == 1 and playable


@pytest.fixture(autouse=True)
def own_keys(data_dir: Path) -> None:
    """The player's own keys (:data:`KEYMAP`) in the settings."""
    settings = {"version": 1, "keys": KEYMAP}
    (data_dir / "settings.json").write_text(json.dumps(settings), encoding="utf-8")


class Misfits:
    """What the fit check found on each screen of a walk."""

    def __init__(self) -> None:
        self.found: dict[str, list[str]] = {}

    def __call__(self, name: str, app: ChickenFootApp) -> None:
        self.found[name] = misfits(app, NAMES)

    def report(self) -> str:
        """How many screens of the walk do not fit, then each of them and what ("" when
        every screen fits)."""
        misfit = {name: lines for name, lines in self.found.items() if lines}
        if not misfit:
            return ""
        heading = f"{len(misfit)} of {len(self.found)} screens do not fit:"
        return "\n".join(
            [heading, *(f"{name}:\n  " + "\n  ".join(lines) for name, lines in misfit.items())]
        )


async def walked(app: ChickenFootApp, route: Callable[[Walk], object], look: Look) -> None:
    """Walk ``app`` at 80x24 along ``route``, asking ``look`` of every screen."""
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await route(Walk(pilot, look))  # type: ignore[misc]


# ----- the walks: each sets up its games and walks the app, looking at every screen -----------


async def the_menu_and_every_screen_it_opens(look: Look) -> None:
    stored(random_record(big_rules(1), long_named(0), seed=5))
    stored(find_record(big_rules(2), long_named(2), big_table_turn))
    await walked(ChickenFootApp(bot_delay=0), walk_the_menu, look)


async def the_game_and_every_dialog_it_opens(look: Look) -> None:
    game = stored(find_record(big_rules(2), long_named(2), big_table_turn))
    await walked(ChickenFootApp(load=game, bot_delay=0), walk_the_game, look)


async def a_turn_against_computers(look: Look) -> None:
    game = stored(find_record(big_rules(2), long_named(1), big_table_turn))
    await walked(ChickenFootApp(load=game, bot_delay=0), walk_the_game, look)


async def a_game_early_in_its_round(look: Look) -> None:
    def early(state: GameState) -> bool:
        return state.turn == 0 and 8 <= len(state.board.played) <= 20

    game = stored(find_record(big_rules(2), long_named(2), early))
    await walked(ChickenFootApp(load=game, bot_delay=0), walk_the_table, look)


async def the_question_about_a_game_open_elsewhere(look: Look) -> None:
    game = stored(find_record(big_rules(2), long_named(2), big_table_turn))
    store = SqliteStore(database_path())
    store.hold(game, replace(Holder.this_process(), host="elsewhere.example"))
    store.close()
    await walked(ChickenFootApp(bot_delay=0), walk_the_question_about_a_game_open_elsewhere, look)


async def the_results(look: Look) -> None:
    game = stored(find_record(big_rules(1), long_named(1), a_computer_goes_out))
    await walked(ChickenFootApp(load=game, bot_delay=0), walk_the_results, look)


async def the_import_of_old_saves(look: Look) -> None:
    record = GameRecord.new(big_rules(1), long_named(2), seed=3)
    save_record(record, saves_dir() / "autosave-1.json")

    async def route(walk: Walk) -> None:
        await walk.reach(ImportScreen, "the import of old saves", lambda: imported(walk.app))

    await walked(ChickenFootApp(bot_delay=0), route, look)


def imported(app: ChickenFootApp) -> bool:
    """The import of the old saves is on screen and over."""
    screen = app.screen
    return isinstance(screen, ImportScreen) and screen.outcomes is not None


async def an_online_table_s_lobby(look: Look) -> None:
    async with online() as room:
        seats = tuple(SeatPlan(name=name) for name in NAMES)
        table_options = TableOptions.model_validate(
            {"rules": big_rules(1), "seats": seats, "pause": 0}
        )
        table = room.table(table_options, auto_start=False, seed=1)
        join = JoinOnline(str(room.address(table)), NAMES[1])  # wide letters, no ideographic space

        async def route(walk: Walk) -> None:
            await walk.reach(LobbyScreen, "an online table's lobby", lambda: in_lobby(walk.app))

        await walked(ChickenFootApp(join=join, bot_delay=0), route, look)


def in_lobby(app: ChickenFootApp) -> bool:
    """The lobby is on screen with its table."""
    screen = app.screen
    return isinstance(screen, LobbyScreen) and screen.game.seat.status is not None


WALKS: tuple[Callable[[Look], Awaitable[None]], ...] = (
    the_menu_and_every_screen_it_opens,
    the_game_and_every_dialog_it_opens,
    a_turn_against_computers,
    a_game_early_in_its_round,
    the_question_about_a_game_open_elsewhere,
    the_results,
    the_import_of_old_saves,
    an_online_table_s_lobby,
)
"""Every walk of the fit check, together every screen and dialog of the app: the
pseudo-language check (``test_pseudo_language.py``) takes the same walks."""


# ----- the fit check --------------------------------------------------------------------------


async def fits(walk: Callable[[Look], Awaitable[None]]) -> None:
    """Take ``walk``, asserting that every screen on the way fits."""
    found = Misfits()
    await walk(found)
    assert not found.report(), found.report()


async def test_the_menu_and_every_screen_it_opens_fit() -> None:
    await fits(the_menu_and_every_screen_it_opens)


async def test_the_game_and_every_dialog_it_opens_fit() -> None:
    await fits(the_game_and_every_dialog_it_opens)


async def test_a_turn_against_computers_fits() -> None:
    await fits(a_turn_against_computers)


async def test_a_game_early_in_its_round_fits_beside_its_seats_and_log() -> None:
    await fits(a_game_early_in_its_round)


async def test_the_question_about_a_game_open_elsewhere_fits() -> None:
    await fits(the_question_about_a_game_open_elsewhere)


async def test_the_results_fit() -> None:
    await fits(the_results)


async def test_the_import_of_old_saves_fits() -> None:
    await fits(the_import_of_old_saves)


async def test_an_online_table_s_lobby_fits() -> None:
    await fits(an_online_table_s_lobby)
