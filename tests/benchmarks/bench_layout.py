"""Benchmark of the table layout: laying out a big table, drawing a screen of it, what fits.

Run ``python -m tests.benchmarks layout`` from the repository root. It prints:

* layout time of a late double-18, 8-seat ``trains`` table (8 arms; seeded random play until
  :data:`LATE_TILES` tiles are down): median and p95 over :data:`REPEATS` layouts
  (goal < 20 ms). CPU time of the process, so a busy machine does not inflate it;
* drawing one full screen of it (CPU time too): every visible row of a :class:`TableView` at
  the game screen's board size (48x13) and at 88x29, row caches emptied first (what a new board or a
  new selection costs), median over repeats;
* for each table of :data:`MEASURED` (4-seat double-9 ``cross``; ``trains`` for 2, 4, 6 and 8
  seats on double-9, -12 and -18), over every position after every play of the first round of
  :data:`FIT_GAMES` seeded random games: the share shown whole without panning in the board
  area of the game screen at 80x24 (48x13) and at 120x40 (88x29), in the drawing chosen by
  itself (full if it fits, else compact; how many were compact), and the number of tiles a
  view following the end just played on cut at its edge (goal: 0 anywhere; shares: 95 % for
  4 seats on double-9, 80 % for 8 seats on double-18, at 80x24), and how many keys could not
  sit against their end (every place beside it taken).
"""

from __future__ import annotations

import asyncio
import random
import statistics
import time
from dataclasses import dataclass
from typing import Final

from chickenfoot.play.layout import (
    DEFAULT_BOUNDS,
    END_MARKS,
    Box,
    TableLayout,
    layout_for,
)
from chickenfoot.rules import Board, core, preset
from chickenfoot.rules.board import from_tuple
from chickenfoot.rules.ruleset import PresetName

END_ROLES = frozenset(END_MARKS)
"""The roles of end labels (a label's run carries no placement, a last tile's does)."""
SEED = 18
LATE_TILES = 120
REPEATS = 50
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
    """Time :func:`layout_for` (the full drawing, then the compact one: it does not fit) on
    :func:`late_board` ``repeats`` times."""
    board = late_board()
    samples = []
    for _ in range(repeats):
        started = time.process_time()
        layout_for(board, bounds=bounds, set_size=18)
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
    """Of ``positions`` boards, how many were shown whole without panning (``fits``), how many
    of those in the compact drawing, and how many tiles the view cut (``clipped``: a tile part
    in view, part out; always 0 when the drawing is right)."""

    fits: int
    positions: int
    compact: int = 0
    clipped: int = 0
    walled: int = 0
    """Keys not against their end: every place beside it was taken."""
    keys: int = 0
    """Keys drawn, over every position."""

    @property
    def share(self) -> float:
        """The fraction that fits."""
        return self.fits / self.positions


def followed(layout: TableLayout, target: str | None) -> Box:
    """The canvas cells a view of the bounds' size shows after following ``target`` from the
    bounds (scrolled the least, as :meth:`TableView.follow` does)."""
    width, height = layout.bounds
    x, y = layout.view
    if target is not None:
        box = layout.end_box(target)
        x = min(max(x, box.right - width), box.x)
        y = min(max(y, box.bottom - height), box.y)
    return Box(x, y, width, height)


def clipped_tiles(layout: TableLayout, window: Box) -> int:
    """Tiles drawn in ``window`` only in part: a run crossing its edge, or a two-row tile with
    one row drawn."""
    rows: dict[int, int] = {}
    clipped = 0
    for y in range(window.y, window.bottom):
        for run in layout.row(y, window=window):
            if run.x < window.x or run.x + len(run.text) > window.right:
                clipped += 1
            if run.role not in END_ROLES and run.placement is not None:
                rows[run.placement] = rows.get(run.placement, 0) + 1
    for placement, drawn in rows.items():
        clipped += drawn != layout.spot_of(placement).box.height
    return clipped


def fit_share(
    preset_name: PresetName,
    players: int,
    games: int = 30,
    bounds: tuple[int, int] = DEFAULT_BOUNDS,
    set_size: int = 9,
) -> FitShare:
    """Over the first round of ``games`` seeded random games, how many boards (one after
    every play) the table shows whole in ``bounds``, in the drawing chosen by itself; and how
    many tiles a view following the end just played on cuts."""
    rules = preset(preset_name, players=players, set_size=set_size, rounds=1)
    fits = positions = compact = clipped = walled = keys = 0
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
            board = from_tuple(lean)
            layout = layout_for(board, bounds=bounds, set_size=set_size)
            fits += layout.fits
            compact += layout.compact
            positions += 1
            walled += sum(end.walled for end in layout.ends.values())
            keys += len(layout.ends)
            target = board.played[-1].target
            clipped += clipped_tiles(
                layout, followed(layout, target if target in layout.ends else None)
            )
    return FitShare(fits, positions, compact, clipped, walled, keys)


MEASURED: tuple[tuple[PresetName, int, int], ...] = (
    ("cross", 4, 9),
    *(("trains", players, set_size) for set_size in (9, 12, 18) for players in (2, 4, 6, 8)),
)
"""(preset, seats, set) of the tables measured: the 4-arm cross game, and trains (an arm a seat)
for 2, 4, 6 and 8 seats on double-9, -12 and -18."""
FIT_GAMES: Final = 30
"""Rounds per table measured for the shares shown whole (each gives a position per play)."""
FIT_GOALS: Final[dict[tuple[PresetName, int, int], float]] = {
    ("cross", 4, 9): 0.95,
    ("trains", 4, 9): 0.95,
    ("trains", 8, 18): 0.80,
}
"""The share of positions to show whole at 80x24, for the tables with a goal."""


def main() -> None:
    """Print the figures."""
    times = layout_times()
    verdict = "met" if times.p95_ms < LAYOUT_GOAL_MS else "NOT met"
    print(
        f"layout of a late double-18 8-seat table ({times.tiles} tiles, 8 arms, full then "
        f"compact), {REPEATS} runs: median {times.median_ms:.1f} ms, p95 {times.p95_ms:.1f} ms "
        f"(goal < {LAYOUT_GOAL_MS:.0f} ms: {verdict})"
    )
    for size in (DEFAULT_BOUNDS, BIG_BOUNDS):
        print(
            f"drawing one screen of it, {size[0]}x{size[1]}, empty caches: "
            f"median {render_time_ms(size=size):.2f} ms"
        )
    print(
        f"shown whole without panning (compact drawing among them), clipped tiles; positions "
        f"after every play of {FIT_GAMES} seeded random rounds; board area "
        f"{DEFAULT_BOUNDS[0]}x{DEFAULT_BOUNDS[1]} (screen 80x24) and "
        f"{BIG_BOUNDS[0]}x{BIG_BOUNDS[1]} (120x40):"
    )
    for table in MEASURED:
        name, players, set_size = table
        small = fit_share(name, players, FIT_GAMES, set_size=set_size)
        big = fit_share(name, players, FIT_GAMES, bounds=BIG_BOUNDS, set_size=set_size)
        goal = FIT_GOALS.get(table)
        verdict = (
            ""
            if goal is None
            else f" (goal {goal:.0%}: {'met' if small.share >= goal else 'NOT met'})"
        )
        print(
            f"  {name} {players} seats, double-{set_size}, {small.positions} positions: "
            f"80x24 {small.share:.0%} ({small.compact / small.positions:.0%} compact), "
            f"{small.clipped} clipped, {small.walled} of {small.keys} keys walled in{verdict}; "
            f"120x40 {big.share:.0%} ({big.compact / big.positions:.0%} compact), "
            f"{big.clipped} clipped, {big.walled} of {big.keys} keys walled in"
        )


if __name__ == "__main__":
    main()
