"""Hints: the expert's suggestion for the seat on turn, with a reason a screen can word.

:func:`hint` asks the expert (:class:`~chickenfoot.bots.ExpertBot`) what the view's seat
should do, then :func:`explain` says why in one structured :class:`Hint`: a reason code and
the number, count and seat it is about. Every reason is a fact of the position, checked on
the board the suggested play leaves (never a guess about hidden tiles), first match wins:

- ``only_move``: nothing else is legal (a forced play, draw or pass).
- ``goes_out``: the play empties the hand.
- ``finishes_foot``: the play is the third toe of the open foot; ``number``: the foot's.
- ``blocks_seat``: afterwards every open end shows a number ``seat`` is known to lack
  (:func:`~chickenfoot.rules.knowledge.known_lacks`), so it must draw or pass; ``number``:
  the highest of them.
- ``opens_foot``: the play is a double, opening a chicken foot of ``number``; ``count``: the
  tiles of that number the hand keeps for its toes.
- ``sheds_points``: the tile is the heaviest the seat can play (and not all weigh the same);
  ``count``: its points.
- ``keeps_numbers_playable``: afterwards ``count`` tiles left in the hand carry ``number``,
  which an open end shows (the number most of them carry).
- ``keeps_drawn_tile``: it keeps the playable tile it drew, as the rules allow.
- ``best_odds``: none of the above; it simply did best in the imagined deals.

Like the expert, a hint reads only the view, so it never reveals a hidden tile; pass
``playouts`` for a hint that is the same on any machine, ``should_stop`` to cut it short.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from chickenfoot.bots.base import StopCheck
from chickenfoot.bots.expert import ExpertBot
from chickenfoot.bots.registry import make_bot
from chickenfoot.rules import Action, Pass, Play, SeatView, Tile, core, knowledge, tile_points

HintReason = Literal[
    "only_move",
    "goes_out",
    "finishes_foot",
    "blocks_seat",
    "opens_foot",
    "sheds_points",
    "keeps_numbers_playable",
    "keeps_drawn_tile",
    "best_odds",
]
"""Why a hint suggests its action (see the table in this module's docstring)."""


@dataclass(frozen=True)
class Hint:
    """A suggested action and the reason for it, with what the reason is about."""

    action: Action
    reason: HintReason
    number: int | None = None
    """The number the reason is about (a foot's, a lacked one, one kept playable)."""
    count: int | None = None
    """How many: tiles kept, or points shed."""
    seat: int | None = None
    """The seat the reason is about (the one blocked)."""


def hint(
    view: SeatView,
    seed: int | None = 0,
    think_time: float | None = None,
    playouts: int | None = None,
    should_stop: StopCheck | None = None,
    lineup: Sequence[str | None] | None = None,
) -> Hint:
    """The expert's suggestion for ``view``'s seat, which must be on turn, and why.

    ``seed``, ``think_time``, ``playouts`` and ``lineup`` (who sits where) are the expert's
    (see :func:`~chickenfoot.bots.make_bot`). Raises ``ValueError`` if the seat is not on
    turn or the game is over.
    """
    if view.over:
        raise ValueError("the game is over: there is nothing to suggest")
    legal = tuple(map(core.to_action, core.legal_moves_in_view(view)))
    expert = make_bot(ExpertBot.level, seed, think_time, playouts, lineup)
    return explain(view, expert.choose(view, legal, should_stop), legal)


def explain(view: SeatView, action: Action, legal: Sequence[Action]) -> Hint:
    """The first reason (in the order of this module's table) that is true of ``action``."""
    if len(legal) == 1:
        return Hint(action, "only_move")
    if isinstance(action, Pass):
        return Hint(action, "keeps_drawn_tile" if view.drawn is not None else "best_odds")
    if not isinstance(action, Play):
        return Hint(action, "best_odds")
    board = view.board
    tile = action.tile
    rest = [held for held in view.hand if held != tile]
    if not rest:
        return Hint(action, "goes_out")
    if board.foot is not None and board.toes == 2:
        return Hint(action, "finishes_foot", number=board.foot_value)
    after = board.with_tile(action.seat, tile, action.target)
    showing = knowledge.numbers_mask(value for _target, value in after.open_ends)
    blocked = _blocked_seat(view, showing)
    if blocked is not None:
        lacked = showing & knowledge.known_lacks(view)[blocked]
        return Hint(action, "blocks_seat", number=max(knowledge.numbers_in(lacked)), seat=blocked)
    if tile.is_double:
        kept = sum(1 for held in rest if tile.low in held)
        return Hint(action, "opens_foot", number=tile.low, count=kept)
    blank = view.rules.double_blank_points
    plays = [option for option in legal if isinstance(option, Play)]
    points = tile_points(tile, blank)
    if points > min(tile_points(option.tile, blank) for option in plays) and points == max(
        tile_points(option.tile, blank) for option in plays
    ):
        return Hint(action, "sheds_points", count=points)
    kept_number, kept = _most_kept_playable(rest, showing)
    if kept:
        return Hint(action, "keeps_numbers_playable", number=kept_number, count=kept)
    return Hint(action, "best_odds")


def _blocked_seat(view: SeatView, showing: int) -> int | None:
    """The first seat after the view's (in playing order) known to lack every number in
    ``showing``, if any."""
    lacks = knowledge.known_lacks(view)
    players = len(view.hand_counts)
    for step in range(1, players):
        seat = (view.seat + step) % players
        if showing and showing & ~lacks[seat] == 0:
            return seat
    return None


def _most_kept_playable(rest: Sequence[Tile], showing: int) -> tuple[int | None, int]:
    """The number on an open end that most tiles of ``rest`` carry, and how many do."""
    best: tuple[int | None, int] = (None, 0)
    for number in knowledge.numbers_in(showing):
        count = sum(1 for tile in rest if number in tile)
        if count > best[1]:
            best = (number, count)
    return best
