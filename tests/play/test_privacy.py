"""No client is ever given a tile outside its seat's view: whole games through the real host
and clients, 2-8 people at one keyboard, bots pressing their keys; and the check itself
fails when a leak is put in on purpose."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chickenfoot.bots import make_bot
from chickenfoot.play import host as host_module
from chickenfoot.play.host import TableHost
from chickenfoot.play.replay import ReplayView
from chickenfoot.play.wire import GameEnded, Welcome
from chickenfoot.record.model import GameRecord, SeatConfig, TakenOver
from chickenfoot.rules import GameState, RuleSet, SeatView, TileDrawn, apply, preset
from chickenfoot.saves.jsonformat import parse_record, record_json
from tests.kit import NAMES, choose_action
from tests.play.privacy import Leak
from tests.play.tables import bot_turn, host_of, play_through, settle, sit


def table_seats(players: int, people: tuple[int, ...]) -> tuple[SeatConfig, ...]:
    """``players`` seats: people at ``people``, casual computers elsewhere."""
    return tuple(
        SeatConfig(name=NAMES[seat], player="human")
        if seat in people
        else SeatConfig(name=NAMES[seat], player="computer", level="casual")
        for seat in range(players)
    )


def small_rules(players: int) -> RuleSet:
    """Quick rules for 2-8 players: two rounds, small hands, so rounds end and are dealt."""
    return preset("cross", players=players, set_size=9, hand_size=4, arms=3, rounds=2)


@st.composite
def tables(draw: st.DrawFn) -> tuple[int, tuple[int, ...], int, bool]:
    """Players, the people among them (two or more), a seed, and a spectator or not."""
    players = draw(st.integers(2, 8))
    people = draw(st.lists(st.integers(0, players - 1), min_size=2, max_size=players, unique=True))
    return players, tuple(sorted(people)), draw(st.integers(0, 2**31)), draw(st.booleans())


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables())
def test_no_client_is_ever_sent_a_tile_its_seat_may_not_see(
    table: tuple[int, tuple[int, ...], int, bool],
) -> None:
    players, people, seed, spectating = table
    record = GameRecord.new(small_rules(players), table_seats(players, people), seed=seed)
    host = host_of(record)
    shared = sit(host, people)
    watchers = [sit(host)] if spectating else []
    play_through(host, [shared, *watchers], seed=seed)
    host.session.close()
    assert isinstance(shared.client.prompt, GameEnded)
    for seat in [shared, *watchers]:
        assert seat.messages, "every client heard from the host"


def test_a_client_joining_mid_round_gets_a_first_message_through_the_same_filter(
    tmp_path: Path,
) -> None:
    record = GameRecord.new(small_rules(4), table_seats(4, (0, 1, 3)), seed=5)
    host = host_of(record)
    shared = sit(host, (0, 1, 3))
    bot = make_bot("casual", 1)
    for _ in range(15):
        settle(host, shared)
        bot_turn(shared, bot)
    settle(host, shared)
    late = sit(host)  # checked as it arrives: a spectator may see no hand and no draw
    (welcome,) = late.messages
    assert isinstance(welcome, Welcome)
    assert welcome.steps, "the round so far comes with the first message"
    drawn = [e for s in welcome.steps for e in s.events if isinstance(e, TileDrawn)]
    assert all(event.tile is None for event in drawn)


# ----- the check can fail ---------------------------------------------------------------------


def leaky_view(host: TableHost, client: object) -> object:
    """A host bug: every client is sent the view of the seat on turn."""
    state: GameState = host._news.shown_state(host.session.state)
    return state.view(state.turn)


@pytest.mark.parametrize(
    "leak",
    [
        pytest.param(("_view", leaky_view), id="another seat's view"),
        pytest.param(("_viewer", lambda client, actor: actor or 0), id="unfiltered draws"),
    ],
)
def test_the_check_catches_an_injected_leak(
    leak: tuple[str, object], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    name, broken = leak
    monkeypatch.setattr(TableHost if name == "_view" else host_module, name, broken)
    record = GameRecord.new(small_rules(3), table_seats(3, (0, 1)), seed=2)
    host = host_of(record)
    with pytest.raises(Leak):
        play_through(host, [sit(host, (0, 1))], seed=2)


def test_the_check_catches_a_leak_in_the_first_message_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The classic bug: the first snapshot skips the filter every later message goes
    through."""
    original = TableHost._view

    def first_unfiltered(host: TableHost, client: object) -> object:
        if not getattr(host, "_welcomed", False):
            host._welcomed = True  # type: ignore[attr-defined]
            return host.session.state.view(1)
        return original(host, client)  # type: ignore[arg-type]

    monkeypatch.setattr(TableHost, "_view", first_unfiltered)
    record = GameRecord.new(small_rules(3), table_seats(3, (0, 1)), seed=2)
    with pytest.raises(Leak, match="seat 1's view"):
        sit(host_of(record), (0, 1))


def test_a_seat_view_is_only_ever_the_seat_of_the_client(tmp_path: Path) -> None:
    record = GameRecord.new(small_rules(3), table_seats(3, (0, 1)), seed=4)
    host = host_of(record)
    alone = sit(host, (0,))
    other = sit(host, (1,))
    play_through(host, [alone, other], seed=4)
    for seat, played in ((alone, 0), (other, 1)):
        views = [m.view for m in seat.messages if hasattr(m, "view")]
        assert views and all(isinstance(v, SeatView) and v.seat == played for v in views)


# ----- replays and take-overs --------------------------------------------------------------------

DRAWN_TILE = re.compile(r"draws? \d+\|\d+|keeps? \d+\|\d+")


def check_replay(record: GameRecord) -> int:
    """Every position of the private round shows no hand and names no drawn tile; the number
    of private positions."""
    view = ReplayView(record)
    private = 0
    for index in range(view.cursor.total + 1):
        view.cursor.seek(index)
        if not view.is_private(index):
            continue
        private += 1
        shown = view.shown()
        assert shown.private
        assert all(
            hand.hidden and hand.tiles == () and hand.selected is None for hand in shown.hands
        )
        for line in view.log_lines(index):
            assert not DRAWN_TILE.search(line), line
    return private


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables(), st.integers(5, 60))
def test_a_replay_and_a_take_over_of_a_shared_game_show_its_round_in_play_to_nobody(
    table: tuple[int, tuple[int, ...], int, bool], stop: int
) -> None:
    players, people, seed, _spectating = table
    record = GameRecord.new(small_rules(players), table_seats(players, people), seed=seed)
    state = record.final_state()
    for _ in range(stop):
        if state.over:
            break
        action = choose_action(state)
        state, _events = apply(state, action)
        record = record.appended(action)
    if state.over:
        return
    assert check_replay(record) > 0
    alone = tuple(
        seat
        if index == people[0]
        else SeatConfig(name=seat.name, player="computer", level="casual")
        for index, seat in enumerate(record.seats)
    )
    taken = record.model_copy(
        update={"taken_over": TakenOver(at=len(record.actions), shared=True), "seats": alone}
    )
    assert check_replay(parse_record(record_json(taken))) > 0
