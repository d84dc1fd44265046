"""The Load screen: the list of saved games, opening, continuing, replaying, deleting, bad files."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import DataTable, Input, Static

from chickenfoot.rules import RuleSet
from chickenfoot.saves.paths import ONLY_DATA_DIR_VARIABLE, data_dir
from chickenfoot.saves.record import GameRecord, RecordError, load_record, save_record
from chickenfoot.tui.app import ChickenFootApp
from chickenfoot.tui.screens.confirm import ConfirmScreen
from chickenfoot.tui.screens.load import LoadScreen
from chickenfoot.tui.screens.replay import ReplayScreen
from tests.kit import as_kind
from tests.recorded import random_record
from tests.tui.conftest import SnapCompare, TuiKit, wait_for

CREATED = datetime(2026, 11, 30, 9, 15, tzinfo=UTC)
BROKEN_TEXT = '{"format": "chickenfoot", "version": 1, "created": '
"""A saved game cut off in the middle."""


def played(rules: RuleSet, seats: Any, seed: int, stop_after: int | None = None) -> GameRecord:
    """A record with seeded random legal actions (``stop_after`` None: to the end)."""
    return random_record(rules, seats, seed, stop_after, created=CREATED)


def load_error(path: Path) -> RecordError:
    """The error loading ``path`` raises."""
    with pytest.raises(RecordError) as caught:
        load_record(path)
    return caught.value


def stamp(path: Path, hour: int) -> None:
    """Give ``path`` a fixed modification time: 30 Nov 2026 at ``hour``:00 UTC."""
    moment = datetime(2026, 11, 30, hour, tzinfo=UTC).timestamp()
    os.utime(path, (moment, moment))


@pytest.fixture(autouse=True)
def utc_clock(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Local time is UTC, so the dates shown do not depend on the machine."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


class Saves:
    """Three files in the saves folder: unfinished (newest), finished, broken (oldest)."""

    def __init__(self, folder: Path, kit: type[TuiKit]) -> None:
        self.unfinished = played(
            kit.short_rules(3, rounds=2), kit.seats("human", "computer", "human"), 4, 9
        )
        self.finished = played(kit.short_rules(2), kit.seats("human", "computer"), 6)
        assert self.finished.finished and not self.unfinished.finished
        self.unfinished_path = folder / "unfinished.json"
        self.finished_path = folder / "finished.json"
        self.broken_path = folder / "broken.json"
        save_record(self.unfinished, self.unfinished_path)
        save_record(self.finished, self.finished_path)
        self.broken_path.write_text(BROKEN_TEXT)
        stamp(self.unfinished_path, 12)
        stamp(self.finished_path, 11)
        stamp(self.broken_path, 10)


@pytest.fixture
def saves(data_dir: Path, kit: type[TuiKit]) -> Saves:
    """The saved games of these tests."""
    folder = data_dir / "saves"
    folder.mkdir()
    return Saves(folder, kit)


def recording_notifications(app: ChickenFootApp) -> list[str]:
    """Collect every notification's text (and still show it)."""
    messages: list[str] = []
    notify = app.notify

    def record(message: str, **options: Any) -> None:
        messages.append(message)
        notify(message, **options)

    app.notify = record  # type: ignore[method-assign]
    return messages


async def open_load(pilot: Pilot[None], replays: bool = False) -> LoadScreen:
    """Push the Load (or Replays) screen and wait until it shows the saves folder."""
    screen = LoadScreen(replays=replays)
    pilot.app.push_screen(screen)
    await listed(pilot, screen, 0)
    return screen


async def listed(pilot: Pilot[None], screen: LoadScreen, shown_before: int) -> None:
    """Wait until ``screen`` is on top and has shown the list again since ``shown_before``
    (its ``lists_shown`` then): no guessing how long reading the folder takes."""
    await wait_for(
        pilot,
        lambda: pilot.app.screen is screen and screen.lists_shown > shown_before,
        "a fresh list",
    )


async def highlight(pilot: Pilot[None], screen: LoadScreen, path: Path) -> None:
    """Move the table's cursor to the row of ``path`` and wait for its details to show."""
    row = [summary.path for summary in screen.summaries].index(path)
    screen.query_one("#saves", DataTable).move_cursor(row=row)
    detail = screen.query_one("#load-detail", Static)
    await wait_for(pilot, lambda: path.name in str(detail.render()), f"the details of {path.name}")


async def test_lists_every_save_newest_first_with_broken_files(saves: Saves) -> None:
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_load(pilot)
        table = screen.query_one("#saves", DataTable)
        rows = [[str(cell) for cell in table.get_row_at(row)] for row in range(table.row_count)]
        assert rows == [
            ["2026-11-30 12:00", "Ana, Bea, Cy", "round 1 of 2"],
            ["2026-11-30 11:00", "Ana, Bea", "finished (1 round)"],
            ["2026-11-30 10:00", "cannot be read (see below)", "unreadable"],
        ]
        detail = screen.query_one("#load-detail", Static)
        assert "unfinished.json" in str(detail.render())
        assert "9 actions" in str(detail.render())
        await highlight(pilot, screen, saves.broken_path)
        problem = str(load_error(saves.broken_path)).removeprefix(f"{saves.broken_path}: ")
        assert str(detail.render()) == f"broken.json\nCannot be read: {problem}"


async def test_enter_continues_an_unfinished_game(saves: Saves) -> None:
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_load(pilot)
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.game_screen is not None, "the game")
        game = app.game_screen
        assert game is not None and game.session.path == saves.unfinished_path
        played_so_far = game.session.record.actions
        assert played_so_far[: len(saves.unfinished.actions)] == saves.unfinished.actions


async def test_enter_replays_a_finished_game_and_c_says_it_cannot_continue(saves: Saves) -> None:
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        messages = recording_notifications(app)
        screen = await open_load(pilot)
        await highlight(pilot, screen, saves.finished_path)
        await pilot.press("c")
        await wait_for(pilot, lambda: len(messages) == 1, "the notice")
        assert app.screen is screen
        assert messages == ["That game is finished and cannot be continued: press r to replay it."]
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay")
        assert as_kind(app.screen, ReplayScreen).record.actions == saves.finished.actions
        shown = screen.lists_shown
        await pilot.press("escape")
        await listed(pilot, screen, shown)


async def test_r_replays_and_c_continues(saves: Saves) -> None:
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_load(pilot)
        await pilot.press("r")
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay")
        assert as_kind(app.screen, ReplayScreen).path == saves.unfinished_path
        shown = screen.lists_shown
        await pilot.press("escape")
        await listed(pilot, screen, shown)
        await pilot.press("c")
        await wait_for(pilot, lambda: app.game_screen is not None, "the game")
        game = app.game_screen
        assert game is not None and game.session.path == saves.unfinished_path


async def test_a_bad_file_shows_its_error_and_is_never_changed(saves: Saves) -> None:
    before = saves.broken_path.read_bytes(), saves.broken_path.stat().st_mtime_ns
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        messages = recording_notifications(app)
        screen = await open_load(pilot)
        await highlight(pilot, screen, saves.broken_path)
        for count, key in enumerate(("enter", "r", "c"), 1):
            await pilot.press(key)

            def noticed(count: int = count) -> bool:
                return len(messages) == count

            await wait_for(pilot, noticed, f"the notice for {key}")
            assert app.screen is screen, f"{key} must not leave the Load screen"
        summary = screen.selected
        assert summary is not None and summary.error is not None
        assert messages == [str(load_error(saves.broken_path))] * 3
    assert (saves.broken_path.read_bytes(), saves.broken_path.stat().st_mtime_ns) == before


async def test_delete_asks_first(saves: Saves) -> None:
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_load(pilot)
        await highlight(pilot, screen, saves.finished_path)
        await pilot.press("x")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        question = as_kind(app.screen, ConfirmScreen).question
        assert question == "Delete finished.json (Ana, Bea)? This cannot be undone."
        await pilot.press("n")
        await wait_for(pilot, lambda: app.screen is screen, "the list again")
        assert saves.finished_path.exists() and len(screen.summaries) == 3
        await pilot.press("delete")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        shown = screen.lists_shown
        await pilot.press("y")
        await listed(pilot, screen, shown)
        assert not saves.finished_path.exists()
        assert [summary.path for summary in screen.summaries] == [
            saves.unfinished_path,
            saves.broken_path,
        ]
        await highlight(pilot, screen, saves.broken_path)
        await pilot.press("x")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        assert "this unreadable file" in as_kind(app.screen, ConfirmScreen).question
        shown = screen.lists_shown
        await pilot.press("y")
        await listed(pilot, screen, shown)
        assert not saves.broken_path.exists()


async def test_open_any_path(saves: Saves, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere.json"
    save_record(saves.finished, elsewhere)
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        messages = recording_notifications(app)
        screen = await open_load(pilot, replays=True)
        await pilot.press("o")
        path_input = screen.query_one("#load-path", Input)
        await wait_for(pilot, lambda: path_input.display and path_input.has_focus, "the path input")
        missing = tmp_path / "missing.json"
        path_input.value = str(missing)
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(messages) == 1, "the notice")
        assert app.screen is screen and str(missing) in messages[0]
        path_input.value = str(elsewhere)
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay")
        assert as_kind(app.screen, ReplayScreen).path == elsewhere
        shown = screen.lists_shown
        await pilot.press("escape")
        await listed(pilot, screen, shown)
        assert not path_input.display


async def test_in_a_browser_tab_only_the_data_folder_opens(
    saves: Saves, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(ONLY_DATA_DIR_VARIABLE, "1")
    elsewhere = tmp_path / "elsewhere.json"
    save_record(saves.finished, elsewhere)
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        messages = recording_notifications(app)
        screen = await open_load(pilot, replays=True)
        await pilot.press("o")
        path_input = screen.query_one("#load-path", Input)
        await wait_for(pilot, lambda: path_input.display and path_input.has_focus, "the path input")
        for typed in (str(elsewhere), str(tmp_path / "missing.json"), "../../../etc/passwd"):
            path_input.value = typed
            await pilot.press("enter")
            await wait_for(pilot, lambda: len(messages) == 1, "the notice")
            # the same words whether the file exists or not: nothing is told about it
            assert messages.pop() == (
                f"In a browser tab, games open only from the data folder ({data_dir()}): "
                "choose one in the list, or type its name."
            )
            assert app.screen is screen
        path_input.value = saves.unfinished_path.name  # a name: taken in the saves folder
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay")
        assert as_kind(app.screen, ReplayScreen).path == saves.unfinished_path


async def test_escape_closes_the_path_input_then_the_screen(saves: Saves) -> None:
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_load(pilot)
        path_input = screen.query_one("#load-path", Input)
        await pilot.press("o")
        await wait_for(pilot, lambda: path_input.display, "the path input")
        await pilot.press("escape")
        await wait_for(pilot, lambda: not path_input.display, "the path input to close")
        assert app.screen is screen
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is not screen, "the screen to close")


async def test_replays_screen_replays_unfinished_games_and_offers_no_continue(saves: Saves) -> None:
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_load(pilot, replays=True)
        assert screen.check_action("continue_game", ()) is False
        assert "Continue" not in [command.title for command in screen.palette_commands()]
        assert "Replay" in [command.title for command in screen.palette_commands()]
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay")
        assert as_kind(app.screen, ReplayScreen).path == saves.unfinished_path


async def test_an_empty_list_says_so_and_hides_the_game_keys() -> None:
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_load(pilot)
        assert not screen.query_one("#saves", DataTable).display
        assert "No saved games yet" in str(screen.query_one("#load-empty", Static).render())
        for action in ("open", "continue_game", "replay", "delete"):
            assert screen.check_action(action, ()) is False
        assert screen.check_action("open_path", ()) is True
        assert [command.title for command in screen.palette_commands()] == ["Open file…", "Back"]


@pytest.mark.parametrize("theme", ["textual-dark", "textual-light"])
def test_load_screen_snapshot(saves: Saves, theme: str, snap_compare: SnapCompare) -> None:
    async def show(pilot: Pilot[None]) -> None:
        pilot.app.theme = theme
        await open_load(pilot)
        await highlight(pilot, as_kind(pilot.app.screen, LoadScreen), saves.broken_path)

    assert snap_compare(ChickenFootApp(bot_delay=0), terminal_size=(80, 24), run_before=show)
