"""A browser tab and a terminal at one online table: a real ``chickenfoot host`` holds the
table, a person in tmux joins it with ``chickenfoot join``, another joins it from a
``chickenfoot serve`` tab in headless Chromium (the menu's Join a table), and they play its
round to the end, each with keys. Skipped without tmux, Playwright or Chromium."""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import pytest

from tests.browser.server import Served
from tests.browser.tabs import CHROMIUM, Tab, open_tab
from tests.net.processes import host
from tests.net.terminals import PHRASES, answer, key_for_latest, start, wait_for_screen
from tests.terminal import terminals

pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
pytestmark = [
    pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed"),
    pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed"),
]

DEADLINE = 240.0
RULES = ("--set", "6", "--hand-size", "4", "--arms", "3", "--rounds", "1", "--pause", "0")

FOCUSED_EXAMPLE = r"K(\x1b\[[0-9;]*m)+M7R3P@"
"""The example address of the Join form's empty field with the cursor on its first letter."""

KEYS = {"Enter": "Enter", "Down": "ArrowDown", "Right": "ArrowRight"}
"""Playwright's names for the keys tmux names otherwise."""


def answer_in(tab: Tab) -> bool:
    """Press the key the tab's latest status asks for, if it asks; True if a key was pressed."""
    key = key_for_latest(tab.last_places(PHRASES))
    if key is not None:
        tab.press(KEYS.get(key, key))
    return key is not None


def join_from_the_menu(tab: Tab, join_line: str, name: str) -> None:
    """Join the table from the tab's menu: Join a table, its address, a name, Enter."""
    tab.wait_for("New game")
    since = tab.mark()
    tab.press("j")
    # The address field has the keyboard once its cursor is drawn on the example's first letter.
    tab.wait_for_drawn(FOCUSED_EXAMPLE, since)
    tab.type(join_line)
    since = tab.mark()
    tab.press("Tab")  # to the name, empty in a fresh data folder
    tab.type(name)
    tab.wait_for(name, since)
    tab.press("Enter")


def test_a_browser_tab_and_a_terminal_play_a_round_at_one_table(
    served: Served, tmp_path: Path
) -> None:
    server, join_line = host(tmp_path / "server", "--table", "--players", "2", *RULES)
    try:
        with terminals() as names, open_tab(served.url, tmp_path / "chromium-profile") as tab:
            ana = start(names, tmp_path / "ana", "join", join_line, "--name", "Ana")
            join_from_the_menu(tab, join_line, "Bea")
            tab.wait_for("Bea's hand")
            wait_for_screen(ana, lambda text: "Ana's hand" in text, "Ana's hand")
            deadline = time.monotonic() + DEADLINE
            while not any("Game over" in line for line in server.lines):
                assert time.monotonic() < deadline, f"the round did not end: {server.lines[-5:]}"
                pressed = [answer(ana), answer_in(tab)]
                time.sleep(0.3 if any(pressed) else 0.1)  # a poll's interval, not a wait
                server.read_available()
            tab.wait_for("Game over")
            wait_for_screen(ana, lambda text: "Game over" in text or "wins" in text, "Ana's result")
    finally:
        server.stop()
    played = [line for line in server.lines if " plays " in line]
    assert any("Ana plays" in line for line in played), "the terminal played"
    assert any("Bea plays" in line for line in played), "the browser tab played"
