"""A key is never cut: every end's key is drawn whole, exactly as the key strip names it.

An end's key has one letter (``a``), two (``zb``) or, on a big table, three (``zzg``) and
more. Its label is the key between the marks of its role (``‹a›``, ``▸a◂``, ``»a«``); where a
place is narrow, only the marks are left out, and each end's place is made wide enough for
its key and a mark. The property test draws big tables (8 seats, double-18, the compact
drawing) in the game screen's board areas at 80x24, during the round and as its result
shows it (the round's final table, with the most keys), and reads every label drawn.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterator
from functools import cache
from typing import Final

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from chickenfoot.play.keys import end_keys
from chickenfoot.play.layout import (
    DEFAULT_BOUNDS,
    END_MARKS,
    FOLDED_BOUNDS,
    Box,
    Role,
    TableLayout,
    end_label_text,
    layout_table,
)
from chickenfoot.play.layout.ends import _long_keys_possible
from chickenfoot.rules import Board, core, preset
from chickenfoot.rules.board import from_tuple
from tests.benchmarks import bench_layout

BIG_TABLE = preset("trains", players=8, set_size=18, rounds=1)
"""Eight seats on double-18: the table with the most ends."""
ROUND_RESULT: Final = -1
"""The play count that stands for the round's final table, which its result stands over."""


@cache
def round_boards(seed: int) -> tuple[Board, ...]:
    """Every board of a seeded random round at the big table, its final table last."""
    choose = random.Random(seed).choice
    position = core.new_game(BIG_TABLE, seed=seed)
    boards = [from_tuple(core.board_of(position))]
    while not core.is_over(position):
        position = core.play(position, choose(core.legal_moves(position)))
        board = from_tuple(core.board_of(position))
        if len(board.played) != len(boards[-1].played):
            boards.append(board)
    return tuple(boards)


def drawn_labels(
    layout: TableLayout,
    keys: dict[str, str],
    window: Box | None,
    legal: Collection[str] = (),
    chosen: str | None = None,
) -> Iterator[tuple[str, str, Role]]:
    """Every end label the layout draws in ``window`` (the whole canvas with None): its end,
    its text and its role."""
    for y in range(layout.height):
        for run in layout.row(y, labels=keys, legal=legal, chosen=chosen, window=window):
            if run.role in END_MARKS:
                assert run.target is not None
                yield run.target, run.text, run.role


def read_key(text: str, role: Role) -> str:
    """The key a label reads as: its text without its role's marks."""
    opening, closing = END_MARKS[role]
    return text.removeprefix(opening).removesuffix(closing)


def assert_every_key_drawn_whole(layout: TableLayout, board: Board, ends: list[str]) -> None:
    """Every label of ``layout`` reads as its end's key, in the whole canvas and in views the
    size of the bounds (as laid out, and following the ends in ``ends``); in the whole canvas,
    every open end's label is drawn."""
    keys = end_keys(board)
    legal, chosen = ends[:3], (ends[0] if ends else None)
    windows: list[Box | None] = [None, bench_layout.followed(layout, None)]
    windows += [bench_layout.followed(layout, target) for target in ends]
    for window in windows:
        seen = []
        for target, text, role in drawn_labels(layout, keys, window, legal, chosen):
            assert read_key(text, role) == keys[target], (target, text, window)
            seen.append(target)
        if window is None:
            assert sorted(seen) == sorted(keys)


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(
    seed=st.integers(0, 10_000),
    plays=st.one_of(st.just(ROUND_RESULT), st.integers(40, 170)),
    bounds=st.sampled_from([FOLDED_BOUNDS, DEFAULT_BOUNDS]),
    followed=st.randoms(use_true_random=False),
)
# Tables with a three-letter key (zza), during the round and as its result shows it.
@example(seed=3, plays=163, bounds=FOLDED_BOUNDS, followed=random.Random(0))
@example(seed=2, plays=ROUND_RESULT, bounds=DEFAULT_BOUNDS, followed=random.Random(0))
def test_every_key_drawn_reads_exactly_as_its_key(
    seed: int, plays: int, bounds: tuple[int, int], followed: random.Random
) -> None:
    boards = round_boards(seed)
    board = boards[plays] if 0 <= plays < len(boards) else boards[-1]
    layout = layout_table(board, bounds=bounds, set_size=18, compact=True)
    ends = list(layout.ends)
    assert_every_key_drawn_whole(layout, board, followed.sample(ends, min(3, len(ends))))


def test_a_three_letter_key_is_drawn_whole_in_a_place_wide_enough() -> None:
    """Eight seats on double-18 (seeded random play, 163 tiles down) in the board area at
    80x24 once the side panels fold away: a toe holds a three-letter key, drawn whole after
    its mark (``‹zza``, where it used to be cut to ``‹zz``)."""
    board = round_boards(3)[163]
    keys = end_keys(board)
    long_keys = {target: key for target, key in keys.items() if len(key) == 3}
    assert long_keys == {"F.1.1.3": "zza"}
    layout = layout_table(board, bounds=FOLDED_BOUNDS, set_size=18, compact=True)
    drawn = {target: text for target, text, _role in drawn_labels(layout, keys, None)}
    for target, key in long_keys.items():
        assert drawn[target] == f"‹{key}"
        assert layout.ends[target].label.width == len(key) + 1


@pytest.mark.parametrize(
    ("key", "role", "width", "compact", "drawn"),
    [
        ("a", Role.END, 3, False, "‹a›"),
        ("zb", Role.END_LEGAL, 4, False, "▸zb◂"),
        ("zb", Role.END_LEGAL, 3, False, "▸zb"),  # no room for both marks: the first stays
        ("zzg", Role.END, 3, False, "zzg"),  # no room for a mark: the key alone, whole
        ("zzg", Role.END_CHOSEN, 4, True, "»zzg"),
        ("zzzb", Role.END, 3, True, "zzzb"),  # never cut, even where the place is too small
        ("a", Role.END, 2, True, "‹a"),
    ],
)
def test_a_label_leaves_out_its_marks_never_a_letter_of_its_key(
    key: str, role: Role, width: int, compact: bool, drawn: str
) -> None:
    assert end_label_text(key, role, width, compact=compact) == drawn


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000))
@example(seed=3)  # zza, then zzb
def test_the_layout_looks_up_the_keys_wherever_one_may_be_long(seed: int) -> None:
    """The layout sizes labels by the keys only on boards where a key of three letters is
    possible (it skips the look-up elsewhere): every board with one is such a board."""
    for board in round_boards(seed):
        if any(len(key) > 2 for key in end_keys(board).values()):
            assert _long_keys_possible(board), len(board.played)
