"""Real terminals for the tests: ``chickenfoot`` in a detached tmux session, keys typed in,
the screen read back.

Each session runs on a tmux server of its own (``-L``, of the session's name), killed at
the end: parallel tests (and other programs' tmux) never share a server that may be exiting
just as a session starts. Every wait polls ``tmux capture-pane`` with a deadline. Used by the
smoke tests (``tests/tui/test_tmux_smoke.py``) and the online tables' people
(``tests/net/terminals.py``).
"""

from __future__ import annotations

import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

DEADLINE_SECONDS = 20.0
POLL_SECONDS = 0.1
COMMAND = Path(sys.executable).parent / "chickenfoot"
REPOSITORY = Path(__file__).resolve().parents[1]
"""Put first on PYTHONPATH so the command runs this checkout's code."""


def tmux(server: str, *arguments: str) -> list[str]:
    """A tmux command line for the tmux server named ``server``."""
    return ["tmux", "-L", server, *arguments]


class Terminal:
    """A detached 100x30 tmux session running one command (on a tmux server of its own, of
    the same name)."""

    def __init__(self, name: str) -> None:
        self.name = name

    def send(self, *keys: str) -> None:
        """Type ``keys`` (tmux key names such as "Enter" or plain characters)."""
        subprocess.run(tmux(self.name, "send-keys", "-t", self.name, *keys), check=True)

    def screen(self) -> str:
        """The text on the screen now."""
        result = subprocess.run(
            tmux(self.name, "capture-pane", "-p", "-t", self.name),
            check=True,
            capture_output=True,
            text=True,
        )
        return result.stdout

    def running(self) -> bool:
        """True while the session (and so the app in it) is still there."""
        return (
            subprocess.run(
                tmux(self.name, "has-session", "-t", self.name), capture_output=True
            ).returncode
            == 0
        )

    def wait_until(
        self, condition: Callable[[str], bool], what: str, seconds: float = DEADLINE_SECONDS
    ) -> str:
        """Poll the screen until ``condition`` holds; fail naming ``what`` and showing the
        screen after ``seconds``."""
        deadline = time.monotonic() + seconds
        text = ""
        while time.monotonic() < deadline:
            text = self.screen()
            if condition(text):
                return text
            time.sleep(POLL_SECONDS)
        raise AssertionError(f"timed out waiting for {what}; the screen shows:\n{text}")


@contextmanager
def terminals() -> Iterator[list[str]]:
    """The names of the tmux sessions started inside (each one's server killed at the end)."""
    names: list[str] = []
    try:
        yield names
    finally:
        for name in names:
            subprocess.run(tmux(name, "kill-server"), capture_output=True)


def start(
    names: list[str],
    data: Path,
    *arguments: str,
    environment: Mapping[str, str] | None = None,
    prefix: str = "chickenfoot",
) -> Terminal:
    """``chickenfoot ARGUMENTS`` in a new 100x30 tmux session (on a tmux server of its own, of
    the same name, added to ``names``) with the data folder ``data`` and ``environment``."""
    name = f"{prefix}-{uuid.uuid4().hex[:8]}"
    names.append(name)
    more = [word for key, value in (environment or {}).items() for word in ("-e", f"{key}={value}")]
    subprocess.run(
        [
            *tmux(name), "new-session", "-d", "-s", name, "-x", "100", "-y", "30",
            "-e", f"CHICKENFOOT_DATA_DIR={data}",
            "-e", f"PYTHONPATH={REPOSITORY}",
            *more,
            str(COMMAND), *arguments,
        ],
        check=True,
    )  # fmt: skip
    return Terminal(name)
