"""Tournaments between levels: duplicate deals with every seat rotation, and their statistics.

A **lineup** gives the level of each seat (:func:`lineup_for`: a list shorter than the table
repeats its last level, so ``expert,casual`` at four seats is one expert against three casual
players). Each **deal** (one shuffled deck per round) is played once per rotation of the
lineup, ``players`` games in all: in rotation ``r`` seat ``s`` gets ``lineup[(s - r) mod
players]``. So every level plays every deal from every seat, and the luck of the deal cancels.

Per level, :class:`Standings` reports, per seat it held (so a fair share is ``1 / players``
for every level):

- the **win share** (a win shared by ``k`` seats counts ``1/k``) and the **mean final score**,
  each with a 95 % interval worked out over the deals (one value per deal: the mean over its
  rotations, so the rotations' correlation is accounted for);
- the **time per decision** (only decisions with a choice are asked): median, 95th
  percentile and maximum, in seconds of wall-clock time.

The same seed plays the same deals with the same player seeds; with a playout budget instead
of a think time the results are the same on any machine, and with ``jobs`` processes too
(deals are handed out and gathered in order).
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

from chickenfoot.bots.base import StopCheck, Strategy
from chickenfoot.bots.match import play_game
from chickenfoot.bots.registry import BOT_LEVELS, STRATEGIES, make_bot, seat_seed
from chickenfoot.lang import _, ngettext
from chickenfoot.rules import Action, RuleSet, SeatView, shuffled_decks

Z_95 = 1.959964
"""The normal quantile of a two-sided 95 % interval."""


def lineup_for(levels: Sequence[str], players: int) -> tuple[str, ...]:
    """The level of every seat from ``levels`` (the last one repeats for the seats left).

    Raises ``ValueError`` for an unknown level, an empty list, or more levels than seats.
    """
    if not levels:
        raise ValueError(_("name at least one level"))
    for level in levels:
        if level not in STRATEGIES:
            raise ValueError(
                _("unknown computer player level {level}: choose from {levels}").format(
                    level=repr(level), levels=", ".join(BOT_LEVELS)
                )
            )
    if len(levels) > players:
        raise ValueError(
            ngettext(
                "{count} levels for {players} seat: at most one per seat",
                "{count} levels for {players} seats: at most one per seat",
                players,
            ).format(count=len(levels), players=players)
        )
    return tuple(levels) + (levels[-1],) * (players - len(levels))


@dataclass(frozen=True)
class TournamentPlan:
    """What a tournament plays: the rules, the lineup, how many deals, and the budgets."""

    rules: RuleSet
    lineup: tuple[str, ...]
    deals: int
    seed: int
    think_time: float | None = None
    playouts: int | None = None

    @property
    def games(self) -> int:
        """Games in all: one per rotation of every deal."""
        return self.deals * self.rules.players

    def deal_seeds(self) -> list[int]:
        """The seed of every deal, in order."""
        rng = random.Random(self.seed)
        return [rng.getrandbits(48) for _ in range(self.deals)]


@dataclass(frozen=True)
class DealOutcome:
    """One deal played in every rotation: per level, per seat it held, the mean win share,
    the mean final score, and every decision's time."""

    shares: dict[str, float]
    scores: dict[str, float]
    times: dict[str, tuple[float, ...]]


class _Timed:
    """A strategy that notes how long each of its decisions takes."""

    def __init__(self, inner: Strategy, times: list[float]) -> None:
        self.inner = inner
        self.times = times

    def choose(
        self, view: SeatView, legal: Sequence[Action], should_stop: StopCheck | None = None
    ) -> Action:
        started = time.perf_counter()
        action = self.inner.choose(view, legal, should_stop)
        self.times.append(time.perf_counter() - started)
        return action


def play_deal(plan: TournamentPlan, deal_seed: int) -> DealOutcome:
    """Play the deal shuffled from ``deal_seed`` once per rotation of the lineup."""
    rules = plan.rules
    players = rules.players
    decks = shuffled_decks(rules, random.Random(deal_seed))
    levels = sorted(set(plan.lineup))
    shares = dict.fromkeys(levels, 0.0)
    scores = dict.fromkeys(levels, 0.0)
    times: dict[str, list[float]] = {level: [] for level in levels}
    for rotation in range(players):
        seated = [plan.lineup[(seat - rotation) % players] for seat in range(players)]
        strategies: list[Strategy] = [
            _Timed(
                make_bot(
                    level,
                    seat_seed(deal_seed * players + rotation, seat),
                    think_time=plan.think_time,
                    playouts=plan.playouts,
                    lineup=seated,
                ),
                times[level],
            )
            for seat, level in enumerate(seated)
        ]
        result = play_game(rules, strategies, decks)
        for seat in result.winners:
            shares[seated[seat]] += 1 / len(result.winners)
        for seat, total in enumerate(result.totals):
            scores[seated[seat]] += total
    held = {level: plan.lineup.count(level) * players for level in levels}
    return DealOutcome(
        shares={level: shares[level] / held[level] for level in levels},
        scores={level: scores[level] / held[level] for level in levels},
        times={level: tuple(found) for level, found in times.items()},
    )


@dataclass(frozen=True)
class Estimate:
    """A mean over deals and the half-width of its 95 % interval (None below two deals)."""

    mean: float
    margin: float | None


def estimate(values: Sequence[float]) -> Estimate:
    """The mean of ``values`` (one per deal) with its 95 % interval."""
    mean = statistics.fmean(values) if values else 0.0
    if len(values) < 2:
        return Estimate(mean, None)
    return Estimate(mean, Z_95 * statistics.stdev(values) / math.sqrt(len(values)))


@dataclass(frozen=True)
class DecisionTimes:
    """How long a level's decisions took, in seconds."""

    count: int
    median: float
    p95: float
    longest: float


def decision_times(times: Sequence[float]) -> DecisionTimes:
    """The median, 95th percentile and maximum of ``times`` (zeros if there are none)."""
    if not times:
        return DecisionTimes(0, 0.0, 0.0, 0.0)
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]
    return DecisionTimes(len(ordered), statistics.median(ordered), p95, ordered[-1])


@dataclass
class Standings:
    """The outcomes of the deals played so far, and each level's figures."""

    plan: TournamentPlan
    outcomes: list[DealOutcome] = field(default_factory=list)

    @property
    def levels(self) -> tuple[str, ...]:
        """The lineup's levels, each once, in lineup order."""
        return tuple(dict.fromkeys(self.plan.lineup))

    @property
    def games(self) -> int:
        """Games played so far."""
        return len(self.outcomes) * self.plan.rules.players

    def win_share(self, level: str) -> Estimate:
        """``level``'s win share per seat it held, with its 95 % interval."""
        return estimate([outcome.shares[level] for outcome in self.outcomes])

    def mean_score(self, level: str) -> Estimate:
        """``level``'s mean final score per seat it held, with its 95 % interval."""
        return estimate([outcome.scores[level] for outcome in self.outcomes])

    def times(self, level: str) -> DecisionTimes:
        """How long ``level``'s decisions took."""
        return decision_times([t for outcome in self.outcomes for t in outcome.times[level]])


def run_tournament(
    plan: TournamentPlan,
    jobs: int = 1,
    on_deal: Callable[[Standings], None] | None = None,
) -> Standings:
    """Play every deal of ``plan`` (in ``jobs`` processes) and gather the standings.

    ``on_deal`` is called after each deal (e.g. to move a progress bar). Stopping with
    Ctrl+C raises ``KeyboardInterrupt`` from the loop; the standings so far are lost unless
    ``on_deal`` kept them.
    """
    standings = Standings(plan)
    for outcome in _outcomes(plan, jobs):
        standings.outcomes.append(outcome)
        if on_deal is not None:
            on_deal(standings)
    return standings


def _outcomes(plan: TournamentPlan, jobs: int) -> Iterator[DealOutcome]:
    """Every deal's outcome, in order."""
    seeds = plan.deal_seeds()
    if jobs <= 1:
        for deal_seed in seeds:
            yield play_deal(plan, deal_seed)
        return
    import multiprocessing

    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        yield from pool.imap(_play_planned_deal, [(plan, deal_seed) for deal_seed in seeds])


def _play_planned_deal(arguments: tuple[TournamentPlan, int]) -> DealOutcome:
    plan, deal_seed = arguments
    return play_deal(plan, deal_seed)
