"""A terminal that cannot show Unicode (a Latin-1 or ASCII locale) gets ASCII look-alikes of
the same width, never escape codes: the filter alone, then the real app through Pilot (the
tmux test runs it in a real terminal whose Python writes Latin-1)."""

from __future__ import annotations

import unicodedata

import pytest
from rich.cells import cell_len
from rich.segment import ControlType, Segment
from rich.style import Style
from textual.color import Color

from chickenfoot.tui.app import ChickenFootApp
from chickenfoot.tui.ascii_drawing import AsciiLookalikes, ascii_drawing_for, is_unicode, lookalike
from tests.tui.conftest import TuiKit
from tests.tui.test_privacy import screen_text

DRAWN = "╭─╮│╰╯┌┐└┘├┤┬┴┼═║╔╗╚╝╎╱╲▁▔▏▕▊█▒░·…→←↑↓▲▼◀▶▸◂‹›«»⟦⟧×●○◆■□✓✔✗✘★⚠‖⭘"
"""Characters the app and Textual draw."""


@pytest.mark.parametrize("character", DRAWN)
def test_every_drawn_character_has_an_ascii_lookalike_as_wide(character: str) -> None:
    shown = lookalike(character)
    assert shown.isascii() and shown.isprintable(), unicodedata.name(character)
    assert cell_len(shown) == cell_len(character)


def test_boxes_read_as_boxes() -> None:
    plain = AsciiLookalikes("ascii").plain
    assert plain("╭───╮") == "+---+"
    assert plain("│ ‹b› ⟦3|5⟧ │") == "| <b> [3|5] |"
    assert plain("║9║·3═3·5‹b") == "|9|-3=3-5<b"  # the compact table: a double is not a joint
    assert plain("Ana 👩‍🚀 日本") == "Ana ???? ????"  # wide characters keep their width


def test_what_the_encoding_shows_is_kept() -> None:
    latin = AsciiLookalikes("latin-1")
    assert latin.plain("José · 3×2 «b» ─") == "José · 3×2 «b» -"
    assert AsciiLookalikes("ascii").plain("José · 3×2") == "Jose - 3x2"


def test_control_segments_and_styles_are_kept() -> None:
    style = Style(bold=True)
    control = Segment("", None, [(ControlType.HOME,)])  # a cursor move
    lines = AsciiLookalikes("ascii").apply([Segment("─┤", style), control], Color(0, 0, 0))
    assert lines == [Segment("-+", style), control]


def test_only_a_terminal_without_unicode_is_drawn_in_ascii(monkeypatch: pytest.MonkeyPatch) -> None:
    assert is_unicode("UTF-8") and is_unicode("utf_8") and not is_unicode("latin-1")
    assert not is_unicode("no-such-encoding")
    assert ascii_drawing_for("utf-8") is None
    assert ascii_drawing_for("ISO-8859-1") == "ISO-8859-1"
    monkeypatch.setenv("TEXTUAL_DRIVER", "chickenfoot.tui.served:ServedDriver")
    assert ascii_drawing_for() is None, "a browser tab's driver writes UTF-8"


async def test_the_app_in_a_latin_1_terminal_draws_nothing_latin_1_cannot_show(
    kit: type[TuiKit],
) -> None:
    app = ChickenFootApp(bot_delay=0, encoding="latin-1")
    async with app.run_test(size=(80, 24)) as pilot:
        await kit.wait_for(pilot, lambda: "New game" in screen_text(app), "the menu")
        assert app.console.options.ascii_only, "Rich is told to draw ASCII boxes"
        menu = screen_text(app)
        menu.encode("latin-1")
        assert "+------" in menu and "\\u" not in menu
        app.start_game(kit.short_rules(3), kit.seats("human", "computer", "computer"), 4)
        await kit.wait_for(pilot, lambda: app.game_screen is not None, "the game")
        await kit.wait_for(pilot, lambda: "Round 1" in screen_text(app), "the table")
        screen_text(app).encode("latin-1")


async def test_the_app_in_a_unicode_terminal_draws_unicode(kit: type[TuiKit]) -> None:
    app = ChickenFootApp(bot_delay=0, encoding="utf-8")
    async with app.run_test(size=(80, 24)) as pilot:
        await kit.wait_for(pilot, lambda: "New game" in screen_text(app), "the menu")
        assert "─" in screen_text(app)
        assert not app.console.options.ascii_only
