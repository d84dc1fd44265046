"""Player names: what a name may hold, and how wide a terminal shows it.

A name is shown literally on the table, in the log and in lists, so it must look like what
it is. :func:`name_problem` refuses characters that are invisible or that change how the
text around them is shown:

- control characters (Unicode category Cc: tab, escape codes...), line and paragraph
  separators (Zl, Zp) and lone surrogates (Cs);
- format characters (Cf): bidirectional overrides and isolates (U+202A to U+202E, U+2066 to
  U+2069), marks (U+200E, U+200F), the zero-width space (U+200B), the word joiner, the soft
  hyphen, the byte order mark, and the emoji tag characters (so subdivision flags such as
  Scotland's are refused);
- except the two joiners a real name needs: the zero-width joiner (U+200D, which builds
  emoji such as 👩‍🚀 and some Indic letters) and the zero-width non-joiner (U+200C, used in
  Persian), each allowed only between two visible characters;
- a name that shows nothing (only combining marks, say).

Everything else is allowed: any script, emoji, private-use symbols and characters newer than
this Python's Unicode tables.

:func:`display_width` measures text as a terminal shows it: wide East Asian characters and
emoji count 2, combining marks and invisible characters 0, an emoji sequence joined by
U+200D counts as one emoji. It needs only :mod:`unicodedata`.
"""

from __future__ import annotations

import unicodedata

from chickenfoot.lang import _

NAME_MAX_LENGTH = 24
"""The most characters a name may have (once surrounding spaces are removed)."""

JOINERS = {"\u200c": "zero-width non-joiner", "\u200d": "zero-width joiner"}
"""The format characters a name may hold between two visible characters."""

ZERO_WIDTH_JOINER = "\u200d"
EMOJI_PRESENTATION = "\ufe0f"
"""Variation selector 16: shows the character before it as a (wide) emoji."""

REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})
ZERO_WIDTH_CATEGORIES = frozenset({"Mn", "Me", "Cc", "Cf", "Cs", "Zl", "Zp"})
HANGUL_JAMO_ZERO_WIDTH = range(0x1160, 0x1200)
"""Hangul medial vowels and final consonants: they join the syllable before them."""
EMOJI_MODIFIERS = range(0x1F3FB, 0x1F400)
"""Skin tones: they change the emoji before them and take no room of their own."""


def character_text(character: str) -> str:
    """A character by its code and name: "U+202E (right-to-left override)"."""
    name = unicodedata.name(character, "")
    return f"U+{ord(character):04X}" + (f" ({name.lower()})" if name else "")


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a player's name, in words; None if it can."""
    for index, character in enumerate(name):
        if character in JOINERS:
            if _between_visible(name, index):
                continue
            if character == ZERO_WIDTH_JOINER:
                return _(
                    "the name has a zero-width joiner ({code}) that joins nothing: remove it"
                ).format(code=f"U+{ord(character):04X}")
            return _(
                "the name has a zero-width non-joiner ({code}) that joins nothing: remove it"
            ).format(code=f"U+{ord(character):04X}")
        category = unicodedata.category(character)
        if category == "Cc":
            return _(
                "the name contains a control character ({code}), which could drive the "
                "terminal: use plain text"
            ).format(code=f"U+{ord(character):04X}")
        if category in REFUSED_CATEGORIES:
            # Translators: {character} is a character's code and its Unicode name, kept in
            # English: "U+202E (right-to-left override)".
            return _(
                "the name contains {character}, an invisible character that could disguise "
                "the name or disturb the screen: use plain text"
            ).format(character=character_text(character))
    if name and display_width(name) == 0:
        return _("the name shows nothing: use letters, digits or symbols")
    return None


def _between_visible(text: str, index: int) -> bool:
    """True if the characters on both sides of ``text[index]`` are visible ones."""
    if index == 0 or index == len(text) - 1:
        return False
    return all(
        not neighbour.isspace()
        and neighbour not in JOINERS
        and unicodedata.category(neighbour) not in REFUSED_CATEGORIES
        for neighbour in (text[index - 1], text[index + 1])
    )


def display_width(text: str) -> int:
    """How many terminal columns ``text`` takes: wide East Asian characters and emoji 2,
    combining marks and invisible characters 0, anything else 1.

    An emoji joined to the one before it by U+200D, or a skin tone after an emoji, adds
    nothing (the sequence shows as one emoji); U+FE0F makes the narrow character before it
    a wide emoji.
    """
    width = 0
    previous = 0  # the width of the last character that took room
    joined = False  # the last character was a joiner after an emoji
    for character in text:
        code = ord(character)
        if character == ZERO_WIDTH_JOINER:
            joined = previous == 2
            continue
        if character == EMOJI_PRESENTATION:
            if previous == 1:
                width += 1
                previous = 2
            continue
        if code in EMOJI_MODIFIERS and previous == 2:
            continue
        if unicodedata.category(character) in ZERO_WIDTH_CATEGORIES or (
            code in HANGUL_JAMO_ZERO_WIDTH
        ):
            continue
        wide = unicodedata.east_asian_width(character) in ("W", "F")
        if joined and wide:
            joined = False
            continue
        joined = False
        previous = 2 if wide else 1
        width += previous
    return width
