"""The player's own keys, from the settings file, in the real app: a changed key works and
the old one no longer does, the footer and the help show it, and what cannot be used is
refused in plain words (the command keeps its keys)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from textual.notifications import Notification
from textual.widgets import Button, Markdown

from chickenfoot.record.model import SeatConfig
from chickenfoot.rules import GameState, Play, Tile, legal_actions
from chickenfoot.text import prompts
from chickenfoot.tui.app import ChickenFootApp
from chickenfoot.tui.commands import binding_commands
from chickenfoot.tui.screens.confirm import ConfirmScreen
from chickenfoot.tui.screens.game import turn_keys
from chickenfoot.tui.screens.help import HelpScreen
from chickenfoot.tui.screens.menu import MenuScreen
from chickenfoot.tui.screens.round_over import RoundOverScreen
from chickenfoot.tui.screens.scoreboard import ScoreboardScreen
from chickenfoot.tui.screens.stats import StatsScreen
from chickenfoot.tui.widgets import BoardPanel, EventLog, StatusLine
from tests.tui.conftest import TuiKit, screen_lines


def write_keys(data_dir: Path, keys: object) -> None:
    """A settings file holding the keys section ``keys``."""
    settings = {"version": 1, "keys": keys}
    (data_dir / "settings.json").write_text(json.dumps(settings), encoding="utf-8")


def notices(app: ChickenFootApp) -> list[Notification]:
    """The notices on screen now."""
    return list(app._notifications)


async def test_an_id_that_names_no_command_is_refused_in_a_notice(
    kit: type[TuiKit], data_dir: Path
) -> None:
    write_keys(data_dir, {"game.hnt": "H", "[red]x": "f2"})
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await kit.wait_for(pilot, lambda: app.own_keys.checked, "the keys checked")
        assert app.own_keys.keymap == {}
        assert app.own_keys.refusals == (
            "“game.hnt” names no command, so it changes no key (“chickenfoot keys” lists every id)",
            "“[red]x” names no command, so it changes no key (“chickenfoot keys” lists every id)",
        )
        (notice,) = notices(app)
        assert notice.message == "\n".join(app.own_keys.refusals)
        assert notice.severity == "warning" and not notice.markup
        assert isinstance(app.screen, MenuScreen)


async def test_a_keys_section_that_is_not_an_object_is_said_so(
    kit: type[TuiKit], data_dir: Path
) -> None:
    write_keys(data_dir, ["game.hint", "H"])
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await kit.wait_for(pilot, lambda: app.own_keys.checked, "the keys checked")
        assert app.own_keys.keymap == {}
        (notice,) = notices(app)
        assert "keys section" in notice.message


async def test_without_a_keys_section_nothing_is_checked_or_loaded(kit: type[TuiKit]) -> None:
    app = ChickenFootApp(bot_delay=0)
    assert app.own_keys.checked
    async with app.run_test(size=(80, 24)) as pilot:
        await kit.wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        assert app.own_keys.keymap == {} and notices(app) == []


def footer(app: ChickenFootApp) -> str:
    """What the footer (the screen's last line) shows now, as it is drawn."""
    return screen_lines(app)[-1]


async def test_a_menu_key_of_your_own_works_the_old_one_no_longer(
    kit: type[TuiKit], data_dir: Path
) -> None:
    write_keys(data_dir, {"menu.stats": "t", "menu.help": "f1"})
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await kit.wait_for(pilot, lambda: app.own_keys.checked, "the keys checked")
        assert app.own_keys.keymap == {"menu.stats": "t", "menu.help": "f1"}
        assert app.own_keys.refusals == () and notices(app) == []
        await kit.wait_for(pilot, lambda: " t Stats " in footer(app), "the footer to show t")
        assert " s Stats " not in footer(app) and " f1 Help " in footer(app)
        await pilot.press("s")  # no longer the statistics
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("t")
        await kit.wait_for(pilot, lambda: isinstance(app.screen, StatsScreen), "the statistics")


async def test_in_the_game_a_key_of_your_own_works_and_a_clash_is_refused(
    kit: type[TuiKit], data_dir: Path
) -> None:
    write_keys(data_dir, {"game.hint": "H", "game.take-back": "s"})
    seats = (
        SeatConfig(name="Ana", player="human"),
        SeatConfig(name="Bea", player="computer", level="casual"),
    )
    record = kit.find_record(kit.short_rules(2), seats, kit.human_can_play)
    app = ChickenFootApp(load=kit.stored(record), bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await kit.wait_for(pilot, lambda: app.own_keys.checked, "the keys checked")
        assert app.own_keys.keymap == {"game.hint": "H", "game.hint-why-not": "H"}  # it follows
        assert app.own_keys.refusals == (
            "game.take-back cannot take “s”: on the game screen that key is already "
            "game.scores (Every round's scores so far); game.take-back keeps “u”",
        )
        (notice,) = notices(app)
        assert "game.take-back cannot take “s”" in notice.message
        game = await kit.person_on_turn(pilot)
        await kit.wait_for(pilot, lambda: " H Hint " in footer(app), "the footer")
        assert " i Hint " not in footer(app)
        palette = {command.title: command.help for command in binding_commands(game)}
        assert palette["Hint"].endswith("(H)")
        await pilot.press("i")  # no longer a hint
        await pilot.pause()
        assert not game.client.feedback.startswith("Hint: ")
        await pilot.press("H")
        await kit.wait_for(
            pilot, lambda: game.client.feedback.startswith("Hint: "), "the hint to be shown"
        )
        await pilot.press("s")  # still the scores: the clashing key was refused
        await kit.wait_for(
            pilot, lambda: isinstance(app.screen, ScoreboardScreen), "the scoreboard"
        )
        await pilot.press("escape")
        await kit.wait_for(pilot, lambda: app.screen is game, "the game again")
        await pilot.press("question_mark")
        await kit.wait_for(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")
        text = app.screen.query_one("#help-text", Markdown).source
        assert "| `H` | Hint |" in text and "| `i` | Hint |" not in text
        assert "| `u` | Undo |" in text
        assert "**Hints** (`H` on your turn)" in text and "**Take-backs** (`u`, when" in text


def test_the_games_sentences_name_the_keys_in_use() -> None:
    keys = turn_keys({"game.draw": "D", "game.play": "space,enter"})
    assert (keys.draw, keys.play, keys.pass_turn, keys.keep) == ("D", "Space", "p", "k")
    assert prompts.nothing_fits("Ana", True, keys) == "Ana: nothing fits · draw (D)"
    assert prompts.no_tile_fits(can_draw=True, keys=keys) == "No tile of yours fits: draw (D)."
    assert prompts.drew_playable("Ana", Tile(3, 5), True, keys) == (
        "Ana drew 3|5: play it (Space) or keep it (k)"
    )
    assert turn_keys({}) == replace(prompts.PLAIN_KEYS, save_copy=""), (
        "the game screen's own keys are the plain mode's commands (a copy is saved by a key)"
    )


async def test_the_hand_off_and_the_round_s_result_name_the_keys_you_gave_them(
    kit: type[TuiKit], data_dir: Path
) -> None:
    enter = ("game.show-hand", "game.seen-draw", "game.play")  # they share Enter: moved together
    own = {"round-over.continue": "n", "game.outline": "O", "game.log": "ctrl+o"}
    write_keys(data_dir, {**dict.fromkeys(enter, "space"), **own})
    seats = kit.seats("human", "human")
    record = kit.find_record(kit.short_rules(2, rounds=2), seats, last_tile_of_round_one)
    app = ChickenFootApp(load=kit.stored(record), bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await kit.wait_for(pilot, lambda: app.own_keys.checked, "the keys checked")
        assert app.own_keys.refusals == ()
        game = kit.game_screen(app)
        status = game.query_one(StatusLine)
        await kit.wait_for(pilot, lambda: "press Space" in game.hand_shown.banner, "the hand-off")
        assert str(game.query_one(BoardPanel).border_subtitle).startswith("O: outline · .: ")
        assert game.query_one(EventLog).border_subtitle == "^o: all"
        await pilot.press("number_sign")
        await kit.wait_for(pilot, lambda: "Space shows it" in status.shown.news, "why no count")
        await pilot.press("enter")  # no longer shows the hand
        await pilot.pause()
        assert game.client.seat_view is None
        await pilot.press("space")
        await kit.wait_for(pilot, lambda: game.client.on_turn, "Ana's hand")
        play = next(a for a in legal_actions(game.session.state) if isinstance(a, Play))
        await pilot.press(*game.client.labels()[play.target])  # the end's key: its only tile
        await kit.wait_for(pilot, lambda: "Space plays" in status.shown.text, "the play named")
        await pilot.press("space")
        await kit.wait_for(pilot, lambda: isinstance(app.screen, RoundOverScreen), "round over")
        assert status.shown.text == "Round 1 is over · n deals the next round"
        await pilot.press("escape")  # no longer goes on (Enter presses the focused button)
        await pilot.pause()
        assert isinstance(app.screen, RoundOverScreen)
        await pilot.press("n")
        await kit.wait_for(
            pilot, lambda: game.client.shown().topbar[0] == "Round 2 of 2", "the next round"
        )


def last_tile_of_round_one(state: GameState) -> bool:
    """Seat 0 is on turn in round 1 with its last tile, which fits: its play ends the round."""
    playable = any(isinstance(action, Play) for action in legal_actions(state))
    return state.round_index == 0 and state.turn == 0 and len(state.hands[0]) == 1 and playable


async def test_a_question_s_buttons_name_the_keys_you_gave_them(
    kit: type[TuiKit], data_dir: Path
) -> None:
    write_keys(data_dir, {"confirm.yes": "o", "confirm.no": "x"})
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await kit.wait_for(pilot, lambda: app.own_keys.checked, "the keys checked")
        assert app.own_keys.refusals == ()
        await pilot.press("ctrl+q")
        await kit.wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        labels = [str(button.label) for button in app.screen.query(Button)]
        assert labels == ["Quit (o)", "Stay (x)"]
        await pilot.press("x")
        await kit.wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu again")
