"""Which language chickenfoot speaks: the command line, else the settings, else the
environment, else English; and the suite itself always speaks English."""

from __future__ import annotations

import os

import pytest

from chickenfoot.lang import language, speaking
from chickenfoot.lang.choosing import UnknownLanguage, choose, from_environment, language_code

CHOICES = [
    # (--language, settings, environment, chosen)
    (None, None, {}, "en"),
    ("gl", None, {}, "gl"),
    ("es", "gl", {"LANG": "he_IL.UTF-8"}, "es"),
    ("GL", None, {}, "gl"),
    ("es_ES.UTF-8", None, {}, "es"),
    ("he-IL", None, {}, "he"),
    ("en", "gl", {"LANGUAGE": "gl"}, "en"),
    ("C", "gl", {}, "en"),
    (None, "he", {"LANGUAGE": "gl", "LANG": "es_ES.UTF-8"}, "he"),
    (None, "en", {"LANG": "gl_ES.UTF-8"}, "en"),
    (None, None, {"LANG": "gl_ES.UTF-8"}, "gl"),
    (None, None, {"LANG": "es"}, "es"),
    (None, None, {"LANG": "he_IL"}, "he"),
    (None, None, {"LANG": "gl_ES.UTF-8@euro"}, "gl"),
    (None, None, {"LC_MESSAGES": "es_ES.UTF-8", "LANG": "gl_ES.UTF-8"}, "es"),
    (None, None, {"LC_ALL": "he_IL.UTF-8", "LC_MESSAGES": "es_ES", "LANG": "gl_ES"}, "he"),
    (None, None, {"LANGUAGE": "gl:es", "LC_ALL": "he_IL.UTF-8"}, "gl"),
    (None, None, {"LANGUAGE": "fr:es:gl", "LANG": "he_IL.UTF-8"}, "es"),
    (None, None, {"LANGUAGE": "fr_FR:de", "LANG": "gl_ES.UTF-8"}, "en"),
    (None, None, {"LANGUAGE": "", "LANG": "gl_ES.UTF-8"}, "gl"),
    (None, None, {"LANGUAGE": "::", "LANG": "es_ES.UTF-8"}, "en"),
    (None, None, {"LC_ALL": "C", "LANG": "gl_ES.UTF-8"}, "en"),
    (None, None, {"LC_ALL": "C.UTF-8", "LANG": "gl_ES.UTF-8"}, "en"),
    (None, None, {"LANG": "POSIX"}, "en"),
    (None, None, {"LANGUAGE": "C:gl"}, "en"),
    (None, None, {"LANG": "fr_FR.UTF-8"}, "en"),
    (None, None, {"LANG": "  "}, "en"),
    (None, None, {"HOME": "/home/gl"}, "en"),
]


@pytest.mark.parametrize(("command_line", "settings", "environ", "chosen"), CHOICES)
def test_the_language_is_chosen_in_order(
    command_line: str | None, settings: str | None, environ: dict[str, str], chosen: str
) -> None:
    assert choose(command_line, settings, environ) == chosen


@pytest.mark.parametrize("asked", ["xx", "fr", "", "español", "g", "-"])
def test_a_language_not_spoken_is_refused_naming_those_that_are(asked: str) -> None:
    with pytest.raises(UnknownLanguage) as refused:
        choose(asked, "gl", {"LANG": "es_ES"})
    assert str(refused.value) == (
        f"there is no language “{asked}” here; the languages are: "
        "en (English), gl (Galego), es (Español), he (עברית)"
    )


def test_the_refusal_is_worded_in_the_language_in_use() -> None:
    with speaking("gl"):
        said = str(UnknownLanguage("xx"))
    assert said == (
        "aquí non hai ningunha lingua «xx»; as linguas son: "
        "en (English), gl (Galego), es (Español), he (עברית)"
    )


def test_a_language_chosen_in_the_settings_that_is_not_spoken_is_passed_over() -> None:
    assert choose(None, "fr", {"LANG": "gl_ES.UTF-8"}) == "gl"


@pytest.mark.parametrize(
    ("text", "code"),
    [("gl", "gl"), ("gl_ES", "gl"), ("ES", "es"), ("he_IL.utf8", "he"), ("c", "en"), ("fr", None)],
)
def test_a_code_or_a_locale_names_a_language(text: str, code: str | None) -> None:
    assert language_code(text) == code


def test_an_environment_that_names_nothing_leaves_the_choice_to_chickenfoot() -> None:
    assert from_environment({}) is None
    assert from_environment({"LANG": "fr_FR"}) == "en"


def test_every_test_speaks_english_whatever_the_developer_s_system_speaks() -> None:
    assert language() == "en"
    assert os.environ["LANGUAGE"] == "en"
    assert choose(None, None, os.environ) == "en"
