"""What happened since a person's last turn, in one paragraph: the digest said at their turn.

:func:`since_last_turn` puts together the log's lines since the seat's latest move (each
move in the log's own words: who played where, who drew, who passed, a round's end) and what
the table holds open now: the chicken foot still waiting for toes, and how many it needs
("Since your last turn: Bea plays 2|6 on arm B (2 of 4 arms). Cy draws a tile and passes.
Open: the chicken foot on arm A (5|5) needs 2 more toes."). The plain mode and a browser tab
say the same paragraph (:mod:`chickenfoot.play.announce` builds it from a seat client).
"""

from __future__ import annotations

from collections.abc import Sequence

from chickenfoot.bots import level_name
from chickenfoot.lang import N_, _, ngettext
from chickenfoot.rules import Board
from chickenfoot.rules.board import TOES_PER_FOOT
from chickenfoot.text.words import double_text, place_name

SINCE = N_("Since your last turn")
"""How the digest starts (and how the plain mode's help and the page's keys name it; marked
for the catalogue: translate it where it is shown)."""


def open_foot(board: Board) -> str | None:
    """The chicken foot waiting for toes, and how many it needs, in words (None: none is
    open): "the chicken foot on arm A (5|5) needs 2 more toes"."""
    if board.foot is None:
        return None
    left = TOES_PER_FOOT - board.toes
    return ngettext(
        "the chicken foot on {place} ({double}) needs {count} more toe",
        "the chicken foot on {place} ({double}) needs {count} more toes",
        left,
    ).format(place=place_name(board.foot), double=double_text(board.foot_value or 0), count=left)


def since_last_turn(lines: Sequence[str], board: Board) -> str:
    """The digest: the log's ``lines`` since the seat's latest move, one sentence each, then
    the chicken foot open on ``board``, if any."""
    happened = sentences(lines) if lines else _("nothing has happened.")
    # Translators: {since} is "Since your last turn"; {happened} the moves, one sentence each.
    text = _("{since}: {happened}").format(since=_(SINCE), happened=happened)
    foot = open_foot(board)
    if foot is not None:
        # Translators: {foot} is the chicken foot waiting for toes ("the chicken foot on arm A
        # (5|5) needs 2 more toes").
        text = _("{digest} Open: {foot}.").format(digest=text, foot=foot)
    return text


SPOKEN_SIGNS = {" · ": "; ", "…": "...", "·": ";"}
"""Separators of the full-screen app, and what a reader who listens is given instead."""


def spoken(text: str) -> str:
    """``text`` with the full-screen app's separators made plain punctuation."""
    for sign, plain in SPOKEN_SIGNS.items():
        text = text.replace(sign, plain)
    return text


def sentences(lines: Sequence[str]) -> str:
    """``lines`` (the log's, a status line's) as one paragraph: each a sentence of its own (the
    log's lines end without a full stop), indents dropped, separators made punctuation."""
    said = []
    for line in lines:
        line = spoken(line.strip())
        if line:
            said.append(line if line.endswith((".", "!", "?", ":")) else f"{line}.")
    return " ".join(said)


def by_computer(line: str, level: str) -> str:
    """A move's line, marked as made by the computer that played the seat while its person was
    away."""
    # Translators: {line} is a move said in full; {level} a computer level's name ("hard").
    return _("{line} (by the {level} computer, while you were away)").format(
        line=line, level=level_name(level)
    )


def covered_news(level: str, moves: int, this_round: int) -> str:
    """What a person coming back to their seat is told of the computer that played it."""
    played = ngettext(
        "While you were away, the {level} computer played {count} move for you",
        "While you were away, the {level} computer played {count} moves for you",
        moves,
    ).format(level=level_name(level), count=moves)
    if not this_round:
        return _("{news}.").format(news=played)
    return ngettext(
        "{news}; {count} move of this round, which the log marks.",
        "{news}; {count} moves of this round, which the log marks.",
        this_round,
    ).format(news=played, count=this_round)
