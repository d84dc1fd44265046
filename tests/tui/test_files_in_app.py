"""Nothing lost, nothing hangs, in the app: a game open in two windows, a game another window
took over, moves that could not be committed, a slow disk, and a named pipe typed as a path."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

import pytest
from textual.messages import ExitApp
from textual.pilot import Pilot
from textual.widgets import Input

from chickenfoot.play import session as session_module
from chickenfoot.play.session import GameSession
from chickenfoot.record.model import GameRecord
from chickenfoot.record.summary import GameId
from chickenfoot.saves.database import SqliteStore, database_path
from chickenfoot.saves.store import Change, GameFacts, Holder, StoreError
from chickenfoot.tui.app import ChickenFootApp
from chickenfoot.tui.screens.choice import ChoiceScreen
from chickenfoot.tui.screens.game import GameScreen
from chickenfoot.tui.screens.load import LoadScreen
from chickenfoot.tui.screens.menu import MenuScreen
from chickenfoot.tui.screens.replay import ReplayScreen
from chickenfoot.tui.screens.scoreboard import ScoreboardScreen
from chickenfoot.tui.screens.too_small import TooSmallScreen
from chickenfoot.tui.widgets import StatusLine
from tests.kit import as_kind, holders_in
from tests.tui.conftest import TuiKit


async def open_saved_game(
    kit: type[TuiKit], pilot: Pilot[None], app: ChickenFootApp, game: GameId
) -> GameScreen:
    app.continue_game(game)
    await kit.wait_for(pilot, lambda: app.game_screen is not None, "the game")
    screen = kit.game_screen(app)
    await kit.wait_for(pilot, lambda: screen.client.on_turn, "the person's turn")
    return screen


def person_game(kit: type[TuiKit]) -> GameId:
    record = kit.find_record(kit.short_rules(2), kit.seats("human", "computer"), kit.human_can_play)
    return kit.stored(record)


def stored_actions(game: GameId) -> int:
    """How many actions the store holds of ``game`` (read afresh)."""
    store = SqliteStore(database_path())
    try:
        return store.summary(game).actions
    finally:
        store.close()


HOLD_THE_GAME = """
import sys
from pathlib import Path
from chickenfoot.saves.database import SqliteStore
from chickenfoot.saves.store import Holder
SqliteStore(Path(sys.argv[1])).hold(int(sys.argv[2]), Holder.this_process())
print("held", flush=True)
sys.stdin.read()
"""


@contextmanager
def another_window(game: GameId) -> Iterator[None]:
    """Another chickenfoot process holding ``game`` until the block ends (then killed)."""
    process = subprocess.Popen(
        [sys.executable, "-c", HOLD_THE_GAME, str(database_path()), str(game)],
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
    game = person_game(kit)
    with another_window(game):
        await offered_a_copy_or_to_watch(kit, game)
    GameSession.load(game).close()  # the other window is gone: the game opens here


async def offered_a_copy_or_to_watch(kit: type[TuiKit], game: GameId) -> None:
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        app.continue_game(game)
        await kit.wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the question")
        assert "open in another chickenfoot window" in as_kind(app.screen, ChoiceScreen).question
        await pilot.press("w")
        await kit.wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay")
        await pilot.press("escape")
        app.continue_game(game)
        await kit.wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the question")
        await pilot.press("c")
        await kit.wait_for(pilot, lambda: app.game_screen is not None, "the copy")
        copy = kit.game_screen(app)
        assert copy.session.game != game
        assert copy.session.record.actions == app.store.record(game).actions


async def test_the_question_of_another_window_stays_under_the_size_notice(
    kit: type[TuiKit], data_dir: Path
) -> None:
    game = person_game(kit)
    with another_window(game):
        app = ChickenFootApp(bot_delay=0)
        async with app.run_test(size=(40, 12)) as pilot:
            await kit.wait_for(pilot, lambda: isinstance(app.screen, TooSmallScreen), "the notice")
            app.continue_game(game)
            await kit.wait_for(
                pilot,
                lambda: any(isinstance(s, ChoiceScreen) for s in app.screen_stack),
                "the question",
            )
            assert isinstance(app.screen, TooSmallScreen), "the question opened over the notice"
            await pilot.resize_terminal(80, 24)
            await kit.wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the question")


async def test_a_killed_window_does_not_block(kit: type[TuiKit], data_dir: Path) -> None:
    game = person_game(kit)
    with another_window(game):
        pass  # the other window is killed, its hold left behind
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_saved_game(kit, pilot, app, game)
        assert screen.session.game == game


async def test_a_game_on_screen_is_given_back_when_the_app_ends(
    kit: type[TuiKit], data_dir: Path
) -> None:
    game = person_game(kit)
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_saved_game(kit, pilot, app, game)
        assert holders_in(data_dir) == 1, "the window holds its game"
        app.post_message(ExitApp())  # what a closed browser tab or a stopped server sends
    assert holders_in(data_dir) == 0, "nothing left behind"


async def test_a_game_another_window_took_over_is_never_written(
    kit: type[TuiKit], data_dir: Path
) -> None:
    game = person_game(kit)
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_saved_game(kit, pilot, app, game)
        store = SqliteStore(database_path())
        other = replace(Holder.this_process(), host="elsewhere.example")
        store.hold(game, other, force=True)  # "open it here" in another window, which moves
        theirs = screen.session.record.appended(kit.choose_action(screen.session.state))
        store.commit(
            game, Change(len(theirs.actions) - 1, theirs.actions[-1:], 0, (), facts(theirs)), other
        )
        await kit.press_turn(pilot, screen, kit.choose_action(screen.session.state))
        status = screen.query_one(StatusLine)
        await kit.wait_for(pilot, lambda: status.shown.news.startswith("Not saved"), "the notice")
        assert store.record(game) == theirs
        assert "another" in status.shown.news
        store.close()


def facts(record: GameRecord) -> GameFacts:
    return GameFacts.of(record)


class SlowDisk:
    """Stands in for the store's commit (:meth:`install`): each waits for the gate (until the
    test lets it finish: a test always does, however it ends), then commits; counts the
    threads they ran on."""

    def __init__(self) -> None:
        self.gate = threading.Event()
        self.started = threading.Event()
        self.threads: list[threading.Thread] = []

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        real = SqliteStore.commit

        def commit(
            store: SqliteStore, game: GameId, change: Change, holder: Holder | None = None
        ) -> None:
            self.started.set()
            self.gate.wait()
            self.threads.append(threading.current_thread())
            real(store, game, change, holder)

        monkeypatch.setattr(SqliteStore, "commit", commit)


async def test_the_game_is_committed_on_a_thread_of_its_own_and_waits_for_it(
    kit: type[TuiKit], data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = person_game(kit)
    disk = SlowDisk()
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_saved_game(kit, pilot, app, game)
        disk.install(monkeypatch)
        before = stored_actions(game)
        await kit.press_turn(pilot, screen, kit.choose_action(screen.session.state))
        await kit.wait_for(pilot, disk.started.is_set, "the commit to start")
        assert len(screen.session.record.actions) == before + 1, "the move shows at once"
        assert not screen.session.committed, "the game goes no further until it is committed"
        await kit.wait_for(
            pilot, lambda: "saving…" in str(screen.query_one("#topbar").render()), "saving…"
        )
        assert len(screen.session.record.actions) == before + 1, "no computer move meanwhile"
        disk.gate.set()
        await kit.wait_for(pilot, lambda: screen.session.committed, "the commit")
        await kit.wait_for(
            pilot, lambda: screen.client.on_turn or screen.session.state.over, "the next turn"
        )
        assert screen.session.wait_committed()
        assert stored_actions(game) == len(screen.session.record.actions)
        assert threading.main_thread() not in disk.threads, "no commit on the UI thread"
        assert "saving…" not in str(screen.query_one("#topbar").render())


async def test_leaving_waits_for_a_slow_commit_without_freezing_the_screen(
    kit: type[TuiKit], data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = person_game(kit)
    disk = SlowDisk()
    # Leaving waits for the commit, not for a time: a loaded machine must not run out the
    # time after which leaving asks about unsaved moves (another test asks that question).
    monkeypatch.setattr(session_module, "SETTLE_TIME", 600.0)
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        try:
            screen = await open_saved_game(kit, pilot, app, game)
            disk.install(monkeypatch)
            await kit.press_turn(pilot, screen, kit.choose_action(screen.session.state))
            await kit.wait_for(pilot, disk.started.is_set, "the commit to start")
            await pilot.press("escape")
            await pilot.press("s")  # the screen still answers keys while the commit runs
            await kit.wait_for(pilot, lambda: isinstance(app.screen, ScoreboardScreen), "scores")
            assert stored_actions(game) != len(screen.session.record.actions), "still saving"
        finally:
            disk.gate.set()  # never a disk that gives up by itself: under load that fails the save
        await kit.wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        assert stored_actions(game) == len(screen.session.record.actions)


async def test_leaving_with_unsaved_moves_asks_and_continue_keeps_them(
    kit: type[TuiKit], data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    number = person_game(kit)

    def full_disk(*args: object, **kwargs: object) -> None:
        raise StoreError("the disk is full")

    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await open_saved_game(kit, pilot, app, number)
        monkeypatch.setattr(SqliteStore, "commit", full_disk)
        await kit.press_turn(pilot, game, kit.choose_action(game.session.state))
        await kit.wait_for(pilot, lambda: game.session.unsaved is not None, "the failed save")
        await kit.wait_for(pilot, lambda: game.client.on_turn or game.session.state.over, "turn")
        played = game.session.record.actions
        assert stored_actions(number) != len(played)
        await pilot.press("escape")
        await kit.wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the question")
        assert "not saved" in as_kind(app.screen, ChoiceScreen).question
        await pilot.press("y")
        await kit.wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        monkeypatch.undo()
        app.continue_game(number)
        await kit.wait_for(pilot, lambda: app.game_screen is not None, "the game again")
        resumed = kit.game_screen(app)
        assert resumed.session.record.actions == played, "Continue kept the moves in memory"
        await kit.press_turn(pilot, resumed, kit.choose_action(resumed.session.state))
        await kit.wait_for(pilot, lambda: resumed.session.unsaved is None, "a save")
        assert app.store.record(number).actions[: len(played)] == played


async def test_quit_with_unsaved_moves_says_so(
    kit: type[TuiKit], data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    number = person_game(kit)

    def refused(*args: object, **kwargs: object) -> None:
        raise StoreError("the game database cannot be written")

    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await open_saved_game(kit, pilot, app, number)
        monkeypatch.setattr(SqliteStore, "commit", refused)
        await kit.press_turn(pilot, game, kit.choose_action(game.session.state))
        await kit.wait_for(pilot, lambda: game.session.unsaved is not None, "the failed save")
        await pilot.press("q")
        await kit.wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the question")
        question = as_kind(app.screen, ChoiceScreen).question
        assert "not saved (the game database cannot be written)" in question
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
