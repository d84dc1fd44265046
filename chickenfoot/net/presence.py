"""What changed at a table between two of its statuses, in words: who joined, lost their
connection, is covered by a computer, came back, started or stopped watching, and whether
watching is allowed. A screen adds the lines to
its news, ``chickenfoot join`` prints them; both say the same (:mod:`chickenfoot.text.online`).
"""

from __future__ import annotations

from chickenfoot.lang import _
from chickenfoot.net.protocol import SeatState, TableStatus
from chickenfoot.text import online


def status_news(before: TableStatus | None, after: TableStatus) -> list[str]:
    """The changes from ``before`` (None: nothing known yet) to ``after``, one line each."""
    lines = []
    old_seats: tuple[SeatState | None, ...] = (
        before.seats if before is not None else (None,) * len(after.seats)
    )
    for old, new in zip(old_seats, after.seats, strict=False):
        line = seat_news(old, new, started=after.started)
        if line is not None:
            lines.append(line)
    earlier = before.spectators if before is not None else ()
    lines += [online.started_watching(name) for name in after.spectators if name not in earlier]
    lines += [online.stopped_watching(name) for name in earlier if name not in after.spectators]
    if before is not None and before.watching != after.watching:
        lines.append(_(online.WATCHING_ALLOWED) if after.watching else _(online.WATCHING_OFF))
    return lines


def seat_news(old: SeatState | None, new: SeatState, *, started: bool) -> str | None:
    """What changed at one seat, in words (None: nothing worth saying)."""
    if new.computer is not None:
        return None
    if new.covered_by is not None and (old is None or old.covered_by != new.covered_by):
        return online.covered(new.name, new.covered_by)
    if new.connected and old is not None and not old.connected:
        return online.back(new.name) if old.taken else online.joined(new.name)
    if new.connected and old is None and new.taken and not started:
        return online.joined(new.name)
    lost = old is not None and old.connected and not new.connected
    if lost and new.taken:
        return online.lost(new.name, new.waiting)
    return None
