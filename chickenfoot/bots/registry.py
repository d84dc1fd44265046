"""The computer players by level name: what menus list and what saved games name."""

from __future__ import annotations

from typing import Protocol

from chickenfoot.bots.base import Strategy
from chickenfoot.bots.greedy import GreedyBot
from chickenfoot.bots.random_bot import RandomBot


class StrategyClass(Protocol):
    """A strategy class: a level name, a one-line description, built from a seed."""

    level: str
    description: str

    def __call__(self, seed: int | None) -> Strategy:
        """A new player whose choices are fixed by ``seed``."""
        ...


STRATEGIES: dict[str, StrategyClass] = {bot.level: bot for bot in (RandomBot, GreedyBot)}
"""Every strategy class by its level name, weakest first. Add new players here."""

BOT_LEVELS: dict[str, str] = {level: bot.description for level, bot in STRATEGIES.items()}
"""Every level name with a one-line description, weakest first."""


def make_bot(level: str, seed: int | None = None) -> Strategy:
    """A new computer player of ``level`` whose choices are fixed by ``seed``.

    Raises ``ValueError`` naming the known levels if ``level`` is not one of them.
    """
    strategy = STRATEGIES.get(level)
    if strategy is None:
        known = ", ".join(STRATEGIES)
        raise ValueError(f"unknown computer player level {level!r}: choose one of {known}")
    return strategy(seed)


def seat_seed(game_seed: int | None, seat: int) -> int:
    """The seed of the computer player in ``seat`` of the game shuffled with ``game_seed``.

    One formula for every place that seats bots (``simulate``, the app), so a saved game
    continued elsewhere keeps players that choose the same way.
    """
    return (game_seed or 0) * 10 + seat
