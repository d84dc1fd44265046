"""The Load screen: the games of the store, opening, continuing, replaying, deleting, a page
at a time, and any file by its path (a bad one told in its own words, never changed)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import DataTable, Input, Static

from chickenfoot.record.model import GameRecord, RecordError
from chickenfoot.rules import RuleSet
from chickenfoot.saves.database import SqliteStore, database_path
from chickenfoot.saves.jsonformat import load_record, save_record
from chickenfoot.saves.paths import ONLY_DATA_DIR_VARIABLE, data_dir, exports_dir
from chickenfoot.saves.store import Holder, Incoming
from chickenfoot.tui.app import ChickenFootApp
from chickenfoot.tui.screens.choice import ChoiceScreen
from chickenfoot.tui.screens.confirm import ConfirmScreen
from chickenfoot.tui.screens.load import PAGE, LoadScreen, seats_text
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


def played_at(game: int, hour: int) -> None:
    """Say game ``game`` was last played on 30 Nov 2026 at ``hour``:00 UTC."""
    store = SqliteStore(database_path())
    store.database.connection.execute(
        "UPDATE games SET updated = ? WHERE id = ?", (f"2026-11-30T{hour:02}:00:00.000000Z", game)
    )
    store.close()


@pytest.fixture(autouse=True)
def utc_clock(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Local time is UTC, so the dates shown do not depend on the machine."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


class Saves:
    """Two games in the store, the unfinished one played last, and a broken file elsewhere."""

    def __init__(self, folder: Path, kit: type[TuiKit]) -> None:
        self.unfinished = played(
            kit.short_rules(3, rounds=2), kit.seats("human", "computer", "human"), 4, 9
        )
        self.finished = played(kit.short_rules(2), kit.seats("human", "computer"), 6)
        assert self.finished.finished and not self.unfinished.finished
        self.finished_game = kit.stored(self.finished)
        self.unfinished_game = kit.stored(self.unfinished)
        played_at(self.unfinished_game, 12)
        played_at(self.finished_game, 11)
        self.broken_path = folder / "broken.json"
        self.broken_path.write_text(BROKEN_TEXT)


@pytest.fixture
def saves(tmp_path: Path, kit: type[TuiKit]) -> Saves:
    """The saved games of these tests."""
    return Saves(tmp_path, kit)


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
    screen = LoadScreen(as_kind(pilot.app, ChickenFootApp).store, replays=replays)
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


async def highlight(pilot: Pilot[None], screen: LoadScreen, game: int) -> None:
    """Move the table's cursor to the row of ``game`` and wait for its details to show."""
    row = [summary.id for summary in screen.summaries].index(game)
    screen.query_one("#saves", DataTable).move_cursor(row=row)
    detail = screen.query_one("#load-detail", Static)
    await wait_for(
        pilot, lambda: str(detail.render()).startswith(f"game {game} "), f"game {game}'s details"
    )


async def test_lists_every_game_most_recently_played_first(saves: Saves) -> None:
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_load(pilot)
        table = screen.query_one("#saves", DataTable)
        rows = [[str(cell) for cell in table.get_row_at(row)] for row in range(table.row_count)]
        assert rows == [
            [str(saves.unfinished_game), "2026-11-30 12:00", "Ana, Bea, Cy", "round 1 of 2"],
            [str(saves.finished_game), "2026-11-30 11:00", "Ana, Bea", "finished (1 round)"],
        ]
        detail = str(screen.query_one("#load-detail", Static).render())
        assert detail == (
            f"game {saves.unfinished_game} of 2\n"
            "round 1 of 2 · 9 actions · started 2026-11-30 09:15"
        )


async def test_a_long_list_comes_a_page_at_a_time(kit: type[TuiKit]) -> None:
    record = played(kit.short_rules(2), kit.seats("human", "computer"), 6)
    store = SqliteStore(database_path())
    store.import_records([Incoming(record.model_copy(update={"seed": seed})) for seed in range(5)])
    for number in range(6, 6 + PAGE + 20):
        copy = record.model_copy(
            update={"created": CREATED.replace(minute=number % 60, hour=number // 60)}
        )
        store.create(copy)
    total = store.count()
    store.close()
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_load(pilot)
        assert len(screen.summaries) == PAGE and screen.total == total
        screen.query_one("#saves", DataTable).move_cursor(row=PAGE - 1)
        await wait_for(pilot, lambda: len(screen.summaries) == total, "the next page")
        assert len({summary.id for summary in screen.summaries}) == total


async def test_enter_continues_an_unfinished_game(saves: Saves) -> None:
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_load(pilot)
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.game_screen is not None, "the game")
        game = app.game_screen
        assert game is not None and game.session.game == saves.unfinished_game
        played_so_far = game.session.record.actions
        assert played_so_far[: len(saves.unfinished.actions)] == saves.unfinished.actions


async def test_enter_replays_a_finished_game_and_c_says_it_cannot_continue(saves: Saves) -> None:
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        messages = recording_notifications(app)
        screen = await open_load(pilot)
        await highlight(pilot, screen, saves.finished_game)
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
        assert as_kind(app.screen, ReplayScreen).title_text == f"game {saves.unfinished_game}"
        shown = screen.lists_shown
        await pilot.press("escape")
        await listed(pilot, screen, shown)
        await pilot.press("c")
        await wait_for(pilot, lambda: app.game_screen is not None, "the game")
        game = app.game_screen
        assert game is not None and game.session.game == saves.unfinished_game


async def test_a_bad_file_opened_by_its_path_is_told_and_never_changed(saves: Saves) -> None:
    before = saves.broken_path.read_bytes(), saves.broken_path.stat().st_mtime_ns
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        messages = recording_notifications(app)
        screen = await open_load(pilot)
        await pilot.press("o")
        path_input = screen.query_one("#load-path", Input)
        await wait_for(pilot, lambda: path_input.has_focus, "the path input")
        path_input.value = str(saves.broken_path)
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(messages) == 1, "the notice")
        assert app.screen is screen
        assert messages == [str(load_error(saves.broken_path))]
    assert (saves.broken_path.read_bytes(), saves.broken_path.stat().st_mtime_ns) == before


async def test_delete_asks_first(saves: Saves) -> None:
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_load(pilot)
        await highlight(pilot, screen, saves.finished_game)
        await pilot.press("x")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        question = as_kind(app.screen, ConfirmScreen).question
        assert question == (
            f"Delete game {saves.finished_game} (Ana, Bea, finished (1 round))? "
            "This cannot be undone."
        )
        await pilot.press("n")
        await wait_for(pilot, lambda: app.screen is screen, "the list again")
        assert app.store.count() == 2 and len(screen.summaries) == 2
        await pilot.press("delete")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        shown = screen.lists_shown
        await pilot.press("y")
        await listed(pilot, screen, shown)
        assert [summary.id for summary in screen.summaries] == [saves.unfinished_game]
        assert app.store.count() == 1


async def test_a_game_open_in_another_window_is_not_deleted(saves: Saves) -> None:
    store = SqliteStore(database_path())
    store.hold(saves.finished_game, replace(Holder.this_process(), host="elsewhere.example"))
    store.close()
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        messages = recording_notifications(app)
        screen = await open_load(pilot)
        await highlight(pilot, screen, saves.finished_game)
        await pilot.press("x")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        await pilot.press("y")
        await wait_for(pilot, lambda: len(messages) == 1, "the refusal")
        assert "open in another chickenfoot window" in messages[0]
        assert "close it there first" in messages[0]
        assert app.store.count() == 2


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
        assert as_kind(app.screen, ReplayScreen).title_text == "elsewhere.json"
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
                "choose one in the list, or type the name of a file in its exports folder."
            )
            assert app.screen is screen
        save_record(saves.finished, exports_dir() / "sunday.json")
        path_input.value = "sunday.json"  # a name: taken in the exports folder
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay")
        assert as_kind(app.screen, ReplayScreen).title_text == "sunday.json"


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
        assert as_kind(app.screen, ReplayScreen).title_text == f"game {saves.unfinished_game}"


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
        await highlight(pilot, as_kind(pilot.app.screen, LoadScreen), saves.finished_game)

    assert snap_compare(ChickenFootApp(bot_delay=0), terminal_size=(80, 24), run_before=show)


async def test_a_game_played_as_a_copy_is_listed_as_a_copy(kit: type[TuiKit]) -> None:
    record = kit.find_record(kit.short_rules(2), kit.seats("human", "computer"), kit.human_can_play)
    game = kit.stored(record)
    store = SqliteStore(database_path())
    store.hold(game, replace(Holder.this_process(), host="elsewhere.example"))
    store.close()
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        app.continue_game(game)
        await wait_for(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the question")
        await pilot.press("c")  # Play a copy
        await kit.person_on_turn(pilot)
        await pilot.press("escape")
        screen = await open_load(pilot)
        await wait_for(pilot, lambda: len(screen.summaries) == 2, "both games listed")
        listed_names = {summary.id: seats_text(summary) for summary in screen.summaries}
        copy = next(number for number in listed_names if number != game)
        assert listed_names == {game: "Ana, Bea", copy: "Ana, Bea (copy)"}
