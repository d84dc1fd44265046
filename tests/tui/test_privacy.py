"""Pass-and-play keeps hands private everywhere: a game played through keys, and its replay,
never show a tile of a hand that is not the viewer's own.

At every moment the test reads the whole screen as text and looks for every tile held by a
seat other than the person at the keyboard (computers' hands included). A tile is in exactly
one place, so a hand's tile written anywhere on screen (the hand panel, the log, the status
line) is a leak; tiles on the table are public and are never in a hand. Round and game
results show the finished round's hands and table, which are public by then (and may share
tiles with the new deal), so those moments are not read.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

from rich.console import Console
from textual.pilot import Pilot

from chickenfoot.play.wire import DeadDraw, PassKeyboard, Prompt, RoundEnded
from chickenfoot.rules import GameState, Tile
from chickenfoot.tui.app import ChickenFootApp
from chickenfoot.tui.screens.game import GameScreen
from chickenfoot.tui.screens.game_over import GameOverScreen
from chickenfoot.tui.screens.load import LoadScreen
from chickenfoot.tui.screens.menu import MenuScreen
from chickenfoot.tui.screens.replay import ReplayScreen
from chickenfoot.tui.screens.round_over import RoundOverScreen
from tests.kit import as_kind
from tests.tui.conftest import TuiKit

MOVE_LIMIT = 400
TILE = re.compile(r"(?<![\d|])(\d+)\|(\d+)(?![\d|])")


def screen_text(app: ChickenFootApp) -> str:
    """Everything on the screen now, as plain text."""
    width, height = app.size
    console = Console(
        width=width, height=height, file=io.StringIO(), record=True, legacy_windows=False
    )
    console.print(
        app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    )
    return console.export_text()


def tiles_on_screen(app: ChickenFootApp) -> set[Tile]:
    """Every tile written flat ("3|5") anywhere on the screen."""
    return {
        Tile(min(int(a), int(b)), max(int(a), int(b))) for a, b in TILE.findall(screen_text(app))
    }


def secret_tiles(state: GameState, viewer: int | None) -> set[Tile]:
    """The tiles in every hand but ``viewer``'s."""
    return {tile for seat, hand in enumerate(state.hands) if seat != viewer for tile in hand}


def check_game_screen(
    app: ChickenFootApp, game: GameScreen, holder: int | None, checked: list[int]
) -> None:
    """No tile of a hand but ``holder``'s (who took the keyboard last) is on screen."""
    if isinstance(game.client.prompt, RoundEnded):
        return  # The table shows the finished round's last board: its tiles are public.
    leaked = tiles_on_screen(app) & secret_tiles(game.session.state, holder)
    assert not leaked, f"{leaked} of another hand seen by {holder}:\n{screen_text(app)}"
    checked.append(len(game.session.record.actions))


async def play_through_keys(
    kit: type[TuiKit], pilot: Pilot[None], app: ChickenFootApp, game: GameScreen
) -> int:
    """Play the game through keys until it is over, checking every screen; the moves seen."""
    checked: list[int] = []
    holder: int | None = None  # Who took the keyboard last, as the players know it.
    for _ in range(MOVE_LIMIT):
        await kit.wait_for(
            pilot,
            lambda: (
                app.screen is not game
                or game.client.on_turn
                or isinstance(game.client.prompt, PassKeyboard | DeadDraw)
            ),
            "a person's turn, a hand-off or a result",
        )
        top = app.screen
        if isinstance(top, GameOverScreen):
            return len(checked)
        if isinstance(top, RoundOverScreen):
            holder = None  # A new deal: the next person is asked for.
            await pilot.press("enter")
            continue
        assert top is game
        check_game_screen(app, game, holder, checked)
        step = game.client.prompt
        if isinstance(step, PassKeyboard | DeadDraw):
            if isinstance(step, PassKeyboard):
                holder = step.seat
            await pilot.press("enter")

            def moved_on(step: Prompt = step) -> bool:
                return game.client.prompt != step

            await kit.wait_for(pilot, moved_on, "Enter")
            continue
        await kit.press_turn(pilot, game, kit.choose_action(game.session.state))
        await pilot.pause()
        check_game_screen(app, game, holder, checked)
    raise AssertionError("the game did not end")


async def test_no_hand_is_ever_seen_by_another_person(kit: type[TuiKit]) -> None:
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        rules = kit.short_rules(3, rounds=2)
        app.start_game(rules, kit.seats("human", "human", "computer"), 21)
        await kit.wait_for(pilot, lambda: app.game_screen is not None, "the game screen")
        moves = await play_through_keys(kit, pilot, app, kit.game_screen(app))
        assert moves > 10


async def test_the_replay_of_an_unfinished_pass_and_play_game_hides_the_round_in_play(
    kit: type[TuiKit], data_dir: Path
) -> None:
    record = kit.find_record(
        kit.short_rules(3, rounds=2),
        kit.seats("human", "human", "computer"),
        lambda state: state.round_index == 1 and len(state.board.played) >= 3,
    )
    game = kit.stored(record)
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await kit.wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        await pilot.press("r")
        await kit.wait_for(pilot, lambda: isinstance(app.screen, LoadScreen), "the replays")
        await kit.wait_for(
            pilot, lambda: bool(as_kind(app.screen, LoadScreen).summaries), "the list"
        )
        await pilot.press("enter")
        await kit.wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay")
        replay = as_kind(app.screen, ReplayScreen)
        assert replay.title_text == f"game {game}"
        private_positions = 0
        for index in range(replay.cursor.total + 1):
            replay.cursor.seek(index)
            replay.show_position()
            await pilot.pause()
            state = replay.cursor.state
            if state.round_index == 1:
                private_positions += 1
                leaked = tiles_on_screen(app) & secret_tiles(state, None)
                assert not leaked, f"position {index} shows {leaked}"
                assert "hands hidden" in screen_text(app)
            else:
                assert tiles_on_screen(app) >= {tile for hand in state.hands for tile in hand}
        assert private_positions >= 3
