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
from chickenfoot.lang import _, pgettext


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
"""Every ladder level with its one-line description, weakest first (what menus list). The
keys are the levels' names in files, on the wire and on the command line; a player reads
them as :func:`level_name` and :func:`level_description` give them."""


def level_name(level: str) -> str:
    """A level's name as a player reads it, in the language in use ("hard" in English); a
    name that is no level is shown as it is."""
    match level:
        case "beginner":
            return pgettext("computer level", "beginner")
        case "casual":
            return pgettext("computer level", "casual")
        case "hard":
            return pgettext("computer level", "hard")
        case "expert":
            return pgettext("computer level", "expert")
        case "random":
            return pgettext("computer level", "random")
        case "greedy":
            return pgettext("computer level", "greedy")
    return level


def level_description(level: str) -> str:
    """A level's one-line description in the language in use ("" for a name that is no
    level)."""
    strategy = STRATEGIES.get(level)
    return _(strategy.description) if strategy is not None else ""


THINKING_LEVELS: frozenset[str] = frozenset({ExpertBot.level})
"""The levels whose players take a think time (see :func:`make_bot`)."""

PLANNING_LEVELS: frozenset[str] = frozenset({HardBot.level, ExpertBot.level})
"""The levels that plan their plays rather than shed their heaviest tile first (the casual
player's rule, which the beginner follows most turns): the expert imagines their moves, and
a person's, with :func:`~chickenfoot.bots.playout.planning_policy` (see
:func:`planners_at`)."""


def unknown_level(level: str) -> ValueError:
    """The error for ``level``, a name that is no level: it names the ladder's levels."""
    # Translators: {level} is the name typed, quoted; {levels} the levels' names, as typed.
    return ValueError(
        _("unknown computer player level {level}: choose one of {levels}").format(
            level=repr(level), levels=", ".join(BOT_LEVELS)
        )
    )


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
        raise unknown_level(level)
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
            raise unknown_level(level)
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
    raise unknown_level(level)


def seat_seed(game_seed: int | None, seat: int) -> int:
    """The seed of the computer player in ``seat`` of the game shuffled with ``game_seed``.

    One formula for every place that seats bots (``simulate``, the app), so a saved game
    continued elsewhere keeps players that choose the same way.
    """
    return (game_seed or 0) * 10 + seat
