"""What a seat can do on its turn: play a tile on an open end, draw, or pass.

Actions are a tagged union (the ``kind`` field), so the same types validate user input,
drive the UI and are written into saved games. Every action names the seat that takes it,
so a record checks itself: an action by the wrong seat is an illegal move.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from chickenfoot.rules._frozen import FrozenModel
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

ACTION_ADAPTER: TypeAdapter[Play | Draw | Pass] = TypeAdapter(Action)

_PLAYS: dict[tuple[int, int, int, str], Play] = {}
"""Every play built so far, by (seat, low, high, target): the engine reuses them."""
_DRAWS: dict[int, Draw] = {}
_PASSES: dict[int, Pass] = {}


def play(seat: int, tile: Tile, target: str) -> Play:
    """The (shared, immutable) action of ``seat`` playing ``tile`` on ``target``."""
    key = (seat, tile.low, tile.high, target)
    action = _PLAYS.get(key)
    if action is None:
        action = _PLAYS[key] = Play._trusted(kind="play", seat=seat, tile=tile, target=target)
    return action


def draw(seat: int) -> Draw:
    """The (shared, immutable) action of ``seat`` drawing."""
    action = _DRAWS.get(seat)
    if action is None:
        action = _DRAWS[seat] = Draw._trusted(kind="draw", seat=seat)
    return action


def pass_turn(seat: int) -> Pass:
    """The (shared, immutable) action of ``seat`` passing."""
    action = _PASSES.get(seat)
    if action is None:
        action = _PASSES[seat] = Pass._trusted(kind="pass", seat=seat)
    return action
