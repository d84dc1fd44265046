"""The table layout: scenarios on exact boards, and properties of random games.

Scenarios build boards from exact placements and check where tiles go: arms leave the centre
in their directions, a double lies across its line, a foot's toes splay from it (and again
from a foot on a toe), a long line snakes inside the bounds, labels sit where lines end.
Properties play seeded random games of every set size and 2-8 arms and check every board:
no two tiles overlap, every tile is drawn exactly once, every open end has one label and no
two labels (or a label and a tile) share a cell, lines are chains, and a play never moves a
tile already on the table.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Collection, Mapping

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import chickenfoot.play.layout as layout_module
from chickenfoot.play.layout import (
    BIG_CENTRE_ROOM,
    FOLDED_BOUNDS,
    Box,
    Plan,
    Role,
    TableLayout,
    TileSpot,
    end_label_text,
    layout_table,
    shaded_arm,
)
from chickenfoot.rules import SET_SIZES, Board, Placement, RuleSetError, Tile, core, preset
from chickenfoot.rules.board import ARM_LETTERS, from_tuple
from tests.benchmarks import bench_layout


def placed(seat: int, low: int, high: int, target: str, end: int) -> Placement:
    """A placement of tile low|high on ``target`` leaving ``end`` showing."""
    return Placement(seat, Tile(min(low, high), max(low, high)), target, end)


def board(*placements: Placement, arms: int = 4, foot: str | None = None, toes: int = 0) -> Board:
    """A double-9 round's board with ``placements`` on it."""
    return Board(centre=9, arms_required=arms, played=placements, foot=foot, toes=toes)


FOUR_ARMS = (
    placed(0, 9, 3, "A", 3),
    placed(1, 9, 5, "B", 5),
    placed(2, 9, 1, "C", 1),
    placed(3, 9, 7, "D", 7),
)


def touches(first: Box, second: Box) -> bool:
    """True if the boxes share part of an edge (side by side, not overlapping)."""
    side_by_side = (first.right == second.x or second.right == first.x) and (
        first.y < second.bottom and second.y < first.bottom
    )
    stacked = (first.bottom == second.y or second.bottom == first.y) and (
        first.x < second.right and second.x < first.right
    )
    return side_by_side or stacked


def overlap(first: Box, second: Box) -> bool:
    """True if the boxes share a cell."""
    return set(first.cells()) & set(second.cells()) != set()


def spot(layout: TableLayout, index: int) -> TileSpot:
    """The spot of ``board.played[index]``."""
    return layout.spot_of(index)


def text_at(
    layout: TableLayout,
    column: int,
    row: int,
    width: int,
    *,
    labels: Mapping[str, str] | None = None,
    legal: Collection[str] = (),
    chosen: str | None = None,
    fresh: Collection[int] = (),
) -> str:
    """The characters drawn in ``width`` cells from (``column``, ``row``), with the marks
    :meth:`TableLayout.row` takes."""
    cells = [" "] * layout.width
    for run in layout.row(row, labels=labels, legal=legal, chosen=chosen, fresh=fresh):
        cells[run.x : run.x + len(run.text)] = run.text
    return "".join(cells[column : column + width])


# ----- scenarios -------------------------------------------------------------------------------


def test_four_arms_leave_the_centre_up_right_down_left() -> None:
    layout = layout_table(board(*FOUR_ARMS))
    centre = layout.centre.box
    up, right, down, left = (spot(layout, index) for index in range(4))
    assert up.upright and up.box.bottom == centre.y and up.numbers == (3, 9)
    assert not right.upright and right.box.x == centre.right and right.box.y == centre.y
    assert right.numbers == (9, 5)
    assert down.upright and down.box.y == centre.bottom and down.numbers == (9, 1)
    assert not left.upright and left.box.right == centre.x and left.numbers == (7, 9)
    assert layout.fits and (layout.width, layout.height) == (48, 13)
    assert centre.x == (48 - centre.width) // 2 and centre.y == 6


def test_two_arms_go_right_and_left() -> None:
    layout = layout_table(board(placed(0, 9, 3, "A", 3), placed(1, 9, 5, "B", 5), arms=2))
    centre = layout.centre.box
    assert spot(layout, 0).box.x == centre.right
    assert spot(layout, 1).box.right == centre.x


@pytest.mark.parametrize("arms", [5, 6, 7, 8])
def test_more_arms_leave_a_bigger_centre_two_per_side(arms: int) -> None:
    played = tuple(placed(seat, 9, seat, "ABCDEFGH"[seat], seat) for seat in range(arms))
    layout = layout_table(board(*played, arms=arms), bounds=(80, 30))
    centre = layout.centre.box
    assert centre.height == 3
    sides = []
    for index in range(arms):
        box = spot(layout, index).box
        assert touches(box, centre)
        if box.bottom == centre.y:
            sides.append("N")
        elif box.y == centre.bottom:
            sides.append("S")
        else:
            sides.append("E" if box.x == centre.right else "W")
    assert sides[:4] == ["N", "E", "S", "W"]
    assert all(sides.count(side) <= 2 for side in "NESW")


def test_a_double_lies_across_the_line_it_closes() -> None:
    layout = layout_table(
        board(*FOUR_ARMS, placed(0, 5, 5, "B", 5), foot="B")  # across a row: upright
    )
    double = spot(layout, 4)
    assert double.upright and touches(double.box, spot(layout, 1).box)
    assert double.box.x == spot(layout, 1).box.right

    layout = layout_table(board(*FOUR_ARMS, placed(0, 3, 3, "A", 3), foot="A"))
    double = spot(layout, 4)  # across a column: flat, wider than the upright tile below it
    assert not double.upright and double.box.bottom == spot(layout, 0).box.y
    assert double.box.width > spot(layout, 0).box.width


FOOT_ON_B = (
    *FOUR_ARMS,
    placed(0, 5, 5, "B", 5),
    placed(1, 5, 2, "B.1", 2),
    placed(2, 5, 4, "B.2", 4),
    placed(3, 5, 6, "B.3", 6),
)


def test_a_foot_s_three_toes_splay_from_the_double() -> None:
    layout = layout_table(board(*FOOT_ON_B))
    double = spot(layout, 4).box
    toes = [spot(layout, index).box for index in (5, 6, 7)]
    assert all(touches(toe, double) for toe in toes)
    assert not any(overlap(a, b) for a in toes for b in toes if a is not b)
    # None goes back towards the centre: each is beyond the double, above it or below it,
    # and they leave it in at least two directions.
    ahead = [toe for toe in toes if toe.x >= double.right]
    above = [toe for toe in toes if toe.bottom <= double.y]
    below = [toe for toe in toes if toe.y >= double.bottom]
    assert len(ahead) + len(above) + len(below) == 3
    assert [bool(ahead), bool(above), bool(below)].count(True) >= 2
    assert all(toe.x >= double.x for toe in toes)


def test_a_foot_on_a_toe_splays_again() -> None:
    nested = (
        *FOOT_ON_B,
        placed(0, 4, 4, "B.2", 4),
        placed(1, 4, 0, "B.2.1", 0),
        placed(2, 4, 1, "B.2.2", 1),
        placed(3, 4, 8, "B.2.3", 8),
    )
    layout = layout_table(board(*nested))
    double = spot(layout, 8)
    assert touches(double.box, spot(layout, 6).box)
    toes = [spot(layout, index) for index in (9, 10, 11)]
    assert [toe.line for toe in toes] == ["B.2.1", "B.2.2", "B.2.3"]
    assert all(touches(toe.box, double.box) for toe in toes)
    # None lies back along the toe the double closes, nor touches another toe.
    before = spot(layout, 6).box
    assert not any(touches(toe.box, before) or overlap(toe.box, before) for toe in toes)
    assert not any(touches(a.box, b.box) for a in toes for b in toes if a is not b)


def test_lines_side_by_side_are_shaded_apart_in_the_compact_drawing() -> None:
    # Round a big centre the arms lie E A F B G C H D (clockwise from the top left).
    clockwise = "EAFBGCHD"
    shades = [shaded_arm("ABCDEFGH".index(arm), 8) for arm in clockwise]
    assert all(shades[index] != shades[index - 1] for index in range(8))
    assert [shaded_arm(arm, 4) for arm in range(4)] == [False, True, False, True]
    layout = layout_table(board(*FOOT_ON_B), compact=True)
    double = spot(layout, 4)
    middle = [spot(layout, i).line for i in (5, 6, 7) if spot(layout, i).heading == double.heading]
    assert len(middle) == 1
    for toe in ("B.1", "B.2", "B.3"):
        assert (toe in layout.shaded_lines) == ((toe in middle) != ("B" in layout.shaded_lines))
    drawn = [run for y in range(layout.height) for run in layout.row(y)]
    assert {run.placement for run in drawn if run.shaded} == {
        spot_.placement for spot_ in layout.tiles if spot_.line in layout.shaded_lines
    }
    full = layout_table(board(*FOOT_ON_B))
    assert not any(run.shaded for y in range(full.height) for run in full.row(y))


def long_arm(length: int) -> tuple[Placement, ...]:
    """Arm B of ``length`` tiles (no doubles): 9|0, 0|1, 1|2, ... after the four first tiles."""
    chain = []
    value = 5
    for step in range(length):
        following = (value + 1 + step % 3) % 10
        if following == value:
            following = (following + 1) % 10
        chain.append(placed(step % 4, value, following, "B", following))
        value = following
    return (*FOUR_ARMS, *chain)


def test_a_long_line_snakes_inside_its_space_instead_of_leaving_the_table() -> None:
    layout = layout_table(board(*long_arm(14)))
    line = [spot(layout, index) for index in range(1, 4 + 14) if spot(layout, index).line == "B"]
    assert layout.fits
    assert all(touches(a.box, b.box) for a, b in itertools.pairwise(line))
    # It went right along the centre's row, turned down at the edge, and came back leftwards.
    first_row = [tile for tile in line if tile.box.y == layout.centre.box.y]
    assert len(first_row) >= 3
    turn = line[len(first_row)]
    assert turn.upright and turn.box.y > layout.centre.box.y
    back = line[len(first_row) + 1 :]
    assert back[0].box.x < turn.box.x and not back[0].upright
    assert all(tile.box.y > layout.centre.box.y for tile in back)


def test_a_line_too_long_for_the_bounds_grows_the_canvas_and_keeps_its_tiles() -> None:
    small = layout_table(board(*long_arm(40)), bounds=(30, 9))
    assert not small.fits and small.width >= 30 and small.height >= 9
    assert_sound(small, board(*long_arm(40)))


def test_open_ends_are_labelled_where_their_lines_end() -> None:
    layout = layout_table(board(*FOUR_ARMS))
    for index, target in enumerate("ABCD"):
        end = layout.ends[target]
        assert touches(end.label, spot(layout, index).box)
        assert layout.end_at(end.label.x, end.label.y) == target
        assert layout.end_at(spot(layout, index).box.x, spot(layout, index).box.y) == target
    right = layout.ends["B"]
    assert right.label.x == spot(layout, 1).box.right and right.heading == "E"
    labels = {"A": "a", "B": "b", "C": "c", "D": "e"}
    row = right.label.y
    assert text_at(layout, right.label.x, row, 3, labels=labels) == "‹b›"
    assert text_at(layout, right.label.x, row, 3, labels=labels, legal={"B"}) == "▸b◂"
    assert text_at(layout, right.label.x, row, 3, labels=labels, chosen="B") == "»b«"


def test_during_the_arms_the_next_arm_is_labelled_beside_the_centre() -> None:
    layout = layout_table(board(*FOUR_ARMS[:2]))
    assert list(layout.ends) == ["C"]
    end = layout.ends["C"]
    assert touches(end.label, layout.centre.box) and end.label.y == layout.centre.box.bottom


def test_an_open_foot_is_framed_and_shows_its_toe_slots() -> None:
    layout = layout_table(board(*FOOT_ON_B[:6], foot="B", toes=1))
    double = spot(layout, 4)
    assert list(layout.ends) == ["B.2"]
    assert touches(layout.ends["B.2"].label, double.box)
    assert len(layout.toe_slots) == 1
    slot, _heading = layout.toe_slots[0]
    assert touches(slot, double.box)
    foot_runs = [run for run in layout.row(double.box.y) if run.x == double.box.x]
    assert foot_runs[0].role is Role.OPEN_FOOT and foot_runs[0].text == "┏5┓"
    slot_runs = [run for run in layout.row(slot.y) if run.role is Role.TOE_SLOT]
    assert slot_runs and set(slot_runs[0].text[1:-1]) == {"·"}
    done = layout_table(board(*FOOT_ON_B))
    assert done.toe_slots == () and done.row(spot(done, 4).box.y)[0].role is not Role.OPEN_FOOT


def test_fresh_tiles_change_frame_as_well_as_colour() -> None:
    layout = layout_table(board(*FOUR_ARMS))
    right = spot(layout, 1).box
    assert text_at(layout, right.x, right.y, 5) == "[9|5]"
    assert text_at(layout, right.x, right.y, 5, fresh={1}) == "⟦9|5⟧"
    up = spot(layout, 0).box
    assert text_at(layout, up.x, up.y, 3, fresh={0}) == "╓3╖"
    roles = {run.role for run in layout.row(right.y, fresh={1})}
    assert Role.TILE_FRESH in roles and Role.CENTRE in roles


def test_two_digit_sets_widen_every_tile_for_the_whole_game() -> None:
    layout = layout_table(board(*FOUR_ARMS), set_size=12)
    right = spot(layout, 1).box
    assert right.width == 7 and text_at(layout, right.x, right.y, 7) == "[ 9|5 ]"
    assert spot(layout, 0).box.width == 4
    assert layout_table(board(*FOUR_ARMS)).spot_of(1).box.width == 5


def test_end_labels_fit_their_place() -> None:
    assert end_label_text("a", Role.END, 3) == "‹a›"
    assert end_label_text("aa", Role.END_CHOSEN, 4) == "»aa«"
    assert end_label_text("aa", Role.END_LEGAL, 3) == "▸aa"
    assert end_label_text(None, Role.END, 4) == "‹·›"


# ----- properties of random games --------------------------------------------------------------


def table_box(layout: TableLayout, box: Box) -> Box:
    """``box`` in table coordinates (the bounds' top left at 0, 0)."""
    return box.moved(-layout.origin[0], -layout.origin[1])


def assert_sound(layout: TableLayout, shown: Board) -> None:
    """Every property a layout of ``shown`` must have (see the module docstring)."""
    tiles = layout.tiles
    assert tiles[0].is_centre and tiles[0].tile == Tile(shown.centre, shown.centre)
    assert [spot.placement for spot in tiles[1:]] == list(range(len(shown.played)))
    assert [(spot.tile, spot.line) for spot in tiles[1:]] == [
        (placement.tile, placement.target) for placement in shown.played
    ]
    owner: dict[tuple[int, int], str] = {}
    for index, spot_ in enumerate(tiles):
        assert spot_.box.within(Box(0, 0, layout.width, layout.height))
        for cell in spot_.box.cells():
            assert cell not in owner, f"tile {index} overlaps {owner[cell]}"
            owner[cell] = f"tile {index}"
    assert list(layout.ends) == [target for target, _value in shown.open_ends]
    for target, end in layout.ends.items():
        assert end.label.within(Box(0, 0, layout.width, layout.height))
        for cell in end.label.cells():
            assert cell not in owner, f"label {target} overlaps {owner[cell]}"
            owner[cell] = f"label {target}"
    for box, _heading in layout.toe_slots:
        for cell in box.cells():
            assert cell not in owner, f"a toe slot overlaps {owner[cell]}"
    # Each line is a chain: its first tile touches the centre or its foot, the others the
    # tile before them, unless the line leapt (a dotted connector shows that).
    previous: dict[str, Box] = {}
    for spot_ in tiles[1:]:
        assert spot_.line is not None
        parent = spot_.line.rpartition(".")[0]
        before = previous.get(spot_.line) or (previous[parent] if parent else tiles[0].box)
        assert touches(before, spot_.box) or spot_.leapt
        previous[spot_.line] = spot_.box
    for y in range(layout.height):
        column = -1
        for run in layout.row(y):
            assert run.x >= column and run.x + len(run.text) <= layout.width
            column = run.x + len(run.text)
    assert_apart(layout)


def joined_pairs(layout: TableLayout) -> set[frozenset[int]]:
    """The pairs of tiles (by index in ``layout.tiles``) that join: each tile and the one it
    follows (a line's first tile follows the centre, or the double its foot grows from)."""
    pairs: set[frozenset[int]] = set()
    last: dict[str, int] = {}
    for index, spot_ in enumerate(layout.tiles[1:], start=1):
        assert spot_.line is not None
        parent = spot_.line.rpartition(".")[0]
        before = last.get(spot_.line, last[parent] if parent else 0)
        pairs.add(frozenset((before, index)))
        last[spot_.line] = index
    return pairs


def assert_apart(layout: TableLayout) -> None:
    """Tiles that touch (share part of a side) are tiles that join: tiles of different lines,
    and toes of one foot, never touch, so which tile joins which is never in doubt."""
    owner = {cell: index for index, spot_ in enumerate(layout.tiles) for cell in spot_.box.cells()}
    joined = joined_pairs(layout)
    for index, spot_ in enumerate(layout.tiles):
        box = spot_.box
        rim = [
            (column, row) for column in range(box.x, box.right) for row in (box.y - 1, box.bottom)
        ]
        rim += [
            (column, row) for row in range(box.y, box.bottom) for column in (box.x - 1, box.right)
        ]
        for cell in rim:
            other = owner.get(cell)
            if other is not None:
                assert frozenset((index, other)) in joined, (
                    f"{spot_.tile} ({spot_.line}) touches {layout.tiles[other].tile} "
                    f"({layout.tiles[other].line}), which it does not join"
                )


def random_boards(set_size: int, arms: int, players: int, seed: int) -> list[Board]:
    """The board after every play of the first round of a seeded random ``trains`` game."""
    rules = preset("trains", players=players, set_size=set_size, arms=arms, rounds=1)
    choose = random.Random(seed).choice
    position = core.new_game(rules, seed=seed)
    boards: list[Board] = []
    while not core.is_over(position):
        position = core.play(position, choose(core.legal_moves(position)))
        if core.is_over(position):
            break
        played = from_tuple(core.board_of(position)).played
        if played and (not boards or len(boards[-1].played) != len(played)):
            boards.append(from_tuple(core.board_of(position)))
    return boards


@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(
    set_size=st.sampled_from(SET_SIZES),
    arms=st.integers(2, 8),
    players=st.integers(2, 8),
    seed=st.integers(0, 10_000),
    bounds=st.sampled_from([(48, 13), (88, 29), (30, 9)]),
)
def test_random_games_lay_out_soundly_and_stably(
    set_size: int, arms: int, players: int, seed: int, bounds: tuple[int, int]
) -> None:
    try:
        boards = random_boards(set_size, arms, players, seed)
    except RuleSetError:
        return  # a combination the rules refuse (too many arms or hands for the set)
    earlier: tuple[Box, ...] = ()
    for shown in boards:
        layout = layout_table(shown, bounds=bounds, set_size=set_size)
        assert_sound(layout, shown)
        now = tuple(table_box(layout, spot.box) for spot in layout.tiles)
        assert now[: len(earlier)] == earlier, "a play moved a tile already on the table"
        earlier = now


def tiles_overflow_under(shown: Board, plan: Plan, bounds: tuple[int, int], set_size: int) -> bool:
    """Whether the tiles of ``shown``, laid out in the compact drawing under ``plan``, span
    more than ``bounds``."""
    shapes = layout_module.Shapes(layout_module.digits_for(set_size), compact=True)
    _table, overflow = layout_module._laid(shown, shapes, Box(0, 0, *bounds), plan, stop=True)
    return overflow is not None


@settings(
    max_examples=5,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(
    set_size=st.sampled_from((12, 18)),
    players=st.integers(2, 8),
    seed=st.integers(0, 10_000),
    bounds=st.sampled_from([(48, 13), FOLDED_BOUNDS]),
)
def test_the_compact_drawing_moves_tiles_only_to_keep_the_table_whole(
    set_size: int, players: int, seed: int, bounds: tuple[int, int]
) -> None:
    """Under one plan a play moves no tile, and the plan changes only at a play after which
    the tiles under the plan before would span more than the bounds."""
    before: TableLayout | None = None
    for shown in random_boards(set_size, players, players, seed):
        layout = layout_table(shown, bounds=bounds, set_size=set_size, compact=True)
        assert_sound(layout, shown)
        if before is not None:
            if layout.plan == before.plan:
                earlier = [table_box(before, spot.box) for spot in before.tiles]
                now = [table_box(layout, spot.box) for spot in layout.tiles]
                assert now[: len(earlier)] == earlier, "a play moved a tile under one plan"
            else:
                assert tiles_overflow_under(shown, before.plan, bounds, set_size)
        before = layout


def test_a_table_that_would_leave_the_bounds_is_re_packed_to_fit() -> None:
    """Eight seats on double-18 (seeded random play, 100 tiles down, 59 of them on arm A and
    its feet): laid as usual, A's feet take the table out of the 80x14 bounds; re-packed, A
    leaves from the roomiest port (westwards, beside the centre's top row), the centre moves
    away from it (right and down), and the table fits."""
    shown = bench_layout.late_board(seed=7, tiles=100)
    assert tiles_overflow_under(shown, Plan(), FOLDED_BOUNDS, 18)
    layout = layout_table(shown, bounds=FOLDED_BOUNDS, set_size=18, compact=True)
    assert layout.fits
    assert_sound(layout, shown)
    tiles = Counter(placed.target.partition(".")[0] for placed in shown.played)
    most = tiles.most_common(1)[0][0]
    assert most == "A"
    assert layout.plan.ports[ARM_LETTERS.index(most)] == BIG_CENTRE_ROOM[0]
    assert layout.plan.across > 0 and layout.plan.down > 0


def end_tile(layout: TableLayout, target: str) -> Box:
    """The box of the tile open end ``target`` belongs to: its line's last tile, or (a line
    not started yet) the centre or the double its foot grows from."""
    last = layout.last_tiles.get(target)
    if last is not None:
        return layout.tiles[last].box
    parent = target.rpartition(".")[0]
    return layout.tiles[layout.last_tiles[parent]].box if parent else layout.centre.box


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(
    players=st.integers(2, 8),
    set_size=st.sampled_from((9, 12, 18)),
    seed=st.integers(0, 10_000),
    compact=st.booleans(),
    bounds=st.sampled_from([(48, 13), (88, 29)]),
    shifts=st.lists(st.tuples(st.integers(-6, 60), st.integers(-4, 30)), min_size=3, max_size=3),
)
def test_no_tile_is_ever_clipped_and_every_key_touches_its_end(
    players: int,
    set_size: int,
    seed: int,
    compact: bool,
    bounds: tuple[int, int],
    shifts: list[tuple[int, int]],
) -> None:
    try:
        boards = random_boards(set_size, players, players, seed)
    except RuleSetError:
        return
    for shown in boards[::6] + boards[-1:]:
        layout = layout_table(shown, bounds=bounds, set_size=set_size, compact=compact)
        for target, end in layout.ends.items():
            # A key sits against its end, unless every place beside that end is taken.
            assert end.walled != touches(end.label, end_tile(layout, target)), target
        width, height = bounds
        windows = [bench_layout.followed(layout, target) for target in list(layout.ends)[:3]]
        windows += [Box(dx, dy, width, height) for dx, dy in shifts]
        for window in windows:
            assert bench_layout.clipped_tiles(layout, window) == 0


@pytest.mark.parametrize(
    ("seats", "set_size", "seed", "tiles", "target", "compact", "width"),
    [
        # An open foot: its unstarted third toe's key against the double, in places the
        # keys kept for lines with no open end now would have held.
        (8, 18, 1, 24, "G.3", False, 4),
        # A toe whose next tile would have filled the last free place beside it (a rail
        # round it): the tile goes where its own key still has room.
        (8, 18, 4, 44, "A.2", True, 3),
        # Walled in but for two cells beside its tile: a one-letter key (l) takes them.
        (4, 9, 23, 35, "A.1", True, 2),
    ],
)
def test_a_crowded_end_s_key_still_sits_against_it(
    seats: int, set_size: int, seed: int, tiles: int, target: str, compact: bool, width: int
) -> None:
    shown = random_boards(set_size, seats, seats, seed)[tiles - 1]
    assert len(shown.played) == tiles
    layout = layout_table(shown, bounds=FOLDED_BOUNDS, set_size=set_size, compact=compact)
    end = layout.ends[target]
    assert not end.walled and touches(end.label, end_tile(layout, target))
    assert end.label.width == width


def test_a_tile_at_the_view_s_edge_is_left_out_not_cut() -> None:
    layout = layout_table(board(*long_arm(14)))
    tile = spot(layout, 6)
    window = Box(tile.box.x + 1, 0, layout.width, layout.height)  # cuts its first cell
    drawn = {run.placement for y in range(layout.height) for run in layout.row(y, window=window)}
    assert 6 not in drawn and 6 in {
        run.placement for y in range(layout.height) for run in layout.row(y)
    }
    assert bench_layout.clipped_tiles(layout, window) == 0


def test_the_layout_is_deterministic() -> None:
    shown = random_boards(18, 8, 8, 3)[-1]
    assert layout_table(shown, set_size=18) == layout_table(shown, set_size=18)


def test_the_benchmark_runs_and_measures_something() -> None:
    assert bench_layout.layout_times(repeats=2).median_ms > 0
    # Another checkout's times, as BENCH_PREVIOUS takes them (this one stands in for it).
    assert bench_layout.previous_times(bench_layout.ROOT).tiles == bench_layout.LATE_TILES
    assert bench_layout.render_time_ms(repeats=1, size=(48, 13)) > 0
    share = bench_layout.fit_share("cross", players=4, games=2)
    assert 0 <= share.fits <= share.positions and share.positions > 0
