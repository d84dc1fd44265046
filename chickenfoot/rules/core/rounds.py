"""Rounds: dealing each round's deck, starting the round, scoring it, and ending the game.

Each round's deck is a shuffled full set. With ``round_start="holder"`` (cross) seat ``i``
is dealt the ``i``-th block of ``hand`` tiles from the top and the rest is the boneyard;
the holder of the round's double places it, or, if nobody holds it, the seats draw in turn
(starting with seat ``round mod players``) and keep what they draw until it turns up.
With ``round_start="search"`` (trains) the seats turn tiles from the top in turn (starting
with seat ``round mod players``) until one finds the double; it goes to the centre, and the
hands are dealt in blocks from the deck without it. Leaving the other tiles in their order
instead of shuffling them back gives the same chances: in a shuffled deck the order of the
other tiles does not depend on where the double lay.

A round ends when a seat plays its last tile or when nobody can move (blocked): each seat
scores what its hand holds, and the next round is dealt from its deck, or the game ends.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Literal

from chickenfoot.rules.board import empty_board
from chickenfoot.rules.core.positions import Deck, Position, bits_of_hands, round_table
from chickenfoot.rules.core.shared import TILE_DRAWN
from chickenfoot.rules.events import (
    Event,
    GameOver,
    RoundBlocked,
    RoundScored,
    RoundStarted,
    WentOut,
)
from chickenfoot.rules.ruleset import RuleSet
from chickenfoot.rules.scoring import hand_points, rank, totals
from chickenfoot.rules.tiles import Tile, full_set

DeckProblem = Literal["deck_count", "tile_twice", "not_in_set", "tiles_missing"]
"""Why decks are refused: not one deck per round (``decks``, ``rounds``); a deck holds a tile
twice (``round``, ``tile``); a tile of no such set (``round``, ``tile``, ``set_size``); a deck
lacks tiles (``round``, ``missing``: the tiles, in order)."""


class BadDeck(ValueError):
    """A round's deck is not exactly one full set: ``code`` (a :data:`DeckProblem`) and
    ``values`` say why; the message says it in English, for developers."""

    def __init__(self, code: DeckProblem, message: str, **values: Any) -> None:
        super().__init__(message)
        self.code: DeckProblem = code
        self.values: dict[str, Any] = values


def shuffled_decks(rules: RuleSet, rng: random.Random) -> tuple[Deck, ...]:
    """One freshly shuffled full set per round of ``rules``, drawn from ``rng``."""
    decks = []
    for _ in range(rules.round_count):
        deck = list(full_set(rules.set_size))
        rng.shuffle(deck)
        decks.append(tuple(deck))
    return tuple(decks)


def check_decks(rules: RuleSet, decks: Sequence[Sequence[Tile]]) -> None:
    """Raise :class:`BadDeck` unless there is one deck per round, each exactly the full set."""
    if len(decks) != rules.round_count:
        raise BadDeck(
            "deck_count",
            f"{len(decks)} decks for {rules.round_count} rounds: one per round is needed",
            decks=len(decks),
            rounds=rules.round_count,
        )
    tiles = full_set(rules.set_size)
    expected = frozenset(tiles)
    for number, deck in enumerate(decks, start=1):
        if len(deck) == len(tiles) and expected.issuperset(deck) and len(set(deck)) == len(tiles):
            continue  # exactly the full set: the common case, checked in one go
        seen: set[Tile] = set()
        for tile in deck:
            if tile in seen:
                raise BadDeck(
                    "tile_twice",
                    f"round {number}: the deck holds {tile} twice",
                    round=number,
                    tile=tile,
                )
            if tile not in expected:
                raise BadDeck(
                    "not_in_set",
                    f"round {number}: {tile} is not in a double-{rules.set_size} set",
                    round=number,
                    tile=tile,
                    set_size=rules.set_size,
                )
            seen.add(tile)
        missing = expected - seen
        if missing:
            listed = ", ".join(str(tile) for tile in sorted(missing)[:5])
            raise BadDeck(
                "tiles_missing",
                f"round {number}: the deck is missing {len(missing)} tiles ({listed})",
                round=number,
                missing=tuple(sorted(missing)),
            )


def new_game(
    rules: RuleSet,
    decks: Sequence[Sequence[Tile]] | None = None,
    *,
    seed: int | None = None,
    events: list[Event] | None = None,
) -> Position:
    """Start a game: deal round 1 from ``decks`` (one full shuffled set per round).

    Without ``decks`` they are shuffled with ``random.Random(seed)``. Returns the first
    position; the events of the round's start are appended to ``events`` if given.
    """
    if decks is None:
        decks = shuffled_decks(rules, random.Random(seed))
    check_decks(rules, decks)
    frozen_decks = tuple(tuple(deck) for deck in decks)
    return start_round(rules, frozen_decks, 0, (), events)


def start_round(
    rules: RuleSet,
    decks: tuple[Deck, ...],
    round_index: int,
    round_scores: tuple[tuple[int, ...], ...],
    events: list[Event] | None,
) -> Position:
    """The first position of round ``round_index`` (from 0) of a game of ``decks``, with
    ``round_scores`` before it: dealt, its double placed. Its events go to ``events`` if
    given."""
    players = rules.players
    per_hand = rules.tiles_per_hand
    value = rules.round_double(round_index)
    double = Tile(value, value)
    deck = decks[round_index]
    first_seeker = round_index % players
    searched: Deck = ()
    if rules.round_start == "search":
        found_at = deck.index(double)
        placer = (first_seeker + found_at) % players
        rest = deck[:found_at] + deck[found_at + 1 :]
        hands = [rest[i * per_hand : (i + 1) * per_hand] for i in range(players)]
        boneyard = rest[players * per_hand :]
        first_player = placer
        search_draws = found_at + 1
    else:
        hands = [deck[i * per_hand : (i + 1) * per_hand] for i in range(players)]
        boneyard = deck[players * per_hand :]
        holder = next((seat for seat in range(players) if double in hands[seat]), None)
        search_draws = 0
        if holder is None:
            # The seats draw in turn, keeping what they draw, until the double turns up.
            search_draws = boneyard.index(double) + 1
            searched, boneyard = boneyard[:search_draws], boneyard[search_draws:]
            for offset, tile in enumerate(searched):
                hands[(first_seeker + offset) % players] += (tile,)
            holder = (first_seeker + search_draws - 1) % players
        placer = holder
        hands[placer] = tuple(tile for tile in hands[placer] if tile != double)
        first_player = (placer + 1) % players
    if events is not None:
        events.append(
            RoundStarted._trusted(
                kind="round_started",
                round=round_index + 1,
                double=value,
                placed_by=placer,
                first_player=first_player,
                search_draws=search_draws,
            )
        )
        events.extend(
            TILE_DRAWN[(first_seeker + offset) % players, tile, True]
            for offset, tile in enumerate(searched)
        )
    table = round_table(rules, decks, round_index, round_scores)
    hand_bits = bits_of_hands(table, hands)
    board = empty_board(value, rules.arm_count)
    start: Position = (table, tuple(hands), boneyard, board, first_player, None, hand_bits, None)
    if not hands[placer]:
        # Placing the double emptied the placer's hand (a one-tile deal): it went out.
        return end_round(start, events, placer)
    return start


def end_round(position: Position, events: list[Event] | None, went_out: int | None) -> Position:
    """Score the round that just ended and start the next one (or end the game).

    ``went_out`` is the seat that played its last tile, or None if the round is blocked.
    """
    table, hands, boneyard, board, seat, _drawn, hand_bits, log = position
    rules = table.rules
    points = tuple(hand_points(hand, rules.double_blank_points) for hand in hands)
    round_scores = table.round_scores + (points,)
    if events is not None:
        if went_out is None:
            events.append(RoundBlocked._trusted(kind="round_blocked", round=table.round_index + 1))
        else:
            _centre, _arms, _played, foot, *_ends = board
            foot_open = foot is not None
            events.append(WentOut._trusted(kind="went_out", seat=went_out, foot_open=foot_open))
        events.append(
            RoundScored._trusted(
                kind="round_scored",
                round=table.round_index + 1,
                double=rules.round_double(table.round_index),
                hands=hands,
                points=points,
                totals=totals(round_scores, table.players),
            )
        )
    if table.round_index + 1 < len(table.decks):
        return start_round(rules, table.decks, table.round_index + 1, round_scores, events)
    if events is not None:
        ranking, winners, decided_by = rank(rules, round_scores)
        events.append(
            GameOver._trusted(
                kind="game_over", ranking=ranking, winners=winners, decided_by=decided_by
            )
        )
    final_table = round_table(rules, table.decks, table.round_index, round_scores, over=True)
    return (final_table, hands, boneyard, board, seat, None, hand_bits, log)
