"""Right-to-left languages drawn so that they read right to left in any terminal.

A terminal draws the characters of a line in the order it is sent them, left to right; few
reorder Hebrew by themselves (the Unicode bidirectional algorithm), and those that do cannot
know where Textual's widgets begin and end. So when the language in use is written from right
to left (:func:`chickenfoot.lang.is_right_to_left`), the app reorders each line it draws
itself, as the bidirectional algorithm lays it out for a right-to-left paragraph, and sends
the terminal the characters in the order they are to be seen:

- **after wrapping, line by line**: Textual passes every line of every widget, as drawn and
  already wrapped to the widget's width, through the line filters the widget gives it
  (``Widget.get_line_filters``, the app's by default); here every widget gives the app's and,
  first, :class:`RightToLeftLines`, which reorders each line, every character keeping its own
  style (colour, bold, the cursor, a link). :func:`reorder_right_to_left` (the app calls it as
  it starts) sets it up: the widgets themselves know nothing of it;
- **a line's frame stays in place**: the border characters at either end of a line (Textual
  draws a widget's border into its lines) are left where they are, and so are the cells a
  vertical scroll bar covers; the text between them is reordered, its padding with it (so a
  line reads from the right, its room on the left);
- **tiles and keys read left to right inside the Hebrew**: a tile (``3|5``), a key in the
  table's marks (``‹ab›``), a key chord (``ctrl+s``, ``^p``) and a signed number (``-5``) are
  each kept as one left-to-right run (embedded with a left-to-right override), where the
  algorithm alone would turn ``3|5`` into ``5|3``;
- **brackets are mirrored** in the right-to-left runs, as the algorithm says (``(`` drawn
  where ``)`` is meant); combining marks (Hebrew points) stay after the letter they mark;
- **screens are not reordered**: a screen draws no text of its own, only its background or,
  under a dialog, the screen beneath, whose lines are reordered already (Textual passes them
  through the screen's line filters again), so a screen, the app's or Textual's own (the
  command palette), is left out;
- **drawings stay as laid**: the table of arms and feet, its outline, the charts and the
  menu's logo are pictures with an orientation of their own (the arms grow as the game goes,
  left to right), so their widgets take :class:`LaidAsDrawn` (a picture in a ``Static``:
  :class:`Drawing`), which leaves their lines alone.

The plain mode never comes here: it writes lines in logical order, which screen readers (and
terminals that reorder) want.

The levels come from python-bidi's pure-Python implementation of the algorithm
(``bidi.algorithm``), the one that gives each character's level and keeps track of where each
character came from; its Rust ``get_display`` returns only the reordered string.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from rich.segment import Segment
from rich.style import Style
from textual.color import Color
from textual.filter import LineFilter
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from chickenfoot.lang import is_right_to_left

LEFT_TO_RIGHT = re.compile(
    r"\d+\|\d+"  # a tile
    r"|‹[^›\s]*›"  # an end's key on the table, as its marks name it
    r"|(?i:ctrl|shift|alt|super|meta)\+\S+"  # a key chord
    r"|\^\S"  # a control key as Textual's footer shows it
    r"|(?<![\w.])[-+−]\d+(?:[.,]\d+)?"  # a signed number
)
"""What stays one left-to-right run inside right-to-left text: tiles, keys, signed numbers."""

LEFT_TO_RIGHT_OVERRIDE = "\u202d"
POP_DIRECTIONAL_FORMATTING = "\u202c"

FRAME = frozenset(chr(code) for code in range(0x2500, 0x25A0))
"""Box-drawing and block characters: a border at a line's end is drawn with them."""


def display(text: str) -> str:
    """The line ``text`` as it is seen, right to left (what a terminal that does not reorder
    must be sent)."""
    return "".join(shown for _index, shown in visual_order(text))


@lru_cache(maxsize=4096)  # a screen's lines are drawn again and again
def visual_order(text: str) -> tuple[tuple[int, str], ...]:
    """The characters of the line ``text`` in the order they are seen, right to left: for
    each place from the left, the index in ``text`` of the character drawn there and the
    character drawn (a bracket in a right-to-left run mirrored)."""
    from bidi import algorithm  # type: ignore[import-untyped]  # (loaded only when needed)

    marked, origins = _with_left_to_right_runs(text)
    storage: dict[str, Any] = algorithm.get_empty_storage()
    storage["base_level"] = 1
    storage["base_dir"] = "R"
    algorithm.get_embedding_levels(marked, storage)
    for character, origin in zip(storage["chars"], origins, strict=True):
        character["index"] = origin
    algorithm.explicit_embed_and_overrides(storage)  # drops the overrides added above
    algorithm.resolve_weak_types(storage, False)
    algorithm.resolve_neutral_types(storage, False)
    algorithm.resolve_implicit_levels(storage, False)
    algorithm.reorder_resolved_levels(storage, False)
    algorithm.apply_mirroring(storage, False)
    seen = [(int(character["index"]), str(character["ch"])) for character in storage["chars"]]
    return tuple(_marks_after_their_letters(seen))


def _with_left_to_right_runs(text: str) -> tuple[str, list[int]]:
    """``text`` with each run of :data:`LEFT_TO_RIGHT` inside an override, and for each
    character of the result the index in ``text`` it comes from (-1: an override)."""
    pieces: list[str] = []
    origins: list[int] = []
    done = 0
    for found in LEFT_TO_RIGHT.finditer(text):
        pieces += [text[done : found.start()], LEFT_TO_RIGHT_OVERRIDE, found[0]]
        pieces.append(POP_DIRECTIONAL_FORMATTING)
        origins += [*range(done, found.start()), -1, *range(found.start(), found.end()), -1]
        done = found.end()
    pieces.append(text[done:])
    origins += range(done, len(text))
    return "".join(pieces), origins


def _marks_after_their_letters(seen: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """``seen`` with each combining mark put back after its letter where a right-to-left run
    put it before (a terminal draws a mark over the character before it)."""
    result: list[tuple[int, str]] = []
    marks: list[tuple[int, str]] = []
    for index, shown in seen:
        if unicodedata.combining(shown):
            marks.append((index, shown))
            continue
        if marks and marks[-1][0] > index:  # reversed: the marks belong to this letter
            result += [(index, shown), *reversed(marks)]
        else:
            result += [*marks, (index, shown)]
        marks = []
    return result + marks


class RightToLeftLines(LineFilter):
    """Textual's line filter that reorders each line drawn so that it reads right to left,
    leaving in place the border at either end and the last ``kept_right`` cells (a widget's
    right border and the vertical scroll bar drawn over the line inside it)."""

    def __init__(self, kept_right: int = 0) -> None:
        super().__init__()
        self.kept_right = kept_right

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        """``segments`` (a line) reordered, each character keeping its style; the border at
        either end, and what the scroll bar covers, left in place."""
        cells = [
            (character, segment.style)
            for segment in segments
            if not segment.control
            for character in segment.text
        ]
        start, end = _frame_ends(cells)
        end = max(start, min(end, len(cells) - self.kept_right))
        text = "".join(character for character, _style in cells[start:end])
        if not text.strip():
            return segments
        middle = [(shown, cells[start + index][1]) for index, shown in visual_order(text)]
        return _joined([*cells[:start], *middle, *cells[end:]])


def _frame_ends(cells: Sequence[tuple[str, Style | None]]) -> tuple[int, int]:
    """Where the text of a line begins and ends, the border characters at its ends left out."""
    start, end = 0, len(cells)
    while start < end and cells[start][0] in FRAME:
        start += 1
    while end > start and cells[end - 1][0] in FRAME:
        end -= 1
    return start, end


def _joined(cells: Sequence[tuple[str, Style | None]]) -> list[Segment]:
    """The characters of ``cells`` as segments, those side by side in one style together."""
    segments: list[Segment] = []
    for character, style in cells:
        if segments and segments[-1].style == style:
            segments[-1] = Segment(segments[-1].text + character, style)
        else:
            segments.append(Segment(character, style))
    return segments


@lru_cache(maxsize=16)
def right_to_left_lines(kept_right: int) -> RightToLeftLines:
    """The one filter that keeps ``kept_right`` cells in place (one each, so that Textual's
    cache of filtered lines keeps each line's result)."""
    return RightToLeftLines(kept_right)


def _kept_right(widget: Widget) -> int:
    """The cells at the right end of ``widget``'s lines a vertical scroll bar covers, with the
    border outside it (none without a scroll bar: the border is found by its characters)."""
    scrollbar = widget.scrollbar_gutter.right
    if not scrollbar:
        return 0
    border = widget.styles.gutter.right - widget.styles.padding.right
    return border + scrollbar


def _line_filters(widget: Widget) -> Sequence[LineFilter]:
    """The line filters of ``widget``: the app's, and first, in a language written right to
    left, :class:`RightToLeftLines` (for a widget that draws text: not a screen, which draws
    only its background or, under a dialog, the screen beneath, already reordered; not a
    :class:`LaidAsDrawn`)."""
    filters = widget.app.get_line_filters()
    if not is_right_to_left() or isinstance(widget, Screen | LaidAsDrawn):
        return filters
    return [right_to_left_lines(_kept_right(widget)), *filters]


def reorder_right_to_left() -> None:
    """Have every widget, the app's and Textual's own, give :func:`_line_filters` as its line
    filters (the app does it as it starts). Textual asks each widget for the filters its lines
    pass through (``Widget.get_line_filters``, which gives the app's); whether and how a line
    is reordered depends on the widget (a screen, a drawing, a scroll bar over the line's end),
    which the app's filters cannot know."""
    Widget.get_line_filters = _line_filters  # type: ignore[method-assign,assignment]


class LaidAsDrawn(Widget):
    """A widget that draws a picture (the table, its outline, a chart): its lines are drawn as
    laid in every language, never reordered."""


class Drawing(LaidAsDrawn, Static):
    """A picture drawn with characters (the menu's logo), laid as drawn in every language."""

    DEFAULT_CSS = "Drawing { height: auto; }"
