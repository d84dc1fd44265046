"""Whole games between computer players, played headlessly, and their statistics.

:func:`play_game` is the lean loop the ``simulate`` command and the benchmarks use. It plays
on the rules' fast lane (:mod:`chickenfoot.rules.core`: positions and plain-tuple moves, no
model built per move): a forced move (only one legal move) is made without asking the
strategy; a :class:`~chickenfoot.bots.base.BlindStrategy` picks among the moves directly;
any other strategy gets its seat's :class:`~chickenfoot.rules.SeatView` and the legal
actions, as in a live game. :class:`Tally` adds results up per seat.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property

from chickenfoot.bots.base import Strategy
from chickenfoot.rules import Action, GameState, RuleSet, Tile, core, rank


@dataclass(frozen=True)
class GameResult:
    """How one game ended: the final state, every move in order, and the winning seats."""

    state: GameState
    moves: tuple[core.Move, ...]
    winners: tuple[int, ...]

    @cached_property
    def actions(self) -> tuple[Action, ...]:
        """Every move as an action model, in order (for saving the game)."""
        return tuple(map(core.to_action, self.moves))

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's final score (lower is better)."""
        return self.state.totals


def play_game(
    rules: RuleSet, strategies: Sequence[Strategy], decks: Sequence[Sequence[Tile]]
) -> GameResult:
    """Play a whole game of ``rules`` from ``decks``, seat ``i`` choosing with ``strategies[i]``.

    Raises ``ValueError`` if there is not one strategy per seat, and the engine's
    ``IllegalAction`` if a strategy returns an action that is not legal.
    """
    if len(strategies) != rules.players:
        raise ValueError(f"{len(strategies)} strategies for {rules.players} seats: one per seat")
    blind = [getattr(strategy, "choose_blind", None) for strategy in strategies]
    legal_moves = core.legal_moves
    play = core.play
    position = core.new_game(rules, decks)
    moves: list[core.Move] = []
    while not core.is_over(position):
        legal = legal_moves(position)
        if len(legal) == 1:
            move = legal[0]
        else:
            seat = core.turn(position)
            choose_blind = blind[seat]  # set for a BlindStrategy
            if choose_blind is not None:
                move = choose_blind(legal)
            else:
                move = _choose_from_view(strategies[seat], position, legal)
        position = play(position, move)
        moves.append(move)
    state = core.to_state(position)
    _ranking, winners, _decided_by = rank(rules, state.round_scores)
    return GameResult(state=state, moves=tuple(moves), winners=winners)


def _choose_from_view(
    strategy: Strategy, position: core.Position, legal: tuple[core.Move, ...]
) -> core.Move:
    """The move ``strategy`` picks from its seat's view and the legal actions."""
    view = core.view(position, core.turn(position))
    return core.to_move(strategy.choose(view, tuple(map(core.to_action, legal))))


@dataclass
class Tally:
    """Per-seat statistics over many games.

    A win shared by ``k`` seats counts ``1/k`` to each in :attr:`win_shares`, and is also
    counted whole in :attr:`shared_wins`; :attr:`outright_wins` counts only sole wins, so
    ``outright + shares of shared wins = win_shares`` and the win shares sum to the games.
    """

    players: int
    games: int = 0
    actions: int = 0
    outright_wins: list[int] = field(default_factory=list)
    shared_wins: list[int] = field(default_factory=list)
    win_shares: list[float] = field(default_factory=list)
    score_sums: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        for counts in (self.outright_wins, self.shared_wins, self.win_shares, self.score_sums):
            if not counts:
                counts.extend([0] * self.players)

    def add(self, result: GameResult) -> None:
        """Count one finished game."""
        self.games += 1
        self.actions += len(result.moves)
        winners = result.winners
        share = 1 / len(winners)
        for seat in winners:
            self.win_shares[seat] += share
            if len(winners) == 1:
                self.outright_wins[seat] += 1
            else:
                self.shared_wins[seat] += 1
        for seat, total in enumerate(result.totals):
            self.score_sums[seat] += total

    @property
    def mean_scores(self) -> tuple[float, ...]:
        """Each seat's mean final score; zeros before any game."""
        return tuple(total / self.games if self.games else 0.0 for total in self.score_sums)

    @property
    def mean_actions(self) -> float:
        """Mean number of actions per game; zero before any game."""
        return self.actions / self.games if self.games else 0.0
