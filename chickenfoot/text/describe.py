"""The game in plain words, one vocabulary for the log, the replay and the transcript.

:func:`describe_turn` puts one action (or a round's deal) into lines: first the move itself,
one line ("Ana plays 9|3 on arm C (3 of 4 arms)", "You draw 5|6 and pass"), then what it
closed or opened (a round's scores, the next round's deal, the game's result). The person
named "You" is spoken to in the second person ("You play", "you win"). The other helpers say
what the board needs right now, who won and what decided it, and a saved game's status.

Names are returned inside plain strings: the caller shows them literally, never as markup.
A drawn tile is named only when the event still carries it and ``viewer`` is the seat that
drew it, or ``viewer`` is None (everything may be shown); pass events through
:func:`~chickenfoot.rules.visible_to` first to hide other seats' tiles.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from chickenfoot.record.summary import GameSummary
from chickenfoot.rules import (
    Action,
    ArmStarted,
    Board,
    Draw,
    Event,
    FootCompleted,
    FootOpened,
    GameOver,
    Passed,
    Play,
    RoundBlocked,
    RoundScored,
    RoundStarted,
    Tile,
    TileDrawn,
    WentOut,
)
from chickenfoot.rules.board import TOES_PER_FOOT
from chickenfoot.text.words import (
    double_text,
    in_sentence,
    place_name,
    plural,
    seat_name,
    verb,
)

TIE_BREAK_TEXT: dict[str, str] = {
    "none": "the lowest total",
    "zero_rounds": "a tie on totals, broken by the most rounds scored at zero",
    "lowest_round": "a tie on totals, broken by the lowest single non-zero round score",
    "shared": "a tie on totals: the win is shared",
}
"""What decided the win, by ``GameOver.decided_by``."""


class Before(Protocol):
    """The table before a move, as far as its words need it: a game state, a seat's view, or
    the board a client was sent with the tile its seat had drawn."""

    @property
    def board(self) -> Board:
        """The board before the move (public)."""

    @property
    def drawn(self) -> Tile | None:
        """The tile the seat on turn had drawn, if the reader may know it."""


def describe_turn(
    action: Action | None,
    events: Sequence[Event],
    before: Before | None,
    names: Sequence[str],
    viewer: int | None,
) -> list[str]:
    """The lines of one step of the game: ``action`` taken in the state ``before`` it (both
    None for the first deal) and the ``events`` it caused. ``before`` is read only for what
    is public (the board) and for the tile a seat kept, shown only to that seat."""
    end = next(
        (i for i, event in enumerate(events) if isinstance(event, RoundScored | RoundBlocked)),
        len(events),
    )
    lines = []
    if action is not None and before is not None:
        lines.append(_move_line(action, events[:end], before, names, viewer))
        events = events[end:]
    return lines + _round_lines(events, names, viewer)


def _move_line(
    action: Action,
    events: Sequence[Event],
    before: Before,
    names: Sequence[str],
    viewer: int | None,
) -> str:
    """One line for one move: what the seat did, and what it set off on the board."""
    who = seat_name(names, action.seat)
    sees = viewer is None or viewer == action.seat
    if isinstance(action, Play):
        line = f"{who} {verb(who, 'plays')} {action.tile} on {_place(before.board, action.target)}"
    elif isinstance(action, Draw):
        drawn = next((event for event in events if isinstance(event, TileDrawn)), None)
        tile = drawn.tile if drawn is not None and drawn.tile is not None and sees else None
        line = f"{who} {verb(who, 'draws')} {tile if tile is not None else 'a tile'}"
    else:
        line = f"{who} {verb(who, 'passes')}"
    for event in events:
        if isinstance(event, ArmStarted) and event.arms == event.arms_required:
            line += f": all {event.arms_required} arms are down"
        elif isinstance(event, FootOpened):
            line += f": chicken foot! Three {event.value}s must follow"
        elif isinstance(event, FootCompleted):
            line += f": the chicken foot on {double_text(event.value)} is complete"
        elif isinstance(event, Passed) and event.reason == "drew_unplayable":
            line += f" and {verb(who, 'passes')}"
        elif isinstance(event, Passed) and event.reason == "kept_drawn":
            kept = before.drawn if sees and before.drawn is not None else "the drawn tile"
            line = f"{who} {verb(who, 'keeps')} {kept} and {verb(who, 'passes')}"
        elif isinstance(event, Passed):
            line += ": no tile fits and nothing is left to draw"
        elif isinstance(event, WentOut):
            line += f" and {verb(who, 'goes')} out"
            if event.foot_open:
                line += " (with a chicken foot still open)"
    return line


def _place(board: Board, target: str) -> str:
    """Where a tile goes, in words, with the phase it is part of: "arm C (3 of 4 arms)",
    "toe A.2 (2 of 3 toes)", or just the line: "arm B", "toe A.2"."""
    if board.arms_phase:
        return f"{place_name(target)} ({board.arms_started + 1} of {board.arms_required} arms)"
    if board.foot is not None:
        return f"{place_name(target)} ({board.toes + 1} of {TOES_PER_FOOT} toes)"
    return place_name(target)


def _round_lines(events: Sequence[Event], names: Sequence[str], viewer: int | None) -> list[str]:
    """The lines of a round's end, the next round's deal and the game's end."""
    lines: list[str] = []
    for index, event in enumerate(events):
        if isinstance(event, RoundBlocked):
            lines.append(f"Round {event.round} is blocked: nobody can play or draw")
        elif isinstance(event, RoundScored):
            scores = ", ".join(
                f"{seat_name(names, seat)} {points}" for seat, points in enumerate(event.points)
            )
            lines.append(f"Round {event.round} scores: {scores}")
        elif isinstance(event, RoundStarted):
            lines.append(deal_line(event, names))
            search = search_line(event, events[index + 1 :], names, viewer)
            if search:
                lines.append(search)
        elif isinstance(event, GameOver):
            lines.append(f"Game over: {winners_text(event, names)}")
    return lines


def search_line(
    deal: RoundStarted, events: Sequence[Event], names: Sequence[str], viewer: int | None
) -> str:
    """The hunt for the double of ``deal`` (the draws in the events after it) in one line, or
    "": how many tiles each seat drew and who drew the double ("Nobody held 9|9: 6 draws
    each; Cleo drew it"), then the tiles the ``viewer`` may see: their own, or (with no
    viewer: a replay, a transcript) every seat's."""
    drawn: dict[int, list[str]] = {}
    for event in events:
        if not (isinstance(event, TileDrawn) and event.searching):
            break
        sees = event.tile is not None and (viewer is None or viewer == event.seat)
        drawn.setdefault(event.seat, []).append(str(event.tile) if sees else "")
    if not drawn:
        return ""
    counts = sorted({len(tiles) for tiles in drawn.values()})
    total = sum(len(tiles) for tiles in drawn.values())
    if len(counts) == 1 and len(drawn) == len(names):
        how_many = f"{plural(counts[0], 'draw')} each"
    else:
        spread = " or ".join(str(count) for count in counts)
        how_many = f"{plural(total, 'draw')} ({spread} each)"
    finder = seat_name(names, deal.placed_by)
    line = f"Nobody held {double_text(deal.double)}: {how_many}; {in_sentence(finder)} drew it"
    seen = [
        (seat, [tile for tile in tiles if tile])
        for seat, tiles in sorted(drawn.items())
        if any(tiles)
    ]
    for seat, tiles in seen:
        who = seat_name(names, seat)
        line += f"; {in_sentence(who)} drew {' '.join(tiles)}"
    return line


def deal_line(event: RoundStarted, names: Sequence[str]) -> str:
    """A round's deal: its double, who placed it and who plays first."""
    double = double_text(event.double)
    placer = seat_name(names, event.placed_by)
    first = seat_name(names, event.first_player)
    line = f"Round {event.round} ({double}): {placer} {verb(placer, 'places')} {double}; "
    line += f"{in_sentence(first)} {verb(first, 'plays')} first"
    if event.search_draws and event.placed_by == event.first_player:
        line += f" ({plural(event.search_draws, 'tile')} turned to find it)"
    return line


def winners_text(event: GameOver, names: Sequence[str]) -> str:
    """Who won, in words: "Ana wins", "You win" or "Ana and Bea share the win"."""
    winners = [seat_name(names, seat) for seat in event.winners]
    if len(winners) == 1:
        return f"{winners[0]} {verb(winners[0], 'wins')}"
    rest = [in_sentence(name) for name in winners[1:]]
    return f"{', '.join([winners[0], *rest[:-1]])} and {rest[-1]} share the win"


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


def save_status(summary: GameSummary) -> str:
    """Where a saved game stands, in words: "round 3 of 10" or "finished (10 rounds)"."""
    if summary.finished:
        return f"finished ({plural(summary.round_count, 'round')})"
    return f"round {summary.round_number} of {summary.round_count}"


def foot_news(event: FootOpened, names: Sequence[str]) -> str:
    """The news of a chicken foot, for a notice: who closed which line and what must follow."""
    return (
        f"{seat_name(names, event.seat)} closed {place_name(event.target)} with "
        f"{double_text(event.value)}: three {event.value}s must follow."
    )
