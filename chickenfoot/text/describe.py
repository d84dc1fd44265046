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

from chickenfoot.lang import N_, _, ngettext, pgettext
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
    alternatives,
    comma_list,
    double_text,
    in_sentence,
    listed,
    place_name,
    seat_is_you,
    seat_name,
)

TIE_BREAK_TEXT: dict[str, str] = {
    "none": N_("the lowest total"),
    "zero_rounds": N_("a tie on totals, broken by the most rounds scored at zero"),
    "lowest_round": N_("a tie on totals, broken by the lowest single non-zero round score"),
    "shared": N_("a tie on totals: the win is shared"),
}
"""What decided the win, by ``GameOver.decided_by`` (marked: :func:`tie_break_text`
translates it)."""

CLAUSES = "; "
"""Between the clauses of one line (translated with the context "clauses")."""


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
    you = seat_is_you(names, action.seat)
    sees = viewer is None or viewer == action.seat
    drawn_tile: Tile | None = None
    if isinstance(action, Draw):
        drawn = next((event for event in events if isinstance(event, TileDrawn)), None)
        drawn_tile = drawn.tile if drawn is not None and drawn.tile is not None and sees else None
    filled = {
        "name": who,
        "tile": str(action.tile if isinstance(action, Play) else drawn_tile),
        "place": _place(before.board, action.target) if isinstance(action, Play) else "",
    }
    line = _action_words(action, you, drawn_tile, passes=False).format(**filled)
    for event in events:
        if isinstance(event, ArmStarted) and event.arms == event.arms_required:
            line = ngettext(
                # Translators: {move} is a move said in full ("Ana plays 9|3 on arm D").
                "{move}: the {count} arm is down",
                "{move}: all {count} arms are down",
                event.arms_required,
            ).format(move=line, count=event.arms_required)
        elif isinstance(event, FootOpened):
            # Translators: {move} is a move said in full; {value}s: tiles carrying {value}.
            line = _("{move}: chicken foot! Three {value}s must follow").format(
                move=line, value=event.value
            )
        elif isinstance(event, FootCompleted):
            line = _("{move}: the chicken foot on {double} is complete").format(
                move=line, double=double_text(event.value)
            )
        elif isinstance(event, Passed) and event.reason == "drew_unplayable":
            line = _action_words(action, you, drawn_tile, passes=True).format(**filled)
        elif isinstance(event, Passed) and event.reason == "kept_drawn":
            kept = before.drawn if sees else None
            line = _kept_words(you, kept).format(name=who, tile=kept)
        elif isinstance(event, Passed):
            line = _("{move}: no tile fits and nothing is left to draw").format(move=line)
        elif isinstance(event, WentOut):
            line = _out_words(you, foot_open=event.foot_open).format(move=line)
    return line


def _action_words(action: Action, you: bool, tile: Tile | None, *, passes: bool) -> str:
    """The sentence of ``action`` with ``{name}``, ``{tile}`` and ``{place}`` still to fill:
    the second person's own for the seat spoken to (``you``); a draw ``passes`` when the drawn
    tile (None: unknown to the reader) fits nowhere."""
    if isinstance(action, Play):
        return _("You play {tile} on {place}") if you else _("{name} plays {tile} on {place}")
    if isinstance(action, Draw):
        if tile is None:
            if passes:
                return _("You draw a tile and pass") if you else _("{name} draws a tile and passes")
            return _("You draw a tile") if you else _("{name} draws a tile")
        if passes:
            return _("You draw {tile} and pass") if you else _("{name} draws {tile} and passes")
        return _("You draw {tile}") if you else _("{name} draws {tile}")
    return _("You pass") if you else _("{name} passes")


def _kept_words(you: bool, tile: Tile | None) -> str:
    """A seat kept the tile it drew and passed (``tile``: None when the reader may not know
    it), with ``{name}`` and ``{tile}`` still to fill."""
    if tile is None:
        if you:
            return _("You keep the drawn tile and pass")
        return _("{name} keeps the drawn tile and passes")
    return _("You keep {tile} and pass") if you else _("{name} keeps {tile} and passes")


def _out_words(you: bool, *, foot_open: bool) -> str:
    """A move that emptied the hand, with ``{move}`` (the move in full) still to fill."""
    # Translators: {move} is a move said in full ("You play 3|5 on arm A"); the seat went out.
    if foot_open:
        if you:
            return _("{move} and go out (with a chicken foot still open)")
        return _("{move} and goes out (with a chicken foot still open)")
    return _("{move} and go out") if you else _("{move} and goes out")


def _place(board: Board, target: str) -> str:
    """Where a tile goes, in words, with the phase it is part of: "arm C (3 of 4 arms)",
    "toe A.2 (2 of 3 toes)", or just the line: "arm B", "toe A.2"."""
    place = place_name(target)
    if board.arms_phase:
        count = board.arms_required
        return ngettext(
            "{place} ({number} of {count} arm)", "{place} ({number} of {count} arms)", count
        ).format(place=place, number=board.arms_started + 1, count=count)
    if board.foot is not None:
        return ngettext(
            "{place} ({number} of {count} toe)", "{place} ({number} of {count} toes)", TOES_PER_FOOT
        ).format(place=place, number=board.toes + 1, count=TOES_PER_FOOT)
    return place


def _round_lines(events: Sequence[Event], names: Sequence[str], viewer: int | None) -> list[str]:
    """The lines of a round's end, the next round's deal and the game's end."""
    lines: list[str] = []
    for index, event in enumerate(events):
        if isinstance(event, RoundBlocked):
            lines.append(blocked_text(event.round))
        elif isinstance(event, RoundScored):
            scores = comma_list(
                f"{seat_name(names, seat)} {points}" for seat, points in enumerate(event.points)
            )
            lines.append(
                _("Round {number} scores: {scores}").format(number=event.round, scores=scores)
            )
        elif isinstance(event, RoundStarted):
            lines.append(deal_line(event, names))
            search = search_line(event, events[index + 1 :], names, viewer)
            if search:
                lines.append(search)
        elif isinstance(event, GameOver):
            # Translators: {winners} says who won ("Ana wins", "You win").
            lines.append(_("Game over: {winners}").format(winners=winners_text(event, names)))
    return lines


def blocked_text(number: int) -> str:
    """A round nobody can go on with: "Round 3 is blocked: nobody can play or draw"."""
    return _("Round {number} is blocked: nobody can play or draw").format(number=number)


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
        how_many = ngettext("{count} draw each", "{count} draws each", counts[0])
        how_many = how_many.format(count=counts[0])
    else:
        spread = alternatives(str(count) for count in counts)
        how_many = ngettext(
            "{count} draw ({spread} each)", "{count} draws ({spread} each)", total
        ).format(count=total, spread=spread)
    # Translators: the start of a line on the search for the round's double ("Nobody held
    # 9|9: 6 draws each"); who drew it and what follows after a semicolon.
    clauses = [
        _("Nobody held {double}: {draws}").format(double=double_text(deal.double), draws=how_many)
    ]
    if seat_is_you(names, deal.placed_by):
        clauses.append(_("you drew it"))
    else:
        clauses.append(_("{name} drew it").format(name=seat_name(names, deal.placed_by)))
    for seat, tiles in sorted(drawn.items()):
        seen = " ".join(tile for tile in tiles if tile)
        if not seen:
            continue
        if seat_is_you(names, seat):
            clauses.append(_("you drew {tiles}").format(tiles=seen))
        else:
            clauses.append(_("{name} drew {tiles}").format(name=seat_name(names, seat), tiles=seen))
    return pgettext("clauses", CLAUSES).join(clauses)


def deal_line(event: RoundStarted, names: Sequence[str]) -> str:
    """A round's deal: its double, who placed it and who plays first."""
    places_you = seat_is_you(names, event.placed_by)
    first_you = seat_is_you(names, event.first_player)
    if places_you and first_you:
        said = _("Round {number} ({double}): You place {double}; you play first")
    elif places_you:
        said = _("Round {number} ({double}): You place {double}; {first} plays first")
    elif first_you:
        said = _("Round {number} ({double}): {placer} places {double}; you play first")
    else:
        said = _("Round {number} ({double}): {placer} places {double}; {first} plays first")
    line = said.format(
        number=event.round,
        double=double_text(event.double),
        placer=seat_name(names, event.placed_by),
        first=seat_name(names, event.first_player),
    )
    if event.search_draws and event.placed_by == event.first_player:
        line = ngettext(
            # Translators: {line} is the round's deal in full ("Round 1 (9|9): Ana places 9|9;
            # Ana plays first"); the tiles were turned from the deck until the double came.
            "{line} ({count} tile turned to find it)",
            "{line} ({count} tiles turned to find it)",
            event.search_draws,
        ).format(line=line, count=event.search_draws)
    return line


def winners_text(event: GameOver, names: Sequence[str]) -> str:
    """Who won, in words: "Ana wins", "You win" or "Ana and Bea share the win"."""
    if len(event.winners) == 1:
        (seat,) = event.winners
        if seat_is_you(names, seat):
            return _("You win")
        return _("{name} wins").format(name=seat_name(names, seat))
    first, *rest = (seat_name(names, seat) for seat in event.winners)
    winners = listed([first, *(in_sentence(name) for name in rest)])
    if any(seat_is_you(names, seat) for seat in event.winners):
        # Translators: the winners, the player spoken to among them ("Ana and you").
        return pgettext("you among them", "{names} share the win").format(names=winners)
    return _("{names} share the win").format(names=winners)


def board_requirement(board: Board) -> str:
    """What the board demands of the next tile, in words.

    "start arm C on 9|9 (2 of 4 arms)", "chicken foot on arm A (5|5): 2 toes to go",
    or "play on any open end (5 open)".
    """
    if board.arms_phase:
        count = board.arms_required
        return ngettext(
            "start arm {line} on {double} ({started} of {count} arm)",
            "start arm {line} on {double} ({started} of {count} arms)",
            count,
        ).format(
            line=board.open_ends[0].target,
            double=double_text(board.centre),
            started=board.arms_started,
            count=count,
        )
    if board.foot is not None:
        left = TOES_PER_FOOT - board.toes
        return ngettext(
            "chicken foot on {place} ({double}): {count} toe to go",
            "chicken foot on {place} ({double}): {count} toes to go",
            left,
        ).format(
            place=place_name(board.foot), double=double_text(board.foot_value or 0), count=left
        )
    count = len(board.open_ends)
    return ngettext(
        "play on any open end ({count} open)", "play on any open end ({count} open)", count
    ).format(count=count)


def tie_break_text(decided_by: str) -> str:
    """What decided the win, in words (see :data:`TIE_BREAK_TEXT`)."""
    text = TIE_BREAK_TEXT.get(decided_by)
    return _(text) if text is not None else decided_by


def save_status(summary: GameSummary) -> str:
    """Where a saved game stands, in words: "round 3 of 10" or "finished (10 rounds)"."""
    if summary.finished:
        count = summary.round_count
        return ngettext("finished ({count} round)", "finished ({count} rounds)", count).format(
            count=count
        )
    return _("round {number} of {count}").format(
        number=summary.round_number, count=summary.round_count
    )


def foot_news(event: FootOpened, names: Sequence[str]) -> str:
    """The news of a chicken foot, for a notice: who closed which line and what must follow."""
    if seat_is_you(names, event.seat):
        said = _("You closed {place} with {double}: three {value}s must follow.")
    else:
        said = _("{name} closed {place} with {double}: three {value}s must follow.")
    return said.format(
        name=seat_name(names, event.seat),
        place=place_name(event.target),
        double=double_text(event.value),
        value=event.value,
    )
