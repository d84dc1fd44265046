"""The one interface every computer player implements."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from chickenfoot.rules import Action, SeatView


@runtime_checkable
class Strategy(Protocol):
    """A computer player: picks one of the legal actions, knowing only its seat's view.

    ``legal`` is ``legal_actions(state)`` for the seat on turn (never empty) and ``view`` is
    ``state.view(seat)`` for that seat. The returned action must be a member of ``legal``.
    """

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        """The action this player takes now: one of ``legal``."""
        ...
