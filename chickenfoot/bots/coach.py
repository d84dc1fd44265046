"""The coach: every decision of a game judged from what its seat could know, and its luck apart.

For each decision of a seat (a turn with two or more legal actions) the coach asks what the
expert asks before it moves: it deals the tiles the seat could not see again and again, in
the ways the seat's own view allowed at that moment (:class:`~chickenfoot.bots.sampling.
HiddenDealer` and :class:`~chickenfoot.bots.sampling.SheddingModel`, as the expert does),
and plays the round out in each imagined deal after every legal action: the other seats as
the expert expects them to play, the seat itself as a player who plans its plays
(:func:`~chickenfoot.bots.playout.planning_policy`). The actions race as in the expert's
search (one clearly behind leaves the race, within a budget of playouts); the one whose
rounds ended best is the **best move**. When the action made was not it, the two are played
out again in fresh imagined deals, and the **expected loss** of the action made is how many
points of round margin it gave away against the best one there, on average, with its
standard error: the difference is taken deal by deal, so the luck of the deals cancels, and
the fresh deals keep the race's luck (which made the winner look better than it is) out of
the loss. It never reads a hidden hand: only the seat's view and the coach's own seeded
generators decide a verdict, so the same public history and hand always get the same verdict
(the tests swap the other seats' hidden tiles and check it).

**Points, not win chance.** The loss is measured in points of the round margin: the seat's
points less the mean of the others' (lower is better), which is what a round adds to its
final score against the table. Points are what the game counts, they add up over a game
("your moves gave away 23 points"), and a round's points are exact at its end; a win chance
would rest on a model of the rounds still to come, and is flat early in a long game, so a
move that costs ten points would show as nearly nothing. The expert plays for its win chance
late in a game; judged by points, a safe move that guards a lead may show a small loss.

**Marks** (:func:`mark`): a loss under :data:`DOUBTFUL` points, or within
:data:`SIGNIFICANCE` standard errors of nothing, is ``fine``; then ``doubtful``, ``bad``
from :data:`BAD` and ``very_bad`` from :data:`VERY_BAD` points (docs/bots.md says how the
thresholds were measured).

**Luck** (:meth:`Coach.round_luck`), per seat and round, in points in the seat's favour:
its **deal** (the expected round margin of an average deal, from the same public start,
less that of the hand it was dealt) and its **draws** (for each tile it drew, the expected
margin had it drawn any tile it could have drawn, less that with the tile it drew: the same
imagined deal is played out twice, once with the drawn tile swapped to the top of the
boneyard). Every seat plays those rounds out as the expert expects it to; the seat itself
as a player who plans (:func:`~chickenfoot.bots.playout.planning_policy`), so its luck does
not depend on how well it played.

A game's **result** for a seat (the others' mean total less its own) then splits into its
skill (the points its decisions gave away, negative), its luck, and the rest: what the
others' play and tiles did (:class:`SeatSummary`).

Deterministic: the same game, seed and budget give the same analysis on any machine (each
decision and each round's luck has a generator of its own, seeded from the seed and its
place, so one move analysed alone gets the verdict the whole game's analysis gives it).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from statistics import fmean, stdev
from typing import Literal

from chickenfoot.bots.base import StopCheck
from chickenfoot.bots.expert import CHECK_SPACING, FIRST_CHECK, LIGHTER_ODDS, _still_racing
from chickenfoot.bots.hints import Hint, explain
from chickenfoot.bots.playout import Policy, casual_policy, planning_policy
from chickenfoot.bots.registry import planners_at
from chickenfoot.bots.sampling import HiddenDealer, SheddingModel
from chickenfoot.lang import _
from chickenfoot.rules import Action, RuleSet, SeatView, Tile, core

DEFAULT_BUDGET = 400
"""Playouts a decision is given at most (the search ends sooner once one action is clearly
ahead): see docs/bots.md for what it costs and how much its verdicts move."""

VERIFY_WORLDS = 48
"""Fresh imagined deals the action made and the best one are played out in, to measure the
loss of an action that was not the best (the deals that chose the best would flatter it)."""

LUCK_WORLDS = 48
"""Imagined deals played out for each luck figure: a round's deal, each draw."""

DOUBTFUL = 2.0
"""Points of expected loss from which a decision is doubtful."""
BAD = 5.0
"""Points of expected loss from which a decision is bad."""
VERY_BAD = 10.0
"""Points of expected loss from which a decision is very bad."""
SIGNIFICANCE = 2.0
"""Standard errors the loss must stand above nothing to mark a decision at all."""

Mark = Literal["fine", "doubtful", "bad", "very_bad"]
"""How a decision is judged, best first."""

MARKS: tuple[Mark, ...] = ("fine", "doubtful", "bad", "very_bad")
"""Every mark, best first."""

Progress = Callable[[int, int], None]
"""Told ``(done, total)`` after each piece of an analysis."""


def mark(loss: float, error: float) -> Mark:
    """The mark of a decision that lost ``loss`` points, known to ``error`` (one standard
    error): ``fine`` under :data:`DOUBTFUL` points or within :data:`SIGNIFICANCE` errors of
    nothing, else ``doubtful``, ``bad`` from :data:`BAD`, ``very_bad`` from :data:`VERY_BAD`."""
    if loss < DOUBTFUL or loss <= SIGNIFICANCE * error:
        return "fine"
    if loss < BAD:
        return "doubtful"
    return "bad" if loss < VERY_BAD else "very_bad"


class AnalysisStopped(Exception):
    """The analysis was asked to stop (its ``should_stop`` said so) before it ended."""


@dataclass(frozen=True)
class Decision:
    """One decision of a seat, judged: what it did, the best move, and the points it lost."""

    index: int
    """How many actions the game had before it (the state it was taken in)."""
    seat: int
    round_index: int
    made: Action
    best: Action
    loss: float
    """Expected points of round margin the action made gave away against the best one,
    measured in fresh imagined deals (0 when it was the best; a little below 0 when the two
    came out as good there)."""
    error: float
    """The standard error of :attr:`loss` over the fresh imagined deals (0 when the action
    made was the best)."""
    options: int
    """How many legal actions there were."""
    drawn: Tile | None
    """The playable tile the seat had just drawn (a pass then keeps it), if any."""
    worlds: int
    """How many fresh imagined deals measured the loss (0 when the action made was the
    best)."""
    better: Hint | None
    """Why the best move is good, in the hint's terms (None when the action made was it)."""

    @property
    def mark(self) -> Mark:
        """How the decision is judged (see :func:`mark`)."""
        return mark(self.loss, self.error)


@dataclass(frozen=True)
class RoundLuck:
    """How good a seat's tiles were in one round, in points in its favour."""

    seat: int
    round_index: int
    deal: float
    """Its dealt hand against an average deal from the same public start."""
    draws: float
    """Its draws against drawing any tile it could have drawn, added up."""
    drawn: int
    """How many tiles it drew (each judged)."""
    result: float | None
    """Its round result in its favour (the others' mean points less its own); None while the
    round is unfinished."""

    @property
    def luck(self) -> float:
        """Its deal and its draws together."""
        return self.deal + self.draws


@dataclass(frozen=True)
class SeatSummary:
    """One seat's analysis added up: its decisions' marks and losses, its luck, its result."""

    seat: int
    decisions: tuple[Decision, ...]
    luck: tuple[RoundLuck, ...]

    @property
    def marks(self) -> dict[Mark, int]:
        """How many decisions got each mark (every mark listed, best first)."""
        counts = dict.fromkeys(MARKS, 0)
        for decision in self.decisions:
            counts[decision.mark] += 1
        return counts

    @property
    def lost(self) -> float:
        """The points its decisions gave away in all."""
        return sum(decision.loss for decision in self.decisions)

    @property
    def error_per_decision(self) -> float:
        """The mean points given away per decision (0 without a decision)."""
        return self.lost / len(self.decisions) if self.decisions else 0.0

    @property
    def skill(self) -> float:
        """Its skill in points in its favour: minus what its decisions gave away."""
        return -self.lost

    @property
    def total_luck(self) -> float:
        """Its deals and draws in points in its favour, added over the rounds."""
        return sum(round_luck.luck for round_luck in self.luck)

    @property
    def result(self) -> float:
        """Its result over the finished rounds: the others' mean points less its own."""
        return sum(luck.result for luck in self.luck if luck.result is not None)

    @property
    def finished(self) -> frozenset[int]:
        """The rounds (0-based) of its luck that are over."""
        return frozenset(luck.round_index for luck in self.luck if luck.result is not None)

    @property
    def finished_skill(self) -> float:
        """Its skill over the finished rounds only (the part of its result its moves made)."""
        finished = self.finished
        return -sum(d.loss for d in self.decisions if d.round_index in finished)

    @property
    def finished_luck(self) -> float:
        """Its luck over the finished rounds only (the part of its result its tiles made)."""
        return sum(luck.luck for luck in self.luck if luck.result is not None)

    @property
    def rest(self) -> float:
        """What is left of its result once its skill and its luck are taken out: the others'
        play and tiles (finished rounds only), so that ``result = finished_skill +
        finished_luck + rest``."""
        return self.result - self.finished_skill - self.finished_luck

    def worst(self, count: int = 3) -> tuple[Decision, ...]:
        """Its ``count`` costliest decisions that are not fine, costliest first."""
        marked = [decision for decision in self.decisions if decision.mark != "fine"]
        return tuple(sorted(marked, key=lambda decision: -decision.loss)[:count])


@dataclass(frozen=True)
class GameAnalysis:
    """The analysis of some seats of a game: every decision judged, every round's luck."""

    seats: tuple[int, ...]
    decisions: tuple[Decision, ...]
    luck: tuple[RoundLuck, ...]
    budget: int
    seed: int

    def summary(self, seat: int) -> SeatSummary:
        """Seat ``seat``'s analysis added up."""
        return SeatSummary(
            seat,
            tuple(decision for decision in self.decisions if decision.seat == seat),
            tuple(luck for luck in self.luck if luck.seat == seat),
        )


class Coach:
    """Judges the decisions and the luck of the seats of one game.

    ``rules``, ``decks`` and ``actions`` are the game (its record's); ``lineup`` is every
    seat's computer level in seat order, None for a person (the imagined rounds play each seat
    as the expert expects it to: see :func:`~chickenfoot.bots.registry.planners_at`).
    ``budget`` is the playouts a decision is given at most, ``seed`` fixes every imagined deal.
    The game is replayed once, when the coach is made (``IllegalAction`` for a move the rules
    forbid).
    """

    def __init__(
        self,
        rules: RuleSet,
        decks: Sequence[Sequence[Tile]],
        actions: Sequence[Action],
        lineup: Sequence[str | None],
        *,
        budget: int = DEFAULT_BUDGET,
        seed: int = 0,
        verify_worlds: int = VERIFY_WORLDS,
        luck_worlds: int = LUCK_WORLDS,
    ) -> None:
        if budget < 1:
            raise ValueError(
                _("the budget must be at least 1 playout, not {budget}").format(budget=budget)
            )
        if verify_worlds < 2 or luck_worlds < 2:
            raise ValueError(_("a figure needs at least 2 imagined deals"))
        self.rules = rules
        self.budget = budget
        self.seed = seed
        self.verify_worlds = verify_worlds
        self.luck_worlds = luck_worlds
        self.planners = planners_at(lineup)
        self.moves = tuple(map(core.to_move, actions))
        position = core.new_game(rules, decks)
        positions = [position]
        round_starts = [0]
        for move in self.moves:
            position = core.play(position, move)
            if not core.is_over(position) and core.round_index(position) != core.round_index(
                positions[-1]
            ):
                round_starts.append(len(positions))
            positions.append(position)
        self.positions = tuple(positions)
        """The position before each action, and after the last."""
        self.round_starts = tuple(round_starts)
        """The index of each round's deal among :attr:`positions`."""
        self._judged: dict[int, Decision | None] = {}
        self._luck: dict[tuple[int, int], RoundLuck] = {}

    # ----- what there is to analyse -----------------------------------------------------------

    def decision_indices(
        self, seats: Collection[int], skip_rounds: Collection[int] = ()
    ) -> tuple[int, ...]:
        """The places of the decisions of ``seats`` (turns with a choice), outside the rounds
        ``skip_rounds`` (0-based), in order."""
        found = []
        for index, move in enumerate(self.moves):
            position = self.positions[index]
            if move[1] not in seats or core.round_index(position) in skip_rounds:
                continue
            if len(core.legal_moves_in_view(core.view(position, move[1]))) > 1:
                found.append(index)
        return tuple(found)

    def round_at(self, index: int) -> int:
        """The round (0-based) in play after the first ``index`` actions."""
        return core.round_index(self.positions[index])

    def rounds_of(self, skip_rounds: Collection[int] = ()) -> tuple[int, ...]:
        """The rounds dealt so far (0-based), less ``skip_rounds``."""
        return tuple(r for r in range(len(self.round_starts)) if r not in skip_rounds)

    # ----- one decision ------------------------------------------------------------------------

    def judge(self, index: int, should_stop: StopCheck | None = None) -> Decision | None:
        """The verdict on the action at ``index`` (how many actions came before it), from its
        seat's view then; None when it had no choice. Raises :class:`AnalysisStopped` when
        ``should_stop`` says so, and ``IndexError`` outside the game. A verdict is kept: asked
        again (an analysis stopped and started again), it is not worked out again."""
        if index not in self._judged:
            self._judged[index] = self._judge(index, should_stop)
        return self._judged[index]

    def _judge(self, index: int, should_stop: StopCheck | None) -> Decision | None:
        made = self.moves[index]
        seat = made[1]
        view = core.view(self.positions[index], seat)
        moves = core.legal_moves_in_view(view)
        if len(moves) < 2:
            return None
        best = self._race(
            view, moves, random.Random(f"coach {self.seed} decision {index}"), should_stop
        )
        actions = tuple(map(core.to_action, moves))
        made_at = moves.index(made)
        loss = error = 0.0
        worlds = 0
        if best != made_at:
            rng = random.Random(f"coach {self.seed} check {index}")
            differences = self._compare(view, made, moves[best], rng, should_stop)
            worlds = len(differences)
            loss = fmean(differences)
            error = stdev(differences) / worlds**0.5
        return Decision(
            index=index,
            seat=seat,
            round_index=view.round_index,
            made=actions[made_at],
            best=actions[best],
            loss=loss,
            error=error,
            options=len(moves),
            drawn=view.drawn,
            worlds=worlds,
            better=None if best == made_at else explain(view, actions[best], actions),
        )

    def _policy(self, seat: int, planners: frozenset[int]) -> Policy:
        """How the imagined rounds are played out for ``seat``: casual players shed their
        heaviest tile, ``planners`` (but ``seat``) plan as the hard player does."""
        base = casual_policy(self.rules)
        others = planners - {seat}
        return planning_policy(self.rules, others, base) if others else base

    def _race(
        self,
        view: SeatView,
        moves: tuple[core.Move, ...],
        rng: random.Random,
        should_stop: StopCheck | None,
    ) -> int:
        """The best of ``moves``: each is played out in the same imagined deals until the
        budget is spent or one is clearly ahead (the expert's successive rejection); the one
        with the lowest mean margin among those played out in every deal."""
        seat = view.seat
        policy = self._policy(-1, self.planners | {seat})
        dealer = HiddenDealer(view, rng, SheddingModel(view, LIGHTER_ODDS), strict=True)
        results: list[list[float]] = [[] for _ in moves]
        racing = list(range(len(moves)))
        worlds = playouts = 0
        next_check = FIRST_CHECK
        while len(racing) > 1 and playouts < self.budget:
            _check(should_stop)
            start = _imagined(view, dealer)
            for index in racing:
                results[index].append(_margin(seat, _played_out(start, moves[index], policy)))
            worlds += 1
            playouts += len(racing)
            if worlds >= next_check:
                racing = _still_racing(results, racing)
                next_check = worlds + max(1, worlds // CHECK_SPACING)
        return min(racing, key=lambda index: fmean(results[index]))

    def _compare(
        self,
        view: SeatView,
        made: core.Move,
        best: core.Move,
        rng: random.Random,
        should_stop: StopCheck | None,
    ) -> list[float]:
        """How much worse ``made`` ended than ``best`` in each of :attr:`verify_worlds` fresh
        imagined deals (positive: worse)."""
        seat = view.seat
        policy = self._policy(-1, self.planners | {seat})
        dealer = HiddenDealer(view, rng, SheddingModel(view, LIGHTER_ODDS), strict=True)
        differences = []
        for _world in range(self.verify_worlds):
            _check(should_stop)
            start = _imagined(view, dealer)
            mine = _margin(seat, _played_out(start, made, policy))
            differences.append(mine - _margin(seat, _played_out(start, best, policy)))
        return differences

    # ----- luck --------------------------------------------------------------------------------

    def round_luck(
        self, seat: int, round_index: int, should_stop: StopCheck | None = None
    ) -> RoundLuck:
        """How good ``seat``'s deal and draws were in round ``round_index`` (0-based), from its
        own view at each moment. Raises :class:`AnalysisStopped` when ``should_stop`` says so,
        ``IndexError`` for a round not dealt. Kept once worked out, as a verdict is."""
        if (seat, round_index) not in self._luck:
            self._luck[seat, round_index] = self._round_luck(seat, round_index, should_stop)
        return self._luck[seat, round_index]

    def _round_luck(self, seat: int, round_index: int, should_stop: StopCheck | None) -> RoundLuck:
        start = self.round_starts[round_index]
        end = (
            self.round_starts[round_index + 1]
            if round_index + 1 < len(self.round_starts)
            else len(self.moves)
        )
        rng = random.Random(f"coach {self.seed} luck {seat} {round_index}")
        policy = self._policy(-1, self.planners | {seat})
        deal = self._deal_luck(core.view(self.positions[start], seat), policy, rng, should_stop)
        draws = 0.0
        drawn = 0
        for index in range(start, end):
            if self.moves[index] == ("draw", seat):
                tile = core.hands(self.positions[index + 1])[seat][-1]
                view = core.view(self.positions[index], seat)
                draws += self._draw_luck(view, tile, policy, rng, should_stop)
                drawn += 1
        scores = core.round_scores(self.positions[-1])
        result = _margin(seat, scores[round_index]) if round_index < len(scores) else None
        return RoundLuck(seat, round_index, deal, draws, drawn, None if result is None else -result)

    def _deal_luck(
        self, view: SeatView, policy: Policy, rng: random.Random, should_stop: StopCheck | None
    ) -> float:
        """Points in the seat's favour its dealt hand was worth against an average deal: each
        imagined deal is played out as dealt, and again with all its tiles, the seat's own
        hand among them, dealt anew in the same counts."""
        dealer = HiddenDealer(view, rng)
        seat = view.seat
        counts = view.hand_counts
        differences = []
        for _world in range(self.luck_worlds):
            _check(should_stop)
            hands, boneyard = dealer.deal()
            dealt = _margin(seat, _played_out(core.from_view(view, hands, boneyard), None, policy))
            pool = [tile for hand in hands for tile in hand] + list(boneyard)
            rng.shuffle(pool)
            redealt: list[tuple[Tile, ...]] = []
            for count in counts:
                redealt.append(tuple(pool[:count]))
                del pool[:count]
            average_view = view.model_copy(update={"hand": redealt[seat]})
            position = core.from_view(average_view, redealt, pool)
            differences.append(_margin(seat, _played_out(position, None, policy)) - dealt)
        return fmean(differences)

    def _draw_luck(
        self,
        view: SeatView,
        tile: Tile,
        policy: Policy,
        rng: random.Random,
        should_stop: StopCheck | None,
    ) -> float:
        """Points in the seat's favour drawing ``tile`` was worth against drawing any tile it
        could have: each imagined deal before the draw is played out from the draw as dealt,
        and again with ``tile`` swapped to the top of the boneyard."""
        dealer = HiddenDealer(view, rng, SheddingModel(view, LIGHTER_ODDS), strict=True)
        seat = view.seat
        draw: core.Move = ("draw", seat)
        differences = []
        for _world in range(self.luck_worlds):
            _check(should_stop)
            hands, boneyard = dealer.deal()
            position = core.from_view(view, hands, boneyard)
            any_tile = _margin(seat, _played_out(position, draw, policy))
            swapped_hands, swapped_boneyard = _with_on_top(hands, boneyard, tile)
            position = core.from_view(view, swapped_hands, swapped_boneyard)
            this_tile = _margin(seat, _played_out(position, draw, policy))
            differences.append(any_tile - this_tile)
        return fmean(differences)

    # ----- a whole game ------------------------------------------------------------------------

    def analyse(
        self,
        seats: Collection[int],
        skip_rounds: Collection[int] = (),
        progress: Progress | None = None,
        should_stop: StopCheck | None = None,
    ) -> GameAnalysis | None:
        """Every decision and every round's luck of ``seats``, outside ``skip_rounds``;
        ``progress`` is told how far it got after each piece. None if ``should_stop`` stopped
        it."""
        indices = self.decision_indices(seats, skip_rounds)
        rounds = [(seat, r) for r in self.rounds_of(skip_rounds) for seat in sorted(seats)]
        total = len(indices) + len(rounds)
        done = 0
        decisions = []
        luck = []
        try:
            for index in indices:
                decision = self.judge(index, should_stop)
                if decision is not None:
                    decisions.append(decision)
                done += 1
                if progress is not None:
                    progress(done, total)
            for seat, round_index in rounds:
                luck.append(self.round_luck(seat, round_index, should_stop))
                done += 1
                if progress is not None:
                    progress(done, total)
        except AnalysisStopped:
            return None
        return GameAnalysis(
            tuple(sorted(seats)), tuple(decisions), tuple(luck), self.budget, self.seed
        )


def _check(should_stop: StopCheck | None) -> None:
    if should_stop is not None and should_stop():
        raise AnalysisStopped


def _margin(seat: int, points: Sequence[int]) -> float:
    """``seat``'s points less the others' mean (lower is better for it)."""
    others = (sum(points) - points[seat]) / (len(points) - 1)
    return points[seat] - others


def _imagined(view: SeatView, dealer: HiddenDealer) -> core.Position:
    """The position of ``view`` with the hidden tiles as ``dealer`` deals them next."""
    hands, boneyard = dealer.deal()
    return core.from_view(view, hands, boneyard)


def _played_out(
    position: core.Position, first: core.Move | None, policy: Policy
) -> tuple[int, ...]:
    """The points of the round in play at ``position``, ``first`` made (if given) and the
    rest played out with ``policy``."""
    if first is not None:
        position = core.play(position, first)
    return core.round_scores(core.play_out(position, policy))[-1]


def _with_on_top(
    hands: Sequence[Sequence[Tile]], boneyard: Sequence[Tile], tile: Tile
) -> tuple[list[tuple[Tile, ...]], list[Tile]]:
    """``hands`` and ``boneyard`` with ``tile`` swapped with the boneyard's top tile (from
    wherever it was dealt: another hand or lower in the boneyard)."""
    top = boneyard[0]
    new_boneyard = list(boneyard)
    new_hands = [tuple(hand) for hand in hands]
    if tile in new_boneyard:
        place = new_boneyard.index(tile)
        new_boneyard[0], new_boneyard[place] = tile, top
    else:
        holder = next(seat for seat, hand in enumerate(new_hands) if tile in hand)
        new_hands[holder] = tuple(top if held == tile else held for held in new_hands[holder])
        new_boneyard[0] = tile
    return new_hands, new_boneyard
