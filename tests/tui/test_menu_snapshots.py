"""SVG snapshots of the main menu, the New game screen and help, in light and dark themes.

All at 80x24 with a fresh data folder (no saved game, no remembered set-up), so every run
draws the same picture. Update with ``pytest tests/tui/test_menu_snapshots.py
--snapshot-update`` and look at the SVGs in ``__snapshots__/test_menu_snapshots/``.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Static

from chickenfoot.record.model import GameRecord, SeatConfig
from chickenfoot.tui.app import ChickenFootApp
from chickenfoot.tui.screens.confirm import ConfirmScreen
from chickenfoot.tui.screens.menu import MenuScreen
from chickenfoot.tui.screens.save_as import SaveAsScreen
from chickenfoot.tui.screens.setup import SetupScreen
from tests.kit import as_kind
from tests.tui.conftest import THEMES, SnapCompare, TuiKit, wait_for


def steady(theme: str) -> Callable[[Pilot[None]], Awaitable[None]]:
    """A run_before that sets the theme and stops cursors blinking, for a repeatable picture."""

    async def run_before(pilot: Pilot[None]) -> None:
        pilot.app.theme = theme
        await pilot.pause()
        for text_input in pilot.app.screen.query(Input):
            text_input.cursor_blink = False
        await pilot.pause()

    return run_before


@pytest.mark.parametrize("theme", THEMES)
def test_menu_snapshot(snap_compare: SnapCompare, theme: str) -> None:
    assert snap_compare(
        ChickenFootApp(bot_delay=0), terminal_size=(80, 24), run_before=steady(theme)
    )


@pytest.mark.parametrize("theme", THEMES)
def test_setup_snapshot(snap_compare: SnapCompare, theme: str) -> None:
    async def open_setup(pilot: Pilot[None]) -> None:
        await pilot.press("n")
        await steady(theme)(pilot)

    assert snap_compare(ChickenFootApp(bot_delay=0), terminal_size=(80, 24), run_before=open_setup)


@pytest.mark.parametrize("theme", THEMES)
def test_setup_problem_snapshot(snap_compare: SnapCompare, theme: str) -> None:
    """Eight seats with the cross preset: the engine's message under the hand size, Start off."""

    async def eight_seats(pilot: Pilot[None]) -> None:
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(pilot.app.screen, SetupScreen), "the form")
        screen = as_kind(pilot.app.screen, SetupScreen)
        await pilot.press("ctrl+n", "ctrl+n", "ctrl+n", "ctrl+n")
        problem = screen.query_one("#hand_size-problem", Static)
        await wait_for(
            pilot, lambda: len(screen.seat_rows) == 8 and problem.display, "the hand size's problem"
        )
        hand_size = screen.query_one("#hand_size", Input)
        hand_size.focus()
        form = screen.query_one("#setup-form")
        await wait_for(
            pilot,
            lambda: (
                hand_size.has_focus
                and screen.can_view_entire(problem)
                and form.scroll_y == form.scroll_target_y
            ),
            "the form to scroll to the hand size",
        )
        await steady(theme)(pilot)

    assert snap_compare(ChickenFootApp(bot_delay=0), terminal_size=(80, 24), run_before=eight_seats)


@pytest.mark.parametrize("theme", THEMES)
def test_help_snapshot(snap_compare: SnapCompare, theme: str) -> None:
    async def open_help(pilot: Pilot[None]) -> None:
        await pilot.press("question_mark")
        await steady(theme)(pilot)

    assert snap_compare(ChickenFootApp(bot_delay=0), terminal_size=(80, 24), run_before=open_help)


def test_save_as_snapshot(snap_compare: SnapCompare) -> None:
    """The Save as dialog with a name that is refused."""

    async def ask(pilot: Pilot[None]) -> None:
        pilot.app.push_screen(SaveAsScreen("sunday/"))
        await steady("textual-light")(pilot)

    assert snap_compare(ChickenFootApp(bot_delay=0), terminal_size=(80, 24), run_before=ask)


def test_menu_with_continue_snapshot(snap_compare: SnapCompare, kit: type[TuiKit]) -> None:
    """A saved unfinished game adds Continue, naming its seats and round."""
    seats = (SeatConfig(name="Ana", player="human"), SeatConfig(name="[b]Bea[/b]", player="human"))
    kit.stored(GameRecord.new(kit.short_rules(2, rounds=2), seats, seed=3))
    settle = steady("textual-dark")

    async def with_continue(pilot: Pilot[None]) -> None:
        await settle(pilot)
        await kit.wait_for(
            pilot, lambda: as_kind(pilot.app.screen, MenuScreen).unfinished is not None, "Continue"
        )

    assert snap_compare(
        ChickenFootApp(bot_delay=0), terminal_size=(80, 24), run_before=with_continue
    )


def test_question_snapshot(snap_compare: SnapCompare) -> None:
    """A yes/no question over the menu."""

    async def ask(pilot: Pilot[None]) -> None:
        pilot.app.push_screen(
            ConfirmScreen("Delete the saved game of Ana and [b]Bea[/b]?", yes="Delete", no="Keep")
        )
        await steady("textual-dark")(pilot)

    assert snap_compare(ChickenFootApp(bot_delay=0), terminal_size=(80, 24), run_before=ask)
