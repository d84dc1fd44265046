"""Which language chickenfoot speaks: the command line's ``--language``, else the one chosen in
the settings, else the environment's, else English.

The environment is read as GNU gettext and Python's :mod:`gettext` read it: the first of
``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` that is set and not empty decides.
``LANGUAGE`` is a list in order of preference (``gl:es``); the others name one locale
(``gl_ES.UTF-8``). The first entry chickenfoot speaks wins; ``C`` and ``POSIX`` (also
``C.UTF-8``) mean English, and so does a variable none of whose entries chickenfoot speaks
(a French locale gets English, not the next variable's language: the locale said French).

:func:`choose` decides; it only reads what it is given, so the command line and the app can
call it with what they have, and its tests with a table of cases.
"""

from __future__ import annotations

from collections.abc import Mapping

from chickenfoot.lang import LANGUAGES, SOURCE_LANGUAGE, _, pgettext

ENVIRONMENT_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""The variables that name the language of messages, the first that is set deciding."""

ENGLISH_LOCALES = frozenset({"c", "posix"})
"""Locales that mean "no language": untranslated messages, so English."""


class UnknownLanguage(ValueError):
    """A language chickenfoot does not speak was asked for (its message lists those it does)."""

    def __init__(self, asked: str) -> None:
        super().__init__(asked)
        self.asked = asked

    def __str__(self) -> str:
        return _("there is no language “{asked}” here; the languages are: {languages}").format(
            asked=self.asked, languages=languages_listed()
        )


def languages_listed() -> str:
    """Every language, each as its code and its own name: ``en (English), gl (Galego), …``."""
    # Translators: between the items of a list, as in "en (English), gl (Galego)".
    separator = pgettext("list separator", ", ")
    return separator.join(f"{code} ({name})" for code, name in LANGUAGES.items())


def language_code(text: str) -> str | None:
    """The language chickenfoot speaks that ``text`` names, or None.

    ``text`` is a code (``gl``) or a locale (``gl_ES.UTF-8``, ``es-ES``, ``he_IL@euro``); case
    does not matter. ``C`` and ``POSIX`` name English.
    """
    locale = text.strip().lower()
    code = locale
    for mark in (".", "@", "_", "-"):
        code = code.partition(mark)[0]
    if locale in ENGLISH_LOCALES or code in ENGLISH_LOCALES:
        return SOURCE_LANGUAGE
    return code if code in LANGUAGES else None


def from_environment(environ: Mapping[str, str]) -> str | None:
    """The language the environment ``environ`` asks for, or None when none of its variables
    is set (English is then chickenfoot's own choice, not the environment's)."""
    for variable in ENVIRONMENT_VARIABLES:
        value = environ.get(variable, "")
        if not value.strip():
            continue
        entries = value.split(":") if variable == "LANGUAGE" else [value]
        for entry in entries:
            if entry.strip():
                code = language_code(entry)
                if code is not None:
                    return code
        return SOURCE_LANGUAGE
    return None


def choose(command_line: str | None, settings: str | None, environ: Mapping[str, str]) -> str:
    """The code of the language to speak.

    ``command_line`` is what ``--language`` gave (None: not given), ``settings`` the language
    chosen in the app (None: "as the system says"), ``environ`` the environment variables.
    Raises :class:`UnknownLanguage` when ``command_line`` names no language chickenfoot speaks.
    """
    if command_line is not None:
        code = language_code(command_line)
        if code is None:
            raise UnknownLanguage(command_line)
        return code
    if settings is not None and settings in LANGUAGES:
        return settings
    return from_environment(environ) or SOURCE_LANGUAGE
