"""Fixtures of the ``chickenfoot serve`` tests: the server running in a process of its own."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.browser.server import DEADLINE_SECONDS, Served, start

StartServer = Callable[..., Served]
"""Starts ``chickenfoot serve --port 0`` with more options (strings)."""


@pytest.fixture
def start_server(tmp_path: Path) -> Iterator[StartServer]:
    """Start ``chickenfoot serve --port 0 OPTIONS`` with the data folder ``tmp_path /
    "data"``; every server started is killed afterwards if the test left it running."""
    if sys.platform == "win32":
        pytest.skip("the harness waits on pipes with select and stops the server with SIGINT")
    started: list[Served] = []

    def start_with(*options: str) -> Served:
        started.append(start(tmp_path / "data", *options))
        return started[-1]

    try:
        yield start_with
    finally:
        for server in started:
            if server.process.poll() is None:
                server.process.kill()
            server.process.communicate(timeout=DEADLINE_SECONDS)


@pytest.fixture
def served(start_server: StartServer) -> Served:
    """``chickenfoot serve --port 0`` with the data folder ``tmp_path / "data"``; killed
    afterwards if the test left it running."""
    return start_server()
