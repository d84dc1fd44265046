"""Connections to a running ``chickenfoot serve`` made by hand, as a hostile page would make
them: any ``Host``, any ``Origin``, any path, on real sockets to 127.0.0.1 only.

:func:`open_connection` sends a WebSocket opening handshake and reads the answer's head and,
for a refusal, its text; the socket stays open while a game runs. :func:`games_of` lists a
server's tab processes (Linux: ``/proc``), so a test can see that a refusal started none.
"""

from __future__ import annotations

import base64
import os
import socket
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from tests.browser.server import DEADLINE_SECONDS, Served

PROC = Path("/proc")


@dataclass
class Answer:
    """What the server answered: the status, the text of a refusal, the open socket."""

    status: int
    text: str
    connection: socket.socket


def request_head(path: str, host: str, headers: dict[str, str]) -> bytes:
    """The head of a WebSocket opening handshake for ``path`` on ``host``."""
    lines = [
        f"GET {path} HTTP/1.1",
        f"Host: {host}",
        "Upgrade: websocket",
        "Connection: Upgrade",
        f"Sec-WebSocket-Key: {base64.b64encode(os.urandom(16)).decode()}",
        "Sec-WebSocket-Version: 13",
        *(f"{name}: {value}" for name, value in headers.items()),
    ]
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")


@contextmanager
def open_connection(
    served: Served,
    path: str,
    *,
    host: str | None = None,
    origin: str | None = "own",
) -> Iterator[Answer]:
    """Ask ``served`` to open a tab's connection at ``path`` naming ``host`` (default: the
    server's own) from ``origin`` ("own": the server's page; None: no ``Origin``); the
    answer, with the socket open until the block ends."""
    address, port = served.place
    headers: dict[str, str] = {}
    if origin == "own":
        headers["Origin"] = served.base
    elif origin is not None:
        headers["Origin"] = origin
    with socket.create_connection((address, port), timeout=DEADLINE_SECONDS) as connection:
        connection.sendall(request_head(path, host or f"{address}:{port}", headers))
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = connection.recv(4096)
            assert chunk, f"the server closed the connection after {head!r}"
            head += chunk
        head, _, rest = head.partition(b"\r\n\r\n")
        status = int(head.split(b" ", 2)[1])
        text = ""
        if status != 101:
            length = next(
                int(line.split(b":", 1)[1])
                for line in head.split(b"\r\n")
                if line.lower().startswith(b"content-length:")
            )
            while len(rest) < length:
                chunk = connection.recv(4096)
                assert chunk, "the refusal's text was cut short"
                rest += chunk
            text = rest.decode("utf-8")
        yield Answer(status, text, connection)


def games_of(server_pid: int) -> list[int]:
    """The processes ``server_pid`` started and that still run (its tabs' games)."""
    found: list[int] = []
    for children in (PROC / str(server_pid) / "task").glob("*/children"):
        try:
            found.extend(int(pid) for pid in children.read_text().split())
        except OSError:  # the thread ended meanwhile
            continue
    return [pid for pid in found if not has_ended(pid)]


def has_ended(pid: int) -> bool:
    """True if process ``pid`` is gone or only waits to be reaped (a zombie)."""
    try:
        stat = (PROC / str(pid) / "stat").read_text()
    except OSError:
        return True
    return stat.rpartition(")")[2].split()[0] in ("Z", "X")
