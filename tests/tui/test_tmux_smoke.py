"""Smoke test in a real terminal: tmux runs ``chickenfoot``, keys go in, the screen is read back.

Skipped when tmux is not installed (``.ci/run`` installs it). The terminals are the shared
kit's (``tests/terminal.py``): every wait polls ``tmux capture-pane`` with a bounded deadline,
and each session runs on a tmux server of its own, killed afterwards.
"""

from __future__ import annotations

import shutil
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from chickenfoot.play.keys import end_keys
from chickenfoot.rules import Play, legal_actions
from chickenfoot.text.words import sorted_hand
from tests.kit import games_in
from tests.terminal import DEADLINE_SECONDS, POLL_SECONDS, Terminal, start, terminals
from tests.tui.conftest import TuiKit

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")


@pytest.fixture
def terminal(data_dir: Path) -> Iterator[Callable[..., Terminal]]:
    """Start ``chickenfoot`` with arguments in tmux; the session is killed afterwards."""
    with terminals() as names:

        def start_one(*arguments: str, environment: dict[str, str] | None = None) -> Terminal:
            return start(
                names, data_dir, *arguments, environment=environment, prefix="chickenfoot-smoke"
            )

        yield start_one


def test_a_saved_game_opens_takes_a_move_and_saves_it(
    terminal: Callable[..., Terminal], kit: type[TuiKit], data_dir: Path
) -> None:
    rules = kit.short_rules(4)
    record = kit.find_record(
        rules, kit.seats("human", "computer", "computer", "computer"), kit.human_can_play
    )
    path = kit.save(record, data_dir, "smoke.json")
    state = record.final_state()
    play = next(a for a in legal_actions(state) if isinstance(a, Play))
    index = sorted_hand(state.hands[0]).index(play.tile)

    screen = terminal("load", str(path))
    before = screen.wait_until(lambda text: "Ana's hand" in text, "the game screen")
    assert "Ends:" in before, "the open-ends strip is on screen"
    assert "Round 1 of 1" in before
    screen.send(str(index + 1))
    fits = [a for a in legal_actions(state) if isinstance(a, Play) and a.tile == play.tile]
    if len(fits) > 1:
        screen.wait_until(lambda text: "fits" in text, "the tile's ends")
        screen.send(end_keys(state.board)[play.target])
    screen.send("Enter")
    after = screen.wait_until(lambda text: f"Ana plays {play.tile}" in text, "the move in the log")
    assert after != before
    saved = kit.games_in(data_dir)
    assert len(saved) == 1, "the file became one game of the store"
    assert saved[0].actions[len(record.actions)] == play
    screen.send("q")
    screen.wait_until(lambda text: "Quit Chicken Foot?" in text, "the quit question")
    screen.send("y")
    deadline = time.monotonic() + DEADLINE_SECONDS
    while screen.running() and time.monotonic() < deadline:
        time.sleep(POLL_SECONDS)
    assert not screen.running(), "the app did not quit"


HUMAN_MOVES = (
    ("Enter plays", "Enter"),
    ("draw (d)", "d"),
    ("pass (p)", "p"),
)
"""Status-line hints of the game screen and the key that makes that move."""


def test_a_game_started_from_the_menu_takes_a_move(
    terminal: Callable[..., Terminal], data_dir: Path
) -> None:
    screen = terminal()
    menu = screen.wait_until(lambda text: "New game" in text, "the main menu")
    assert "Quit" in menu
    screen.send("n")
    screen.wait_until(lambda text: "Start" in text, "the set-up screen")
    screen.send("C-s")
    screen.wait_until(lambda text: "Round 1 of" in text, "the game screen")
    moved = False
    deadline = time.monotonic() + DEADLINE_SECONDS
    while not moved and time.monotonic() < deadline:
        text = screen.screen()
        if "then press Enter" in text:
            screen.send("Enter")
        elif "choose one (↑/↓" in text:
            screen.send("Down")
        elif "choose another tile" in text:
            screen.send("Right")
        else:
            key = next((key for hint, key in HUMAN_MOVES if hint in text), None)
            if key is not None:
                screen.send(key)
                moved = True
        if not moved:

            def changed(now: str, before: str = text) -> bool:
                return now != before

            screen.wait_until(changed, "the screen to change")
    assert moved, "no human move was offered"

    def human_acted() -> bool:
        (record,) = games_in(data_dir)
        humans = {seat for seat, config in enumerate(record.seats) if config.player == "human"}
        return any(action.seat in humans for action in record.actions)

    while not human_acted() and time.monotonic() < deadline:
        time.sleep(POLL_SECONDS)
    assert human_acted(), "the key press did not become a saved move"


def test_a_name_typed_fast_with_corrections_arrives_whole(
    terminal: Callable[..., Terminal],
) -> None:
    screen = terminal()
    screen.wait_until(lambda text: "New game" in text, "the main menu")
    screen.send("n")
    screen.wait_until(lambda text: "Seats" in text, "the set-up screen")
    # One burst, as a fast typist or a macro sends it: the field's text cleared, a name with
    # a slip corrected by Backspace, and more after it.
    screen.send("C-u", "Ferdinand the Greatt", "BSpace", " of Zanzibar")
    typed = "Ferdinand the Great of Zanzibar"[:24]  # a name holds 24 characters
    screen.wait_until(lambda text: f" 1. {typed} " in text, "every character in the name")


def test_a_latin_1_terminal_is_drawn_in_ascii(terminal: Callable[..., Terminal]) -> None:
    screen = terminal(environment={"PYTHONIOENCODING": "latin-1"})
    menu = screen.wait_until(lambda text: "New game" in text, "the main menu")
    assert "+-----" in menu and "|" in menu, "boxes drawn with + - |"
    assert "\\u" not in menu and "─" not in menu, "no escape codes, no box characters"
