"""A stored game as the lists show it: its number in the store and its summary.

The store (:mod:`chickenfoot.saves.store`) hands these out; the words that describe them
(:func:`chickenfoot.text.describe.save_status`) read them without knowing the store. Imports
no Textual.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

__all__ = ["GameId", "GameSummary"]

GameId = int
"""A game's number in the store (shown to users by ``chickenfoot games``; stable)."""


@dataclass(frozen=True)
class GameSummary:
    """One game as the Load and Replays lists show it (and Continue names it)."""

    id: GameId
    created: datetime
    """When the game was dealt (UTC)."""
    updated: datetime
    """When its latest move (or hint, or take-back) was committed (UTC)."""
    names: tuple[str, ...]
    round_number: int
    """The round in play (1-based), or the last round of a finished game."""
    round_count: int
    finished: bool
    actions: int
    source: str | None = None
    """The file the game was imported from, if it was."""
    taken_over: bool = False
    """True for a game taken over from another (a replay): the lists say so."""
