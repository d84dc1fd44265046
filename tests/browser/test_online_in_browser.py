"""A browser tab at an online table, in headless Chromium through ``chickenfoot serve``, with a
real ``chickenfoot host`` holding the table:

- a person in tmux joins a table made by the server with ``chickenfoot join``, another joins
  it from the tab (the menu's Join a table), and they play its round to the end with keys;
- the tab makes a table itself (the New game form's Table server), another client joins it
  by the code the lobby shows, the tab starts the game and both play its round to the end.

Skipped without tmux, Playwright or Chromium."""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import pytest

from chickenfoot.record.model import SeatConfig
from chickenfoot.saves.settings import Settings, SetupChoice, save_settings
from tests.browser.conftest import StartServer
from tests.browser.server import Served
from tests.browser.tabs import CHROMIUM, Tab, open_tab
from tests.net.processes import Process, host
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

FOCUSED_FIRST_NAME = r"Ana\x1b\[0m\x1b\[[0-9;]*m \x1b\[0m"
"""The form's first field, "Ana", with the cursor drawn after it: the form has put the
keyboard there (it does so once it is drawn), and will not take it back from a click."""

SERVER_FIELD_ACROSS = 0.4
"""Where on the Table server row a click lands in its field (the field starts about a fifth
of the way along and runs most of the rest)."""

FOCUSED_SERVER = r"b(\x1b\[[0-9;]*m)+lank: play here"
"""The Table server field's empty placeholder with the cursor on its first letter."""

TWO_PEOPLE = SetupChoice(
    seats=(SeatConfig(name="Ana", player="human"), SeatConfig(name="Bea", player="human")),
    fields={"set_size": "6", "hand_size": "4", "arms": "3", "rounds": "1"},
)
"""The New game form's remembered set-up: two people, one short round."""


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


def test_a_browser_tab_makes_a_table_another_client_joins_it_and_they_play(
    start_server: StartServer, tmp_path: Path
) -> None:
    server = Process(["host", "--port", "0"], tmp_path / "server")
    bea: Process | None = None
    try:
        address = server.wait_for_line(r"served at ws://(\S+)$").group(1)
        served = start_server()
        save_settings(Settings(setup=TWO_PEOPLE), served.data / "settings.json")
        with open_tab(served.url, tmp_path / "chromium-profile") as tab:
            tab.wait_for("New game")
            since = tab.mark()
            tab.press("n")
            tab.wait_for("Table server", since)
            tab.wait_for_drawn(FOCUSED_FIRST_NAME, since)
            since = tab.mark()
            tab.click_row("Table server", SERVER_FIELD_ACROSS)
            tab.wait_for_drawn(FOCUSED_SERVER, since)
            tab.type(address)
            tab.wait_for(address, since)
            since = tab.mark()
            tab.press("Control+s")
            tab.wait_for("Share: chickenfoot join ", since)
            tab.wait_for("ctrl+s starts the game", since)
            shared = tab.last_match(r"Share: chickenfoot join (\w{6}@[\d.]+:\d+)")
            assert shared is not None, "the lobby shows the line to share"
            since = tab.mark()
            bea = Process(
                ["join", shared.group(1), "--name", "Bea", "--computer", "casual"],
                tmp_path / "bea",
            )
            bea.wait_for_line(r"^playing seat 2 at table ")
            tab.wait_for("every seat is taken", since)
            tab.press("Control+s")  # the creator starts the game
            tab.wait_for("Ana's hand")
            deadline = time.monotonic() + DEADLINE
            while bea.process.poll() is None:
                assert time.monotonic() < deadline, f"the round did not end: {bea.lines[-5:]}"
                pressed = answer_in(tab)
                time.sleep(0.3 if pressed else 0.1)  # a poll's interval, not a wait
                bea.read_available()
            tab.wait_for("Game over")
        assert bea.finish() == 0
    finally:
        if bea is not None:
            bea.kill()
        server.stop()
    played = [line for line in bea.lines if " plays " in line]
    assert any(line.startswith("Ana plays") for line in played), "the tab played"
    assert any(line.startswith("Bea plays") for line in played), "the joined client played"
    assert "The finished game is kept as game 1: Replays has it" in bea.lines
