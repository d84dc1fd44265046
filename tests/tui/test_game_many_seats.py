"""Eight seats at 80×24: the seats panel shares rows two by two so the log keeps its room,
in the game and in the replay (which shows the seats panel again); four seats stay one a row."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot

from chickenfoot.rules import GameState, RuleSet, legal_actions, preset
from chickenfoot.tui.app import ChickenFootApp
from chickenfoot.tui.screens.replay import ReplayScreen
from chickenfoot.tui.widgets import EventLog, SeatsPanel
from tests.kit import as_kind
from tests.tui.conftest import THEMES, SnapCompare, TuiKit

EIGHT = ("human",) + ("computer",) * 7
LOG_LINES_AT_80X24 = 6
"""The fewest log lines an 8-seat game must show at 80×24."""


def eight_seat_rules() -> RuleSet:
    """Cross rules for eight seats: double-12, so everyone gets seven tiles."""
    return preset("cross", players=8, set_size=12, rounds=2)


def arms_started(state: GameState) -> bool:
    """Seat 0 is on turn with a play, after several seats have played (a log worth reading)."""
    return state.turn == 0 and len(state.board.open_ends) >= 4 and any(legal_actions(state))


def laid_out(panel: SeatsPanel, seats: int) -> bool:
    """``panel`` shows ``seats`` seats and the screen has been laid out for them: its height is
    the one it asks for (the layout follows the seats a frame or more after they arrive)."""
    return len(panel.shown.names) == seats and panel.size.height == panel.get_content_height(
        panel.size, panel.size, panel.size.width
    )


def open_eight(
    kit: type[TuiKit], data_dir: Path, theme: str = "textual-dark"
) -> tuple[ChickenFootApp, Path]:
    """An app (in ``theme`` from the start) continuing an 8-seat game (fixed seeds and
    policy), and the game saved as a file."""
    record = kit.find_record(eight_seat_rules(), kit.seats(*EIGHT), arms_started)
    path = kit.save(record, data_dir)
    app = ChickenFootApp(load=kit.stored(record), bot_delay=0)
    app.theme = theme
    return app, path


async def test_eight_seats_share_rows_and_the_log_keeps_its_room(
    kit: type[TuiKit], data_dir: Path
) -> None:
    app, _path = open_eight(kit, data_dir)
    async with app.run_test(size=(80, 24)) as pilot:
        await kit.person_on_turn(pilot)
        seats = app.screen.query_one(SeatsPanel)
        await kit.wait_for(pilot, lambda: laid_out(seats, 8), "the seats laid out")
        assert seats.compact
        assert seats.size.height == 1 + 4
        assert "Hal" in seats.render().plain
        assert app.screen.query_one(EventLog).scrollable_content_region.height >= LOG_LINES_AT_80X24
        await pilot.resize_terminal(100, 40)
        await kit.wait_for(
            pilot, lambda: not seats.compact and seats.size.height == 1 + 8, "one seat a row"
        )


async def test_four_seats_stay_one_a_row(kit: type[TuiKit], data_dir: Path) -> None:
    rules = kit.short_rules(4)
    four = kit.seats("human", "computer", "computer", "computer")
    record = kit.find_record(rules, four, kit.human_can_play)
    app = ChickenFootApp(load=kit.stored(record), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await kit.person_on_turn(pilot)
        seats = app.screen.query_one(SeatsPanel)
        await kit.wait_for(pilot, lambda: laid_out(seats, 4), "the seats laid out")
        assert not seats.compact and seats.size.height == 1 + 4


@pytest.mark.parametrize("theme", THEMES)
def test_eight_seat_game_at_80x24(
    snap_compare: SnapCompare, kit: type[TuiKit], data_dir: Path, theme: str
) -> None:
    app, _path = open_eight(kit, data_dir, theme)

    async def run_before(pilot: Pilot[None]) -> None:
        await kit.settle(
            pilot, lambda app: app.game_screen is not None and app.game_screen.client.on_turn
        )

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


def test_eight_seat_replay_at_80x24(
    snap_compare: SnapCompare, kit: type[TuiKit], data_dir: Path
) -> None:
    _app, path = open_eight(kit, data_dir)

    async def run_before(pilot: Pilot[None]) -> None:
        as_kind(pilot.app, ChickenFootApp).open_file(path, watch=True)
        await kit.wait_for(pilot, lambda: isinstance(pilot.app.screen, ReplayScreen), "the replay")
        await pilot.press("end")
        await kit.settle(pilot, lambda app: as_kind(app.screen, ReplayScreen).cursor.at_end)

    assert snap_compare(ChickenFootApp(bot_delay=0), terminal_size=(80, 24), run_before=run_before)
