"""Whole games between computer players, played headlessly, and their statistics.

:func:`play_game` is the lean loop the ``simulate`` command and the benchmarks use:
``new_game`` from the given decks, then ``legal_actions``, the seat's strategy choosing from
its own :class:`~chickenfoot.rules.SeatView`, and ``apply``, until the game is over. A forced
move (only one legal action) is taken without asking the strategy: the choice is not its to
make, and skipping the view saves time. :class:`Tally` adds results up per seat.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from chickenfoot.bots.base import Strategy
from chickenfoot.rules import (
    Action,
    GameOver,
    GameState,
    RuleSet,
    Tile,
    apply,
    legal_actions,
    new_game,
)


@dataclass(frozen=True)
class GameResult:
    """How one game ended: the final state, every action in order, and the winning seats."""

    state: GameState
    actions: tuple[Action, ...]
    winners: tuple[int, ...]

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
    state, events = new_game(rules, decks)
    actions: list[Action] = []
    while not state.over:
        legal = legal_actions(state)
        if len(legal) == 1:
            action = legal[0]
        else:
            seat = state.turn
            action = strategies[seat].choose(state.view(seat), legal)
        state, events = apply(state, action)
        actions.append(action)
    winners = next(event.winners for event in events if isinstance(event, GameOver))
    return GameResult(state=state, actions=tuple(actions), winners=winners)


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
        self.actions += len(result.actions)
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
