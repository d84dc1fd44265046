"""Computer turns in the live screen: none hangs, however the screen's clock runs.

The hang this guards against: at the fastest speed the pause before a computer move was a
Textual timer of 1 ms (``set_timer``). Such a timer reads the clock twice before its one tick
(``start``, then ``now``), and skips a tick that is already late; with one tick to give, a
skipped tick is no tick at all, and the computer waited for a pause that never ended. It
happened when something held the interpreter between those two reads for more than 1 ms (a
computer thinking in its worker thread, about once in 700 turns). The test makes it happen
every time: the screen's clock jumps 10 ms at every read.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
import textual._time

from chickenfoot.tui.app import ChickenFootApp
from tests.tui.conftest import TuiKit

JUMP = 0.01
"""Seconds the screen's clock moves at every read (more than the shortest pause)."""


async def test_a_computer_plays_even_when_the_screen_s_clock_jumps(
    kit: type[TuiKit], data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = kit.find_record(
        kit.short_rules(2), kit.seats("human", "computer"), lambda state: state.turn == 1
    )
    reads = itertools.count()
    real = textual._time.get_time
    monkeypatch.setattr(textual._time, "get_time", lambda: real() + next(reads) * JUMP)
    app = ChickenFootApp(load=kit.stored(record), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await kit.wait_for(pilot, lambda: app.game_screen is not None, "the game screen")
        game = kit.game_screen(app)
        await kit.wait_for(
            pilot,
            lambda: len(game.session.record.actions) > len(record.actions),
            "the computer's move",
        )


async def test_a_game_reopened_after_a_kill_under_round_over_shows_that_result_first(
    kit: type[TuiKit], data_dir: Path
) -> None:
    """The window was killed while Round over was up: the next round was dealt and saved.
    Continue shows the round's result first, then goes on to the round dealt."""
    from chickenfoot.tui.screens.round_over import RoundOverScreen

    def round_two_just_dealt(state: object) -> bool:
        return state.round_index == 1 and not state.history  # type: ignore[attr-defined]

    record = kit.find_record(
        kit.short_rules(2, rounds=2), kit.seats("human", "computer"), round_two_just_dealt
    )
    app = ChickenFootApp(load=kit.stored(record), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await kit.wait_for(
            pilot, lambda: isinstance(app.screen, RoundOverScreen), "the round's result"
        )
        assert app.screen.event.round == 1  # type: ignore[attr-defined]
        game = kit.game_screen(app)
        assert game.client.shown().topbar[0] == "Round 1 of 2"
        await pilot.press("enter")
        await kit.wait_for(
            pilot,
            lambda: app.screen is game and game.client.shown().topbar[0] == "Round 2 of 2",
            "round 2",
        )
