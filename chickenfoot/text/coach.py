"""The coach's analysis of a game in words, and what is analysed for whom.

:class:`~chickenfoot.bots.coach.Coach` judges the decisions and the luck of a game's seats;
this module makes one from a saved game (:func:`coach_for`), says which seats and rounds an
analysis covers (:func:`seats_to_analyse`, :func:`hidden_rounds`: the round still in play of
a game people share a keyboard in is analysed for nobody, as a replay keeps it hidden), and
words the results the same way for the command line, the replay viewer, the game's result
and the plain mode: a decision's mark and loss, the better move with the hint's own reason
(:func:`~chickenfoot.text.hints.hint_reason`), a seat's marks, its skill and its luck.

Points are points of round margin (a seat's points less the others' mean), signed in the
seat's favour for skill, luck and result ("skill -14.2": its moves gave away 14.2 points);
a ± is a 95 % interval.
"""

from __future__ import annotations

from collections.abc import Sequence

from chickenfoot.bots.coach import (
    DEFAULT_BUDGET,
    MARKS,
    Coach,
    Decision,
    GameAnalysis,
    Mark,
    RoundLuck,
    SeatSummary,
)
from chickenfoot.record.disclosure import disclosure
from chickenfoot.record.model import GameRecord
from chickenfoot.rules import Action, Draw, Play
from chickenfoot.text.hints import hint_reason
from chickenfoot.text.words import in_sentence, plural, possessive, seat_name

Z_95 = 1.96
"""Standard errors on each side of a 95 % interval."""

WORST = 3
"""How many of a seat's costliest decisions a report lists."""

MARK_WORDS: dict[Mark, str] = {
    "fine": "fine",
    "doubtful": "doubtful",
    "bad": "bad",
    "very_bad": "very bad",
}
"""Each mark in words."""


# ----- what is analysed ---------------------------------------------------------------------


def lineup_of(record: GameRecord) -> tuple[str | None, ...]:
    """Every seat's computer level in seat order, None for a person."""
    return tuple(seat.level if seat.player == "computer" else None for seat in record.seats)


def coach_for(record: GameRecord, budget: int = DEFAULT_BUDGET, seed: int = 0) -> Coach:
    """The coach of ``record``'s game (it replays the game once)."""
    return Coach(
        record.rules, record.decks, record.actions, lineup_of(record), budget=budget, seed=seed
    )


def seats_to_analyse(record: GameRecord, computers: bool = False) -> tuple[int, ...]:
    """The seats an analysis of ``record`` covers: its people, and with ``computers`` its
    computer players too."""
    return tuple(
        seat for seat, config in enumerate(record.seats) if computers or config.player == "human"
    )


def hidden_rounds(record: GameRecord) -> tuple[int, ...]:
    """The rounds (0-based) no analysis covers: the round still in play of an unfinished game
    people share a keyboard in (see :func:`~chickenfoot.record.disclosure.disclosure`)."""
    hidden = disclosure(record).private_round
    return () if hidden is None else (hidden,)


def nothing_at_hand(record: GameRecord, coach: Coach, index: int) -> str | None:
    """Why the action after the first ``index`` of ``record`` cannot be judged (the end of
    the game, or a round no analysis covers), or None when it can."""
    if index >= len(record.actions):
        return "No move at hand: this is the last position of the game."
    round_index = coach.round_at(index)
    return hidden_text(round_index) if round_index in hidden_rounds(record) else None


def hidden_text(round_index: int) -> str:
    """Why a round is not analysed: it is still in play at a shared keyboard."""
    return (
        f"Round {round_index + 1} is still in play at a shared keyboard: its hands stay hidden, "
        "so it is analysed for nobody."
    )


# ----- numbers ----------------------------------------------------------------------------------


def signed(points: float) -> str:
    """Points with their sign, one decimal: "+9.3", "-14.0"."""
    return f"{points:+.1f}"


def loss_text(decision: Decision) -> str:
    """What a decision lost, with its 95 % interval: "6.2 ± 1.4 points lost"."""
    return f"{decision.loss:.1f} ± {Z_95 * decision.error:.1f} points lost"


# ----- one decision -----------------------------------------------------------------------------


def made_words(action: Action, drawn: object) -> str:
    """An action made, in the past: "played 5|6 on B", "drew", "kept the drawn tile",
    "passed"."""
    if isinstance(action, Play):
        return f"played {action.tile} on {action.target}"
    if isinstance(action, Draw):
        return "drew"
    return "kept the drawn tile" if drawn is not None else "passed"


def move_words(action: Action, drawn: object) -> str:
    """An action to make, as a hint names it: "play 5|6 on B", "draw", "keep it", "pass"."""
    if isinstance(action, Play):
        return f"play {action.tile} on {action.target}"
    if isinstance(action, Draw):
        return "draw"
    return "keep it" if drawn is not None else "pass"


def place_text(decision: Decision) -> str:
    """Where a decision was taken, as the replay viewer counts: "round 2 · action 86"."""
    return f"round {decision.round_index + 1} · action {decision.index + 1}"


def better_text(decision: Decision, names: Sequence[str]) -> str:
    """The better move and why, in the hint's words ("better: play 6|6 on A: opens a foot of
    6s and keeps two 6s for its toes"); "" when the move made was the best found."""
    if decision.better is None:
        return ""
    reason = hint_reason(decision.better, names)
    return f"better: {move_words(decision.best, decision.drawn)}: {reason}"


def decision_line(decision: Decision, names: Sequence[str]) -> str:
    """One decision on one line: "round 2 · action 86: you played 2|6 on B (bad: 9.3 ± 1.0
    points lost); better: keep it: keeps the drawn tile for later"."""
    who = in_sentence(seat_name(names, decision.seat))
    made = made_words(decision.made, decision.drawn)
    verdict = MARK_WORDS[decision.mark]
    if decision.better is not None:
        verdict += f": {loss_text(decision)}"
    line = f"{place_text(decision)}: {who} {made} ({verdict})"
    better = better_text(decision, names)
    return f"{line}; {better}" if better else line


def decision_lines(decision: Decision | None, names: Sequence[str]) -> list[str]:
    """The verdict on the move at hand, a few lines: the move made and its mark, the best
    move found and why; for a forced move (``decision`` None), a line saying so."""
    if decision is None:
        return ["A forced move: there was nothing to choose, so nothing to judge."]
    name = seat_name(names, decision.seat)
    lines = [
        f"{place_text(decision).capitalize()} · {name} to play · "
        f"{plural(decision.options, 'choice')}",
        f"Played: {move_words(decision.made, decision.drawn).removeprefix('play ')}",
    ]
    if decision.better is None:
        lines.append("Verdict: fine, the best move found")
        return lines
    mark_words = MARK_WORDS[decision.mark]
    lines.append(f"Verdict: {mark_words}, {loss_text(decision)} against the best move found")
    if decision.mark == "fine":
        lines[-1] += " (too little to matter, or to tell apart)"
    best = move_words(decision.best, decision.drawn)
    lines.append(f"Best: {best}: {hint_reason(decision.better, names)}")
    return lines


# ----- a seat -------------------------------------------------------------------------------


def marks_text(summary: SeatSummary) -> str:
    """How many moves were marked: "2 bad moves, 1 very bad", "no move marked"."""
    counts = summary.marks
    marked = [mark for mark in MARKS[1:] if counts[mark]]
    if not marked:
        return "no move marked"
    first, *rest = marked
    words = [plural(counts[first], f"{MARK_WORDS[first]} move")]
    words += [f"{counts[mark]} {MARK_WORDS[mark]}" for mark in rest]
    return ", ".join(words)


def play_line(summary: SeatSummary, names: Sequence[str]) -> str:
    """A seat's play in one line, as the game's result shows it: "your play: 2 bad moves, 1
    very bad; skill -14.2, luck +9.0"."""
    owner = possessive(seat_name(names, summary.seat))
    owner = owner[0].lower() + owner[1:] if owner == "Your" else owner
    return (
        f"{owner} play: {marks_text(summary)}; skill {signed(summary.skill)}, "
        f"luck {signed(summary.total_luck)}"
    )


def analysing_text(names: Sequence[str], seats: Sequence[int], done: float) -> str:
    """What the game's result says while the play is analysed: "Analysing your play… 35 %",
    "Analysing the play of Ana and Bea… 35 %"."""
    if len(seats) == 1:
        owner = possessive(seat_name(names, seats[0]))
        whose = owner[0].lower() + owner[1:] if owner == "Your" else owner
    else:
        people = [seat_name(names, seat) for seat in seats]
        whose = "the play of " + ", ".join(people[:-1]) + " and " + people[-1]
        return f"Analysing {whose}… {done:.0%}"
    return f"Analysing {whose} play… {done:.0%}"


def luck_line(luck: RoundLuck) -> str:
    """One round's luck: "round 3: deal -6.4, 2 draws +1.5; result -36.3"."""
    line = (
        f"round {luck.round_index + 1}: deal {signed(luck.deal)}, "
        f"{plural(luck.drawn, 'draw')} {signed(luck.draws)}"
    )
    if luck.result is None:
        return line + "; unfinished"
    return f"{line}; result {signed(luck.result)}"


def seat_lines(summary: SeatSummary, names: Sequence[str], worst: int = WORST) -> list[str]:
    """A seat's whole analysis: its marks, its error per decision, its result split into
    skill, luck and the rest, its costliest moves, and its luck round by round."""
    name = seat_name(names, summary.seat)
    counts = summary.marks
    marks = ", ".join(f"{counts[mark]} {MARK_WORDS[mark]}" for mark in MARKS)
    lines = [
        f"{name}: {plural(len(summary.decisions), 'decision')} with a choice ({marks})",
        f"  error: {summary.error_per_decision:.2f} points per decision, {summary.lost:.1f} in all",
    ]
    if any(luck.result is not None for luck in summary.luck):
        lines.append(
            f"  result: {signed(summary.result)} points against the table = skill "
            f"{signed(summary.finished_skill)} + luck {signed(summary.finished_luck)} + "
            f"the others' play and tiles {signed(summary.rest)}"
        )
    costliest = summary.worst(worst)
    if costliest:
        lines.append("  costliest moves:")
        lines += [f"    {decision_line(decision, names)}" for decision in costliest]
    if summary.luck:
        lines.append(f"  luck: {signed(summary.total_luck)} points")
        lines += [f"    {luck_line(luck)}" for luck in summary.luck]
    return lines


def analysis_lines(analysis: GameAnalysis, names: Sequence[str]) -> list[str]:
    """Every analysed seat's lines (:func:`seat_lines`), a blank line between seats."""
    lines: list[str] = []
    for seat in analysis.seats:
        if lines:
            lines.append("")
        lines += seat_lines(analysis.summary(seat), names)
    return lines


def how_text(analysis: GameAnalysis) -> str:
    """How the analysis was made, in one line (what reproduces it)."""
    return (
        f"Each decision played out in up to {plural(analysis.budget, 'imagined round')} "
        f"(seed {analysis.seed}), from what its seat could know then; points are round "
        "margins (your points less the others' mean), ± a 95\u00a0% interval."
    )
