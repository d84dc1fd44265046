"""Shared fixtures and helpers for the TUI tests: a private data dir, small games, a key driver.

Every test gets ``CHICKENFOOT_DATA_DIR`` pointing at its own temporary folder. The helpers
build short games (double-6, small hands, one or two rounds) so whole games play in well
under a second, and :func:`press_turn` turns "what the player on turn should do" into the
key presses a person would type.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

import pytest
from textual.pilot import Pilot

from chickenfoot.record import GameRecord, SeatConfig, save_record
from chickenfoot.rules import Draw, GameState, Pass, Play, RuleSet, apply, legal_actions, preset
from chickenfoot.tui.app import ChickenFootApp
from chickenfoot.tui.screens.game import GameScreen
from chickenfoot.tui.widgets.hand import sorted_hand

WAIT_LIMIT = 500
"""Most event-loop turns to wait for something the app must do by itself (bots, screens)."""


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private data directory for saves and settings."""
    folder = tmp_path / "data"
    folder.mkdir()
    monkeypatch.setenv("CHICKENFOOT_DATA_DIR", str(folder))
    return folder


def short_rules(players: int, rounds: int = 1) -> RuleSet:
    """A quick cross game: double-6, 5 tiles each, 3 arms, ``rounds`` rounds."""
    return preset("cross", players=players, set_size=6, hand_size=5, arms=3, rounds=rounds)


def seats(*kinds: str) -> tuple[SeatConfig, ...]:
    """Seats from kinds: "human" or "computer" (random level), named Ana, Bea, Cy, ..."""
    names = ("Ana", "Bea", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")
    return tuple(
        SeatConfig(name=names[seat], player=kind, level=None if kind == "human" else "random")
        for seat, kind in enumerate(kinds)
    )


async def wait_for(pilot: Pilot, condition: Callable[[], bool], what: str) -> None:
    """Let the app run until ``condition()`` holds and the screen on top is mounted (so its
    widgets can be queried); fail (naming ``what``) if that never happens.

    Counting event-loop turns, not seconds: a loaded machine only makes it take longer.
    """
    for _ in range(WAIT_LIMIT):
        if condition() and pilot.app.screen.is_mounted:
            return
        await pilot.pause()
    raise AssertionError(f"timed out waiting for {what}; screens: {pilot.app.screen_stack}")


def game_screen(app: ChickenFootApp) -> GameScreen:
    """The game screen under whatever dialog is on top."""
    screen = app.game_screen
    assert screen is not None, "no game is open"
    return screen


def human_can_play(state: GameState) -> bool:
    """Seat 0 is on turn and has a tile that fits (so a play key does something)."""
    return state.turn == 0 and any(isinstance(action, Play) for action in legal_actions(state))


def choose_action(state: GameState) -> Play | Draw | Pass:
    """A fixed, simple policy for tests: the last legal play if any, else draw, else pass."""
    legal = legal_actions(state)
    plays = [action for action in legal if isinstance(action, Play)]
    return plays[-1] if plays else legal[0]


async def press_turn(pilot: Pilot, game: GameScreen, action: Play | Draw | Pass) -> None:
    """Type the keys that make the person on turn take ``action``.

    A play: the tile's digit in the sorted hand (or arrows past the ninth tile), the end's
    letter when the tile fits more than one end, then Enter.
    """
    if isinstance(action, Draw):
        await pilot.press("d")
        return
    if isinstance(action, Pass):
        await pilot.press("k" if game.state.drawn is not None else "p")
        return
    hand = sorted_hand(game.state.hands[game.state.turn])
    index = hand.index(action.tile)
    if index < 9:
        await pilot.press(str(index + 1))
    else:
        while game.selected != index:
            await pilot.press("right")
    fits = [a for a in legal_actions(game.state) if isinstance(a, Play) and a.tile == action.tile]
    if len(fits) > 1:
        await pilot.press(game.labels[action.target])
    await pilot.press("enter")


def record_until(
    rules: RuleSet,
    seat_configs: tuple[SeatConfig, ...],
    seed: int,
    stop: Callable[[GameState], bool],
) -> GameRecord | None:
    """A record played with :func:`choose_action` up to the first state where ``stop`` holds."""
    record = GameRecord.new(rules, seat_configs, seed=seed)
    state = record.final_state()
    for _ in range(2000):
        if stop(state):
            return record
        if state.over:
            return None
        action = choose_action(state)
        state, _events = apply(state, action)
        record = record.appended(action)
    return None


def find_record(
    rules: RuleSet, seat_configs: tuple[SeatConfig, ...], stop: Callable[[GameState], bool]
) -> GameRecord:
    """The first record (trying seeds 1, 2, ...) that reaches a state where ``stop`` holds."""
    for seed in range(1, 300):
        record = record_until(rules, seat_configs, seed, stop)
        if record is not None:
            return record
    raise AssertionError("no seed reaches the wanted position")


def save(record: GameRecord, folder: Path, name: str = "game.json") -> Path:
    """Save ``record`` under ``folder`` and return the path."""
    path = folder / name
    save_record(record, path)
    return path


class Kit:
    """The helpers above, handed to tests as the ``kit`` fixture (no import path games)."""

    short_rules = staticmethod(short_rules)
    seats = staticmethod(seats)
    wait_for = staticmethod(wait_for)
    game_screen = staticmethod(game_screen)
    choose_action = staticmethod(choose_action)
    human_can_play = staticmethod(human_can_play)
    press_turn = staticmethod(press_turn)
    find_record = staticmethod(find_record)
    save = staticmethod(save)


@pytest.fixture
def kit() -> type[Kit]:
    """Helpers for driving the app in tests."""
    return Kit
