"""Nothing lost, nothing hangs, in the app: a game open in two windows, a file another window
changed, moves that could not be saved, and a named pipe typed as a path."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from chickenfoot.play.session import GameSession
from chickenfoot.saves import autosaver as saver_module
from chickenfoot.saves.files import FileStamp
from chickenfoot.saves.locks import LockInfo, lock_path_for
from chickenfoot.saves.record import load_record, save_record
from chickenfoot.tui.app import ChickenFootApp, TooSmallScreen
from chickenfoot.tui.screens.choice import ChoiceScreen
from chickenfoot.tui.screens.game import GameScreen
from chickenfoot.tui.screens.load import LoadScreen
from chickenfoot.tui.screens.menu import MenuScreen
from chickenfoot.tui.screens.replay import ReplayScreen
from chickenfoot.tui.screens.scoreboard import ScoreboardScreen
from chickenfoot.tui.widgets import StatusLine
from tests.kit import as_kind
from tests.tui.conftest import TuiKit


async def open_saved_game(
    kit: type[TuiKit], pilot: Pilot[None], app: ChickenFootApp, path: Path
) -> GameScreen:
    app.continue_game(path)
    await kit.wait_for(pilot, lambda: app.game_screen is not None, "the game")
    game = kit.game_screen(app)
    await kit.wait_for(pilot, lambda: game.client.on_turn, "the person's turn")
    return game


def person_game(kit: type[TuiKit], folder: Path) -> Path:
    record = kit.find_record(kit.short_rules(2), kit.seats("human", "computer"), kit.human_can_play)
    return kit.save(record, folder, "game.json")


HOLD_THE_LOCK = """
import sys
from pathlib import Path
from chickenfoot.saves.files import FileStamp
from chickenfoot.saves.locks import acquire_game_lock
lock = acquire_game_lock(Path(sys.argv[1]))
print("held" if lock else "refused", flush=True)
sys.stdin.read()
"""


@contextmanager
def another_window(path: Path) -> Iterator[None]:
    """Another chickenfoot process holding ``path``'s lock until the block ends."""
    process = subprocess.Popen(
        [sys.executable, "-c", HOLD_THE_LOCK, str(path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])},
    )
    try:
        assert process.stdout is not None
        assert process.stdout.readline().strip() == "held"
        yield
    finally:
        process.kill()
        process.wait(timeout=30)


async def test_a_game_open_in_another_window_is_offered_as_a_copy_or_to_watch(
    kit: type[TuiKit], data_dir: Path
) -> None:
    path = person_game(kit, data_dir / "saves")
    with another_window(path):
        await offered_a_copy_or_to_watch(kit, path)
    GameSession.load(path).close()  # the other window is gone: the game opens here


async def offered_a_copy_or_to_watch(kit: type[TuiKit], path: Path) -> None:
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        app.continue_game(path)
        await kit.wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the question")
        assert "open in another chickenfoot window" in as_kind(app.screen, ChoiceScreen).question
        await pilot.press("w")
        await kit.wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay")
        await pilot.press("escape")
        app.continue_game(path)
        await kit.wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the question")
        await pilot.press("c")
        await kit.wait_for(pilot, lambda: app.game_screen is not None, "the copy")
        copy = kit.game_screen(app)
        assert copy.session.path != path
        assert copy.session.record.actions == load_record(path).actions


async def test_the_question_of_another_window_stays_under_the_size_notice(
    kit: type[TuiKit], data_dir: Path
) -> None:
    path = person_game(kit, data_dir / "saves")
    with another_window(path):
        app = ChickenFootApp(bot_delay=0)
        async with app.run_test(size=(40, 12)) as pilot:
            await kit.wait_for(pilot, lambda: isinstance(app.screen, TooSmallScreen), "the notice")
            app.continue_game(path)
            await kit.wait_for(
                pilot,
                lambda: any(isinstance(s, ChoiceScreen) for s in app.screen_stack),
                "the question",
            )
            assert isinstance(app.screen, TooSmallScreen), "the question opened over the notice"
            await pilot.resize_terminal(80, 24)
            await kit.wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the question")


async def test_a_lock_left_by_a_killed_window_does_not_block(
    kit: type[TuiKit], data_dir: Path
) -> None:
    path = person_game(kit, data_dir / "saves")
    lock = lock_path_for(path)
    lock.parent.mkdir(parents=True, exist_ok=True)
    now = datetime.now(UTC)
    dead = LockInfo(pid=2**22 + 12345, host=socket.gethostname(), started=now, lock_path=lock)
    lock.write_bytes(dead.to_json())
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await open_saved_game(kit, pilot, app, path)
        assert game.session.path == path


async def test_a_game_on_screen_is_given_back_when_the_app_ends(
    kit: type[TuiKit], data_dir: Path
) -> None:
    path = person_game(kit, data_dir / "saves")
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_saved_game(kit, pilot, app, path)
        assert lock_path_for(path).exists()
        app.exit()  # as when told to quit by its terminal or its server
    assert not lock_path_for(path).exists(), "no lock is left behind"


async def test_a_file_changed_by_another_window_is_never_overwritten(
    kit: type[TuiKit], data_dir: Path
) -> None:
    path = person_game(kit, data_dir / "saves")
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await open_saved_game(kit, pilot, app, path)
        theirs = game.session.record.appended(kit.choose_action(game.session.state))
        save_record(theirs, path)  # another window, forced open, played a move
        await kit.press_turn(pilot, game, kit.choose_action(game.session.state))
        status = game.query_one(StatusLine)
        await kit.wait_for(pilot, lambda: status.shown.news.startswith("Not saved"), "the notice")
        assert load_record(path).actions == theirs.actions
        assert "another" in status.shown.news


async def test_the_game_is_saved_on_a_thread_of_its_own(
    kit: type[TuiKit], data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = person_game(kit, data_dir / "saves")
    real_save = save_record
    threads: list[threading.Thread] = []

    def watched(*args: Any, **kwargs: Any) -> FileStamp:
        threads.append(threading.current_thread())
        return real_save(*args, **kwargs)

    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await open_saved_game(kit, pilot, app, path)
        monkeypatch.setattr(saver_module, "save_record", watched)
        await kit.press_turn(pilot, game, kit.choose_action(game.session.state))
        await kit.wait_for(pilot, lambda: bool(threads), "a save")
        assert game.session.settle()
        assert load_record(path).actions == game.session.record.actions
        assert threading.main_thread() not in threads, "no save on the UI thread"


async def test_leaving_waits_for_a_slow_save_without_freezing_the_screen(
    kit: type[TuiKit], data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = person_game(kit, data_dir / "saves")
    real_save = save_record
    gate, started = threading.Event(), threading.Event()

    def slow_disk(*args: Any, **kwargs: Any) -> FileStamp:
        started.set()
        gate.wait()  # until the test lets it finish (the test always does, however it ends)
        return real_save(*args, **kwargs)

    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        try:
            game = await open_saved_game(kit, pilot, app, path)
            monkeypatch.setattr(saver_module, "save_record", slow_disk)
            await kit.press_turn(pilot, game, kit.choose_action(game.session.state))
            await kit.wait_for(pilot, started.is_set, "the save to start")
            await pilot.press("escape")
            await pilot.press("s")  # the screen still answers keys while the save runs
            await kit.wait_for(pilot, lambda: isinstance(app.screen, ScoreboardScreen), "scores")
            assert load_record(path).actions != game.session.record.actions, "still saving"
        finally:
            gate.set()  # never a disk that gives up by itself: under load that fails the save
        await kit.wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        assert load_record(path).actions == game.session.record.actions


async def test_leaving_with_unsaved_moves_asks_and_continue_keeps_them(
    kit: type[TuiKit], data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = person_game(kit, data_dir / "saves")
    real_save = save_record

    def full_disk(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await open_saved_game(kit, pilot, app, path)
        monkeypatch.setattr(saver_module, "save_record", full_disk)
        await kit.press_turn(pilot, game, kit.choose_action(game.session.state))
        await kit.wait_for(pilot, lambda: game.session.unsaved is not None, "the failed save")
        await kit.wait_for(pilot, lambda: game.client.on_turn or game.session.state.over, "turn")
        played = game.session.record.actions
        assert load_record(path).actions != played
        await pilot.press("escape")
        await kit.wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the question")
        assert "not saved" in as_kind(app.screen, ChoiceScreen).question
        await pilot.press("y")
        await kit.wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        monkeypatch.setattr(saver_module, "save_record", real_save)
        app.continue_game(path)
        await kit.wait_for(pilot, lambda: app.game_screen is not None, "the game again")
        resumed = kit.game_screen(app)
        assert resumed.session.record.actions == played, "Continue kept the moves in memory"
        await kit.press_turn(pilot, resumed, kit.choose_action(resumed.session.state))
        await kit.wait_for(pilot, lambda: resumed.session.unsaved is None, "a save")
        assert load_record(path).actions[: len(played)] == played


async def test_quit_with_unsaved_moves_says_so(
    kit: type[TuiKit], data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = person_game(kit, data_dir / "saves")

    def refused(*args: object, **kwargs: object) -> None:
        raise OSError(13, "Permission denied")

    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await open_saved_game(kit, pilot, app, path)
        monkeypatch.setattr(saver_module, "save_record", refused)
        await kit.press_turn(pilot, game, kit.choose_action(game.session.state))
        await kit.wait_for(pilot, lambda: game.session.unsaved is not None, "the failed save")
        await pilot.press("q")
        await kit.wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the question")
        question = as_kind(app.screen, ChoiceScreen).question
        assert "not saved (permission denied)" in question, "in plain words, not the system's"
        await pilot.press("n")
        await kit.wait_for(pilot, lambda: app.screen is game, "back to the game")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes need POSIX")
async def test_open_file_refuses_a_named_pipe_at_once(kit: type[TuiKit], tmp_path: Path) -> None:
    pipe = tmp_path / "pipe.json"
    os.mkfifo(pipe)
    app = ChickenFootApp(bot_delay=0)
    notices: list[str] = []
    async with app.run_test(size=(80, 24), message_hook=lambda m: notices.append(str(m))) as pilot:
        await kit.wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        await pilot.press("l")
        await kit.wait_for(pilot, lambda: isinstance(app.screen, LoadScreen), "the saves")
        await pilot.press("o")
        path_input = app.screen.query_one("#load-path", Input)
        await kit.wait_for(pilot, lambda: path_input.has_focus, "the path input")
        path_input.value = str(pipe)
        await pilot.press("enter")
        await kit.wait_for(
            pilot,
            lambda: any("not a regular file: a named pipe" in text for text in notices),
            "the refusal",
        )
        assert isinstance(app.screen, LoadScreen), "the app still answers"
