"""The rules engine's core: the game on lean, immutable positions. Also the fast lane.

Every rule lives here, as pure functions on a :data:`Position`, a plain tuple holding the same
facts as a :class:`~chickenfoot.rules.GameState`, with moves as plain tuples
(``("play", seat, tile, target)``, ``("draw", seat)``, ``("pass", seat)``) instead of action
models. :mod:`chickenfoot.rules.engine` wraps these functions for states, actions and events;
simulations that play many games can call them directly and skip building models::

    from chickenfoot.rules import core

    position = core.new_game(rules, seed=1)
    while not core.is_over(position):
        position = core.play(position, random.choice(core.legal_moves(position)))
    final = core.to_state(position)

Pass a list as ``events`` to :func:`new_game` or :func:`play` to collect the events (the
same models :func:`chickenfoot.rules.apply` returns). An illegal move raises the same
:class:`~chickenfoot.rules.IllegalAction` subclass, with the same message, as the state API.

Every name is used as ``core.NAME``; each lives in one module of this package:

- :mod:`~chickenfoot.rules.core.positions`: the position itself (:class:`RoundTable`, the
  hands as bit sets: :class:`SetBits`), what can be read from it (:func:`turn`,
  :func:`board_of`, :func:`hands`, ...) and :func:`to_state` / :func:`from_state`;
- :mod:`~chickenfoot.rules.core.rounds`: dealing (:func:`new_game`, :func:`shuffled_decks`,
  :func:`check_decks`), starting a round, scoring it, and ending the game;
- :mod:`~chickenfoot.rules.core.moves`: :func:`legal_moves`, :func:`play`, :func:`refusal`:
  every rule of a turn, the hot path;
- :mod:`~chickenfoot.rules.core.imagined`: the positions a computer player imagines from its
  view (:func:`from_view`, :func:`round_only`, :func:`play_out`) and the legal moves asked on
  a view;
- :mod:`~chickenfoot.rules.core.shared`: the events and moves the hot path looks up instead
  of building.

Speed: hands are also kept as bit sets, so "which tiles fit this end" is one AND; each board
carries its open ends worked out from the previous board's; the same fact is the same object
(events, open ends and action models are looked up, not built); and a move builds only the
tuples that change.
"""

from __future__ import annotations

from chickenfoot.rules.actions import Move, to_action, to_move
from chickenfoot.rules.core.imagined import (
    from_view,
    legal_moves_in_view,
    play_out,
    refusal_in_view,
    round_only,
)
from chickenfoot.rules.core.moves import legal_moves, play, refusal
from chickenfoot.rules.core.positions import (
    Deck,
    Hands,
    Position,
    RoundTable,
    SetBits,
    board_of,
    boneyard,
    drawn,
    from_state,
    hand_bits,
    hands,
    history,
    is_over,
    open_ends,
    round_index,
    round_scores,
    round_table,
    set_bits,
    to_state,
    turn,
    view,
)
from chickenfoot.rules.core.rounds import BadDeck, check_decks, new_game, shuffled_decks

__all__ = [
    "BadDeck",
    "Deck",
    "Hands",
    "Move",
    "Position",
    "RoundTable",
    "SetBits",
    "board_of",
    "boneyard",
    "check_decks",
    "drawn",
    "from_state",
    "from_view",
    "hand_bits",
    "hands",
    "history",
    "is_over",
    "legal_moves",
    "legal_moves_in_view",
    "new_game",
    "open_ends",
    "play",
    "play_out",
    "refusal",
    "refusal_in_view",
    "round_index",
    "round_only",
    "round_scores",
    "round_table",
    "set_bits",
    "shuffled_decks",
    "to_action",
    "to_move",
    "to_state",
    "turn",
    "view",
]
