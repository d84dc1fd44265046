"""The beginner: plays like the casual player most turns, but often makes a mistake.

On each decision with a choice it picks a legal action at random with probability
:data:`MISTAKE_RATE` (a lighter tile than it could shed, a playable drawn tile kept), and
otherwise the casual player's move (:func:`~chickenfoot.bots.greedy.heaviest_play`). Its
seeded generator decides both, so the same seed makes the same mistakes.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import ClassVar

from chickenfoot.bots.base import StopCheck
from chickenfoot.bots.greedy import heaviest_play
from chickenfoot.lang import N_
from chickenfoot.rules import Action, SeatView

MISTAKE_RATE = 0.4
"""How often the beginner picks any legal action instead of the casual player's."""


class BeginnerBot:
    """Plays sensibly most turns and carelessly on some (a seeded share of its decisions)."""

    level: ClassVar[str] = "beginner"
    description: ClassVar[str] = N_("Plays sensible tiles, but often misses the better move.")

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(
        self, view: SeatView, legal: Sequence[Action], should_stop: StopCheck | None = None
    ) -> Action:
        """A random legal action now and then, the casual player's choice otherwise."""
        if len(legal) > 1 and self.rng.random() < MISTAKE_RATE:
            return legal[int(self.rng.random() * len(legal))]
        return heaviest_play(view, legal, self.rng)
