"""The language chosen in the app's palette: spoken at once, remembered in the settings, and
said plainly when what is open keeps its words until it is opened again."""

from __future__ import annotations

import os
from typing import Any

from textual.widgets import OptionList

from chickenfoot.lang import language
from chickenfoot.saves.settings import load_settings
from chickenfoot.tui.app import ChickenFootApp
from chickenfoot.tui.language import change_language, language_commands
from chickenfoot.tui.screens.menu import MenuScreen
from tests.tui.conftest import TuiKit
from tests.tui.test_load_screen import recording_notifications
from tests.tui.test_palette import run_from_palette


def test_the_choices_are_the_system_s_language_and_each_language_by_its_own_name() -> None:
    app = ChickenFootApp(bot_delay=0)
    commands = language_commands(app, "gl")
    assert [command.name for command in commands] == [
        "The system's language (English)",
        "English",
        "Galego",
        "Español",
        "עברית",
    ]
    assert [command.help_text for command in commands] == [None, None, "In use", None, None]


async def test_a_language_chosen_in_the_palette_is_spoken_at_once_and_remembered(
    kit: type[TuiKit],
) -> None:
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        said = recording_notifications(app)
        await kit.wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        await run_from_palette(pilot, kit, "language", "Language")
        await run_from_palette_open(pilot, kit, "gal", "Galego")
        await kit.wait_for(pilot, lambda: language() == "gl", "Galician spoken")
        await kit.wait_for(pilot, lambda: "Galego a partir de agora." in said, "the notice")
        await app.workers.wait_for_complete()
        assert load_settings().display.language == "gl"
        menu = app.screen
        assert isinstance(menu, MenuScreen), "the menu is back on top"
        await kit.wait_for(
            pilot, lambda: menu.query_one("#menu-options", OptionList).option_count >= 7, "items"
        )
        assert app.focused is menu.query_one("#menu-options", OptionList)


async def test_the_system_s_language_is_remembered_as_no_choice(kit: type[TuiKit]) -> None:
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await kit.wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        await run_from_palette(pilot, kit, "language", "Language")
        await run_from_palette_open(pilot, kit, "esp", "Español")
        await kit.wait_for(pilot, lambda: language() == "es", "Spanish spoken")
        await app.workers.wait_for_complete()
        assert load_settings().display.language == "es"
        await run_from_palette(pilot, kit, "idioma", "Idioma")
        await run_from_palette_open(pilot, kit, "sistema", "El idioma del sistema (English)")
        await kit.wait_for(pilot, lambda: language() == "en", "the system's language")
        await app.workers.wait_for_complete()
        assert load_settings().display.language is None
        assert os.environ["LANGUAGE"] == "en"


async def test_the_notice_says_what_changes_only_when_opened_again(kit: type[TuiKit]) -> None:
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        said = recording_notifications(app)
        app.start_game(kit.short_rules(2), kit.seats("human", "computer"), 6)
        await kit.person_on_turn(pilot)
        change_language(app, "he")  # as the palette's entry does (its name cannot be typed here)
        await kit.wait_for(pilot, lambda: language() == "he", "Hebrew spoken")
        await kit.wait_for(pilot, lambda: len(said) == 1, "the notice")
        assert said == [
            "עברית מעכשיו. מה שכבר פתוח שומר על המילים שלו עד שייפתח שוב; "
            "הכול ידבר עברית בהפעלה הבאה."
        ]
        menu = app.screen_stack[1]
        assert isinstance(menu, MenuScreen)
        await kit.wait_for(pilot, lambda: menu.reword_when_shown, "the menu told")
        app.pop_screen()  # back to the menu: it words itself again
        await kit.wait_for(pilot, lambda: not menu.reword_when_shown, "the menu reworded")
        await kit.wait_for(
            pilot, lambda: menu.query_one("#menu-options", OptionList).option_count >= 7, "items"
        )


async def run_from_palette_open(pilot: Any, kit: type[TuiKit], query: str, title: str) -> None:
    """The palette the last command opened: type ``query``, wait for ``title``, run it."""
    from textual.command import CommandPalette

    from tests.tui.test_palette import first_hit

    app = pilot.app
    await kit.wait_for(pilot, lambda: isinstance(app.screen, CommandPalette), "the palette")
    await pilot.press(*query)
    await kit.wait_for(pilot, lambda: first_hit(app) == title, f"the hit {title!r}")
    await pilot.press("enter")
