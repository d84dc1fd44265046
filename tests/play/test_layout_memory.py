"""What a table view remembers of re-packing: where plans overflowed on the boards it laid out.

A memory (:class:`~chickenfoot.play.layout.OverflowMemory`) belongs to one view and only
makes its next layouts faster: there is no memory shared by the whole process. These tests
lay out two big games (8 seats, double-18, in the folded board area at 80x24, where the
compact table is re-packed) in turn through one memory, and from two threads at once, and
check that every layout is the one the board gives alone, with no memory at all.
"""

from __future__ import annotations

import random
import sys
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import cache

import pytest

import chickenfoot.play.layout.repacking as repacking
from chickenfoot.play.layout import FOLDED_BOUNDS, OverflowMemory, Plan, TableLayout, layout_for
from chickenfoot.rules import Board, core, preset
from chickenfoot.rules.board import from_tuple

GAMES = (7, 18)
"""Seeds of two 8-seat double-18 rounds whose compact table is re-packed in the plays taken."""
PLAYS = range(84, 96)
"""The boards taken of each round: after these many tiles."""


@cache
def boards_of(seed: int) -> tuple[Board, ...]:
    """The boards of a seeded random 8-seat double-18 round after each of :data:`PLAYS`."""
    rules = preset("trains", players=8, set_size=18, rounds=1)
    choose = random.Random(seed).choice
    position = core.new_game(rules, seed=seed)
    boards: dict[int, Board] = {}
    while not core.is_over(position) and len(boards) < len(PLAYS):
        position = core.play(position, choose(core.legal_moves(position)))
        lean = core.board_of(position)
        if len(lean[2]) in PLAYS and len(lean[2]) not in boards and not core.is_over(position):
            boards[len(lean[2])] = from_tuple(lean)
    assert len(boards) == len(PLAYS), f"seed {seed} ends too soon"
    return tuple(boards[tiles] for tiles in PLAYS)


def laid_out(board: Board, memory: OverflowMemory | None = None) -> TableLayout:
    """``board`` as the game screen lays it out at 80x24 once its side panels fold away."""
    return layout_for(board, bounds=FOLDED_BOUNDS, set_size=18, memory=memory)


@cache
def alone(seed: int) -> tuple[TableLayout, ...]:
    """Each board of the round of ``seed``, laid out with no memory."""
    return tuple(laid_out(board) for board in boards_of(seed))


def test_the_rounds_taken_are_re_packed() -> None:
    for seed in GAMES:
        plans = {layout.plan for layout in alone(seed)}
        assert Plan() not in plans or len(plans) > 1, f"seed {seed}: never re-packed"


def test_two_games_laid_out_in_turn_through_one_memory_are_laid_out_as_alone() -> None:
    memory = OverflowMemory()
    for turn in range(len(PLAYS)):
        for seed in GAMES:
            assert laid_out(boards_of(seed)[turn], memory) == alone(seed)[turn], (seed, turn)
    assert len(memory) > 0  # it was used


def count_lay_outs(monkeypatch: pytest.MonkeyPatch) -> Callable[[], int]:
    """Count the tables laid (whole or until they overflow) from now on."""
    calls = [0]
    lay = repacking._laid

    def counted(*arguments: object, **options: object) -> object:
        calls[0] += 1
        return lay(*arguments, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(repacking, "_laid", counted)
    return lambda: calls[0]


def test_a_memory_spares_the_next_board_the_plans_known_to_overflow(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seed = GAMES[0]
    boards = boards_of(seed)
    repacked = next(
        turn for turn, layout in enumerate(alone(seed)) if turn and layout.plan != Plan()
    )
    memory = OverflowMemory()
    laid_out(boards[repacked - 1], memory)
    calls = count_lay_outs(monkeypatch)
    assert laid_out(boards[repacked], memory) == alone(seed)[repacked]
    with_memory = calls()
    assert laid_out(boards[repacked]) == alone(seed)[repacked]
    assert calls() - with_memory > with_memory  # more tables laid without it


@pytest.mark.parametrize("shared", [False, True], ids=["a memory each", "one memory shared"])
def test_two_games_laid_out_from_two_threads_at_once_are_laid_out_as_alone(shared: bool) -> None:
    expected = {seed: alone(seed) for seed in GAMES}
    common = OverflowMemory()
    start = threading.Barrier(len(GAMES))

    def lay_out_game(seed: int) -> tuple[TableLayout, ...]:
        memory = common if shared else OverflowMemory()
        start.wait()
        return tuple(laid_out(board, memory) for board in boards_of(seed))

    for seed in GAMES:
        boards_of(seed)  # made before the threads start: only the layouts run at once
    switching = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # the threads take turns as often as they can
    try:
        with ThreadPoolExecutor(max_workers=len(GAMES)) as pool:
            results = dict(zip(GAMES, pool.map(lay_out_game, GAMES), strict=True))
    finally:
        sys.setswitchinterval(switching)
    for seed in GAMES:
        assert results[seed] == expected[seed], seed
