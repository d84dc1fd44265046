"""Benchmark of the Textual app: start-up time, and key press to updated screen on a big board.

Run ``python tests/benchmarks/bench_tui.py`` from the repository root. It prints:

* app start to first frame: from entering ``run_test`` until the menu (or, without the menus
  module, the first screen) is mounted and drawn, a few repetitions;
* key press to updated screen, p50 and p95: a double-18, 8-seat ``trains`` game is played
  headlessly with seeded random choices until late in the first round, saved, and opened in
  the game screen; then arrow and digit keys are sent one at a time. Each sample runs from
  handing the key to the driver until every message it caused is processed and the screen
  has been redrawn (``Pilot._wait_for_screen`` plus the screen's refresh), so the figure is
  the app's own work, not the test harness's idle-detection sleeps;
* key press to updated screen while an expert computer player searches in its worker thread
  (on the same table: the keys say why they do nothing, which redraws the status line);
* Enter playing a tile: to the redrawn screen (the engine's apply, the redraw), and to the
  store holding the move (the commit, with its sync, runs on the committer's thread).

Goals: start < 1 s, p95 key -> screen < 50 ms, also while an expert thinks.
"""

from __future__ import annotations

import asyncio
import os
import random
import statistics
import tempfile
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ParamSpec
from unittest import mock

from textual import events

from chickenfoot.bots import ExpertBot, StopCheck, Strategy, make_bot
from chickenfoot.record.model import GameRecord, SeatConfig
from chickenfoot.rules import Action, GameState, Play, SeatView, apply, legal_actions, preset
from tests.kit import stored

if TYPE_CHECKING:
    from textual.pilot import Pilot
    from textual.screen import Screen

    from chickenfoot.tui.app import ChickenFootApp

P = ParamSpec("P")

SEED = 18
START_RUNS = 5
KEY_SAMPLES = 200
KEYS = ("right", "right", "down", "left", "up", "3", "1", "down")
START_GOAL = 1.0
KEY_GOAL = 0.05
PLAY_RUNS = 10


def late_round_record() -> GameRecord:
    """A double-18, 8-seat game late in round 1, with the human (seat 0) on turn and a choice."""
    rules = preset("trains", players=8, set_size=18)
    seats = [SeatConfig(name="You", player="human")] + [
        SeatConfig(name=f"Bot {n}", player="computer", level="random") for n in range(1, 8)
    ]
    record = GameRecord.new(rules, seats, seed=SEED)
    choices = random.Random(SEED)
    state = record.final_state()
    actions = []

    def late(state: GameState) -> bool:
        plays = [a for a in legal_actions(state) if isinstance(a, Play)]
        smallest = min(len(hand) for hand in state.hands)
        return state.turn == 0 and smallest <= 3 and len(plays) >= 2 and state.board.foot is None

    while not late(state):
        legal = legal_actions(state)
        plays = [a for a in legal if isinstance(a, Play)]
        action = choices.choice(plays or legal)
        state, _events = apply(state, action)
        actions.append(action)
        if state.round_index > 0:
            raise RuntimeError("round 1 ended before a late position was found: change SEED")
    return record.model_copy(update={"actions": tuple(actions)})


def percentile(samples: list[float], fraction: float) -> float:
    """The value below which ``fraction`` of ``samples`` lie (nearest rank)."""
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


async def deliver(
    app: ChickenFootApp, pilot: Pilot[None], key: str, character: str | None
) -> float:
    """Send one key; seconds until it and everything it caused are processed and drawn.

    The app forwards the key to the screen, so its queue is drained first, then the screen's
    (``Pilot._wait_for_screen`` drains the queues of the app and every widget on the screen).
    """
    driver = app._driver
    assert driver is not None
    started = time.perf_counter()
    driver.send_message(events.Key(key, character))
    await pilot._wait_for_screen()
    await pilot._wait_for_screen()
    app.screen._on_timer_update()
    return time.perf_counter() - started


async def start_time() -> float:
    """Seconds from entering ``run_test`` until the first screen is mounted and drawn."""
    from chickenfoot.tui.app import ChickenFootApp

    app = ChickenFootApp(bot_delay=0)
    started = time.perf_counter()
    async with app.run_test(size=(100, 30)) as pilot:
        first_screen: type[Screen[Any]] | None = None
        try:
            from chickenfoot.tui.screens.menu import MenuScreen
        except ImportError:
            pass  # without the menus module, the first screen counts
        else:
            first_screen = MenuScreen
        while first_screen is not None and not isinstance(app.screen, first_screen):
            await pilot._wait_for_screen()
        await pilot._wait_for_screen()
        app.screen._on_timer_update()
        return time.perf_counter() - started


async def key_times(number: int) -> tuple[list[float], int]:
    """Seconds from each key press to the redrawn screen, and the board's tile count."""
    from chickenfoot.tui.app import ChickenFootApp
    from tests.tui.conftest import person_on_turn

    app = ChickenFootApp(load=number, bot_delay=0)
    samples: list[float] = []
    async with app.run_test(size=(100, 30)) as pilot:
        game = await person_on_turn(pilot)
        moves = 0
        for index in range(KEY_SAMPLES):
            key = KEYS[index % len(KEYS)]
            before = (game.client.selected, game.client.chosen)
            samples.append(await deliver(app, pilot, key, key if len(key) == 1 else None))
            moves += (game.client.selected, game.client.chosen) != before
        if moves < KEY_SAMPLES // 2:
            raise RuntimeError(f"only {moves} of {KEY_SAMPLES} keys changed the selection")
        return samples, game.session.state.board.tile_count


async def play_time(number: int) -> tuple[float, float]:
    """Seconds from Enter to the redrawn screen when Enter plays a tile, and to the store
    holding the move (the commit runs on the committer's thread).

    Computer players are given a long pause so that only the person's move is measured.
    """
    from chickenfoot.tui.app import ChickenFootApp
    from tests.tui.conftest import person_on_turn

    app = ChickenFootApp(load=number, bot_delay=60)
    async with app.run_test(size=(100, 30)) as pilot:
        game = await person_on_turn(pilot)
        playable = game.client.playable()
        game.client.select(next(index for index, ends in playable.items() if len(ends) == 1))
        game.refresh_view()
        await pilot.pause()  # let the selection (and any Footer rebuild) finish first
        await pilot.pause()
        before = len(game.session.record.actions)
        heard = game.client.received
        started = time.perf_counter()
        shown = await deliver(app, pilot, "enter", "\r")
        for _ in range(1000):  # the table plays it on its own task and sends the new view
            if len(game.session.record.actions) > before and game.client.received > heard:
                break
            await pilot._wait_for_screen()
        app.screen._on_timer_update()
        shown = time.perf_counter() - started
        if len(game.session.record.actions) != before + 1:
            raise RuntimeError("Enter did not play a tile")
        if not game.session.wait_committed():
            raise RuntimeError(f"the move was not saved: {game.session.unsaved}")
        return shown, time.perf_counter() - started


THINK_KEYS = ("right", "left")
"""Keys pressed while a computer thinks (each is refused with a notice: a real redraw)."""


class BusyExpert:
    """A computer player that searches as the expert it wraps does, again and again, until it
    is told to stop: the expert may find a clear best move early, and the keys must all be
    pressed while it searches."""

    def __init__(self, expert: Strategy) -> None:
        self.expert = expert

    def choose(
        self, view: SeatView, legal: Sequence[Action], should_stop: StopCheck | None = None
    ) -> Action:
        """The expert's choice, made over and over until ``should_stop`` says so."""
        while True:
            action = self.expert.choose(view, legal, should_stop)
            if should_stop is None or should_stop():
                return action


def busy_experts(make: Callable[P, Strategy]) -> Callable[P, Strategy]:
    """``make`` (the game's :func:`make_bot`), taking exactly its arguments, with every expert it
    makes kept busy (:class:`BusyExpert`)."""

    def make_busy(*args: P.args, **kwargs: P.kwargs) -> Strategy:
        bot = make(*args, **kwargs)
        return BusyExpert(bot) if isinstance(bot, ExpertBot) else bot

    return make_busy


def thinking_record(record: GameRecord) -> GameRecord:
    """``record`` after the person's move, with seat 1 an expert: the keys that follow are
    pressed while it searches in its worker thread."""
    state = record.final_state()
    move = next(a for a in legal_actions(state) if isinstance(a, Play))
    seats = list(record.seats)
    seats[1] = SeatConfig(name="Expert", player="computer", level="expert")
    return record.model_copy(update={"seats": tuple(seats)}).appended(move)


async def thinking_key_times(number: int) -> list[float]:
    """Seconds from each key press to the redrawn screen while an expert thinks."""
    from chickenfoot.play import session
    from chickenfoot.tui.app import ChickenFootApp
    from tests.tui.conftest import game_screen, wait_for

    app = ChickenFootApp(load=number, bot_delay=0)
    samples: list[float] = []
    with mock.patch.object(session, "make_bot", busy_experts(make_bot)):
        async with app.run_test(size=(100, 30)) as pilot:
            await wait_for(
                pilot,
                lambda: app.game_screen is not None and app.game_screen.client.thinking,
                "the expert's thinking",
            )
            game = game_screen(app)
            await pilot.pause()  # let the screen's first footer build finish: not a key's work
            await pilot.pause()
            for index in range(KEY_SAMPLES):
                key = THINK_KEYS[index % len(THINK_KEYS)]
                game.client.feedback = ""
                samples.append(await deliver(app, pilot, key, None))
                if not game.client.feedback:
                    raise RuntimeError(f"{key} did nothing while the expert thought")
            if not game.client.thinking:
                raise RuntimeError("the expert stopped thinking before the keys were done")
    return samples


def main() -> None:
    """Print the figures and whether they meet the goals."""
    with tempfile.TemporaryDirectory() as folder:
        os.environ["CHICKENFOOT_DATA_DIR"] = folder
        starts = [asyncio.run(start_time()) for _ in range(START_RUNS)]
        print(
            f"app start to first frame: first {starts[0] * 1000:.0f} ms, "
            f"median {statistics.median(starts) * 1000:.0f} ms, max {max(starts) * 1000:.0f} ms "
            f"over {START_RUNS} runs (goal < {START_GOAL * 1000:.0f} ms)"
        )
        record = late_round_record()
        samples, tiles = asyncio.run(key_times(stored(record)))
        p50, p95 = percentile(samples, 0.5), percentile(samples, 0.95)
        print(
            f"key press -> updated screen, double-18, 8 seats, {tiles} tiles on the board, "
            f"{len(samples)} keys: p50 {p50 * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms, "
            f"max {max(samples) * 1000:.1f} ms (goal p95 < {KEY_GOAL * 1000:.0f} ms)"
        )
        busy = asyncio.run(thinking_key_times(stored(thinking_record(record))))
        busy_p95 = percentile(busy, 0.95)
        print(
            f"key press -> updated screen while an expert thinks (same table), {len(busy)} keys: "
            f"p50 {percentile(busy, 0.5) * 1000:.1f} ms, p95 {busy_p95 * 1000:.1f} ms, "
            f"max {max(busy) * 1000:.1f} ms (goal p95 < {KEY_GOAL * 1000:.0f} ms)"
        )
        plays = []
        for _run in range(PLAY_RUNS):  # each run plays the same move anew, in a copy
            plays.append(asyncio.run(play_time(stored(record))))
        shown, saved = ([sample[part] for sample in plays] for part in (0, 1))
        print(
            f"Enter plays a tile, {PLAY_RUNS} runs: to the redrawn screen median "
            f"{statistics.median(shown) * 1000:.1f} ms, max {max(shown) * 1000:.1f} ms; "
            f"to the move committed (its own thread) median "
            f"{statistics.median(saved) * 1000:.1f} ms, "
            f"max {max(saved) * 1000:.1f} ms"
        )
        met = max(starts) < START_GOAL and p95 < KEY_GOAL and busy_p95 < KEY_GOAL
        verdict = "met" if met else "NOT met"
        print(f"goals {verdict}")


if __name__ == "__main__":
    main()
