"""The table widget in a tiny app: following the chosen end, clicks, labels, panning, redraws;
and SVG snapshots of real tables (dark and light themes).

The boards come from seeded random games on the rules core, so every run draws the same
tables. Tests wait on conditions (a bounded number of event-loop turns), never on time.
Update the pictures with ``pytest tests/tui/test_table_widget.py --snapshot-update`` and
look at them.
"""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable
from functools import cache

import pytest
from textual.app import App, ComposeResult
from textual.color import Color
from textual.containers import Horizontal
from textual.geometry import Region
from textual.message import Message
from textual.notifications import Notify
from textual.pilot import Pilot
from textual.widgets import Static

from chickenfoot.play.layout import Box
from chickenfoot.play.shown import BoardShown
from chickenfoot.rules import Board, core, preset
from chickenfoot.rules.board import from_tuple
from chickenfoot.text.legend import REARRANGED, legend_hint
from chickenfoot.text.prompts import ViewKeys, board_subtitle
from chickenfoot.tui.messages import EndClicked
from chickenfoot.tui.themes import HIGH_CONTRAST
from chickenfoot.tui.widgets.board_panel import BoardPanel
from chickenfoot.tui.widgets.table import PAN_COLUMNS, PAN_ROWS, TableView
from tests.benchmarks.bench_layout import late_board
from tests.tui.conftest import THEMES, SnapCompare, wait_for
from tests.tui.test_themes import THEME_NAMES, contrast, resolve, theme_variables

KEYS = "abcefghijlmnortuvwxyzABCEFGHIJLMNORTUVWXYZ"


@cache
def nested_feet_board() -> Board:
    """The first board of a seeded 4-seat double-9 ``cross`` round with a foot on a toe (all
    its toes down)."""
    rules = preset("cross", players=4, set_size=9, rounds=1)
    for seed in range(500):
        choose = random.Random(seed).choice
        position = core.new_game(rules, seed=seed)
        while not core.is_over(position):
            position = core.play(position, choose(core.legal_moves(position)))
            lean = core.board_of(position)
            if core.is_over(position):
                break
            if lean[3] is None and any(placed.target.count(".") >= 2 for placed in lean[2]):
                return from_tuple(lean)
    raise AssertionError("no seed reaches a foot on a toe")


@cache
def big_board() -> Board:
    """A late double-18, 8-seat ``trains`` board (120 tiles, 8 arms)."""
    return late_board()


def marked(board: Board, set_size: int) -> BoardShown:
    """``board`` with every end labelled, the first two legal, the first chosen, and the last
    five tiles fresh."""
    labels = {target: KEYS[index] for index, (target, _value) in enumerate(board.open_ends)}
    ends = list(labels)
    count = len(board.played)
    return BoardShown(
        board,
        labels,
        legal=tuple(ends[:2]),
        chosen=ends[0],
        fresh=frozenset(range(count - 5, count)),
        set_size=set_size,
    )


class TableApp(App[None]):
    """A TableView filling the screen; it records the ends clicked."""

    CSS = "TableView { width: 1fr; height: 1fr; }"

    def __init__(self, shown: BoardShown) -> None:
        super().__init__()
        self.shown = shown
        self.clicked: list[str] = []
        self.marks: list[bool] = []

    def compose(self) -> ComposeResult:
        """Only the table."""
        yield TableView(self.shown)

    def on_end_clicked(self, message: EndClicked) -> None:
        """Note the end clicked."""
        self.clicked.append(message.target)

    def on_table_view_moved(self, message: TableView.Moved) -> None:
        """Note the marks of moved arms coming and going."""
        self.marks.append(message.marked)


class GameLikeApp(App[None]):
    """The table where the game screen puts it: beside a 30-column side panel, above the hand
    (9 rows); at 80x24 its inside is 48x13, as on the game screen."""

    CSS = """
    #main { height: 1fr; }
    TableView { width: 1fr; border: round $primary; border-title-color: $text-primary; }
    #side { width: 30; border: round $secondary; padding: 0 1; }
    #below { height: 9; border: round $accent; padding: 0 1; }
    """

    def __init__(self, shown: BoardShown, theme: str) -> None:
        super().__init__()
        self.shown = shown
        self.theme = theme

    def compose(self) -> ComposeResult:
        """Table and side panel, the hand's place below."""
        with Horizontal(id="main"):
            table = TableView(self.shown)
            table.border_title = "Board"
            yield table
            yield Static("Seats and log", id="side", markup=False)
        yield Static("Hand, status line and footer", id="below", markup=False)


def window(table: TableView) -> Region:
    """The canvas cells the view shows now."""
    region = table.scrollable_content_region
    return Region(round(table.scroll_x), round(table.scroll_y), region.width, region.height)


def in_view(table: TableView, box: Box) -> bool:
    """True if the whole ``box`` is on screen."""
    return window(table).contains_region(Region(*box))


def laid_out(table: TableView) -> bool:
    """The table has a layout for its current size and board."""
    layout = table.table_layout
    return layout is not None and layout.bounds == tuple(table.size)


def screen_text(table: TableView, box: Box) -> str:
    """The characters the view shows in the one-row ``box`` (canvas coordinates)."""
    scroll_x, scroll_y = round(table.scroll_x), round(table.scroll_y)
    strip = table.render_line(box.y - scroll_y)
    text = "".join(segment.text for segment in strip)
    return text[box.x - scroll_x : box.x - scroll_x + box.width]


# ----- behaviour -------------------------------------------------------------------------------


async def test_the_chosen_end_scrolls_into_view() -> None:
    board = big_board()
    app = TableApp(BoardShown(board, set_size=18))
    async with app.run_test(size=(40, 12)) as pilot:
        table = app.query_one(TableView)
        await wait_for(pilot, lambda: laid_out(table), "the layout")
        layout = table.table_layout
        assert layout is not None and not layout.fits
        hidden = [target for target in layout.ends if not in_view(table, layout.end_box(target))]
        assert len(hidden) >= 2
        for target in hidden[:2]:
            table.shown = BoardShown(board, chosen=target, set_size=18)

            def followed(target: str = target) -> bool:
                return in_view(table, layout.end_box(target))

            await wait_for(pilot, followed, target)


def italic_placements(table: TableView) -> set[int]:
    """The tiles the view draws in italics (the mark of a tile a re-packing moved)."""
    layout = table.table_layout
    assert layout is not None
    marked = set()
    for row in range(layout.height):
        strip = table.canvas_strip(row)
        runs = {run.x: run for run in layout.row(row)}
        column = 0
        for segment in strip:
            run = runs.get(column)
            italic = segment.style is not None and segment.style.italic
            if run is not None and run.placement is not None and italic:
                marked.add(run.placement)
            column += segment.cell_length
    return marked


async def test_a_re_packed_table_marks_the_arms_that_moved_until_the_viewer_moves() -> None:
    """Eight seats on double-18 at 80x14: the play after the 88th tile would take the compact
    table out of the view, so it is re-packed (its tiles move): the arms that moved are marked
    (in italics), with no notice, while the plays since are ones the viewer has not moved
    after; the marks go once the viewer moves."""
    messages: list[Message] = []
    boards = [late_board(seed=7, tiles=tiles) for tiles in (88, 89, 90)]
    app = TableApp(BoardShown(boards[0], set_size=18))
    async with app.run_test(size=(80, 14), message_hook=messages.append) as pilot:
        table = app.query_one(TableView)
        await wait_for(pilot, lambda: laid_out(table), "the layout")
        before = table.table_layout
        assert table.moved is None and not italic_placements(table)
        table.shown = BoardShown(boards[1], set_size=18, fresh=frozenset({88}))
        await wait_for(pilot, laid_out_all(table, boards[1]), "the re-packed board")
        layout, moved = table.table_layout, table.moved
        assert before is not None and layout is not None and layout.plan != before.plan
        assert moved is not None and moved.after == 88 and moved.placements
        assert moved.placements <= set(range(89))
        foot = 88  # the double just played opens a foot: it keeps its own mark
        assert boards[1].foot == "B" and boards[1].played[foot].tile.is_double
        assert italic_placements(table) == moved.placements - {foot}
        # The next play keeps the plan (no tile moves) and the marks: the viewer has not moved.
        table.shown = BoardShown(boards[2], set_size=18, fresh=frozenset({88, 89}))
        await wait_for(pilot, laid_out_all(table, boards[2]), "the next board")
        assert table.table_layout is not None and table.table_layout.plan == layout.plan
        assert table.moved == moved
        # The viewer moved (a draw: the same board, nothing fresh any more): the marks go.
        table.shown = BoardShown(boards[2], set_size=18)
        await wait_for(pilot, lambda: table.moved is None, "the marks gone")
        assert not italic_placements(table)
        await pilot.pause()
    assert app.marks == [True, False]
    assert not any(isinstance(m, Notify) for m in messages)  # no notice: the marks say it


class PanelApp(App[None]):
    """A board panel filling the screen (its inside 80x14 at 82x16, as the folded game's)."""

    def __init__(self, shown: BoardShown) -> None:
        super().__init__()
        self.shown = shown
        self.legends = 0

    def on_mount(self) -> None:
        """The screen is the game's with its side panels folded away (the panel's compact
        drawing is the one a player sees)."""
        self.screen.add_class("-folded")

    def compose(self) -> ComposeResult:
        """Only the panel."""
        panel = BoardPanel()
        panel.shown = self.shown
        panel.keys = ViewKeys(legend=",")
        yield panel

    def on_board_panel_legend_due(self) -> None:
        """Count the times the legend was due."""
        self.legends += 1


async def test_the_panel_says_why_arms_are_marked_and_asks_for_the_legend_once() -> None:
    boards = [late_board(seed=7, tiles=tiles) for tiles in (88, 89, 90)]
    app = PanelApp(BoardShown(late_board(seed=7, tiles=8), set_size=18))
    async with app.run_test(size=(82, 16)) as pilot:
        panel = app.query_one(BoardPanel)
        table = app.query_one(TableView)
        await wait_for(pilot, lambda: laid_out(table), "the layout in full")
        assert table.table_layout is not None and not table.table_layout.compact
        panel.shown = BoardShown(boards[0], set_size=18)  # plays later: the table turns compact
        await wait_for(pilot, lambda: app.legends == 1, "the legend due")
        subtitle = str(panel.border_subtitle)
        assert legend_hint(",") in subtitle and REARRANGED not in subtitle
        panel.shown = BoardShown(boards[1], set_size=18, fresh=frozenset({88}))
        await wait_for(pilot, lambda: REARRANGED in str(panel.border_subtitle), "the note")
        panel.shown = BoardShown(boards[2], set_size=18)  # a play after the viewer moved
        await wait_for(pilot, lambda: REARRANGED not in str(panel.border_subtitle), "no note")
        await pilot.pause()
        assert app.legends == 1  # once


async def test_under_a_table_too_big_to_see_whole_the_frame_offers_the_outline() -> None:
    app = PanelApp(BoardShown(big_board(), set_size=18))  # too big for 80x14 even re-packed
    async with app.run_test(size=(82, 16)) as pilot:
        panel = app.query_one(BoardPanel)
        table = app.query_one(TableView)
        await wait_for(pilot, lambda: panel.has_class("-too-big"), "the offer")
        offer = board_subtitle(outline=False, compact=True, fits=False)
        assert str(panel.border_subtitle).startswith(offer)
        assert "o shows the outline" in offer
        assert tuple(table.size) == (80, 14)  # the offer costs the table no row
        panel.view = "outline"
        await wait_for(pilot, lambda: not panel.has_class("-too-big"), "no offer over the outline")
        panel.view = "table"
        await wait_for(pilot, lambda: panel.has_class("-too-big"), "the offer again")
        panel.shown = BoardShown(late_board(tiles=20), set_size=18)  # a smaller table
        await wait_for(pilot, lambda: not panel.has_class("-too-big"), "no offer")


def laid_out_all(table: TableView, board: Board) -> Callable[[], bool]:
    """A check that the view has laid out every tile of ``board`` (and the centre)."""

    def check() -> bool:
        layout = table.table_layout
        return layout is not None and len(layout.tiles) == len(board.played) + 1

    return check


async def test_clicking_an_end_posts_end_clicked_with_its_target() -> None:
    board = nested_feet_board()
    app = TableApp(marked(board, 9))
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.query_one(TableView)
        await wait_for(pilot, lambda: laid_out(table), "the layout")
        layout = table.table_layout
        assert layout is not None
        targets = list(layout.ends)[:3]
        for target in targets:
            label = layout.ends[target].label
            offset = (label.x - round(table.scroll_x), label.y - round(table.scroll_y))
            await pilot.click(TableView, offset=offset)
        await wait_for(pilot, lambda: app.clicked == targets, "the clicks")
        centre = layout.centre.box  # not an open end: nothing is posted
        await pilot.click(TableView, offset=(centre.x - round(table.scroll_x), centre.y))
        await pilot.pause()
        assert app.clicked == targets


async def test_labels_appear_at_their_ends() -> None:
    shown = marked(nested_feet_board(), 9)
    app = TableApp(shown)
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.query_one(TableView)
        await wait_for(pilot, lambda: laid_out(table), "the layout")
        layout = table.table_layout
        assert layout is not None
        for target, end in layout.ends.items():
            key = shown.labels[target]
            if target == shown.chosen:
                expected = f"»{key}«"
            elif target in shown.legal:
                expected = f"▸{key}◂"
            else:
                expected = f"‹{key}›"
            assert screen_text(table, end.label) == expected


async def test_shift_arrows_pan_and_the_screen_s_keys_are_left_alone() -> None:
    app = TableApp(BoardShown(big_board(), set_size=18))
    async with app.run_test(size=(40, 12)) as pilot:
        table = app.query_one(TableView)
        await wait_for(pilot, lambda: laid_out(table), "the layout")
        table.scroll_to(0, 0, animate=False, immediate=True)
        table.focus()
        await wait_for(pilot, lambda: table.has_focus and table.scroll_offset == (0, 0), "focus")
        await pilot.press("shift+right", "shift+down")
        await wait_for(
            pilot, lambda: table.scroll_offset == (PAN_COLUMNS, PAN_ROWS), "the view to pan"
        )
        await pilot.press("left", "right", "up", "down", "a", "1", "enter")
        await pilot.pause()
        assert table.scroll_offset == (PAN_COLUMNS, PAN_ROWS)
        table.pan(-PAN_COLUMNS, -PAN_ROWS)
        await wait_for(pilot, lambda: table.scroll_offset == (0, 0), "pan() back")


async def test_an_equal_value_redraws_nothing_and_a_new_board_keeps_the_view() -> None:
    boards = [nested_feet_board()]
    shown = marked(boards[0], 9)
    app = TableApp(shown)
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.query_one(TableView)
        await wait_for(pilot, lambda: laid_out(table), "the layout")
        layout, row = table.table_layout, table.canvas_strip(0)
        table.shown = BoardShown(
            shown.board,
            dict(shown.labels),
            shown.legal,
            shown.chosen,
            shown.fresh,
            shown.set_size,
        )
        await pilot.pause()
        assert table.table_layout is layout and table.canvas_strip(0) is row
        table.shown = BoardShown(shown.board, dict(shown.labels), set_size=9)  # marks only
        await wait_for(pilot, lambda: table.canvas_strip(0) is not row, "a redraw")
        assert table.table_layout is layout


async def test_the_first_board_shows_its_bounds_the_centre_in_the_middle() -> None:
    app = TableApp(BoardShown(big_board(), set_size=18))
    async with app.run_test(size=(48, 13)) as pilot:
        table = app.query_one(TableView)
        await wait_for(pilot, lambda: laid_out(table), "the layout")
        layout = table.table_layout
        assert layout is not None
        assert table.scroll_offset == layout.view  # the bounds, moved the least to hold more
        assert in_view(table, layout.centre.box)


async def test_a_new_theme_restyles_the_table() -> None:
    app = TableApp(marked(nested_feet_board(), 9))
    app.theme = "textual-dark"
    async with app.run_test(size=(80, 24)) as pilot:
        table = app.query_one(TableView)
        await wait_for(pilot, lambda: laid_out(table), "the layout")
        layout = table.table_layout
        assert layout is not None
        row = layout.centre.box.y

        def centre_style() -> object:
            strip = table.canvas_strip(row)
            return next(seg.style for seg in strip if "9|9" in seg.text)

        dark = centre_style()
        app.theme = "textual-light"
        await wait_for(pilot, lambda: centre_style() != dark, "the light theme's colours")


# ----- pictures --------------------------------------------------------------------------------


def settled(app: App[None]) -> Callable[[Pilot[None]], Awaitable[None]]:
    """A run_before that waits until the table is laid out and follows its chosen end."""

    async def run_before(pilot: Pilot[None]) -> None:
        table = app.query_one(TableView)
        await wait_for(pilot, lambda: laid_out(table), "the layout")
        shown, layout = table.shown, table.table_layout
        assert shown is not None and layout is not None
        chosen = shown.chosen
        assert chosen is not None
        await wait_for(pilot, lambda: in_view(table, layout.end_box(chosen)), "follow")
        await pilot.pause()

    return run_before


@pytest.mark.parametrize("theme", THEMES)
@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_a_four_seat_table_with_nested_feet(
    snap_compare: SnapCompare, theme: str, size: tuple[int, int]
) -> None:
    app = GameLikeApp(marked(nested_feet_board(), 9), theme)
    assert snap_compare(app, terminal_size=size, run_before=settled(app))


def test_a_late_eight_seat_double_eighteen_table(snap_compare: SnapCompare) -> None:
    app = GameLikeApp(marked(big_board(), 18), "textual-dark")
    assert snap_compare(app, terminal_size=(80, 24), run_before=settled(app))


def test_the_compact_drawing(snap_compare: SnapCompare) -> None:
    app = GameLikeApp(marked(late_board(tiles=50), 18), "textual-dark")

    async def run_before(pilot: Pilot[None]) -> None:
        table = app.query_one(TableView)
        table.density = "compact"
        await wait_for(
            pilot,
            lambda: table.table_layout is not None and table.table_layout.compact,
            "the compact drawing",
        )
        await settled(app)(pilot)

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


def test_a_re_packed_table_with_the_arms_that_moved_marked(snap_compare: SnapCompare) -> None:
    boards = [late_board(seed=7, tiles=tiles) for tiles in (88, 89)]
    app = TableApp(BoardShown(boards[0], set_size=18))

    async def run_before(pilot: Pilot[None]) -> None:
        table = app.query_one(TableView)
        await wait_for(pilot, lambda: laid_out(table), "the layout")
        table.shown = BoardShown(boards[1], set_size=18, fresh=frozenset({88}))
        await wait_for(pilot, lambda: table.moved is not None, "the marks")
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 14), run_before=run_before)


async def test_the_drawing_is_chosen_by_itself_and_switched() -> None:
    early = late_board(tiles=8)
    app = TableApp(marked(early, 18))
    async with app.run_test(size=(48, 13)) as pilot:
        table = app.query_one(TableView)
        await wait_for(pilot, lambda: laid_out(table), "the layout")
        layout = table.table_layout
        assert layout is not None and not layout.compact and layout.fits
        table.switch_density()
        await wait_for(
            pilot, lambda: bool(table.table_layout and table.table_layout.compact), "compact"
        )
        table.switch_density()
        await wait_for(
            pilot, lambda: not (table.table_layout and table.table_layout.compact), "full"
        )
        table.density = "auto"
        table.shown = marked(big_board(), 18)
        await wait_for(
            pilot, lambda: bool(table.table_layout and table.table_layout.compact), "auto"
        )
        layout = table.table_layout
        assert layout is not None and not layout.fits  # even compact: the screen offers the outline


@pytest.mark.parametrize("name", [*THEME_NAMES, "textual-dark", "textual-light"])
def test_a_shaded_line_s_numbers_read_in_every_theme(name: str) -> None:
    variables = theme_variables(name)
    under = resolve(variables["primary-muted"], resolve(variables["background"], Color(0, 0, 0)))
    least = 7.0 if name == HIGH_CONTRAST.name else 4.5
    for text in ("foreground", "text-primary"):  # a tile's numbers, a double's, a moved one's
        assert contrast(resolve(variables[text], under), under) >= least, (name, text)


@pytest.mark.parametrize("name", [*THEME_NAMES, "textual-dark", "textual-light"])
def test_a_moved_tile_s_numbers_read_in_every_theme(name: str) -> None:
    variables = theme_variables(name)
    under = resolve(variables["background"], Color(0, 0, 0))
    least = 7.0 if name == HIGH_CONTRAST.name else 4.5
    assert contrast(resolve(variables["text-primary"], under), under) >= least, name


async def test_a_table_compact_from_the_start_asks_for_no_legend() -> None:
    app = PanelApp(BoardShown(big_board(), set_size=18))  # a big game opened
    async with app.run_test(size=(82, 16)) as pilot:
        table = app.query_one(TableView)
        await wait_for(pilot, lambda: laid_out(table), "the layout")
        await pilot.pause()
        assert table.table_layout is not None and table.table_layout.compact
        assert app.legends == 0
        assert legend_hint(",") in str(app.query_one(BoardPanel).border_subtitle)
