"""The quick policies a search plays its imagined rounds out with, and how it scores them.

:func:`heaviest_first` is the casual player's rule without its tie-break: play the heaviest
fitting tile (a playable drawn tile is played, not kept), first in board order on a tie.
:func:`casual_policy` adds the casual player's tie-break (the play that leaves the most of
the hand playable, worked out from the lean board's free ends by
:func:`~chickenfoot.bots.ends.play_leaves`), so it plays as the casual player does, the first
play standing in for its random last resort.
:func:`planning_policy` lets chosen seats play as the hard player does instead. All pick
from the rules core's moves (:func:`chickenfoot.rules.core.play_out` asks only when there is
a choice), so a playout follows the very rules of a real game.

A round played out scores for the searching seat by :func:`margin_scorer` (its points less
the others' mean) or :func:`win_scorer` (that, less a bonus for its odds of winning the game).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection

from chickenfoot.bots.ends import play_leaves
from chickenfoot.bots.hard import play_scorer
from chickenfoot.rules import (
    RuleSet,
    SeatView,
    core,
    make_tile,
    rank,
    set_points,
    totals,
)

Policy = Callable[[core.Position, tuple[core.Move, ...]], core.Move]
"""Picks one of the legal moves at a position (two or more of them)."""


def heaviest_first(rules: RuleSet) -> Policy:
    """The playout policy for ``rules``: the heaviest play, the first one on a tie."""
    weights = set_points(rules.set_size, rules.double_blank_points)

    def choose(_position: core.Position, moves: tuple[core.Move, ...]) -> core.Move:
        best = moves[0]
        heaviest = -1
        for move in moves:
            if move[0] == "play":
                weight = weights[move[2]]  # type: ignore[misc]
                if weight > heaviest:
                    best, heaviest = move, weight
        return best

    return choose


def casual_policy(rules: RuleSet) -> Policy:
    """The playout policy that plays as the casual player: the heaviest play; on a tie, the
    one leaving the most of the hand playable (on the ends it leaves open or free,
    :func:`~chickenfoot.bots.ends.play_leaves`); then the first."""
    weights = set_points(rules.set_size, rules.double_blank_points)
    bits = core.set_bits(rules.set_size)
    bit, carrying = bits.bit, bits.carrying

    def choose(position: core.Position, moves: tuple[core.Move, ...]) -> core.Move:
        best: list[core.Move] = []
        heaviest = -1
        for move in moves:
            if move[0] == "play":
                weight = weights[move[2]]  # type: ignore[misc]
                if weight > heaviest:
                    best, heaviest = [move], weight
                elif weight == heaviest:
                    best.append(move)
        if not best:
            return moves[0]
        if len(best) == 1:
            return best[0]
        board = position[3]
        values = dict(board[8])
        hand = position[6][position[4]]
        chosen, most = best[0], -1
        for move in best:
            _play, _seat, tile, target = move  # type: ignore[misc]
            _showing, reach, _left = play_leaves(board, tile, target, values[target], carrying)
            count = (hand & ~bit[tile] & reach).bit_count()
            if count > most:
                chosen, most = move, count
        return chosen

    return choose


def round_margin(view: SeatView, points: tuple[int, ...]) -> float:
    """How a finished round went for ``view``'s seat: its points less the others' mean
    (lower is better; the search minimises it)."""
    seat = view.seat
    others = (sum(points) - points[seat]) / (len(points) - 1)
    return points[seat] - others


def planning_policy(rules: RuleSet, planners: Collection[int], base: Policy) -> Policy:
    """``base`` for every seat but ``planners``, which play as the hard player does
    (:func:`~chickenfoot.bots.hard.play_scorer`: points shed, options kept, doubles planned,
    the odds that the seats after it lack the ends it leaves), the first best play on a tie.
    A planner in an imagined round reads no history: it takes each other seat's hand to be
    any of the tiles it cannot see (the hard player also rules out the numbers a seat is
    known to lack)."""
    score = play_scorer(rules)
    bits = core.set_bits(rules.set_size)
    bit = bits.bit
    every_tile = sum(bit.values())
    centre_double = {number: bit[make_tile(number, number)] for number in range(rules.set_size + 1)}

    def choose(position: core.Position, moves: tuple[core.Move, ...]) -> core.Move:
        seat = position[4]
        if seat not in planners:
            return base(position, moves)
        plays = [move for move in moves if move[0] == "play"]
        if len(plays) <= 1:
            return plays[0] if plays else moves[0]
        board = position[3]
        hands = position[6]
        hand = hands[seat]
        on_board = centre_double[board[0]]
        for placed in board[2]:
            on_board |= bit[placed[1]]
        unseen = every_tile & ~on_board & ~hand
        count = unseen.bit_count()
        hand_counts = [held.bit_count() for held in hands]
        seat_odds = [(unseen, count, held) for held in hand_counts]
        scores = score(board, seat, hand, hand_counts, seat_odds, plays)
        return plays[scores.index(max(scores))]

    return choose


Scorer = Callable[[tuple[int, ...]], float]
"""How an imagined round's points (one per seat) score for a seat (lower is better)."""

ROUND_SPREAD = 25.0
"""The spread (standard deviation) of one round's points between two seats, roughly: how
far a lead carries over the rounds still to come (see :func:`win_scorer`)."""

WIN_WEIGHT = 100.0
"""What winning the game is worth, in points of round margin (see :func:`win_scorer`)."""


def margin_scorer(view: SeatView) -> Scorer:
    """Scores a round by :func:`round_margin` alone: its points less the others' mean."""
    return lambda points: round_margin(view, points)


def win_scorer(view: SeatView) -> Scorer:
    """Scores a round by how it leaves ``view``'s seat placed to win the game, plus its
    :func:`round_margin`: :data:`WIN_WEIGHT` times its odds of ending with the lowest total.

    After the last round those odds are the game's result (its share of the win, the rules'
    tie-break included). Before it, each other seat's total is taken to end above its own
    with the normal odds of their difference now over :data:`ROUND_SPREAD` times the square
    root of the rounds left, and the odds are the product over the other seats. So a lead
    late in the game is kept, and a seat far behind takes its chances.
    """
    rules = view.rules
    seat = view.seat
    players = len(view.hand_counts)
    before = totals(view.round_scores, players)
    rounds_left = rules.round_count - view.round_index - 1
    scale = ROUND_SPREAD * math.sqrt(rounds_left) * math.sqrt(2.0)
    finished = view.round_scores

    def last_round(points: tuple[int, ...]) -> float:
        winners = rank(rules, (*finished, points))[1]
        share = 1 / len(winners) if seat in winners else 0.0
        return round_margin(view, points) - WIN_WEIGHT * share

    def later_round(points: tuple[int, ...]) -> float:
        mine = before[seat] + points[seat]
        odds = 1.0
        for other in range(players):
            if other != seat:
                odds *= 0.5 * math.erfc((mine - before[other] - points[other]) / scale)
        return round_margin(view, points) - WIN_WEIGHT * odds

    return last_round if rounds_left <= 0 else later_round
