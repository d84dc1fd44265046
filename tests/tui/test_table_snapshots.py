"""SVG snapshots of the whole game screen at 80×24 at the tables that were hard to read: a late
4-seat double-9 cross round with a chicken foot grown on a toe (too big for the full drawing
beside the seats and the log: they fold away, and the whole width shows it in full), a late
8-seat double-18 trains round (folded too, and drawn compact by itself), and the same 4-seat
table switched to the compact drawing with ``.``. The README's pictures come from these.

The table turning compact in a game brings the legend of its marks up by itself, once (it
stays one key away); under a table too big to see whole, its frame offers the outline in
words, naming the player's own key. Both are driven here in the real app.

Each position is reached by replaying a fixed policy over fixed seeds (see ``tests.kit``), so
every picture is the same on every run. Update with
``pytest tests/tui/test_table_snapshots.py --snapshot-update`` and look at them.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from textual.content import Content
from textual.pilot import Pilot
from textual.widgets import Static

from chickenfoot.play.layout import FOLDED_BOUNDS
from chickenfoot.rules import GameState, Play, RuleSet, legal_actions, preset
from chickenfoot.saves.jsonformat import save_record
from chickenfoot.text.legend import LEGEND_TITLE, legend_footing
from chickenfoot.tui.app import ChickenFootApp
from chickenfoot.tui.screens.help import HelpScreen
from chickenfoot.tui.screens.legend import LegendScreen
from chickenfoot.tui.screens.log import LogScreen
from chickenfoot.tui.screens.replay import ReplayScreen
from chickenfoot.tui.widgets import TableView
from tests.kit import as_kind
from tests.recorded import random_record
from tests.tui.conftest import SnapCompare, TuiKit, screen_lines, settle


def my_play(state: GameState) -> bool:
    """Seat 0 (the person) is on turn with a tile to play."""
    return state.turn == 0 and any(isinstance(a, Play) for a in legal_actions(state))


def nested_feet(state: GameState) -> bool:
    """Late in the round (25 tiles down), a foot has grown on a toe (no deeper) and every
    foot is finished; seat 0 can play."""
    board = state.board
    depth = max((placed.target.count(".") for placed in board.played), default=0)
    late = len(board.played) >= 25
    return depth == 2 and late and board.foot is None and my_play(state)


def late(tiles: int) -> Callable[[GameState], bool]:
    """At least ``tiles`` tiles are on the table; seat 0 can play."""
    return lambda state: len(state.board.played) >= tiles and my_play(state)


def open_game(
    kit: type[TuiKit], rules: RuleSet, stop: Callable[[GameState], bool]
) -> ChickenFootApp:
    """An app continuing the first game (fixed seeds and policy) that reaches ``stop``, one
    person against computers."""
    kinds = ("human", *["computer"] * (rules.players - 1))
    record = kit.find_record(rules, kit.seats(*kinds), stop)
    return ChickenFootApp(load=kit.stored(record), bot_delay=0)


def laid_out(app: ChickenFootApp, compact: bool, folded: bool = True) -> bool:
    """The person is on turn, the side panels are folded away as ``folded`` says and the table
    is laid out for its size in the drawing ``compact`` says."""
    game = app.game_screen
    if game is None or not game.client.on_turn or game.folded != folded:
        return False
    table = game.query_one(TableView)
    layout = table.table_layout
    return layout is not None and layout.compact == compact and layout.bounds == tuple(table.size)


def four_seats_nested(kit: type[TuiKit]) -> ChickenFootApp:
    """The late 4-seat double-9 cross round with a foot on a toe."""
    return open_game(kit, preset("cross", players=4, rounds=1), nested_feet)


def eight_seats(kit: type[TuiKit], tiles: int) -> ChickenFootApp:
    """A late 8-seat double-18 trains round, ``tiles`` tiles down at least."""
    return open_game(kit, preset("trains", players=8, set_size=18, rounds=1), late(tiles))


def legend_up(app: ChickenFootApp) -> bool:
    """The legend of the compact table is on top."""
    return isinstance(app.screen, LegendScreen)


async def close_the_legend(kit: type[TuiKit], pilot: Pilot[None], app: ChickenFootApp) -> None:
    """Wait for the legend the table turning compact brings up, and close it."""
    await kit.wait_for(pilot, lambda: legend_up(app), "the legend")
    await pilot.press("escape")
    await kit.wait_for(pilot, lambda: app.screen is app.game_screen, "the game")


def test_a_late_four_seat_round_with_nested_feet(
    snap_compare: SnapCompare, kit: type[TuiKit]
) -> None:
    app = four_seats_nested(kit)

    async def run_before(pilot: Pilot[None]) -> None:
        await settle(pilot, lambda app: laid_out(app, compact=False))

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


def test_the_same_round_in_the_compact_drawing(
    snap_compare: SnapCompare, kit: type[TuiKit]
) -> None:
    app = four_seats_nested(kit)

    async def run_before(pilot: Pilot[None]) -> None:
        await settle(pilot, lambda app: laid_out(app, compact=False))
        await pilot.press("full_stop")
        await close_the_legend(TuiKit, pilot, app)
        await settle(pilot, lambda app: laid_out(app, compact=True))

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


def test_a_late_eight_seat_double_eighteen_round(
    snap_compare: SnapCompare, kit: type[TuiKit]
) -> None:
    app = eight_seats(kit, 60)

    async def run_before(pilot: Pilot[None]) -> None:
        await settle(pilot, lambda app: laid_out(app, compact=True))

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


async def test_a_table_too_big_even_compact_offers_the_outline(
    kit: type[TuiKit],
) -> None:
    app = eight_seats(kit, 120)  # too big for 80x14 even re-packed
    async with app.run_test(size=(80, 24)) as pilot:
        await kit.wait_for(pilot, lambda: laid_out(app, compact=True), "the compact table")
        game = app.game_screen
        assert game is not None
        layout = game.query_one(TableView).table_layout
        assert layout is not None and not layout.fits
        box = game.query_one("#board-box")
        offer = "too big to see whole: o shows the outline"
        await kit.wait_for(pilot, lambda: offer in str(box.border_subtitle), "the offer")
        assert any(offer in line for line in screen_lines(app))  # in full, on the frame's line
        await pilot.press("o")
        await kit.wait_for(pilot, lambda: game.outline, "the outline")
        assert str(box.border_subtitle) == "o: table"
        await pilot.press("full_stop")  # back to the table, drawn in full on request
        await kit.wait_for(pilot, lambda: laid_out(app, compact=False), "the full table")
        assert not game.outline


async def test_a_big_table_folds_the_seats_and_the_log_away_on_a_short_screen(
    kit: type[TuiKit],
) -> None:
    app = four_seats_nested(kit)
    async with app.run_test(size=(80, 24)) as pilot:
        await kit.wait_for(pilot, lambda: laid_out(app, compact=False), "the folded table")
        game = app.game_screen
        assert game is not None
        table = game.query_one(TableView)
        assert tuple(table.size) == FOLDED_BOUNDS  # what the layout benchmark measures
        assert not game.query_one("#side").display
        seats = Content.from_markup(str(game.query_one("#hand-scroll").border_subtitle))
        shown = game.seats_shown
        for name, count in zip(shown.names, shown.counts, strict=True):
            assert f"{name} {count}" in seats.plain  # the seats ride on the hand's frame
        assert f"▶{shown.names[0]} " in seats.plain
        await pilot.resize_terminal(120, 40)  # room enough: the panels come back
        await kit.wait_for(
            pilot, lambda: laid_out(app, compact=False, folded=False), "the panels back"
        )
        assert game.query_one("#side").display
        assert not game.query_one("#hand-scroll").border_subtitle


async def test_page_keys_open_the_whole_log_while_it_is_folded_away(
    kit: type[TuiKit],
) -> None:
    app = four_seats_nested(kit)
    async with app.run_test(size=(80, 24)) as pilot:
        await kit.wait_for(pilot, lambda: laid_out(app, compact=False), "the folded table")
        game = app.game_screen
        assert game is not None
        for key in ("pageup", "pagedown"):
            await pilot.press(key)  # no log in sight to scroll: the whole log opens
            await kit.wait_for(pilot, lambda: isinstance(app.screen, LogScreen), "the log")
            title = app.screen.query_one("#log-title", Static).render()
            assert str(title).startswith("The log · ")
            await pilot.press("escape")
            await kit.wait_for(pilot, lambda: app.screen is game, "the game")
        await pilot.resize_terminal(120, 40)
        await kit.wait_for(
            pilot, lambda: laid_out(app, compact=False, folded=False), "the panels back"
        )
        assert game.check_action("scroll_log", (-1,))  # the log in sight is scrolled
        await pilot.press("pageup", "question_mark")  # keys are taken in order
        await kit.wait_for(pilot, lambda: isinstance(app.screen, HelpScreen), "the help")
        assert not any(isinstance(screen, LogScreen) for screen in app.screen_stack)


def test_the_legend_of_the_compact_table(snap_compare: SnapCompare, kit: type[TuiKit]) -> None:
    app = four_seats_nested(kit)

    async def run_before(pilot: Pilot[None]) -> None:
        await settle(pilot, lambda app: laid_out(app, compact=False))
        await pilot.press("full_stop")  # the table turns compact: its legend comes up
        await settle(pilot, legend_up)

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


async def test_the_table_turning_compact_brings_the_legend_up_once_and_it_stays_a_key_away(
    kit: type[TuiKit],
) -> None:
    app = eight_seats(kit, 60)
    async with app.run_test(size=(80, 24)) as pilot:
        await kit.wait_for(pilot, lambda: laid_out(app, compact=True), "the compact table")
        game = app.game_screen
        await pilot.pause()
        assert game is not None and app.screen is game  # compact from the start: no legend
        await pilot.press("full_stop")
        await kit.wait_for(pilot, lambda: laid_out(app, compact=False), "the full drawing")
        await pilot.press("full_stop")  # the table turns compact: its legend comes up
        await kit.wait_for(pilot, lambda: legend_up(app), "the legend")
        title = app.screen.query_one("#legend-title", Static).render()
        assert str(title) == LEGEND_TITLE
        await pilot.press("escape")
        await kit.wait_for(pilot, lambda: app.screen is game, "the game")
        await pilot.press("full_stop")
        await kit.wait_for(pilot, lambda: laid_out(app, compact=False), "the full drawing")
        await pilot.press("full_stop")  # compact again: once is enough
        await kit.wait_for(pilot, lambda: laid_out(app, compact=True), "the compact drawing")
        await pilot.pause()
        assert app.screen is game
        await pilot.press("comma")
        await kit.wait_for(pilot, lambda: legend_up(app), "the legend again")
        await pilot.press("comma")  # its own key closes it too
        await kit.wait_for(pilot, lambda: app.screen is game, "the game again")


async def test_a_table_drawn_compact_only_until_the_side_panels_fold_brings_no_legend(
    kit: type[TuiKit],
) -> None:
    app = four_seats_nested(kit)  # compact beside the panels; in full once they fold away
    async with app.run_test(size=(80, 24)) as pilot:
        await kit.wait_for(pilot, lambda: laid_out(app, compact=False), "the folded table")
        await pilot.pause()
        assert not legend_up(app)


async def test_the_legend_and_the_offer_of_the_outline_name_the_player_s_own_keys(
    kit: type[TuiKit], data_dir: Path
) -> None:
    keys = {"game.outline": "ctrl+o", "game.drawing": "f3", "game.legend": "f4"}
    settings = {"version": 1, "keys": keys}
    (data_dir / "settings.json").write_text(json.dumps(settings), encoding="utf-8")
    app = eight_seats(kit, 120)
    async with app.run_test(size=(80, 24)) as pilot:
        await kit.wait_for(pilot, lambda: app.own_keys.checked, "the keys checked")
        game = app.game_screen
        assert game is not None
        offer = "too big to see whole: ^o shows the outline"
        await kit.wait_for(
            pilot, lambda: any(offer in line for line in screen_lines(app)), "the offer"
        )
        assert "f4: marks" in str(game.query_one("#board-box").border_subtitle)
        await pilot.press("f4")
        await kit.wait_for(pilot, lambda: legend_up(app), "the legend")
        footing = app.screen.query_one("#legend-footing", Static).render()
        assert str(footing) == legend_footing("f3", "^o")


async def test_the_replay_viewer_shows_the_legend_one_key_away(
    kit: type[TuiKit], data_dir: Path
) -> None:
    rules = preset("trains", players=8, set_size=18, rounds=1)
    record = random_record(rules, kit.seats(*["computer"] * 8), seed=3)
    path = data_dir / "big.json"
    save_record(record, path)
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        as_kind(app, ChickenFootApp).open_file(path, watch=True)
        await kit.wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay")
        replay = app.screen
        await pilot.press("end")  # the round's final table: compact, but no legend by itself
        await kit.settle(pilot, lambda app: as_kind(app.screen, ReplayScreen).cursor.at_end)
        table = replay.query_one(TableView).table_layout
        assert table is not None and table.compact and app.screen is replay
        assert ",: marks" in str(replay.query_one("#replay-board").border_subtitle)
        await pilot.press("comma")
        await kit.wait_for(pilot, lambda: legend_up(app), "the legend")
        await pilot.press("escape")
        await kit.wait_for(pilot, lambda: app.screen is replay, "the replay again")
