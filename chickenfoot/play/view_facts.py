"""What follows from one view and prompt of a seat client, each worked out once.

A :class:`~chickenfoot.play.client.SeatClient` draws, answers keys and words refusals from
the same few facts: the hand in hand order, what the person on turn may do (from their view
alone: :func:`~chickenfoot.rules.legal_in_view`), which tile fits which end, every open end's
key, and the tiles laid since the viewer last moved. They depend only on the view and the
prompt the host sent last, so a :class:`ViewFacts` is made for each new pair and works each
one out when first asked; the client makes a new one when the host sends a new view. Imports
no Textual.
"""

from __future__ import annotations

from functools import cached_property
from typing import Literal

from chickenfoot.play.keys import end_keys
from chickenfoot.play.wire import Prompt, View, YourTurn
from chickenfoot.rules import Action, Draw, Pass, Play, SeatView, Tile, legal_in_view
from chickenfoot.text.words import sorted_hand

Kind = Literal["draw", "pass", "keep"]
"""A turn's action other than a play: draw, pass (nothing to play or draw), or keep the
playable tile just drawn."""


class ViewFacts:
    """The facts of one view and prompt (read them, never change them)."""

    def __init__(self, view: View | None, prompt: Prompt) -> None:
        self.view = view
        """What the host lets the client see (None before its first message)."""
        self.prompt = prompt
        """What the host waits for."""

    @property
    def seat_view(self) -> SeatView | None:
        """The view of the seat whose hand may be shown, or None (the public view only)."""
        view = self.view
        return view if isinstance(view, SeatView) else None

    @cached_property
    def on_turn(self) -> bool:
        """True when the host waits for the person whose view this is to act."""
        return isinstance(self.prompt, YourTurn) and self.seat_view is not None

    @cached_property
    def hand(self) -> tuple[Tile, ...]:
        """The hand shown, in hand order (see :func:`sorted_hand`); empty when hidden."""
        view = self.seat_view
        return sorted_hand(view.hand) if view is not None else ()

    @cached_property
    def legal(self) -> tuple[Action, ...]:
        """What the person on turn may do, from their view (empty off turn)."""
        view = self.seat_view
        return legal_in_view(view) if view is not None and self.on_turn else ()

    @cached_property
    def playable(self) -> dict[int, tuple[str, ...]]:
        """Hand index -> the ends that tile may be played on (for the person on turn)."""
        found: dict[int, tuple[str, ...]] = {}
        hand = self.hand
        for action in self.legal:
            if isinstance(action, Play):
                index = hand.index(action.tile)
                found[index] = found.get(index, ()) + (action.target,)
        return found

    @cached_property
    def labels(self) -> dict[str, str]:
        """The key of every open end (see :func:`~chickenfoot.play.keys.end_keys`)."""
        return end_keys(self.view.board) if self.view is not None else {}

    def can(self, kind: Kind) -> bool:
        """True if the person on turn may ``draw``, ``pass`` (nothing to play or draw) or
        ``keep`` (the playable tile just drawn)."""
        legal = self.legal
        if kind == "draw":
            return any(isinstance(action, Draw) for action in legal)
        view = self.seat_view
        drawn = view is not None and view.drawn is not None
        passes = any(isinstance(action, Pass) for action in legal)
        return passes and (drawn if kind == "keep" else not drawn)

    @cached_property
    def fresh_on_board(self) -> frozenset[int]:
        """The tiles laid since the viewer's last move this round (indexes in ``played``):
        the seat of a seat's view, or the seat on turn of the public view."""
        view = self.view
        if view is None:
            return frozenset()
        viewer = view.seat if isinstance(view, SeatView) else view.turn
        plays = 0
        seen = None
        for action in view.history:
            if isinstance(action, Play):
                plays += 1
            if action.seat == viewer:
                seen = plays
        played = len(view.board.played)
        return frozenset(range(seen, played)) if seen is not None else frozenset()
