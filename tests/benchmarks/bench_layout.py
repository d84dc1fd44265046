"""Benchmark of the table layout: laying out a big table, drawing a screen of it, what fits.

Run ``python -m tests.benchmarks layout`` from the repository root. It prints:

* layout time of a late double-18, 8-seat ``trains`` table (8 arms; seeded random play until
  :data:`LATE_TILES` tiles are down): median and p95 over :data:`REPEATS` layouts
  (goal < 20 ms). CPU time of the process, so a busy machine does not inflate it;
* drawing one full screen of it (CPU time too): every visible row of a :class:`TableView` at
  the game screen's board size (48x13) and at 88x29, row caches emptied first (what a new board or a
  new selection costs), median over repeats;
* the share of positions that fit the board area of the game screen at 80x24 (48x13)
  without panning: every position after every play of the first round of :data:`GAMES`
  seeded random games, for 4-seat double-9 ``cross`` (4 arms), 4-seat ``trains`` (4 arms)
  and 2-seat ``trains`` (2 arms); with the share at 88x29 (the board area at 120x40).
"""

from __future__ import annotations

import asyncio
import random
import statistics
import time
from dataclasses import dataclass

from chickenfoot.play.layout import DEFAULT_BOUNDS, layout_table
from chickenfoot.rules import Board, core, preset
from chickenfoot.rules.board import from_tuple
from chickenfoot.rules.ruleset import PresetName

SEED = 18
LATE_TILES = 120
REPEATS = 50
GAMES = 200
LAYOUT_GOAL_MS = 20.0
BIG_BOUNDS = (88, 29)
"""The board area of the game screen at 120x40."""


def late_board(seed: int = SEED, tiles: int = LATE_TILES) -> Board:
    """A double-18, 8-seat ``trains`` board with ``tiles`` tiles played (seeded random play;
    the round is replayed with the next seed if it ends first)."""
    rules = preset("trains", players=8, set_size=18, rounds=1)
    for attempt in range(seed, seed + 100):
        choose = random.Random(attempt).choice
        position = core.new_game(rules, seed=attempt)
        while not core.is_over(position):
            if len(from_tuple(core.board_of(position)).played) >= tiles:
                return from_tuple(core.board_of(position))
            position = core.play(position, choose(core.legal_moves(position)))
    raise RuntimeError(f"no round reached {tiles} tiles")


@dataclass(frozen=True)
class LayoutTimes:
    """Milliseconds per layout of one board of ``tiles`` tiles."""

    tiles: int
    median_ms: float
    p95_ms: float


def percentile(samples: list[float], fraction: float) -> float:
    """The value below which ``fraction`` of ``samples`` lie (nearest rank)."""
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def layout_times(repeats: int = REPEATS, bounds: tuple[int, int] = DEFAULT_BOUNDS) -> LayoutTimes:
    """Time :func:`layout_table` on :func:`late_board` ``repeats`` times."""
    board = late_board()
    samples = []
    for _ in range(repeats):
        started = time.process_time()
        layout_table(board, bounds=bounds, set_size=18)
        samples.append((time.process_time() - started) * 1000)
    return LayoutTimes(len(board.played), statistics.median(samples), percentile(samples, 0.95))


async def _screen_times(repeats: int, size: tuple[int, int]) -> list[float]:
    """Milliseconds to draw every visible row of a TableView of ``size`` showing the late
    board, each time from empty row caches."""
    from textual.app import App, ComposeResult

    from chickenfoot.play.shown import BoardShown
    from chickenfoot.tui.widgets.table import TableView

    board = late_board()
    labels = {target: f"{index:02}" for index, (target, _value) in enumerate(board.open_ends)}
    shown = BoardShown(board, labels, legal=tuple(list(labels)[:3]), set_size=18)

    class Screenful(App[None]):
        CSS = "TableView { width: 1fr; height: 1fr; }"

        def compose(self) -> ComposeResult:
            yield TableView(shown)

    app = Screenful()
    samples = []
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        table = app.query_one(TableView)
        for _ in range(repeats):
            table.notify_style_update()  # empties the row caches, as a new board does
            started = time.process_time()
            for y in range(table.size.height):
                table.render_line(y)
            samples.append((time.process_time() - started) * 1000)
    return samples


def render_time_ms(repeats: int = REPEATS, size: tuple[int, int] = DEFAULT_BOUNDS) -> float:
    """Median milliseconds to draw one full screen (``size`` columns x rows) of the late
    board's table."""
    return statistics.median(asyncio.run(_screen_times(repeats, size)))


@dataclass(frozen=True)
class FitShare:
    """How many of ``positions`` boards fit their bounds without panning."""

    fits: int
    positions: int

    @property
    def share(self) -> float:
        """The fraction that fits."""
        return self.fits / self.positions


def fit_share(
    preset_name: PresetName,
    players: int,
    games: int = GAMES,
    bounds: tuple[int, int] = DEFAULT_BOUNDS,
    set_size: int = 9,
) -> FitShare:
    """Over the first round of ``games`` seeded random games, how many boards (one after
    every play) fit ``bounds``."""
    rules = preset(preset_name, players=players, set_size=set_size, rounds=1)
    fits = positions = 0
    for seed in range(games):
        choose = random.Random(seed).choice
        position = core.new_game(rules, seed=seed)
        played = 0
        while not core.is_over(position):
            position = core.play(position, choose(core.legal_moves(position)))
            lean = core.board_of(position)
            if core.is_over(position) or len(lean[2]) == played:
                continue  # a draw or a pass: the same board
            played = len(lean[2])
            layout = layout_table(from_tuple(lean), bounds=bounds, set_size=set_size)
            fits += layout.fits
            positions += 1
    return FitShare(fits, positions)


def main() -> None:
    """Print the figures."""
    times = layout_times()
    verdict = "met" if times.p95_ms < LAYOUT_GOAL_MS else "NOT met"
    print(
        f"layout of a late double-18 8-seat table ({times.tiles} tiles, 8 arms), "
        f"{REPEATS} runs: median {times.median_ms:.1f} ms, p95 {times.p95_ms:.1f} ms "
        f"(goal < {LAYOUT_GOAL_MS:.0f} ms: {verdict})"
    )
    for size in (DEFAULT_BOUNDS, BIG_BOUNDS):
        print(
            f"drawing one screen of it, {size[0]}x{size[1]}, empty caches: "
            f"median {render_time_ms(size=size):.2f} ms"
        )
    tables: tuple[tuple[PresetName, int, int], ...] = (
        ("cross", 4, 4),
        ("trains", 4, 4),
        ("trains", 2, 2),
    )
    for name, players, arms in tables:
        small = fit_share(name, players)
        big = fit_share(name, players, bounds=BIG_BOUNDS)
        print(
            f"fits without panning, {name} {players} seats ({arms} arms), double-9, "
            f"{small.positions} positions of {GAMES} rounds: {small.share:.0%} at "
            f"{DEFAULT_BOUNDS[0]}x{DEFAULT_BOUNDS[1]} (80x24), "
            f"{big.share:.0%} at {BIG_BOUNDS[0]}x{BIG_BOUNDS[1]} (120x40)"
        )


if __name__ == "__main__":
    main()
