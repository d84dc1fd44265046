"""Tile shapes: how many cells each thing takes, and the characters it is drawn with.

A tile is drawn horizontally on a horizontal run (``[3|5]``, one row) and vertically on a
vertical run (``┌3┐`` over ``└5┘``, two rows); the compact drawing shows only a tile's outer
number, after a joint (``·5``). :class:`Shapes` gives the sizes for one game's numbers, and
the functions here the text of a tile, the centre, a toe slot, an end's label and a rail's
cell. Every mark changes the glyphs, never only the colour (:class:`Role` names what the
widget styles).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from chickenfoot.play.layout.geometry import HORIZONTAL, Box, Exit, Heading
from chickenfoot.play.layout.spots import TileSpot


class Role(StrEnum):
    """What a run of cells shows; the widget styles each role (theme variables only)."""

    TILE = "tile"
    TILE_FRESH = "tile-fresh"
    DOUBLE = "double"
    DOUBLE_FRESH = "double-fresh"
    CENTRE = "centre"
    OPEN_FOOT = "open-foot"
    TOE_SLOT = "toe-slot"
    END = "end"
    END_LEGAL = "end-legal"
    END_CHOSEN = "end-chosen"
    CONNECTOR = "connector"


@dataclass(frozen=True)
class Glyphs:
    """The characters a tile is framed with, for flat (one row) and upright (two rows) tiles.

    A flat tile is ``flat[0] + left + flat[1] + right + flat[2]``; an upright one is
    ``upright[0] + top + upright[1]`` over ``upright[2] + bottom + upright[3]``.
    """

    flat: tuple[str, str, str]
    upright: tuple[str, str, str, str]


GLYPHS: Final[Mapping[Role, Glyphs]] = {
    Role.TILE: Glyphs(("[", "|", "]"), ("┌", "┐", "└", "┘")),
    Role.DOUBLE: Glyphs(("[", "|", "]"), ("┌", "┐", "└", "┘")),
    Role.TILE_FRESH: Glyphs(("⟦", "|", "⟧"), ("╓", "╖", "╙", "╜")),
    Role.DOUBLE_FRESH: Glyphs(("⟦", "|", "⟧"), ("╓", "╖", "╙", "╜")),
    Role.OPEN_FOOT: Glyphs(("┣", "┃", "┫"), ("┏", "┓", "┗", "┛")),
    Role.CENTRE: Glyphs(("║", "|", "║"), ("╔", "╗", "╚", "╝")),
}
"""Frames by role: fresh tiles get doubled frames, the open foot a heavy one, so that neither
mark rests on colour alone."""

END_MARKS: Final[Mapping[Role, tuple[str, str]]] = {
    Role.END: ("‹", "›"),
    Role.END_LEGAL: ("▸", "◂"),
    Role.END_CHOSEN: ("»", "«"),
}
"""The marks around an end's key label: any open end, an end the chosen tile fits, the end
it would be played on."""
NO_LABEL: Final = "·"
"""Shown between the marks of an open end the caller gave no key label."""
SLOT_FILL: Final = "·"
"""Fills the face of a toe slot of the open foot."""
SLOT_FRAME: Final = Glyphs(("╎", " ", "╎"), ("╭", "╮", "╰", "╯"))
"""The dotted outline of a toe slot (a place a toe of the open foot will take)."""
CONNECTOR_GLYPHS: Final[Mapping[bool, str]] = {True: "┄", False: "┆"}
"""A leap's dotted line: across a row (True) or down a column (False)."""


def digits_for(set_size: int) -> int:
    """Cells per number on every tile of a double-``set_size`` set: 1 up to 9, else 2."""
    return 1 if set_size <= 9 else 2


@dataclass(frozen=True)
class Shapes:
    """Tile sizes for numbers of ``digits`` cells, in the full or the compact drawing.

    Full: flat ``[a|b]`` (one row) and upright ``┌a┐`` over ``└b┘`` (two rows). Compact: a
    tile shows only its outer number, after a joint on a run across (``·b``, or ``b·``
    leftwards) and alone on a run down or up (one row); its inner number is the one it
    touches, so a line reads as the chain of numbers it is (``9·3·5``, or ``9`` over ``3``).
    """

    digits: int
    compact: bool = False

    @property
    def flat_width(self) -> int:
        """Width of a tile on a run across: ``[a|b]``, or ``·b`` compact."""
        return self.digits + 1 if self.compact else 2 * self.digits + 3

    @property
    def upright_width(self) -> int:
        """Width of a tile on a run down or up: ``┌a┐``, or ``b`` compact."""
        return self.digits if self.compact else self.digits + 2

    @property
    def number_offset(self) -> int:
        """Where the number starts in an upright tile: after its frame, or at once compact."""
        return 0 if self.compact else 1

    @property
    def label_width(self) -> int:
        """Width of an end's label place: as wide as an upright tile (``‹a›``), or the mark
        and a key of up to two letters compact (``‹a``, ``‹zb``)."""
        return 3 if self.compact else self.digits + 2


def tile_text(spot: TileSpot, digits: int, glyphs: Glyphs, part: int = 0) -> str:
    """The text of row ``part`` of a tile: ``[3|5]`` flat, ``┌3┐`` / ``└5┘`` upright."""
    first, second = spot.numbers
    if spot.upright:
        left, right = glyphs.upright[2 * part], glyphs.upright[2 * part + 1]
        return f"{left}{(first, second)[part]:>{digits}}{right}"
    opening, joint, closing = glyphs.flat
    return f"{opening}{first:>{digits}}{joint}{second:<{digits}}{closing}"


COMPACT_JOINTS: Final[Mapping[Role, str]] = {
    Role.TILE: "·",
    Role.TILE_FRESH: "•",
    Role.DOUBLE: "═",
    Role.DOUBLE_FRESH: "═",
    Role.OPEN_FOOT: "━",
    Role.CENTRE: "║",
}
"""The joint a compact tile shows by role: a fresh tile's is heavier, a double's doubled, the
open foot's heavy (the widget also underlines fresh tiles: a tile down a column has no
joint)."""


def compact_tile_text(spot: TileSpot, digits: int, role: Role) -> str:
    """A compact tile's text: its outer number after its joint (``·5``, ``5·`` leftwards, ``5``
    down or up); a double across a column is ``═5═``, the centre ``║9║``."""
    joint = COMPACT_JOINTS[role]
    number = f"{spot.numbers[1] if spot.heading in ('E', 'S') else spot.numbers[0]:>{digits}}"
    if spot.placement is None or (spot.tile.is_double and spot.heading in ("N", "S")):
        return joint + number + joint
    if spot.heading == "E":
        return joint + number
    if spot.heading == "W":
        return number + joint
    return number


def _centre_box_text(spot: TileSpot, part: int, compact: bool = False) -> str:
    """Row ``part`` of the three-row centre used with more than four arms."""
    inner = spot.box.width - 2
    if part == 0:
        return "╔" + "═" * inner + "╗"
    if part == 2:
        return "╚" + "═" * inner + "╝"
    first, second = spot.numbers
    return "║" + (str(first) if compact else f"{first}|{second}").center(inner) + "║"


def slot_text(box: Box, heading: Heading, part: int, compact: bool = False) -> str:
    """Row ``part`` of a toe slot's dotted outline (compact: a ``?`` where the toe's number
    will be, after its joint across a run)."""
    upright = heading not in HORIZONTAL
    if compact:
        number = f"{'?':>{box.width - (0 if upright else 1)}}"
        if upright:
            return number
        return SLOT_FILL + number if heading == "E" else number + SLOT_FILL
    if upright:
        left, right = SLOT_FRAME.upright[2 * part], SLOT_FRAME.upright[2 * part + 1]
        return left + SLOT_FILL * (box.width - 2) + right
    opening, _joint, closing = SLOT_FRAME.flat
    return opening + SLOT_FILL * (box.width - 2) + closing


def end_label_text(key: str | None, role: Role, width: int, *, compact: bool = False) -> str:
    """An open end's label in ``width`` cells: the key between the marks of ``role`` (``‹a›``,
    ``▸a◂``, ``»a«``); a key too long for both marks, and every key in the compact drawing,
    keeps the first one (``‹a``), and a key too long for that is shown alone. Only the marks
    are ever left out, never a letter of the key (the layout makes each end's place wide
    enough for its key and a mark)."""
    opening, closing = END_MARKS[role]
    shown = key if key else NO_LABEL
    if not compact and len(shown) + 2 <= width:
        return f"{opening}{shown}{closing}"
    if len(shown) + 1 <= width:
        return f"{opening}{shown}"
    return shown


def _compact_box(exit: Exit, heading: Heading, double: bool, digits: int) -> Box:
    """The box of a compact tile leaving ``exit`` towards ``heading``: ``·b`` (``b·``) across,
    ``b`` down or up; a double across a run down or up is ``═b═``, centred on the number."""
    if heading == "E":
        return Box(exit.box.right, exit.row, digits + 1, 1)
    if heading == "W":
        return Box(exit.box.x - digits - 1, exit.row, digits + 1, 1)
    y = exit.box.bottom if heading == "S" else exit.box.y - 1
    if double:
        return Box(exit.column - 1, y, digits + 2, 1)
    return Box(exit.column, y, digits, 1)


RAIL_CORNERS: Final[Mapping[tuple[Heading, Heading], str]] = {
    ("S", "E"): "╰",
    ("W", "N"): "╰",
    ("S", "W"): "╯",
    ("E", "N"): "╯",
    ("N", "E"): "╭",
    ("W", "S"): "╭",
    ("N", "W"): "╮",
    ("E", "S"): "╮",
}
"""The corner a rail turns by, coming in one way and going out another."""


def _rail_glyph(coming: Heading, going: Heading) -> str:
    """A rail cell's glyph: dotted along its way, a rounded corner where it turns."""
    return RAIL_CORNERS.get((coming, going), CONNECTOR_GLYPHS[going in HORIZONTAL])
