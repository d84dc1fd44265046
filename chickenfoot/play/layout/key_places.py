"""Key places: where the key of each open end goes, kept beside its line's end while laying.

Every end's key sits against its end: as each line grows, a place for its key is kept beside
its last tile (made of cells beside that tile, which no other line's tile may take anyway,
where it can), and no other line's tile, rail or key takes it. Once the table is laid, each
open end's key goes where its next tile would lie if it can, else round the tile it belongs
to, nearest its number. The places round a tile are worked out once per tile shape
(:func:`_offsets_beside`).
"""

from __future__ import annotations

from functools import cache
from typing import Final

from chickenfoot.play.layout.geometry import Box, Exit, Heading, _Cell, _rim
from chickenfoot.play.layout.rails import LEAP_LIMIT, _Ground
from chickenfoot.play.layout.spots import _RESERVED

NARROW_LABEL: Final = 2
"""Cells of the label place of an end walled in on every side but for two cells beside its
tile: room for the opening mark and a one-letter key (``‹a``)."""


class _KeyPlaces:
    """Where the keys of a table's ends go: a place kept beside each line's last tile while the
    table is laid (so that no other line's tile walls that end in), and each open end's key
    place once it is laid."""

    def __init__(self, table: _Ground) -> None:
        self.table = table
        self.occupied = table.occupied
        self.shapes = table.shapes
        self.bounds = table.bounds
        self.reserved: dict[str, Box] = {}
        """A key's place beside each line's end, kept free of other lines' tiles and rails."""

    def reserve(self, target: str, exit: Exit) -> None:
        """Keep a place for the key of line ``target``'s end beside its last tile (a free one
        of :meth:`labels_beside`, inside the bounds if it can), so that no later tile of
        another line walls that end in: its key always sits against it."""
        box, width = exit.box, self.shapes.label_width
        # Along the tile's long sides first (the places that cost nothing when the tile is as
        # wide as a key), then every place beside it, unless one along it costs so little that
        # none beside it could cost less.
        along = [
            Box(x, y, width, 1) for y in (box.y - 1, box.bottom) for x in (box.x, box.right - width)
        ]
        best = self._cheapest(along, box, None)
        if best is None or best[0] > max(0, width - box.width):
            best = self._cheapest(self.labels_beside(exit), box, best)
        if best is not None:
            place = best[1]
            self.reserved[target] = place
            for cell in place.cells():
                self.occupied[cell] = _RESERVED

    def _cheapest(
        self, places: list[Box], box: Box, best: tuple[int, Box] | None
    ) -> tuple[int, Box] | None:
        """The free place of ``places`` (or ``best``, found before) that costs the table least
        room beside the tile in ``box``, with its cost; the first of equal ones."""
        bounds = self.bounds
        for place in places:
            if not self.table.free(place):
                continue
            # Cells beside a tile (not at its number) take no other line's tile: a place made
            # of them costs the table no room. Inside the bounds first.
            cost = _cost_beside(place, box) + (0 if place.within(bounds) else 100)
            if best is None or cost < best[0]:
                best = (cost, place)
                if cost == 0:
                    break  # none costs less
        return best

    def release(self, target: str) -> None:
        """Free the place kept for the key of line ``target``'s end (if one was kept)."""
        place = self.reserved.pop(target, None)
        if place is not None:
            for cell in place.cells():
                if self.occupied.get(cell) == _RESERVED:
                    del self.occupied[cell]

    def width_for(self, key: str | None) -> int:
        """How wide the label place of an end whose key is ``key`` is: the shapes' label width
        (``‹a›``, or ``‹zb`` compact), or the key and its opening mark where the key is longer
        (``‹zzg``): a key is drawn whole, never cut."""
        width = self.shapes.label_width
        return width if key is None else max(width, len(key) + 1)

    def labels_beside(self, exit: Exit, width: int | None = None) -> list[Box]:
        """Label places ``width`` wide (the shapes' label width by default) touching the tile
        at ``exit``: those touching its number first (on the exit's own side first), then the
        rest of every side, nearest the number first. This is where a label goes when the next
        tile's place lies outside the bounds."""
        width = self.shapes.label_width if width is None else width
        box = exit.box
        x, y = box.x, box.y
        offsets = _offsets_beside(
            box.width, box.height, exit.column - x, exit.row - y, exit.heading, width
        )
        return [Box(x + dx, y + dy, width, 1) for dx, dy in offsets]

    def room_beside(self, exit: Exit) -> bool:
        """True if a free key place touches the tile that ``exit`` leaves (a tile not laid yet:
        a place over its own cells does not count)."""
        occupied, tile, width = self.occupied, exit.box, self.shapes.label_width
        x, y = tile.x, tile.y
        offsets = _offsets_beside(
            tile.width, tile.height, exit.column - x, exit.row - y, exit.heading, width
        )
        for dx, dy in offsets:
            left, row = x + dx, y + dy
            if 0 <= dy < tile.height and left < tile.right and left + width > x:
                continue  # over the tile itself
            if all((column, row) not in occupied for column in range(left, left + width)):
                return True
        return False

    def place_label(self, exit: Exit, ahead: Box | None, width: int | None = None) -> Box:
        """Where the label (``width`` wide: the shapes' label width by default) of the end at
        ``exit`` goes: against the tile the end belongs to (the line's last tile, or the
        centre or the double a new line starts from), ``ahead`` (where its next tile would lie)
        first, then round that tile nearest its number; inside the bounds and clear of every
        other tile if it can, else inside the bounds, else just outside them (the canvas
        grows)."""
        occupied = self.occupied
        owner = occupied.get((exit.box.x, exit.box.y))
        places = [ahead] if ahead is not None else []
        places += self.labels_beside(exit, width)
        best: list[Box | None] = [None, None, None]  # inside, clear outside, outside
        for place in places:
            if not self.table.free(place):
                continue
            clear = all(
                occupied.get(cell, -1) < 0 or occupied[cell] == owner for cell in _rim(place)
            )
            inside = place.within(self.bounds)
            if clear and inside:
                return place
            rank = 0 if inside else 1 if clear else 2
            if best[rank] is None:
                best[rank] = place
        for choice in best:
            if choice is not None:
                return choice
        return self._free_place_near(exit.box, width)

    def _free_place_near(self, box: Box, width: int | None = None) -> Box:
        """The free label place ``width`` wide nearest ``box`` (for an end walled in on every
        side)."""
        width = self.shapes.label_width if width is None else width
        for distance in range(1, LEAP_LIMIT):
            for dx in range(-distance - width, box.width + distance + 1):
                for y in (box.y - distance, box.bottom + distance - 1):
                    place = Box(box.x + dx, y, width, 1)
                    if self.table.free(place):
                        return place
        raise RuntimeError("no free place for a label")  # pragma: no cover - unbounded grid

    def label_box(self, box: Box, heading: Heading, width: int | None = None) -> Box:
        """The label place ``width`` wide (the shapes' label width by default) of an end whose
        next tile would take ``box`` going ``heading``: its row nearest the line, at the end
        nearest the line."""
        width = self.shapes.label_width if width is None else width
        if heading == "E":
            return Box(box.x, box.y, width, 1)
        if heading == "W":
            return Box(box.right - width, box.y, width, 1)
        row = box.y if heading == "S" else box.bottom - 1
        return Box(box.x, row, width, 1)


@cache
def _offsets_beside(
    width: int, height: int, column: int, row: int, heading: Heading, label_width: int
) -> tuple[_Cell, ...]:
    """Where :meth:`_KeyPlaces.labels_beside` puts label places ``label_width`` wide round a tile
    ``width`` by ``height`` whose exit goes ``heading`` from its number at (``column``,
    ``row``), all from the tile's top left corner (the same for every tile of that shape)."""
    at_number: dict[Heading, _Cell] = {
        "E": (width, row),
        "W": (-label_width, row),
        "N": (column - 1, -1),
        "S": (column - 1, height),
    }
    places = [at_number[heading], *(place for way, place in at_number.items() if way != heading)]
    sliding = [
        *((x, y) for y in (-1, height) for x in range(1 - label_width, width)),
        *((x, y) for x in (width, -label_width) for y in range(height)),
    ]
    sliding.sort(key=lambda place: abs(place[0] - column) + abs(place[1] - row))
    return (*places, *(place for place in sliding if place not in places))


def _cost_beside(place: Box, box: Box) -> int:
    """How many cells of the one-row ``place`` beside ``box`` do not share a side with it
    (cells that do could hold no other line's tile anyway)."""
    if place.y in (box.y - 1, box.bottom):
        shared = min(place.right, box.right) - max(place.x, box.x)
        return place.width - max(0, shared)
    if box.y <= place.y < box.bottom and (place.x == box.right or place.right == box.x):
        return place.width - 1
    return place.width
