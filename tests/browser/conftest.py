"""Fixtures of the ``chickenfoot serve`` tests: the server running in a process of its own."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser.server import DEADLINE_SECONDS, Served, start


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    """``chickenfoot serve --port 0`` with the data folder ``tmp_path / "data"``; killed
    afterwards if the test left it running."""
    if sys.platform == "win32":
        pytest.skip("the harness waits on pipes with select and stops the server with SIGINT")
    server = start(tmp_path / "data")
    try:
        yield server
    finally:
        if server.process.poll() is None:
            server.process.kill()
            server.process.communicate(timeout=DEADLINE_SECONDS)
