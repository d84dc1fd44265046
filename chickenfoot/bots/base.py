"""The one interface every computer player implements."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar, runtime_checkable

from chickenfoot.rules import Action, SeatView

Option = TypeVar("Option")

StopCheck = Callable[[], bool]
"""Asked between steps of a long decision: True means "answer now" (e.g. ``event.is_set``)."""


@runtime_checkable
class Strategy(Protocol):
    """A computer player: picks one of the legal actions, knowing only its seat's view.

    ``legal`` is ``legal_actions(state)`` for the seat on turn (never empty) and ``view`` is
    ``state.view(seat)`` for that seat; the view's history carries everything public about
    the round, so a player needs no memory of its own and may be asked about any position
    (a forced one too) in any order. The returned action must be a member of ``legal``.

    A player that thinks for a while (the expert) asks ``should_stop`` between steps and, once
    it says True, answers at once with its best choice so far; the others answer at once
    anyway. ``choose`` may run in a worker thread; one player must not be asked two things at
    the same time.
    """

    def choose(
        self, view: SeatView, legal: Sequence[Action], should_stop: StopCheck | None = None
    ) -> Action:
        """The action this player takes now: one of ``legal``."""
        ...


@runtime_checkable
class BlindStrategy(Strategy, Protocol):
    """A strategy whose choice never depends on the table, only on the options (e.g. random).

    ``choose_blind(options)`` must pick exactly as ``choose`` would from the same number of
    options in the same order. Headless games (:func:`~chickenfoot.bots.play_game`) call it
    with the fast lane's moves and skip building a view for every decision.
    """

    def choose_blind(self, options: Sequence[Option]) -> Option:
        """One of ``options``, chosen without looking at the game."""
        ...
