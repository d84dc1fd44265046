"""The plain mode in a real pseudo terminal: a whole game played from its lines alone.

``chickenfoot --plain`` runs in a child process on a pseudo terminal, as it runs under a
screen reader. The test is a player who knows only what the lines say: it sets up a short
game by answering the questions, reads its hand (``h``) each turn and plays the first tile
the hand says fits, by its number and the end's key; when nothing fits it asks where the game
stands (``w``) and does what that line says (draw or pass); it goes on at each round's result
and leaves at the ranking. Nothing the program writes may steer the terminal: no escape
code, no carriage return without its line feed. Every wait is for a line to appear (with a
generous deadline for a loaded machine), never for time to pass.
"""

from __future__ import annotations

import codecs
import fcntl
import os
import pty
import re
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

from tests.kit import games_in

DEADLINE = 120.0
"""Seconds to wait for a line before the test fails (the machine may be very busy)."""

PROMPT = r"(?:\n> |\[[^\]\n]*\] |\([^)\n]*\) )\Z"
"""The end of the output when the program waits for a line: the table's or menu's ``>``, a
question ending in its answer in brackets, or in its choices in parentheses. (Every other line
ends in a line feed, so the output ends so only while the program waits.)"""

SIZE = (30, 100)
"""The terminal's rows and columns (the full-screen app needs at least 80x24)."""

HAND_TILE = re.compile(r"^(\d+): \d+\|\d+(?: \(new\))?, fits (?!nowhere)([a-z]+)", re.MULTILINE)


class Terminal:
    """A program on a pseudo terminal: what it wrote, and lines typed to it."""

    def __init__(self, args: list[str], env: dict[str, str]) -> None:
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", *SIZE, 0, 0))
        self.process = subprocess.Popen(
            args, stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True
        )
        os.close(slave)
        self.master = master
        self.raw = b""
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self._text = ""
        self.read_to = 0
        """Where the output not looked at yet begins."""

    @property
    def text(self) -> str:
        """Everything written so far, lines ending in a plain line feed."""
        return self._text.replace("\r\n", "\n")

    def expect(self, pattern: str) -> str:
        """Wait until the output not looked at yet matches ``pattern``; that output."""
        wanted = re.compile(pattern)
        deadline = time.monotonic() + DEADLINE
        while True:
            text = self.text
            if wanted.search(text, self.read_to):
                seen, self.read_to = text[self.read_to :], len(text)
                return seen
            left = deadline - time.monotonic()
            assert left > 0, f"no {pattern!r} after {DEADLINE} s; the end: {text[-1500:]!r}"
            ready, _, _ = select.select([self.master], [], [], left)
            if ready:
                try:
                    data = os.read(self.master, 65536)
                except OSError:  # the program ended and closed the terminal
                    data = b""
                assert data, f"the program ended; the end: {text[-1500:]!r}"
                self.raw += data
                self._text += self._decoder.decode(data)

    def answer(self, line: str) -> str:
        """Type ``line`` and Enter; the output up to the next question."""
        os.write(self.master, line.encode() + b"\r")
        return self.expect(PROMPT)

    def close(self) -> int:
        """Wait for the program to end; its exit status."""
        try:
            return self.process.wait(timeout=DEADLINE)
        finally:
            os.close(self.master)


def move(terminal: Terminal) -> str:
    """One turn, from the lines alone: the first tile the hand says fits, on the first end it
    names; else what the line of where the game stands says to do."""
    hand = terminal.answer("h")
    found = HAND_TILE.search(hand)
    if found is not None:
        return terminal.answer(f"{found[1]} {found[2]}")
    where = terminal.answer("w")
    if "draw (d)" in where:
        return terminal.answer("d")
    assert "pass (p)" in where, f"the turn says neither what fits nor what to do: {where!r}"
    return terminal.answer("p")


def test_a_whole_game_is_played_from_its_lines_alone(data_dir: Path) -> None:
    env = {**os.environ, "CHICKENFOOT_DATA_DIR": str(data_dir), "TERM": "xterm-256color"}
    terminal = Terminal([sys.executable, "-m", "chickenfoot", "--plain"], env)
    try:
        menu = terminal.expect(PROMPT)
        assert "Main menu:\n1: New game\n" in menu
        setup = [
            "n", "s", "2", "", "", "Ada", "casual",  # you against a casual player
            "r", "1", "1",  # the double-6 set
            "r", "10", "2",  # two rounds
            "n", "5",  # a seed
        ]  # fmt: skip
        for line in setup:
            said = terminal.answer(line)
        assert "Seed: 5" in said
        said = terminal.answer("")
        assert "Round 1 (6|6): " in said
        ends = terminal.answer("e")
        assert ends.startswith("e\nThe table needs: ")
        for _turn in range(400):
            if "Final ranking:" in said:
                break
            if re.search(r"Enter (deals the next round|shows the final results)", said):
                said = terminal.answer("")
                continue
            said = move(terminal)
        else:
            raise AssertionError("the game did not end in 400 turns")
        assert "Game over: " in terminal.text
        assert "Enter: back to the menu." in said
        assert "Main menu:" in terminal.answer("")
        os.write(terminal.master, b"q\r")
        terminal.expect(r"Goodbye\.\n")
    except BaseException:
        terminal.process.kill()
        raise
    finally:
        status = terminal.close()
    assert status == 0
    assert b"\x1b" not in terminal.raw, "an escape code: the plain mode must not steer the terminal"
    assert re.search(rb"\r(?!\n)", terminal.raw) is None, "a carriage return redraws a line"
    (saved,) = games_in(data_dir)
    assert saved.final_state().over


def test_the_full_screen_menu_goes_on_in_the_plain_mode_in_the_same_terminal(
    data_dir: Path,
) -> None:
    env = {**os.environ, "CHICKENFOOT_DATA_DIR": str(data_dir), "TERM": "xterm-256color"}
    terminal = Terminal([sys.executable, "-m", "chickenfoot"], env)
    try:
        terminal.expect("Plain mode for screen readers")  # the full-screen menu, drawn
        os.write(terminal.master, b"p")
        said = terminal.expect(PROMPT)
        assert "Chicken Foot, plain mode: one line at a time" in said
        assert "chickenfoot --plain starts here" in said
        assert "\nMain menu:\n1: New game\n" in said
        assert "Plain mode every time: off (this chooses it)" in said
        os.write(terminal.master, b"q\r")
        terminal.expect(r"Goodbye\.\n")
    except BaseException:
        terminal.process.kill()
        raise
    finally:
        status = terminal.close()
    assert status == 0
    plain = terminal.raw[terminal.raw.index(b"Chicken Foot, plain mode") :]
    assert b"\x1b" not in plain, "once in the plain mode, nothing steers the terminal"
