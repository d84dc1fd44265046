"""The replay viewer's analysis: the move at hand and the whole game, worked out in a worker
that closing the dialog stops, the same verdicts as the coach gives, and its snapshot."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import ProgressBar, Static
from textual.worker import WorkerState

from chickenfoot.record.model import GameRecord
from chickenfoot.saves.jsonformat import save_record
from chickenfoot.text.coach import analysis_lines, coach_for, decision_lines
from chickenfoot.tui.app import ChickenFootApp
from chickenfoot.tui.screens.analysis import AnalysisScreen
from chickenfoot.tui.screens.replay import ReplayScreen
from tests.tui.conftest import TuiKit, wait_for
from tests.tui.test_replay_screen import open_replay, played


@pytest.fixture
def game(data_dir: Path, kit: type[TuiKit]) -> tuple[GameRecord, Path]:
    """A finished one-round game of three seats (a person and two computers), saved."""
    record = played(kit.short_rules(3), kit.seats("human", "computer", "computer"), seed=7)
    assert record.finished
    path = data_dir / "game.json"
    save_record(record, path)
    return record, path


def text_of(screen: AnalysisScreen, selector: str) -> str:
    return str(screen.query_one(selector, Static).render())


async def open_analysis(pilot: Pilot[None], replay: ReplayScreen, index: int) -> AnalysisScreen:
    """Step the replay to ``index`` actions and press the analysis key."""
    replay.cursor.seek(index)
    replay.show_position()
    await pilot.press("a")
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, AnalysisScreen), "the analysis")
    screen = pilot.app.screen
    assert isinstance(screen, AnalysisScreen)
    return screen


def analysing(screen: AnalysisScreen) -> bool:
    """True while the screen's worker runs."""
    return any(
        worker.group == "analysis" and worker.state in (WorkerState.PENDING, WorkerState.RUNNING)
        for worker in screen.app.workers
    )


async def test_the_move_at_hand_and_the_whole_game(game: tuple[GameRecord, Path]) -> None:
    record, path = game
    expected = coach_for(record)
    index = expected.decision_indices([0])[1]
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(100, 32)) as pilot:
        replay = await open_replay(pilot, path)
        screen = await open_analysis(pilot, replay, index)
        await wait_for(pilot, lambda: screen.finished, "the whole game's analysis")
        names = screen.names
        assert text_of(screen, "#analysis-move") == "\n".join(
            decision_lines(expected.judge(index), names)
        )
        whole = expected.analyse([0])
        assert whole is not None
        assert text_of(screen, "#analysis-game").endswith("\n".join(analysis_lines(whole, names)))
        assert not screen.query_one(ProgressBar).display
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is replay, "the replay again")


async def test_closing_stops_the_work_which_goes_on_next_time(
    game: tuple[GameRecord, Path],
) -> None:
    record, path = game
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(100, 32)) as pilot:
        replay = await open_analysis_at_end(pilot, path)
        screen = app.screen
        assert isinstance(screen, AnalysisScreen)
        await wait_for(
            pilot, lambda: "No move at hand" in text_of(screen, "#analysis-move"), "its words"
        )
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is replay, "the replay again")
        await wait_for(pilot, lambda: not analysing(screen), "the analysis to stop")
        coach = replay.game_coach()
        again = await open_analysis(pilot, replay, len(record.actions))
        await wait_for(pilot, lambda: again.finished, "the whole game's analysis")
        assert replay.game_coach() is coach, "the coach and what it worked out are kept"


async def open_analysis_at_end(pilot: Pilot[None], path: Path) -> ReplayScreen:
    replay = await open_replay(pilot, path)
    await open_analysis(pilot, replay, replay.cursor.total)
    return replay


def test_analysis_snapshot(game: tuple[GameRecord, Path], snap_compare: Any) -> None:
    record, path = game
    index = coach_for(record).decision_indices([0])[1]

    async def show(pilot: Pilot[None]) -> None:
        replay = await open_replay(pilot, path)
        screen = await open_analysis(pilot, replay, index)
        await wait_for(pilot, lambda: screen.finished, "the whole game's analysis")
        await pilot.pause()

    assert snap_compare(ChickenFootApp(bot_delay=0), terminal_size=(100, 32), run_before=show)
