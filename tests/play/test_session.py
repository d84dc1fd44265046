"""GameSession: every action is applied, recorded and saved at once; loading resumes exactly."""

from __future__ import annotations

from pathlib import Path

import pytest

from chickenfoot.bots import ExpertBot
from chickenfoot.play.session import GameSession
from chickenfoot.rules import IllegalAction, Play, legal_actions
from chickenfoot.saves.jsonformat import load_record
from chickenfoot.saves.record import SeatConfig
from tests.kit import Kit


def test_a_new_game_is_saved_before_the_first_move(kit: type[Kit], data_dir: Path) -> None:
    session = GameSession.new(kit.short_rules(3), kit.seats("human", "human", "computer"), 7)
    assert session.path.is_file()
    assert data_dir in session.path.parents
    assert load_record(session.path).actions == ()


def test_every_action_is_saved_and_a_reload_resumes_the_same_state(kit: type[Kit]) -> None:
    session = GameSession.new(
        kit.short_rules(3, rounds=2), kit.seats("human", "human", "computer"), 7
    )
    for _ in range(25):
        session.act(kit.choose_action(session.state))
        saved = load_record(session.path)
        assert saved.actions == session.record.actions
    resumed = GameSession.load(session.path)
    assert resumed.state == session.state
    assert resumed.names == ("Ana", "Bea", "Cy")
    assert resumed.humans == (0, 1) and resumed.computers == (2,)


def test_saving_in_the_background_writes_every_move_once_settled(kit: type[Kit]) -> None:
    session = GameSession.new(kit.short_rules(2, rounds=3), kit.seats("human", "human"), 7)
    session.save_in_background()
    for _ in range(12):
        session.act(kit.choose_action(session.state))
    assert session.settle()
    assert load_record(session.path).actions == session.record.actions
    session.act(kit.choose_action(session.state))
    session.close()
    assert load_record(session.path).actions == session.record.actions, "close waits for it"


def test_an_illegal_action_changes_nothing(kit: type[Kit]) -> None:
    session = GameSession.new(kit.short_rules(2), kit.seats("human", "human"), 3)
    before = session.state
    hand = session.state.hands[session.state.turn]
    fitting = {a.tile for a in legal_actions(before) if isinstance(a, Play)}
    misfit = next(tile for tile in hand if tile not in fitting)
    with pytest.raises(IllegalAction):
        session.act(Play(seat=before.turn, tile=misfit, target="A"))
    assert session.state is before
    assert load_record(session.path).actions == ()


def test_the_bot_on_turn_chooses_a_legal_action(kit: type[Kit]) -> None:
    session = GameSession.new(kit.short_rules(2), kit.seats("computer", "computer"), 11)
    for _ in range(15):
        action = session.bot_action()
        assert action in session.legal()
        session.act(action)


def test_an_expert_seat_knows_who_it_plays_against(kit: type[Kit]) -> None:
    seats = (
        SeatConfig(name="Ana", player="human"),
        SeatConfig(name="Bob", player="computer", level="expert", think_time=0.05),
        SeatConfig(name="Cy", player="computer", level="casual"),
        SeatConfig(name="Di", player="computer", level="hard"),
    )
    session = GameSession.new(kit.short_rules(4), seats, 3)
    assert session.lineup == (None, "expert", "casual", "hard")
    expert = session.bots[1]
    assert isinstance(expert, ExpertBot)
    assert expert.planners == {0, 1, 3}, "the person and the hard seat plan; casual sheds"


def test_take_over_keeps_the_first_actions_under_new_seats(kit: type[Kit]) -> None:
    original = GameSession.new(kit.short_rules(3), kit.seats("computer", "computer", "computer"), 5)
    for _ in range(12):
        original.act(original.bot_action())
    states = list(original.record.states())
    taken = GameSession.take_over(original.record, 8, kit.seats("human", "computer", "human"))
    assert taken.path != original.path
    assert taken.record.actions == original.record.actions[:8]
    assert taken.record.decks == original.record.decks
    assert taken.humans == (0, 2)
    assert taken.state == states[8]
    assert load_record(taken.path).actions == taken.record.actions
    with pytest.raises(ValueError, match="the game has 12"):
        GameSession.take_over(original.record, 13, kit.seats("human", "computer", "human"))


def test_save_as_writes_a_named_copy(kit: type[Kit], tmp_path: Path) -> None:
    session = GameSession.new(kit.short_rules(2), kit.seats("human", "computer"), 2)
    session.act(kit.choose_action(session.state))
    copy = tmp_path / "copies" / "mine.json"
    session.save_as(copy)
    assert load_record(copy).actions == session.record.actions
