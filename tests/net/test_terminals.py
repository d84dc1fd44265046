"""Two people at one online table, each in a real terminal (tmux) running the app: the table
server is a real ``chickenfoot host`` process, each player ``chickenfoot join CODE@HOST:PORT``
with a data folder of its own; keys go in, screens are read back, and the round is played to
its end. Skipped when tmux is not installed (``.ci/run`` installs it)."""

from __future__ import annotations

import shutil
import subprocess
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.net.processes import host
from tests.tui.test_tmux_smoke import COMMAND, REPOSITORY, Terminal

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")

DEADLINE = 240.0
RULES = ("--set", "6", "--hand-size", "4", "--arms", "3", "--rounds", "1", "--pause", "0")

MOVES = (
    ("Enter plays", "Enter"),
    ("play it (Enter)", "Enter"),
    ("draw (d)", "d"),
    ("keep (k)", "k"),
    ("pass (p)", "p"),
    ("choose a tile", "Right"),
)
"""Status-line hints of the game screen and the key that makes that move."""


@pytest.fixture
def terminals() -> Iterator[list[str]]:
    """The tmux sessions started (killed afterwards)."""
    names: list[str] = []
    yield names
    for name in names:
        subprocess.run(["tmux", "kill-session", "-t", name], capture_output=True)


def start(names: list[str], data: Path, *arguments: str) -> Terminal:
    """``chickenfoot ARGUMENTS`` in a new 100x30 tmux session with its own data folder."""
    name = f"chickenfoot-online-{uuid.uuid4().hex[:8]}"
    names.append(name)
    subprocess.run(
        [
            "tmux", "new-session", "-d", "-s", name, "-x", "100", "-y", "30",
            "-e", f"CHICKENFOOT_DATA_DIR={data}",
            "-e", f"PYTHONPATH={REPOSITORY}",
            str(COMMAND), *arguments,
        ],
        check=True,
    )  # fmt: skip
    return Terminal(name)


def answer(terminal: Terminal) -> bool:
    """Press the key the screen asks for, if it asks for one; True if a key was pressed."""
    text = terminal.screen()
    if any(words in text for words in ("Enter goes on", "Enter shows", "then press Enter")):
        terminal.send("Enter")
        return True
    if "choose one (↑/↓" in text:
        terminal.send("Down")
        return True
    if "choose another tile" in text:
        terminal.send("Right")
        return True
    key = next((key for hint, key in MOVES if hint in text), None)
    if key is not None:
        terminal.send(key)
        return True
    return False


def test_two_terminals_at_one_table_play_a_round(terminals: list[str], tmp_path: Path) -> None:
    server, join_line = host(tmp_path / "server", "--table", "--players", "2", *RULES)
    try:
        ana = start(terminals, tmp_path / "ana", "join", join_line, "--name", "Ana")
        bea = start(terminals, tmp_path / "bea", "join", join_line, "--name", "Bea")
        ana.wait_until(lambda text: "Ana's hand" in text, "Ana's hand")
        bea.wait_until(lambda text: "Bea's hand" in text, "Bea's hand")
        deadline = time.monotonic() + DEADLINE
        while not any("Game over" in line for line in server.lines):
            assert time.monotonic() < deadline, f"the round did not end: {server.lines[-5:]}"
            pressed = [answer(ana), answer(bea)]
            time.sleep(0.3 if any(pressed) else 0.1)
            server.read_available()
        ana.wait_until(lambda text: "Game over" in text or "wins" in text, "Ana's result")
        bea.wait_until(lambda text: "Game over" in text or "wins" in text, "Bea's result")
    finally:
        server.stop()
    played = [line for line in server.lines if " plays " in line]
    assert any("Ana plays" in line for line in played) and any(
        "Bea plays" in line for line in played
    )
