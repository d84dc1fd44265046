"""Real ``chickenfoot host`` processes on one PostgreSQL database, and Debian's HAProxy in
front of them with the documented configuration (docs/proxy/haproxy-servers.cfg), ending TLS
on a port of 127.0.0.1 the system chose."""

from __future__ import annotations

import re
import socket
import subprocess
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from tests.net.processes import Process, self_signed

CONFIG = Path(__file__).parents[2] / "docs" / "proxy" / "haproxy-servers.cfg"

RULES = ("--set", "6", "--hand-size", "4", "--arms", "3", "--rounds", "2", "--pause", "0")
"""Quick games."""


def cluster_host(
    folder: Path, store: str, *arguments: str, lease: float = 3, letters: str = "A-Z2-9"
) -> tuple[Process, int]:
    """``chickenfoot host`` on the PostgreSQL database ``store``, behind a proxy on
    127.0.0.1, with a lease of ``lease`` seconds, its codes starting with ``letters``; it and
    the port it listens on."""
    process = Process(
        [
            "host", "--port", "0", "--store", store, "--lease", f"{lease:g}",
            "--trusted-proxy", "127.0.0.1", "--log-json", "--code-letters", letters, *arguments,
        ],
        folder,
    )  # fmt: skip
    found = process.wait_for_line(r"served at ws://127\.0\.0\.1:(\d+)$")
    return process, int(found.group(1))


def table_code(process: Process) -> str:
    """The code of the table a host made at start (``--table``)."""
    return process.wait_for_line(r"^table (\w+): chickenfoot join").group(1)


LETTERS = ("A-R", "S-Z2-9")
"""The documented servers' ``--code-letters``, in the configuration's order: a test's first
two servers are given them (a third takes any letter)."""


def documented_config(ports: Sequence[int], bind: str) -> str:
    """The documented configuration in front of the table servers at ``ports`` on
    127.0.0.1 (the first two started with :data:`LETTERS`), listening as ``bind`` says
    instead of TLS on port 443 (``bind`` is the whole rest of the line after ``bind``)."""
    config = CONFIG.read_text()
    documented = re.findall(r"^    server (\w+) 127\.0\.0\.1:\d+$", config, flags=re.MULTILINE)
    assert len(documented) == 2, "the documented configuration has two servers"
    for name, letters in zip(documented, LETTERS, strict=True):
        said = f"    use-server {name} if {{ path_reg ^/[{letters}] }}"
        assert said in config, f"the documented configuration routes by {letters} to {name}"
        config = config.replace(said, said.replace(f" {name} ", f" s{documented.index(name)} "))
    lines = re.findall(r"^    server \w+ 127\.0\.0\.1:\d+$", config, flags=re.MULTILINE)
    servers = "\n".join(f"    server s{n} 127.0.0.1:{port}" for n, port in enumerate(ports))
    config = config.replace("\n".join(lines), servers)
    said = "bind :443 ssl crt /etc/haproxy/chickenfoot.pem"
    assert said in config, f"the documented configuration has {said!r}"
    return config.replace(said, f"bind {bind}")


@contextmanager
def running_haproxy(folder: Path, config: str, listening: socket.socket) -> Iterator[int]:
    """HAProxy running ``config`` (written to ``folder``), handed the socket ``listening``:
    the port it listens on."""
    (folder / "haproxy.cfg").write_text(config)
    process = subprocess.Popen(
        ["haproxy", "-db", "-f", str(folder / "haproxy.cfg")],
        pass_fds=[listening.fileno()],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        yield int(listening.getsockname()[1])
    finally:
        process.terminate()
        try:
            process.wait(30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(30)
        listening.close()


@contextmanager
def haproxy_servers(folder: Path, ports: Sequence[int]) -> Iterator[int]:
    """HAProxy with the documented configuration in front of the table servers at ``ports``
    (two or three), ending TLS: the port players connect to. ``folder/cert.pem`` is the
    certificate to trust."""
    certificate, key = self_signed(folder)
    pem = folder / "chickenfoot.pem"
    pem.write_text(certificate.read_text() + key.read_text())
    listening = socket.create_server(("127.0.0.1", 0))
    config = documented_config(ports, f"fd@{listening.fileno()} ssl crt {pem}")
    with running_haproxy(folder, config, listening) as port:
        yield port
