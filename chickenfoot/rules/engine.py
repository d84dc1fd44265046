"""The state API: the rules for game states, actions and events (what UIs and records use).

``apply(state, action)`` returns the next state and the events the action caused; an illegal
action raises an :class:`IllegalAction` subclass that says why (its ``reason`` names the
rule), and nothing changes (states are immutable). ``legal_actions(state)`` is never empty
until the game is over; ``refusal(state, action)`` says why an action is refused, or None.

The rules themselves live in :mod:`chickenfoot.rules.core`, on lean positions and moves; each
function here runs its counterpart there on the state's position and wraps the result in
models. The dealing and every rule are described there.
"""

from __future__ import annotations

from collections.abc import Sequence

from chickenfoot.rules import core
from chickenfoot.rules.actions import Draw, Pass, Play
from chickenfoot.rules.events import Event
from chickenfoot.rules.refusals import IllegalAction
from chickenfoot.rules.ruleset import RuleSet
from chickenfoot.rules.state import GameState, SeatView
from chickenfoot.rules.tiles import Tile


def new_game(
    rules: RuleSet, decks: Sequence[Sequence[Tile]] | None = None, *, seed: int | None = None
) -> tuple[GameState, tuple[Event, ...]]:
    """Start a game: deal round 1 from ``decks`` (one full shuffled set per round).

    Without ``decks`` they are shuffled with ``random.Random(seed)``. Returns the first state
    and the events of the round's start. Raises :class:`BadDeck` for decks that are not one
    full set per round.
    """
    events: list[Event] = []
    position = core.new_game(rules, decks, seed=seed, events=events)
    return core.to_state(position), tuple(events)


def legal_actions(state: GameState) -> tuple[Play | Draw | Pass, ...]:
    """What the seat on turn may do now; empty only when the game is over.

    A seat with a play must play. After drawing a playable tile it must play that tile
    (``must_play``) or may keep it and pass (``may_play``). A seat without a play draws if
    the boneyard allows, and passes otherwise. Plays come open end by open end (in board
    order), each end's tiles in set order.
    """
    return tuple(map(core.to_action, core.legal_moves(core.from_state(state))))


def apply(state: GameState, action: Play | Draw | Pass) -> tuple[GameState, tuple[Event, ...]]:
    """Apply ``action`` to ``state``: the next state and the events it caused.

    Raises an :class:`IllegalAction` subclass naming the problem if the rules forbid it.
    """
    before = core.from_state(state)
    events: list[Event] = []
    position = core.play(before, core.to_move(action), events)
    # A draw or a pass leaves the board as it was: the new state shares the board model.
    same_board = core.board_of(position) is core.board_of(before)
    return core.to_state(position, state.board if same_board else None), tuple(events)


def refusal(state: GameState, action: Play | Draw | Pass) -> IllegalAction | None:
    """Why the rules refuse ``action`` in ``state`` (see :attr:`IllegalAction.reason`), or
    None if it is legal. Nothing changes either way."""
    return core.refusal(core.from_state(state), core.to_move(action))


def legal_in_view(view: SeatView) -> tuple[Play | Draw | Pass, ...]:
    """What the view's seat may do now, worked out from its view alone (the same answer as
    :func:`legal_actions` on the whole state); empty unless the seat is on turn."""
    if view.over or view.turn != view.seat:
        return ()
    return tuple(map(core.to_action, core.legal_moves_in_view(view)))


def refusal_in_view(view: SeatView, action: Play | Draw | Pass) -> IllegalAction | None:
    """Why the rules refuse the view's seat ``action`` (see :func:`refusal`), worked out from
    its view alone; the seat must be on turn."""
    return core.refusal_in_view(view, core.to_move(action))


def round_end(state: GameState, action: Play | Draw | Pass) -> GameState:
    """The table as ``action``, which ends the round in play, leaves it before the next deal:
    the final board, each seat's leftover tiles and the round's scores. The state knows no
    later round, so it is ``over``; raises an :class:`IllegalAction` as :func:`apply` does."""
    return core.to_state(core.play(core.round_only(core.from_state(state)), core.to_move(action)))
