"""The table host, driven directly: who may ask for what, a round's result before the next
deal (also after a window was killed), take-backs, hints, the computers' turn loop."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

import pytest

from chickenfoot.play.host import TableHost
from chickenfoot.play.link import LocalLink
from chickenfoot.play.session import GameSession
from chickenfoot.play.wire import (
    Act,
    AskHint,
    HintGiven,
    Hold,
    HostMessage,
    PassKeyboard,
    Proceed,
    Refused,
    RoundEnded,
    Saving,
    SetPause,
    StillThinking,
    TakeBack,
    TakeKeyboard,
    Update,
    Welcome,
    YourTurn,
)
from chickenfoot.record import model as record_module
from chickenfoot.record.model import GameRecord
from chickenfoot.rules import (
    Action,
    Draw,
    GameState,
    Play,
    PublicView,
    SeatView,
    apply,
    legal_actions,
)
from chickenfoot.saves.database import SqliteStore, database_path
from chickenfoot.text import prompts
from tests.kit import GatedStore, Kit
from tests.play.tables import host_of, settle, sit


def plays(state: GameState) -> list[Play]:
    return [action for action in legal_actions(state) if isinstance(action, Play)]


def test_the_first_message_welcomes_with_the_table_the_view_and_the_round_so_far(
    kit: type[Kit], tmp_path: Path
) -> None:
    record = kit.find_record(kit.short_rules(2), kit.seats("human", "computer"), kit.human_can_play)
    host = host_of(record)
    seat = sit(host, (0,))
    (welcome,) = seat.messages
    assert isinstance(welcome, Welcome)
    assert welcome.seats == (0,)
    assert welcome.table.names == ("Ana", "Bea") and welcome.table.computers == {1}
    assert welcome.table.take_backs
    assert isinstance(welcome.view, SeatView) and welcome.view == host.session.state.view(0)
    assert welcome.prompt == YourTurn(seat=0, take_back=False, hint=True)
    assert welcome.steps[0].action is None  # the deal first
    assert len(welcome.steps) == len(host.session.opening_turns)


def test_a_client_may_act_only_for_its_own_seat_on_its_turn(kit: type[Kit], tmp_path: Path) -> None:
    record = kit.find_record(
        kit.short_rules(3),
        kit.seats("human", "human", "computer"),
        lambda state: state.turn == 0 and bool(plays(state)),
    )
    host = host_of(record)
    ana, bea = sit(host, (0,)), sit(host, (1,))
    play = plays(host.session.state)[0]
    bea.send(Act(action=play))
    bea.send(Act(action=Draw(seat=1)))
    settle(host, ana, bea)
    assert [m for m in bea.messages if isinstance(m, Refused)] == [
        Refused(reason="not_your_seat"),
        Refused(reason="not_your_turn"),
    ]
    ana.send(Act(action=Draw(seat=0)))
    settle(host, ana, bea)
    assert ana.messages[-1] == Refused(reason="illegal", rule="must_play")
    assert ana.client.feedback.startswith("The rules do not allow")
    before = len(host.session.record.actions)
    ana.send(Act(action=play))
    settle(host, ana, bea)
    assert len(host.session.record.actions) > before


def test_seats_are_people_s_and_never_played_by_two_clients(kit: type[Kit], tmp_path: Path) -> None:
    record = kit.find_record(kit.short_rules(2), kit.seats("human", "computer"), kit.human_can_play)
    host = host_of(record)
    sit(host, (0,))
    with pytest.raises(ValueError, match="another client"):
        sit(host, (0,))
    with pytest.raises(ValueError, match="not a person's seat"):
        sit(host, (1,))


def test_a_hand_off_is_taken_only_by_the_person_on_turn(kit: type[Kit], tmp_path: Path) -> None:
    record = kit.find_record(kit.short_rules(2), kit.seats("human", "human"), lambda s: True)
    host = host_of(record)
    seat = sit(host, (0, 1))
    turn = host.session.state.turn
    assert seat.client.prompt == PassKeyboard(seat=turn)
    assert type(seat.client.view) is PublicView
    seat.send(TakeKeyboard(seat=1 - turn))
    seat.send(Act(action=legal_actions(host.session.state)[0]))
    settle(host, seat)
    refusals = [m for m in seat.messages if isinstance(m, Refused)]
    assert refusals == [Refused(reason="not_on_turn"), Refused(reason="not_your_turn")]
    seat.send(TakeKeyboard(seat=turn))
    settle(host, seat)
    assert isinstance(seat.client.view, SeatView) and seat.client.view.seat == turn


def test_a_round_result_comes_before_the_next_deal(kit: type[Kit], tmp_path: Path) -> None:
    def ana_goes_out(state: GameState) -> bool:
        return (
            state.round_index == 0
            and state.turn == 0
            and len(state.hands[0]) == 1
            and bool(plays(state))
        )

    record = kit.find_record(
        kit.short_rules(2, rounds=2), kit.seats("human", "computer"), ana_goes_out
    )
    host = host_of(record)
    seat = sit(host, (0,))
    seat.send(Act(action=plays(host.session.state)[0]))
    settle(host, seat)
    update = seat.messages[-1]
    assert isinstance(update, Update) and isinstance(update.prompt, RoundEnded)
    assert not any(e.kind == "round_started" for s in update.steps for e in s.events)
    assert update.view.round_index == 0 and update.view.over  # the round's final table
    assert host.session.state.round_index == 1  # dealt and saved: shown once Ana goes on
    seat.send(Proceed())
    settle(host, seat)
    deal = seat.messages[-1]
    assert isinstance(deal, Update) and deal.view.round_index == 1
    assert deal.steps[0].events[0].kind == "round_started"


def test_a_game_reopened_right_after_a_round_ended_shows_that_result_first(
    kit: type[Kit], tmp_path: Path
) -> None:
    """A window killed while Round over was up: Continue shows the result, not the next round."""

    def round_two_just_dealt(state: GameState) -> bool:
        return state.round_index == 1 and not state.history

    record = kit.find_record(
        kit.short_rules(2, rounds=2), kit.seats("human", "computer"), round_two_just_dealt
    )
    host = TableHost(GameSession.load(kit.stored(record)), pause=0)
    seat = sit(host, (0,))
    welcome = seat.messages[0]
    assert isinstance(welcome, Welcome) and isinstance(welcome.prompt, RoundEnded)
    assert welcome.prompt.result.round == 1
    assert welcome.view.round_index == 0
    assert seat.client.log[-1].startswith("Round 1 scores")
    seat.send(seat.client.proceed())
    settle(host, seat)
    assert seat.client.view is not None and seat.client.view.round_index == 1
    assert any(line.startswith("Round 2 (") for line in seat.client.log)
    host.session.close()


def test_a_take_back_restarts_the_log_and_tells_how_many_moves(
    kit: type[Kit], tmp_path: Path
) -> None:
    record = kit.find_record(
        kit.short_rules(2),
        kit.seats("human", "computer"),
        lambda s: s.turn == 0 and len(plays(s)) > 1,
    )
    host = host_of(record)
    seat = sit(host, (0,))
    seat.send(Act(action=plays(host.session.state)[0]))
    settle(host, seat)
    assert isinstance(seat.client.prompt, YourTurn) and seat.client.prompt.take_back
    restarts = seat.client.log_restarts
    seat.send(seat.client.take_back())
    settle(host, seat)
    assert seat.client.log_restarts == restarts + 1
    assert seat.client.feedback.startswith("Taken back: 2 moves")
    assert host.session.record.take_backs()[0] == 1


def test_take_backs_and_hints_are_refused_when_they_do_not_apply(
    kit: type[Kit], tmp_path: Path
) -> None:
    record = kit.find_record(kit.short_rules(2), kit.seats("human", "human"), lambda s: True)
    host = host_of(record)
    seat = sit(host, (0, 1))
    seat.send(TakeBack())
    seat.send(AskHint())
    seat.send(Proceed())
    settle(host, seat)
    assert [m.reason for m in seat.messages if isinstance(m, Refused)] == [
        "nothing_to_take_back",
        "no_hint_now",
        "nothing_to_proceed",
    ]


def test_a_hint_is_given_to_the_person_on_turn_and_recorded(kit: type[Kit], tmp_path: Path) -> None:
    record = kit.find_record(kit.short_rules(2), kit.seats("human", "computer"), kit.human_can_play)
    host = host_of(record)
    seat = sit(host, (0,))
    seat.send(seat.client.ask_hint())
    settle(host, seat)
    given = seat.messages[-1]
    assert isinstance(given, HintGiven) and given.assist.kind == "hint"
    assert given.hint.action in legal_actions(host.session.state)
    assert seat.client.feedback.startswith("Hint: ")
    assert "hint" in seat.client.log[-1]
    assert host.session.record.hints_used()[0] == 1


def test_past_the_game_s_bound_on_hints_the_hint_key_is_off_and_says_why(
    kit: type[Kit], monkeypatch: pytest.MonkeyPatch
) -> None:
    record = kit.find_record(kit.short_rules(2), kit.seats("human", "computer"), kit.human_can_play)
    bound = len(record.assists) + 1  # room for exactly one more hint
    monkeypatch.setattr(record_module, "most_assists", lambda _actions: bound)
    host = host_of(record)
    seat = sit(host, (0,))
    client = seat.client
    assert client.prompt == YourTurn(seat=0, take_back=False, hint=True)
    assert client.key_works("hint")
    seat.send(client.ask_hint())
    settle(host, seat)
    given, update = seat.messages[-2:]
    assert isinstance(given, HintGiven)
    assert isinstance(update, Update) and update.steps == ()
    assert update.prompt == YourTurn(seat=0, take_back=False, hint=False)
    assert client.feedback.startswith("Hint: ")  # the hint and its chosen tile stay
    assert client.selected is not None
    assert not client.key_works("hint") and client.key_works("play")
    assert client.why_not("hint") == prompts.NO_MORE_HINTS
    assert client.ask_hint() is None and client.feedback == prompts.NO_MORE_HINTS
    seat.send(AskHint())  # asked for anyway (a hostile client): the host refuses it
    settle(host, seat)
    assert seat.messages[-1] == Refused(reason="no_hint_now")
    assert host.session.record.hints_used()[0] == 1


def test_a_spectator_may_not_change_the_pace_of_people_s_game(
    kit: type[Kit], tmp_path: Path
) -> None:
    record = kit.find_record(kit.short_rules(2), kit.seats("human", "computer"), kit.human_can_play)
    host = host_of(record)
    watcher = sit(host)
    watcher.send(SetPause(seconds=2))
    settle(host, watcher)
    assert host.pause == 0 and watcher.messages[-1] == Refused(reason="not_your_seat")


# ----- the turn loop in a running event loop ------------------------------------------------------


class SlowBot:
    """A computer player that decides only when told to (or told to stop)."""

    def __init__(self) -> None:
        self.go = threading.Event()
        self.asked = threading.Event()

    def choose(self, view: object, legal: tuple[Action, ...], should_stop: object = None) -> Action:
        self.asked.set()
        while not self.go.wait(0.01):
            if should_stop is not None and should_stop():  # type: ignore[operator]
                break
        return legal[0]


async def wait_until(condition: object, what: str) -> None:
    """Let the loop run until ``condition()`` holds (counting turns of the loop, not time)."""
    for _ in range(20_000):
        if condition():  # type: ignore[operator]
            return
        await asyncio.sleep(0)
    raise AssertionError(f"timed out waiting for {what}")


def test_a_computer_still_thinking_after_its_pause_is_said_and_then_plays(
    kit: type[Kit], tmp_path: Path
) -> None:
    record = kit.find_record(
        kit.short_rules(2), kit.seats("human", "computer"), lambda s: s.turn == 1
    )
    host = TableHost(kit.session_of(record), pause=0)
    bot = SlowBot()
    host.session.bots[1] = bot  # type: ignore[assignment]

    async def scenario() -> list[object]:
        link = LocalLink(host, (0,))
        running = asyncio.ensure_future(host.run())
        got: list[object] = []
        try:
            await wait_until(bot.asked.is_set, "the computer to start thinking")
            got.append(await link.receive())  # the welcome
            got.append(await link.receive())
            bot.go.set()
            got.append(await link.receive())
        finally:
            host.close()
            await running
        return got

    _welcome, thinking, moved = asyncio.run(scenario())
    assert thinking == StillThinking(seat=1)
    assert isinstance(moved, Update) and moved.steps[0].action is not None
    assert moved.steps[0].action.seat == 1
    host.session.close()


def test_a_decision_made_before_a_take_back_is_dropped(kit: type[Kit], tmp_path: Path) -> None:
    record = kit.find_record(
        kit.short_rules(2),
        kit.seats("human", "computer"),
        lambda s: s.turn == 0 and len(plays(s)) > 1,
    )
    host = TableHost(kit.session_of(record), pause=0)
    bot = SlowBot()
    host.session.bots[1] = bot  # type: ignore[assignment]

    async def scenario() -> None:
        link = LocalLink(host, (0,))
        running = asyncio.ensure_future(host.run())
        before = host.session.state
        try:
            link.send(Act(action=plays(before)[0]))
            await wait_until(bot.asked.is_set, "the computer to think")
            actions = len(host.session.record.actions)
            link.send(TakeBack())
            await wait_until(lambda: len(host.session.record.actions) < actions, "the take-back")
            bot.go.set()  # the stale answer comes in now
            await wait_until(lambda: host.session.state.turn == 0, "Ana's turn again")
            for _ in range(200):
                await asyncio.sleep(0)
            assert host.session.state == before  # the stale answer was not played
        finally:
            host.close()
            await running

    asyncio.run(scenario())
    host.session.close()


def test_closing_the_table_stops_a_thinking_computer(kit: type[Kit], tmp_path: Path) -> None:
    record = kit.find_record(
        kit.short_rules(2), kit.seats("human", "computer"), lambda s: s.turn == 1
    )
    host = TableHost(kit.session_of(record), pause=0)
    bot = SlowBot()
    host.session.bots[1] = bot  # type: ignore[assignment]

    async def scenario() -> None:
        LocalLink(host, (0,))
        running = asyncio.ensure_future(host.run())
        await wait_until(bot.asked.is_set, "the computer to think")
        host.close()
        await running

    asyncio.run(scenario())
    assert len(host.session.record.actions) == len(record.actions)
    host.session.close()


def test_every_move_is_committed(kit: type[Kit]) -> None:
    record = kit.find_record(kit.short_rules(2), kit.seats("human", "computer"), kit.human_can_play)
    host = host_of(record)
    seat = sit(host, (0,))
    seat.send(seat.client.play())
    settle(host, seat)
    assert host.session.wait_committed()
    assert host.session.store.record(host.session.game).actions == host.session.record.actions


def test_computers_wait_while_a_client_s_screen_is_covered(kit: type[Kit]) -> None:
    record = kit.find_record(kit.short_rules(2), kit.seats("human", "computer"), kit.human_can_play)
    host = host_of(record)
    seat = sit(host, (0,))
    seat.send(Hold(on=True))
    seat.send(seat.client.play())
    settle(host, seat)
    actions = len(host.session.record.actions)
    assert host.session.state.turn == 1, "the computer is on turn, and waits"
    seat.send(Hold(on=False))
    settle(host, seat)
    assert len(host.session.record.actions) > actions


def test_a_round_result_waits_for_every_person_s_client_but_not_one_that_left(
    kit: type[Kit], tmp_path: Path
) -> None:
    def ana_goes_out(state: GameState) -> bool:
        return (
            state.round_index == 0
            and state.turn == 0
            and len(state.hands[0]) == 1
            and bool(plays(state))
        )

    record = kit.find_record(
        kit.short_rules(3, rounds=2), kit.seats("human", "human", "computer"), ana_goes_out
    )
    host = host_of(record)
    ana, bea, watcher = sit(host, (0,)), sit(host, (1,)), sit(host)
    ana.send(Act(action=plays(host.session.state)[0]))
    settle(host, ana, bea, watcher)
    assert all(isinstance(s.client.prompt, RoundEnded) for s in (ana, bea, watcher))
    watcher.send(Proceed())  # a spectator does not decide when the next round comes
    ana.send(Proceed())
    settle(host, ana, bea, watcher)
    assert isinstance(bea.client.prompt, RoundEnded), "Bea has not seen the result yet"
    bea.link.close()
    settle(host, ana, watcher)
    assert not isinstance(ana.client.prompt, RoundEnded)
    assert ana.client.view is not None and ana.client.view.round_index == 1


# ----- the turn loop waits for each commit -------------------------------------------------------


def passing_the_turn_on(state: GameState) -> Play | None:
    """A play of the seat on turn after which the next seat is on turn, in the same round."""
    for play in plays(state):
        after, events = apply(state, play)
        if after.turn != state.turn and not any(e.kind == "round_scored" for e in events):
            return play
    return None


WAIT = 60.0
"""Seconds a turn-loop test may wait for the host's next message (a passing test never does)."""


def gated(record: GameRecord) -> tuple[GameSession, GatedStore]:
    """A session of ``record`` whose store's commits wait at a gate."""
    store = GatedStore(database_path())
    return GameSession.from_record(record, store.create(record), store), store


def test_no_computer_moves_until_the_move_shown_is_committed(kit: type[Kit]) -> None:
    record = kit.find_record(
        kit.short_rules(2),
        kit.seats("human", "computer"),
        lambda state: state.turn == 0 and passing_the_turn_on(state) is not None,
    )
    session, store = gated(record)
    host = TableHost(session, pause=0)
    play = passing_the_turn_on(session.state)
    assert play is not None

    async def scenario() -> list[object]:
        link = LocalLink(host, (0,))
        running = asyncio.ensure_future(host.run())
        got: list[object] = []
        try:
            async with asyncio.timeout(WAIT):  # only a broken turn loop waits that long
                await link.receive()  # the welcome
                store.gate.clear()  # the disk is slow: the commit waits
                link.send(Act(action=play))
                got.append(await link.receive())  # the move is shown at once
                got.append(await link.receive())  # "saving…": nothing else comes meanwhile
                got.append(len(session.record.actions))
                store.gate.set()
                got.append(await link.receive())
                while not isinstance(message := await link.receive(), Update):
                    assert isinstance(message, StillThinking), message
                got.append(message)  # only now the computer's move
        finally:
            host.close()
            await running
        return got

    mine, saving, actions, saved, theirs = asyncio.run(scenario())
    assert isinstance(mine, Update) and mine.steps[-1].action == play
    assert saving == Saving(on=True) and saved == Saving(on=False)
    assert actions == len(record.actions) + 1, "no computer move while the commit ran"
    assert isinstance(theirs, Update) and theirs.steps[0].action is not None
    assert theirs.steps[0].action.seat == 1
    assert session.wait_committed()
    assert store.record(session.game).actions == session.record.actions
    session.close()
    SqliteStore.close(store)


def test_a_move_sent_while_the_one_before_is_committed_is_made_once_it_is(
    kit: type[Kit],
) -> None:
    record = kit.find_record(
        kit.short_rules(2),
        kit.seats("human", "human"),
        lambda state: state.turn == 0 and passing_the_turn_on(state) is not None,
    )
    session, store = gated(record)
    host = TableHost(session, pause=0)
    play = passing_the_turn_on(session.state)
    assert play is not None

    async def scenario() -> list[HostMessage]:
        ana, bea = LocalLink(host, (0,)), LocalLink(host, (1,))
        running = asyncio.ensure_future(host.run())
        try:
            store.gate.clear()
            ana.send(Act(action=play))
            await wait_until(lambda: len(session.record.actions) > len(record.actions), "Ana")
            bea.send(Act(action=legal_actions(session.state)[0]))  # at once, while Ana's commits
            for _ in range(200):
                await asyncio.sleep(0)
            assert len(session.record.actions) == len(record.actions) + 1, "Bea's move waits"
            store.gate.set()
            await wait_until(lambda: len(session.record.actions) == len(record.actions) + 2, "Bea")
            await wait_until(lambda: session.committed, "Bea's move committed")
        finally:
            host.close()
            await running
        return bea.drain()

    sent_to_bea = asyncio.run(scenario())
    assert not [message for message in sent_to_bea if isinstance(message, Refused)]
    assert session.wait_committed()
    assert store.record(session.game).actions == session.record.actions
    session.close()
    SqliteStore.close(store)
