"""Benchmark of the table layout: laying out a big table, drawing a screen of it, what fits.

Run ``python -m tests.benchmarks layout`` from the repository root. It prints:

* layout time of a late double-18, 8-seat ``trains`` table (8 arms; seeded random play until
  :data:`LATE_TILES` tiles are down) in the board area it has at 80x24 (the side panels
  folded away, :data:`~chickenfoot.play.layout.FOLDED_BOUNDS`): median and p95 over
  :data:`REPEATS` layouts at first sight (nothing remembered of earlier boards) and after a
  play (the board before it laid out first, as the screen has), goal < 20 ms for both. CPU
  time of the process, so a busy machine does not inflate it;
* drawing one full screen of it (CPU time too): every visible row of a :class:`TableView` at
  that size and at 88x29, row caches emptied first (what a new board or a new selection
  costs), median over repeats;
* one row per table of :data:`MEASURED` (4-seat double-9 ``cross``; ``trains`` for 2, 4, 6
  and 8 seats on double-9, -12 and -18), over every position after every play of the first
  round of :data:`FIT_GAMES` seeded random games, laid out as the game screen does (see
  :func:`screen_layout`: at 80x24, 48x13 beside the side panels, then 80x14 for the rest of
  the round once they fold away; at 120x40, 88x29): the share shown whole without panning,
  the share drawn compact, the tiles a view following the end just played on cut at its edge
  (goal: 0 anywhere), the share of keys that could not sit against their end, the CPU
  milliseconds per position laid out (the ends' keys named first, untimed, as the screen's
  client names them before its table is laid out), and how many plays a round re-packed the
  compact table
  (its tiles moved to keep it whole). Goals: 95 % whole for 4 seats on double-9, 80 % for 8
  seats on double-18, at 80x24.

With ``BENCH_PREVIOUS`` set to a commit, that commit's code is checked out in a temporary
``git worktree`` and measured too, in the same run, table by table (its rows marked
"before"), and its layout times (at first sight and after a play) in turns with this code's,
:data:`TIME_ROUNDS` rounds (each round that code, then this one, the machine's load average
stated), so that a busy moment weighs on both alike. ``BENCH_TIMES_ONLY`` set stops after
the layout times.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from chickenfoot.play.keys import end_keys
from chickenfoot.play.layout import (
    DEFAULT_BOUNDS,
    END_MARKS,
    FOLDED_BOUNDS,
    Box,
    OverflowMemory,
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
TIME_ROUNDS: Final = 3
"""Rounds of layout times taken in turns with a previous commit's code (``BENCH_PREVIOUS``)."""
LAYOUT_GOAL_MS = 20.0
BIG_BOUNDS = (88, 29)
"""The board area of the game screen at 120x40."""
ROOT = Path(__file__).resolve().parents[2]


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


def layout_times(
    repeats: int = REPEATS, bounds: tuple[int, int] = FOLDED_BOUNDS, *, after_a_play: bool = False
) -> LayoutTimes:
    """Time :func:`layout_for` (the full drawing, then the compact one: it does not fit) on
    :func:`late_board` ``repeats`` times, in the board area of the game screen at 80x24 with
    the side panels folded away (where a table that big is drawn).

    Each layout is a first sight of the table (what opening a game or a replay there costs):
    it is given a memory of its own, empty (where re-packing plans overflowed on earlier
    boards: :class:`~chickenfoot.play.layout.OverflowMemory`). ``after_a_play``: the board one
    play earlier is laid out first, untimed, through the same memory, as the screen had done
    before the play (what a play costs the screen)."""
    board, before = late_board(), late_board(tiles=LATE_TILES - 1)
    samples = []
    for _ in range(repeats):
        memory = OverflowMemory()
        if after_a_play:
            layout_for(before, bounds=bounds, set_size=18, memory=memory)
        started = time.process_time()
        layout_for(board, bounds=bounds, set_size=18, memory=memory)
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
    seconds: float = 0.0
    """CPU time spent laying the positions out (as the screen does: see :func:`screen_layout`)."""
    rearranged: int = 0
    """Plays after which the compact table was re-packed (its tiles moved to keep it whole)."""
    rounds: int = 1
    """How many rounds the positions came from."""

    @property
    def share(self) -> float:
        """The fraction that fits."""
        return self.fits / self.positions

    @property
    def mean_ms(self) -> float:
        """Milliseconds per position laid out, on average."""
        return 1000 * self.seconds / self.positions


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


def screen_layout(
    board: Board,
    bounds: tuple[int, int],
    set_size: int,
    folded: tuple[int, int] | None,
    already_folded: bool = False,
    memory: OverflowMemory | None = None,
) -> TableLayout:
    """The layout the game screen shows: in ``bounds``, the drawing chosen by itself; with
    ``folded`` (a short screen), a table needing the compact drawing there is laid out again
    in ``folded``, the board area once the side panels fold away (and, ``already_folded``,
    only there: the panels stay folded for the rest of the round). ``memory``: the screen's
    table view's, kept from one board of the game to the next."""
    if folded is not None and already_folded:
        return layout_for(board, bounds=folded, set_size=set_size, memory=memory)
    layout = layout_for(board, bounds=bounds, set_size=set_size, memory=memory)
    if layout.compact and folded is not None:
        return layout_for(board, bounds=folded, set_size=set_size, memory=memory)
    return layout


def fit_share(
    preset_name: PresetName,
    players: int,
    games: int = 30,
    bounds: tuple[int, int] = DEFAULT_BOUNDS,
    set_size: int = 9,
    folded: tuple[int, int] | None = None,
) -> FitShare:
    """Over the first round of ``games`` seeded random games, how many boards (one after
    every play) the table shows whole in ``bounds`` (or ``folded``, see
    :func:`screen_layout`), in the drawing chosen by itself; and how many tiles a view
    following the end just played on cuts."""
    rules = preset(preset_name, players=players, set_size=set_size, rounds=1)
    fits = positions = compact = clipped = walled = keys = rearranged = 0
    seconds = 0.0
    for seed in range(games):
        choose = random.Random(seed).choice
        position = core.new_game(rules, seed=seed)
        played = 0
        panels_folded = False
        before: TableLayout | None = None
        memory = OverflowMemory()  # the table view's, for this game
        while not core.is_over(position):
            position = core.play(position, choose(core.legal_moves(position)))
            lean = core.board_of(position)
            if core.is_over(position) or len(lean[2]) == played:
                continue  # a draw or a pass: the same board
            played = len(lean[2])
            board = from_tuple(lean)
            end_keys(board)  # the screen's client names the ends' keys before the table is laid
            started = time.process_time()
            layout = screen_layout(board, bounds, set_size, folded, panels_folded, memory)
            panels_folded = folded is not None and layout.bounds == folded
            seconds += time.process_time() - started
            if before is not None and layout.compact and before.compact:
                rearranged += before.bounds == layout.bounds and before.plan != layout.plan
            before = layout
            fits += layout.fits
            compact += layout.compact
            positions += 1
            walled += sum(end.walled for end in layout.ends.values())
            keys += len(layout.ends)
            target = board.played[-1].target
            clipped += clipped_tiles(
                layout, followed(layout, target if target in layout.ends else None)
            )
    return FitShare(fits, positions, compact, clipped, walled, keys, seconds, rearranged, games)


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


def measure_table(
    table: tuple[PresetName, int, int], games: int = FIT_GAMES
) -> dict[str, FitShare]:
    """The figures of one table of :data:`MEASURED` at 80x24 (folding the side panels away as
    the screen does) and at 120x40."""
    name, players, set_size = table
    return {
        "80x24": fit_share(name, players, FIT_GAMES, set_size=set_size, folded=FOLDED_BOUNDS),
        "120x40": fit_share(name, players, FIT_GAMES, bounds=BIG_BOUNDS, set_size=set_size),
    }


PREVIOUS = """
import dataclasses, inspect, json, sys, time
from tests.benchmarks import bench_layout as bench
name, players, set_size, games = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
spent = [0.0]
lay_out = bench.layout_for
def timed(*arguments, **options):
    started = time.process_time()
    try:
        return lay_out(*arguments, **options)
    finally:
        spent[0] += time.process_time() - started
bench.layout_for = timed
figures = {}
for size, bounds in (("80x24", bench.DEFAULT_BOUNDS), ("120x40", bench.BIG_BOUNDS)):
    extra = {}
    if size == "80x24" and "folded" in inspect.signature(bench.fit_share).parameters:
        extra["folded"] = bench.FOLDED_BOUNDS
    spent[0] = 0.0
    share = bench.fit_share(name, players, games, bounds=bounds, set_size=set_size, **extra)
    figures[size] = {**dataclasses.asdict(share), "seconds": spent[0]}
bench.layout_for = lay_out
print(json.dumps(figures))
"""
"""The figures of another commit's code (run in a process of its own, with that code first on
``sys.path``): its fit shares for one table (the time in its ``layout_for`` measured from
outside, so that a code that did not time it is measured alike)."""


PREVIOUS_TIMES = """
import dataclasses, inspect, json, sys
from tests.benchmarks import bench_layout as bench
played = sys.argv[1:] == ["after-a-play"]
if played and "after_a_play" not in inspect.signature(bench.layout_times).parameters:
    print("null")
else:
    times = bench.layout_times(after_a_play=True) if played else bench.layout_times()
    print(json.dumps(dataclasses.asdict(times)))
"""
"""Another commit's layout times, at first sight or (argument ``after-a-play``) after a play,
``null`` if that code did not time it (run as :data:`PREVIOUS` is)."""


def _previous_times(worktree: Path, *arguments: str) -> LayoutTimes | None:
    """The layout times of the code checked out in ``worktree`` (see :data:`PREVIOUS_TIMES`)."""
    done = subprocess.run(
        [sys.executable, "-c", PREVIOUS_TIMES, *arguments],
        env={**os.environ, "PYTHONPATH": str(worktree)},
        capture_output=True,
        text=True,
        check=False,
        cwd=worktree,
    )
    if done.returncode != 0:
        raise RuntimeError(f"the previous code's layout times failed:\n{done.stderr}")
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    return None if figures is None else LayoutTimes(**figures)


def previous_times(worktree: Path) -> LayoutTimes:
    """The layout times at first sight of the code checked out in ``worktree``."""
    times = _previous_times(worktree)
    assert times is not None
    return times


def previous_times_after_a_play(worktree: Path) -> LayoutTimes | None:
    """The layout times after a play of the code checked out in ``worktree`` (None if that
    code did not time them)."""
    return _previous_times(worktree, "after-a-play")


def share_from(figures: dict[str, float]) -> FitShare:
    """A :class:`FitShare` from the figures another process printed."""
    counts = ("fits", "positions", "compact", "clipped", "walled", "keys")
    fits, positions, compact, clipped, walled, keys = (int(figures[name]) for name in counts)
    rearranged, rounds = int(figures.get("rearranged", 0)), int(figures.get("rounds", 1))
    return FitShare(
        fits, positions, compact, clipped, walled, keys, figures["seconds"], rearranged, rounds
    )


def previous_figures(
    worktree: Path, table: tuple[PresetName, int, int]
) -> dict[str, dict[str, float]]:
    """The figures of the code checked out in ``worktree`` for ``table``."""
    name, players, set_size = table
    arguments = [name, str(players), str(set_size), str(FIT_GAMES)]
    done = subprocess.run(
        [sys.executable, "-c", PREVIOUS, *arguments],
        env={**os.environ, "PYTHONPATH": str(worktree)},
        capture_output=True,
        text=True,
        check=False,
        cwd=worktree,
    )
    if done.returncode != 0:
        raise RuntimeError(f"the previous code's measurements failed:\n{done.stderr}")
    figures: dict[str, dict[str, float]] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures


def figures_row(label: str, small: FitShare, big: FitShare) -> str:
    """One row of the table: a table and a code's figures at 80x24 and at 120x40."""
    cells = [
        f"{share.share:>6.0%} {share.compact / share.positions:>5.0%} {share.clipped:>4} "
        f"{share.walled / share.keys:>6.1%} {share.mean_ms:>6.1f} "
        f"{share.rearranged / share.rounds:>5.1f}"
        for share in (small, big)
    ]
    return f"{label:<26}{small.positions:>5}  {cells[0]}  |  {cells[1]}"


def main() -> None:
    """Print the figures; with ``BENCH_PREVIOUS`` set to a commit, that commit's code's too,
    measured in the same run, table by table."""
    commit = os.environ.get("BENCH_PREVIOUS")
    with tempfile.TemporaryDirectory() as scratch:
        worktree = Path(scratch) / "previous"
        if commit:
            subprocess.run(
                ["git", "worktree", "add", "--detach", "-q", str(worktree), commit],
                cwd=ROOT,
                check=True,
            )
        try:
            report(worktree if commit else None, commit)
        finally:
            if commit:
                subprocess.run(
                    ["git", "worktree", "remove", "--force", str(worktree)], cwd=ROOT, check=False
                )


def report(worktree: Path | None, commit: str | None) -> None:
    """Print the figures of this code (and of the code in ``worktree``, row by row)."""
    rounds = TIME_ROUNDS if worktree is not None else 1
    for number in range(1, rounds + 1):
        load = os.getloadavg()[0]
        before = previous_times(worktree) if worktree is not None else None
        before_played = previous_times_after_a_play(worktree) if worktree is not None else None
        first, played = layout_times(), layout_times(after_a_play=True)
        verdict = "met" if max(first.p95_ms, played.p95_ms) < LAYOUT_GOAL_MS else "NOT met"
        print(
            f"layout of a late double-18 8-seat table ({first.tiles} tiles, 8 arms, full then "
            f"compact) in the board area at 80x24 ({FOLDED_BOUNDS[0]}x{FOLDED_BOUNDS[1]}, "
            f"folded), {REPEATS} runs each: first sight median {first.median_ms:.1f} ms, p95 "
            f"{first.p95_ms:.1f} ms; after a play median {played.median_ms:.1f} ms, p95 "
            f"{played.p95_ms:.1f} ms (goal < {LAYOUT_GOAL_MS:.0f} ms: {verdict})"
            + (f"; round {number} of {rounds}" if rounds > 1 else "")
            + f"; load average {load:.1f}",
            flush=True,
        )
        if before is not None:
            after = (
                f"; after a play median {before_played.median_ms:.1f} ms, p95 "
                f"{before_played.p95_ms:.1f} ms"
                if before_played is not None
                else ""
            )
            print(
                f"  {commit} just before it (its own board area at 80x24): first sight median "
                f"{before.median_ms:.1f} ms, p95 {before.p95_ms:.1f} ms{after}",
                flush=True,
            )
    if os.environ.get("BENCH_TIMES_ONLY"):
        return
    for size in (FOLDED_BOUNDS, BIG_BOUNDS):
        print(
            f"drawing one screen of it, {size[0]}x{size[1]}, empty caches: "
            f"median {render_time_ms(size=size):.2f} ms"
        )
    print(
        f"\npositions after every play of {FIT_GAMES} seeded random rounds, laid out as the "
        f"game screen does (80x24: {DEFAULT_BOUNDS[0]}x{DEFAULT_BOUNDS[1]} beside the seats and "
        f"the log, {FOLDED_BOUNDS[0]}x{FOLDED_BOUNDS[1]} once they fold away for a table that "
        f"needs the compact drawing there; 120x40: {BIG_BOUNDS[0]}x{BIG_BOUNDS[1]}). whole: "
        f"shown without panning; compact: drawn compact; cut: tiles a view following the last "
        f"play cut (goal 0); apart: keys not against their end; ms: layout per position; "
        f"re-pk: plays a round that re-packed the compact table (its tiles moved)"
    )
    header = f"{'whole':>6} {'cmpct':>5} {'cut':>4} {'apart':>6} {'ms':>6} {'re-pk':>5}"
    print(f"{'table':<26}{'pos.':>5}  {header}  |  {header}")
    print(f"{'':<26}{'':>5}  {'80x24':^{len(header)}}  |  {'120x40':^{len(header)}}")
    for table in MEASURED:
        name, players, set_size = table
        label = f"{name} {players} seats d-{set_size}"
        if worktree is not None:
            before_figures = previous_figures(worktree, table)
            small, big = (share_from(before_figures[size]) for size in ("80x24", "120x40"))
            print(figures_row(f"{label} (before)", small, big), flush=True)
        now = measure_table(table)
        goal = FIT_GOALS.get(table)
        verdict = (
            ""
            if goal is None
            else f"  goal {goal:.0%} at 80x24: "
            + ("met" if now["80x24"].share >= goal else "NOT met")
        )
        print(figures_row(label, now["80x24"], now["120x40"]) + verdict, flush=True)


if __name__ == "__main__":
    main()
