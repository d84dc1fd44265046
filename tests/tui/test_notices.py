"""The app's notices follow one policy (:mod:`chickenfoot.tui.notices`): one of a kind at a
time, never over a dialog or a question, never over the table (the game and the replay take
them into their own lines, the log for a long one), and a long one only where it hides
nothing. Each rule is driven through the real app."""

from __future__ import annotations

import json
import threading
from dataclasses import replace
from pathlib import Path

from textual.command import CommandInput, CommandPalette
from textual.widgets._toast import Toast

from chickenfoot.saves.database import SqliteStore
from chickenfoot.saves.paths import database_path
from chickenfoot.saves.store import Holder
from chickenfoot.tui.app import ChickenFootApp
from chickenfoot.tui.notices import LINE_CELLS, Notice
from chickenfoot.tui.screens.choice import ChoiceScreen
from chickenfoot.tui.screens.confirm import ConfirmScreen
from chickenfoot.tui.screens.help import HelpScreen
from chickenfoot.tui.screens.menu import MenuScreen
from chickenfoot.tui.widgets import EventLog, StatusLine, TableView
from tests.tui.conftest import TuiKit
from tests.tui.walk import settled

SHORT = "A notice short enough for the news line"
LONG = "A notice far longer than one line of the screen holds, " * 3
"""A long notice (see :attr:`Notice.long`)."""
STAYS = 600.0
"""Seconds a test's notice stays up: longer than any test, so none runs out under it (a
slow machine must not change what a test sees)."""


def toasts(app: ChickenFootApp) -> list[str]:
    """The notices drawn as toasts on the screen on top."""
    return [str(toast.render()) for toast in app.screen.query(Toast)]


async def at_menu(kit: type[TuiKit], pilot: object, app: ChickenFootApp) -> None:
    await kit.wait_for(pilot, lambda: isinstance(app.screen, MenuScreen) and settled(app), "menu")  # type: ignore[arg-type]


def test_a_notice_is_long_when_a_line_cannot_hold_it() -> None:
    assert not Notice("Deleted game 3.").long
    assert Notice("x" * (LINE_CELLS - 8), title="Title").lines == (f"Title: {'x' * 68}",)
    assert Notice("x" * LINE_CELLS, title="Title").long
    assert Notice("one\ntwo").long
    assert Notice("[b]bold[/b] words", markup=True).lines == ("bold words",)


async def test_an_identical_notice_replaces_the_one_shown(kit: type[TuiKit]) -> None:
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await at_menu(kit, pilot, app)
        for _ in range(3):
            app.notify("The table was rearranged so that it stays whole", timeout=STAYS)
        app.notify("Deleted game 3.", timeout=STAYS)
        await kit.wait_for(pilot, lambda: settled(app) and len(toasts(app)) == 2, "two toasts")
        assert toasts(app) == ["The table was rearranged so that it stays whole", "Deleted game 3."]
        assert len(app._notifications) == 2


async def test_a_notice_waits_under_a_dialog_and_shows_once_it_closes(kit: type[TuiKit]) -> None:
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await at_menu(kit, pilot, app)
        app.notify("Shown before the question", timeout=STAYS)
        await kit.wait_for(pilot, lambda: settled(app) and len(toasts(app)) == 1, "the toast")
        app.push_screen(ConfirmScreen("Sure?"))
        app.notify("Given over the question", timeout=STAYS)
        await kit.wait_for(
            pilot, lambda: isinstance(app.screen, ConfirmScreen) and settled(app), "the question"
        )
        assert toasts(app) == [], "nothing over the question"
        assert [notice.message for notice in app.notices.waiting] == [
            "Shown before the question",
            "Given over the question",
        ]
        await pilot.press("escape")
        await kit.wait_for(
            pilot, lambda: isinstance(app.screen, MenuScreen) and len(toasts(app)) == 2, "back"
        )
        assert toasts(app) == ["Shown before the question", "Given over the question"]


async def test_the_command_palette_and_the_theme_picker_have_no_notice_over_them(
    kit: type[TuiKit],
) -> None:
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await at_menu(kit, pilot, app)
        app.notify(LONG, title="Your keys in the settings file", timeout=STAYS)
        await kit.wait_for(pilot, lambda: len(toasts(app)) == 1, "the notice on the menu")
        await pilot.press("ctrl+p")
        await kit.wait_for(pilot, lambda: isinstance(app.screen, CommandPalette), "palette")
        await pilot.press(*"theme", "enter")
        await kit.wait_for(
            pilot,
            lambda: "themes" in app.screen.query_one(CommandInput).placeholder,
            "the theme picker",
        )
        await kit.wait_for(pilot, lambda: settled(app), "the picker drawn")
        assert toasts(app) == []
        await pilot.press("escape")
        await at_menu(kit, pilot, app)
        assert len(toasts(app)) == 1, "back on the menu, the notice shows again"


async def test_a_long_notice_waits_over_another_screen_and_comes_back_on_the_menu(
    kit: type[TuiKit],
) -> None:
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await at_menu(kit, pilot, app)
        app.notify(LONG, timeout=STAYS)
        app.notify("Short and to the point", timeout=STAYS)
        await kit.wait_for(pilot, lambda: len(toasts(app)) == 2, "both on the menu")
        await pilot.press("h")
        await kit.wait_for(
            pilot, lambda: isinstance(app.screen, HelpScreen) and settled(app), "the help"
        )
        assert toasts(app) == ["Short and to the point"], "the long one waits"
        app.notify(LONG + "given here", timeout=STAYS)
        await kit.wait_for(pilot, lambda: len(toasts(app)) == 2, "what the help was given")
        await pilot.press("escape")
        await at_menu(kit, pilot, app)
        assert len(toasts(app)) == 3, "on the menu, every notice shows"
        assert toasts(app)[0] == "Short and to the point"


async def test_a_notice_from_a_thread_is_given_on_the_app_s_own(kit: type[TuiKit]) -> None:
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await at_menu(kit, pilot, app)
        worker = threading.Thread(
            target=app.notify, args=("From a thread",), kwargs={"timeout": STAYS}
        )
        worker.start()
        await kit.wait_for(pilot, lambda: toasts(app) == ["From a thread"], "the notice")
        worker.join()


async def test_the_game_takes_notices_under_the_table_never_over_it(kit: type[TuiKit]) -> None:
    record = kit.find_record(kit.short_rules(2), kit.seats("human", "computer"), kit.human_can_play)
    app = ChickenFootApp(load=kit.stored(record), bot_delay=0)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        game = await kit.person_on_turn(pilot)
        status = game.query_one(StatusLine)
        log = game.query_one(EventLog)
        before = len(log.history)
        for _ in range(2):
            game.query_one(TableView).notify(SHORT, timeout=STAYS)
        await kit.wait_for(pilot, lambda: status.shown.news == SHORT, "news")
        assert len(log.history) == before, "a short notice is news, not a log line"
        app.notify(LONG, title="Long", timeout=STAYS)
        await kit.wait_for(pilot, lambda: len(log.history) == before + 1, "the long one logged")
        assert log.history[-1] == f"Long: {LONG}"
        assert status.shown.news == f"Long: {LONG}", "its first line is the news"
        await pilot.press("s")  # the scores: a dialog over the game
        await kit.wait_for(pilot, lambda: app.screen is not game, "the scores")
        app.notify("Given under a dialog", timeout=STAYS)
        await kit.wait_for(pilot, lambda: status.shown.news == "Given under a dialog", "news")
        assert toasts(app) == [] and not app._notifications


async def test_the_question_about_a_game_open_elsewhere_has_no_notice_over_it(
    kit: type[TuiKit], data_dir: Path
) -> None:
    settings = {"version": 1, "keys": {"game.count-tiles": "c"}}  # refused: a notice
    (data_dir / "settings.json").write_text(json.dumps(settings), encoding="utf-8")
    game = kit.stored(kit.find_record(kit.short_rules(2), kit.people(2), kit.human_can_play))
    store = SqliteStore(database_path())
    store.hold(game, replace(Holder.this_process(), host="elsewhere.example"))
    store.close()
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await kit.wait_for(pilot, lambda: app.own_keys.checked and settled(app), "the keys")
        assert len(toasts(app)) == 1, "the refused key is told on the menu"
        await pilot.press("c")
        await kit.wait_for(
            pilot, lambda: isinstance(app.screen, ChoiceScreen) and settled(app), "the question"
        )
        assert toasts(app) == []


async def test_a_notice_shown_as_a_game_opens_goes_to_its_log(kit: type[TuiKit]) -> None:
    record = kit.find_record(kit.short_rules(2), kit.seats("human", "computer"), kit.human_can_play)
    game = kit.stored(record)
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await at_menu(kit, pilot, app)
        app.notify(LONG, title="Long", timeout=STAYS)
        await kit.wait_for(pilot, lambda: len(toasts(app)) == 1, "the notice on the menu")
        app.continue_game(game)  # the game's screen comes on top of the notice
        screen = await kit.person_on_turn(pilot)
        log = screen.query_one(EventLog)
        await kit.wait_for(pilot, lambda: f"Long: {LONG}" in log.history, "the notice logged")
        assert toasts(app) == [] and not app._notifications
