"""The replay cursor: every position is exactly the state of a straight replay of the record."""

from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chickenfoot.play.replay import ReplayCursor
from chickenfoot.record.model import GameRecord, SeatConfig
from chickenfoot.rules import RuleSet, preset
from tests.recorded import random_record, three_seat_rules

SEATS = (
    SeatConfig(name="Ana", player="human"),
    SeatConfig(name="Bob", player="computer", level="random"),
    SeatConfig(name="Cy", player="computer", level="random"),
)


def played(rules: RuleSet, seed: int, stop_after: int | None = None) -> GameRecord:
    """A record of a game with seeded random legal actions, cut after ``stop_after`` actions."""
    return random_record(rules, SEATS[: rules.players], seed, stop_after)


@pytest.fixture(scope="module")
def finished() -> GameRecord:
    """A whole three-round game of three seats."""
    return played(three_seat_rules(rounds=3), seed=5)


@pytest.fixture(scope="module")
def cursor(finished: GameRecord) -> ReplayCursor:
    """A cursor over the finished game (tests seek it; none relies on where it was left)."""
    return ReplayCursor(finished)


def test_every_position_is_the_state_of_a_straight_replay(
    finished: GameRecord, cursor: ReplayCursor
) -> None:
    straight = list(finished.replay())
    assert cursor.total == len(finished.actions) == len(straight) - 1
    for index, (state, events, action) in enumerate(straight):
        assert cursor.seek(index) == state
        assert cursor.state == state
        assert cursor.events == events
        assert cursor.action == action
        assert cursor.index == index


@settings(max_examples=60, deadline=None)
@given(order=st.lists(st.integers(min_value=0), min_size=1, max_size=30))
def test_seeking_in_any_order_gives_the_same_states(order: list[int]) -> None:
    record = played(preset("trains", players=2, set_size=6, rounds=2), seed=9)
    straight = [state for state, _events, _action in record.replay()]
    cursor = ReplayCursor(record)
    for wanted in order:
        index = wanted % len(straight)
        assert cursor.seek(index) == straight[index]


def test_round_starts_are_the_deals(finished: GameRecord, cursor: ReplayCursor) -> None:
    final_round = finished.final_state().round_index
    assert len(cursor.round_starts) == final_round + 1
    assert cursor.round_starts[0] == 0
    for round_index, start in enumerate(cursor.round_starts):
        assert cursor.state_at(start).round_index == round_index
        if start > 0:
            assert cursor.state_at(start - 1).round_index == round_index - 1
            kinds = [event.kind for event in cursor.events_at(start)]
            assert kinds.index("round_scored") < kinds.index("round_started")


def test_next_and_previous_round(cursor: ReplayCursor) -> None:
    second, third = cursor.round_starts[1], cursor.round_starts[2]
    cursor.seek(0)
    assert cursor.next_round() and cursor.index == second
    assert cursor.next_round() and cursor.index == third
    assert cursor.next_round() and cursor.index == cursor.total, "the last round jumps to the end"
    assert not cursor.next_round()
    assert cursor.previous_round() and cursor.index == third, "first back to this round's deal"
    assert cursor.previous_round() and cursor.index == second, "then to the previous round's"
    cursor.seek(second + 1)
    assert cursor.round_start == second
    assert cursor.previous_round() and cursor.index == second
    assert cursor.previous_round() and cursor.index == 0
    assert not cursor.previous_round()


def test_steps_and_bounds(cursor: ReplayCursor) -> None:
    cursor.seek(0)
    assert cursor.at_start and not cursor.at_end
    assert not cursor.back() and cursor.index == 0
    assert cursor.forward() and cursor.index == 1
    assert cursor.back() and cursor.index == 0
    assert cursor.to_end() and cursor.at_end and cursor.state.over
    assert not cursor.forward() and not cursor.to_end()
    assert cursor.to_start() and cursor.index == 0 and not cursor.to_start()
    for bad in (-1, cursor.total + 1):
        with pytest.raises(IndexError, match=f"{bad} is outside 0..{cursor.total}"):
            cursor.seek(bad)
    assert cursor.index == 0, "a bad seek does not move the cursor"


def test_position_text(cursor: ReplayCursor) -> None:
    cursor.seek(cursor.round_starts[1] + 2)
    assert (
        cursor.position_text == f"round 2 · action {cursor.round_starts[1] + 2} of {cursor.total}"
    )
    cursor.to_end()
    assert cursor.position_text == f"round 3 · action {cursor.total} of {cursor.total} · game over"


def test_events_between_joins_the_steps(cursor: ReplayCursor) -> None:
    joined = list(cursor.events_between(0, 3))
    assert joined == [event for index in range(4) for event in cursor.events_at(index)]


def test_unfinished_and_empty_records() -> None:
    rules = preset("cross", players=2, set_size=6, rounds=2)
    empty = ReplayCursor(played(rules, seed=3, stop_after=0))
    assert empty.total == 0 and empty.at_start and empty.at_end
    assert empty.position_text == "round 1 · action 0 of 0"
    assert "round_started" in [event.kind for event in empty.events]
    partial = played(rules, seed=3, stop_after=7)
    cursor = ReplayCursor(partial, index=7)
    assert cursor.state == partial.final_state() and not cursor.state.over


def test_the_cursor_imports_no_textual() -> None:
    code = "import sys, chickenfoot.play.replay; print('textual' in sys.modules)"
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "False"
