"""The plain mode's Language item: the choices listed, the one chosen spoken at once and
remembered, a wrong answer said plainly, an empty line keeping the language."""

from __future__ import annotations

from chickenfoot.lang import language
from chickenfoot.plain.language import choices, chosen_by
from chickenfoot.saves.settings import load_settings
from tests.plain.test_app import run


def test_a_language_chosen_is_spoken_at_once_and_remembered() -> None:
    console = run("language", "3", "q")
    assert console.since("7: Language: English")[:11] == [
        "8: Help",
        "9: Quit",
        "> language",
        "Which language? (an empty line keeps this one)",
        "1: The system's language (English) (in use)",
        "2: English",
        "3: Galego",
        "4: Español",
        "5: עברית",
        "> 3",
        "Galego a partir de agora.",
    ]
    assert language() == "gl"
    assert load_settings().display.language == "gl"
    assert "7: Lingua: Galego" in console.said


def test_the_language_in_use_is_marked_and_an_empty_line_keeps_it() -> None:
    run("language", "es", "q")
    console = run("language", "", "q")
    assert "4: Español (en uso)" in console.said
    assert load_settings().display.language == "es"


def test_a_wrong_answer_is_said_plainly_and_asked_again() -> None:
    console = run("language", "klingon", "9", "system", "1", "q")
    assert "klingon is not one of these languages: type 1 to 5." in console.said
    assert "9 is not one of these languages: type 1 to 5." in console.said
    assert load_settings().display.language is None
    assert language() == "en"


def test_a_language_is_named_by_number_code_locale_or_its_own_name() -> None:
    listed = choices()
    assert chosen_by("1", listed) == (None,)
    assert chosen_by("3", listed) == ("gl",)
    assert chosen_by("gl_ES.UTF-8", listed) == ("gl",)
    assert chosen_by("ESPAÑOL", listed) == ("es",)
    assert chosen_by("עברית", listed) == ("he",)
    assert chosen_by("0", listed) is None
    assert chosen_by("fr", listed) is None
