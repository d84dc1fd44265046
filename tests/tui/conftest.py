"""TUI test helpers: wait for the app, find the game screen, type a player's turn, settle a
screen before its picture is taken.

The ``kit`` fixture here is the shared game kit (:mod:`tests.kit`) plus these helpers; the
private data folder comes from the top-level conftest.
"""

from __future__ import annotations

import re
import time
from collections.abc import Awaitable, Callable, Iterable
from pathlib import PurePath
from typing import Any, Protocol
from xml.etree import ElementTree

import pytest
from textual.app import App
from textual.css.query import NoMatches
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Footer

from chickenfoot.rules import Draw, Pass, Play, legal_actions
from chickenfoot.text.words import sorted_hand
from chickenfoot.tui.app import ChickenFootApp
from chickenfoot.tui.screens.game import GameScreen
from chickenfoot.tui.screens.game_over import GameOverScreen
from chickenfoot.tui.widgets import EventLog
from tests.kit import Kit, as_kind

THEMES = ("textual-dark", "textual-light")
"""The themes the snapshot tests draw each main screen in."""

WAIT_LIMIT = 500
"""Fewest event-loop turns to wait for something the app must do by itself (bots, screens)."""
WAIT_SECONDS = 60.0
"""Fewest seconds to wait for it: what the app does in a worker thread (a computer player,
a file) can be starved of the processor on a loaded machine while the loop turns freely."""


async def wait_for(pilot: Pilot[None], condition: Callable[[], bool], what: str) -> None:
    """Let the app run until the screen on top is mounted and ``condition()`` holds; fail
    (naming ``what``) if that never happens. A condition that queries a widget not composed
    yet (``NoMatches``: a screen pushed but not mounted) is not true yet.

    It gives up only after both :data:`WAIT_LIMIT` event-loop turns and :data:`WAIT_SECONDS`:
    a loaded machine only makes it take longer, whether the loop or a worker thread is slow.
    """
    turns, deadline = 0, time.monotonic() + WAIT_SECONDS
    while turns < WAIT_LIMIT or time.monotonic() < deadline:
        try:
            if pilot.app.screen.is_mounted and condition():
                return
        except NoMatches:
            pass
        await pilot.pause()
        turns += 1
    raise AssertionError(f"timed out waiting for {what}; screens: {pilot.app.screen_stack}")


def game_screen(app: ChickenFootApp) -> GameScreen:
    """The game screen under whatever dialog is on top."""
    screen = app.game_screen
    assert screen is not None, "no game is open"
    return screen


def my_turn(game: GameScreen) -> bool:
    """True when the table waits for the person at the keyboard to act (their hand shown)."""
    return game.client.on_turn and game.app.screen is game


def prompt_kind(game: GameScreen) -> str:
    """What the table waits for from the screen now: "your_turn", "pass_keyboard", ..."""
    return game.client.prompt.kind


def log_at_end(screen: Screen[Any]) -> bool:
    """``screen``'s event log shows its newest line (it scrolls there after a refresh)."""
    log = screen.query_one(EventLog)
    return bool(log.lines) and log.scroll_y == log.max_scroll_y


def at_rest(app: ChickenFootApp) -> bool:
    """The screen on top and the game screen under it (if a game is open) are drawn to stay:
    their Footers show their keys (a Footer is rebuilt after the first frame) and their event
    logs their newest line; a game's result, its people's play."""
    screens: list[Screen[Any]] = [app.screen]
    if app.game_screen is not None and app.game_screen is not app.screen:
        screens.append(app.game_screen)
    return all(
        all(footer.children for footer in screen.query(Footer))
        and (not screen.query(EventLog) or log_at_end(screen))
        and (not isinstance(screen, GameOverScreen) or screen.play_shown)
        for screen in screens
    )


async def settle(pilot: Pilot[None], condition: Callable[[ChickenFootApp], bool]) -> None:
    """Wait until ``condition(app)`` holds and the app is :func:`at_rest`, then one more frame:
    the moment to take a picture."""
    app = as_kind(pilot.app, ChickenFootApp)
    await wait_for(pilot, lambda: condition(app) and at_rest(app), "the screen to photograph")
    await pilot.pause()


async def press_turn(pilot: Pilot[None], game: GameScreen, action: Play | Draw | Pass) -> None:
    """Type the keys that make the person on turn take ``action``.

    A play: the tile's digit in the sorted hand (or arrows past the ninth tile), the end's
    letter when the tile fits more than one end, then Enter.
    """
    state = game.session.state
    if isinstance(action, Draw):
        await pilot.press("d")
        return
    if isinstance(action, Pass):
        await pilot.press("k" if state.drawn is not None else "p")
        return
    hand = sorted_hand(state.hands[state.turn])
    index = hand.index(action.tile)
    if index < 9:
        await pilot.press(str(index + 1))
    else:
        while game.client.selected != index:
            await pilot.press("right")
    fits = [a for a in legal_actions(state) if isinstance(a, Play) and a.tile == action.tile]
    if len(fits) > 1:
        await pilot.press(game.client.labels()[action.target])
    await pilot.press("enter")


async def person_on_turn(pilot: Pilot[None]) -> GameScreen:
    """Wait until a game is open with a person on turn at the keyboard; its game screen."""
    app = as_kind(pilot.app, ChickenFootApp)
    await wait_for(
        pilot,
        lambda: app.game_screen is not None and app.game_screen.client.on_turn,
        "a person's turn",
    )
    return game_screen(app)


async def play_a_tile(pilot: Pilot[None]) -> None:
    """Once a person is on turn, play the first tile that fits by keys (see :func:`press_turn`)."""
    game = await person_on_turn(pilot)
    action = next(a for a in legal_actions(game.session.state) if isinstance(a, Play))
    await press_turn(pilot, game, action)


class SnapCompare(Protocol):
    """The ``snap_compare`` fixture of pytest-textual-snapshot: compare a screenshot of ``app``
    (after ``press`` and ``run_before``) with the one stored. (The plugin declares the fixture
    narrower than the function it returns, and ships no type information.)"""

    def __call__(
        self,
        app: str | PurePath | App[Any],
        press: Iterable[str] = ...,
        terminal_size: tuple[int, int] = ...,
        run_before: Callable[[Pilot[Any]], Awaitable[None] | None] | None = ...,
    ) -> bool: ...


SVG = "{http://www.w3.org/2000/svg}"
SVG_LINE = re.compile(r"line-(\d+)\)")


def screen_lines(app: App[Any]) -> list[str]:
    """The screen as a player sees it, line by line, read from Textual's public screenshot
    (its SVG: each run of text at its column, on its line)."""
    root = ElementTree.fromstring(app.export_screenshot())
    runs: list[tuple[int, float, str]] = []
    cell = 0.0
    for element in root.iter(f"{SVG}text"):
        found = SVG_LINE.search(element.get("clip-path", ""))
        text = (element.text or "").replace("\xa0", " ")
        if found is None or not text:
            continue
        runs.append((int(found[1]), float(element.get("x", 0)), text))
        if text.isascii():
            cell = cell or float(element.get("textLength", 0)) / len(text)
    lines = [""] * (max((line for line, _x, _text in runs), default=-1) + 1)
    for line, x, text in sorted(runs):
        column = round(x / cell)
        lines[line] = lines[line].ljust(column) + text
    return lines


class TuiKit(Kit):
    """The shared game kit plus the helpers that drive the app."""

    wait_for = staticmethod(wait_for)
    game_screen = staticmethod(game_screen)
    press_turn = staticmethod(press_turn)
    my_turn = staticmethod(my_turn)
    prompt_kind = staticmethod(prompt_kind)
    person_on_turn = staticmethod(person_on_turn)
    play_a_tile = staticmethod(play_a_tile)
    log_at_end = staticmethod(log_at_end)
    settle = staticmethod(settle)


@pytest.fixture
def kit() -> type[TuiKit]:
    """Helpers for driving the app in tests."""
    return TuiKit
