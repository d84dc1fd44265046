"""Every word a player reads, in the player's own language.

English is the source: a sentence is written in English in the code, inside one of the
functions below, and a catalogue per language (``chickenfoot/lang/locale/<code>/LC_MESSAGES/
chickenfoot.po``, compiled beside it to ``chickenfoot.mo``) gives it in that language. The
catalogues are GNU gettext's, read at run time by the standard library's :mod:`gettext` (no
dependency, and the plural rules come from each catalogue's own ``Plural-Forms``); Babel
extracts the messages, checks the catalogues and compiles them (``make catalogues``).

How a sentence is written (CONTRIBUTING.md, "Words in every language", says more):

- a whole sentence in one message, never pieces glued together: ``_("{name} draws a tile.")``;
- named placeholders filled with :meth:`str.format` after the translation, so a language can
  put them where its grammar wants: ``_("{name} plays {tile} on {place}.").format(...)``;
- a count through :func:`ngettext`, which picks the language's own plural form:
  ``ngettext("{count} tile", "{count} tiles", count).format(count=count)``;
- a short word whose sense the English does not settle through :func:`pgettext` with a
  context (``pgettext("a tile", "Double")``);
- a constant evaluated when its module is imported (bindings' descriptions, tables of help)
  is marked with :func:`N_` and translated where it is shown, with ``_(constant)``, so the
  language can change while the program runs.

Beside this module: :mod:`chickenfoot.lang.choosing` decides which language to speak (the
command line, the settings, the environment, English), and :mod:`chickenfoot.lang.numbers`
writes numbers as the language in use does (``95 %`` in Galician and Spanish).

Nothing here imports the rest of chickenfoot: every layer above the rules may use it.
"""

from __future__ import annotations

import gettext
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

DOMAIN = "chickenfoot"
"""The catalogues' gettext domain: each is ``<code>/LC_MESSAGES/chickenfoot.mo``."""

LOCALE_FOLDER = Path(__file__).parent / "locale"
"""Where the catalogues are: a folder per language code, and the template ``chickenfoot.pot``."""

SOURCE_LANGUAGE = "en"
"""The language the messages are written in: it needs no catalogue."""

LANGUAGES: dict[str, str] = {
    "en": "English",
    "gl": "Galego",
    "es": "Español",
    "he": "עברית",
}
"""Every language chickenfoot speaks, by code, each named in itself."""

RIGHT_TO_LEFT = frozenset({"he"})
"""The languages written from right to left."""

_translations: gettext.NullTranslations = gettext.NullTranslations()
_language = SOURCE_LANGUAGE
_by_hand = False


def _(message: str) -> str:
    """``message`` in the language in use (the English itself when it has no translation)."""
    return _translations.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a message that agrees with ``count``, by the language's own plural rules."""
    return _translations.ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` in the language in use, in the sense ``context`` gives it."""
    return _translations.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, count: int) -> str:
    """:func:`ngettext` in the sense ``context`` gives the message."""
    return _translations.npgettext(context, singular, plural, count)


def N_(message: str) -> str:  # noqa: N802 (gettext's own name for the marker)
    """Mark ``message`` for the catalogues without translating it yet: translate it where it
    is shown, with ``_(message)``."""
    return message


def catalogue(code: str) -> gettext.NullTranslations:
    """The compiled catalogue of language ``code`` (nothing to translate for English).

    Raises ``LookupError`` for a language chickenfoot does not speak."""
    if code not in LANGUAGES:
        raise LookupError(code)
    if code == SOURCE_LANGUAGE:
        return gettext.NullTranslations()
    # Opened by its path: gettext.translation() would look the code up in the locale module's
    # table of aliases first, which costs more than reading the catalogue (`--help` opens one).
    with (LOCALE_FOLDER / code / "LC_MESSAGES" / f"{DOMAIN}.mo").open("rb") as compiled:
        return gettext.GNUTranslations(compiled)


def use(code: str, translations: gettext.NullTranslations | None = None) -> None:
    """Speak language ``code`` from now on (its catalogue, unless ``translations`` is given:
    the tests' pseudo-language)."""
    global _translations, _language, _by_hand
    _translations = translations if translations is not None else catalogue(code)
    _language = code
    _by_hand = translations is not None


def given_by_hand() -> bool:
    """True while the language in use is a catalogue given by hand (the tests'
    pseudo-language): the command line's own choice does not replace it."""
    return _by_hand


def language() -> str:
    """The code of the language in use."""
    return _language


def is_right_to_left() -> bool:
    """True when the language in use is written from right to left."""
    return _language in RIGHT_TO_LEFT


@contextmanager
def speaking(code: str, translations: gettext.NullTranslations | None = None) -> Iterator[None]:
    """Speak language ``code`` inside the ``with`` block, and the language before it after."""
    before = (_language, _translations)
    use(code, translations)
    try:
        yield
    finally:
        use(before[0], before[1])
