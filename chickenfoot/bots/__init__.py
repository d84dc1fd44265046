"""Computer players: small strategy objects that choose an action from one seat's view.

Every strategy implements :class:`Strategy`: ``choose(view, legal) -> action``. It reads only
the :class:`~chickenfoot.rules.SeatView` of its seat (its own hand, the others' tile counts,
the board, the scores), never the whole game state, so it cannot see hidden tiles. Build one
by level name with :func:`make_bot`; :data:`BOT_LEVELS` lists the levels for menus and help.

Adding a stronger player: write a class with ``level``, ``description`` and ``choose`` and
add it to :data:`chickenfoot.bots.registry.STRATEGIES`. :func:`play_game` plays a whole game
between strategies (the ``simulate`` command and the benchmarks use it); a strategy that never
looks at the table (:class:`BlindStrategy`, like the random player) also offers
``choose_blind(options)``, so headless games need not build its view.
"""

from chickenfoot.bots.base import BlindStrategy, Strategy
from chickenfoot.bots.greedy import GreedyBot
from chickenfoot.bots.match import GameResult, Tally, play_game
from chickenfoot.bots.random_bot import RandomBot
from chickenfoot.bots.registry import BOT_LEVELS, STRATEGIES, make_bot, seat_seed

__all__ = [
    "BOT_LEVELS",
    "STRATEGIES",
    "BlindStrategy",
    "GameResult",
    "GreedyBot",
    "RandomBot",
    "Strategy",
    "Tally",
    "make_bot",
    "play_game",
    "seat_seed",
]
