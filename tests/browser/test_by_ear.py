"""A whole online game played by ear: a browser seat read only through the page's live regions
and a plain-mode seat read only through its lines, each played by a script that does what it
hears, at one table of a real ``chickenfoot host`` (127.0.0.1, ports the system picks).

- Bea plays in headless Chromium through ``chickenfoot serve``: once she has joined from the
  menu, her script reads nothing but the announcements the page puts in its live regions (it
  plays the tile and end her turn offers, draws or passes when told, and goes on from a result
  when told Enter does).
- Ana plays in ``chickenfoot --plain`` in a real pseudo terminal, from its lines alone.
- Every move Ana's terminal says (hers and Bea's) is announced in Bea's page once, in the
  same words (the tiles another seat drew unnamed), in the same order. No announcement holds
  two moves, and nothing else is queued with them.
- Each is in the live region within 0.5 s of reaching the page: the page stamps the moment
  the game's announcement arrives (its escape sequence in the terminal's stream, which the
  game writes before it draws the move) and the moment it is in the live region, so a slow
  test loop cannot hide a late announcement, and a busy machine (which slows both seats, and
  the screen as much as the voice) does not fail it.

Skipped without Playwright or Chromium."""

from __future__ import annotations

import codecs
import os
import re
import select
import sys
import threading
import time
from pathlib import Path

import pytest

from tests.browser.server import Served
from tests.browser.tabs import CHROMIUM, Said, Tab, open_tab
from tests.browser.test_online_in_browser import join_from_the_menu
from tests.net.processes import host
from tests.plain.test_terminal import PROMPT, Terminal

pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed")

DEADLINE = 300.0
"""Seconds the whole game may take (a loaded machine is slow; a passing run takes far less)."""
PROMPT_TIME = 0.5
"""How long after Ana's terminal says a move the page may announce it."""
RULES = ("--set", "6", "--hand-size", "4", "--arms", "3", "--rounds", "2", "--pause", "0")

MOVE = re.compile(r"^(?:Ana|Bea) (?:plays|draws|passes|keeps)\b")
"""A line (or an announcement) of one move."""
OFFER = re.compile(r"(?:You can play |play it \()(\d+): \S+ on ([a-z]+)")
ASKS = re.compile(
    r"^(Your turn: |You drew |.*Enter(: seen \(| deals the next round| shows the final results)|"
    r"Final ranking:|Waiting for |Wait: )"
)
"""A line of the table saying what it waits for (the last one counts)."""

FIRST_MATCH = r"""
([pattern, start]) => {
    const found = window.chickenfootHeard.slice(start)
        .findIndex((said) => !said.urgent && new RegExp(pattern).test(said.text));
    return found < 0 ? false : start + found + 1;
}
"""
"""The number after the first polite announcement from ``start`` on that matches."""


class Ear:
    """What Ana's terminal said, line by line, each stamped (``time.time()``) by a thread of its
    own as it came; and the text since the last line (the question waiting, ``> ``)."""

    def __init__(self, terminal: Terminal) -> None:
        self.terminal = terminal
        self.lines: list[tuple[float, str]] = []
        self.partial = ""
        self.ended = False
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._read, name="ana-ear", daemon=True)
        self._thread.start()

    def _read(self) -> None:
        decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        while True:
            ready, _, _ = select.select([self.terminal.master], [], [], 0.5)
            if not ready:
                if self.terminal.process.poll() is not None:
                    break
                continue
            try:
                data = os.read(self.terminal.master, 65536)
            except OSError:
                break
            if not data:
                break
            now = time.time()
            with self._lock:
                self.terminal.raw += data
                text = (self.partial + decoder.decode(data)).replace("\r\n", "\n")
                *complete, self.partial = text.split("\n")
                self.lines += [(now, line) for line in complete]
        self.ended = True

    def said(self, start: int = 0) -> list[tuple[float, str]]:
        """The lines from number ``start`` on."""
        with self._lock:
            return self.lines[start:]

    def waiting(self) -> bool:
        """True while the terminal shows a question waiting for a line (``> ``)."""
        with self._lock:
            return self.partial.endswith("> ")

    def type(self, line: str) -> None:
        """Type ``line`` and Enter."""
        os.write(self.terminal.master, line.encode() + b"\r")


def as_bea_hears(line: str) -> str:
    """The regular expression of the announcement Bea's page makes of the move Ana's terminal
    said: the same words, each seat's drawn tile named only to that seat."""
    line = re.sub(r"draws \d+\|\d+", "draws a tile", line)
    line = re.sub(r"keeps \d+\|\d+", "keeps the drawn tile", line)
    pattern = re.escape(line)
    for words in ("draws a tile", "keeps the drawn tile"):
        either = (
            words.split(" ", 1)[0] + r" (?:" + re.escape(words.split(" ", 1)[1]) + r"|\d+\|\d+)"
        )
        pattern = pattern.replace(re.escape(words), either)
    return pattern


def ana_answers(lines: list[str]) -> str | None:
    """What Ana types for the table's latest question (None: it waits for Bea, or is over)."""
    asking = [line for line in lines if ASKS.match(line)]
    if not asking:
        return None
    last = asking[-1]
    if last.startswith(("Waiting for ", "Wait: ", "Final ranking:")):
        return None
    offer = OFFER.search(last)
    if offer is not None:
        return f"{offer[1]} {offer[2]}"
    if "draw (d)" in last:
        return "d"
    if "pass (p)" in last:
        return "p"
    return ""  # Enter: the next round, or the final results


def bea_keys(said: Said) -> list[str] | None:
    """The keys Bea presses for an urgent announcement (None: it asks nothing of her)."""
    text = said.text
    offer = OFFER.search(text)
    if text.startswith(("Your turn: ", "You drew ")) or "Your turn: " in text:
        if offer is not None:
            return [*offer[1], *offer[2], "Enter"]
        if "draw (d)" in text:
            return ["d"]
        if "pass (p)" in text:
            return ["p"]
    if re.search(r"Enter(: seen \(.*\)| deals the next round\.| shows the final results\.)$", text):
        return ["Enter"]
    return None


def test_a_browser_seat_and_a_plain_seat_play_a_whole_game_from_what_they_hear(
    served: Served, tmp_path: Path
) -> None:
    server, join_line = host(tmp_path / "server", "--table", "--players", "2", *RULES)
    environment = {
        **os.environ,
        "CHICKENFOOT_DATA_DIR": str(tmp_path / "ana"),
        "TERM": "xterm-256color",
    }
    terminal = Terminal([sys.executable, "-m", "chickenfoot", "--plain"], environment)
    try:
        terminal.expect(PROMPT)
        terminal.answer("j")
        terminal.answer(join_line)
        terminal.answer("Ana")
        os.write(terminal.master, b"\r")  # watch only? Enter: no, play
        with open_tab(served.url, tmp_path / "chromium-profile") as tab:
            join_from_the_menu(tab, join_line, "Bea")
            ear = Ear(terminal)
            heard_moves, answered = play_by_ear(tab, ear)
            ear.type("")  # Ana: back to the menu
            ear.type("q")
            assert terminal.process.wait(timeout=60) == 0
            polite = [said for said in tab.heard() if not said.urgent]
            urgent = [said.text for said in tab.heard() if said.urgent]
    finally:
        if terminal.process.poll() is None:
            terminal.process.kill()
        server.stop()
    assert heard_moves > 10 and answered > 3
    moves = [said for said in polite if MOVE.match(said.text)]
    for said in moves:  # one move an announcement (with what it set off: a round's end)
        assert not re.search(r"\. (?:Ana|Bea) (?:plays|draws|passes|keeps)\b", said.text), said
    assert len(moves) == heard_moves, "each move is announced once"
    others = [said.text for said in polite if not MOVE.match(said.text)]
    table = (
        r"(Ana|Bea) joined the table|Round \d is over; waiting for the others .*|"
        r"Round \d \(\d\|\d\): .*|Game over: .*"
    )
    assert all(re.fullmatch(table, text) for text in others), others  # the table's own news
    assert any(text.startswith("The game is over. Final ranking:") for text in urgent)
    ana = "\n".join(line for _at, line in ear.said())
    assert "Final ranking:" in ana and "pass them the keyboard" not in ana
    assert b"\x1b" not in terminal.raw, "the plain mode never steers the terminal"


def play_by_ear(tab: Tab, ear: Ear) -> tuple[int, int]:
    """Play until both have heard the game's end: Ana from her lines, Bea from her page's
    announcements; every move Ana hears is checked in Bea's page. How many moves were checked,
    and how many times Bea answered."""
    deadline = time.monotonic() + DEADLINE
    read_lines = 0  # Ana's lines looked at
    asked_at = -1  # the line Ana last answered
    heard = 0  # Bea's announcements looked at
    matched = 0  # Bea's announcements matched to a move of Ana's terminal
    checked = answered = 0
    over = {"Ana": False, "Bea": False}
    while not all(over.values()):
        assert time.monotonic() < deadline, f"the game did not end; Ana: {ear.said()[-5:]}"
        lines = ear.said()
        for _said_at, line in lines[read_lines:]:
            if MOVE.match(line):
                matched = check_announced(tab, line, matched)
                checked += 1
            over["Ana"] = over["Ana"] or line.startswith("Final ranking:")
        read_lines = len(lines)
        text = [line for _at, line in lines]
        last_asked = max((n for n, line in enumerate(text) if ASKS.match(line)), default=-1)
        typed = ana_answers(text)
        if typed is not None and last_asked > asked_at and ear.waiting():
            asked_at = last_asked
            ear.type(typed)
        for said in tab.heard(heard):
            heard += 1
            if said.urgent and said.text.startswith("The game is over."):
                over["Bea"] = True
            keys = bea_keys(said) if said.urgent else None
            if keys is not None and not over["Bea"]:
                answered += 1
                tab.press(*keys)
        if ear.ended:
            break
        tab.page.wait_for_timeout(50)  # a poll's interval between the two seats' turns
    return checked, answered


def check_announced(tab: Tab, line: str, start: int) -> int:
    """Wait until Bea's page announces the move Ana's terminal said (after the announcement
    number ``start``), and check it was in the live region within :data:`PROMPT_TIME` of
    reaching the page; the number after that announcement."""
    found = tab.page.wait_for_function(FIRST_MATCH, arg=[as_bea_hears(line), start], timeout=60_000)
    after = int(found.json_value())
    announced = tab.heard(after - 1)[0]
    arrivals = [at for at, said in tab.arrived() if said.get("text") == announced.text]
    assert arrivals, f"{announced.text!r} never came in the terminal's stream"
    late = announced.at - max(at for at in arrivals if at <= announced.at + 0.01)
    assert late <= PROMPT_TIME, f"{announced.text!r} announced {late:.2f} s after it arrived"
    return after
