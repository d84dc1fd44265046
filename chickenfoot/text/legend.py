"""The compact table in words: what each of its marks means, and what its frame says.

The compact drawing (a big table) shows each tile by its outer number after a joint, marks
doubles, the open foot, toes still to be played, rails and keys with signs of their own.
:data:`MARKS` says what each means, in the order the legend lists them; the screen draws a
sample of each beside its words (the glyphs are the table's own, never written here). The
frame's words about it are here too: the key that opens the legend, and the note of a table
rearranged to stay whole (the offer of the outline when the table is too big to see whole is
:func:`~chickenfoot.text.prompts.board_subtitle`'s). Every key is given by the caller, as the
player's keymap has it.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final

from chickenfoot.lang import N_, _


class Mark(StrEnum):
    """A mark of the compact table the legend explains (the screen draws a sample of each)."""

    CENTRE = "centre"
    LINE = "line"
    COLUMN = "column"
    DOUBLE = "double"
    OPEN_FOOT = "open-foot"
    TOE_SLOT = "toe-slot"
    FRESH = "fresh"
    RAIL = "rail"
    END = "end"
    END_LEGAL = "end-legal"
    END_CHOSEN = "end-chosen"
    SHADED = "shaded"
    MOVED = "moved"


MARKS: Final[tuple[tuple[Mark, str], ...]] = (
    (Mark.CENTRE, N_("the centre: the round's double (boxed with 5 arms or more)")),
    (Mark.LINE, N_("a line: each tile's outer number after a joint (9|3, 3|5)")),
    (Mark.COLUMN, N_("down or up a column: each tile's outer number alone")),
    (Mark.DOUBLE, N_("a double: it ends its line; its toes make a chicken foot")),
    (Mark.OPEN_FOOT, N_("the open chicken foot: its toes are played next")),
    (Mark.TOE_SLOT, N_("a toe still to be played on the open foot")),
    (Mark.FRESH, N_("a tile played since your last turn (underlined)")),
    (Mark.RAIL, N_("a rail: it leads to a tile that had no room beside its line")),
    (Mark.END, N_("an open end and its key: type the key to choose it")),
    (Mark.END_LEGAL, N_("an end the chosen tile fits")),
    (Mark.END_CHOSEN, N_("the end the chosen tile will be played on")),
    (Mark.SHADED, N_("every other arm is shaded, to tell arms side by side apart")),
    (Mark.MOVED, N_("an arm moved to keep the table whole (until your next turn)")),
)
"""What each mark means, in the legend's order (marked for the catalogue: translate each
where it is shown, ``_(words)``)."""

LEGEND_TITLE: Final = N_("The compact table: what its marks mean")


def legend_footing(drawing: str, outline: str) -> str:
    """The legend's last line: the keys that show the table otherwise."""
    return _("{drawing} draws the table in full, {outline} as an outline (a row per line).").format(
        drawing=drawing, outline=outline
    )


def legend_hint(legend: str) -> str:
    """What the table's frame says of the legend's key."""
    return _("{key}: marks").format(key=legend)


REARRANGED: Final = N_("rearranged: moved arms marked")
"""What the table's frame says while the arms a re-packing moved are marked (a play would
have taken the compact table out of the window, so it was laid out anew)."""
