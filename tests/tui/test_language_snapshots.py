"""SVG snapshots of the main screens in each language chickenfoot speaks besides English: the
menu, the New game form, the table mid-round, the round's scoreboard and the help, at 80x24,
in Galician, Spanish and Hebrew (Hebrew read right to left, the table itself as laid).

Each picture is taken speaking its language (:func:`chickenfoot.lang.speaking`; English is back
after it) in the dark theme, with a fresh data folder; the game positions are reached by
replaying a fixed policy over fixed seeds (as in :mod:`tests.tui.test_game_snapshots`), so
every run draws the same picture. Update with ``pytest tests/tui/test_language_snapshots.py
--snapshot-update`` and look at the SVGs in ``__snapshots__/test_language_snapshots/``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.pilot import Pilot

from chickenfoot.lang import speaking
from chickenfoot.tui.app import ChickenFootApp
from chickenfoot.tui.screens.help import HelpScreen
from chickenfoot.tui.screens.round_over import RoundOverScreen
from chickenfoot.tui.screens.setup import SetupScreen
from tests.tui.conftest import SnapCompare, TuiKit
from tests.tui.test_game_snapshots import human_goes_out_next, human_plays_toe, open_game
from tests.tui.test_menu_snapshots import steady

LANGUAGES = ("gl", "es", "he")
"""The languages besides English, each with its own catalogue; Hebrew is right to left."""

THEME = "textual-dark"
"""The theme every picture here is drawn in (the themes have their own snapshots)."""

SIZE = (80, 24)


@pytest.fixture(params=LANGUAGES)
def spoken(request: pytest.FixtureRequest) -> Iterator[str]:
    """Speak the parameter's language for the test (English again after it); its code."""
    code: str = request.param
    with speaking(code):
        yield code


def test_menu_in_each_language(snap_compare: SnapCompare, spoken: str) -> None:
    assert snap_compare(ChickenFootApp(bot_delay=0), terminal_size=SIZE, run_before=steady(THEME))


def test_setup_in_each_language(snap_compare: SnapCompare, kit: type[TuiKit], spoken: str) -> None:
    async def open_setup(pilot: Pilot[None]) -> None:
        await pilot.press("n")
        await kit.settle(pilot, lambda app: isinstance(app.screen, SetupScreen))
        await steady(THEME)(pilot)

    assert snap_compare(ChickenFootApp(bot_delay=0), terminal_size=SIZE, run_before=open_setup)


def test_mid_round_in_each_language(
    snap_compare: SnapCompare, kit: type[TuiKit], data_dir: Path, spoken: str
) -> None:
    """A fixed deal, four seats, the person on turn with a chicken foot open."""
    kinds = ("human", "computer", "computer", "computer")
    app = open_game(kit, data_dir, kinds, 2, human_plays_toe, THEME)

    async def run_before(pilot: Pilot[None]) -> None:
        await kit.settle(
            pilot, lambda app: app.game_screen is not None and app.game_screen.client.on_turn
        )

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_round_over_in_each_language(
    snap_compare: SnapCompare, kit: type[TuiKit], data_dir: Path, spoken: str
) -> None:
    """The person goes out: the scoreboard of the round, every hand shown."""
    app = open_game(kit, data_dir, ("human", "computer", "computer"), 2, human_goes_out_next, THEME)

    async def run_before(pilot: Pilot[None]) -> None:
        await kit.play_a_tile(pilot)
        await kit.settle(pilot, lambda app: isinstance(app.screen, RoundOverScreen))

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_help_in_each_language(snap_compare: SnapCompare, kit: type[TuiKit], spoken: str) -> None:
    async def open_help(pilot: Pilot[None]) -> None:
        await pilot.press("question_mark")
        await kit.settle(pilot, lambda app: isinstance(app.screen, HelpScreen))
        await steady(THEME)(pilot)

    assert snap_compare(ChickenFootApp(bot_delay=0), terminal_size=SIZE, run_before=open_help)
