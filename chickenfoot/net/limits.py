"""What a table server allows each client, and how long its tables live.

:class:`Limits` gathers every limit the server holds a hostile client to (a connection's pace
and backlog, connections per address, tables made per address and how fast, spectators per
table, the wait before refusing a wrong guess) and the tables' lifetimes; each is a
``chickenfoot host`` option or a field here (docs/protocol.md lists them). Tests give short
lifetimes.

An **address** is the client's as the server sees it: the connection's peer, or behind a
trusted reverse proxy the address the proxy forwards (:mod:`chickenfoot.net.forwarded`).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    """What the server allows each client, and how long tables live (seconds)."""

    max_tables: int = 1000
    """Tables at once; at the cap the oldest lobby nobody joined gives way to a new table, and
    only when there is none is a new table refused."""
    per_address: int = 16
    """Connections at once from one address (0: no limit)."""
    making_burst: int = 3
    """Tables one address may make at once (0: no limit)..."""
    making_every: float = 60.0
    """...and the seconds after which it may make one more (a token bucket)."""
    lonely_per_address: int = 2
    """Tables one address may hold open with nobody else in them (no other person ever took a
    seat: a lobby nobody joined, or a game against computers alone); 0: no limit."""
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
    lonely_lobby_expiry: float = 2 * 60
    """...and sooner, after this, when nobody but its creator ever joined it."""
    game_expiry: float = 12 * 3600
    """A game in play with nobody connected ends after this (it stays a saved game)."""
    sweep: float = 30.0
    """How often expired tables are looked for."""
