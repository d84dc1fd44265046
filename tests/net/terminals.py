"""People at online tables in real terminals: ``chickenfoot`` in tmux sessions (each with a
data folder of its own), and the key a person presses for what the game screen asks."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from chickenfoot.text.legend import LEGEND_TITLE
from tests import terminal
from tests.terminal import Terminal

MOVES = (
    ("Enter goes on", "Enter"),
    ("Enter shows", "Enter"),
    ("Enter deals", "Enter"),
    ("Enter: seen", "Enter"),
    ("Enter plays", "Enter"),
    ("play it (Enter)", "Enter"),
    ("draw (d)", "d"),
    ("keep (k)", "k"),
    ("pass (p)", "p"),
    ("choose one (↑/↓", "Down"),
    ("choose another tile", "Right"),
    ("choose a tile", "Right"),
)
"""Words of the game screen's status line (or of a round's result) and the key that answers
them, the more specific first."""

WAITS = ("Waiting for", "is playing…", "is thinking…", "Game over")
"""Words of the status line while the table waits for somebody else, and the title of the
game's result (after which nothing is pressed: Enter there would deal a new game)."""


HAND_OFFS = ("then press Enter", "to take the keyboard")
"""Words of a hand-off between people at one keyboard: never shown to a person seated alone
at an online table (a screen showing one is not the table's)."""

ROUND_STATUS = "is over · Enter"
ROUND_BUTTONS = ("See the final results", "Deal round")
"""The status line while a round's result is up, and the result's buttons: once a person went
on (the buttons gone), the status stays until everybody has, and Enter there does nothing."""

WAIT = 90.0
"""Seconds a screen may take to show what a test waits for (never reached when all is well:
a loaded machine is slow)."""


def wait_for_screen(screen: Terminal, condition: Callable[[str], bool], what: str) -> str:
    """Poll ``screen`` until ``condition`` holds; fail naming ``what`` and showing the screen
    after :data:`WAIT` seconds."""
    return screen.wait_until(condition, what, WAIT)


def key_for(screen: str) -> str | None:
    """The key a person presses for what ``screen`` (a terminal's whole screen) asks, if any
    (none once the game's result is up, nor while they wait for the others to go on); a
    hand-off fails the test at once, showing the screen."""
    if "Game over" in screen:
        return None
    if any(words in screen for words in HAND_OFFS):
        raise AssertionError(f"a hand-off on an online seat's screen:\n{screen}")
    if ROUND_STATUS in screen and not any(label in screen for label in ROUND_BUTTONS):
        return None
    if LEGEND_TITLE in screen:  # shown by itself the first time the table turns compact
        return "Escape"
    return next((key for words, key in MOVES if words in screen), None)


PHRASES = (*(words for words, _key in MOVES), *WAITS)
"""Every request and every wait, in the order :func:`key_for_latest` reads their places."""


def key_for_latest(places: Sequence[int]) -> str | None:
    """The key for the request drawn last, from where each of :data:`PHRASES` was last drawn
    (-1: never) in all a browser tab was sent (earlier status lines are still in that text);
    None when the last words drawn are of waiting for somebody else."""
    keys = (*(key for _words, key in MOVES), *(None for _words in WAITS))
    place, key = max(zip(places, keys, strict=True), key=lambda pair: pair[0])
    return key if place >= 0 else None


_PRESSED_ON: dict[str, str] = {}
"""The screen each terminal (by name) was last sent a key on."""


def answer(terminal: Terminal) -> bool:
    """Press the key the screen asks for, if it asks for one, once per screen: not again
    while the screen is still the one the last key was pressed on (the app has not taken it
    in yet, and a second key would reach whatever screen comes next); True if a key was
    pressed."""
    screen = terminal.screen()
    if _PRESSED_ON.get(terminal.name) == screen:
        return False
    key = key_for(screen)
    if key is not None:
        _PRESSED_ON[terminal.name] = screen
        terminal.send(key)
    return key is not None


def start(names: list[str], data: Path, *arguments: str) -> Terminal:
    """``chickenfoot ARGUMENTS`` in a new 100x30 tmux session with the data folder ``data``
    (its name added to ``names``: see :func:`tests.terminal.terminals`)."""
    return terminal.start(names, data, *arguments, prefix="chickenfoot-online")
