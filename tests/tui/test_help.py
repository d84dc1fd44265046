"""The help screen: the rules summary, every key of every screen, and how it opens and closes."""

from __future__ import annotations

from importlib import import_module

import pytest
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Markdown

from chickenfoot.tui.app import ChickenFootApp
from chickenfoot.tui.screens.help import SCREENS, HelpScreen, help_markdown, key_rows, key_text, table_cell
from chickenfoot.tui.screens.menu import MenuScreen


def test_key_text_uses_the_display_or_formats_the_key() -> None:
    assert key_text(Binding("question_mark", "help", "Help", key_display="?")) == "?"
    assert key_text(Binding("escape", "back", "Back")) == "Esc"
    assert key_text(Binding("ctrl+s", "save", "Save")) == "^s"
    assert key_text(Binding("d", "draw", "Draw")) == "d"


def test_key_rows_merge_keys_of_one_description_and_skip_undescribed_ones() -> None:
    bindings = [
        Binding("left", "tile(-1)", "Tile", key_display="←→"),
        Binding("right", "tile(1)", "Tile", show=False),
        Binding("enter,space", "play", "Play"),
        Binding("x", "secret", show=False),
    ]
    assert key_rows(bindings) == [("←→", "Tile"), ("Enter, Space", "Play")]


@pytest.mark.parametrize("screen", SCREENS, ids=lambda screen: screen.class_name)
def test_every_described_key_of_every_screen_is_in_the_help(screen) -> None:
    owner = getattr(import_module(screen.module), screen.class_name)
    text = help_markdown()
    assert f"### {screen.title}" in text
    for binding in Binding.make_bindings(owner.BINDINGS):
        if binding.description:
            assert f"| {binding.description} |" in text


def test_help_points_to_the_full_rules_and_covers_the_basics() -> None:
    text = help_markdown()
    for words in ("docs/rules.md", "Chicken foot", "three toes", "arms", "0|0", "Ties"):
        assert words in text


def test_pipes_in_keys_cannot_break_the_table() -> None:
    assert table_cell("a|b") == "`a¦b`"


@pytest.mark.parametrize("close_key", ["escape", "question_mark", "q"])
async def test_help_opens_from_the_menu_and_closes(close_key: str) -> None:
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert isinstance(app.focused, VerticalScroll)
        await pilot.press(close_key)
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


async def test_help_scrolls_by_keys() -> None:
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("h")
        await pilot.pause()
        scroll = app.screen.query_one("#help-scroll", VerticalScroll)
        assert scroll.max_scroll_y > 0
        await pilot.press("pagedown")
        await pilot.pause()
        assert scroll.scroll_y > 0
        await pilot.press("end")
        await pilot.pause()
        assert scroll.scroll_y == scroll.max_scroll_y
        await pilot.press("home")
        await pilot.pause()
        assert scroll.scroll_y == 0
        await pilot.press("down")
        await pilot.pause()
        assert scroll.scroll_y == 1


async def test_help_shows_the_text() -> None:
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("h")
        await pilot.pause()
        assert app.screen.query_one("#help-text", Markdown).source == help_markdown()
