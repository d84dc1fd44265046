"""The one interface every computer player implements."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeVar, runtime_checkable

from chickenfoot.rules import Action, SeatView

Option = TypeVar("Option")


@runtime_checkable
class Strategy(Protocol):
    """A computer player: picks one of the legal actions, knowing only its seat's view.

    ``legal`` is ``legal_actions(state)`` for the seat on turn (never empty) and ``view`` is
    ``state.view(seat)`` for that seat. The returned action must be a member of ``legal``.
    """

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
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
