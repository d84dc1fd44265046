"""The operator's log of a table server: what happened to its tables and whom it refused.

One line per table opened, started, finished, closed or brought back after a restart, per
kind of refusal (a wrong code, too many connections from one address, a flood, a table made
too fast...), and per player relayed to the server that runs their table. A line names the
table's code, the client's address as the server counts it (:mod:`chickenfoot.net.forwarded`)
and the refusal's reason; never a seat token, a seed, a tile or anything a client typed (a
name, a frame), so the log can be shared and cannot be written into by a client. Refusals
and relays are **rate-limited** per kind: the first of a kind is logged, later ones within
:data:`QUIET` seconds only counted, and the next line of that kind says how many were left
out, so a flood of refusals cannot flood the log.

The lines go to the ``chickenfoot.operator`` logger with their fields in the record
(``fields``); ``chickenfoot host`` writes them to standard error as text (:class:`TextLines`)
or, with ``--log-json``, one JSON object per line (:class:`JsonLines`).
"""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime
from time import monotonic
from typing import Any

LOGGER = "chickenfoot.operator"

QUIET = 60.0
"""Seconds after a refusal's line during which more of the same kind are only counted."""

Fields = dict[str, Any]


class OperatorLog:
    """Writes the operator's lines (see the module's description)."""

    def __init__(self, logger: logging.Logger | None = None) -> None:
        self.logger = logger or logging.getLogger(LOGGER)
        self._refusals: dict[str, tuple[float, int]] = {}
        """Per kind of rate-limited line (a refusal's reason, or a relay): when its last line
        was written, and how many came since."""

    def _line(self, text: str, **fields: Any) -> None:
        self.logger.info(text, extra={"fields": fields})

    def opened(self, code: str, address: str | None, seats: int, computers: int) -> None:
        """Table ``code`` was made by ``address`` (None: the operator's own, ``--table``)."""
        by = f"by {address}" if address is not None else "by the operator"
        self._line(
            f"table {code} opened {by}: {seats} seats, {computers} of them computers",
            event="opened",
            table=code,
            address=address,
            seats=seats,
            computers=computers,
        )

    def restored(self, code: str, playing: bool) -> None:
        """Table ``code`` was brought back after a restart (its game, or its lobby)."""
        what = "its game" if playing else "its lobby"
        self._line(
            f"table {code} brought back: {what}", event="restored", table=code, playing=playing
        )

    def started(self, code: str, people: int) -> None:
        """Table ``code``'s game was dealt."""
        self._line(
            f"table {code} started with {people} people", event="started", table=code, people=people
        )

    def finished(self, code: str) -> None:
        """Table ``code``'s game is over (it is kept as a saved game)."""
        self._line(f"table {code} finished", event="finished", table=code)

    def closed(self, code: str, reason: str) -> None:
        """Table ``code`` closed, for ``reason`` (``expired``, ``finished``, ``made_room``)."""
        self._line(f"table {code} closed: {reason}", event="closed", table=code, reason=reason)

    def refused(self, reason: str, address: str) -> None:
        """A client at ``address`` was refused for ``reason`` (a reason code of the protocol's
        refusals, or the server's own word for a connection it closed); rate-limited per
        reason."""
        left_out = self._count(reason)
        if left_out is None:
            return
        more = f" ({left_out} more of this kind left out before)" if left_out else ""
        self._line(
            f"refused {reason} from {address}{more}",
            event="refused",
            reason=reason,
            address=address,
            left_out=left_out,
        )

    def relayed(self, code: str, runner: str) -> None:
        """A client of table ``code`` reached this server and was relayed to ``runner``, the
        server running the table (a proxy that routes by the code sends a table's players
        straight to the server that made it); rate-limited as refusals are."""
        left_out = self._count("relayed")
        if left_out is None:
            return
        more = f" ({left_out} more relayed before)" if left_out else ""
        self._line(
            f"relayed a player of table {code} to {runner}{more}",
            event="relayed",
            table=code,
            runner=runner,
            left_out=left_out,
        )

    def _count(self, kind: str) -> int | None:
        """None if a line of ``kind`` was written less than :data:`QUIET` seconds ago (this
        one is counted); else how many were left out since that line."""
        now = monotonic()
        last, left_out = self._refusals.get(kind, (-QUIET, 0))
        if now - last < QUIET:
            self._refusals[kind] = (last, left_out + 1)
            return None
        self._refusals[kind] = (now, 0)
        return left_out


def _stamp(record: logging.LogRecord) -> str:
    return datetime.fromtimestamp(record.created, UTC).isoformat(timespec="seconds")


class TextLines(logging.Formatter):
    """A line of text: the time (UTC), then what happened."""

    def format(self, record: logging.LogRecord) -> str:
        """``2026-12-07T20:01:39+00:00 table KM7R3P opened by ...``."""
        return f"{_stamp(record)} {record.getMessage()}"


class JsonLines(logging.Formatter):
    """One JSON object a line: ``time``, ``event`` and the event's fields (``--log-json``)."""

    def format(self, record: logging.LogRecord) -> str:
        """The record's fields as JSON (a line of the server's own logging: its message)."""
        fields: Fields = getattr(record, "fields", None) or {
            "event": "message",
            "level": record.levelname.lower(),
            "text": record.getMessage(),
        }
        return json.dumps({"time": _stamp(record), **fields}, ensure_ascii=False)
