"""``--language CODE``, on the ``chickenfoot`` command and every subcommand: the language is
chosen before anything else, so the parsers' help is in it.

:func:`speak_chosen_language` takes ``--language`` out of the arguments (given anywhere before
``--``, as ``--language gl`` or ``--language=gl``, or shortened as argparse allows, down to
``--la``), decides with :func:`chickenfoot.lang.choosing.choose` (the command line, the
settings, the environment, English) and speaks the language decided. The parsers list the
option (:func:`add_language_option`) but never see it. ``chickenfoot --version`` chooses
nothing and loads no catalogue: it says only a number.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from chickenfoot.cli.common import EXIT_USAGE
from chickenfoot.lang import N_, _

OPTION = "--language"
SHORTEST = "--la"
"""The shortest abbreviation of ``--language`` that is heard (argparse's own rule: any prefix
no other option shares)."""

OPTION_HELP = N_(
    "Speak this language: en, gl, es or he (by default the one chosen in the app, else your "
    "system's)."
)


_given: str | None = None
"""The language ``--language`` gave this run (None: not given)."""


def language_given() -> str | None:
    """The code of the language ``--language`` gave this run, None when it was not given
    (``chickenfoot serve`` passes it on to the game of each browser tab)."""
    return _given


class LanguageProblem(Exception):
    """``--language`` was given without a code, or with one chickenfoot does not speak (the
    message says which, in plain words, in the language otherwise chosen)."""

    def refuse(self) -> int:
        """Say the problem on one line of standard error; the usage-error exit status."""
        from chickenfoot.saves.output import write_line

        write_line(sys.stderr, f"chickenfoot: {self}")
        return EXIT_USAGE


def language_option(arguments: Sequence[str]) -> tuple[str | None, list[str]]:
    """The code ``--language`` gives in ``arguments`` (the last one given; None: not given; ""
    given without a code), and the arguments without it."""
    asked: str | None = None
    rest: list[str] = []
    words = iter(arguments)
    for word in words:
        if word == "--":
            rest.append(word)
            rest.extend(words)
            break
        name, equals, value = word.partition("=")
        if len(name) >= len(SHORTEST) and OPTION.startswith(name):
            if not equals:
                value = next(words, "")
                if value.startswith("-"):  # the next option, not a code
                    rest.append(value)
                    value = ""
            asked = value
        else:
            rest.append(word)
    return asked, rest


def settings_language() -> str | None:
    """The language chosen in the app's settings (None: the system's)."""
    from chickenfoot.saves.language_setting import read_language

    return read_language()


def speak_chosen_language(arguments: Sequence[str]) -> list[str]:
    """Speak the language chosen for this run; the arguments without ``--language``.

    Raises :class:`LanguageProblem` when ``--language`` names no language chickenfoot speaks,
    worded in the language the settings or the environment choose."""
    from chickenfoot.lang import given_by_hand, use
    from chickenfoot.lang.choosing import UnknownLanguage, choose, languages_listed

    asked, rest = language_option(arguments)
    if asks_version(rest) or given_by_hand():
        return rest  # nothing to say in a language (no catalogue is loaded), or a test's own
    settings = settings_language()
    try:
        code = choose(asked or None, settings, os.environ)
    except UnknownLanguage as unknown:
        use(choose(None, settings, os.environ))
        raise LanguageProblem(f"--language: {unknown}") from None
    use(code)
    global _given
    _given = code if asked else None
    if asked == "":
        raise LanguageProblem(
            _("--language needs the code of a language: {languages}").format(
                languages=languages_listed()
            )
        )
    return rest


def asks_version(arguments: Sequence[str]) -> bool:
    """True when ``arguments`` ask the command itself for its version (``--version`` before
    any subcommand)."""
    for word in arguments:
        if word == "--version":
            return True
        if not word.startswith("-"):
            return False
    return False


def add_language_option(parser: argparse.ArgumentParser) -> None:
    """List ``--language CODE`` in ``parser``'s help (it is taken out of the arguments before
    any parser reads them)."""
    parser.add_argument(OPTION, metavar="CODE", default=argparse.SUPPRESS, help=_(OPTION_HELP))
