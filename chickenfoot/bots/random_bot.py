"""The random player (level ``random``, kept so saved games naming it still load and play the
same): any legal action, uniformly, from its own seeded generator. Menus list the four ladder
levels instead; this one is weaker than the beginner."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import ClassVar

from chickenfoot.bots.base import Option, StopCheck
from chickenfoot.lang import N_
from chickenfoot.rules import Action, SeatView


class RandomBot:
    """Picks uniformly among the legal actions. ``seed`` makes its choices repeatable.

    The pick is ``options[int(random() * len(options))]``: uniform to within 2**-45 for any
    number of options a game can offer, and several times cheaper than ``Random.choice``,
    which matters when simulations make hundreds of thousands of picks.
    """

    level: ClassVar[str] = "random"
    description: ClassVar[str] = N_("Plays any legal move at random.")

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self._random = self.rng.random

    def choose(
        self, view: SeatView, legal: Sequence[Action], should_stop: StopCheck | None = None
    ) -> Action:
        """A uniformly random member of ``legal`` (the view is not needed)."""
        return self.choose_blind(legal)

    def choose_blind(self, options: Sequence[Option]) -> Option:
        """A uniformly random member of ``options``: the pick ``choose`` makes from as many."""
        return options[int(self._random() * len(options))]
