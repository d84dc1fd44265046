"""Re-packing: a compact table that would leave the bounds is laid out again under a plan.

The spaces round the centre are shared out evenly, but in a real round one arm and its feet
often grow far beyond the others. When the compact table's tiles would span more than the
bounds, it is laid out again under a :class:`~chickenfoot.play.layout.centre.Plan`: the arms
with the most tiles leave from the roomiest ports, and the centre may move away from the
biggest one (:func:`_repacked`, :func:`_plans`). Every plan is made from the tiles up to a
fixed play, and under one plan nothing moves, so a play rearranges the table only when the
tiles under the plan before would leave the bounds. Where plans overflowed on recent boards
is remembered, so that the next board of a game is not laid out again under plans known to
overflow (:class:`OverflowMemory`, one per view: there is no memory shared by the whole
process); only speed depends on it. :func:`moved_arms` says which arms a re-packing moved
between two layouts, so that a view can mark them.
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Collection, Hashable
from dataclasses import dataclass
from threading import Lock
from typing import Final

from chickenfoot.play.layout.centre import _SMALL_CENTRE_ARMS, Plan, _Port, _table_ports
from chickenfoot.play.layout.ends import _open_ends
from chickenfoot.play.layout.geometry import Box
from chickenfoot.play.layout.laying import _Table
from chickenfoot.play.layout.shapes import Shapes
from chickenfoot.play.layout.table_layout import TableLayout, _finish
from chickenfoot.rules.board import ARM_LETTERS, Board, Placement

MAX_PLANS: Final = 24
"""How many plans (:class:`Plan`) the compact drawing tries for a table whose tiles would
leave the bounds, the usual one included."""


def _laid(
    board: Board, shapes: Shapes, bounds: Box, plan: Plan, *, stop: bool
) -> tuple[_Table, int | None]:
    """``board``'s tiles laid in play order under ``plan`` (see :class:`_Table`); with
    ``stop``, laying stops at the first tile after which the tiles span more than the bounds,
    and that tile's index in ``board.played`` comes back (None: they never did)."""
    table = _Table(board, shapes, bounds, plan)
    spanned = table.spots[0].box
    for index, (_seat, tile, target, end) in enumerate(board.played):
        table.lay(index, tile, target, end)
        if stop:
            spanned = spanned.union(table.spots[-1].box)
            if spanned.width > bounds.width or spanned.height > bounds.height:
                return table, index
    return table, None


def _within(
    board: Board, shapes: Shapes, bounds: Box, plan: Plan, memory: OverflowMemory | None
) -> tuple[_Table | None, int | None]:
    """``board``'s tiles laid under ``plan`` if they stay within the bounds' size: the table
    and None; else None and the index of the play after which they do not (kept in
    ``memory``, if given, so that the same game's next board is not laid out again under this
    plan)."""
    key = (board.centre, board.arms_required, shapes, bounds, plan)
    overflow = memory.find(key, board.played) if memory is not None else None
    if overflow is not None:
        return None, overflow
    table, overflow = _laid(board, shapes, bounds, plan, stop=True)
    if overflow is None:
        return table, None
    if memory is not None:
        memory.add(key, board.played, overflow)
    return None, overflow


def _repacked(
    board: Board, shapes: Shapes, bounds: Box, memory: OverflowMemory | None
) -> TableLayout:
    """``board`` laid out in the compact drawing, re-packed if it would leave the bounds.

    Laid as usual first (each arm from its own port). If its tiles come to span more than the
    bounds, plans are made at each play from the one whose tile overflowed on
    (:func:`_plans`: the arms with the most tiles up to that play leave from the roomiest
    ports, with the centre in the middle or moved away from the biggest), and the table is
    laid out under the first plan, in that order, that keeps its tiles within the bounds; if
    none does (of :data:`MAX_PLANS` plans), under the one whose tiles went furthest. Every
    plan is made from the tiles up to a fixed play, and under one plan a play moves no tile,
    so a later board meets the same plans in the same order: a play rearranges the table only
    when the tiles under the plan before would leave the bounds. ``memory`` (if given) holds
    where plans overflowed on the boards laid out before (see :class:`OverflowMemory`).
    """
    ports = _table_ports(board.arms_required, shapes, bounds)[1]
    overflows: dict[Plan, int] = {}

    def attempt(plan: Plan) -> TableLayout | None:
        """The layout under ``plan`` if its tiles stay within the bounds, else None (and where
        they overflow is kept in ``overflows``)."""
        table, overflow = _within(board, shapes, bounds, plan, memory)
        if table is not None:
            return _finish(table, *_open_ends(table))
        assert overflow is not None
        overflows[plan] = overflow
        return None

    layout = attempt(Plan())
    if layout is not None:
        return layout
    play = overflows[Plan()]
    tiles = Counter(placed.target.partition(".")[0] for placed in board.played[:play])
    for placed in board.played[play:]:
        tiles[placed.target.partition(".")[0]] += 1
        for plan in _plans(tiles, ports, bounds):
            if plan not in overflows and len(overflows) < MAX_PLANS:
                layout = attempt(plan)
                if layout is not None:
                    return layout
        if len(overflows) == MAX_PLANS:
            break
    furthest = max(overflows, key=overflows.__getitem__)
    table, _overflow = _laid(board, shapes, bounds, furthest, stop=False)
    return _finish(table, *_open_ends(table))


class OverflowMemory:
    """Where re-packing plans made the tiles of recent boards overflow, so that a board need
    not be laid out again under a plan known to overflow: a game's next board begins with the
    same plays, and a plan that overflowed at a play overflows there on every board sharing
    the plays up to it (tiles never move under one plan).

    Each view of a table keeps its own (the table widget does) and passes it to
    :func:`~chickenfoot.play.layout.layout_for`; a layout given none remembers nothing and
    is worked out as at first sight. Only speed depends on it, never a result: what it holds
    is true of every board, whatever game it comes from, so two games laid out in turn
    through one memory are laid out as each would be alone, and a lock keeps it whole when
    two threads share it.
    """

    def __init__(self, size: int = 64) -> None:
        self._known: deque[tuple[Hashable, tuple[Placement, ...], int]] = deque(maxlen=size)
        self._lock = Lock()

    def find(self, key: Hashable, played: tuple[Placement, ...]) -> int | None:
        """The play at which the plan of ``key`` overflows on a board of ``played``, if known."""
        with self._lock:
            for known, prefix, overflow in self._known:
                if known == key and len(prefix) <= len(played) and played[: len(prefix)] == prefix:
                    return overflow
        return None

    def add(self, key: Hashable, played: tuple[Placement, ...], overflow: int) -> None:
        """Remember that the plan of ``key`` overflows at play ``overflow`` of ``played``."""
        with self._lock:
            self._known.append((key, played[: overflow + 1], overflow))

    def __len__(self) -> int:
        """How many overflows are remembered."""
        return len(self._known)


def _plans(tiles: Counter[str], ports: tuple[_Port, ...], bounds: Box) -> list[Plan]:
    """The plans a re-packing makes from how many ``tiles`` each arm has (its feet's
    included), best first: the arms with the most tiles leave from the roomiest ports,
    roomiest as :func:`_roomiest` says (ties in arm order); each such plan with the centre in
    the middle, then moved away from where the arm with the most tiles leaves it, across and
    up or down (:data:`CENTRE_MOVE`), so that its side of the table has more room."""
    arms = sorted(range(len(ports)), key=lambda arm: -tiles[ARM_LETTERS[arm]])
    middle = sum(port.exit.row for port in ports) / len(ports)
    across, down = bounds.width // CENTRE_MOVE[0], bounds.height // CENTRE_MOVE[1]
    plans = []
    for order in _roomiest(ports):
        taken = [0] * len(ports)
        for arm, port in zip(arms, order, strict=True):
            taken[arm] = port
        roomiest = ports[order[0]].exit
        away = {"W": across, "E": -across}.get(roomiest.heading, 0)
        plans.append(Plan(tuple(taken)))
        plans.append(Plan(tuple(taken), away, down if roomiest.row < middle else -down))
    return plans


CENTRE_MOVE: Final = (5, 5)
"""How far a re-packing moves the centre from the middle of the bounds, away from the side
the arm with the most tiles leaves it: a fifth of the width across and a fifth of the height
up or down (measured on the benchmark's 8-seat double-18 rounds at 80x24: a quarter of the
height or a tenth of the width keep fewer tables whole)."""


BIG_CENTRE_ROOM: Final = (3, 5, 1, 7, 0, 2, 4, 6)
"""The big centre's ports (see :data:`_BIG_PORTS`), roomiest first for a re-packed table:
the ports across (east and west, those beside the centre's top row first), then those up and
down. Measured: over the benchmark's 8-seat double-18 rounds at 80x24 this order keeps more
tables whole than the order of the spaces' sizes, and trying both more than either."""


def _roomiest(ports: tuple[_Port, ...]) -> list[tuple[int, ...]]:
    """The orders of ``ports`` a re-packing tries, roomiest first: the largest space first (a
    big centre's measured order, :data:`BIG_CENTRE_ROOM`, before it)."""
    by_area = tuple(sorted(range(len(ports)), key=lambda index: -_area(ports[index].space)))
    if len(ports) <= max(_SMALL_CENTRE_ARMS):
        return [by_area]
    measured = tuple(port for port in BIG_CENTRE_ROOM if port < len(ports))
    return [measured] if measured == by_area else [measured, by_area]


def _area(space: tuple[Box, ...]) -> int:
    """How many cells the boxes of ``space`` cover (they do not overlap)."""
    return sum(box.width * box.height for box in space)


@dataclass(frozen=True)
class MovedArms:
    """What a re-packing moved between two layouts of a game's boards, one play apart or more:
    the tiles of every arm (its feet included) one of whose tiles moved against the centre,
    and whether the centre itself moved in the bounds. A view marks them so that the eye can
    follow the table from one layout to the next."""

    placements: frozenset[int]
    """The moved arms' tiles, by index in ``board.played``."""
    centre: bool
    """True if the centre moved in the bounds."""
    after: int
    """The play (its index in ``board.played``) after which they moved."""

    def last(self, played: int, fresh: Collection[int]) -> bool:
        """True while a board of ``played`` tiles, ``fresh`` of them laid since the viewer's
        last move, should keep the marks: every play since the one that moved them is one
        the viewer has not moved after (they last until the viewer's next move; with no
        fresh tiles known, for that one board)."""
        return played > self.after and all(play in fresh for play in range(self.after + 1, played))


def moved_arms(before: TableLayout, after: TableLayout) -> MovedArms | None:
    """What re-packing moved from ``before`` to ``after``, a later board of the same game laid
    out in the same drawing and bounds under another plan (None otherwise: nothing moved)."""
    if (
        (before.bounds, before.compact) != (after.bounds, after.compact)
        or len(after.tiles) <= len(before.tiles)
        or before.plan == after.plan
    ):
        return None
    old_centre, new_centre = before.centre.box, after.centre.box
    arms = {
        spot.line.partition(".")[0]
        for spot, now in zip(before.tiles[1:], after.tiles[1:], strict=False)
        if spot.line is not None
        and spot.box.moved(-old_centre.x, -old_centre.y)
        != now.box.moved(-new_centre.x, -new_centre.y)
    }
    placements = frozenset(
        spot.placement
        for spot in after.tiles[1:]
        if spot.placement is not None
        and spot.line is not None
        and spot.line.partition(".")[0] in arms
    )
    centre = old_centre.moved(-before.origin[0], -before.origin[1]) != new_centre.moved(
        -after.origin[0], -after.origin[1]
    )
    return MovedArms(placements, centre, len(after.tiles) - 2)
