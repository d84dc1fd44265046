"""The plain mode at an online table, in a real pseudo terminal: a person makes a table on a
real ``chickenfoot host`` (127.0.0.1, a port the system picks) from New game, another client
joins it by the line the lobby says, the person starts the game and plays its round to the end
from the lines alone, while the other's moves are said as they come.

Every wait is for a line to appear, with a deadline; nothing steers the terminal."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

from tests.kit import games_in
from tests.net.processes import Process
from tests.plain.test_terminal import PROMPT, Terminal, move

ASKS_ANA = (
    r"Your turn: |You drew \d+\|\d+: |You: nothing fits|"
    r"Enter(: seen| deals the next round| shows the final results)|Final ranking:"
)
"""What the table says when it waits for Ana (or for Enter)."""

MY_TURN = rf"(?s)({ASKS_ANA})[^\n]*\n.*> \Z"
"""That, then the table's question."""


def asks_ana(said: str) -> bool:
    """True if the last thing ``said`` of the table waiting is that it waits for Ana (the
    others' moves come as they are made, so an answer may already hold the next turn)."""
    asks = [found.start() for found in re.finditer(ASKS_ANA, said)]
    waits = [found.start() for found in re.finditer(r"Waiting for ", said)]
    return bool(asks) and (not waits or asks[-1] > waits[-1])


def test_a_plain_mode_player_makes_an_online_table_and_plays_it_with_a_joined_client(
    data_dir: Path, tmp_path: Path
) -> None:
    server = Process(["host", "--port", "0"], tmp_path / "server")
    bea: Process | None = None
    env = {**os.environ, "CHICKENFOOT_DATA_DIR": str(data_dir), "TERM": "xterm-256color"}
    terminal: Terminal | None = None
    try:
        address = server.wait_for_line(r"served at ws://(\S+)$").group(1)
        terminal = Terminal([sys.executable, "-m", "chickenfoot", "--plain"], env)
        menu = terminal.expect(PROMPT)
        assert "\n2: Join a table\n" in menu
        setup = [
            "n", "s", "2", "Ana", "person", "Bea", "person",  # two people
            "r", "1", "1",  # the double-6 set
            "r", "2", "4",  # four tiles in each hand
            "r", "10", "1",  # one round
            "o", address, "", "", "",  # the table server; the other options as they are
        ]  # fmt: skip
        for line in setup:
            said = terminal.answer(line)
        assert f"Table server: {address}" in said
        assert "Lost seat waits (s): 90; then plays it: hard; hints: allowed" in said
        terminal.answer("")  # starts: the table is made
        lobby = terminal.expect(r"s starts the game\n> \Z")
        shared = re.search(r"Share: chickenfoot join (\w{6}@[\d.]+:\d+)", lobby)
        assert shared is not None, f"the lobby says the line to share: {lobby!r}"
        assert re.search(r"Ana +here +← you", lobby), lobby
        bea = Process(["join", shared[1], "--name", "Bea", "--computer", "casual"], tmp_path / "b")
        terminal.expect(r"Bea joined the table\n(?s:.*)every seat is taken; s starts the game")
        terminal.answer("s")  # the creator starts the game
        said = terminal.expect(MY_TURN)
        assert "Round 1 (6|6): " in terminal.text
        for _turn in range(200):
            if "Final ranking:" in said:
                break
            if re.search(r"Enter(: seen| deals the next round| shows the final results)", said):
                said = terminal.answer("")
            else:
                said = move(terminal)
            if not asks_ana(said):
                said = terminal.expect(MY_TURN)
        else:
            raise AssertionError("the round did not end in 200 turns")
        assert "Enter: back to the menu." in said
        terminal.read_to = terminal.text.rindex("Enter: seen (the final results come")
        terminal.expect(r"The finished game is kept as game \d+")
        os.write(terminal.master, b"\r")  # Enter: back to the menu
        terminal.expect(r"Main menu:(?s:.*)\n> \Z")
        os.write(terminal.master, b"q\r")
        terminal.expect(r"Goodbye\.\n")
        assert bea.finish() == 0
    except BaseException:
        if terminal is not None:
            terminal.process.kill()
        raise
    finally:
        if bea is not None:
            bea.kill()
        server.stop()
        status = terminal.close() if terminal is not None else None
    assert status == 0
    assert b"\x1b" not in terminal.raw, "an escape code: the plain mode must not steer the terminal"
    assert re.search(rb"\r(?!\n)", terminal.raw) is None, "a carriage return redraws a line"
    assert "Bea plays " in terminal.text, "the other's moves were said"
    assert any(line.startswith("Ana plays") for line in bea.lines), "the person played"
    (kept,) = games_in(data_dir)
    assert kept.final_state().over
