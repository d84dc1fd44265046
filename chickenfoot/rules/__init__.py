"""The Chicken Foot rules: a pure, immutable game engine with no user interface.

Typical use::

    from chickenfoot.rules import preset, new_game, legal_actions, apply

    rules = preset("cross", players=4)
    state, events = new_game(rules, seed=1)
    while not state.over:
        state, events = apply(state, legal_actions(state)[0])

For many games at a time, :mod:`chickenfoot.rules.core` runs the same rules on plain
tuples, without building a model per move; its search helpers build positions from a seat's
view (:func:`core.from_view`) and play out one round. :mod:`chickenfoot.rules.knowledge` reads
a view's public history (:class:`RoundHistory`): open ends at each move, what seats lack.

Nothing here imports Textual; a test keeps it that way.
"""

from chickenfoot.rules import core, knowledge
from chickenfoot.rules.actions import (
    ACTION_ADAPTER,
    Action,
    Draw,
    Pass,
    Play,
    draw,
    pass_turn,
    play,
)
from chickenfoot.rules.board import (
    Board,
    Line,
    OpenEnd,
    Placement,
    arm_id,
    path_of,
    toe_id,
)
from chickenfoot.rules.core import BadDeck, check_decks, shuffled_decks
from chickenfoot.rules.engine import (
    apply,
    legal_actions,
    legal_in_view,
    new_game,
    refusal,
    refusal_in_view,
    round_end,
)
from chickenfoot.rules.events import (
    ArmStarted,
    Event,
    FootCompleted,
    FootOpened,
    GameOver,
    Passed,
    RoundBlocked,
    RoundScored,
    RoundStarted,
    Standing,
    TileDrawn,
    TilePlayed,
    WentOut,
    visible_to,
)
from chickenfoot.rules.history import EMPTY_HISTORY, RoundHistory
from chickenfoot.rules.refusals import (
    CannotDraw,
    CannotPlayThere,
    GameIsOver,
    IllegalAction,
    MustPlay,
    NotYourTurn,
    Reason,
    TileNotInHand,
)
from chickenfoot.rules.ruleset import (
    PRESETS,
    ProblemCode,
    RuleProblem,
    RuleSet,
    RuleSetError,
    build_rules,
    default_hand_size,
    preset,
)
from chickenfoot.rules.scoring import (
    hand_points,
    lowest_rounds,
    rank,
    set_points,
    tile_points,
    totals,
    zero_rounds,
)
from chickenfoot.rules.state import GameState, PublicView, SeatView
from chickenfoot.rules.tiles import (
    SET_SIZES,
    Tile,
    full_set,
    make_tile,
    parse_tile,
)

__all__ = [
    "ACTION_ADAPTER",
    "EMPTY_HISTORY",
    "PRESETS",
    "SET_SIZES",
    "Action",
    "ArmStarted",
    "BadDeck",
    "Board",
    "CannotDraw",
    "CannotPlayThere",
    "Draw",
    "Event",
    "FootCompleted",
    "FootOpened",
    "GameIsOver",
    "GameOver",
    "GameState",
    "IllegalAction",
    "Line",
    "MustPlay",
    "NotYourTurn",
    "OpenEnd",
    "Pass",
    "Passed",
    "Placement",
    "Play",
    "ProblemCode",
    "PublicView",
    "Reason",
    "RoundBlocked",
    "RoundHistory",
    "RoundScored",
    "RoundStarted",
    "RuleProblem",
    "RuleSet",
    "RuleSetError",
    "SeatView",
    "Standing",
    "Tile",
    "TileDrawn",
    "TileNotInHand",
    "TilePlayed",
    "WentOut",
    "apply",
    "arm_id",
    "build_rules",
    "check_decks",
    "core",
    "default_hand_size",
    "draw",
    "full_set",
    "hand_points",
    "knowledge",
    "legal_actions",
    "legal_in_view",
    "lowest_rounds",
    "make_tile",
    "new_game",
    "parse_tile",
    "pass_turn",
    "path_of",
    "play",
    "preset",
    "rank",
    "refusal",
    "refusal_in_view",
    "round_end",
    "set_points",
    "shuffled_decks",
    "tile_points",
    "toe_id",
    "totals",
    "visible_to",
    "zero_rounds",
]
