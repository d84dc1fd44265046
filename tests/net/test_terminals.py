"""Two people at one online table, each in a real terminal (tmux) running the app: the table
server is a real ``chickenfoot host`` process, each player ``chickenfoot join CODE@HOST:PORT``
with a data folder of its own; keys go in, screens are read back, and the round is played to
its end. Skipped when tmux is not installed (``.ci/run`` installs it)."""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import pytest

from tests.net.processes import host
from tests.net.terminals import answer, start, wait_for_screen
from tests.terminal import terminals

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")

DEADLINE = 240.0
RULES = ("--set", "6", "--hand-size", "4", "--arms", "3", "--rounds", "1", "--pause", "0")


def test_two_terminals_at_one_table_play_a_round(tmp_path: Path) -> None:
    server, join_line = host(tmp_path / "server", "--table", "--players", "2", *RULES)
    try:
        with terminals() as names:
            ana = start(names, tmp_path / "ana", "join", join_line, "--name", "Ana")
            bea = start(names, tmp_path / "bea", "join", join_line, "--name", "Bea")
            wait_for_screen(ana, lambda text: "Ana's hand" in text, "Ana's hand")
            wait_for_screen(bea, lambda text: "Bea's hand" in text, "Bea's hand")
            deadline = time.monotonic() + DEADLINE
            while not any("Game over" in line for line in server.lines):
                assert time.monotonic() < deadline, f"the round did not end: {server.lines[-5:]}"
                pressed = [answer(ana), answer(bea)]
                time.sleep(0.3 if any(pressed) else 0.1)  # a poll's interval, not a wait
                server.read_available()
            wait_for_screen(ana, lambda text: "Game over" in text or "wins" in text, "Ana's result")
            wait_for_screen(bea, lambda text: "Game over" in text or "wins" in text, "Bea's result")
    finally:
        server.stop()
    played = [line for line in server.lines if " plays " in line]
    assert any("Ana plays" in line for line in played) and any(
        "Bea plays" in line for line in played
    )
