"""The pass-and-play hand-off is a banner in the hand's panel: the table and the log stay in
view, the footer offers only what works, and no key of the turn acts until Enter."""

from __future__ import annotations

from textual.pilot import Pilot

from chickenfoot.play.wire import PassKeyboard
from chickenfoot.tui.app import ChickenFootApp
from chickenfoot.tui.screens.confirm import ConfirmScreen
from chickenfoot.tui.screens.game import GameScreen
from chickenfoot.tui.screens.scoreboard import ScoreboardScreen
from chickenfoot.tui.widgets import EventLog, HandView, TableView
from tests.tui.conftest import TuiKit

TURN_ACTIONS = {
    "select_tile",
    "choose_end",
    "play",
    "draw",
    "pass_turn",
    "keep",
    "unavailable",
    "speed",
}
"""Actions of the game screen that act on the hand or the turn."""


def shown_actions(app: ChickenFootApp) -> set[str]:
    """The actions the Footer of the screen on top offers now."""
    return {
        active.binding.action.split("(")[0]
        for active in app.screen.active_bindings.values()
        if active.binding.show and active.enabled
    }


def handing_off(game: GameScreen) -> bool:
    return isinstance(game.client.prompt, PassKeyboard)


async def open_handoff(kit: type[TuiKit], pilot: Pilot[None], app: ChickenFootApp) -> GameScreen:
    """Start a two-person game and wait for the first hand-off."""
    app.start_game(kit.short_rules(2), kit.seats("human", "human"), 4)
    await kit.wait_for(
        pilot,
        lambda: app.game_screen is not None and handing_off(app.game_screen),
        "the first hand-off",
    )
    return kit.game_screen(app)


async def test_the_hand_off_is_a_banner_over_the_hand_with_the_table_in_view(
    kit: type[TuiKit],
) -> None:
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await open_handoff(kit, pilot, app)
        assert app.screen is game
        hand = game.query_one(HandView)
        assert hand.shown.hidden and hand.visible_tiles == ()
        assert hand.shown.banner.startswith(f"Pass to {game.client.names[game.session.state.turn]}")
        assert game.query_one(TableView).display and game.query_one(EventLog).display


async def test_hand_off_footer_offers_only_its_own_keys(kit: type[TuiKit]) -> None:
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await open_handoff(kit, pilot, app)
        offered = shown_actions(app)
        assert not offered & TURN_ACTIONS, offered
        assert {"show_hand", "scoreboard", "help", "leave", "request_quit"} <= offered
        actions_before = game.session.record.actions
        await pilot.press("d", "p", "k", "1", "right", "down", "a", "plus")
        await pilot.press("s")
        await kit.wait_for(
            pilot, lambda: isinstance(app.screen, ScoreboardScreen), "the scoreboard"
        )
        await pilot.press("escape")
        await kit.wait_for(pilot, lambda: app.screen is game, "the hand-off again")
        assert game.session.record.actions == actions_before
        assert game.host.pause == 0
        assert game.query_one(HandView).shown.hidden
        assert game.client.selection.tile is None or not game.client.on_turn
        await pilot.press("enter")
        await kit.wait_for(pilot, lambda: game.client.on_turn, "the hand to show")
        assert not game.query_one(HandView).shown.hidden
        assert "draw" in shown_actions(app) or "play" in shown_actions(app)


async def test_escape_on_the_hand_off_goes_to_the_menu(kit: type[TuiKit]) -> None:
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_handoff(kit, pilot, app)
        await pilot.press("escape")
        await kit.wait_for(pilot, lambda: app.game_screen is None, "the menu")


async def test_q_on_the_hand_off_asks_to_quit(kit: type[TuiKit]) -> None:
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_handoff(kit, pilot, app)
        await pilot.press("q")
        await kit.wait_for(
            pilot, lambda: isinstance(app.screen, ConfirmScreen), "the quit question"
        )
        await pilot.press("y")
        await kit.wait_for(pilot, lambda: app.return_code is not None, "the app to exit")


async def test_hand_off_palette_lists_only_what_shows_no_hand(kit: type[TuiKit]) -> None:
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await open_handoff(kit, pilot, app)
        titles = [command.title for command in game.palette_commands()]
        assert titles[0] == "Show my hand"
        assert not {"Draw", "Pass", "Keep", "Play", "Hint"} & set(titles)
        assert {"Scores", "Help", "Menu"} <= set(titles)


async def test_a_turn_s_key_at_a_hand_off_says_why_it_does_nothing(kit: type[TuiKit]) -> None:
    record = kit.find_record(kit.short_rules(2), kit.people(2), kit.human_can_play)
    app = ChickenFootApp(load=kit.stored(record), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await kit.wait_for(
            pilot,
            lambda: (
                app.game_screen is not None and kit.prompt_kind(app.game_screen) == "pass_keyboard"
            ),
            "the hand-off",
        )
        game = kit.game_screen(app)
        for key in ("i", "d", "p"):
            game.client.tell("")
            await pilot.press(key)
            await kit.wait_for(
                pilot, lambda: game.status_shown.news.startswith("Waiting for Ana"), f"why {key}"
            )
        assert kit.prompt_kind(game) == "pass_keyboard", "the hand stays hidden"
