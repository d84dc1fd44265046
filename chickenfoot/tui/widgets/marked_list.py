"""An option list whose chosen item is marked by a sign as well as by its colour.

Textual's :class:`~textual.widgets.OptionList` shows the highlighted item by its colours
alone: without colours (``NO_COLOR``, a monochrome terminal) nothing marks it, and a screen
reader reading the row (a browser tab's terminal in its screen-reader mode, a terminal's
review cursor) hears the same words on every row. :class:`MarkedList` puts ``▸`` before the
item the keyboard is on and two blanks before the others, so the sign moves with the
highlight and is part of the row's text.
"""

from __future__ import annotations

from typing import Self

from rich.text import Text
from textual.widgets import OptionList
from textual.widgets.option_list import Option

MARK = "▸ "
"""What the chosen item's row starts with."""
UNMARKED = "  "
"""What every other row starts with (as wide as the sign, so no item moves)."""


class MarkedList(OptionList):
    """An :class:`~textual.widgets.OptionList` of plain-text items whose highlighted item's
    row starts with ``▸``."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.words: dict[str | None, str] = {}
        """Each item's words without the sign, by its id."""

    def add_item(self, item: str, words: str) -> None:
        """Add the item with id ``item`` saying ``words`` (shown literally, never as markup)."""
        self.words[item] = words
        self.add_option(Option(self._row(words, chosen=False), id=item))

    def clear_options(self) -> Self:
        """Remove every item."""
        self.words = {}
        return super().clear_options()

    def watch_highlighted(self, highlighted: int | None) -> None:
        """Move the sign to the item the keyboard is on now (and say so, as any option list
        does)."""
        super().watch_highlighted(highlighted)
        for index, option in enumerate(self.options):
            row = self._row(self.words[option.id], chosen=index == highlighted)
            self.replace_option_prompt_at_index(index, row)

    @staticmethod
    def _row(words: str, *, chosen: bool) -> Text:
        return Text((MARK if chosen else UNMARKED) + words)
