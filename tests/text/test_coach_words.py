"""The coach's words: a decision's mark, loss and better move in the hints' words, a seat's
marks, and the game's one line."""

from __future__ import annotations

from chickenfoot.bots import Hint
from chickenfoot.bots.coach import Decision, RoundLuck, SeatSummary
from chickenfoot.rules import Pass, Play, parse_tile
from chickenfoot.text.coach import (
    decision_line,
    decision_lines,
    luck_line,
    marks_text,
    play_line,
    seat_lines,
)

NAMES = ("You", "Bea", "Cy")


def decision(loss: float, error: float = 0.5, *, best: bool = False, index: int = 85) -> Decision:
    made = Play(seat=0, tile=parse_tile("2|6"), target="B.2")
    better = Play(seat=0, tile=parse_tile("6|6"), target="A")
    reason = Hint(better, "opens_foot", number=6, count=2)
    return Decision(
        index=index,
        seat=0,
        round_index=1,
        made=made,
        best=made if best else better,
        loss=0.0 if best else loss,
        error=0.0 if best else error,
        options=4,
        drawn=None,
        worlds=0 if best else 48,
        better=None if best else reason,
    )


def test_a_decision_in_one_line_with_the_better_move_in_the_hint_s_words() -> None:
    assert decision_line(decision(6.2, 0.7), NAMES) == (
        "round 2 · action 86: you played 2|6 on B.2 (bad: 6.2 ± 1.4 points lost); better: play "
        "6|6 on A: opens a foot of 6s and keeps two 6s for its toes"
    )
    assert decision_line(decision(0, best=True), ("Ana", "Bea")) == (
        "round 2 · action 86: Ana played 2|6 on B.2 (fine)"
    )


def test_the_move_at_hand_says_its_verdict_and_the_best_move() -> None:
    assert decision_lines(decision(12.0, 1.0), NAMES) == [
        "Round 2 · action 86 · You to play · 4 choices",
        "Played: 2|6 on B.2",
        "Verdict: very bad, 12.0 ± 2.0 points lost against the best move found",
        "Best: play 6|6 on A: opens a foot of 6s and keeps two 6s for its toes",
    ]
    assert decision_lines(decision(1.0, 1.0), NAMES)[2] == (
        "Verdict: fine, 1.0 ± 2.0 points lost against the best move found (too little to "
        "matter, or to tell apart)"
    )
    assert decision_lines(decision(0, best=True), NAMES)[2:] == [
        "Verdict: fine, the best move found"
    ]
    assert decision_lines(None, NAMES) == [
        "A forced move: there was nothing to choose, so nothing to judge."
    ]


def test_a_kept_drawn_tile_is_worded_as_kept() -> None:
    kept = Decision(
        index=3,
        seat=1,
        round_index=0,
        made=Pass(seat=1),
        best=Pass(seat=1),
        loss=0.0,
        error=0.0,
        options=2,
        drawn=parse_tile("1|2"),
        worlds=0,
        better=None,
    )
    assert decision_line(kept, NAMES) == "round 1 · action 4: Bea kept the drawn tile (fine)"


def test_a_seat_s_marks_and_its_one_line() -> None:
    summary = SeatSummary(
        0,
        (decision(6.0), decision(7.0, index=90), decision(15.0, index=99), decision(0, best=True)),
        (RoundLuck(0, 1, deal=4.5, draws=-1.5, drawn=2, result=-10.0),),
    )
    assert marks_text(summary) == "2 bad moves, 1 very bad"
    assert play_line(summary, NAMES) == (
        "your play: 2 bad moves, 1 very bad; skill -28.0, luck +3.0"
    )
    assert play_line(summary, ("Ana",)).startswith("Ana's play: ")
    lines = seat_lines(summary, NAMES, worst=2)
    assert lines[0] == "You: 4 decisions with a choice (1 fine, 0 doubtful, 2 bad, 1 very bad)"
    assert lines[2] == (
        "  result: -10.0 points against the table = skill -28.0 + luck +3.0 + the others' "
        "play and tiles +15.0"
    )
    assert [line.split(":")[0] for line in lines[4:6]] == [
        "    round 2 · action 100",
        "    round 2 · action 91",
    ]
    assert lines[-1] == "    round 2: deal +4.5, 2 draws -1.5; result -10.0"


def test_no_mark_and_an_unfinished_round() -> None:
    summary = SeatSummary(0, (decision(0, best=True),), ())
    assert marks_text(summary) == "no move marked"
    unfinished = RoundLuck(1, 2, deal=-3.0, draws=0.0, drawn=1, result=None)
    assert luck_line(unfinished) == "round 3: deal -3.0, 1 draw +0.0; unfinished"
