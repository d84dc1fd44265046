"""The yes/no dialog and the Save as dialog: every key and button, and path checking."""

from __future__ import annotations

import os
import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from textual.app import App
from textual.content import Content
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Button, Input, Static

from chickenfoot.saves.copies import SavePathError, resolve_save_path
from chickenfoot.saves.jsonformat import save_record
from chickenfoot.saves.paths import ONLY_DATA_DIR_VARIABLE, exports_dir
from chickenfoot.text import prompts
from chickenfoot.tui.screens.confirm import ConfirmScreen
from chickenfoot.tui.screens.save_as import SaveAsScreen
from tests.kit import seats, short_rules
from tests.recorded import random_record
from tests.tui.conftest import wait_for


class DialogApp(App[None]):
    """Pushes one dialog and keeps every answer it dismisses with."""

    def __init__(self, dialog: Screen[Any]) -> None:
        super().__init__()
        self.dialog = dialog
        self.answers: list[object] = []

    def on_mount(self) -> None:
        """Open the dialog, recording its answer."""
        self.push_screen(self.dialog, self.answers.append)


async def opened(pilot: Pilot[None]) -> None:
    """Wait until the app's dialog is on top and mounted."""
    app = pilot.app
    assert isinstance(app, DialogApp)
    await wait_for(pilot, lambda: app.screen is app.dialog, "the dialog")


# ----- ConfirmScreen ---------------------------------------------------------------------------


@pytest.mark.parametrize(("keys", "answer"), [(["y"], True), (["n"], False), (["escape"], False)])
async def test_confirm_keys_answer(keys: list[str], answer: bool) -> None:
    app = DialogApp(ConfirmScreen("Delete it?"))
    async with app.run_test() as pilot:
        await opened(pilot)
        await pilot.press(*keys)
        await wait_for(pilot, lambda: app.answers == [answer], "the answer")
        assert not isinstance(app.screen, ConfirmScreen)


@pytest.mark.parametrize(("button", "answer"), [("#confirm-yes", True), ("#confirm-no", False)])
async def test_confirm_buttons_answer(button: str, answer: bool) -> None:
    app = DialogApp(ConfirmScreen("Delete it?", yes="Delete", no="Keep"))
    async with app.run_test() as pilot:
        await opened(pilot)
        await pilot.click(button)
        await wait_for(pilot, lambda: app.answers == [answer], "the answer")


async def test_confirm_enter_presses_the_focused_button_starting_on_no() -> None:
    app = DialogApp(ConfirmScreen("Delete it?"))
    async with app.run_test() as pilot:
        await opened(pilot)
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.answers == [False], "the answer")


async def test_confirm_arrow_then_enter_says_yes() -> None:
    app = DialogApp(ConfirmScreen("Delete it?"))
    async with app.run_test() as pilot:
        await opened(pilot)
        await pilot.press("left", "enter")
        await wait_for(pilot, lambda: app.answers == [True], "the answer")


async def test_confirm_shows_labels_and_question_literally() -> None:
    question = "Delete [bold]Ann[/]'s game?"
    app = DialogApp(ConfirmScreen(question, yes="Delete", no="Keep"))
    async with app.run_test() as pilot:
        await opened(pilot)
        shown = app.screen.query_one("#confirm-question", Static).render()
        assert str(shown) == question
        assert str(app.screen.query_one("#confirm-yes", Button).label) == "Delete (y)"
        assert str(app.screen.query_one("#confirm-no", Button).label) == "Keep (n)"


async def test_the_quit_question_leaves_no_word_alone_at_80x24() -> None:
    app = DialogApp(ConfirmScreen(prompts.QUIT_SAVED_GAME, yes="Quit", no="Stay"))
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot)
        question = app.screen.query_one("#confirm-question", Static)
        await wait_for(pilot, lambda: question.content_region.width > 0, "the dialog laid out")
        lines = [
            line.plain.strip()
            for line in Content(prompts.QUIT_SAVED_GAME).wrap(question.content_region.width)
        ]
        assert lines == ["Quit Chicken Foot?", "The game is saved: Continue resumes it."]


# ----- resolve_save_path -----------------------------------------------------------------------


def test_a_bare_name_goes_to_the_exports_folder_with_json_appended(data_dir: Path) -> None:
    assert resolve_save_path("  sunday ") == exports_dir() / "sunday.json"


def test_a_relative_path_goes_under_the_exports_folder() -> None:
    assert resolve_save_path("club/sunday.json") == exports_dir() / "club" / "sunday.json"


def test_an_absolute_path_is_kept(tmp_path: Path) -> None:
    assert resolve_save_path(str(tmp_path / "x" / "game")) == tmp_path / "x" / "game.json"


def test_json_is_not_appended_twice(tmp_path: Path) -> None:
    assert resolve_save_path(str(tmp_path / "game.JSON")) == tmp_path / "game.JSON"


@pytest.mark.parametrize("text", ["", "   "])
def test_an_empty_name_is_refused(text: str) -> None:
    with pytest.raises(SavePathError, match="Type a file name"):
        resolve_save_path(text)


def test_a_trailing_slash_is_refused(tmp_path: Path) -> None:
    with pytest.raises(SavePathError, match="add a file name"):
        resolve_save_path(f"{tmp_path}/")


def test_a_folder_is_refused(tmp_path: Path) -> None:
    (tmp_path / "games.json").mkdir()
    with pytest.raises(SavePathError, match="is a folder"):
        resolve_save_path(str(tmp_path / "games.json"))


def test_a_file_in_the_way_of_the_folder_is_refused(tmp_path: Path) -> None:
    (tmp_path / "notes").write_text("x")
    with pytest.raises(SavePathError, match="is a file"):
        resolve_save_path(str(tmp_path / "notes" / "deeper" / "game"))


def test_a_folder_on_a_read_only_disk_is_named_as_such(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = os.statvfs

    def read_only(path: Any) -> Any:  # as a disk mounted read-only answers
        status = real(path)
        return SimpleNamespace(f_flag=status.f_flag | os.ST_RDONLY)

    monkeypatch.setattr(os, "statvfs", read_only)
    with pytest.raises(SavePathError) as refused:
        resolve_save_path(str(tmp_path / "club" / "game"))
    assert str(refused.value) == f"{tmp_path} is on a read-only disk: choose a folder elsewhere."


# ----- in a browser tab: only the copies folder -------------------------------------------------


@pytest.fixture
def confined(monkeypatch: pytest.MonkeyPatch) -> None:
    """Files confined to the data folder, as in a tab of ``chickenfoot serve``."""
    monkeypatch.setenv(ONLY_DATA_DIR_VARIABLE, "1")


CONFINED = re.escape("In a browser tab, copies are saved only in the copies folder (")


@pytest.mark.usefixtures("confined")
def test_in_a_browser_tab_a_copy_is_saved_only_in_the_copies_folder(
    data_dir: Path, tmp_path: Path
) -> None:
    assert resolve_save_path("sunday") == exports_dir() / "sunday.json"
    assert resolve_save_path(str(exports_dir() / "club" / "x")) == exports_dir() / "club/x.json"
    victim = tmp_path / "victim.json"
    victim.write_text("the user's own file")
    outside = link_out = data_dir / "exports" / "out"
    link_out.parent.mkdir(parents=True)
    link_out.symlink_to(tmp_path, target_is_directory=True)
    for text in (
        str(victim),
        "../../victim",
        "~/victim",
        str(outside / "victim"),
        "/etc/x",
        str(data_dir / "club" / "x"),
        "../settings",
    ):
        with pytest.raises(SavePathError, match=CONFINED + ".*type a name such as sunday"):
            resolve_save_path(text)
    assert victim.read_text() == "the user's own file"


def test_in_a_terminal_any_folder_will_do(tmp_path: Path) -> None:
    assert resolve_save_path(str(tmp_path / "victim")) == tmp_path / "victim.json"


# ----- SaveAsScreen ----------------------------------------------------------------------------


async def test_save_as_enter_returns_the_default_name_in_the_saves_folder() -> None:
    app = DialogApp(SaveAsScreen("autosave-1"))
    async with app.run_test() as pilot:
        await opened(pilot)
        await pilot.press("enter")
        await wait_for(
            pilot, lambda: app.answers == [exports_dir() / "autosave-1.json"], "the answer"
        )


async def test_save_as_typed_name_replaces_the_default() -> None:
    app = DialogApp(SaveAsScreen("autosave-1"))
    async with app.run_test() as pilot:
        await opened(pilot)
        await pilot.press(*"friday", "enter")
        await wait_for(pilot, lambda: app.answers == [exports_dir() / "friday.json"], "the answer")


async def test_save_as_button_saves() -> None:
    app = DialogApp(SaveAsScreen("night"))
    async with app.run_test() as pilot:
        await opened(pilot)
        await pilot.click("#save-ok")
        await wait_for(pilot, lambda: app.answers == [exports_dir() / "night.json"], "the answer")


@pytest.mark.parametrize("how", ["escape", "button"])
async def test_save_as_cancel_returns_none(how: str) -> None:
    app = DialogApp(SaveAsScreen("night"))
    async with app.run_test() as pilot:
        await opened(pilot)
        if how == "escape":
            await pilot.press("escape")
        else:
            await pilot.click("#save-cancel")
        await wait_for(pilot, lambda: app.answers == [None], "the answer")


async def test_save_as_empty_name_shows_why_and_disables_save() -> None:
    app = DialogApp(SaveAsScreen("night"))
    async with app.run_test() as pilot:
        await opened(pilot)
        await pilot.press("ctrl+a", "ctrl+k")
        target = app.screen.query_one("#save-target", Static)
        await wait_for(pilot, lambda: "Type a file name" in str(target.render()), "the problem")
        assert target.has_class("-invalid")
        assert app.screen.query_one("#save-ok", Button).disabled
        await pilot.press("enter")
        await pilot.press(*"ok")
        # Keys are handled in order: once "ok" enabled the button, Enter had been handled.
        await wait_for(
            pilot, lambda: not app.screen.query_one("#save-ok", Button).disabled, "the button"
        )
        assert app.answers == []
        assert str(exports_dir() / "ok.json") in str(target.render())


async def test_save_as_asks_before_replacing_a_file(data_dir: Path) -> None:
    existing = exports_dir() / "night.json"
    save_record(random_record(short_rules(2), seats("human", "computer"), 1), existing)
    app = DialogApp(SaveAsScreen("night"))
    async with app.run_test() as pilot:
        await opened(pilot)
        assert "replaces" in str(app.screen.query_one("#save-target", Static).render())
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, SaveAsScreen), "the dialog again")
        assert app.answers == []
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the question")
        await pilot.press("y")
        await wait_for(pilot, lambda: app.answers == [existing], "the answer")


async def test_save_as_input_has_the_focus() -> None:
    app = DialogApp(SaveAsScreen("night"))
    async with app.run_test() as pilot:
        await opened(pilot)
        await wait_for(pilot, lambda: isinstance(app.focused, Input), "the input's focus")


# ----- ChoiceScreen ----------------------------------------------------------------------------


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
async def test_every_answer_of_a_four_way_question_is_read_whole(size: tuple[int, int]) -> None:
    from chickenfoot.tui.screens.choice import ChoiceScreen

    answers = [
        ("cancel", "Cancel", "n"),
        ("copy", "Play a copy", "c"),
        ("watch", "Watch it", "w"),
        ("take", "Open it here", "o"),
    ]
    question = (
        "game.json is open in another window (pid 123 on this machine). Playing it here too "
        "would fork it: each window would overwrite the other's moves. Opening it here stops "
        "that window saving."
    )
    app = DialogApp(ChoiceScreen(question, answers))
    async with app.run_test(size=size) as pilot:
        await opened(pilot)
        for button in app.screen.query(Button):
            label = str(button.label)
            assert button.content_size.width >= len(label), f"{label!r} is cut"
            assert button.region.right <= size[0] and button.region.bottom <= size[1]
        await pilot.press("o")
        await wait_for(pilot, lambda: app.answers == ["take"], "the answer")
