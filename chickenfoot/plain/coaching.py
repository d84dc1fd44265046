"""The coach in the plain mode: an analysis worked out while its progress is said in lines.

The same analysis as the replay viewer's and the game's result (:mod:`chickenfoot.bots.coach`,
worded by :mod:`chickenfoot.text.coach`), asked for by a command: the replay's ``a`` (the move
just read) and ``a game``, the game's ``c`` once it is over. The work is done while the line
waits, its progress said each quarter; Ctrl+C stops it, and the coach keeps what it worked
out for the next time it is asked.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from chickenfoot.bots.coach import Coach, GameAnalysis
from chickenfoot.plain.console import Console
from chickenfoot.text.coach import decision_lines

QUARTERS = 4
"""How many times the progress of a whole game's analysis is said (each quarter)."""


def analysed(
    console: Console,
    coach: Coach,
    seats: Collection[int],
    hidden: Collection[int],
    what: str,
) -> GameAnalysis | None:
    """The analysis of ``seats`` outside the rounds ``hidden``, its progress said each
    quarter; None (said so) when Ctrl+C stops it. ``what`` names the work ("your play")."""
    console.say(f"Analysing {what}: every decision is played out in imagined deals (Ctrl+C stops).")
    said = 0

    def progress(done: int, total: int) -> None:
        nonlocal said
        quarter = done * QUARTERS // total
        if said < quarter < QUARTERS:
            said = quarter
            console.say(f"{quarter * 100 // QUARTERS} % analysed.")

    try:
        return coach.analyse(seats, hidden, progress)
    except KeyboardInterrupt:
        console.say("Stopped: what was worked out is kept for the next time.")
        return None


def judged(console: Console, coach: Coach, index: int, names: Sequence[str]) -> list[str] | None:
    """The verdict on the action after the first ``index`` in lines (see
    :func:`~chickenfoot.text.coach.decision_lines`), or None (said so) when Ctrl+C stops it."""
    try:
        return decision_lines(coach.judge(index), names)
    except KeyboardInterrupt:
        console.say("Stopped.")
        return None
