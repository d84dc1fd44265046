"""What of a saved game may be shown now: the one rule every output follows.

A record holds everything: the seed, every round's deck, every hand. While the game goes on,
part of that is a secret, and :func:`disclosure` says which part, once for every output (the
``replay --text`` transcript, ``verify``, the replay viewer, a round's deal, ``export``'s
note):

- **The seed** is told once the game is over. It makes every deck of the game, the decks
  still to come included, so while the game goes on it is kept back (from every game: also a
  person playing computers would see their future deals in it).
- **A round's deck**, tile by tile, is shown once that round is over: never the deck of the
  round in play, nor of a round still to come.
- **The hands of the round in play**, and every tile drawn in it, stay hidden when two or more
  people play at one keyboard (pass-and-play), or did in the game this one was taken over from
  (:attr:`~chickenfoot.record.model.GameRecord.shared_keyboard`): a replay then shows that
  round as a spectator sees the table. With one person at the table, nobody else's view is
  spoiled, and the round in play is shown whole.

A finished game hides nothing. Files are another matter: a saved game's file must hold every
deck to be continued anywhere (the store and ``export`` write them), so :func:`disclosure`
also says when a file holds what the table may not see yet. Imports no Textual.
"""

from __future__ import annotations

from dataclasses import dataclass

from chickenfoot.record.model import GameRecord
from chickenfoot.rules import GameState

__all__ = ["Disclosure", "disclosure"]


@dataclass(frozen=True)
class Disclosure:
    """What of one game's record may be shown now (see the module's words)."""

    seed: int | None
    """The seed, when it may be told (the game is over); None while it is kept back, or
    when the game records none."""
    seed_kept_back: bool
    """True when the game records a seed that may not be told yet."""
    private_round: int | None
    """The round (0-based) whose hands and drawn tiles stay hidden: the round in play of an
    unfinished game people share a keyboard in; None when every dealt hand may be shown."""
    decks_shown: int
    """How many decks, from the first round's, may be shown tile by tile: the rounds over."""
    round_in_play: int | None
    """The round (0-based) in play, None once the game is over."""

    def deck_shown(self, round_number: int) -> bool:
        """True if round ``round_number``'s deck (1-based) may be shown tile by tile."""
        return round_number <= self.decks_shown

    @property
    def file_holds_secrets(self) -> bool:
        """True when the game's file holds hands the table may not see yet: the round in play
        at one keyboard (a file holds every deck, to be continued anywhere)."""
        return self.private_round is not None


def disclosure(record: GameRecord, state: GameState | None = None) -> Disclosure:
    """What of ``record`` may be shown now. ``state`` is the position the game reached
    (default: its final state; a check of a file whose actions break the rules passes the
    position before the first it refuses)."""
    reached = record.final_state() if state is None else state
    over = reached.over
    return Disclosure(
        seed=record.seed if over else None,
        seed_kept_back=record.seed is not None and not over,
        private_round=None if over or not record.shared_keyboard else reached.round_index,
        decks_shown=len(record.decks) if over else reached.round_index,
        round_in_play=None if over else reached.round_index,
    )
