"""The seats a person holds at online tables: each seat's secret token, kept by the client.

When a server seats a person it gives their client the seat's token (the server keeps only
its hash). :class:`SeatBook` keeps the tokens in ``online-seats.json`` in the user's data
folder (readable by the user alone), one per table address (``CODE@HOST:PORT``), so Continue,
a restart or ``chickenfoot join`` later takes the seat back; copying the entry to another
machine does too. A file that cannot be read counts as empty: a lost token only means
joining again as a new person. A seat is forgotten once its table's game is over or the table
is gone. Continue resumes a held seat when it was used after the latest unfinished game here
was played (:func:`latest_to_continue`).
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path

from chickenfoot.record.summary import GameSummary
from chickenfoot.saves.atomic import write_atomically
from chickenfoot.saves.paths import data_dir

BOOK_NAME = "online-seats.json"
REMEMBERED = 50
"""The most seats remembered (the oldest are forgotten first)."""


@dataclass(frozen=True)
class HeldSeat:
    """A seat held at an online table: where (``CODE@HOST:PORT``), which seat, under which
    name, its token, and when it was last used (UTC, ISO 8601)."""

    address: str
    seat: int
    name: str
    token: str
    used: str


def book_path() -> Path:
    """Where the seat tokens are kept (it may not exist yet)."""
    return data_dir() / BOOK_NAME


class SeatBook:
    """The seats this user holds, read from and written to :func:`book_path`."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or book_path()

    def seats(self) -> list[HeldSeat]:
        """Every seat held, the most recently used first."""
        try:
            entries = json.loads(self.path.read_text(encoding="utf-8"))
            held = [HeldSeat(**entry) for entry in entries]
        except (OSError, ValueError, TypeError):
            return []
        return sorted(held, key=lambda seat: seat.used, reverse=True)

    def find(self, address: str) -> HeldSeat | None:
        """The seat held at the table ``address`` (``CODE@HOST:PORT``), if any."""
        return next((seat for seat in self.seats() if seat.address == address), None)

    def remember(self, address: str, seat: int, name: str, token: str) -> HeldSeat:
        """Remember the seat at ``address`` (replacing any held there before)."""
        held = HeldSeat(address, seat, name, token, datetime.now(UTC).isoformat())
        others = [seat for seat in self.seats() if seat.address != address]
        self._write([held, *others][:REMEMBERED])
        return held

    def latest(self) -> HeldSeat | None:
        """The seat used most recently, if any."""
        seats = self.seats()
        return seats[0] if seats else None

    def forget(self, address: str) -> None:
        """Forget the seat at ``address`` (the table is gone)."""
        self._write([seat for seat in self.seats() if seat.address != address])

    def _write(self, seats: list[HeldSeat]) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        data = json.dumps([asdict(seat) for seat in seats], indent=1).encode()
        write_atomically(self.path, data)
        os.chmod(self.path, 0o600)


def latest_to_continue(
    unfinished: GameSummary | None, held: HeldSeat | None
) -> GameSummary | HeldSeat | None:
    """What Continue resumes: the latest unfinished game saved here (``unfinished``) or the
    seat held at an online table (``held``), whichever was played last."""
    if held is None or unfinished is None:
        return held or unfinished
    try:
        used = datetime.fromisoformat(held.used)
    except ValueError:
        return unfinished
    updated = unfinished.updated
    if updated.tzinfo is None:
        updated = updated.replace(tzinfo=UTC)
    if used.tzinfo is None:
        used = used.replace(tzinfo=UTC)
    return held if used > updated else unfinished
