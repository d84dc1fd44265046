"""The replay viewer: every control, every hand shown, take over, and snapshots."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.timer import Timer
from textual.widgets import Select, Static

from chickenfoot.play.replay import LOG_LINES
from chickenfoot.record.model import GameRecord, SeatConfig
from chickenfoot.rules import Play, RuleSet, preset
from chickenfoot.saves.jsonformat import record_json, save_record
from chickenfoot.text.describe import describe_turn
from chickenfoot.text.words import sorted_hand
from chickenfoot.tui.app import ChickenFootApp
from chickenfoot.tui.screens.log import LogScreen
from chickenfoot.tui.screens.replay import SPEEDS, ReplayScreen, TakeOverScreen, speed_text
from chickenfoot.tui.screens.scoreboard import ScoreboardScreen
from chickenfoot.tui.widgets import BoardPanel, BoardView, EventLog, HandView, SeatsPanel, TableView
from tests.kit import as_kind
from tests.recorded import random_record
from tests.tui.conftest import TuiKit, log_at_end, wait_for

CREATED = datetime(2026, 11, 30, 9, 15, tzinfo=UTC)
AUTOPLAY_WAIT_SECONDS = 0.05
AUTOPLAY_WAIT_LIMIT = 200
"""At most 10 s for autoplay steps that come every 1/16 s: generous, never flaky."""


def played(
    rules: RuleSet, seats: Sequence[SeatConfig], seed: int, stop_after: int | None = None
) -> GameRecord:
    """A record with seeded random legal actions (``stop_after`` None: to the end)."""
    return random_record(rules, seats, seed, stop_after, created=CREATED)


@pytest.fixture
def game(data_dir: Path, kit: type[TuiKit]) -> tuple[GameRecord, Path]:
    """A finished two-round game of three seats, saved outside the saves folder."""
    record = played(
        kit.short_rules(3, rounds=2), kit.seats("human", "computer", "computer"), seed=5
    )
    assert record.finished and record.final_state().round_number == 2
    path = data_dir / "game.json"
    save_record(record, path)
    return record, path


def shows_a_position(screen: object) -> bool:
    """``screen`` is a replay that has been laid out and shows its cursor's position."""
    if not isinstance(screen, ReplayScreen) or not screen.is_mounted:
        return False
    seats = screen.query(SeatsPanel)
    return bool(seats) and seats.first().shown.names == screen.names


async def open_replay(pilot: Pilot[None], path: Path) -> ReplayScreen:
    """Open the replay of ``path`` the way the app does."""
    as_kind(pilot.app, ChickenFootApp).open_file(path, watch=True)
    await wait_for(pilot, lambda: shows_a_position(pilot.app.screen), "the replay's first position")
    screen = pilot.app.screen
    assert isinstance(screen, ReplayScreen)
    return screen


def assert_shows_the_cursor(screen: ReplayScreen) -> None:
    """Board, every hand, seats, log and position match the cursor's state."""
    state = screen.cursor.state
    shown = screen.query_one(BoardView).shown
    assert shown is not None and shown.board == state.board
    for seat, hand in enumerate(state.hands):
        view = screen.query_one(f"#hand-{seat}", HandView)
        assert view.visible_tiles == sorted_hand(hand), (
            "a replay hides no hand, sorted like a player's"
        )
    seats = screen.query_one(SeatsPanel)
    assert seats.shown.counts == tuple(len(hand) for hand in state.hands)
    assert seats.shown.totals == state.totals
    position = str(screen.query_one("#replay-position", Static).render())
    assert position.startswith(screen.cursor.position_text)
    names = screen.names
    turn = screen.cursor.turn_at(screen.cursor.index)
    last_lines = describe_turn(turn.action, turn.events, turn.before, names, None)
    history = screen.query_one(EventLog).history
    assert history[len(history) - len(last_lines) :] == last_lines


async def test_opens_at_the_first_deal_showing_everything(game: tuple[GameRecord, Path]) -> None:
    record, path = game
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_replay(pilot, path)
        assert screen.cursor.index == 0
        assert screen.position_text == f"round 1 · action 0 of {len(record.actions)} · ⏸ paused 2/s"
        assert_shows_the_cursor(screen)
        assert any(line.startswith("Round 1 (") for line in screen.query_one(EventLog).history)


async def test_full_stop_switches_the_drawing_from_any_view(
    game: tuple[GameRecord, Path],
) -> None:
    _record, path = game
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_replay(pilot, path)
        table = screen.query_one(TableView)
        panel = screen.query_one(BoardPanel)
        await wait_for(pilot, lambda: table.table_layout is not None, "the table laid out")
        layout = table.table_layout
        assert layout is not None and not layout.compact
        assert ".: compact" in str(panel.border_subtitle)
        await pilot.press("c", "full_stop")  # from the chart: the table, compact
        await wait_for(pilot, lambda: screen.board_view == "table", "the table again")
        await wait_for(pilot, lambda: ".: full" in str(panel.border_subtitle), "compact")
        assert table.density == "compact"
        await pilot.press("full_stop")
        await wait_for(pilot, lambda: table.density == "full", "the full drawing")


async def test_step_forward_and_back(game: tuple[GameRecord, Path]) -> None:
    record, path = game
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_replay(pilot, path)
        assert screen.check_action("back", ()) is False, "no back at the start"
        await pilot.press("left")
        assert screen.cursor.index == 0
        await pilot.press("right", "right", "right")
        await wait_for(pilot, lambda: screen.cursor.index == 3, "three steps forward")
        assert screen.cursor.state == list(record.states())[3]
        assert_shows_the_cursor(screen)
        await pilot.press("left")
        await wait_for(pilot, lambda: screen.cursor.index == 2, "one step back")
        assert_shows_the_cursor(screen)


async def test_the_next_play_is_marked_in_its_hand_and_on_the_board(
    game: tuple[GameRecord, Path],
) -> None:
    record, path = game
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_replay(pilot, path)
        index = next(i for i, action in enumerate(record.actions) if isinstance(action, Play))
        screen.cursor.seek(index)
        screen.show_position()
        action = record.actions[index]
        assert isinstance(action, Play)
        hand = screen.query_one(f"#hand-{action.seat}", HandView)
        assert hand.shown.selected is not None and hand.tiles[hand.shown.selected] == action.tile
        shown = screen.query_one(BoardView).shown
        assert shown is not None and shown.chosen == action.target


async def test_rounds_start_and_end(game: tuple[GameRecord, Path]) -> None:
    record, path = game
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_replay(pilot, path)
        second_round = screen.cursor.round_starts[1]
        await pilot.press("right_square_bracket")
        await wait_for(pilot, lambda: screen.cursor.index == second_round, "the next round")
        assert screen.cursor.round_number == 2
        assert_shows_the_cursor(screen)
        await pilot.press("pagedown")
        await wait_for(pilot, lambda: screen.cursor.at_end, "the end")
        assert screen.cursor.state.over
        assert_shows_the_cursor(screen)
        for action in ("forward", "next_round", "to_end", "autoplay", "take_over"):
            assert screen.check_action(action, ()) is False, f"{action} is hidden at the end"
        await pilot.press("pageup")
        await wait_for(pilot, lambda: screen.cursor.index == second_round, "the last round's deal")
        await pilot.press("left_square_bracket")
        await wait_for(pilot, lambda: screen.cursor.index == 0, "the first deal")
        await pilot.press("end")
        await wait_for(pilot, lambda: screen.cursor.index == len(record.actions), "the end")
        await pilot.press("home")
        await wait_for(pilot, lambda: screen.cursor.index == 0, "the start")
        for action in ("back", "previous_round", "to_start"):
            assert screen.check_action(action, ()) is False, f"{action} is hidden at the start"


async def test_autoplay_runs_changes_speed_and_stops(game: tuple[GameRecord, Path]) -> None:
    _record, path = game
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_replay(pilot, path)
        await pilot.press("minus")
        await wait_for(pilot, lambda: screen.speed == SPEEDS[1], "a slower speed")
        for _ in SPEEDS:
            await pilot.press("plus")
        await wait_for(pilot, lambda: screen.speed == SPEEDS[-1], "the fastest speed")
        assert (
            screen.check_action("speed", (1,)) is False
            and screen.check_action("speed", (-1,)) is True
        )
        await pilot.press("space")
        await wait_for(pilot, lambda: screen.autoplaying, "autoplay")
        assert f"▶ playing {speed_text(SPEEDS[-1])}" in str(
            screen.query_one("#replay-position", Static).render()
        )
        for _ in range(AUTOPLAY_WAIT_LIMIT):
            if screen.cursor.index >= 2:
                break
            await pilot.pause(AUTOPLAY_WAIT_SECONDS)
        assert screen.cursor.index >= 2, "autoplay moved on by itself"
        await pilot.press("space")
        await wait_for(pilot, lambda: not screen.autoplaying, "autoplay to stop")
        stopped_at = screen.cursor.index
        await pilot.pause(AUTOPLAY_WAIT_SECONDS * 4)
        assert screen.cursor.index == stopped_at
        assert_shows_the_cursor(screen)


def hold_autoplay_timer(screen: ReplayScreen) -> None:
    """Start autoplay's timers paused: the test makes the ticks itself, so a slow machine's own
    ticks can neither move the position nor reach the end before the test looks."""
    start_timer = screen.set_interval

    def paused(*args: Any, **kwargs: Any) -> Timer:
        return start_timer(*args, **{**kwargs, "pause": True})

    screen.set_interval = paused  # type: ignore[method-assign]


async def test_autoplay_stops_at_the_end_and_a_key_stops_it(game: tuple[GameRecord, Path]) -> None:
    record, path = game
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_replay(pilot, path)
        hold_autoplay_timer(screen)
        screen.cursor.seek(len(record.actions) - 2)
        screen.show_position()
        await pilot.press("space")
        await wait_for(pilot, lambda: screen.autoplaying, "autoplay")
        assert screen.cursor.index == len(record.actions) - 2
        screen.autoplay_step()
        assert screen.autoplaying
        screen.autoplay_step()
        assert screen.cursor.at_end and not screen.autoplaying
        await pilot.press("home", "space")
        await wait_for(pilot, lambda: screen.autoplaying, "autoplay from the start")
        assert screen.cursor.index == 0
        await pilot.press("right")
        await wait_for(pilot, lambda: not screen.autoplaying, "the key to stop autoplay")
        assert screen.cursor.index == 1


@pytest.fixture
def big_table(data_dir: Path, kit: type[TuiKit]) -> Path:
    """A saved 8-seat double-18 round, 160 actions in: too big for 80×24 beside the panels."""
    rules = preset("trains", players=8, set_size=18, rounds=1)
    record = played(rules, kit.seats(*["computer"] * 8), seed=3, stop_after=160)
    path = data_dir / "big.json"
    save_record(record, path)
    return path


async def test_a_big_table_folds_the_scores_and_the_log_away_on_a_short_screen(
    big_table: Path,
) -> None:
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_replay(pilot, big_table)
        side = screen.query_one("#replay-side")
        assert not screen.folded and side.display  # the first deal: a small table
        await pilot.press("end")
        await wait_for(pilot, lambda: screen.folded, "the panels folded away")
        table = screen.query_one(TableView)
        await wait_for(pilot, lambda: table.size.width == 80, "the table across the screen")
        assert not side.display
        await pilot.press("home")  # back to the deal: a small table again
        await wait_for(pilot, lambda: not screen.folded, "the panels back")
        assert side.display


async def test_ctrl_l_shows_every_line_of_the_round_while_the_log_is_folded_away(
    big_table: Path,
) -> None:
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_replay(pilot, big_table)
        await pilot.press("end")
        await wait_for(pilot, lambda: screen.folded, "the panels folded away")
        await pilot.press("ctrl+l")
        await wait_for(pilot, lambda: isinstance(app.screen, LogScreen), "the round's log")
        shown = as_kind(app.screen, LogScreen)
        everything = screen.view.round_log()
        assert shown.lines == tuple(everything)
        assert len(everything) > LOG_LINES  # more than the folded log beside the table held
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is screen, "back at the replay")


async def test_scores_by_round(game: tuple[GameRecord, Path]) -> None:
    _record, path = game
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_replay(pilot, path)
        await pilot.press("end", "s")
        await wait_for(pilot, lambda: isinstance(app.screen, ScoreboardScreen), "the scoreboard")
        scoreboard = as_kind(app.screen, ScoreboardScreen)
        assert scoreboard.round_scores == screen.cursor.state.round_scores
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is screen, "the replay again")


async def test_take_over_starts_a_new_game_from_here(game: tuple[GameRecord, Path]) -> None:
    record, path = game
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_replay(pilot, path)
        await pilot.press("right", "right", "right", "right", "t")
        await wait_for(
            pilot, lambda: isinstance(app.screen, TakeOverScreen), "the take-over dialog"
        )
        dialog = as_kind(app.screen, TakeOverScreen)
        assert dialog.chosen_seats() == record.seats, "the seats start as they were"
        await wait_for(
            pilot, lambda: dialog.query_one("#seat-0", Select).has_focus, "the first seat's list"
        )
        await pilot.press("enter", "down", "down", "enter")  # Ana: person -> casual computer
        await pilot.press("tab", "enter", "home", "enter")  # Bea: random computer -> person
        await pilot.press("tab", "tab")
        await wait_for(
            pilot, lambda: dialog.query_one("#takeover-start").has_focus, "the start button"
        )
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.game_screen is not None, "the new game")
        game_screen = app.game_screen
        assert game_screen is not None
        new = game_screen.session.record
        assert new.seats == (
            SeatConfig(name="Ana", player="computer", level="casual"),
            SeatConfig(name="Bea", player="human"),
            record.seats[2],
        )
        assert new.actions[:4] == record.actions[:4] and new.decks == record.decks
        assert game_screen.session.record.created != record.created
    assert path.read_text() == record_json(record), "the replayed file is untouched"


async def test_take_over_can_be_cancelled(game: tuple[GameRecord, Path]) -> None:
    _record, path = game
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_replay(pilot, path)
        await pilot.press("t")
        await wait_for(
            pilot, lambda: isinstance(app.screen, TakeOverScreen), "the take-over dialog"
        )
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is screen, "the replay again")
        assert app.game_screen is None


async def test_escape_goes_back(game: tuple[GameRecord, Path]) -> None:
    _record, path = game
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        below = app.screen
        await open_replay(pilot, path)
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is below, "the screen below")


async def test_a_bad_file_is_reported_not_opened(data_dir: Path) -> None:
    path = data_dir / "junk.json"
    path.write_bytes(b"\x00\x01 not a game")
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        below = app.screen
        app.open_file(path, watch=True)
        await pilot.pause()
        assert app.screen is below
    assert path.read_bytes() == b"\x00\x01 not a game"


@pytest.mark.parametrize("theme", ["textual-dark", "textual-light"])
def test_replay_snapshot(game: tuple[GameRecord, Path], theme: str, snap_compare: Any) -> None:
    _record, path = game

    async def show(pilot: Pilot[None]) -> None:
        pilot.app.theme = theme
        screen = await open_replay(pilot, path)
        screen.cursor.seek(screen.cursor.round_starts[1] + 5)
        screen.show_position()
        await wait_for(pilot, lambda: log_at_end(screen), "the log's newest line")

    assert snap_compare(ChickenFootApp(bot_delay=0), terminal_size=(80, 24), run_before=show)


def test_take_over_dialog_snapshot(game: tuple[GameRecord, Path], snap_compare: Any) -> None:
    _record, path = game

    async def show(pilot: Pilot[None]) -> None:
        await open_replay(pilot, path)
        await pilot.press("right", "right", "t")
        await wait_for(
            pilot, lambda: isinstance(pilot.app.screen, TakeOverScreen), "the take-over dialog"
        )
        await pilot.pause()

    assert snap_compare(ChickenFootApp(bot_delay=0), terminal_size=(80, 24), run_before=show)
