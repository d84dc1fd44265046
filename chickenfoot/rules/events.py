"""What happened: the events ``apply`` returns, for the UI to show and announce.

Events are a tagged union on ``kind``. They carry everything a screen needs: which seat did
what, where on the board, and the round and game results. A drawn tile is secret: the event
holds it, and :func:`visible_to` replaces it with ``None`` for every other seat.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from chickenfoot.rules._frozen import FrozenModel
from chickenfoot.rules.tiles import TileField


class RoundStarted(FrozenModel):
    """A round began: its double, who placed it and who plays first."""

    kind: Literal["round_started"] = "round_started"
    round: int = Field(description="1-based round number.")
    double: int = Field(description="Value of the round's double.")
    placed_by: int = Field(description="Seat that found or held the double and placed it.")
    first_player: int = Field(description="Seat that plays the first tile after the double.")
    search_draws: int = Field(description="Tiles drawn while looking for the double.")


class TileDrawn(FrozenModel):
    """A seat drew a tile. ``tile`` is None in the copy other seats see."""

    kind: Literal["tile_drawn"] = "tile_drawn"
    seat: int
    tile: TileField | None
    searching: bool = Field(False, description="Drawn while looking for the round's double.")


class TilePlayed(FrozenModel):
    """A seat played a tile on the end ``target``; ``end`` is the number now showing there."""

    kind: Literal["tile_played"] = "tile_played"
    seat: int
    tile: TileField
    target: str
    end: int


class ArmStarted(FrozenModel):
    """A tile started a new arm on the centre double."""

    kind: Literal["arm_started"] = "arm_started"
    seat: int
    target: str
    arms: int = Field(description="Arms on the centre now.")
    arms_required: int


class FootOpened(FrozenModel):
    """A double was played on ``target``: three toes of ``value`` must follow before anything."""

    kind: Literal["foot_opened"] = "foot_opened"
    seat: int
    target: str
    value: int


class FootCompleted(FrozenModel):
    """The third toe was played; every open end is playable again."""

    kind: Literal["foot_completed"] = "foot_completed"
    seat: int
    target: str
    value: int


class Passed(FrozenModel):
    """A seat's turn ended without a play.

    ``reason``: ``drew_unplayable`` (drew a tile it could not play), ``kept_drawn`` (chose to
    keep a playable drawn tile), ``nothing_to_draw`` (no play and an empty boneyard).
    """

    kind: Literal["passed"] = "passed"
    seat: int
    reason: Literal["drew_unplayable", "kept_drawn", "nothing_to_draw"]


class WentOut(FrozenModel):
    """A seat played its last tile and ended the round."""

    kind: Literal["went_out"] = "went_out"
    seat: int
    foot_open: bool = Field(description="A chicken foot was still waiting for toes.")


class RoundBlocked(FrozenModel):
    """No seat can play and nothing can be drawn: the round ends."""

    kind: Literal["round_blocked"] = "round_blocked"
    round: int


class RoundScored(FrozenModel):
    """A round's result: every hand revealed, its points, and the running totals."""

    kind: Literal["round_scored"] = "round_scored"
    round: int
    double: int
    hands: tuple[tuple[TileField, ...], ...]
    points: tuple[int, ...]
    totals: tuple[int, ...]


class Standing(FrozenModel):
    """One seat's place in the final ranking (tied seats share a place)."""

    seat: int
    place: int
    total: int
    zero_rounds: int
    lowest_round: int | None = Field(description="Lowest non-zero round score, if any.")


TieBreak = Literal["none", "zero_rounds", "lowest_round", "shared"]


class GameOver(FrozenModel):
    """The last round was scored: the ranking, the winners and what decided it.

    ``decided_by``: ``none`` (one seat had the lowest total), ``zero_rounds`` (most rounds at
    0), ``lowest_round`` (lowest single non-zero round), ``shared`` (the win is shared).
    """

    kind: Literal["game_over"] = "game_over"
    ranking: tuple[Standing, ...]
    winners: tuple[int, ...]
    decided_by: TieBreak


Event = Annotated[
    RoundStarted
    | TileDrawn
    | TilePlayed
    | ArmStarted
    | FootOpened
    | FootCompleted
    | Passed
    | WentOut
    | RoundBlocked
    | RoundScored
    | GameOver,
    Field(discriminator="kind"),
]
"""Any event."""


def visible_to(events: tuple[Event, ...], seat: int) -> tuple[Event, ...]:
    """``events`` as ``seat`` may see them: other seats' drawn tiles hidden."""
    return tuple(
        event._evolve(tile=None)
        if isinstance(event, TileDrawn) and event.seat != seat and event.tile is not None
        else event
        for event in events
    )
