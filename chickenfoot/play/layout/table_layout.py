"""The finished layout: where everything on one board lies on the canvas, and how each row reads.

:func:`_finish` moves the laid table onto a canvas holding the bounds and every box (the
canvas may grow to the left or upwards, which shifts every canvas coordinate by
:attr:`TableLayout.origin`) and indexes its rows. :meth:`TableLayout.row` gives the
:class:`Run` s of one canvas row: their text (the glyphs are chosen here) and their
:class:`~chickenfoot.play.layout.shapes.Role` (what the widget styles), given the viewer's
marks: key labels for the open ends, the legal ends of the chosen tile, the chosen end and
the tiles played since the viewer's last turn.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import NamedTuple

from chickenfoot.play.layout.centre import Plan
from chickenfoot.play.layout.geometry import Box, Heading, _least_shift
from chickenfoot.play.layout.laying import _Table
from chickenfoot.play.layout.shapes import (
    GLYPHS,
    Role,
    _centre_box_text,
    compact_tile_text,
    end_label_text,
    slot_text,
    tile_text,
)
from chickenfoot.play.layout.spots import _CONNECTOR, _SLOT, Connector, EndSpot, TileSpot


class Run(NamedTuple):
    """Cells of one row drawn alike: first column, text (one cell per character), role.

    ``target`` names the open end an end label or a line's last tile belongs to (so a click
    on it can choose that end); ``placement`` is the tile's index in ``board.played``;
    ``shaded`` marks a compact tile of a shaded line (see :attr:`TableLayout.shaded_lines`).
    """

    x: int
    text: str
    role: Role
    target: str | None = None
    placement: int | None = None
    shaded: bool = False


@dataclass(frozen=True)
class TableLayout:
    """Where everything on one board lies, in canvas cells (0, 0 at the top left).

    ``width`` x ``height`` is the canvas: the ``bounds`` asked for, grown where lines had to
    leave them. ``origin`` is where the bounds' top left lies on the canvas (it moves when the
    canvas grows leftwards or upwards); ``view`` where a view of the bounds' size should
    start: at ``origin``, or moved the least to show a table that fits that size whole.
    ``tiles`` are the centre first, then every placement in play order; ``ends`` the open
    ends in board order; ``line_boxes`` the box round each line's tiles; ``toe_slots`` the
    places the open foot's later toes will take (and the way each would go).
    """

    width: int
    height: int
    origin: tuple[int, int]
    view: tuple[int, int]
    bounds: tuple[int, int]
    digits: int
    compact: bool
    tiles: tuple[TileSpot, ...]
    ends: Mapping[str, EndSpot]
    line_boxes: Mapping[str, Box]
    toe_slots: tuple[tuple[Box, Heading], ...]
    connectors: tuple[Connector, ...]
    open_foot: str | None
    plan: Plan
    """How the table was packed: :class:`Plan`'s default unless the compact drawing re-packed
    a table that would otherwise leave the bounds (the same plan lays the same tiles in the
    same places, so a play moves no tile unless the plan changed)."""
    last_tiles: Mapping[str, int] = field(repr=False)
    shaded_lines: frozenset[str] = field(repr=False)
    """The lines whose tiles the compact drawing shades, so that lines side by side are told
    apart at a glance (arms round the centre and a foot's toes alternate; see
    :func:`shaded_arm`). The drawing alone says which tile joins which: the shade only helps
    the eye."""
    _rows: tuple[tuple[tuple[int, int], ...], ...] = field(repr=False)
    _end_rows: Mapping[int, tuple[str, ...]] = field(repr=False)

    @property
    def fits(self) -> bool:
        """True if nothing lies outside the bounds: the table needs no panning."""
        return (self.width, self.height) == self.bounds

    @property
    def centre(self) -> TileSpot:
        """The round's double in the centre."""
        return self.tiles[0]

    def spot_of(self, placement: int) -> TileSpot:
        """The spot of ``board.played[placement]``."""
        return self.tiles[placement + 1]

    def end_box(self, target: str) -> Box:
        """The box to keep in view to follow open end ``target``: its label and the tile it
        continues; ``KeyError`` if ``target`` is not open."""
        end = self.ends[target]
        last = self.last_tiles.get(target)
        if last is None:
            return end.label.union(end.next_tile)
        return end.label.union(self.tiles[last].box)

    def end_at(self, column: int, row: int) -> str | None:
        """The open end whose label, or whose line's last tile, covers cell (``column``,
        ``row``); None if there is none."""
        for target, end in self.ends.items():
            if end.label.contains(column, row):
                return target
        for target, index in self.last_tiles.items():
            if target in self.ends and self.tiles[index].box.contains(column, row):
                return target
        return None

    def row(
        self,
        y: int,
        *,
        labels: Mapping[str, str] | None = None,
        legal: Collection[str] = (),
        chosen: str | None = None,
        fresh: Collection[int] = (),
        window: Box | None = None,
    ) -> tuple[Run, ...]:
        """The runs of canvas row ``y``, left to right, never overlapping.

        ``labels`` maps open ends to their key labels; ``legal`` are the ends the chosen tile
        fits; ``chosen`` the end it would be played on; ``fresh`` the placement indexes of the
        tiles played since the viewer's last turn. With a ``window`` (the canvas cells on
        screen), a tile, label or toe slot not wholly inside it is left out: a tile is drawn
        whole or not at all.
        """
        if not 0 <= y < self.height:
            return ()
        runs: list[Run] = []
        tiles = self.tiles
        for index, part in self._rows[y]:
            if index >= 0:
                if window is None or tiles[index].box.within(window):
                    runs.append(self._tile_run(tiles[index], y - tiles[index].box.y, fresh))
            elif index == _SLOT:
                box, heading = self.toe_slots[part]
                if window is None or box.within(window):
                    text = slot_text(box, heading, y - box.y, self.compact)
                    runs.append(Run(box.x, text, Role.TOE_SLOT))
            else:
                connector = self.connectors[part]
                if window is None or window.contains(connector.column, y):
                    runs.append(Run(connector.column, connector.text, Role.CONNECTOR))
        keys = labels or {}
        for target in self._end_rows.get(y, ()):
            end = self.ends[target]
            if window is not None and not end.label.within(window):
                continue
            if target == chosen:
                role = Role.END_CHOSEN
            elif target in legal:
                role = Role.END_LEGAL
            else:
                role = Role.END
            text = end_label_text(keys.get(target), role, end.label.width, compact=self.compact)
            runs.append(Run(end.label.x, text, role, target=target))
        runs.sort()
        return tuple(runs)

    def _tile_run(self, spot: TileSpot, part: int, fresh: Collection[int]) -> Run:
        """The run of one row (``part`` 0 or 1) of a tile."""
        if spot.placement is None:
            role = Role.CENTRE
        elif spot.line == self.open_foot and spot.tile.is_double and self._is_last(spot):
            role = Role.OPEN_FOOT
        elif spot.tile.is_double:
            role = Role.DOUBLE_FRESH if spot.placement in fresh else Role.DOUBLE
        else:
            role = Role.TILE_FRESH if spot.placement in fresh else Role.TILE
        if spot.placement is None and spot.box.height == 3:
            text = _centre_box_text(spot, part, self.compact)
        elif self.compact:
            text = compact_tile_text(spot, self.digits, role)
        else:
            text = tile_text(spot, self.digits, GLYPHS[role], part)
        target = spot.line if spot.line in self.ends and self._is_last(spot) else None
        # The open foot keeps its own (reversed) look; a fresh tile's background wins.
        shaded = self.compact and spot.line in self.shaded_lines and role is not Role.OPEN_FOOT
        return Run(spot.box.x, text, role, target, spot.placement, shaded)

    def _is_last(self, spot: TileSpot) -> bool:
        """True if ``spot`` is the last tile of its line."""
        return spot.line is not None and self.last_tiles.get(spot.line) == (
            None if spot.placement is None else spot.placement + 1
        )


def _finish(
    table: _Table, ends: dict[str, EndSpot], slots: list[tuple[Box, Heading]]
) -> TableLayout:
    """Move everything onto a canvas holding the bounds and every box, and index its rows."""
    bounds = table.bounds
    boxes = [spot.box for spot in table.spots]
    boxes += [end.label for end in ends.values()]
    boxes += [box for box, _heading in slots]
    boxes += [Box(c.column, c.row, 1, 1) for c in table.connectors]
    content = boxes[0]
    for box in boxes[1:]:
        content = content.union(box)
    # A table that fits the bounds' size, though not where the bounds lie, is shown whole by a
    # view of the bounds moved the least to hold it.
    window = Box(
        _least_shift(content.x, content.right, bounds.width),
        _least_shift(content.y, content.bottom, bounds.height),
        bounds.width,
        bounds.height,
    )
    left, top = min(window.x, content.x), min(window.y, content.y)
    right, bottom = max(window.right, content.right), max(window.bottom, content.bottom)
    dx, dy = -left, -top
    spots = tuple(spot._replace(box=spot.box.moved(dx, dy)) for spot in table.spots)
    moved_ends = {
        target: end._replace(label=end.label.moved(dx, dy), next_tile=end.next_tile.moved(dx, dy))
        for target, end in ends.items()
    }
    moved_slots = tuple((box.moved(dx, dy), heading) for box, heading in slots)
    connectors = tuple(c._replace(column=c.column + dx, row=c.row + dy) for c in table.connectors)
    height = bottom - top
    rows: list[list[tuple[int, int]]] = [[] for _ in range(height)]
    for index, spot in enumerate(spots):
        for part in range(spot.box.height):
            rows[spot.box.y + part].append((index, part))
    for index, (box, _heading) in enumerate(moved_slots):
        for part in range(box.height):
            rows[box.y + part].append((_SLOT, index))
    for index, connector in enumerate(connectors):
        rows[connector.row].append((_CONNECTOR, index))
    end_rows: dict[int, tuple[str, ...]] = {}
    for target, end in moved_ends.items():
        end_rows[end.label.y] = (*end_rows.get(end.label.y, ()), target)
    line_boxes: dict[str, Box] = {}
    last_tiles: dict[str, int] = {}
    for line_id, line in table.lines.items():
        box = spots[line.spots[0]].box
        for index in line.spots[1:]:
            box = box.union(spots[index].box)
        line_boxes[line_id] = box
        last_tiles[line_id] = line.spots[-1]
    return TableLayout(
        width=right - left,
        height=height,
        origin=(dx, dy),
        view=(window.x + dx, window.y + dy),
        bounds=(bounds.width, bounds.height),
        digits=table.shapes.digits,
        compact=table.shapes.compact,
        tiles=spots,
        ends=moved_ends,
        line_boxes=line_boxes,
        toe_slots=moved_slots,
        connectors=connectors,
        open_foot=table.board.foot,
        plan=table.plan,
        last_tiles=last_tiles,
        shaded_lines=frozenset(line_id for line_id, line in table.lines.items() if line.shaded),
        _rows=tuple(tuple(row) for row in rows),
        _end_rows=end_rows,
    )
