"""What a table server allows each client, and how long its tables live.

:class:`Limits` gathers every limit the server holds a hostile client to (a connection's pace
and backlog, connections per address, spectators per table, the wait before refusing a wrong
guess) and the tables' lifetimes; each is a ``chickenfoot host`` option or a field here
(docs/protocol.md lists them). Tests give short lifetimes.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    """What the server allows each client, and how long tables live (seconds)."""

    max_tables: int = 1000
    per_address: int = 16
    """Connections at once from one address (0: no limit)."""
    spectators: int = 16
    """Spectators per table."""
    rate: float = 20.0
    """Frames per second a connection may send, on average..."""
    burst: int = 40
    """...and at once."""
    hello_time: float = 15.0
    """Seconds a new connection has to say what it wants."""
    denial_delay: float = 0.5
    """The wait before a refusal of a wrong code or token; it doubles with each one from the
    same address (up to :attr:`denial_delay_max`) and is forgotten after a quiet minute."""
    denial_delay_max: float = 8.0
    backlog: int = 1000
    """Frames queued for a client that does not read them before it is dropped."""
    lobby_expiry: float = 15 * 60
    """A table whose game has not started, with nobody connected, ends after this."""
    game_expiry: float = 12 * 3600
    """A game in play with nobody connected ends after this (it stays a saved game)."""
    sweep: float = 30.0
    """How often expired tables are looked for."""
