"""The pseudo-language: every message of the catalogue marked, accented and made a third longer,
so that a test can tell text that came through the catalogue from text that did not.

:class:`PseudoTranslations` is a :class:`gettext.NullTranslations` whose every translation is
the English message wrapped in markers, its letters accented and padded to a third longer
(``"Play the tile"`` becomes ``"⟦Ṕļàý ţĥé ţîļé~~⟧"``): the placeholders (``{name}``,
``{count:>3}``) are kept as they are, so :meth:`str.format` still fills them, and each line of
a message of several lines is marked on its own. Speak it with
``chickenfoot.lang.speaking(PSEUDO, PseudoTranslations())``.

:func:`unmarked` finds what a text shows outside the markers that a translation would have to
give: any word with a letter in it that is not a player's name or another literal the test
names (a file's path, a theme's name), nor a key the player presses. What has no letter
(numbers, tiles like ``3|5``, punctuation, drawing characters) is never a word to translate.
A marked span cut short (a ``…`` where the rest did not fit) still counts as marked: whether
it fits is the fit check's question (:mod:`tests.tui.fit`).

:func:`english` turns the pseudo-language back into the English (for a test's player who
reads the lines to answer them).
"""

from __future__ import annotations

import gettext
import math
import re
import string
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

PSEUDO = "xx"
"""The pseudo-language's code (no real language has it)."""

OPEN, CLOSE = "⟦", "⟧"
"""The markers round every translated message."""

PADDING = "~"
"""What lengthens a message (not ``·``, which the plain mode speaks as ``;``)."""

PLAIN_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
ACCENTED_LETTERS = "àƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅßÇÐÉƑĜĤÎĴĶĻḾÑÖÞǪŔŠŢÛṼŴẊÝŽ"
ACCENTED = str.maketrans(PLAIN_LETTERS, ACCENTED_LETTERS)
UNACCENTED = str.maketrans(ACCENTED_LETTERS, PLAIN_LETTERS)


def pseudo(message: str) -> str:
    """``message`` in the pseudo-language: each line's text accented, marked and a third
    longer (its words, markers and padding together), its placeholders and the white space
    round it kept."""
    return "\n".join(_pseudo_line(line) for line in message.split("\n"))


def _pseudo_line(line: str) -> str:
    text = line.strip()
    if not text:
        return line
    parts = list(string.Formatter().parse(text))
    accented = "".join(
        literal.translate(ACCENTED).replace("{", "{{").replace("}", "}}") + _field(*rest)
        for literal, *rest in parts
    )
    words = sum(len(literal) for literal, *_rest in parts)  # what a translation lengthens
    longer = PADDING * max(0, math.ceil(words / 3) - len(OPEN + CLOSE))
    start = line.index(text[0])
    return f"{line[:start]}{OPEN}{accented}{longer}{CLOSE}{line[start + len(text) :]}"


def _field(name: str | None, spec: str | None, conversion: str | None) -> str:
    """A placeholder as it was written (nothing, after the last literal text)."""
    if name is None:
        return ""
    return (
        "{" + name + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "") + "}"
    )


class PseudoTranslations(gettext.NullTranslations):
    """Every message, plural and message in a context translated into the pseudo-language."""

    def gettext(self, message: str) -> str:
        """``message`` marked (the empty message stays empty)."""
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        """The English form that agrees with ``n``, marked."""
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        """``message`` marked, whatever its context."""
        return pseudo(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        """The English form that agrees with ``n``, marked, whatever its context."""
        return pseudo(msgid1 if n == 1 else msgid2)


def english(text: str) -> str:
    """``text`` in the pseudo-language turned back into English (markers and padding gone)."""
    return re.sub(f"{re.escape(PADDING)}*{CLOSE}|{OPEN}", "", text).translate(UNACCENTED)


@dataclass(frozen=True)
class Allowance:
    """What may be shown outside the markers: the players' ``names`` (whole, or a first part
    and a ``…``), other ``literals`` the test puts on the screen (a file's path), and the
    ``keys`` the player presses, as the screen shows them (``^p``, ``esc``, an end's ``a``)."""

    names: Sequence[str] = ()
    literals: Sequence[str] = ()
    keys: frozenset[str] = field(default_factory=frozenset)

    def with_keys(self, keys: Iterable[str]) -> Allowance:
        """This allowance and ``keys`` besides."""
        return Allowance(self.names, self.literals, self.keys | frozenset(keys))

    def with_literals(self, literals: Iterable[str]) -> Allowance:
        """This allowance and ``literals`` besides."""
        return Allowance(self.names, (*self.literals, *literals), self.keys)


def outside_markers(text: str, cut_above: bool = False) -> str:
    """What ``text`` shows outside the markers (each marked span a space), a span still open at
    the end (cut there) counting as marked; a closing marker with no opening one before it
    (the end of a message, or of messages within each other) counts what comes before it as
    marked only if the text's first lines were ``cut_above`` (scrolled off or covered), else
    it stays outside, to be reported."""
    outside: list[str] = []
    depth = 0
    opened = False
    for character in text:
        if character == OPEN:
            depth += 1
            opened = True
        elif character == CLOSE and depth:
            depth -= 1
            outside.append("" if depth else " ")
        elif character == CLOSE and cut_above and not opened:
            outside = [
                " "
            ]  # the end of a message (within others, maybe) whose start is out of sight
        elif not depth:
            outside.append(character)
    return "".join(outside)


LINE_LABEL = re.compile(r"[A-Z](?:\.\d+)*")
"""A line of the table as the app names it: its arm's letter and the toes' numbers, ``G.3.1``."""

ADDRESS = re.compile(r"[\w.-]+@[\w.-]+(?::\d+)?|[a-z]+://\S+")
"""A table's address (``CODE@host:port``) or a web address: never translated."""


def unmarked(text: str, allowance: Allowance, cut_above: bool = False) -> list[str]:
    """Each word ``text`` shows outside the markers that should have come from the catalogue:
    one with a letter in it that is not a name, a literal or a key of ``allowance``, nor a
    line's label (``G.3.1``) or an address (``KM7R3P@192.168.1.20:8765``). Each word is read
    in pieces between its punctuation and drawings (``18‹h`` is a number and a key), a key
    chord (``ctrl+s``, ``^p``) whole."""
    rest = outside_markers(text, cut_above)
    for literal in sorted([*allowance.names, *allowance.literals], key=len, reverse=True):
        if literal:
            rest = re.sub(_shown_pattern(literal), " ", rest)
    words: list[str] = []
    for word in rest.split():
        if word in allowance.keys or word in words or ADDRESS.fullmatch(word):
            continue
        pieces = [piece for piece in re.split(r"[^\w+^]+|_", word) if piece]
        if not all(_allowed(piece, allowance) for piece in pieces):
            words.append(word)
    return words


def _allowed(piece: str, allowance: Allowance) -> bool:
    """True for a piece of a word with no letter in it (a number), a key or a line's label."""
    return (
        not any(character.isalpha() for character in piece)
        or piece in allowance.keys
        or LINE_LABEL.fullmatch(piece) is not None
    )


def _shown_pattern(literal: str) -> str:
    """A regex of ``literal`` as a screen may show it: whole, or a first part and a ``…``, its
    spaces any run of white space (it may be wrapped)."""

    def spaced(part: str) -> str:
        return r"\s+".join(re.escape(piece) for piece in part.split())

    shortened = [spaced(literal[:kept].rstrip()) + "…" for kept in range(len(literal) - 1, 0, -1)]
    return "(?:" + "|".join([spaced(literal), *(part for part in shortened if part != "…")]) + ")"
