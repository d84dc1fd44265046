"""The handshake: a connection's first frame read and answered, at a table server.

A client's first frame makes a table, joins one, returns to a seat with its token or watches
a table (docs/protocol.md). :class:`Handshake` reads it within the server's time for it, and
either places the connection at its table (a :class:`~chickenfoot.net.table.Guest`) or
refuses it in words, for a reason the operator's log counts: a name that could pass for
another's, a full table, watching turned off, too many spectators, too many open or new
tables from one address, a wrong code or token (answered more slowly each time from the
same address: :class:`~chickenfoot.net.door.Door`). Every frame is read as hostile
(:func:`~chickenfoot.net.protocol.read_client`). The server
(:class:`~chickenfoot.net.server.TableServer`) hands it each new connection.

On a store several servers share, a code this server does not run is asked of its
:class:`~chickenfoot.net.cluster.ClusterMember` (the client relayed to the server that runs
the table, or the table taken over), and a new table's creator is seated once the other
servers can find the table.
"""

from __future__ import annotations

import asyncio
from typing import Protocol

from chickenfoot.net.cluster import ClusterMember
from chickenfoot.net.connection import Connection
from chickenfoot.net.denials import bad_name, wire_denial
from chickenfoot.net.door import Door
from chickenfoot.net.limits import Limits
from chickenfoot.net.names import name_refusal
from chickenfoot.net.protocol import (
    CreateTable,
    Denied,
    JoinTable,
    ReturnToSeat,
    TableOptions,
    WatchTable,
    normal_code,
    read_client,
)
from chickenfoot.net.table import Guest, OnlineTable
from chickenfoot.play.wire import WireError


class Reception(Protocol):
    """What the handshake asks of its table server."""

    limits: Limits
    door: Door
    tables: dict[str, OnlineTable]
    cluster: ClusterMember | None

    def create_table(
        self, options: TableOptions, *, made_by: str | None = None, seed: int | None = None
    ) -> OnlineTable:
        """A new table made by the address ``made_by`` (:class:`ValueError` at the cap)."""

    def lonely_tables(self, address: str) -> int:
        """How many open tables ``address`` made that nobody else joined."""

    def refuse(self, connection: Connection, denial: Denied) -> None:
        """Refuse ``connection``'s frame with ``denial``, and log its reason."""

    async def pause(self, seconds: float) -> None:
        """Wait ``seconds``, or less should the server stop meanwhile."""


class Handshake:
    """The first frame of each connection to ``server`` (see the module's description)."""

    def __init__(self, server: Reception) -> None:
        self.server = server

    async def hello(self, connection: Connection) -> Guest | None:
        """Read and handle a connection's first frame: its place at a table (None: refused,
        and the connection closes)."""
        try:
            first = await asyncio.wait_for(connection.socket.recv(), self.server.limits.hello_time)
        except TimeoutError:
            self.server.refuse(connection, Denied(reason="first_message", detail="too_late"))
            connection.close(1008, "no first message")
            return None
        guest = await self._first_frame(connection, first)
        if guest is None:
            connection.close(1008, "refused")  # a relayed connection closed as its owner did
        return guest

    async def _first_frame(self, connection: Connection, data: str | bytes) -> Guest | None:
        try:
            frame = read_client(data)
        except WireError as error:
            self.server.refuse(connection, wire_denial(error))
            return None
        if isinstance(frame, CreateTable):
            return await self._create(connection, frame)
        if not isinstance(frame, JoinTable | ReturnToSeat | WatchTable):
            self.server.refuse(
                connection, Denied(reason="first_message", detail="not_a_first_message")
            )
            return None
        code = normal_code(frame.code)
        table = self.server.tables.get(code) if code is not None else None
        cluster = self.server.cluster
        if table is None and code is not None and cluster is not None:
            found = await cluster.elsewhere(connection, data, code)
            if found is True:
                return None
            table = found if isinstance(found, OnlineTable) else None
        if table is None:
            await self._slow_down(connection.address)
            self.server.refuse(connection, Denied(reason="no_such_table", code=frame.code))
            return None
        if isinstance(frame, ReturnToSeat):
            seat = table.seat_of(frame.token)
            if seat is None:
                await self._slow_down(connection.address)
                self.server.refuse(connection, Denied(reason="bad_token"))
                return None
            return table.come_back(connection, seat)
        if isinstance(frame, JoinTable) and not frame.name.strip():
            return self._join(connection, table, None)
        if name_refusal(frame.name) is not None:
            self.server.refuse(connection, bad_name(frame.name))
            return None
        name = frame.name.strip()
        if isinstance(frame, WatchTable):
            if not table.watching:
                self.server.refuse(connection, Denied(reason="watching_off"))
                return None
            like = table.looks_like(name, seat=None)
            if like is not None:
                self.server.refuse(connection, Denied(reason="name_taken", name=name, like=like))
                return None
            if len(table.watchers) >= self.server.limits.spectators:
                self.server.refuse(connection, Denied(reason="too_many_spectators"))
                return None
            return table.watch(connection, name)
        return self._join(connection, table, name)

    def _join(self, connection: Connection, table: OnlineTable, name: str | None) -> Guest | None:
        """Seat ``connection`` at ``table`` as ``name`` (None: under the seat's planned name)."""
        seat = table.free_seat(name or "")
        if seat is None:
            self.server.refuse(connection, Denied(reason="table_full"))
            return None
        name = name or table.seats[seat].name
        like = table.looks_like(name, seat=seat)
        if like is not None:
            self.server.refuse(connection, Denied(reason="name_taken", name=name, like=like))
            return None
        return table.sit(connection, seat, name)

    async def _create(self, connection: Connection, frame: CreateTable) -> Guest | None:
        options = frame.options
        refused = next(
            (
                name
                for name in (frame.name, *(plan.name for plan in options.seats))
                if name_refusal(name) is not None
            ),
            None,
        )
        if refused is not None:
            self.server.refuse(connection, bad_name(refused))
            return None
        if not options.people:
            self.server.refuse(connection, Denied(reason="bad_message", detail="no_person_seat"))
            return None
        if len(options.seats) != options.rules.players:
            self.server.refuse(
                connection, Denied(reason="bad_message", detail="seats_and_players_differ")
            )
            return None
        address = connection.address
        cap = self.server.limits.lonely_per_address
        if cap and self.server.lonely_tables(address) >= cap:
            self.server.refuse(connection, Denied(reason="too_many_open_tables", count=cap))
            return None
        if not self.server.door.may_make(address):
            self.server.refuse(connection, Denied(reason="too_many_new_tables"))
            return None
        try:
            table = self.server.create_table(options, made_by=address)
        except ValueError:
            self.server.refuse(connection, Denied(reason="too_many_tables"))
            return None
        cluster = self.server.cluster
        if cluster is not None and not await cluster.published(table):
            return None
        return table.sit(connection, table.creator, frame.name.strip())

    async def _slow_down(self, address: str) -> None:
        """Wait before refusing a wrong code or token (see :meth:`Door.denial_wait
        <chickenfoot.net.door.Door.denial_wait>`); a server that stops meanwhile waits no
        more."""
        await self.server.pause(self.server.door.denial_wait(address))
