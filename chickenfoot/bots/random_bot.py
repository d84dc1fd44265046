"""The random player: any legal action, uniformly, from its own seeded generator."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import ClassVar

from chickenfoot.rules import Action, SeatView


class RandomBot:
    """Picks uniformly among the legal actions. ``seed`` makes its choices repeatable."""

    level: ClassVar[str] = "random"
    description: ClassVar[str] = "Plays any legal move at random."

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        """A uniformly random member of ``legal`` (the view is not needed)."""
        return self.rng.choice(legal)
