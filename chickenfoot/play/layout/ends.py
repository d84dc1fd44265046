"""Open ends and their keys: where each open end's key label goes, and the open foot's slots.

Once the tiles are laid, each open end gets a label place where its next tile would go,
beside the line's last tile (or the centre or the foot for a line not started yet), inside
the view that shows every tile when it can; ends are placed in board order, each avoiding
the labels placed before it, so no two labels share a cell. An end walled in on every side
may take a place another end's label took, if that label can move to another place beside
its own tile (:func:`_make_room`); one whose key is one letter takes a place of two cells
beside its tile (``‹a``, :func:`_narrow_label`); ``EndSpot.walled`` marks an end that found
none. While a foot is open, the places its later toes will take are shown as slots.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from chickenfoot.play.keys import SECOND_LETTERS, SPARE_KEYS, end_keys
from chickenfoot.play.layout.centre import _Move, _Port
from chickenfoot.play.layout.geometry import Box, Exit, Heading, _least_shift, _overlap, _rim
from chickenfoot.play.layout.key_places import NARROW_LABEL, _offsets_beside
from chickenfoot.play.layout.laying import _Table
from chickenfoot.play.layout.spots import _LABEL, EndSpot
from chickenfoot.rules.board import TOES_PER_FOOT, Board


def _open_ends(table: _Table) -> tuple[dict[str, EndSpot], list[tuple[Box, Heading]]]:
    """Every open end's label place and next tile, and the open foot's later toe slots.

    Ends are placed in board order, each avoiding the labels placed before it, so no two
    labels share a cell; each label's place holds its end's key whole (the key the strip
    names, :func:`~chickenfoot.play.keys.end_keys`), with at least its opening mark.
    """
    board = table.board
    keys = end_keys(board) if _long_keys_possible(board) else None
    widths = {
        target: table.keys.width_for(keys.get(target) if keys is not None else None)
        for target, _value in board.open_ends
    }
    ends: dict[str, EndSpot] = {}
    exits: dict[str, Exit] = {}
    slots: list[tuple[Box, Heading]] = []
    table.keys.bounds = _tiles_view(table)
    open_targets = {target for target, _value in board.open_ends}
    for target in [line for line in table.keys.reserved if line not in open_targets]:
        table.keys.release(target)  # a line with no open end now (an open foot) shows no key
    for target, value in board.open_ends:
        table.keys.release(target)  # the place kept for this key is free for it (and for no other)
        moves, space, ports = table.end_moves(target)
        move, exit, gap = table.choose(moves, space)
        width = widths[target]
        ahead = None if gap else table.keys.label_box(move.box, move.heading, width)
        label = table.keys.place_label(exit, ahead, width)
        ends[target] = EndSpot(target, value, label, move.box, move.heading, _walled(label, exit))
        exits[target] = exit
        for cell in label.cells():
            table.occupied[cell] = _LABEL
        if board.foot is not None and "." in target:
            slots = _toe_slots(table, ports, move, space)
    for target in list(table.keys.reserved):
        table.keys.release(target)
    for target, end in ends.items():
        if end.walled:
            _make_room(table, ends, exits, target, widths)
    walled = [target for target, end in ends.items() if end.walled]
    if walled and keys is None:
        keys = end_keys(board)
    for target in walled:
        assert keys is not None
        if len(keys.get(target, "")) == 1:
            _narrow_label(table, ends, target, exits[target])
    return ends, slots


SHORT_KEYS: Final = len(SPARE_KEYS) + len(SECOND_LETTERS)
"""How many keys of one or two letters an end without a letter of its own may get: a key of
three letters or more is given only while more ends than that hold keys."""


def _long_keys_possible(board: Board) -> bool:
    """False if no end of ``board`` can hold a key longer than two letters (which every label
    place holds with its mark): never have more ends held keys than there are short keys,
    since the ends that hold keys are at most one per arm and two more per double laid (it
    ends its line and starts three toes), and doubles are never taken off a board."""
    doubles = sum(placed.tile.is_double for placed in board.played)
    return board.arms_required + (TOES_PER_FOOT - 1) * doubles > SHORT_KEYS


def _tiles_view(table: _Table) -> Box:
    """Where a view of the bounds' size shows every tile and rail of ``table`` (moved the
    least from the bounds), or the bounds if they do not all fit in one: the keys are placed
    inside it if they can."""
    bounds = table.bounds
    content = table.spots[0].box
    for spot in table.spots[1:]:
        content = content.union(spot.box)
    for connector in table.connectors:
        content = content.union(Box(connector.column, connector.row, 1, 1))
    return Box(
        _least_shift(content.x, content.right, bounds.width),
        _least_shift(content.y, content.bottom, bounds.height),
        bounds.width,
        bounds.height,
    )


def _walled(label: Box, exit: Exit) -> bool:
    """True if ``label`` does not touch the tile of ``exit`` (the end it names)."""
    return not any(exit.box.contains(*cell) for cell in _rim(label))


def _make_room(
    table: _Table,
    ends: dict[str, EndSpot],
    exits: Mapping[str, Exit],
    target: str,
    widths: Mapping[str, int],
) -> None:
    """Give the walled-in end ``target`` a label place beside its tile that another end's
    label took, if that label can move to another place beside its own tile (``ends`` is
    updated; nothing changes if no such swap exists). ``widths``: each end's label width."""
    exit = exits[target]
    for place in table.keys.labels_beside(exit, widths[target]):
        taken = [
            other
            for other, end in ends.items()
            if other != target and not end.walled and _overlap(end.label, place)
        ]
        if len(taken) != 1:
            continue
        other = ends[taken[0]]
        _release(table, other.label)
        if table.free(place):
            _claim(table, place)
            moved = table.keys.place_label(exits[other.target], None, widths[other.target])
            if not _walled(moved, exits[other.target]):
                _release(table, ends[target].label)
                _claim(table, moved)
                ends[other.target] = other._replace(label=moved)
                ends[target] = ends[target]._replace(label=place, walled=False)
                return
            _release(table, place)
        _claim(table, other.label)


def _narrow_label(table: _Table, ends: dict[str, EndSpot], target: str, exit: Exit) -> None:
    """Give the walled-in end ``target``, whose key is one letter, a label place of
    :data:`NARROW_LABEL` cells beside its tile (its key after the opening mark, ``‹a``) if one
    is free (``ends`` is updated; nothing changes if none is)."""
    box = exit.box
    offsets = _offsets_beside(
        box.width, box.height, exit.column - box.x, exit.row - box.y, exit.heading, NARROW_LABEL
    )
    for dx, dy in offsets:
        place = Box(box.x + dx, box.y + dy, NARROW_LABEL, 1)
        if table.free(place):
            _release(table, ends[target].label)
            _claim(table, place)
            ends[target] = ends[target]._replace(label=place, walled=False)
            return


def _claim(table: _Table, box: Box) -> None:
    """Mark the cells of label place ``box`` taken."""
    for cell in box.cells():
        table.occupied[cell] = _LABEL


def _release(table: _Table, box: Box) -> None:
    """Free the cells of label place ``box``."""
    for cell in box.cells():
        del table.occupied[cell]


def _toe_slots(
    table: _Table, ports: list[_Port], first: _Move, space: tuple[Box, ...]
) -> list[tuple[Box, Heading]]:
    """The places the open foot's toes after the next one would take, as (box, upright); a
    place outside the bounds is left out, so that a hint never makes the table pan."""
    board = table.board
    remaining = [port for index, port in enumerate(ports) if index != first.port]
    taken = first.box
    for cell in taken.cells():
        table.occupied.setdefault(cell, _LABEL)
    slots: list[tuple[Box, Heading]] = []
    for _toe in range(TOES_PER_FOOT - board.toes - 1):
        if not remaining:
            break
        move, _exit, _gap_cells = table.choose(table.port_moves(remaining), space)
        remaining.pop(move.port)
        if move.box.within(table.bounds):  # a slot is a hint: none is drawn off the bounds
            for cell in move.box.cells():
                table.occupied[cell] = _LABEL
            slots.append((move.box, move.heading))
    return slots
