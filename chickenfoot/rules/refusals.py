"""Why the rules refuse an action: :class:`IllegalAction` and its reason codes.

Every refusal carries a machine-readable :data:`Reason` (which rule refused it) beside its
message (the rule in plain words, for developers and saved-game errors). Programs that talk to
players word the reason themselves (see :mod:`chickenfoot.text.describe`), so no screen has
to work out again why a key does nothing: it asks the rules
(:func:`chickenfoot.rules.refusal`) and words the answer.
"""

from __future__ import annotations

from typing import Literal

Reason = Literal[
    "game_over",
    "not_your_turn",
    "not_a_move",
    "tile_not_in_hand",
    "only_the_drawn_tile",
    "arms_first",
    "foot_first",
    "line_closed",
    "no_such_end",
    "does_not_fit",
    "must_play",
    "already_drew",
    "nothing_to_draw",
    "must_play_drawn",
    "draw_first",
]
"""Which rule refuses an action:

- ``game_over``: the game has ended.
- ``not_your_turn``: the action names a seat that is not on turn.
- ``not_a_move``: the move is not written as a move at all.
- ``tile_not_in_hand``: the tile is not in the seat's hand.
- ``only_the_drawn_tile``: the seat drew a playable tile: only that one may be played now.
- ``arms_first``: the centre still needs arms; the target is not the next arm.
- ``foot_first``: a chicken foot waits for toes; the target is not its next toe.
- ``line_closed``: the target line ends in a double (its foot takes the tiles).
- ``no_such_end``: there is no line with that id.
- ``does_not_fit``: the tile carries neither number the end needs.
- ``must_play``: the seat has a play, so it may neither draw nor pass.
- ``already_drew``: the seat drew a playable tile and must play or keep it, not draw again.
- ``nothing_to_draw``: the boneyard has nothing left that may be drawn.
- ``must_play_drawn``: the rules make a playable drawn tile be played: it cannot be kept.
- ``draw_first``: no play, but the boneyard has tiles: draw before passing.
"""


class IllegalAction(ValueError):
    """An action the rules do not allow now; the state is unchanged.

    ``reason`` names the rule (a :data:`Reason`); the message says it in plain words.
    """

    def __init__(self, reason: Reason, message: str) -> None:
        super().__init__(message)
        self.reason: Reason = reason


class GameIsOver(IllegalAction):
    """The game has ended: no action is possible."""


class NotYourTurn(IllegalAction):
    """The action names a seat that is not on turn."""


class TileNotInHand(IllegalAction):
    """The tile to play is not in the seat's hand."""


class CannotPlayThere(IllegalAction):
    """The tile does not fit the target, or the target is not open now."""


class MustPlay(IllegalAction):
    """The seat has a legal play (or a drawn tile to play), so it may not draw or pass."""


class CannotDraw(IllegalAction):
    """Nothing can be drawn, or the seat already drew a playable tile."""
