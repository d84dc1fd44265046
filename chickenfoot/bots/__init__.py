"""Computer players: small strategy objects that choose an action from one seat's view.

Every strategy implements :class:`Strategy`: ``choose(view, legal, should_stop=None) ->
action``. It reads only the :class:`~chickenfoot.rules.SeatView` of its seat (its own hand, the
others' tile counts, the board, the round's public history, the scores), never the whole game
state, so it cannot see hidden tiles. Build one by level name with :func:`make_bot`;
:data:`BOT_LEVELS` lists the ladder (beginner, casual, hard, expert) for menus and help, and
:data:`STRATEGIES` accepts every valid name, the older ``random`` and ``greedy`` included;
:func:`level_name` and :func:`level_description` say a level in the player's language.

:func:`hint` is the expert's suggestion for the seat on turn, with a reason a screen can word.
:func:`play_game` plays a whole game between strategies (``simulate``, the benchmarks);
:mod:`chickenfoot.bots.tournament` plays duplicate deals between levels (``tournament``). A
strategy that never looks at the table (:class:`BlindStrategy`, like the random player) also
offers ``choose_blind(options)``, so headless games need not build its view.
"""

from chickenfoot.bots.base import BlindStrategy, StopCheck, Strategy
from chickenfoot.bots.beginner import BeginnerBot
from chickenfoot.bots.expert import DEFAULT_THINK_TIME, Appraisal, ExpertBot
from chickenfoot.bots.greedy import GreedyBot
from chickenfoot.bots.hard import HardBot, HardWeights
from chickenfoot.bots.hints import Hint, HintReason, explain, hint
from chickenfoot.bots.match import GameResult, Tally, play_game
from chickenfoot.bots.random_bot import RandomBot
from chickenfoot.bots.registry import (
    BOT_LEVELS,
    DEFAULT_LEVEL,
    LEVEL_ALIASES,
    PLANNING_LEVELS,
    STRATEGIES,
    THINKING_LEVELS,
    ladder_level,
    level_description,
    level_name,
    make_bot,
    planners_at,
    seat_seed,
)

__all__ = [
    "BOT_LEVELS",
    "DEFAULT_LEVEL",
    "DEFAULT_THINK_TIME",
    "LEVEL_ALIASES",
    "PLANNING_LEVELS",
    "STRATEGIES",
    "THINKING_LEVELS",
    "Appraisal",
    "BeginnerBot",
    "BlindStrategy",
    "ExpertBot",
    "GameResult",
    "GreedyBot",
    "HardBot",
    "HardWeights",
    "Hint",
    "HintReason",
    "RandomBot",
    "StopCheck",
    "Strategy",
    "Tally",
    "explain",
    "hint",
    "ladder_level",
    "level_description",
    "level_name",
    "make_bot",
    "planners_at",
    "play_game",
    "seat_seed",
]
