"""``chickenfoot serve`` in a process of its own, on a free loopback port, for the tests.

The server is started with ``--port 0`` (the system picks a free port, so parallel tests
never race for one) and a private data folder; :func:`start` reads the address from the
first line it prints. Every wait is bounded by :data:`DEADLINE_SECONDS`.
"""

from __future__ import annotations

import os
import re
import select
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

DEADLINE_SECONDS = 60.0
"""The longest any one wait may take (a loaded machine is slow; a passing test never waits it)."""
ROOT = Path(__file__).resolve().parents[2]
"""Put first on PYTHONPATH (and the working folder), so the server runs this checkout."""
SERVED_AT = re.compile(r"served at (?P<url>http://\S+): open it")


LAST_LINE = "Ctrl+C stops the server.\n"
"""The end of what the server says once it is ready."""


@dataclass
class Served:
    """A running ``chickenfoot serve``: its process, what it said, its address, its data."""

    process: subprocess.Popen[str]
    announced: str
    """Everything the server printed up to and including :data:`LAST_LINE`."""
    url: str
    """The address printed, its token included."""
    data: Path

    @property
    def token(self) -> str:
        """The secret of the printed address."""
        return parse_qs(urlsplit(self.url).query)["token"][0]

    @property
    def base(self) -> str:
        """The printed address without its path and token: ``http://127.0.0.1:PORT``."""
        parts = urlsplit(self.url)
        return f"{parts.scheme}://{parts.netloc}"

    @property
    def place(self) -> tuple[str, int]:
        """The host and port the server listens on."""
        parts = urlsplit(self.url)
        assert parts.hostname is not None and parts.port is not None
        return parts.hostname, parts.port

    def stop(self, signum: int = signal.SIGINT) -> tuple[int, str, str]:
        """Send ``signum`` and wait for the server to end; its status, what it printed after
        the announcement, and its stderr."""
        self.process.send_signal(signum)
        out, err = self.process.communicate(timeout=DEADLINE_SECONDS)
        return self.process.returncode, out, err


def read_announcement(process: subprocess.Popen[str]) -> str:
    """What ``process`` prints up to :data:`LAST_LINE`, waiting at most the deadline.

    Reads the pipe's bytes directly (not through the text buffer), so that
    ``communicate`` later gets everything after it.
    """
    assert process.stdout is not None
    pipe = process.stdout.fileno()
    deadline = time.monotonic() + DEADLINE_SECONDS
    data = b""
    while not data.endswith(LAST_LINE.encode()):
        ready, _, _ = select.select([pipe], [], [], max(0.0, deadline - time.monotonic()))
        chunk = os.read(pipe, 4096) if ready else b""
        if not chunk:
            raise AssertionError(f"the server did not say it was ready; it said {data!r}")
        data += chunk
    return data.decode("utf-8")


def start(data: Path, *options: str) -> Served:
    """Start ``chickenfoot serve --port 0 OPTIONS`` with the data folder ``data``, once it is
    ready; kill it and fail if it does not say where it listens before the deadline."""
    environment = {**os.environ, "CHICKENFOOT_DATA_DIR": str(data), "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen(
        [sys.executable, "-m", "chickenfoot", "serve", "--port", "0", *options],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        encoding="utf-8",
        cwd=ROOT,
        env=environment,
    )
    try:
        announced = read_announcement(process)
        found = SERVED_AT.search(announced)
        assert found, f"the server gave no address: {announced!r}"
    except BaseException:
        process.kill()
        process.communicate(timeout=DEADLINE_SECONDS)
        raise
    return Served(process, announced, found["url"], data)


def wait_until(
    condition: Callable[[], bool], what: str, deadline_seconds: float = DEADLINE_SECONDS
) -> None:
    """Poll ``condition()`` until it is true; fail naming ``what`` after the deadline."""
    deadline = time.monotonic() + deadline_seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.05)
