"""The computer players by level name: what menus list and what saved games name.

The ladder, weakest first: ``beginner``, ``casual``, ``hard``, ``expert``
(:data:`BOT_LEVELS`, each with the one-line description menus and help show). Saved games
made before the ladder name ``random`` and ``greedy``: both still build their players
(:data:`STRATEGIES` holds every valid name), and :data:`LEVEL_ALIASES` says which ladder level
a menu shows for them. ``greedy`` is the casual player itself; ``random`` is the old random
player, kept so its saved games play on exactly as before.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from chickenfoot.bots.base import Strategy
from chickenfoot.bots.beginner import BeginnerBot
from chickenfoot.bots.expert import ExpertBot
from chickenfoot.bots.greedy import GreedyBot
from chickenfoot.bots.hard import HardBot
from chickenfoot.bots.random_bot import RandomBot


class StrategyClass(Protocol):
    """A strategy class: a level name, a one-line description, built from a seed."""

    level: str
    description: str

    def __call__(self, seed: int | None) -> Strategy:
        """A new player whose choices are fixed by ``seed``."""
        ...


LADDER: tuple[StrategyClass, ...] = (BeginnerBot, GreedyBot, HardBot, ExpertBot)
"""The levels menus offer, weakest first."""

DEFAULT_LEVEL = "hard"
"""The level a new computer seat starts at: a fair challenge that answers at once."""

LEVEL_ALIASES: dict[str, str] = {"random": "beginner", "greedy": "casual"}
"""Older level names (still valid in saved games) and the ladder level a menu shows for each."""

STRATEGIES: dict[str, StrategyClass] = {
    **{bot.level: bot for bot in LADDER},
    "random": RandomBot,
    "greedy": GreedyBot,
}
"""Every valid level name (the ladder's, then the older ones) and the class it builds."""

BOT_LEVELS: dict[str, str] = {bot.level: bot.description for bot in LADDER}
"""Every ladder level with its one-line description, weakest first (what menus list)."""

THINKING_LEVELS: frozenset[str] = frozenset({ExpertBot.level})
"""The levels whose players take a think time (see :func:`make_bot`)."""

PLANNING_LEVELS: frozenset[str] = frozenset({HardBot.level, ExpertBot.level})
"""The levels that plan their plays rather than shed their heaviest tile first (the casual
player's rule, which the beginner follows most turns): the expert imagines their moves, and
a person's, with :func:`~chickenfoot.bots.playout.planning_policy` (see
:func:`planners_at`)."""


def _unknown(level: str) -> ValueError:
    known = ", ".join(BOT_LEVELS)
    return ValueError(f"unknown computer player level {level!r}: choose one of {known}")


def make_bot(
    level: str,
    seed: int | None = None,
    think_time: float | None = None,
    playouts: int | None = None,
    lineup: Sequence[str | None] | None = None,
) -> Strategy:
    """A new computer player of ``level`` whose choices are fixed by ``seed``.

    A thinking level (:data:`THINKING_LEVELS`) thinks ``think_time`` seconds per decision
    (None: its default), or exactly ``playouts`` playouts if that is given (repeatable on any
    machine), and knows who it plays against from ``lineup``, every seat's level in seat
    order (None for a person; see :func:`planners_at`; without a lineup it expects every seat
    to play as the casual player); the other levels answer at once and ignore all three.
    Raises ``ValueError`` naming the ladder's levels if ``level`` (or a level of ``lineup``) is
    not a valid name, or for a think time that is not positive.
    """
    strategy = STRATEGIES.get(level)
    if strategy is None:
        raise _unknown(level)
    if strategy is ExpertBot:
        planners = () if lineup is None else planners_at(lineup)
        return ExpertBot(seed, think_time=think_time, playouts=playouts, planners=planners)
    return strategy(seed)


def planners_at(lineup: Sequence[str | None]) -> frozenset[int]:
    """The seats of ``lineup`` (every seat's level in seat order, None for a person) that plan
    their plays: people and the :data:`PLANNING_LEVELS`. Raises ``ValueError`` for a level
    that is not a valid name."""
    for level in lineup:
        if level is not None and level not in STRATEGIES:
            raise _unknown(level)
    return frozenset(
        seat for seat, level in enumerate(lineup) if level is None or level in PLANNING_LEVELS
    )


def ladder_level(level: str) -> str:
    """The ladder level a menu shows for ``level`` (itself, or the one an older name maps to).

    Raises ``ValueError`` for a name that is not a level.
    """
    if level in BOT_LEVELS:
        return level
    if level in LEVEL_ALIASES:
        return LEVEL_ALIASES[level]
    raise _unknown(level)


def seat_seed(game_seed: int | None, seat: int) -> int:
    """The seed of the computer player in ``seat`` of the game shuffled with ``game_seed``.

    One formula for every place that seats bots (``simulate``, the app), so a saved game
    continued elsewhere keeps players that choose the same way.
    """
    return (game_seed or 0) * 10 + seat
