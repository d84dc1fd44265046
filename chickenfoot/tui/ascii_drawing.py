"""Drawing for a terminal that cannot show Unicode: ASCII look-alikes, never escape codes.

Textual draws its borders, scroll bars and our tiles' frames with box-drawing and other
Unicode characters, and writes them to standard error in the terminal's encoding. In a
Latin-1 (or ASCII) locale those characters cannot be encoded, and Python writes escapes
instead (``\\u256d\\u2500``): the screen fills with noise. So in such a terminal the app is
told to draw in ASCII (:func:`ascii_drawing_for`), in both of the libraries that draw it:

- **Rich** renders with an ASCII box wherever it chooses one, when its console's encoding is
  not UTF-8 (``ConsoleOptions.ascii_only``): the app's console is given the terminal's
  encoding (:class:`EncodedNullFile`; Textual gives it a file with none, so Rich assumes
  UTF-8);
- **Textual** passes every line it draws through the app's line filters
  (``App.get_line_filters``): :class:`AsciiLookalikes` turns each character the terminal's
  encoding cannot show into an ASCII look-alike of the same width (``+-|`` for boxes, ``#``
  for blocks, ``<>^v`` for arrows, ``?`` for the rest), leaving every character it can show
  (``é`` in Latin-1) as it is.

A browser tab's web driver writes UTF-8 whatever the locale, so it is left alone.
"""

from __future__ import annotations

import codecs
import os
import sys
import unicodedata

from rich.cells import cell_len
from rich.segment import Segment
from textual.color import Color
from textual.filter import LineFilter

LOOKALIKES: dict[str, str] = {
    "…": ".",
    "·": "-",
    "×": "x",
    "‹": "<",
    "›": ">",
    "«": "<",
    "»": ">",
    "⟦": "[",
    "⟧": "]",
    "–": "-",
    "—": "-",
    "‘": "'",
    "’": "'",
    "“": '"',
    "”": '"',
    "•": "*",
    "●": "o",
    "○": "o",
    "◆": "*",
    "★": "*",
    "✓": "v",
    "✔": "v",
    "✗": "x",
    "✘": "x",
    "←": "<",
    "→": ">",
    "↑": "^",
    "↓": "v",
    "▲": "^",
    "▼": "v",
    "◀": "<",
    "▶": ">",
    "◂": "<",
    "▸": ">",
    "▴": "^",
    "▾": "v",
    "‖": "|",
    "═": "=",  # a compact double (═5) must not read as a joint (·5 is -5)
    "⭘": "o",
    "■": "#",
    "□": "o",
    "✚": "+",
    "✖": "x",
    "⚠": "!",
    "±": "+",
    "²": "2",
    "▁": "_",
    "▔": "-",
    "▏": "|",
    "▕": "|",
}
"""ASCII look-alikes of the symbols the app draws (boxes and blocks are worked out by name)."""


def lookalike(character: str) -> str:
    """An ASCII stand-in for ``character``, as many cells wide."""
    if character in LOOKALIKES:
        return LOOKALIKES[character]
    name = unicodedata.name(character, "")
    if name.startswith("BOX DRAWINGS"):
        across = any(word in name for word in ("HORIZONTAL", "LEFT", "RIGHT"))
        down = any(word in name for word in ("VERTICAL", "UP", "DOWN"))
        if "DIAGONAL" in name:
            return "/" if "UPPER RIGHT TO LOWER LEFT" in name else "\\"
        return "+" if across == down else "-" if across else "|"
    if any(word in name for word in ("BLOCK", "SHADE", "QUADRANT")):
        return "#"
    plain = unicodedata.normalize("NFKD", character).encode("ascii", "ignore").decode()
    width = cell_len(character)
    if len(plain) == width and plain.isprintable():
        return plain
    return "?" * width


class _Translation(dict[int, str]):
    """``str.translate``'s table: each character the encoding cannot show to its look-alike,
    worked out the first time it is met and kept."""

    def __init__(self, encoding: str) -> None:
        super().__init__()
        self.encoding = encoding

    def __missing__(self, codepoint: int) -> str:
        character = chr(codepoint)
        try:
            character.encode(self.encoding)
        except UnicodeEncodeError:
            shown = lookalike(character)
        else:
            shown = character
        self[codepoint] = shown
        return shown


class AsciiLookalikes(LineFilter):
    """A Textual line filter: every character ``encoding`` cannot show becomes an ASCII
    look-alike of the same width."""

    def __init__(self, encoding: str) -> None:
        super().__init__()
        self.encoding = encoding
        self._table = _Translation(encoding)

    def plain(self, text: str) -> str:
        """``text`` as this filter draws it."""
        return text if text.isascii() else text.translate(self._table)

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        """The segments with their text made plain (control codes are left alone)."""
        plain = self.plain
        return [
            segment
            if segment.control or segment.text.isascii()
            else Segment(plain(segment.text), segment.style, segment.control)
            for segment in segments
        ]


class EncodedNullFile:
    """A file that writes nothing, in ``encoding``: Rich's console reads its encoding from
    its file, and draws ASCII boxes when it is not UTF-8."""

    def __init__(self, encoding: str) -> None:
        self.encoding = encoding

    def write(self, text: str) -> None:
        """Write nothing (Textual writes the screen itself)."""

    def flush(self) -> None:
        """Nothing to flush."""

    def isatty(self) -> bool:
        """A terminal, as Textual's own null file says."""
        return True


def is_unicode(encoding: str) -> bool:
    """True if ``encoding`` can show every character (UTF-8, UTF-16...)."""
    try:
        name = codecs.lookup(encoding).name
    except LookupError:
        return False
    return name.startswith("utf")


def ascii_drawing_for(encoding: str | None = None) -> str | None:
    """The encoding to draw ASCII look-alikes for, or None when the terminal shows Unicode:
    the given ``encoding``, else that of standard error (where Textual writes the screen);
    never for a browser tab (its driver, named by ``TEXTUAL_DRIVER``, writes UTF-8)."""
    if encoding is None:
        if os.environ.get("TEXTUAL_DRIVER"):
            return None
        stream = sys.__stderr__
        encoding = getattr(stream, "encoding", None) if stream is not None else None
        if not encoding:
            return None
    return None if is_unicode(encoding) else encoding
