"""Taking over a game from a replay: the new game keeps whether people shared a keyboard (its
round in play stays hidden in replays), opens on a hand-off then, and is listed as taken
over, so it can be told from the original."""

from __future__ import annotations

from pathlib import Path

from chickenfoot.play.host import TableHost
from chickenfoot.play.replay import ReplayView
from chickenfoot.play.session import GameSession
from chickenfoot.play.wire import PassKeyboard, YourTurn
from chickenfoot.record.disclosure import disclosure
from chickenfoot.record.model import GameRecord, SeatConfig
from chickenfoot.rules import GameState
from tests.kit import Kit
from tests.play.tables import settle, sit


def into_round_two(state: GameState) -> bool:
    return state.round_index == 1 and len(state.history) >= 4


def shared_record(kit: type[Kit]) -> GameRecord:
    """Two people at one keyboard, into round 2."""
    return kit.find_record(
        kit.short_rules(2, rounds=2), kit.seats("human", "human"), into_round_two
    )


def one_person(record: GameRecord) -> tuple[SeatConfig, ...]:
    """Ana stays a person; Bea's seat is a computer now."""
    ana, bea = record.seats
    return (ana, SeatConfig(name=bea.name, player="computer", level="casual"))


def test_a_game_taken_over_from_a_shared_keyboard_keeps_its_round_in_play_hidden(
    kit: type[Kit], data_dir: Path
) -> None:
    original = shared_record(kit)
    session = GameSession.take_over(original, len(original.actions), one_person(original))
    session.close()
    record = session.store.record(session.game)
    assert record.taken_over is not None
    assert record.taken_over.at == len(original.actions) and record.taken_over.shared
    assert record.shared_keyboard
    assert disclosure(record).private_round == 1
    view = ReplayView(record)
    view.cursor.to_end()
    shown = view.shown()
    assert shown.private
    assert all(hand.hidden and hand.tiles == () for hand in shown.hands)
    assert [hand.backs for hand in shown.hands] == [len(h) for h in record.final_state().hands]
    view.cursor.to_start()
    assert not view.shown().private  # the finished first round is shown in full
    assert all(hand.tiles for hand in view.shown().hands)


def test_it_is_listed_as_taken_over(kit: type[Kit], data_dir: Path) -> None:
    original = shared_record(kit)
    session = GameSession.take_over(original, len(original.actions), one_person(original))
    session.close()
    assert session.store.summary(session.game).taken_over
    assert not session.store.summary(kit.stored(original)).taken_over


def test_it_opens_on_a_hand_off_even_with_one_person_left(kit: type[Kit], data_dir: Path) -> None:
    original = kit.find_record(
        kit.short_rules(2, rounds=2), kit.seats("human", "human"), lambda s: s.turn == 0
    )
    session = GameSession.take_over(original, len(original.actions), one_person(original))
    host = TableHost(session, pause=0)
    seat = sit(host, (0,))
    assert seat.client.prompt == PassKeyboard(seat=0)
    assert seat.client.seat_view is None and seat.client.shown().hand.tiles == ()
    seat.send(seat.client.show_hand())
    settle(host, seat)
    assert isinstance(seat.client.prompt, YourTurn)
    assert seat.client.hand()
    session.close()


def test_a_game_of_one_person_taken_over_stays_open_to_its_replay(
    kit: type[Kit], data_dir: Path
) -> None:
    original = kit.find_record(
        kit.short_rules(2, rounds=2), kit.seats("human", "computer"), into_round_two
    )
    session = GameSession.take_over(original, len(original.actions), original.seats)
    session.close()
    record = session.store.record(session.game)
    assert record.taken_over is not None and not record.taken_over.shared
    assert disclosure(record).private_round is None
    host = TableHost(kit.session_of(record), pause=0)
    seat = sit(host, (0,))
    assert not isinstance(seat.client.prompt, PassKeyboard)
