"""The help screen: the rules summary, every key of every screen, and how it opens and closes."""

from __future__ import annotations

import pytest
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Markdown

from chickenfoot.rules import PRESETS
from chickenfoot.text.ruleset import preset_summary
from chickenfoot.tui.app import ChickenFootApp, help_screens
from chickenfoot.tui.screens.help import (
    PALETTE_ACTIONS,
    HelpScreen,
    KeyTable,
    ScreenKeys,
    help_markdown,
    key_rows,
    key_span,
    key_table,
    key_text,
    screen_rows,
)
from chickenfoot.tui.screens.menu import MenuScreen
from tests.tui.conftest import wait_for


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


@pytest.mark.parametrize("screen", help_screens(), ids=lambda screen: screen.screen.__name__)
def test_every_described_key_of_every_screen_is_in_the_help(screen: ScreenKeys) -> None:
    owner = screen.screen
    described = {does for _keys, does in screen_rows(screen, {})}
    for binding in Binding.make_bindings(owner.BINDINGS):
        if binding.description and binding.action not in PALETTE_ACTIONS:
            assert binding.description in described


def test_the_palette_key_is_listed_once_even_when_a_screen_binds_it_again() -> None:
    rows = [row for screen in help_screens() for row in screen_rows(screen, {})]
    assert [does for _keys, does in rows].count("Command palette") == 1
    assert all(does != "palette" for _keys, does in rows)


def test_a_key_table_wraps_its_words_under_their_own_column() -> None:
    rows = [
        ("Esc", "Back"),
        ("a tile's number", "Choose that tile (two digits for tiles 10 and up)"),
    ]
    lines = key_table("Game", rows, 40).plain.splitlines()
    assert lines[0] == "Game"
    assert lines[1] == "Esc              Back"
    assert lines[2].startswith("a tile's number  Choose that tile")
    assert lines[3].startswith(" " * 17) and lines[3].strip()
    assert all(len(line) <= 40 for line in lines)


def test_help_points_to_the_full_rules_and_covers_the_basics() -> None:
    text = help_markdown(help_screens())
    for words in ("docs/rules.md", "Chicken foot", "three toes", "arms", "0|0", "Ties"):
        assert words in text


def test_help_gives_each_preset_in_the_words_of_its_rule_set() -> None:
    text = help_markdown(help_screens())
    for name in PRESETS:
        assert f"- **{name}**: {preset_summary(name)}" in text


def test_pipes_in_keys_cannot_break_the_text() -> None:
    assert key_span("a|b") == "`a¦b`"


@pytest.mark.parametrize("close_key", ["escape", "question_mark", "q"])
async def test_help_opens_from_the_menu_and_closes(close_key: str) -> None:
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen), "the HelpScreen")
        assert isinstance(app.focused, VerticalScroll)
        await pilot.press(close_key)
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the MenuScreen")


async def test_help_scrolls_by_keys() -> None:
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        await pilot.press("h")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen), "help")
        scroll = app.screen.query_one("#help-scroll", VerticalScroll)
        await wait_for(pilot, lambda: scroll.max_scroll_y > 0, "the help text laid out")
        await pilot.press("pagedown")
        await wait_for(pilot, lambda: scroll.scroll_y > 0, "a page down")
        await pilot.press("end")
        await wait_for(pilot, lambda: scroll.scroll_y == scroll.max_scroll_y, "the bottom")
        await pilot.press("home")
        await wait_for(pilot, lambda: scroll.scroll_y == 0, "the top")
        await pilot.press("down")
        await wait_for(pilot, lambda: scroll.scroll_y == 1, "one line down")


async def test_help_shows_the_text() -> None:
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        await pilot.press("h")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen), "help")
        assert app.screen.query_one("#help-text", Markdown).source == help_markdown(help_screens())
        tables = [(table.title, table.rows) for table in app.screen.query(KeyTable)]
        assert tables == [
            (screen.title, tuple(screen_rows(screen, {})))
            for screen in help_screens()
            if screen_rows(screen, {})
        ]


def test_the_rules_summary_names_the_game_s_keys_in_use() -> None:
    keymap = {"game.count-tiles": "f3", "game.log": "ctrl+o", "game.drawing": "z"}
    text = help_markdown(help_screens(), keymap)
    assert "`f3` **counts tiles**" in text and "`#` **counts" not in text
    assert "`ctrl+o` shows the log" in text and "`z` switches" in text
    assert "means `/` lists them all" in text  # a key not changed stays
