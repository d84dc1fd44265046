"""A client's link to a table across the network, reconnecting by itself.

:class:`RemoteLink` is the network's :class:`~chickenfoot.play.link.LocalLink`: a screen (or
a headless player) sends the table's messages with :meth:`RemoteLink.send` and reads what
comes back with :meth:`RemoteLink.receive` / :meth:`RemoteLink.drain`, the server's frames
(:data:`~chickenfoot.net.protocol.ServerFrame`) and the link's own news
(:class:`LinkStatus`: connected, lost and retrying in so many seconds, or ended and why).

:meth:`RemoteLink.run` connects, says what it wants (the first frame: make, join, return to or
watch a table) and reads until the connection ends; then it waits (a backoff that doubles up to
:data:`RETRY_MAX` seconds, with jitter so that a restarted server is not met by every client
at once) and connects again, now returning to its seat with the token the server gave it.
The server answers a returning client with the table's whole current position (a fresh
``welcome``), so nothing the client missed matters. It stops for good when the server refuses
it (a wrong code or token), another window takes its seat, the table expires or ends, or
:meth:`RemoteLink.close` is called; a server that stops (and keeps its tables) is tried again
until it is back.

Frames sent while the connection is down are dropped (:meth:`RemoteLink.send` says so): the
person acts again on the position the server sends once connected.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import re
import ssl
from dataclasses import dataclass
from socket import gaierror

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from chickenfoot.lang import _
from chickenfoot.net.denials import denial_text
from chickenfoot.net.protocol import (
    MAX_SERVER_FRAME,
    CreateTable,
    Denied,
    Hello,
    Replaced,
    ReturnToSeat,
    Seated,
    ServerFrame,
    TableGone,
    WatchTable,
    code_problem,
    normal_code,
    read_server,
    write,
)
from chickenfoot.play.wire import Message, WireError, wire_problem_text

DEFAULT_PORT = 8765
"""The port ``chickenfoot host`` listens on unless told otherwise."""

OPEN_TIMEOUT = 4.0
"""Seconds a connection has to open (the name looked up, TCP, TLS, the WebSocket handshake):
a person is told why it failed within 5 s."""

RETRY_FIRST = 0.5
RETRY_MAX = 10.0
"""The first wait before reconnecting, and the longest (seconds)."""

LASTING_DENIALS = frozenset({"too_many_connections", "server_busy"})
"""Refusals of a first frame worth trying again later; every other one ends the link."""


def table_gone_text(reason: str) -> str:
    """Why the link ended when the table closed, in the language in use (a server that stops
    keeps its tables, and is not among these)."""
    if reason == "expired":
        return _("the table expired: nobody was connected for too long")
    if reason == "made_room":
        return _("the table closed: nobody had joined it, and the server needed room for a new one")
    return _("the table closed: the game is over")


class AddressError(ValueError):
    """A table's address that cannot be read; the text says why in plain words."""


@dataclass(frozen=True)
class TableAddress:
    """Where a table is: its server's host and port, whether it speaks TLS (``wss``), and the
    table's code (None: a server, no table yet)."""

    host: str
    port: int = DEFAULT_PORT
    code: str | None = None
    secure: bool = False

    @classmethod
    def parse(cls, text: str) -> TableAddress:
        """Read ``CODE@HOST:PORT`` (or ``HOST:PORT``, ``HOST``; ``wss://`` in front for TLS;
        an IPv6 host in brackets). :class:`AddressError` says what is wrong."""
        text = text.strip()
        secure = text.startswith("wss://")
        text = re.sub(r"^wss?://", "", text).rstrip("/")
        code = None
        if "@" in text:
            raw_code, text = text.split("@", 1)
            code = normal_code(raw_code)
            if code is None:
                raise AddressError(
                    # Translators: {text} is what was written, in quotes; {problem} says why.
                    _("{text} is not a table code: {problem}").format(
                        text=repr(raw_code), problem=code_problem(raw_code)
                    )
                )
        match = re.fullmatch(r"(\[[0-9A-Fa-f:.]+\]|[^:\[\]/@\s]+)(?::(\d{1,5}))?", text)
        if match is None:
            raise AddressError(
                # Translators: HOST:PORT stays as it is (it is how an address is written).
                _("{text} is not a server's address: write it as HOST:PORT").format(text=repr(text))
            )
        host = match.group(1).strip("[]")
        port = int(match.group(2)) if match.group(2) else DEFAULT_PORT
        if not 0 < port < 65536:
            raise AddressError(_("{port} is not a port: from 1 to 65535").format(port=port))
        return cls(host, port, code, secure)

    @property
    def url(self) -> str:
        """The WebSocket address of the server, the table's code as its path (the server reads
        the code from the first frame; a proxy in front of several servers may route by it)."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{'wss' if self.secure else 'ws'}://{host}:{self.port}/{self.code or ''}"

    def with_code(self, code: str) -> TableAddress:
        """The address of table ``code`` on this server."""
        return TableAddress(self.host, self.port, code, self.secure)

    def __str__(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        prefix = "wss://" if self.secure else ""
        code = f"{self.code}@" if self.code else ""
        return f"{prefix}{code}{host}:{self.port}"


@dataclass(frozen=True)
class LinkStatus:
    """The link's own news (never sent over the network): connected or not; while not, the
    attempt and the seconds until the next; ``ended`` once it stops for good, and why
    (``problem``, in words)."""

    connected: bool
    attempt: int = 0
    retry_in: float | None = None
    problem: str | None = None
    """Why the link is down or ended, in words in the language in use (made on this machine:
    the server's refusals are codes, worded by :func:`~chickenfoot.net.denials.denial_text`)."""
    ended: bool = False


Received = ServerFrame | LinkStatus
"""What a link's reader gets: a server's frame, or the link's own news."""


def backoff(attempt: int, first: float = RETRY_FIRST, most: float = RETRY_MAX) -> float:
    """Seconds to wait before connection attempt ``attempt`` (1, 2, ...): doubling from
    ``first`` up to ``most``, each between half and all of that (jitter)."""
    ceiling = min(most, first * 2.0 ** (attempt - 1))
    return ceiling * random.uniform(0.5, 1.0)


class RemoteLink:
    """One client's link to one table (see the module's description). ``hello`` is the first
    frame; once the server seats it, later connections return with the seat's token."""

    def __init__(
        self,
        address: TableAddress,
        hello: Hello,
        *,
        first_retry: float = RETRY_FIRST,
        tls: ssl.SSLContext | None = None,
        source: str | None = None,
    ) -> None:
        self.address = address
        self.source = source
        """The local address to connect from (None: the system's choice)."""
        self.hello: Hello = hello
        self.first_retry = first_retry
        self.tls = tls
        self.seated: Seated | None = None
        """What the server said when it seated this client (its seat, token, code)."""
        self.token: str | None = hello.token if isinstance(hello, ReturnToSeat) else None
        self.connected = False
        self.ended = False
        self.problem: str | None = None
        """Why the link ended, in words (None: closed by its owner, or the game ended)."""
        self._inbox: asyncio.Queue[Received] = asyncio.Queue()
        self._socket: ClientConnection | None = None
        self._outbox: asyncio.Queue[str] | None = None
        self._greeted = False
        """True once this connection's first frame was answered with a seat."""
        self._stop = asyncio.Event()
        self._closing: asyncio.Future[None] | None = None

    # ----- the reader's side ------------------------------------------------------------------

    def send(self, message: Message) -> bool:
        """Send ``message`` to the server; False (and nothing sent) while the connection is
        down."""
        outbox = self._outbox
        if outbox is None or not self.connected:
            return False
        outbox.put_nowait(write(message))
        return True

    async def receive(self) -> Received:
        """The next frame or piece of news (waits for one)."""
        return await self._inbox.get()

    def drain(self) -> list[Received]:
        """Everything received and not read yet, oldest first (without waiting)."""
        items = []
        while not self._inbox.empty():
            items.append(self._inbox.get_nowait())
        return items

    def close(self) -> None:
        """Leave: end the connection and stop reconnecting."""
        self.ended = True
        self._stop.set()
        socket = self._socket
        if socket is not None:
            self._closing = asyncio.ensure_future(socket.close())

    # ----- connecting ------------------------------------------------------------------------

    def _hello_now(self) -> Hello:
        """The first frame of the next connection: the seat's token once it has one."""
        code = self.seated.code if self.seated is not None else self.address.code
        if self.token is not None and code is not None:
            return ReturnToSeat(code=code, token=self.token)
        if isinstance(self.hello, CreateTable) and self.seated is not None:
            # Seated without a token cannot happen for a creator; watch rather than make a
            # second table.
            return WatchTable(code=self.seated.code, name=self.hello.name)
        return self.hello

    async def run(self) -> None:
        """Connect, and reconnect after every loss, until the link ends."""
        attempt = 0
        while not self.ended:
            reached, problem = await self._connect_once()
            if self.ended:
                break
            attempt = 1 if reached else attempt + 1
            delay = backoff(attempt, self.first_retry)
            self._inbox.put_nowait(
                LinkStatus(connected=False, attempt=attempt, retry_in=delay, problem=problem)
            )
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._stop.wait(), delay)
        self._inbox.put_nowait(LinkStatus(connected=False, ended=True, problem=self.problem))

    async def _connect_once(self) -> tuple[bool, str | None]:
        """One connection, from the first frame until it ends: whether it was made, and why
        it ended (in words)."""
        reached = False
        try:
            async with connect(
                self.address.url,
                ssl=self.tls if self.tls is not None or not self.address.secure else True,
                max_size=MAX_SERVER_FRAME,
                compression=None,
                proxy=None,
                open_timeout=OPEN_TIMEOUT,
                ping_interval=20,
                ping_timeout=20,
                close_timeout=2,
                local_addr=(self.source, 0) if self.source is not None else None,
            ) as socket:
                reached = True
                self._socket, self._greeted = socket, False
                outbox = self._outbox = asyncio.Queue()
                await socket.send(write(self._hello_now()))
                self.connected = True
                self._inbox.put_nowait(LinkStatus(connected=True))
                writer = asyncio.ensure_future(_write_out(socket, outbox))
                try:
                    async for data in socket:
                        self._take(read_server(data))
                finally:
                    writer.cancel()
        except WireError as error:
            return reached, _("the server sent something unreadable ({problem})").format(
                problem=wire_problem_text(error.fault, error.field)
            )
        except ConnectionClosed:
            return reached, _("the connection was lost")
        except InvalidURI:
            self._end(_("{address} is not a server's address").format(address=self.address))
        except (TimeoutError, OSError, InvalidHandshake) as error:
            return reached, _connect_problem(error, self.address)
        finally:
            self.connected = False
            self._socket = None
            self._outbox = None
        return reached, None if self.ended else _("the connection was lost")

    def _take(self, frame: ServerFrame) -> None:
        """Note what ``frame`` says about the link, and pass it on."""
        if isinstance(frame, Seated):
            self.seated, self._greeted = frame, True
            if frame.token is not None:
                self.token = frame.token
        elif isinstance(frame, Denied) and (not self._greeted or frame.reason == "watching_off"):
            # A refused first frame (or a spectator sent away) ends the link.
            if frame.reason not in LASTING_DENIALS:
                self._end(denial_text(frame))
        elif isinstance(frame, Replaced):
            self._end(_("this seat was taken by another window (with its token)"))
        elif isinstance(frame, TableGone) and frame.reason != "stopping":
            # A server that stops keeps its tables: the link tries again until it is back.
            self._end(table_gone_text(frame.reason))
        self._inbox.put_nowait(frame)

    def _end(self, problem: str) -> None:
        if not self.ended:
            self.problem = problem
        self.close()


async def _write_out(socket: ClientConnection, outbox: asyncio.Queue[str]) -> None:
    while True:
        await socket.send(await outbox.get())


def _connect_problem(error: BaseException, address: TableAddress) -> str:
    """Why connecting to ``address`` failed, in plain words."""
    host, port = address.host, address.port
    if isinstance(error, ConnectionRefusedError):
        return _("nothing answers at {host}:{port} (is the server running?)").format(
            host=host, port=port
        )
    if isinstance(error, asyncio.TimeoutError):
        return _("{host}:{port} does not answer").format(host=host, port=port)
    if isinstance(error, ssl.SSLCertVerificationError):
        return _("the secure connection to {host} failed: its certificate is not trusted").format(
            host=host
        )
    if isinstance(error, ssl.SSLError):
        return _("the secure connection to {host} failed").format(host=host)
    if isinstance(error, InvalidHandshake):
        return _("{host}:{port} is not a chickenfoot table server").format(host=host, port=port)
    if isinstance(error, gaierror):
        # Translators: {host} is the name of a computer on the network, in quotes.
        return _("cannot find the host {host}").format(host=repr(host))
    return _("cannot reach {host}:{port}").format(host=host, port=port)
