"""Names at an online table: one word-like name each, none that looks like another's.

Anybody with a table's code may take a free seat or watch, so a name is a stranger's text
shown on everybody's screen. At an online table a name (a person's or a spectator's) must be
**a name, not a sentence** (:func:`name_refusal`): letters, marks and digits, words
joined by at most two single spaces or by ``-``, ``'``, ``.``, ``_``, of one alphabet (the
Latin ``A`` and the Cyrillic ``А`` look the same: a name mixing them is refused), besides the
checks of every player's name (:func:`~chickenfoot.record.names.name_problem`: nothing
invisible, nothing that drives the terminal).

And no name may **look like** another at the table (:func:`look_alike_key`): two names are
the same when they differ only in case, in width (the full-width ``Ａｎａ``), in accents, or by
letters of other alphabets that look like Latin ones (Cyrillic ``а``, Greek ``ο``...). So a
spectator cannot pass for a seated person, nor a person for another.
"""

from __future__ import annotations

import unicodedata

from chickenfoot.lang import _, ngettext, pgettext
from chickenfoot.record.names import NAME_MAX_LENGTH, name_problem

JOINING = frozenset("-'._")
"""What may join the parts of a name (besides a single space)."""

MAX_SPACES = 2
"""A name has at most three words."""

LOOK_ALIKES = str.maketrans(
    {
        # Cyrillic letters drawn like Latin ones (lower case: names are compared case-folded)
        "а": "a", "в": "b", "е": "e", "ё": "e", "к": "k", "м": "m", "н": "h", "о": "o",
        "р": "p", "с": "c", "т": "t", "у": "y", "х": "x", "ѕ": "s", "і": "i", "ї": "i",
        "ј": "j", "һ": "h", "ԁ": "d", "ԛ": "q", "ԝ": "w", "ӏ": "l", "ь": "b",
        # Greek
        "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "i", "κ": "k", "μ": "u", "ν": "v",
        "ο": "o", "ρ": "p", "τ": "t", "υ": "u", "χ": "x", "ω": "w", "ζ": "z",
        # Latin letters and digits that pass for others
        "ı": "i", "ł": "l", "ø": "o", "ß": "ss", "0": "o", "1": "l", "|": "l",
    }
)  # fmt: skip
"""Letters that look like a Latin letter, mapped to it (after case-folding)."""

COMPATIBLE_SCRIPTS = frozenset({"CJK", "HIRAGANA", "KATAKANA"})
"""Alphabets written together in one name (Japanese mixes these)."""


def look_alike_key(name: str) -> str:
    """What ``name`` looks like: the same key for names that differ only in case, width,
    accents or look-alike letters of other alphabets (and surrounding spaces)."""
    folded = unicodedata.normalize("NFKC", name.strip()).casefold()
    bare = "".join(
        char for char in unicodedata.normalize("NFD", folded) if not unicodedata.combining(char)
    )
    return unicodedata.normalize("NFC", bare).translate(LOOK_ALIKES).replace("l", "i")


def _script(char: str) -> str | None:
    """The alphabet of a letter (LATIN, CYRILLIC, ...), None for anything else."""
    if not unicodedata.category(char).startswith("L"):
        return None
    words = unicodedata.name(char, "").split()
    return words[0] if words else None


def name_refusal(name: str) -> str | None:
    """Why ``name`` cannot be a name at an online table, in words in the language in use
    (None: it can). A server refuses such a name with a code, and the client that sent it
    words why with this same check (:func:`chickenfoot.net.denials.denial_text`)."""
    name = name.strip()
    if not name:
        return _("a name cannot be empty")
    if len(name) > NAME_MAX_LENGTH:
        return ngettext(
            "a name has at most {count} character",
            "a name has at most {count} characters",
            NAME_MAX_LENGTH,
        ).format(count=NAME_MAX_LENGTH)
    problem = name_problem(name)
    if problem is not None:
        return problem
    if "  " in name or name.count(" ") > MAX_SPACES:
        return _("a name, not a sentence: at most three words, one space between them")
    for char in name:
        category = unicodedata.category(char)
        if char == " " or char in JOINING or category[0] in "LMN" or category == "Cf":
            continue
        # Translators: - ' . _ are the characters allowed besides letters and digits;
        # {character} is the one refused, in quotes.
        return _("a name has letters, digits and - ' . _ only, not {character}").format(
            character=repr(char)
        )
    if not any(unicodedata.category(char).startswith("L") for char in name):
        return _("a name needs a letter")
    scripts = {script for char in name if (script := _script(char)) is not None}
    if len(scripts) > 1 and not scripts <= COMPATIBLE_SCRIPTS:
        # Translators: {alphabets} names Unicode's alphabets (Latin and Cyrillic...).
        return _("a name of one alphabet: it mixes letters of {alphabets}").format(
            alphabets=pgettext("between the last two items of a list", " and ").join(
                sorted(script.capitalize() for script in scripts)
            )
        )
    return None


def looks_like(name: str, others: list[str]) -> str | None:
    """The first of ``others`` that ``name`` looks like (None: none)."""
    key = look_alike_key(name)
    return next((other for other in others if look_alike_key(other) == key), None)
