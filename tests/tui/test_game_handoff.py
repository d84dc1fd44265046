"""The pass-and-play hand-off offers only its own keys: no game key shows or acts behind it."""

from __future__ import annotations

from textual.widgets import Footer

from chickenfoot.tui.app import ChickenFootApp
from chickenfoot.tui.screens.confirm import ConfirmScreen
from chickenfoot.tui.screens.game import GameScreen
from chickenfoot.tui.screens.handoff import HandoffScreen
from chickenfoot.tui.screens.scoreboard import ScoreboardScreen
from chickenfoot.tui.widgets import HandView

GAME_ACTIONS = {
    "select_tile",
    "choose_end",
    "play",
    "draw",
    "pass_turn",
    "keep",
    "unavailable",
    "bot_delay",
}
"""Actions of the game screen that act on the hand or the turn."""


def shown_actions(app: ChickenFootApp) -> set[str]:
    """The actions the Footer of the screen on top offers now."""
    return {
        active.binding.action.split("(")[0]
        for active in app.screen.active_bindings.values()
        if active.binding.show and active.enabled
    }


async def open_handoff(kit, pilot, app: ChickenFootApp) -> GameScreen:
    """Start a two-person game and wait for the first hand-off."""
    app.start_game(kit.short_rules(2), kit.seats("human", "human"), 4)
    await kit.wait_for(pilot, lambda: isinstance(app.screen, HandoffScreen), "the first hand-off")
    return kit.game_screen(app)


async def test_hand_off_footer_offers_only_its_own_keys(kit) -> None:
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await open_handoff(kit, pilot, app)
        handoff = app.screen
        assert handoff.query_one(Footer).display
        offered = shown_actions(app)
        assert not offered & GAME_ACTIONS, offered
        assert {"ready", "table", "app.request_quit"} <= offered
        actions_before = game.session.record.actions
        await pilot.press("d", "p", "k", "1", "right", "down", "a", "plus")
        # Keys are handled in order: once "s" has opened the scores, the keys before it are done.
        await pilot.press("s")
        await kit.wait_for(
            pilot, lambda: isinstance(app.screen, ScoreboardScreen), "the scoreboard"
        )
        await pilot.press("escape")
        await kit.wait_for(pilot, lambda: app.screen is handoff, "the hand-off again")
        assert game.session.record.actions == actions_before
        assert game.table.bot_delay == 0
        assert game.query_one(HandView).shown.hidden
        assert game.table.selected is None
        await pilot.press("enter")
        await kit.wait_for(
            pilot, lambda: app.screen is game and game.table.human_turn, "the hand to show"
        )
        assert "draw" in shown_actions(app) or "play" in shown_actions(app)


async def test_hand_off_keys_open_the_scoreboard_and_return(kit) -> None:
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await open_handoff(kit, pilot, app)
        handoff = app.screen
        await pilot.press("s")
        await kit.wait_for(
            pilot, lambda: isinstance(app.screen, ScoreboardScreen), "the scoreboard"
        )
        await pilot.press("escape")
        await kit.wait_for(pilot, lambda: app.screen is handoff, "the hand-off again")
        assert game.query_one(HandView).shown.hidden
        await pilot.press("escape")
        await kit.wait_for(pilot, lambda: app.game_screen is None, "the menu")


async def test_q_on_the_hand_off_asks_to_quit(kit) -> None:
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_handoff(kit, pilot, app)
        await pilot.press("q")
        await kit.wait_for(
            pilot, lambda: isinstance(app.screen, ConfirmScreen), "the quit question"
        )
        await pilot.press("y")
        await kit.wait_for(pilot, lambda: app.return_code is not None, "the app to exit")


async def test_hand_off_palette_lists_only_safe_commands(kit) -> None:
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_handoff(kit, pilot, app)
        handoff = app.screen
        assert isinstance(handoff, HandoffScreen)
        actions = [command.action for command in handoff.palette_commands()]
        assert actions[0] == "ready"
        assert set(actions[1:]) == {"scoreboard", "help", "save_as", "new_game", "leave"}
