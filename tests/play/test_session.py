"""GameSession: every action is applied, recorded and committed; the game waits for each
commit when it runs in the background; loading resumes exactly; one window holds a game."""

from __future__ import annotations

from pathlib import Path
from queue import Queue

import pytest

from chickenfoot.bots import ExpertBot
from chickenfoot.play.session import GameSession, OpenElsewhere
from chickenfoot.record.model import GameRecord, SeatConfig
from chickenfoot.rules import IllegalAction, Play, legal_actions
from chickenfoot.saves.database import open_store
from chickenfoot.saves.jsonformat import load_record
from chickenfoot.saves.store import Holder
from tests.kit import Kit


def stored(session: GameSession) -> GameRecord:
    """What the store holds of the session's game (read afresh)."""
    store = open_store()
    try:
        return store.record(session.game)
    finally:
        store.close()


def test_a_new_game_is_saved_before_the_first_move(kit: type[Kit], data_dir: Path) -> None:
    session = GameSession.new(kit.short_rules(3), kit.seats("human", "human", "computer"), 7)
    assert (data_dir / "chickenfoot.db").is_file()
    assert stored(session) == session.record
    assert session.store.holder(session.game) == session.holder


def test_every_action_is_saved_and_a_reload_resumes_the_same_state(kit: type[Kit]) -> None:
    session = GameSession.new(
        kit.short_rules(3, rounds=2), kit.seats("human", "human", "computer"), 7
    )
    for _ in range(25):
        session.act(kit.choose_action(session.state))
        assert session.committed
        assert stored(session).actions == session.record.actions
    session.close()
    resumed = GameSession.load(session.game)
    assert resumed.state == session.state
    assert resumed.names == ("Ana", "Bea", "Cy")
    assert resumed.humans == (0, 1) and resumed.computers == (2,)


def test_in_the_background_the_game_waits_for_each_commit(kit: type[Kit]) -> None:
    session = GameSession.new(kit.short_rules(2, rounds=3), kit.seats("human", "human"), 7)
    ended: Queue[int] = Queue()
    session.commit_in_background(lambda: ended.put(len(stored(session).actions)))
    for number in range(1, 13):
        session.act(kit.choose_action(session.state))
        assert ended.get(timeout=30) == number, "the callback comes once the move is committed"
        assert session.committed, "then the turn loop goes on"
        assert session.wait_committed()
        assert stored(session).actions == session.record.actions
    session.act(kit.choose_action(session.state))
    session.close()
    assert stored(session).actions == session.record.actions, "close waits for it"
    assert session.store.holder(session.game) is None, "and gives the game back"


def test_a_game_open_in_another_window_is_not_opened_twice(kit: type[Kit]) -> None:
    session = GameSession.new(kit.short_rules(2), kit.seats("human", "human"), 3)
    far = Holder.this_process()
    far = Holder(1, "elsewhere.example", None, far.since, far.token)
    session.store.hold(session.game, far, force=True)
    with pytest.raises(OpenElsewhere) as refused:
        GameSession.load(session.game)
    assert refused.value.record == session.record
    assert "host elsewhere.example" in str(refused.value)
    taken = GameSession.load(session.game, force=True)
    session.act(kit.choose_action(session.state))
    assert session.unsaved is not None, "the window whose game was taken over saves no more"
    assert stored(session).actions == ()
    taken.close()


def test_an_illegal_action_changes_nothing(kit: type[Kit]) -> None:
    session = GameSession.new(kit.short_rules(2), kit.seats("human", "human"), 3)
    before = session.state
    hand = session.state.hands[session.state.turn]
    fitting = {a.tile for a in legal_actions(before) if isinstance(a, Play)}
    misfit = next(tile for tile in hand if tile not in fitting)
    with pytest.raises(IllegalAction):
        session.act(Play(seat=before.turn, tile=misfit, target="A"))
    assert session.state is before
    assert stored(session).actions == ()


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
    assert taken.game != original.game
    assert taken.record.actions == original.record.actions[:8]
    assert taken.record.decks == original.record.decks
    assert taken.humans == (0, 2)
    assert taken.state == states[8]
    assert stored(taken).actions == taken.record.actions
    with pytest.raises(ValueError, match="the game has 12"):
        GameSession.take_over(original.record, 13, kit.seats("human", "computer", "human"))


def test_save_as_writes_a_named_copy(kit: type[Kit], tmp_path: Path) -> None:
    session = GameSession.new(kit.short_rules(2), kit.seats("human", "computer"), 2)
    session.act(kit.choose_action(session.state))
    copy = tmp_path / "copies" / "mine.json"
    session.save_as(copy)
    assert load_record(copy).actions == session.record.actions
