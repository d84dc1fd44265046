"""Plain-language descriptions of the game for screens and logs (pure: imports no Textual).

:func:`describe_event` turns one engine event into one log line ("Ana started arm C with
9|3"); :func:`board_requirement` says what the board demands right now ("chicken foot on
A: 2 toes to go"); the other helpers name places on the board and tie-breaks. Names are
returned inside plain strings: the caller must show them literally, never as markup.
"""

from __future__ import annotations

from collections.abc import Sequence

from chickenfoot.rules import (
    ArmStarted,
    Board,
    Event,
    FootCompleted,
    FootOpened,
    GameOver,
    Passed,
    RoundBlocked,
    RoundScored,
    RoundStarted,
    TileDrawn,
    TilePlayed,
    WentOut,
)
from chickenfoot.rules.board import TOES_PER_FOOT
from chickenfoot.saves.storage import SaveSummary
from chickenfoot.text.words import double_text, place_name, plural, seat_name

TIE_BREAK_TEXT: dict[str, str] = {
    "none": "the lowest total",
    "zero_rounds": "tie broken by the most rounds scored at zero",
    "lowest_round": "tie broken by the lowest single non-zero round",
    "shared": "a tie: the win is shared",
}
"""How each ``GameOver.decided_by`` value is put into words."""


def describe_event(event: Event, names: Sequence[str], viewer: int | None) -> str | None:
    """One log line for ``event``, or None for events not worth a line of their own.

    ``viewer`` is the seat whose eyes the log is for; None means a replay, where everything
    is shown. A drawn tile is named only when the event still carries it and the viewer is
    the seat that drew it (or the log is a replay): pass events through
    ``visible_to(events, seat)`` first to hide other seats' tiles.
    """
    match event:
        case RoundStarted():
            line = (
                f"Round {event.round} begins: {seat_name(names, event.placed_by)} places "
                f"{double_text(event.double)}; {seat_name(names, event.first_player)} plays first"
            )
            if event.search_draws:
                line += f" ({plural(event.search_draws, 'tile')} drawn to find it)"
            return line
        case TileDrawn():
            who = seat_name(names, event.seat)
            shows_tile = event.tile is not None and (viewer is None or viewer == event.seat)
            what = str(event.tile) if shows_tile else "a tile"
            return f"{who} drew {what}" + (" looking for the double" if event.searching else "")
        case TilePlayed():
            return (
                f"{seat_name(names, event.seat)} played {event.tile} on "
                f"{place_name(event.target)} (now shows {event.end})"
            )
        case ArmStarted():
            if event.arms == event.arms_required:
                return f"All {event.arms_required} arms are started: every open end is playable"
            return None
        case FootOpened():
            return (
                f"Chicken foot! {seat_name(names, event.seat)} closed {place_name(event.target)} "
                f"with {double_text(event.value)}: {TOES_PER_FOOT} toes of {event.value} come next"
            )
        case FootCompleted():
            return f"The chicken foot on {place_name(event.target)} is complete"
        case Passed():
            who = seat_name(names, event.seat)
            if event.reason == "drew_unplayable":
                return f"{who} cannot play the drawn tile and passes"
            if event.reason == "kept_drawn":
                return f"{who} keeps the drawn tile and passes"
            return f"{who} cannot play and has nothing to draw: passes"
        case WentOut():
            line = f"{seat_name(names, event.seat)} went out!"
            return line + " (with a chicken foot still open)" if event.foot_open else line
        case RoundBlocked():
            return f"Round {event.round} is blocked: nobody can play or draw"
        case RoundScored():
            scores = ", ".join(
                f"{seat_name(names, seat)} {points}" for seat, points in enumerate(event.points)
            )
            return f"Round {event.round} scores: {scores}"
        case GameOver():
            return f"Game over: {winners_text(event, names)}"
    return None


def winners_text(event: GameOver, names: Sequence[str]) -> str:
    """Who won, in words: "Ana wins" or "Ana and Bea share the win"."""
    winners = [seat_name(names, seat) for seat in event.winners]
    if len(winners) == 1:
        return f"{winners[0]} wins"
    return f"{', '.join(winners[:-1])} and {winners[-1]} share the win"


def board_requirement(board: Board) -> str:
    """What the board demands of the next tile, in words.

    "start arm C on 9|9 (2 of 4 arms)", "chicken foot on arm A (5|5): 2 toes to go",
    or "play on any open end (5 open)".
    """
    if board.arms_phase:
        return (
            f"start arm {board.open_ends[0].target} on {double_text(board.centre)} "
            f"({board.arms_started} of {board.arms_required} arms)"
        )
    if board.foot is not None:
        value = board.foot_value
        left = TOES_PER_FOOT - board.toes
        return (
            f"chicken foot on {place_name(board.foot)} ({double_text(value or 0)}): "
            f"{plural(left, 'toe')} to go"
        )
    return f"play on any open end ({len(board.open_ends)} open)"


def tie_break_text(decided_by: str) -> str:
    """What decided the win, in words (see :data:`TIE_BREAK_TEXT`)."""
    return TIE_BREAK_TEXT.get(decided_by, decided_by)


def save_status(summary: SaveSummary) -> str:
    """Where a saved game stands, in words: "round 3 of 10", "finished (10 rounds)" or
    "unreadable"."""
    if summary.error is not None:
        return "unreadable"
    if summary.finished:
        return f"finished ({plural(summary.round_count, 'round')})"
    return f"round {summary.round_number} of {summary.round_count}"


def foot_news(event: FootOpened, names: Sequence[str]) -> str:
    """The news of a chicken foot, for a notice: who closed which line and what must follow."""
    return (
        f"{seat_name(names, event.seat)} closed {place_name(event.target)} with "
        f"{double_text(event.value)}: three {event.value}s must follow."
    )
