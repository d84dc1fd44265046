"""The expert: a determinized Monte Carlo search over the worlds its view allows.

For each decision with a choice it imagines the hidden tiles again and again
(:class:`~chickenfoot.bots.sampling.HiddenDealer`: other hands and the boneyard dealt
consistently with what the round showed, passes and draws included, and with what the
seats' plays suggest: :class:`~chickenfoot.bots.sampling.SheddingModel`; its deals first try
to give no seat a heavier fitting tile than one it played, see ``strict``), and in each
imagined world it plays every legal action still in the race and then the rest of the
round. The other seats play it out with the quick
:func:`~chickenfoot.bots.playout.casual_policy`, as the casual and beginner levels play, or,
for the seats it knows plan their plays (:attr:`ExpertBot.planners`: people and the hard and
expert levels), with :func:`~chickenfoot.bots.playout.planning_policy`, which plays as the
hard player does; its own later decisions come from a search tree over its own moves
(:class:`OwnDecisions`: UCB1 over what it tried in the worlds before), so an action is judged
by how well the expert can follow it up, not by how the casual player would. It takes the
action whose rounds ended best on average for it (:func:`~chickenfoot.bots.playout.win_scorer`:
its points less the others' mean, less a bonus for its odds of winning the game from the
totals the round leaves). Every action is tried in the same worlds, so luck cancels between
them.

Successive rejection: after :data:`FIRST_CHECK` worlds, and then each time the worlds have
grown by an eighth, an action that the leader beat by :data:`DROP_LEAD` standard errors of
their world-by-world difference leaves the race, so the close contenders get the worlds
that are left. The search ends when one action is left (the last rival needs
:data:`CLEAR_LEAD` standard errors to go).

How long it thinks: ``think_time`` seconds of wall-clock time per decision (default
:data:`DEFAULT_THINK_TIME`), or exactly ``playouts`` playouts (repeatable on any machine;
tests use it); at least :data:`MIN_WORLDS` worlds either way. It stops early once one action
is left in the race, and at once when ``should_stop()`` says so (it then answers with its best
action so far). Forced moves take no thought.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import ClassVar

from chickenfoot.bots.base import StopCheck
from chickenfoot.bots.greedy import heaviest_play
from chickenfoot.bots.playout import (
    Policy,
    Scorer,
    casual_policy,
    planning_policy,
    win_scorer,
)
from chickenfoot.bots.sampling import HiddenDealer, SheddingModel
from chickenfoot.lang import N_, _
from chickenfoot.rules import Action, RuleSet, SeatView, core

DEFAULT_THINK_TIME = 0.2
"""Seconds the expert thinks per decision unless told otherwise."""

MIN_WORLDS = 6
"""Worlds every action is played out in before a think time may end the search (unless
``should_stop`` ends it)."""

LIGHTER_ODDS = 0.1
"""How likely the expert thinks a seat is to play a lighter tile than its heaviest playable
one (see :class:`~chickenfoot.bots.sampling.SheddingModel`)."""

DROP_LEAD = 2.0
"""How many standard errors behind the leading action another must be to be dropped from the
search."""

CLEAR_LEAD = 3.0
"""How many standard errors behind the leading action its last rival must be to be dropped:
the search then ends early, one action being clearly ahead."""

FIRST_CHECK = 10
"""Worlds every action is played out in before any may be dropped from the search (fewer
give too rough an idea of a difference's spread)."""

CHECK_SPACING = 8
"""After :data:`FIRST_CHECK` worlds, the search looks for actions to drop each time the
worlds have grown by about an eighth."""

EXPLORE = 20.0
"""How much the search of its own later decisions favours the moves it tried least (the
UCB1 constant, in points of round margin; see :class:`OwnDecisions`)."""


class OwnNode:
    """The expert's own later decisions in the imagined rounds after one sequence of its
    moves: how often that sequence was played out and how it ended, and what followed it."""

    __slots__ = ("children", "offered", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[core.Move, OwnNode] = {}
        self.visits = 0
        self.total = 0.0
        """The sum of its played-out rounds' scores (lower is better)."""
        self.offered = 0
        """How often its move was legal when the decision before it was made."""


class OwnDecisions:
    """The playout chooser of one imagined round: the searching seat's own decisions come
    from a tree of what it did in the worlds before (UCB1 over the moves legal in this
    world, a move never tried first), and once a decision leaves the tree (a move tried for
    the first time) the rest of the round is the playout policy's, as are all other seats'.

    The tree holds only the seat's own moves ("open loop"): what the others do differs from
    world to world, so the seat plans on what it can choose, never on what it cannot see.
    :meth:`start` begins a round under a node, the instance is the chooser handed to
    :func:`~chickenfoot.rules.core.play_out`, and :meth:`back_up` adds the round's score to
    every node the round went through.
    """

    def __init__(self, seat: int, policy: Policy, explore: float = EXPLORE) -> None:
        self.seat = seat
        self.policy = policy
        self.explore = explore
        self.node = OwnNode()
        self.path: list[OwnNode] = []
        self.in_tree = False

    def start(self, node: OwnNode) -> None:
        """Begin an imagined round under ``node`` (the root action's)."""
        self.node = node
        self.path = [node]
        self.in_tree = True

    def __call__(self, position: core.Position, moves: tuple[core.Move, ...]) -> core.Move:
        """The move to make at ``position`` among ``moves`` (two or more)."""
        if not self.in_tree or position[4] != self.seat:
            return self.policy(position, moves)
        children = self.node.children
        for move in moves:
            child = children.get(move)
            if child is None:  # never tried here: try it, and the round leaves the tree
                child = children[move] = OwnNode()
                child.offered = 1
                self._enter(child)
                self.in_tree = False
                return move
        log, root = math.log, math.sqrt
        explore = self.explore
        chosen, lowest = moves[0], math.inf
        for move in moves:
            child = children[move]
            child.offered += 1
            bound = child.total / child.visits - explore * root(log(child.offered) / child.visits)
            if bound < lowest:
                chosen, lowest = move, bound
        self._enter(children[chosen])
        return chosen

    def _enter(self, child: OwnNode) -> None:
        self.node = child
        self.path.append(child)

    def back_up(self, score: float) -> None:
        """Count the round just played out, which scored ``score``, in every node it passed."""
        for node in self.path:
            node.visits += 1
            node.total += score


@dataclass(frozen=True)
class Appraisal:
    """What a search found: each legal action's mean round margin over the worlds it was
    tried in (an action dropped from the search was tried in fewer than the others)."""

    actions: tuple[Action, ...]
    margins: tuple[float, ...]
    """Mean score of its imagined rounds per action (:attr:`ExpertBot.objective`: its points
    less the others' mean, less its odds of winning weighed; lower is better)."""
    tried: tuple[int, ...]
    """How many imagined worlds each action was played out in."""

    @property
    def worlds(self) -> int:
        """How many imagined worlds the search finished (those the last actions in the
        race were played out in)."""
        return max(self.tried)

    @property
    def playouts(self) -> int:
        """How many rounds the search played out."""
        return sum(self.tried)

    @property
    def best(self) -> Action:
        """Of the actions still in the race at the end (tried in every world), the one with
        the lowest mean margin (the first on a tie)."""
        worlds = self.worlds
        racing = [index for index, tried in enumerate(self.tried) if tried == worlds]
        return self.actions[min(racing, key=self.margins.__getitem__)]


class ExpertBot:
    """Searches the worlds its view allows; thinks ``think_time`` seconds or ``playouts``.

    ``planners`` are the seats it expects to plan their plays (see :attr:`planners`); the
    others, it expects to shed their heaviest tile, as the casual player does.
    """

    level: ClassVar[str] = "expert"
    description: ClassVar[str] = N_(
        "Reads what the others lack and plays each move out in imagined deals before choosing."
    )

    def __init__(
        self,
        seed: int | None = None,
        think_time: float | None = None,
        playouts: int | None = None,
        planners: Collection[int] = (),
    ) -> None:
        if think_time is not None and think_time <= 0:
            raise ValueError(
                _("think time must be more than 0 seconds, not {seconds}").format(
                    seconds=think_time
                )
            )
        if playouts is not None and playouts < 1:
            raise ValueError(
                _("playouts must be at least 1, not {playouts}").format(playouts=playouts)
            )
        self.rng = random.Random(seed)
        self.playouts = playouts
        self.playout_policy: Callable[[RuleSet], Policy] = casual_policy
        """How every seat plays the imagined rounds out."""
        self.objective: Callable[[SeatView], Scorer] = win_scorer
        """How an imagined round's points score for the view's seat (lower is better)."""
        self.explore: float | None = EXPLORE
        """The UCB1 constant of the search of its own later decisions in the imagined rounds
        (:class:`OwnDecisions`); None: the playout policy makes them."""
        self.planners = frozenset(planners)
        """The seats it expects to plan their plays rather than shed their heaviest tile (the
        hard and expert levels, people: see :func:`~chickenfoot.bots.registry.planners_at`):
        their moves in the imagined rounds come from
        :func:`~chickenfoot.bots.playout.planning_policy`. Its own seat is never one (its own
        later moves are searched)."""
        self.lighter_odds: float | None = LIGHTER_ODDS
        """The odds of its :class:`SheddingModel` (None: deals are not weighed by plays)."""
        self.strict_inference = True
        """Whether its deals first try to give no seat a heavier fitting tile than it played
        (see :class:`HiddenDealer`'s ``strict``)."""
        self.clock: Callable[[], float] = time.perf_counter
        """The clock its think time is measured on (wall-clock time; the benchmark uses the
        process's CPU time to count what a think time gives on an idle core)."""
        self.think_time = (
            think_time if think_time is not None or playouts is not None else DEFAULT_THINK_TIME
        )

    def choose(
        self, view: SeatView, legal: Sequence[Action], should_stop: StopCheck | None = None
    ) -> Action:
        """The action whose imagined rounds end best; a forced action at once."""
        if len(legal) == 1:
            return legal[0]
        appraisal = self.appraise(view, legal, should_stop)
        return appraisal.best if appraisal.worlds else heaviest_play(view, legal, self.rng)

    def playout_for(self, view: SeatView) -> Policy:
        """The policy the imagined rounds of ``view``'s decision are played out with: its
        :attr:`playout_policy`, except for the :attr:`planners` other than the view's seat,
        which plan (:func:`~chickenfoot.bots.playout.planning_policy`)."""
        policy = self.playout_policy(view.rules)
        planners = self.planners - {view.seat}
        return planning_policy(view.rules, planners, policy) if planners else policy

    def appraise(
        self, view: SeatView, legal: Sequence[Action], should_stop: StopCheck | None = None
    ) -> Appraisal:
        """Play the actions of ``legal`` out in imagined worlds, within the budget, dropping
        those clearly behind (:func:`_still_racing`) so the contenders get the worlds left."""
        actions = tuple(legal)
        moves = [core.to_move(action) for action in actions]
        policy = self.playout_for(view)
        utility = self.objective(view)
        model = None if self.lighter_odds is None else SheddingModel(view, self.lighter_odds)
        dealer = HiddenDealer(view, self.rng, model, self.strict_inference)
        play, play_out, from_view = core.play, core.play_out, core.from_view
        own = None if self.explore is None else OwnDecisions(view.seat, policy, self.explore)
        chooser: Policy = policy if own is None else own
        trees = [OwnNode() for _ in moves]
        results: list[list[float]] = [[] for _ in moves]
        racing = list(range(len(moves)))
        worlds = playouts = 0
        next_check = FIRST_CHECK
        budget = self.playouts
        clock = self.clock
        deadline = None if self.think_time is None else clock() + self.think_time
        while True:
            hands, boneyard = dealer.deal()
            start = from_view(view, hands, boneyard)
            margins = []
            for index in racing:
                if should_stop is not None and should_stop():
                    return _appraisal(actions, results)
                if own is not None:
                    own.start(trees[index])
                end = play_out(play(start, moves[index]), chooser)
                margin = utility(core.round_scores(end)[-1])
                if own is not None:
                    own.back_up(margin)
                margins.append(margin)
            worlds += 1
            playouts += len(racing)
            for index, margin in zip(racing, margins, strict=True):
                results[index].append(margin)
            if worlds >= next_check:
                racing = _still_racing(results, racing)
                next_check = worlds + max(1, worlds // CHECK_SPACING)
            if len(racing) == 1:
                break
            if budget is not None and playouts >= budget:
                break
            if deadline is not None and worlds >= MIN_WORLDS and clock() >= deadline:
                break
        return _appraisal(actions, results)


def _appraisal(actions: tuple[Action, ...], results: list[list[float]]) -> Appraisal:
    """The appraisal of ``results`` (per action, its margin in each world it was tried in)."""
    means = tuple(sum(found) / len(found) if found else 0.0 for found in results)
    return Appraisal(actions, means, tuple(len(found) for found in results))


def _still_racing(results: list[list[float]], racing: list[int]) -> list[int]:
    """The actions of ``racing`` still in the race: all but those the leader (the lowest
    mean) beat by :data:`DROP_LEAD` standard errors of their difference world by world, or
    matched in every world (the same move). The last rival of the leader needs
    :data:`CLEAR_LEAD` standard errors to go (that ends the search)."""
    worlds = len(results[racing[0]])
    means = {index: sum(results[index]) / worlds for index in racing}
    leader = min(racing, key=means.__getitem__)
    best = results[leader]
    behind = {}
    for index in racing:
        if index != leader:
            differences = [theirs - ours for theirs, ours in zip(results[index], best, strict=True)]
            mean = sum(differences) / worlds
            spread = sum((difference - mean) ** 2 for difference in differences) / (worlds - 1)
            error = math.sqrt(spread / worlds)
            behind[index] = mean / error if error else math.inf
    kept = [index for index in racing if behind.get(index, 0.0) < DROP_LEAD]
    if len(kept) == 1:
        kept = [index for index in racing if behind.get(index, 0.0) < CLEAR_LEAD]
    return kept
