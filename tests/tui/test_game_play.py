"""Whole games played through the keyboard only, with the hand-off checked at every turn."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from textual.message import Message
from textual.notifications import Notify
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from chickenfoot.play.wire import DeadDraw, PassKeyboard, Prompt
from chickenfoot.rules import GameState, Play, Tile, legal_actions
from chickenfoot.saves.database import SqliteStore
from chickenfoot.saves.jsonformat import load_record
from chickenfoot.text.words import sorted_hand
from chickenfoot.tui.app import ChickenFootApp
from chickenfoot.tui.screens.game import GameScreen
from chickenfoot.tui.screens.game_over import GameOverScreen
from chickenfoot.tui.screens.round_over import RoundOverScreen
from chickenfoot.tui.screens.too_small import TooSmallScreen
from chickenfoot.tui.widgets import BoardView, EventLog, HandView, StatusLine
from tests.tui.conftest import TuiKit

TILE_FACE = re.compile(r"(\d+)\|(\d+)")
MOVE_LIMIT = 600


def shown_tiles(game: GameScreen) -> tuple[Tile, ...]:
    """The tiles a person can read in the hand widget, parsed from what it renders."""
    text = game.query_one(HandView).render().plain
    return tuple(Tile(int(low), int(high)) for low, high in TILE_FACE.findall(text))


def notices(messages: list[Message]) -> list[str]:
    """The texts of the notifications posted so far."""
    return [message.notification.message for message in messages if isinstance(message, Notify)]


async def test_two_humans_pass_the_keyboard_and_never_see_each_others_hands(
    kit: type[TuiKit],
) -> None:
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(kit.short_rules(2), kit.seats("human", "human"), 4)
        await kit.wait_for(pilot, lambda: app.game_screen is not None, "the game screen")
        game = kit.game_screen(app)
        handoffs: list[int] = []
        rounds_seen = 0
        for _ in range(MOVE_LIMIT):
            await pilot.pause()
            top = app.screen
            if isinstance(top, GameOverScreen):
                break
            if isinstance(top, RoundOverScreen):
                rounds_seen += 1
                await pilot.press("enter")
                continue
            step = game.client.prompt
            if isinstance(step, DeadDraw):
                assert shown_tiles(game) == sorted_hand(game.session.state.hands[step.seat])
                await pilot.press("enter")

                def moved_on(step: Prompt = step) -> bool:
                    return game.client.prompt != step

                await kit.wait_for(pilot, moved_on, "Enter")
                continue
            if isinstance(step, PassKeyboard):
                assert game.query_one(HandView).shown.hidden
                assert shown_tiles(game) == ()
                seat = game.session.state.turn
                assert step.seat == seat
                name = game.session.names[seat]
                assert game.query_one(HandView).shown.banner.startswith(f"Pass to {name}")
                await pilot.press("enter")
                await kit.wait_for(
                    pilot,
                    lambda: app.screen is game and game.client.on_turn,
                    "the hand-off to close",
                )
                assert shown_tiles(game) == sorted_hand(game.session.state.hands[seat])
                handoffs.append(seat)
                continue
            assert top is game
            assert game.client.on_turn
            assert shown_tiles(game) == sorted_hand(
                game.session.state.hands[game.session.state.turn]
            )
            await kit.press_turn(pilot, game, kit.choose_action(game.session.state))
        else:
            raise AssertionError("the game did not end")
        assert game.session.state.over
        assert rounds_seen == 1
        assert set(handoffs) == {0, 1}
        assert len(handoffs) > 4
        assert app.store.record(game.session.game) == game.session.record
        # Play again: same seats and rules, a new deal, and the hand-off comes first.
        await pilot.press("a")
        await kit.wait_for(pilot, lambda: app.game_screen not in (None, game), "a new game")
        again = kit.game_screen(app)
        assert again.session.record.seats == game.session.record.seats
        assert again.session.record.rules == game.session.record.rules
        assert again.session.game != game.session.game
        await kit.wait_for(
            pilot, lambda: isinstance(again.client.prompt, PassKeyboard), "the first hand-off"
        )
        assert shown_tiles(again) == ()


async def test_one_human_against_three_computers_plays_a_whole_game(kit: type[TuiKit]) -> None:
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        rules = kit.short_rules(4)
        app.start_game(rules, kit.seats("human", "computer", "computer", "computer"), 9)
        await kit.wait_for(pilot, lambda: app.game_screen is not None, "the game screen")
        game = kit.game_screen(app)
        human_moves = 0
        for _ in range(MOVE_LIMIT):
            await kit.wait_for(
                pilot,
                lambda: not isinstance(app.screen, GameScreen) or game.client.on_turn,
                "the human's turn",
            )
            top = app.screen
            assert not isinstance(game.client.prompt, PassKeyboard), "one human: no hand-off"
            if isinstance(top, GameOverScreen):
                break
            if isinstance(top, RoundOverScreen):
                await pilot.press("enter")
                continue
            assert shown_tiles(game) == sorted_hand(game.session.state.hands[0])
            await kit.press_turn(pilot, game, kit.choose_action(game.session.state))
            human_moves += 1
        else:
            raise AssertionError("the game did not end")
        assert game.session.state.over and human_moves > 0
        log = game.query_one(EventLog).history
        assert any(line.startswith("Cy plays") for line in log)
        assert not any(re.match(r"(Bea|Cy|Dee) draws \d", line) for line in log), log


async def test_keys_that_do_nothing_say_why(kit: type[TuiKit], data_dir: Path) -> None:
    record = kit.find_record(kit.short_rules(2), kit.seats("human", "computer"), kit.human_can_play)
    messages: list[Message] = []
    app = ChickenFootApp(load=kit.stored(record), bot_delay=0)
    async with app.run_test(size=(80, 24), message_hook=messages.append) as pilot:
        game = await kit.person_on_turn(pilot)
        shown = {
            active.binding.action
            for active in app.screen.active_bindings.values()
            if active.binding.show
        }
        assert "draw" not in shown and "pass_turn" not in shown and "keep" not in shown
        assert "play" in shown
        status = game.query_one(StatusLine)
        count = len(game.session.state.hands[0])
        expected = {
            "d": "You have a play: you cannot draw.",
            "p": "You have a play: you cannot pass.",
            "k": "You have not drawn a tile: k keeps a tile you just drew.",
            "0": f"You have only {count} tiles: type 1 to {count}.",
        }
        for key, said in expected.items():
            await pilot.press(key)

            def told(said: str = said) -> bool:
                return status.shown.news == said

            await kit.wait_for(pilot, told, f"why {key}")
        assert not notices(messages), "no notice covers the hand"
        assert game.session.state == record.final_state()
        await pilot.press("minus", "minus", "plus")
        assert game.host.pause == 0.2
        assert status.shown.news == "Computer players now pause 0.2 s."
        assert "0.2" not in status.shown.text, "the pause is said when it changes, not always"


async def test_a_killed_game_resumes_at_the_same_point_with_the_hand_off_first(
    kit: type[TuiKit],
) -> None:
    first = ChickenFootApp(bot_delay=0)
    async with first.run_test(size=(80, 24)) as pilot:
        first.start_game(kit.short_rules(3), kit.seats("human", "computer", "human"), 12)
        await kit.wait_for(pilot, lambda: first.game_screen is not None, "the game screen")
        game = kit.game_screen(first)
        for _ in range(6):
            await kit.wait_for(
                pilot,
                lambda: isinstance(game.client.prompt, PassKeyboard) or game.client.on_turn,
                "a human",
            )
            if isinstance(game.client.prompt, PassKeyboard):
                await pilot.press("enter")
                await kit.wait_for(pilot, lambda: game.client.on_turn, "the hand")
            await kit.press_turn(pilot, game, kit.choose_action(game.session.state))
        await kit.wait_for(
            pilot,
            lambda: isinstance(game.client.prompt, PassKeyboard) or game.client.on_turn,
            "a human",
        )
        number, state = game.session.game, game.session.state
    # The first app is gone without quitting, as if the terminal died; start again from the store.
    second = ChickenFootApp(load=number, bot_delay=0)
    async with second.run_test(size=(80, 24)) as pilot:
        await kit.wait_for(pilot, lambda: second.game_screen is not None, "the resumed game")
        resumed = kit.game_screen(second)
        assert resumed.session.state == state
        await kit.wait_for(
            pilot, lambda: isinstance(resumed.client.prompt, PassKeyboard), "the hand-off"
        )
        assert shown_tiles(resumed) == ()
        await pilot.press("enter")
        await kit.wait_for(
            pilot,
            lambda: second.screen is resumed and resumed.client.on_turn,
            "the hand-off to close",
        )
        assert shown_tiles(resumed) == sorted_hand(
            resumed.session.state.hands[resumed.session.state.turn]
        )


async def test_a_bad_file_to_open_is_reported_not_raised(kit: type[TuiKit], data_dir: Path) -> None:
    bad = data_dir / "broken.json"
    bad.write_text("{ not json", encoding="utf-8")
    messages: list[Message] = []
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24), message_hook=messages.append) as pilot:
        app.open_file(bad, watch=False)
        await kit.wait_for(
            pilot, lambda: any("broken.json" in text for text in notices(messages)), "the notice"
        )
        assert app.game_screen is None


async def test_a_small_terminal_says_how_large_it_must_be_until_resized(kit: type[TuiKit]) -> None:
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(60, 20)) as pilot:
        await kit.wait_for(pilot, lambda: isinstance(app.screen, TooSmallScreen), "the size notice")
        text = str(app.screen.query_one("#too-small").render())
        assert "60×20" in text and "80×24" in text
        await pilot.resize_terminal(80, 24)
        await kit.wait_for(
            pilot, lambda: not isinstance(app.screen, TooSmallScreen), "the notice to close"
        )


async def test_mouse_clicks_choose_a_tile_and_an_end(kit: type[TuiKit], data_dir: Path) -> None:
    record = kit.find_record(kit.short_rules(2), kit.seats("human", "computer"), kit.human_can_play)
    app = ChickenFootApp(load=kit.stored(record), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await kit.person_on_turn(pilot)
        state = game.session.state
        play = next(a for a in legal_actions(state) if isinstance(a, Play))
        index = sorted_hand(state.hands[0]).index(play.tile)
        # The hand's padding puts tile i (5 cells and a gap each) at column 1 + 6 i of row 1.
        await pilot.click("#hand", offset=(1 + 6 * index + 2, 1))
        assert game.client.selected == index
        board = game.query_one("#board", BoardView)
        row = board.row_of(play.target)
        assert row is not None
        await pilot.click("#board", offset=(2, row))
        assert game.client.chosen == play.target
        await pilot.press("enter")
        await kit.wait_for(
            pilot, lambda: len(game.session.record.actions) > len(record.actions), "the play"
        )
        assert game.session.record.actions[len(record.actions)] == play


async def test_the_command_palette_offers_only_game_commands_that_apply(
    kit: type[TuiKit], data_dir: Path
) -> None:
    from chickenfoot.tui.commands import ScreenCommands

    record = kit.find_record(kit.short_rules(2), kit.seats("human", "computer"), kit.human_can_play)
    app = ChickenFootApp(load=kit.stored(record), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await kit.person_on_turn(pilot)
        provider = ScreenCommands(game)
        titles = [hit.text async for hit in provider.discover()]
        assert "Scores" in titles and "Slower computer players" in titles
        assert "Draw" not in titles and "Pass" not in titles
        hits = [hit async for hit in provider.search("scores")]
        assert max(hits, key=lambda hit: hit.score).text == "Scores"
        drawing = [hit.text async for hit in provider.search("draw")]
        assert "Draw" not in drawing, "drawing a tile does not apply now"
        assert set(drawing) == {"Table or outline", "Compact or full table"}, "draw the board"


async def test_quit_asks_first_and_save_as_writes_a_copy(kit: type[TuiKit], data_dir: Path) -> None:
    from chickenfoot.tui.screens.confirm import ConfirmScreen
    from chickenfoot.tui.screens.save_as import SaveAsScreen

    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(kit.short_rules(2), kit.seats("human", "computer"), 6)
        game = await kit.person_on_turn(pilot)
        await pilot.press("q")
        await kit.wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        await pilot.press("n")
        await kit.wait_for(pilot, lambda: app.screen is game, "the game again")
        await pilot.press("ctrl+s")
        await kit.wait_for(
            pilot, lambda: isinstance(app.screen, SaveAsScreen), "the save-as dialog"
        )
        await pilot.press("enter")
        copy = data_dir / "exports" / "ana-bea-round-1.json"
        await kit.wait_for(pilot, copy.exists, "the copy")
        assert load_record(copy).actions == game.session.record.actions
        await pilot.press("ctrl+q")
        await kit.wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        await pilot.press("y")
        await kit.wait_for(pilot, lambda: not app.is_running, "the app to quit")


@pytest.mark.parametrize(
    ("errno", "reason", "width"),
    [(28, "the disk is full", 80), (13, "permission denied", 100)],
    ids=["disk full, 80 columns", "folder refuses writes, 100 columns"],
)
async def test_a_failed_save_is_one_lasting_notice_and_no_move_is_lost(
    kit: type[TuiKit], monkeypatch: pytest.MonkeyPatch, errno: int, reason: str, width: int
) -> None:
    messages: list[Message] = []
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(width, 24), message_hook=messages.append) as pilot:
        app.start_game(kit.short_rules(2), kit.seats("human", "computer"), 6)
        game = await kit.person_on_turn(pilot)

        def refused(*args: object, **kwargs: object) -> None:
            raise OSError(errno, os.strerror(errno))  # the system's words, never shown

        monkeypatch.setattr(SqliteStore, "commit", refused)
        saved = app.store.record(game.session.game).actions
        for _ in range(2):
            before = len(game.session.record.actions)
            await kit.press_turn(pilot, game, kit.choose_action(game.session.state))

            def moved(before: int = before) -> bool:
                return len(game.session.record.actions) > before and (
                    game.client.on_turn or game.session.state.over
                )

            await kit.wait_for(pilot, moved, "the move")
        status = game.query_one(StatusLine)
        advice = "Not saved: ctrl+s saves a copy elsewhere; your moves are kept here"
        await kit.wait_for(pilot, lambda: status.shown.news == f"{advice} ({reason})", "the notice")
        shown = status.render_line(1).text.strip()
        if width == 80:  # the narrowest the app plays in: the advice, then an ellipsis
            assert shown.startswith(advice) and shown.endswith("…"), shown
        else:
            assert shown == f"{advice} ({reason})", "at 100 columns the whole notice is read"
        topbar = str(game.query_one("#topbar").render())
        assert "not saved" in topbar
        assert not notices(messages), "one lasting notice, not a notice per move"
        assert app.store.record(game.session.game).actions == saved
        monkeypatch.undo()
        await kit.press_turn(pilot, game, kit.choose_action(game.session.state))
        await kit.wait_for(pilot, lambda: game.session.unsaved is None, "the next save")
        assert app.store.record(game.session.game) == game.session.record
        await kit.wait_for(
            pilot,
            lambda: "not saved" not in str(game.query_one("#topbar").render()),
            "the notice to go",
        )


async def test_with_nothing_that_fits_the_footer_offers_no_play_and_enter_says_why(
    kit: type[TuiKit],
) -> None:
    def nothing_fits(state: GameState) -> bool:
        legal = legal_actions(state)
        return state.turn == 0 and not any(isinstance(action, Play) for action in legal)

    record = kit.find_record(kit.short_rules(2), kit.seats("human", "computer"), nothing_fits)
    app = ChickenFootApp(load=kit.stored(record), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await kit.person_on_turn(pilot)
        footer = app.screen.query_one(Footer)
        await kit.wait_for(pilot, lambda: bool(footer.children), "the footer")
        offered = {key.description for key in footer.query(FooterKey) if key.display}
        assert "Play" not in offered
        assert offered & {"Draw", "Pass"}
        await pilot.press("enter")
        await kit.wait_for(pilot, lambda: bool(game.client.feedback), "why Enter did nothing")
        assert game.client.feedback == game.client.why_not("play")
        assert game.client.on_turn, "nothing was played"
