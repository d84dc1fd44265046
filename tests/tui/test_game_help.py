"""Hints, take-backs and computer players thinking in a worker thread, driven by keys."""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from chickenfoot.bots import ExpertBot, Hint, StopCheck
from chickenfoot.play import session as session_module
from chickenfoot.record import model as record_module
from chickenfoot.record.model import SeatConfig
from chickenfoot.rules import Action, GameState, Play, SeatView
from chickenfoot.text import prompts
from chickenfoot.tui.app import ChickenFootApp
from chickenfoot.tui.widgets import EventLog, StatusLine
from tests.kit import as_kind
from tests.tui.conftest import TuiKit


def against_computers(kit: type[TuiKit], level: str = "casual") -> tuple[SeatConfig, ...]:
    """Ana (a person) against two computer players of ``level``."""
    return (
        SeatConfig(name="Ana", player="human"),
        SeatConfig(name="Bea", player="computer", level=level),
        SeatConfig(name="Cy", player="computer", level=level),
    )


def status_text(app: ChickenFootApp) -> str:
    """Both rows of the game's status line, as shown."""
    game = app.game_screen
    assert game is not None
    return str(game.query_one(StatusLine).render())


async def test_a_hint_selects_the_suggested_play_says_why_and_is_recorded(
    kit: type[TuiKit], data_dir: Path
) -> None:
    seats = against_computers(kit)
    record = kit.find_record(kit.short_rules(3), seats, kit.human_can_play)
    app = ChickenFootApp(load=kit.stored(record), bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        game = await kit.person_on_turn(pilot)
        await pilot.press("i")
        await kit.wait_for(
            pilot, lambda: game.client.feedback.startswith("Hint: "), "the hint to be shown"
        )
        hinted = game.session.record.assists[-1]
        assert (hinted.kind, hinted.seat, hinted.at) == ("hint", 0, len(record.actions))
        assert "Hint: " in status_text(app)
        assert game.query_one(EventLog).history[-1] == "Ana asked for a hint"
        plays = [action for action in game.session.legal() if isinstance(action, Play)]
        if game.client.chosen is not None:  # the hint was a play: Enter plays it
            assert game.client.selected is not None
            tile = game.client.hand()[game.client.selected]
            await pilot.press("enter")
            await kit.wait_for(
                pilot, lambda: len(game.session.record.actions) > len(record.actions), "the play"
            )
            assert game.session.record.actions[len(record.actions)] in plays
            assert as_kind(game.session.record.actions[len(record.actions)], Play).tile == tile
        assert game.session.wait_committed()
        saved = app.store.record(game.session.game)
        assert saved.hints_used() == (1, 0, 0)


async def test_once_a_game_holds_all_the_hints_it_may_the_hint_key_leaves_the_footer_and_says_why(
    kit: type[TuiKit], data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = kit.find_record(kit.short_rules(3), against_computers(kit), kit.human_can_play)
    monkeypatch.setattr(record_module, "most_assists", lambda _actions: len(record.assists))
    app = ChickenFootApp(load=kit.stored(record), bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        game = await kit.person_on_turn(pilot)
        assert game.check_action("hint", ()) is False
        assert game.active_bindings["i"].binding.action == "unavailable('hint')"
        await pilot.press("i")
        await kit.wait_for(
            pilot, lambda: game.client.feedback == prompts.NO_MORE_HINTS, "why the key is off"
        )
        assert prompts.NO_MORE_HINTS[:40] in status_text(app)
        assert game.session.record.assists == record.assists


async def test_take_back_returns_to_the_previous_decision_and_keeps_it_on_record(
    kit: type[TuiKit], data_dir: Path
) -> None:
    seats = against_computers(kit)
    rules = kit.short_rules(3)

    def chose_and_on_turn_again(state: GameState) -> bool:
        return kit.human_can_play(state) and len(state.board.played) >= 3

    record = kit.find_record(rules, seats, chose_and_on_turn_again)
    app = ChickenFootApp(load=kit.stored(record), bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        game = await kit.person_on_turn(pilot)
        if not game.client.key_works("take_back"):
            # Make a choice first: play, then wait for the turn to come back.
            before = len(game.session.record.actions)
            await kit.press_turn(pilot, game, kit.choose_action(game.session.state))
            await kit.wait_for(
                pilot,
                lambda: (
                    (len(game.session.record.actions) > before and game.client.on_turn)
                    or game.session.state.over
                ),
                "Ana's next turn",
            )
        assert game.client.key_works("take_back")
        footer = {
            active.binding.description
            for active in app.screen.active_bindings.values()
            if active.binding.show and active.enabled and active.binding.action == "take_back"
        }
        assert footer == {"Undo"}, "alone against computers, the footer offers u"
        keep = game.session.decisions[-1]
        played = game.session.record.actions
        await pilot.press("u")
        await kit.wait_for(pilot, lambda: len(game.session.record.actions) == keep, "the take-back")
        assert game.client.on_turn and game.session.state.turn == 0
        assert game.session.record.actions == played[:keep]
        taken = game.session.record.assists[-1]
        assert (taken.kind, taken.seat, taken.at, taken.undone) == (
            "take_back",
            0,
            keep,
            played[keep:],
        )
        assert "Taken back" in game.client.feedback
        assert game.query_one(EventLog).history[-1].startswith("Ana took back ")
        assert game.session.wait_committed()
        saved = app.store.record(game.session.game)
        assert saved.actions == played[:keep] and saved.take_backs() == (1, 0, 0)
        # The same tiles come up again: the decks are as they were.
        assert saved.decks == record.decks


async def test_no_take_backs_in_pass_and_play(kit: type[TuiKit], data_dir: Path) -> None:
    seats = kit.seats("human", "human", "computer")
    record = kit.find_record(
        kit.short_rules(3), seats, lambda state: state.turn == 0 and len(state.board.played) >= 4
    )
    app = ChickenFootApp(load=kit.stored(record), bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await kit.wait_for(pilot, lambda: app.game_screen is not None, "the game screen")
        game = kit.game_screen(app)
        assert not game.session.take_backs_allowed
        assert not game.client.key_works("take_back")
        assert game.check_action("take_back", ()) is False
        status = game.query_one(StatusLine)
        await pilot.press("enter")  # the hand-off: Ana takes the keyboard
        await kit.wait_for(pilot, lambda: game.client.on_turn, "Ana's hand")
        await pilot.press("u")
        await kit.wait_for(
            pilot, lambda: "share the keyboard" in status.shown.news, "why u takes nothing back"
        )


class SlowExpert(ExpertBot):
    """An expert that thinks until it is told to stop (or a test releases it)."""

    released = threading.Event()
    stopped = threading.Event()

    def choose(
        self, view: SeatView, legal: Sequence[Action], should_stop: StopCheck | None = None
    ) -> Action:
        while not SlowExpert.released.wait(0.01):
            if should_stop is not None and should_stop():
                SlowExpert.stopped.set()
                break
        return legal[0]


async def test_a_thinking_computer_leaves_the_screen_free_and_leaving_stops_it(
    kit: type[TuiKit], data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seats = (
        SeatConfig(name="Ana", player="human"),
        SeatConfig(name="Bea", player="computer", level="expert"),
    )
    record = kit.find_record(kit.short_rules(2), seats, lambda state: state.turn == 1)
    SlowExpert.released.clear()
    SlowExpert.stopped.clear()
    monkeypatch.setattr(
        session_module, "make_bot", lambda level, seed, think_time, lineup: SlowExpert(seed)
    )
    app = ChickenFootApp(load=kit.stored(record), bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await kit.wait_for(pilot, lambda: app.game_screen is not None, "the game screen")
        game = kit.game_screen(app)
        await kit.wait_for(pilot, lambda: game.client.thinking, "the thinking mark")
        assert "thinking…" in status_text(app)
        # The screen answers keys while the computer thinks: the scoreboard opens and closes.
        await pilot.press("s")
        await kit.wait_for(pilot, lambda: app.screen is not game, "the scoreboard")
        await pilot.press("escape")
        await kit.wait_for(pilot, lambda: app.screen is game, "the game again")
        assert len(game.session.record.actions) == len(record.actions)
        # Leaving the game stops the thinking.
        await pilot.press("escape")
        await kit.wait_for(pilot, lambda: app.game_screen is None, "the menu")
        await kit.wait_for(pilot, SlowExpert.stopped.is_set, "the thinking to stop")
    SlowExpert.released.set()


async def test_a_computer_moves_once_its_thinking_is_over(
    kit: type[TuiKit], data_dir: Path
) -> None:
    seats = (
        SeatConfig(name="Ana", player="human"),
        SeatConfig(name="Bea", player="computer", level="expert", think_time=0.01),
    )
    record = kit.find_record(kit.short_rules(2), seats, lambda state: state.turn == 1)
    app = ChickenFootApp(load=kit.stored(record), bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await kit.wait_for(pilot, lambda: app.game_screen is not None, "the game screen")
        game = kit.game_screen(app)
        await kit.wait_for(
            pilot,
            lambda: len(game.session.record.actions) > len(record.actions),
            "the expert's move",
        )
        assert game.session.record.actions[len(record.actions)].seat == 1


async def test_a_hint_that_fails_says_so_and_the_game_goes_on(
    kit: type[TuiKit], data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seats = against_computers(kit)
    record = kit.find_record(kit.short_rules(3), seats, kit.human_can_play)

    def broken(
        self: session_module.GameSession, think_time: float = 0.3
    ) -> Callable[[StopCheck], Hint]:
        def decide(should_stop: StopCheck) -> Hint:
            raise ValueError("no hint")

        return decide

    monkeypatch.setattr(session_module.GameSession, "hint_decision", broken)
    app = ChickenFootApp(load=kit.stored(record), bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        game = await kit.person_on_turn(pilot)
        await pilot.press("i")
        await kit.wait_for(
            pilot, lambda: game.client.feedback.startswith("No hint"), "the failure to be said"
        )
        assert game.session.record.assists == ()
        assert game.check_action("hint", ()) is True, "a hint may be asked again"
        assert app.is_running
