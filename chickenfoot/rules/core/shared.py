"""The same fact is the same object: the events and moves the hot path looks up by key.

Playing a move makes the same few events and moves again and again (a tile played on an
end, a draw, a pass): each is built once, as a frozen model or a tuple, and looked up after
that instead of being built or validated on every move.
"""

from __future__ import annotations

from chickenfoot.rules._frozen import SharedValues
from chickenfoot.rules.actions import Move
from chickenfoot.rules.board import Placement
from chickenfoot.rules.events import (
    ArmStarted,
    FootCompleted,
    FootOpened,
    Passed,
    TileDrawn,
    TilePlayed,
)
from chickenfoot.rules.tiles import Tile

TILE_PLAYED: SharedValues[Placement, TilePlayed] = SharedValues(
    lambda placed: TilePlayed._trusted(
        kind="tile_played", seat=placed[0], tile=placed[1], target=placed[2], end=placed[3]
    )
)
TILE_DRAWN: SharedValues[tuple[int, Tile, bool], TileDrawn] = SharedValues(
    lambda key: TileDrawn._trusted(kind="tile_drawn", seat=key[0], tile=key[1], searching=key[2])
)
PASSED: SharedValues[tuple[int, str], Passed] = SharedValues(
    lambda key: Passed._trusted(kind="passed", seat=key[0], reason=key[1])
)
ARM_STARTED: SharedValues[tuple[int, str, int, int], ArmStarted] = SharedValues(
    lambda key: ArmStarted._trusted(
        kind="arm_started", seat=key[0], target=key[1], arms=key[2], arms_required=key[3]
    )
)
FOOT_OPENED: SharedValues[tuple[int, str, int], FootOpened] = SharedValues(
    lambda key: FootOpened._trusted(kind="foot_opened", seat=key[0], target=key[1], value=key[2])
)
FOOT_COMPLETED: SharedValues[tuple[int, str, int], FootCompleted] = SharedValues(
    lambda key: FootCompleted._trusted(
        kind="foot_completed", seat=key[0], target=key[1], value=key[2]
    )
)
DRAW_MOVES: SharedValues[int, Move] = SharedValues(lambda seat: ("draw", seat))
PASS_MOVES: SharedValues[int, Move] = SharedValues(lambda seat: ("pass", seat))
