"""The text transcript of a game: one line per action, every round's scores, the ranking."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from chickenfoot.record.model import GameRecord, SeatConfig
from chickenfoot.rules import (
    Draw,
    FootCompleted,
    FootOpened,
    GameOver,
    Pass,
    Passed,
    Play,
    RoundBlocked,
    RoundScored,
    RoundStarted,
    TileDrawn,
    WentOut,
    legal_actions,
    preset,
)
from chickenfoot.saves.jsonformat import load_record
from chickenfoot.text.ruleset import rules_summary
from chickenfoot.text.transcript import seat_description, transcript
from chickenfoot.text.words import place_name, sorted_hand
from tests.kit import Kit

SAMPLES = Path(__file__).resolve().parents[1] / "data" / "records"
ACTION_LINE = re.compile(r"^  (\d+)\. (.*)$")


@pytest.fixture(scope="module", params=["v1-finished.json", "v1-unfinished.json"])
def sample(request: pytest.FixtureRequest) -> GameRecord:
    return load_record(SAMPLES / request.param)


def action_lines(text: str) -> dict[int, str]:
    """The numbered action lines of a transcript, by action number."""
    found = {}
    for line in text.splitlines():
        match = ACTION_LINE.match(line)
        if match:
            found[int(match.group(1))] = match.group(2)
    return found


def test_one_numbered_line_per_action_saying_what_happened(sample: GameRecord) -> None:
    text = transcript(sample)
    lines = action_lines(text)
    names = [seat.name for seat in sample.seats]
    assert sorted(lines) == list(range(1, len(sample.actions) + 1))
    for number, (_state, events, action) in enumerate(sample.replay()):
        if action is None:
            continue
        line = lines[number]
        who = names[action.seat]
        assert line.startswith(who + " ")
        if isinstance(action, Play):
            assert f"{who} plays {action.tile} on {place_name(action.target)}" in line
        elif isinstance(action, Draw):
            drawn = next(event.tile for event in events if isinstance(event, TileDrawn))
            assert line.startswith(f"{who} draws {drawn}")
        else:
            assert isinstance(action, Pass)
            assert "passes" in line
        for event in events:
            if isinstance(event, RoundStarted):
                break
            if isinstance(event, FootOpened):
                assert f"chicken foot! Three {event.value}s must follow" in line
            if isinstance(event, FootCompleted):
                assert "is complete" in line
            if isinstance(event, WentOut):
                assert "goes out" in line
            if isinstance(event, Passed) and event.reason == "kept_drawn":
                assert line.startswith(f"{who} keeps ")
            if isinstance(event, Passed) and event.reason == "drew_unplayable":
                assert line.endswith("and passes")


def test_every_round_start_and_score_is_written(sample: GameRecord) -> None:
    text = transcript(sample)
    names = [seat.name for seat in sample.seats]
    starts = scores = 0
    for _state, events, _action in sample.replay():
        for index, event in enumerate(events):
            if isinstance(event, RoundStarted):
                double = f"{event.double}|{event.double}"
                assert (
                    f"Round {event.round} ({double}): {names[event.placed_by]} places {double}; "
                    f"{names[event.first_player]} plays first"
                ) in text
                searches: dict[str, list[str]] = {}
                for drawn in events[index + 1 : index + 1 + event.search_draws]:
                    if isinstance(drawn, TileDrawn) and drawn.searching:
                        searches.setdefault(names[drawn.seat], []).append(str(drawn.tile))
                if searches:
                    line = next(
                        line for line in text.splitlines() if f"Nobody held {double}:" in line
                    )
                    assert f"; {names[event.placed_by]} drew it" in line
                    for name, drawn_tiles in searches.items():  # a transcript shows every tile
                        assert f"; {name} drew {' '.join(drawn_tiles)}" in line
                elif event.search_draws:
                    tiles = "1 tile" if event.search_draws == 1 else f"{event.search_draws} tiles"
                    assert f"({tiles} turned to find it)\n" in text
                starts += 1
            if isinstance(event, RoundScored):
                points = ", ".join(f"{names[s]} {p}" for s, p in enumerate(event.points))
                totals = ", ".join(f"{names[s]} {t}" for s, t in enumerate(event.totals))
                assert f"Round {event.round} scores: {points}\n  Totals: {totals}" in text
                scores += 1
            if isinstance(event, RoundBlocked):
                assert f"Round {event.round} is blocked" in text
    assert starts == sample.final_state().round_number
    assert scores == len(sample.final_state().round_scores)


def test_header_names_the_rules_and_the_seats(sample: GameRecord) -> None:
    lines = transcript(sample).splitlines()
    seed = f"seed {sample.seed}" if sample.finished else "its seed kept back until the game is over"
    assert lines[0] == f"Chicken Foot: game of 2026-11-30 12:00 UTC, {seed}"
    assert lines[1] == "Rules:"
    summary = rules_summary(sample.rules)
    assert lines[2 : 2 + len(summary)] == [f"  {phrase}" for phrase in summary]
    seats = lines.index("Seats, in playing order:")
    assert lines[seats + 1 : seats + 1 + len(sample.seats)] == [
        f"  Seat {number}: {seat_description(seat)}" for number, seat in enumerate(sample.seats, 1)
    ]


def test_finished_game_ends_with_ranking_and_score_table() -> None:
    record = load_record(SAMPLES / "v1-finished.json")
    text = transcript(record)
    names = [seat.name for seat in record.seats]
    game_over = next(
        event
        for _s, events, _a in record.replay()
        for event in events
        if isinstance(event, GameOver)
    )
    assert "Final ranking:" in text
    for standing in game_over.ranking:
        assert f"  Place {standing.place}: {names[standing.seat]}, {standing.total} points" in text
    assert "decided by " in text
    totals = record.final_state().totals
    total_row = next(line for line in text.splitlines() if line.startswith("  Total "))
    assert [int(cell) for cell in total_row.split()[1:]] == list(totals)
    assert "not finished" not in text


def test_unfinished_game_says_where_it_stopped() -> None:
    record = load_record(SAMPLES / "v1-unfinished.json")
    state = record.final_state()
    text = transcript(record)
    assert text.rstrip().endswith(
        f"The game is not finished: {len(record.actions)} actions so far, round "
        f"{state.round_number} of 10 in play, {record.seats[state.turn].name} to act."
    )
    assert "Final ranking" not in text


def test_names_are_copied_literally() -> None:
    text = transcript(load_record(SAMPLES / "v1-finished.json"))
    assert "[bold]Cé[/bold] (computer, random)" in text


def test_a_new_game_has_a_deal_and_no_actions() -> None:
    rules = preset("cross", players=2)
    seats = (
        SeatConfig(name="Ana", player="human"),
        SeatConfig(name="Bo", player="computer", level="greedy"),
    )
    record = GameRecord.new(rules, seats, seed=4)
    text = transcript(record)
    assert "Round 1 (9|9): " in text
    assert "  Hands:\n    Ana: " in text
    assert action_lines(text) == {}
    assert "0 actions so far, round 1 of 10" in text
    first = legal_actions(record.final_state())[0]
    assert len(action_lines(transcript(record.appended(first)))) == 1


def test_hands_are_written_as_a_player_holds_them() -> None:
    record = load_record(SAMPLES / "v1-finished.json")
    text = transcript(record)
    state = next(state for state, _events, _action in record.replay())
    for seat, hand in enumerate(state.hands):
        shown = " ".join(str(tile) for tile in sorted_hand(hand))
        assert f"    {record.seats[seat].name}: {shown}\n" in text


def test_the_round_in_play_of_an_unfinished_pass_and_play_game_stays_private(
    kit: type[Kit],
) -> None:
    seats = kit.seats("human", "human", "computer")
    record = kit.find_record(
        kit.short_rules(3, rounds=2),
        seats,
        lambda state: state.round_index == 1 and len(state.board.played) > 2,
    )
    text = transcript(record)
    assert "Round 2 is still in play at one keyboard" in text
    finished, in_play = text.split("\nRound 2 (", 1)
    assert "  Hands:" in finished and "  Hands:" not in in_play
    final = record.final_state()
    for hand in final.hands:
        for tile in hand:
            assert f"draws {tile}" not in in_play
    alone = record.model_copy(update={"seats": kit.seats("human", "computer", "computer")})
    assert "still in play" not in transcript(alone)


def test_the_seed_is_written_once_the_game_is_over(kit: type[Kit]) -> None:
    rules, seed = kit.short_rules(2, rounds=2), 3497681206480982174
    for people in (kit.people(2), kit.seats("human", "computer")):
        record = kit.record_until(rules, people, seed, lambda state: state.round_index == 1)
        assert record is not None
        assert str(seed) not in transcript(record)
        finished = kit.record_until(rules, people, seed, lambda state: state.over)
        assert finished is not None
        assert f", seed {seed}\n" in transcript(finished)
