"""The game's result says how well each person played: the coach's line, worked out in a
worker thread, the same as the analysis gives; leaving the result stops it."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static
from textual.worker import WorkerState

from chickenfoot.rules import preset
from chickenfoot.saves.database import open_store
from chickenfoot.text.coach import coach_for, play_line
from chickenfoot.tui.app import ChickenFootApp
from chickenfoot.tui.screens.game_over import GameOverScreen
from chickenfoot.tui.screens.round_over import RoundOverScreen
from tests.tui.conftest import TuiKit
from tests.tui.test_game_snapshots import human_goes_out_next


def game_at_its_last_move(kit: type[TuiKit], kinds: tuple[str, ...]) -> tuple[ChickenFootApp, int]:
    """An app continuing a one-round game whose person goes out with the next play."""
    rules = preset("cross", players=len(kinds), rounds=1)
    record = kit.find_record(rules, kit.seats(*kinds), human_goes_out_next)
    number = kit.stored(record)
    return ChickenFootApp(load=number, bot_delay=0), number


async def test_each_person_s_play_in_a_line(kit: type[TuiKit], data_dir: Path) -> None:
    app, number = game_at_its_last_move(kit, ("human", "computer", "human"))
    async with app.run_test(size=(100, 32)) as pilot:
        await kit.wait_for(
            pilot,
            lambda: (
                app.game_screen is not None and kit.prompt_kind(app.game_screen) == "pass_keyboard"
            ),
            "the hand-off",
        )
        await pilot.press("enter")
        await kit.play_a_tile(pilot)
        await kit.wait_for(pilot, lambda: isinstance(app.screen, RoundOverScreen), "round over")
        await pilot.press("enter")
        await kit.wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen), "game over")
        screen = app.screen
        assert isinstance(screen, GameOverScreen)
        assert screen.analysed == (0, 2)
        await kit.wait_for(pilot, lambda: screen.play_shown, "the people's play")
        store = open_store()
        try:
            record = store.record(number)
        finally:
            store.close()
        analysis = coach_for(record).analyse([0, 2])
        assert analysis is not None
        expected = [play_line(analysis.summary(seat), screen.names) for seat in (0, 2)]
        shown = str(screen.query_one("#game-over-play", Static).render())
        assert shown == "\n".join(expected)
        assert expected[0].startswith("Ana's play: ") and expected[1].startswith("Cy's play: ")


async def test_leaving_the_result_stops_the_analysis(kit: type[TuiKit], data_dir: Path) -> None:
    """Left at once, the result leaves no analysis running behind it (one that finished
    first leaves none either)."""
    app, _number = game_at_its_last_move(kit, ("human", "computer", "computer"))
    async with app.run_test(size=(100, 32)) as pilot:
        await kit.play_a_tile(pilot)
        await kit.wait_for(pilot, lambda: isinstance(app.screen, RoundOverScreen), "round over")
        await pilot.press("enter")
        await kit.wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen), "game over")
        await pilot.press("m")
        await kit.wait_for(pilot, lambda: not isinstance(app.screen, GameOverScreen), "the menu")
        await kit.wait_for(
            pilot,
            lambda: all(
                worker.group != "analysis" or worker.state is not WorkerState.RUNNING
                for worker in app.workers
            ),
            "the analysis to stop",
        )
