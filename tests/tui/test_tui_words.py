"""The app's own words (its footers, palette, refusals of keys, board and seats) come from the
catalogue: under a language whose every message is marked, each is shown marked, placeholders
filled after the translation; in English each reads as before."""

from __future__ import annotations

import gettext
from contextlib import AbstractContextManager
from typing import ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets._footer import FooterKey

from chickenfoot.lang import speaking
from chickenfoot.tui.commands import (
    PaletteCommand,
    ScreenCommands,
    binding_commands,
    words_in,
)
from chickenfoot.tui.footer import WordsFooter
from chickenfoot.tui.keymap import Command, Place, check_keymap, shown_keys
from chickenfoot.tui.themes import THEMES, NamedThemes
from chickenfoot.tui.widgets.board import arms_words, needs_words, toes_to_go
from chickenfoot.tui.widgets.checkbox import StateCheckbox
from chickenfoot.tui.widgets.seats import computer_tag, headings
from tests.tui.conftest import TuiKit


class Marked(gettext.NullTranslations):
    """A language whose every message is the English between ⟦ and ⟧."""

    def gettext(self, message: str) -> str:
        """``message``, marked."""
        return f"⟦{message}⟧"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        """The English form for ``n``, marked."""
        return f"⟦{msgid1 if n == 1 else msgid2}⟧"

    def pgettext(self, context: str, message: str) -> str:
        """``message``, marked."""
        return f"⟦{message}⟧"


def marked() -> AbstractContextManager[None]:
    """Speak the marked language inside a ``with`` block."""
    return speaking("gl", Marked())


class KeyScreen(Screen[None]):
    """A screen with two commands, one shown in the footer."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("s", "scores", "Scores", tooltip="Every round's points", id="test.scores"),
        Binding("u", "undo", "Undo", show=False, tooltip="Take back your last move"),
    ]

    def compose(self) -> ComposeResult:
        """The footer."""
        yield WordsFooter()

    def palette_commands(self) -> list[PaletteCommand]:
        """The palette's commands: the bindings'."""
        return binding_commands(self)

    def action_scores(self) -> None:
        """Nothing: the test only reads the words."""

    def action_undo(self) -> None:
        """Nothing: the test only reads the words."""


class KeyApp(App[None]):
    """An app showing :class:`KeyScreen`."""

    def on_mount(self) -> None:
        """Show the screen."""
        self.push_screen(KeyScreen())


def footer_words(app: App[None]) -> list[str]:
    """The descriptions of the footer's keys."""
    return [key.description for key in app.screen.query(FooterKey)]


async def test_the_footer_shows_each_key_in_the_language_in_use(kit: type[TuiKit]) -> None:
    with marked():
        app = KeyApp()
        async with app.run_test(size=(80, 24)) as pilot:
            await kit.wait_for(pilot, lambda: "⟦Scores⟧" in footer_words(app), "the footer")
            key = next(key for key in app.screen.query(FooterKey) if key.key == "s")
            assert key.tooltip == "⟦Every round's points⟧"
            assert "⟦palette⟧" in footer_words(app)
    app = KeyApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await kit.wait_for(pilot, lambda: "Scores" in footer_words(app), "the footer")
        assert "palette" in footer_words(app)


async def test_the_palette_titles_helps_and_finds_commands_in_the_language_in_use() -> None:
    app = KeyApp()
    async with app.run_test(size=(80, 24)):
        screen = app.screen
        with marked():
            commands = binding_commands(screen)
            assert [(c.title, c.help) for c in commands] == [
                ("⟦Scores⟧", "⟦⟦Every round's points⟧ (s)⟧"),
                ("⟦Undo⟧", "⟦⟦Take back your last move⟧ (u)⟧"),
            ]
            provider = ScreenCommands(screen)
            found = [str(hit.text) async for hit in provider.search("take back")]
            assert found == ["⟦Undo⟧"]
        english = binding_commands(screen)
        assert (english[0].title, english[0].help) == ("Scores", "Every round's points (s)")


def test_a_search_finds_words_typed_without_their_accents() -> None:
    assert words_in("deshacer ultima", "Deshacer tu última jugada")
    assert words_in("ÚLTIMA", "tu ultima jugada")
    assert not words_in("jugar", "Deshacer tu última jugada")


PLACE = Place(
    "the game screen",
    (
        Command("game.hint", ("i",), "Show a hint"),
        Command("game.scores", ("s",), "Scores"),
        Command("", ("tab",), "Next field", widget="text field"),
    ),
    typed=frozenset("0123456789"),
    typed_do="choose a tile",
    title="Game",
)


def test_a_refused_key_is_worded_in_the_language_in_use() -> None:
    entries = [("game.hint", "s"), ("game.scores", "5"), ("nothing.here", "x")]
    with marked():
        refusals = check_keymap(entries, [PLACE]).refusals
    assert refusals == (
        "⟦“nothing.here” names no command, so it changes no key "
        "(“chickenfoot keys” lists every id)⟧",
        "⟦game.scores cannot take “5”: on ⟦the ⟦game⟧ screen⟧ that key is read by the "
        "screen itself (to ⟦choose a tile⟧); game.scores keeps “s”⟧",
        "⟦game.hint cannot take “s”: on ⟦the ⟦game⟧ screen⟧ that key is already "
        "⟦game.scores (⟦Scores⟧)⟧; game.hint keeps “i”⟧",
    )
    english = check_keymap([("game.hint", "tab")], [PLACE]).refusals
    assert english == (
        "game.hint cannot take “tab”: on the game screen that key is already “Next field” of "
        "its text field; game.hint keeps “i”",
    )


def test_keys_are_joined_by_the_language_s_own_or() -> None:
    with marked():
        assert shown_keys(["f2", "H", "x"]) == "⟦⟦“f2” or “H”⟧ or “x”⟧"
    assert shown_keys(["f2", "H", "x"]) == "“f2” or “H” or “x”"


def test_the_board_s_words_come_from_the_catalogue_with_their_numbers() -> None:
    with marked():
        assert arms_words(2, 4) == "⟦centre · 2 of 4 arms⟧"
        assert needs_words(toe=True, number=8) == "⟦toe: needs an 8⟧"
        assert needs_words(toe=False, number=5) == "⟦new arm: needs a 5⟧"
        assert toes_to_go(1) == "⟦▲ chicken foot: 1 toe to go⟧"
    assert arms_words(1, 1) == "centre · 1 of 1 arm"
    assert needs_words(toe=False, number=11) == "new arm: needs an 11"
    assert toes_to_go(2) == "▲ chicken foot: 2 toes to go"


def test_the_seats_headings_and_a_check_box_s_state_come_from_the_catalogue() -> None:
    with marked():
        assert headings() == ("⟦seat⟧", "⟦tiles⟧", "⟦pts⟧")
        assert computer_tag() == "⟦cpu⟧"
        assert StateCheckbox("Watch only")._labelled(True) == "⟦Watch only: yes⟧"
    assert StateCheckbox("Watch only")._labelled(False) == "Watch only: no"


class ThemedApp(App[None]):
    """An app with chickenfoot's themes beside Textual's."""

    def on_mount(self) -> None:
        """Add the themes."""
        for theme in THEMES:
            self.register_theme(theme)


async def test_the_theme_picker_names_chickenfoot_s_themes_in_the_language_in_use() -> None:
    app = ThemedApp()
    async with app.run_test(size=(80, 24)):
        picker = NamedThemes(app.screen)
        with marked():
            names = [words for words, _choose in picker.commands]
            assert {"⟦colour-blind-safe⟧", "⟦high-contrast⟧", "textual-dark"} <= set(names)
            choose = dict(picker.commands)["⟦high-contrast⟧"]
        choose()
        assert app.theme == "high-contrast"
        assert "high-contrast" in [words for words, _choose in picker.commands]
