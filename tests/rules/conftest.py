"""Helpers that make rules tests read like a deal at the table.

A test writes the hands and the top of the boneyard; :func:`deal` turns them into the one
shuffled deck the engine expects for a round, following the dealing scheme documented in
``chickenfoot/rules/core/rounds.py``:

* ``round_start="holder"`` (cross): seat ``i`` gets the ``i``-th block of ``hand`` tiles from
  the top of the deck, the rest is the boneyard (top first). The round's double must be
  written somewhere (in a hand or in the boneyard), so the test says who holds it.
* ``round_start="search"`` (trains): the seats turn tiles from the top in turn, starting with
  seat ``round mod players``; the double goes to the centre and the deck without it is dealt in
  blocks. :func:`deal` puts the double where seat ``finder`` turns it up (the first seeker by
  default); the test never writes it.

Hands written shorter than the hand size, and the boneyard below the tiles written, are
filled with the remaining tiles of the set in set order (0|0, 0|1, ...), so a deck is always
deterministic. Moves are written as text too: ``"0 9|3 A"`` (seat 0 plays 9|3 on A),
``"1 draw"``, ``"1 pass"``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TypeVar

from chickenfoot.rules import (
    Event,
    GameState,
    RuleSet,
    Tile,
    apply,
    draw,
    full_set,
    new_game,
    parse_tile,
    pass_turn,
    play,
    shuffled_decks,
)
from chickenfoot.rules.actions import Draw, Pass, Play

Deck = tuple[Tile, ...]
T = TypeVar("T")


def tiles(text: str) -> tuple[Tile, ...]:
    """The tiles written in ``text``, separated by spaces: ``"9|9 3|9"``."""
    return tuple(parse_tile(word) for word in text.split())


def deal(
    rules: RuleSet,
    hands: Mapping[int, str],
    boneyard: str = "",
    *,
    round_index: int = 0,
    finder: int | None = None,
) -> Deck:
    """The deck of round ``round_index`` that deals ``hands`` and puts ``boneyard`` on top.

    ``hands`` maps seats to their tiles (seats left out, or hands written short, are filled);
    ``boneyard`` lists the next tiles to be drawn, first drawn first. With ``search`` round
    starts, ``finder`` is the seat that turns up the double (default: the first to look).
    """
    hand_size = rules.tiles_per_hand
    double = Tile(rules.round_double(round_index), rules.round_double(round_index))
    written_hands = {seat: tiles(text) for seat, text in hands.items()}
    written_boneyard = tiles(boneyard)
    written = [tile for hand in written_hands.values() for tile in hand] + list(written_boneyard)
    if len(set(written)) != len(written):
        raise ValueError(f"a tile is written twice: {sorted(written)}")
    unknown = set(written) - set(full_set(rules.set_size))
    if unknown:
        raise ValueError(f"not in a double-{rules.set_size} set: {sorted(unknown)}")
    for seat, hand in written_hands.items():
        if not 0 <= seat < rules.players:
            raise ValueError(f"there is no seat {seat} with {rules.players} players")
        if len(hand) > hand_size:
            raise ValueError(f"seat {seat} is written {len(hand)} tiles; hands hold {hand_size}")
    searching = rules.round_start == "search"
    if searching and double in written:
        raise ValueError(f"{double} is found by the search; do not write it (use finder=)")
    if not searching and double not in written:
        raise ValueError(f"write who holds {double} (a hand or the boneyard)")
    spare = [tile for tile in full_set(rules.set_size) if tile not in written and tile != double]
    dealt: list[Tile] = []
    for seat in range(rules.players):
        filled = list(written_hands.get(seat, ()))
        while len(filled) < hand_size:
            filled.append(spare.pop(0))
        dealt.extend(filled)
    rest = dealt + list(written_boneyard) + spare
    if searching:
        first_seeker = round_index % rules.players
        position = ((first_seeker if finder is None else finder) - first_seeker) % rules.players
        rest.insert(position, double)
    return tuple(rest)


def game_decks(rules: RuleSet, *round_decks: Deck, seed: int = 0) -> tuple[Deck, ...]:
    """``round_decks`` for the first rounds, then seeded shuffles for the rounds left."""
    filler = shuffled_decks(rules, random.Random(seed))
    return tuple(round_decks) + filler[len(round_decks) :]


def start(rules: RuleSet, *round_decks: Deck) -> tuple[GameState, tuple[Event, ...]]:
    """A new game whose first rounds are dealt from ``round_decks``."""
    return new_game(rules, game_decks(rules, *round_decks))


def move(text: str) -> Play | Draw | Pass:
    """The action written as ``"0 9|3 A"``, ``"1 draw"`` or ``"1 pass"``."""
    words = text.split()
    seat = int(words[0])
    if words[1:] == ["draw"]:
        return draw(seat)
    if words[1:] == ["pass"]:
        return pass_turn(seat)
    if len(words) == 3:
        return play(seat, parse_tile(words[1]), words[2])
    raise ValueError(f"cannot read the move {text!r}: write '0 9|3 A', '0 draw' or '0 pass'")


def run(state: GameState, *moves: str) -> tuple[GameState, tuple[Event, ...]]:
    """Apply ``moves`` in order: the final state and every event they caused, in order."""
    events: list[Event] = []
    for text in moves:
        state, caused = apply(state, move(text))
        events.extend(caused)
    return state, tuple(events)


def kinds(events: Sequence[Event]) -> list[str]:
    """The ``kind`` of each event, in order."""
    return [event.kind for event in events]


def of_kind(events: Sequence[Event], kind: type[T]) -> list[T]:
    """The events of one kind (its class, as ``RoundScored``), in order."""
    return [event for event in events if isinstance(event, kind)]
