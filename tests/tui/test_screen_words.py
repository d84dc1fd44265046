"""The screens' words come from the catalogue of the language in use: under a catalogue that
marks every message it gives («…»), the sentences, titles and keys' words the screens build
are the marked ones, filled in after the translation."""

from __future__ import annotations

import gettext

from textual.geometry import Size

from chickenfoot.lang import speaking
from chickenfoot.rules import PRESETS, build_rules
from chickenfoot.tui.screens.confirm import ConfirmScreen
from chickenfoot.tui.screens.game import GAME_BINDINGS, TableScreen
from chickenfoot.tui.screens.help import ScreenKeys, help_markdown, key_rows
from chickenfoot.tui.screens.importing import import_summary
from chickenfoot.tui.screens.setup import ready_text
from chickenfoot.tui.screens.too_small import too_small_message


class Marked(gettext.NullTranslations):
    """A catalogue that gives every message back marked, to tell it came from a catalogue."""

    def gettext(self, message: str) -> str:
        return f"«{message}»"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return f"«{msgid1 if n == 1 else msgid2}»"

    def pgettext(self, context: str, message: str) -> str:
        return f"«{message}»"

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return f"«{msgid1 if n == 1 else msgid2}»"


def test_the_size_notice_is_one_message_filled_after_translation() -> None:
    with speaking("gl", Marked()):
        notice = too_small_message(Size(60, 20))
    assert notice.startswith("«This terminal is 60×20.\n")
    assert notice.endswith("(or the font smaller).»")


def test_the_set_up_summary_counts_through_the_catalogue() -> None:
    rules = build_rules({"preset": next(iter(PRESETS)), "players": 4})
    with speaking("gl", Marked()):
        text = ready_text(rules)
    assert text.startswith("«Ready: «4 seats»")
    assert f"«{rules.round_count} rounds»" in text


def test_the_help_lists_the_keys_words_in_the_language_in_use() -> None:
    with speaking("gl", Marked()):
        rows = dict(key_rows(GAME_BINDINGS))
        words = help_markdown((ScreenKeys("Game", TableScreen),))
    assert rows["d"] == "«Draw»"
    assert rows["←→"] == "«Tile»"
    assert "«# Chicken Foot" in words
    assert "«## Keys" in words
    english = dict(key_rows(GAME_BINDINGS))
    assert english["d"] == "Draw"


def test_a_question_says_yes_and_no_in_the_language_in_use() -> None:
    with speaking("gl", Marked()):
        question = ConfirmScreen("Replace it?")
    assert (question.yes_label, question.no_label) == ("«Yes»", "«No»")
    assert ConfirmScreen("Replace it?").yes_label == "Yes"


def test_the_import_summary_counts_files_through_the_catalogue() -> None:
    with speaking("gl", Marked()):
        summary = import_summary([])
    assert summary.startswith("«0 saved games of ")
