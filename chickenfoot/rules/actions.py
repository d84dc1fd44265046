"""What a seat can do on its turn: play a tile on an open end, draw, or pass.

Actions are a tagged union (the ``kind`` field), so the same types validate user input,
drive the UI and are written into saved games. Every action names the seat that takes it,
so a record checks itself: an action by the wrong seat is an illegal move.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import ConfigDict, Field, TypeAdapter

from chickenfoot.rules._frozen import FrozenModel, SharedValues
from chickenfoot.rules.tiles import Tile, TileField


class Play(FrozenModel):
    """Play ``tile`` from the hand on the open end ``target`` (a line id such as 'B.2')."""

    kind: Literal["play"] = "play"
    seat: int = Field(ge=0)
    tile: TileField
    target: str

    def __str__(self) -> str:
        return f"seat {self.seat} plays {self.tile} on {self.target}"


class Draw(FrozenModel):
    """Draw a tile from the boneyard (only a seat with no legal play may)."""

    kind: Literal["draw"] = "draw"
    seat: int = Field(ge=0)

    def __str__(self) -> str:
        return f"seat {self.seat} draws"


class Pass(FrozenModel):
    """End the turn without playing: nothing to draw, or (where allowed) keep the drawn tile."""

    kind: Literal["pass"] = "pass"
    seat: int = Field(ge=0)

    def __str__(self) -> str:
        return f"seat {self.seat} passes"


Action = Annotated[Play | Draw | Pass, Field(discriminator="kind")]
"""Any action; validate outside input with :data:`ACTION_ADAPTER`."""

ACTION_ADAPTER: TypeAdapter[Play | Draw | Pass] = TypeAdapter(
    Action, config=ConfigDict(defer_build=True)
)
"""Built on first use, like every model of the rules (see :class:`FrozenModel`)."""


def _build_play(key: tuple[int, Tile, str]) -> Play:
    seat, tile, target = key
    return Play._trusted(kind="play", seat=seat, tile=tile, target=target)


_PLAYS: SharedValues[tuple[int, Tile, str], Play] = SharedValues(_build_play)
"""Every play handed out, by (seat, tile, target): the engine reuses them."""
_DRAWS: SharedValues[int, Draw] = SharedValues(lambda seat: Draw._trusted(kind="draw", seat=seat))
_PASSES: SharedValues[int, Pass] = SharedValues(lambda seat: Pass._trusted(kind="pass", seat=seat))


Move = tuple[str, int] | tuple[str, int, Tile, str]
"""An action as a plain tuple, for the rules core: ``("play", seat, tile, target)``,
``("draw", seat)`` or ``("pass", seat)``; :func:`to_action` and :func:`to_move` convert."""


def _action_of(move: Move) -> Play | Draw | Pass:
    if move[0] == "play":
        return _PLAYS[move[1:]]  # type: ignore[index]
    return (_DRAWS if move[0] == "draw" else _PASSES)[move[1]]


_ACTIONS: SharedValues[Move, Play | Draw | Pass] = SharedValues(_action_of)


def to_action(move: Move) -> Play | Draw | Pass:
    """The (shared, immutable) action model of ``move``."""
    return _ACTIONS[move]


def to_move(action: Play | Draw | Pass) -> Move:
    """The move of an action model."""
    if action.kind == "play":
        return ("play", action.seat, action.tile, action.target)
    return (action.kind, action.seat)


def play(seat: int, tile: Tile, target: str) -> Play:
    """The (shared, immutable) action of ``seat`` playing ``tile`` on ``target``."""
    return _PLAYS[seat, Tile(*tile), target]


def draw(seat: int) -> Draw:
    """The (shared, immutable) action of ``seat`` drawing."""
    return _DRAWS[seat]


def pass_turn(seat: int) -> Pass:
    """The (shared, immutable) action of ``seat`` passing."""
    return _PASSES[seat]
