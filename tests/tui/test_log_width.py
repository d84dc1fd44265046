"""A log wraps its lines at its whole width, whatever happened while it was folded away: the
lines written while the seats and the log were hidden (a big table on a short screen) and
those written before are laid out again at the log's width once it shows again, at 80x24 and
at 120x40; the whole-log dialogs wrap at theirs."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.text import Text

from chickenfoot.rules import preset
from chickenfoot.saves.jsonformat import save_record
from chickenfoot.tui.app import ChickenFootApp
from chickenfoot.tui.screens.game import GameScreen
from chickenfoot.tui.screens.log import LogScreen
from chickenfoot.tui.screens.replay import ReplayScreen
from chickenfoot.tui.widgets.event_log import WrappedLog
from tests.kit import as_kind
from tests.recorded import random_record
from tests.tui.conftest import TuiKit


def wrapped_at_its_width(log: WrappedLog) -> bool:
    """``log`` shows each of its lines wrapped at the width it has now (no narrower)."""
    room = log.room
    console = Console(width=room)
    wanted = sum(len(Text(line).wrap(console, room)) for line in log.history)
    if log.max_lines is not None:
        wanted = min(wanted, log.max_lines)  # the oldest rows drop off the top
    return room > 0 and log.laid_width == room and len(log.lines) == wanted


async def test_the_game_s_log_wraps_at_its_width_after_folding_away(
    kit: type[TuiKit],
) -> None:
    rules = preset("trains", players=8, set_size=18, rounds=1)
    seats = kit.seats(*["computer"] * 8)
    record = random_record(rules, seats, seed=3, stop_after=150)
    app = ChickenFootApp(load=kit.stored(record), bot_delay=0.5)
    async with app.run_test(size=(80, 24)) as pilot:
        await kit.wait_for(pilot, lambda: isinstance(app.screen, GameScreen), "the game")
        game = as_kind(app.screen, GameScreen)
        log = game.query_one(WrappedLog)
        await kit.wait_for(pilot, lambda: game.folded, "the side panels folded away")
        before = len(log.history)
        await kit.wait_for(pilot, lambda: len(log.history) > before + 2, "moves made folded")
        assert not log.lines and log.laid_width == 0, "a folded log lays nothing out"
        await pilot.resize_terminal(120, 40)
        await kit.wait_for(pilot, lambda: not game.folded, "the panels back")
        await kit.wait_for(pilot, lambda: wrapped_at_its_width(log), "the log at its width")
        assert log.room == 27  # the panel's 30 columns, less its frame and the scroll bar's


async def test_the_replay_s_log_wraps_at_its_width_when_it_unfolds_at_80x24(
    kit: type[TuiKit], data_dir: Path
) -> None:
    rules = preset("trains", players=8, set_size=18, rounds=1)
    record = random_record(rules, kit.seats(*["computer"] * 8), seed=3, stop_after=160)
    path = data_dir / "big.json"
    save_record(record, path)
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_file(path, watch=True)
        await kit.wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay")
        replay = as_kind(app.screen, ReplayScreen)
        log = replay.query_one(WrappedLog)
        await pilot.press("end")
        await kit.wait_for(pilot, lambda: replay.folded, "the panels folded away")
        await pilot.press("home")  # the deal: a small table, the panels back
        await kit.wait_for(pilot, lambda: not replay.folded, "the panels back")
        await pilot.press(*["right"] * 12)
        await kit.wait_for(pilot, lambda: wrapped_at_its_width(log), "the log at its width")
        assert log.room == 27  # the panel's 30 columns, less its frame and the scroll bar's


async def test_the_whole_log_wraps_at_the_dialog_s_width(kit: type[TuiKit]) -> None:
    lines = ["a line of the log long enough to need two rows in the dialog " * 2] * 5
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(LogScreen(lines, title="Lines"))
        await kit.wait_for(pilot, lambda: isinstance(app.screen, LogScreen), "the dialog")
        log = app.screen.query_one(WrappedLog)
        await kit.wait_for(pilot, lambda: wrapped_at_its_width(log), "the lines wrapped")
        assert max(strip.cell_length for strip in log.lines) <= log.room
        await pilot.resize_terminal(120, 40)
        await kit.wait_for(pilot, lambda: log.room > 80, "a wider dialog")
        await kit.wait_for(pilot, lambda: wrapped_at_its_width(log), "wrapped again")
