"""The command palette (ctrl+p) on every screen: only commands that act there now, and they act."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.app import App
from textual.command import CommandList, CommandPalette
from textual.pilot import Pilot
from textual.screen import Screen

from chickenfoot.record.model import GameRecord
from chickenfoot.rules import apply, legal_actions
from chickenfoot.saves.jsonformat import save_record
from chickenfoot.tui.app import ChickenFootApp
from chickenfoot.tui.commands import ScreenCommands
from chickenfoot.tui.screens.confirm import ConfirmScreen
from chickenfoot.tui.screens.game import GameScreen
from chickenfoot.tui.screens.help import HelpScreen
from chickenfoot.tui.screens.replay import ReplayScreen
from chickenfoot.tui.screens.scoreboard import ScoreboardScreen
from chickenfoot.tui.screens.setup import SetupScreen
from tests.kit import as_kind
from tests.tui.conftest import TuiKit


def first_hit(app: App[None]) -> str | None:
    """The first line of the palette's first hit, or None while it has none."""
    lists = app.screen.query(CommandList)
    if not lists or lists.first().option_count == 0:
        return None
    return str(lists.first().get_option_at_index(0).prompt).split("\n")[0]


async def titles(screen: Screen[Any]) -> list[str]:
    """The titles the palette's screen commands list on ``screen`` with nothing typed."""
    return [str(hit.text) async for hit in ScreenCommands(screen).discover()]


async def run_from_palette(pilot: Pilot[None], kit: type[TuiKit], query: str, title: str) -> None:
    """Open the palette, type ``query``, wait for ``title`` to be the first hit, run it."""
    app = pilot.app
    await pilot.press("ctrl+p")
    await kit.wait_for(pilot, lambda: isinstance(app.screen, CommandPalette), "the palette")
    await pilot.press(*query)
    await kit.wait_for(pilot, lambda: first_hit(app) == title, f"the hit {title!r}")
    await pilot.press("enter")


async def start_game(pilot: Pilot[None], kit: type[TuiKit]) -> GameScreen:
    """A game of one person against the computer, at the person's turn."""
    app = as_kind(pilot.app, ChickenFootApp)
    app.start_game(kit.short_rules(2), kit.seats("human", "computer"), 6)
    return await kit.person_on_turn(pilot)


async def test_palette_on_the_game_screen_opens_the_scoreboard(kit: type[TuiKit]) -> None:
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await start_game(pilot, kit)
        listed = await titles(game)
        assert {"Scores", "Help", "Save a copy as…", "New game", "Menu"} <= set(listed)
        await run_from_palette(pilot, kit, "score", "Scores")
        await kit.wait_for(
            pilot, lambda: isinstance(app.screen, ScoreboardScreen), "the scoreboard"
        )
        assert await titles(app.screen) == ["Close"]
        await pilot.press("escape")
        await kit.wait_for(pilot, lambda: app.screen is game, "the game again")


async def test_new_game_from_the_palette_asks_first_and_keeps_the_game_saved(
    kit: type[TuiKit],
) -> None:
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await start_game(pilot, kit)
        await run_from_palette(pilot, kit, "new", "New game")
        await kit.wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        await pilot.press("n")
        await kit.wait_for(pilot, lambda: app.screen is game, "the game again")
        await run_from_palette(pilot, kit, "new", "New game")
        await kit.wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        await pilot.press("y")
        await kit.wait_for(pilot, lambda: isinstance(app.screen, SetupScreen), "the set-up screen")
        assert app.game_screen is None
        assert app.store.summary(game.session.game).actions == len(game.session.record.actions)
        assert "Start" in await titles(app.screen)
        await run_from_palette(pilot, kit, "help", "Help")
        await kit.wait_for(pilot, lambda: isinstance(app.screen, HelpScreen), "help")
        assert await titles(app.screen) == ["Close"]


async def test_replay_palette_follows_the_position(kit: type[TuiKit], data_dir: Path) -> None:
    rules = kit.short_rules(2)
    record = GameRecord.new(rules, kit.seats("human", "computer"), seed=3)
    state = record.final_state()
    for _ in range(6):
        action = kit.choose_action(state)
        state, _events = apply(state, action)
        record = record.appended(action)
    assert legal_actions(state), "the game goes on, so it can be taken over"
    path = data_dir / "replay.json"
    save_record(record, path)
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_file(path, watch=True)
        await kit.wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay")
        replay = as_kind(app.screen, ReplayScreen)
        at_start = await titles(replay)
        assert "Next" in at_start and "Go to the last move" in at_start
        assert "Back" not in at_start and "Go to the first move" not in at_start
        await run_from_palette(pilot, kit, "last move", "Go to the last move")
        await kit.wait_for(pilot, lambda: replay.cursor.at_end, "the end of the game")
        at_end = await titles(replay)
        assert "Next" not in at_end and "Play" not in at_end
        assert {"Back", "Take over", "Close"} <= set(at_end)
