"""Scoring: what a tile and a hand count, the totals, and the final ranking.

Each number is worked out here once: a tile's points (a 0|0 may count extra), a hand's points,
each seat's total over the rounds, its rounds at zero and its lowest non-zero round, and the
ranking with its tie-breaks (:func:`rank`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import cache

from chickenfoot.rules.events import Standing, TieBreak
from chickenfoot.rules.ruleset import RuleSet
from chickenfoot.rules.tiles import Tile, full_set

RoundScores = Sequence[Sequence[int]]
"""Points of each finished round, per seat: ``round_scores[round][seat]``."""


def tile_points(tile: Tile, double_blank_points: int) -> int:
    """The points ``tile`` scores left in a hand: its pips, or ``double_blank_points`` for a
    0|0 when that is set."""
    if double_blank_points and tile.high == 0:
        return double_blank_points
    return tile.low + tile.high


@cache
def set_points(set_size: int, double_blank_points: int) -> Mapping[Tile, int]:
    """What each tile of a double-``set_size`` set scores left in a hand (:func:`tile_points`),
    worked out once per set and shared (read only), for the hot paths that weigh tiles many
    times a second."""
    return {tile: tile_points(tile, double_blank_points) for tile in full_set(set_size)}


def hand_points(hand: Iterable[Tile], double_blank_points: int) -> int:
    """The points a hand scores: the sum of its tiles' :func:`tile_points`."""
    return sum(tile_points(tile, double_blank_points) for tile in hand)


def totals(round_scores: RoundScores, players: int) -> tuple[int, ...]:
    """Each seat's total over the finished rounds (zeros before any)."""
    if not round_scores:
        return (0,) * players
    return tuple(sum(column) for column in zip(*round_scores, strict=True))


def zero_rounds(round_scores: RoundScores, players: int) -> tuple[int, ...]:
    """How many rounds each seat scored 0 (went out, or held nothing that counts)."""
    return tuple(sum(1 for scores in round_scores if scores[seat] == 0) for seat in range(players))


def lowest_rounds(round_scores: RoundScores, players: int) -> tuple[int | None, ...]:
    """Each seat's lowest non-zero round score, or None if it has none."""
    return tuple(
        min((scores[seat] for scores in round_scores if scores[seat]), default=None)
        for seat in range(players)
    )


def rank(
    rules: RuleSet, round_scores: RoundScores
) -> tuple[tuple[Standing, ...], tuple[int, ...], TieBreak]:
    """Rank the seats after the last round: lowest total first, ties broken by ``tie_break``.

    Returns the standings (tied seats share a place), the winning seats, and what decided the
    win: ``none``, ``zero_rounds``, ``lowest_round`` or ``shared``.
    """
    seats = range(rules.players)
    seat_totals = totals(round_scores, rules.players)
    zeros = zero_rounds(round_scores, rules.players)
    lowest = lowest_rounds(round_scores, rules.players)

    def key(seat: int) -> tuple[int, ...]:
        if rules.tie_break == "shared":
            return (seat_totals[seat],)
        lowest_round = lowest[seat]
        return (seat_totals[seat], -zeros[seat], lowest_round if lowest_round is not None else 0)

    order = sorted(seats, key=key)
    standings: list[Standing] = []
    for place_index, seat in enumerate(order):
        tied_with_previous = place_index > 0 and key(seat) == key(order[place_index - 1])
        place = standings[-1].place if tied_with_previous else place_index + 1
        standings.append(
            Standing._trusted(
                seat=seat,
                place=place,
                total=seat_totals[seat],
                zero_rounds=zeros[seat],
                lowest_round=lowest[seat],
            )
        )
    winners = tuple(standing.seat for standing in standings if standing.place == 1)
    best_total = seat_totals[order[0]]
    level = [seat for seat in seats if seat_totals[seat] == best_total]
    decided_by: TieBreak
    if len(level) == 1:
        decided_by = "none"
    elif len(winners) > 1:
        decided_by = "shared"
    elif (
        len({zeros[seat] for seat in level}) > 1
        and zeros[winners[0]] == max(zeros[seat] for seat in level)
        and sum(1 for seat in level if zeros[seat] == zeros[winners[0]]) == 1
    ):
        decided_by = "zero_rounds"
    else:
        decided_by = "lowest_round"
    return tuple(standings), winners, decided_by
