"""SVG snapshots of the game: mid-round with an open foot, hand-off, round over, game over.

Each position is reached by replaying a fixed policy over fixed seeds, saved, and opened with
``ChickenFootApp(load=...)``, so every picture is the same on every run. Light and dark themes
(and mid-round, chickenfoot's colour-blind-safe and high-contrast themes too).
Update with ``pytest tests/tui/test_game_snapshots.py --snapshot-update`` and look at them.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot

from chickenfoot.play.wire import PassKeyboard
from chickenfoot.rules import Draw, GameState, Play, apply, legal_actions
from chickenfoot.tui.app import ChickenFootApp
from chickenfoot.tui.screens.game_over import GameOverScreen
from chickenfoot.tui.screens.round_over import RoundOverScreen
from chickenfoot.tui.themes import THEMES as OWN_THEMES
from tests.tui.conftest import THEMES, SnapCompare, TuiKit

ALL_THEMES = (*THEMES, *(theme.name for theme in OWN_THEMES))
"""Textual's two and chickenfoot's own (colour-blind-safe, high-contrast)."""


def human_plays_toe(state: GameState) -> bool:
    """Seat 0 is on turn, a chicken foot is open and seat 0 can play a toe."""
    return (
        state.turn == 0
        and state.board.foot is not None
        and state.board.toes >= 1
        and any(isinstance(a, Play) for a in legal_actions(state))
    )


def human_goes_out_next(state: GameState) -> bool:
    """In round 1, seat 0 is on turn with one playable tile left: its next play ends the round."""
    return (
        state.turn == 0
        and state.round_index == 0
        and len(state.hands[0]) == 1
        and any(isinstance(a, Play) for a in legal_actions(state))
    )


def open_game(
    kit: type[TuiKit],
    data_dir: Path,
    kinds: tuple[str, ...],
    rounds: int,
    stop: Callable[[GameState], bool],
    theme: str,
) -> ChickenFootApp:
    """An app continuing the first game (fixed seeds and policy) that reaches ``stop``.

    The theme is set before the app runs, so every screen (also one seen through a dialog)
    is drawn in it from the start: nothing waits for a repaint after a theme change.
    """
    from chickenfoot.rules import preset

    rules = preset("cross", players=len(kinds), rounds=rounds)
    record = kit.find_record(rules, kit.seats(*kinds), stop)
    app = ChickenFootApp(load=kit.stored(record), bot_delay=0)
    app.theme = theme
    return app


@pytest.mark.parametrize("theme", ALL_THEMES)
def test_mid_round_with_an_open_foot(
    snap_compare: SnapCompare, kit: type[TuiKit], data_dir: Path, theme: str
) -> None:
    app = open_game(
        kit, data_dir, ("human", "computer", "computer", "computer"), 2, human_plays_toe, theme
    )

    async def run_before(pilot: Pilot[None]) -> None:
        await kit.settle(
            pilot, lambda app: app.game_screen is not None and app.game_screen.client.on_turn
        )

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


def test_mid_round_without_colour(
    snap_compare: SnapCompare, kit: type[TuiKit], data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With NO_COLOR the open foot, the chosen end, the new tiles and the playable tiles are
    still told apart: by frames and marks, not by colour."""
    monkeypatch.setenv("NO_COLOR", "1")
    app = open_game(
        kit, data_dir, ("human", "computer", "computer", "computer"), 2, human_plays_toe, THEMES[0]
    )

    async def run_before(pilot: Pilot[None]) -> None:
        await kit.settle(
            pilot, lambda app: app.game_screen is not None and app.game_screen.client.on_turn
        )

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


def human_draws_a_fitting_tile(state: GameState) -> bool:
    """Seat 0 is on turn with nothing that fits, and the tile it would draw fits."""
    legal = legal_actions(state)
    return (
        state.turn == 0
        and Draw(seat=0) in legal
        and not any(isinstance(a, Play) for a in legal)
        and apply(state, Draw(seat=0))[0].drawn is not None
    )


@pytest.mark.parametrize("theme", THEMES)
def test_a_drawn_tile_is_sorted_in_and_marked_new(
    snap_compare: SnapCompare, kit: type[TuiKit], data_dir: Path, theme: str
) -> None:
    kinds = ("human", "computer", "computer", "computer")
    app = open_game(kit, data_dir, kinds, 2, human_draws_a_fitting_tile, theme)

    async def run_before(pilot: Pilot[None]) -> None:
        await kit.person_on_turn(pilot)
        await pilot.press("d")
        await kit.settle(pilot, lambda app: kit.game_screen(app).session.state.drawn is not None)

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


@pytest.mark.parametrize("theme", THEMES)
def test_hand_off_hides_every_hand(
    snap_compare: SnapCompare, kit: type[TuiKit], data_dir: Path, theme: str
) -> None:
    app = open_game(kit, data_dir, ("human", "human", "computer"), 2, human_plays_toe, theme)

    async def run_before(pilot: Pilot[None]) -> None:
        await kit.settle(
            pilot,
            lambda app: (
                app.game_screen is not None  # the game opens once its file is read
                and isinstance(app.game_screen.client.prompt, PassKeyboard)
            ),
        )

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


@pytest.mark.parametrize("theme", THEMES)
def test_round_over_reveals_every_hand(
    snap_compare: SnapCompare, kit: type[TuiKit], data_dir: Path, theme: str
) -> None:
    app = open_game(kit, data_dir, ("human", "computer", "computer"), 2, human_goes_out_next, theme)

    async def run_before(pilot: Pilot[None]) -> None:
        await kit.play_a_tile(pilot)
        await kit.settle(pilot, lambda app: isinstance(app.screen, RoundOverScreen))

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


@pytest.mark.parametrize("theme", THEMES)
def test_game_over_ranks_the_seats(
    snap_compare: SnapCompare, kit: type[TuiKit], data_dir: Path, theme: str
) -> None:
    app = open_game(kit, data_dir, ("human", "computer", "computer"), 1, human_goes_out_next, theme)

    async def run_before(pilot: Pilot[None]) -> None:
        await kit.play_a_tile(pilot)
        await kit.wait_for(
            pilot, lambda: isinstance(pilot.app.screen, RoundOverScreen), "round over"
        )
        await pilot.press("enter")
        await kit.settle(pilot, lambda app: isinstance(app.screen, GameOverScreen))

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)
