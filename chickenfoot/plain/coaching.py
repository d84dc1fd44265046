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
from chickenfoot.lang import _
from chickenfoot.plain.console import Console
from chickenfoot.text.coach import decision_lines

QUARTERS = 4
"""How many times the progress of a whole game's analysis is said (each quarter)."""


def analysed(
    console: Console,
    coach: Coach,
    seats: Collection[int],
    hidden: Collection[int],
    players: str | None,
) -> GameAnalysis | None:
    """The analysis of ``seats`` outside the rounds ``hidden``, its progress said each
    quarter; None (said so) when Ctrl+C stops it. ``players`` names whose play it is ("Ana,
    Ben"; None: the people's of a game just over)."""
    if players is None:
        starting = _(
            "Analysing the play: every decision is played out in imagined deals (Ctrl+C stops)."
        )
    else:
        starting = _(
            "Analysing the play of {players}: every decision is played out in imagined deals "
            "(Ctrl+C stops)."
        ).format(players=players)
    console.say(starting)
    said = 0

    def progress(done: int, total: int) -> None:
        nonlocal said
        quarter = done * QUARTERS // total
        if said < quarter < QUARTERS:
            said = quarter
            console.say(_("{percent} % analysed.").format(percent=quarter * 100 // QUARTERS))

    try:
        return coach.analyse(seats, hidden, progress)
    except KeyboardInterrupt:
        console.say(_("Stopped: what was worked out is kept for the next time."))
        return None


def judged(console: Console, coach: Coach, index: int, names: Sequence[str]) -> list[str] | None:
    """The verdict on the action after the first ``index`` in lines (see
    :func:`~chickenfoot.text.coach.decision_lines`), or None (said so) when Ctrl+C stops it."""
    try:
        return decision_lines(coach.judge(index), names)
    except KeyboardInterrupt:
        console.say(_("Stopped."))
        return None
