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
from chickenfoot.lang import N_, _, ngettext, pgettext
from chickenfoot.record.disclosure import disclosure
from chickenfoot.record.model import GameRecord
from chickenfoot.rules import Action, Draw, Play
from chickenfoot.text.hints import hint_reason
from chickenfoot.text.words import comma_list, listed, seat_is_you, seat_name

Z_95 = 1.96
"""Standard errors on each side of a 95 % interval."""

WORST = 3
"""How many of a seat's costliest decisions a report lists."""

MARK_WORDS: dict[Mark, str] = {
    "fine": N_("fine"),
    "doubtful": N_("doubtful"),
    "bad": N_("bad"),
    "very_bad": N_("very bad"),
}
"""Each mark in words (marked for the catalogue: :func:`mark_words` translates them)."""


def mark_words(mark: Mark) -> str:
    """A decision's mark in words, in the language in use: "bad"."""
    return _(MARK_WORDS[mark])


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
        return _("No move at hand: this is the last position of the game.")
    round_index = coach.round_at(index)
    return hidden_text(round_index) if round_index in hidden_rounds(record) else None


def hidden_text(round_index: int) -> str:
    """Why a round is not analysed: it is still in play at a shared keyboard."""
    return _(
        "Round {number} is still in play at a shared keyboard: its hands stay hidden, so it "
        "is analysed for nobody."
    ).format(number=round_index + 1)


# ----- numbers ----------------------------------------------------------------------------------


def signed(points: float) -> str:
    """Points with their sign, one decimal: "+9.3", "-14.0"."""
    return f"{points:+.1f}"


def loss_text(decision: Decision) -> str:
    """What a decision lost, with its 95 % interval: "6.2 ± 1.4 points lost"."""
    return _("{loss} ± {error} points lost").format(
        loss=f"{decision.loss:.1f}", error=f"{Z_95 * decision.error:.1f}"
    )


# ----- one decision -----------------------------------------------------------------------------


def move_words(action: Action, drawn: object) -> str:
    """An action to make, as a hint names it: "play 5|6 on B", "draw", "keep it", "pass"."""
    if isinstance(action, Play):
        return _("play {tile} on {line}").format(tile=action.tile, line=action.target)
    if isinstance(action, Draw):
        return pgettext("a move to make", "draw")
    if drawn is not None:
        return pgettext("a move to make", "keep it")
    return pgettext("a move to make", "pass")


def place_text(decision: Decision) -> str:
    """Where a decision was taken, as the replay viewer counts: "round 2 · action 86"."""
    return _("round {number} · action {action}").format(
        number=decision.round_index + 1, action=decision.index + 1
    )


def better_text(decision: Decision, names: Sequence[str]) -> str:
    """The better move and why, in the hint's words ("better: play 6|6 on A: opens a foot of
    6s and keeps two 6s for its toes"); "" when the move made was the best found."""
    if decision.better is None:
        return ""
    reason = hint_reason(decision.better, names)
    return _("better: {move}: {reason}").format(
        move=move_words(decision.best, decision.drawn), reason=reason
    )


def decision_line(decision: Decision, names: Sequence[str]) -> str:
    """One decision on one line: "round 2 · action 86: you played 2|6 on B (bad: 9.3 ± 1.0
    points lost); better: keep it: keeps the drawn tile for later"."""
    verdict = mark_words(decision.mark)
    if decision.better is not None:
        verdict = _("{mark}: {loss}").format(mark=verdict, loss=loss_text(decision))
    line = _made_sentence(decision.made, decision.drawn, seat_is_you(names, decision.seat))
    line = line.format(
        place=place_text(decision),
        name=seat_name(names, decision.seat),
        tile=decision.made.tile if isinstance(decision.made, Play) else "",
        line=decision.made.target if isinstance(decision.made, Play) else "",
        verdict=verdict,
    )
    better = better_text(decision, names)
    return pgettext("clauses", "; ").join((line, better)) if better else line


def _made_sentence(action: Action, drawn: object, you: bool) -> str:
    """A decision's line with ``{place}``, ``{name}``, ``{tile}``, ``{line}`` and
    ``{verdict}`` still to fill: the second person's own for the seat spoken to."""
    # Translators: where a decision was taken ("round 2 · action 86"), who did what, and its
    # mark ("bad: 9.3 ± 1.0 points lost").
    if isinstance(action, Play):
        if you:
            return _("{place}: you played {tile} on {line} ({verdict})")
        return _("{place}: {name} played {tile} on {line} ({verdict})")
    if isinstance(action, Draw):
        return _("{place}: you drew ({verdict})") if you else _("{place}: {name} drew ({verdict})")
    if drawn is not None:
        if you:
            return _("{place}: you kept the drawn tile ({verdict})")
        return _("{place}: {name} kept the drawn tile ({verdict})")
    return _("{place}: you passed ({verdict})") if you else _("{place}: {name} passed ({verdict})")


def decision_lines(decision: Decision | None, names: Sequence[str]) -> list[str]:
    """The verdict on the move at hand, a few lines: the move made and its mark, the best
    move found and why; for a forced move (``decision`` None), a line saying so."""
    if decision is None:
        return [_("A forced move: there was nothing to choose, so nothing to judge.")]
    place = place_text(decision)
    lines = [
        ngettext(
            "{place} · {name} to play · {count} choice",
            "{place} · {name} to play · {count} choices",
            decision.options,
        ).format(
            place=place[:1].upper() + place[1:],
            name=seat_name(names, decision.seat),
            count=decision.options,
        ),
        _("Played: {move}").format(move=played_words(decision.made, decision.drawn)),
    ]
    if decision.better is None:
        lines.append(_("Verdict: fine, the best move found"))
        return lines
    if decision.mark == "fine":
        said = _(
            "Verdict: {mark}, {loss} against the best move found (too little to matter, or to "
            "tell apart)"
        )
    else:
        said = _("Verdict: {mark}, {loss} against the best move found")
    lines.append(said.format(mark=mark_words(decision.mark), loss=loss_text(decision)))
    best = move_words(decision.best, decision.drawn)
    lines.append(
        _("Best: {move}: {reason}").format(move=best, reason=hint_reason(decision.better, names))
    )
    return lines


def played_words(action: Action, drawn: object) -> str:
    """The move made, after "Played: ": "5|6 on B", "draw", "keep it", "pass"."""
    if isinstance(action, Play):
        # Translators: a tile played on a line, after "Played: " ("5|6 on B").
        return _("{tile} on {line}").format(tile=action.tile, line=action.target)
    return move_words(action, drawn)


# ----- a seat -------------------------------------------------------------------------------


def marks_text(summary: SeatSummary) -> str:
    """How many moves were marked: "2 bad moves, 1 very bad", "no move marked"."""
    counts = summary.marks
    marked = [mark for mark in MARKS[1:] if counts[mark]]
    if not marked:
        return _("no move marked")
    first, *rest = marked
    words = [marked_moves(first, counts[first])]
    words += [
        _("{count} {mark}").format(count=counts[mark], mark=mark_words(mark)) for mark in rest
    ]
    return comma_list(words)


def marked_moves(mark: Mark, count: int) -> str:
    """``count`` moves of ``mark``: "2 bad moves", "1 very bad move"."""
    match mark:
        case "doubtful":
            said = ngettext("{count} doubtful move", "{count} doubtful moves", count)
        case "bad":
            said = ngettext("{count} bad move", "{count} bad moves", count)
        case "very_bad":
            said = ngettext("{count} very bad move", "{count} very bad moves", count)
        case _:
            said = ngettext("{count} fine move", "{count} fine moves", count)
    return said.format(count=count)


def play_line(summary: SeatSummary, names: Sequence[str]) -> str:
    """A seat's play in one line, as the game's result shows it: "your play: 2 bad moves, 1
    very bad; skill -14.2, luck +9.0"."""
    name = seat_name(names, summary.seat)
    if seat_is_you(names, summary.seat):
        said = _("your play: {marks}; skill {skill}, luck {luck}")
    elif name.endswith("s"):
        # Translators: the play of a player whose name ends in "s" (English: "James' play").
        said = pgettext("a name ending in s", "{name}' play: {marks}; skill {skill}, luck {luck}")
    else:
        said = _("{name}'s play: {marks}; skill {skill}, luck {luck}")
    return said.format(
        name=name,
        marks=marks_text(summary),
        skill=signed(summary.skill),
        luck=signed(summary.total_luck),
    )


def analysing_text(names: Sequence[str], seats: Sequence[int], done: float) -> str:
    """What the game's result says while the play is analysed: "Analysing your play… 35 %",
    "Analysing the play of Ana and Bea… 35 %"."""
    percent = f"{done:.0%}"
    if len(seats) != 1:
        people = listed(seat_name(names, seat) for seat in seats)
        return _("Analysing the play of {names}… {percent}").format(names=people, percent=percent)
    name = seat_name(names, seats[0])
    if seat_is_you(names, seats[0]):
        return _("Analysing your play… {percent}").format(percent=percent)
    if name.endswith("s"):
        said = pgettext("a name ending in s", "Analysing {name}' play… {percent}")
    else:
        said = _("Analysing {name}'s play… {percent}")
    return said.format(name=name, percent=percent)


def luck_line(luck: RoundLuck) -> str:
    """One round's luck: "round 3: deal -6.4, 2 draws +1.5; result -36.3"."""
    filled = {
        "number": luck.round_index + 1,
        "deal": signed(luck.deal),
        "count": luck.drawn,
        "draws": signed(luck.draws),
        "result": signed(luck.result) if luck.result is not None else "",
    }
    if luck.result is None:
        said = ngettext(
            "round {number}: deal {deal}, {count} draw {draws}; unfinished",
            "round {number}: deal {deal}, {count} draws {draws}; unfinished",
            luck.drawn,
        )
    else:
        said = ngettext(
            "round {number}: deal {deal}, {count} draw {draws}; result {result}",
            "round {number}: deal {deal}, {count} draws {draws}; result {result}",
            luck.drawn,
        )
    return said.format(**filled)


def seat_lines(summary: SeatSummary, names: Sequence[str], worst: int = WORST) -> list[str]:
    """A seat's whole analysis: its marks, its error per decision, its result split into
    skill, luck and the rest, its costliest moves, and its luck round by round."""
    name = seat_name(names, summary.seat)
    counts = summary.marks
    marks = comma_list(
        _("{count} {mark}").format(count=counts[mark], mark=mark_words(mark)) for mark in MARKS
    )
    decisions = len(summary.decisions)
    lines = [
        ngettext(
            "{name}: {count} decision with a choice ({marks})",
            "{name}: {count} decisions with a choice ({marks})",
            decisions,
        ).format(name=name, count=decisions, marks=marks),
        "  "
        + _("error: {error} points per decision, {lost} in all").format(
            error=f"{summary.error_per_decision:.2f}", lost=f"{summary.lost:.1f}"
        ),
    ]
    if any(luck.result is not None for luck in summary.luck):
        lines.append(
            "  "
            + _(
                "result: {result} points against the table = skill {skill} + luck {luck} + "
                "the others' play and tiles {rest}"
            ).format(
                result=signed(summary.result),
                skill=signed(summary.finished_skill),
                luck=signed(summary.finished_luck),
                rest=signed(summary.rest),
            )
        )
    costliest = summary.worst(worst)
    if costliest:
        lines.append("  " + _("costliest moves:"))
        lines += [f"    {decision_line(decision, names)}" for decision in costliest]
    if summary.luck:
        lines.append("  " + _("luck: {luck} points").format(luck=signed(summary.total_luck)))
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
    # Translators: {percent} is "95 %" (a confidence interval), written as it is.
    return ngettext(
        "Each decision played out in up to {count} imagined round (seed {seed}), from what "
        "its seat could know then; points are round margins (your points less the others' "
        "mean), ± a {percent} interval.",
        "Each decision played out in up to {count} imagined rounds (seed {seed}), from what "
        "its seat could know then; points are round margins (your points less the others' "
        "mean), ± a {percent} interval.",
        analysis.budget,
    ).format(count=analysis.budget, seed=analysis.seed, percent="95\u00a0%")
