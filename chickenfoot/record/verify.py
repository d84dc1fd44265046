"""Deals anyone can verify: whether a saved game's decks come from its seed, and its deals.

A saved game holds every round's deck and, when it was dealt from one, the seed. Chickenfoot
shuffles the decks with :func:`decks_from_seed` (Python's Mersenne Twister seeded with the
seed, one shuffle of the full set per round; ``docs/save-format.md`` spells out the steps),
so anyone can shuffle again and compare:

- :func:`deck_checks` compares every recorded deck with the one its seed makes (a deck made
  another way, by hand say, is still a legal deal: it just was not shuffled from the seed);
- :func:`verify_record` adds that check to the record's own: every action is replayed (the
  rules say what is legal, stated once there), and the first action they refuse is located
  and its reason kept (:class:`IllegalStep`); :func:`chickenfoot.saves.verify.verify_file`
  does the same for a saved file;
- :func:`round_deal` says where every tile of one round's deck went: to which seat, to the
  centre, drawn while looking for the double, or left in the boneyard (in its order).

Only facts here; :mod:`chickenfoot.text.deal` puts them into words, telling only what
:func:`~chickenfoot.record.disclosure.disclosure` allows (the seed once the game is over; a
check names places in a deck, never its tiles). Imports no Textual.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from chickenfoot.lang import _
from chickenfoot.record.disclosure import Disclosure, disclosure
from chickenfoot.record.model import GameRecord, RecordError
from chickenfoot.rules import (
    Action,
    Event,
    GameState,
    Reason,
    RoundScored,
    RoundStarted,
    RuleSet,
    Tile,
    TileDrawn,
    refusal,
    shuffled_decks,
)

__all__ = [
    "DeckCheck",
    "IllegalStep",
    "RoundDeal",
    "Verdict",
    "Verification",
    "deck_checks",
    "decks_from_seed",
    "round_deal",
    "verify_record",
]

Verdict = Literal["verified", "not_from_seed", "no_seed", "illegal"]
"""What a check of a saved game found, worst first: an action the rules refuse
(``illegal``); else a deck the seed does not make (``not_from_seed``); else no seed to check
the decks against (``no_seed``); else every deck comes from the seed and every action is
legal (``verified``)."""


def decks_from_seed(rules: RuleSet, seed: int) -> tuple[tuple[Tile, ...], ...]:
    """The decks chickenfoot deals from ``seed`` under ``rules``, one per round, as
    :meth:`GameRecord.new <chickenfoot.record.model.GameRecord.new>` shuffles them."""
    return shuffled_decks(rules, random.Random(seed))


@dataclass(frozen=True)
class DeckCheck:
    """One round's recorded deck against the deck its game's seed makes."""

    round_number: int
    """1-based."""
    seed: int | None
    """The game's seed; None when the file records none (nothing to compare with)."""
    misplaced: tuple[int, ...]
    """The places (1-based, from the top of the deck) holding another tile than the one the
    seed puts there; empty when the deck matches, or when there is no seed."""
    tile_count: int
    """Tiles in the deck."""

    @property
    def matches(self) -> bool:
        """True if the seed makes exactly this deck."""
        return self.seed is not None and not self.misplaced


def deck_checks(record: GameRecord) -> tuple[DeckCheck, ...]:
    """Every round's deck of ``record`` against the one its seed makes, round by round."""
    seed = record.seed
    remade = decks_from_seed(record.rules, seed) if seed is not None else None
    checks = []
    for index, deck in enumerate(record.decks):
        misplaced: tuple[int, ...] = ()
        if remade is not None:
            misplaced = tuple(
                place
                for place, (tile, expected) in enumerate(zip(deck, remade[index], strict=True), 1)
                if tile != expected
            )
        checks.append(DeckCheck(index + 1, seed, misplaced, len(deck)))
    return tuple(checks)


@dataclass(frozen=True)
class IllegalStep:
    """The first recorded action the rules refuse."""

    index: int
    """0-based, in the whole game (action ``index + 1`` in the words of the loader)."""
    action: Action
    round_number: int
    """The round it was taken in (1-based)."""
    reason: Reason
    """Which rule refuses it, as the rules' code (``tile_not_in_hand``): words are made where
    it is shown (:func:`chickenfoot.record.refusals.rule_reason`)."""


@dataclass(frozen=True)
class Verification:
    """What checking a saved game found: its decks against its seed, and its actions."""

    record: GameRecord
    decks: tuple[DeckCheck, ...]
    """One per round, in order."""
    illegal: IllegalStep | None
    """The first action the rules refuse; None when every action is legal."""
    dealt: int
    """How many rounds were dealt before the game stopped (or before the illegal action)."""
    finished: bool
    """True if the game was played to its end (never with an illegal action)."""
    shown: Disclosure
    """What of the game its report may show: the seed only once the game is over (as far
    as its actions follow the rules)."""

    @property
    def verdict(self) -> Verdict:
        """The outcome in one word (see :data:`Verdict`)."""
        if self.illegal is not None:
            return "illegal"
        if self.record.seed is None:
            return "no_seed"
        if not all(check.matches for check in self.decks):
            return "not_from_seed"
        return "verified"


def verify_record(record: GameRecord) -> Verification:
    """Check ``record``: every deck against its seed, and every action against the rules.

    ``record`` may hold an action the rules refuse (a file is read so by
    :func:`chickenfoot.saves.verify.verify_file`); the loader's replay finds it.
    """
    illegal: IllegalStep | None = None
    try:
        final = record.final_state()
    except RecordError:
        final, illegal = _first_illegal(record)
    return Verification(
        record=record,
        decks=deck_checks(record),
        illegal=illegal,
        dealt=final.round_number,
        finished=final.over and illegal is None,
        shown=disclosure(record, final),
    )


def _first_illegal(record: GameRecord) -> tuple[GameState, IllegalStep]:
    """The state before the first action of ``record`` the rules refuse, and that action.

    The loader's replay (:meth:`GameRecord.replay`) says which one; the rules say why.
    """
    steps = record.replay()
    before, _events, _action = next(steps)  # the deal: the decks were checked already
    applied = 0
    try:
        for state, _events, _action in steps:
            before = state
            applied += 1
    except RecordError:
        action = record.actions[applied]
        refused = refusal(before, action)
        assert refused is not None, "the replay stopped at an action the rules allow"
        return before, IllegalStep(applied, action, before.round_number, refused.reason)
    raise AssertionError("every action replayed, yet the record was refused")


# ----- where the tiles went --------------------------------------------------------------------


@dataclass(frozen=True)
class RoundDeal:
    """One round's deck and where each of its tiles went as the round began."""

    round_number: int
    """1-based."""
    deck: tuple[Tile, ...]
    """The recorded deck, top first."""
    double: Tile
    """The round's double, placed at the centre."""
    placed_by: int
    """The seat that placed it."""
    hands: tuple[tuple[Tile, ...], ...]
    """What each seat was dealt, in deck order: the double too if it was dealt (see
    :attr:`double_dealt`), never the tiles drawn looking for it."""
    searched: tuple[tuple[int, Tile], ...]
    """The tiles the seats drew and kept while looking for the double, in order:
    ``(seat, tile)`` (``holder`` start only; the last is the double itself)."""
    search_draws: int
    """Tiles turned or drawn looking for the double (0 when it was dealt)."""
    boneyard: tuple[Tile, ...]
    """What was left to draw when play began, next to draw first."""

    @property
    def double_dealt(self) -> bool:
        """True if the double was dealt to the seat that placed it, neither turned up nor
        drawn while the seats looked for it."""
        return self.search_draws == 0

    def place_of(self, tile: Tile) -> int:
        """Where ``tile`` lay in the deck: 1 for the top."""
        return self.deck.index(tile) + 1


def round_deal(record: GameRecord, round_number: int) -> RoundDeal:
    """Where every tile of round ``round_number``'s deck (1-based) went, as the rules dealt it.

    Replays ``record`` up to that round's deal, which must have happened: raises
    :class:`ValueError` for a round not dealt yet, and the loader's
    :class:`~chickenfoot.record.model.RecordError` for a record that does not replay.
    """
    for state, events, _action in record.replay():
        started = next(
            (
                index
                for index, event in enumerate(events)
                if isinstance(event, RoundStarted) and event.round == round_number
            ),
            None,
        )
        if started is not None:
            return _deal_from(record, round_number, state, events[started:])
    raise ValueError(_("round {round} has not been dealt").format(round=round_number))


def _deal_from(
    record: GameRecord, round_number: int, state: GameState, events: Sequence[Event]
) -> RoundDeal:
    """The deal of round ``round_number`` from the state after the step that dealt it, and
    that step's events from the round's start on."""
    start = events[0]
    assert isinstance(start, RoundStarted)
    deck = record.decks[round_number - 1]
    double = Tile(start.double, start.double)
    searched: list[tuple[int, Tile]] = []
    for event in events[1:]:
        if not (isinstance(event, TileDrawn) and event.searching and event.tile is not None):
            break
        searched.append((event.seat, event.tile))
    scored = next(
        (e for e in events if isinstance(e, RoundScored) and e.round == round_number), None
    )
    if scored is None:
        held, boneyard = state.hands, state.boneyard
    else:
        # The round was over as soon as it was dealt (the placer's only tile was the
        # double): nobody drew, so the hands are the scored ones and the boneyard is the
        # rest of the deck, in its order.
        held = scored.hands
        taken = {double, *(tile for hand in held for tile in hand)}
        boneyard = tuple(tile for tile in deck if tile not in taken)
    drawn = {tile for _seat, tile in searched}
    order = {tile: place for place, tile in enumerate(deck)}
    dealt = [[tile for tile in hand if tile not in drawn] for hand in held]
    if start.search_draws == 0:
        dealt[start.placed_by].append(double)
    hands = tuple(tuple(sorted(hand, key=order.__getitem__)) for hand in dealt)
    return RoundDeal(
        round_number=round_number,
        deck=deck,
        double=double,
        placed_by=start.placed_by,
        hands=hands,
        searched=tuple(searched),
        search_draws=start.search_draws,
        boneyard=boneyard,
    )
