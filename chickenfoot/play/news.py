"""What a table waits for its people to see before the game goes on.

A move can leave news that the :class:`~chickenfoot.play.host.TableHost` shows before it goes
further: a tile a person drew that fits nowhere (:class:`DeadDrawShown`, shown to that person
at a shared keyboard before the hands are hidden again), or the end of a round
(:class:`RoundShown`: its final table and result, with the next deal held back until every
client went on). :class:`News` keeps them in order, with the game's result once there is one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from chickenfoot.play.session import GameSession, Turn
from chickenfoot.play.steps import ends_round, result_end
from chickenfoot.rules import (
    Event,
    GameOver,
    GameState,
    Passed,
    RoundBlocked,
    RoundScored,
    Tile,
    TileDrawn,
    WentOut,
    round_end,
)


@dataclass(frozen=True)
class DeadDrawShown:
    """A person drew ``tile``, which fits nowhere: their client shows it before going on."""

    seat: int
    tile: Tile


@dataclass(frozen=True)
class RoundShown:
    """A round ended: its result and final table are shown; ``later`` (the next deal, or the
    game's result) is sent once the clients go on."""

    result: RoundScored
    ending: WentOut | RoundBlocked | None
    table: GameState
    """The round's final table (see :func:`~chickenfoot.rules.round_end`)."""
    later: tuple[Event, ...]
    waiting: set[int] = field(default_factory=set)
    """The clients that have not gone on yet."""


NewsItem = DeadDrawShown | RoundShown
"""One piece of news."""


class News:
    """The news a table shows before going on, oldest first, and the game's result."""

    def __init__(self, session: GameSession) -> None:
        """``session``'s news: none, or, for a game reopened right after a round ended (a
        window killed while the result was up), that round's result."""
        self._items: list[NewsItem] = []
        self.result: GameOver | None = None
        """The game's result, once it is over."""
        resumed = _resumed_round(session)
        if resumed is not None:
            self._items.append(resumed)
            self.result = next((e for e in resumed.later if isinstance(e, GameOver)), None)

    def __bool__(self) -> bool:
        return bool(self._items)

    @property
    def first(self) -> NewsItem | None:
        """The news shown now (None: the game goes on)."""
        return self._items[0] if self._items else None

    def seen(self) -> NewsItem:
        """The news shown now was seen: forget it and return it."""
        return self._items.pop(0)

    @property
    def showing_result(self) -> bool:
        """True while a round's result is up (its next deal waits)."""
        return any(isinstance(item, RoundShown) for item in self._items)

    def shown_state(self, state: GameState) -> GameState:
        """What the clients see of the game at ``state``: a round's final table while its
        result is up."""
        over = next((item for item in self._items if isinstance(item, RoundShown)), None)
        return over.table if over is not None else state

    def note(self, turn: Turn, shares_keyboard: Callable[[int], bool]) -> RoundShown | None:
        """Note what ``turn`` makes the clients wait for: a dead draw, when its person shares a
        keyboard (``shares_keyboard`` of their seat), and a round's result (returned)."""
        action, before, events = turn.action, turn.before, turn.events
        assert action is not None, "the deal is not an action"
        assert before is not None, "an action always has a state before it"
        for event in events:
            if isinstance(event, Passed) and event.reason == "drew_unplayable":
                if shares_keyboard(action.seat):
                    drawn = next(e.tile for e in events if isinstance(e, TileDrawn) and e.tile)
                    self._items.append(DeadDrawShown(action.seat, drawn))
            elif isinstance(event, GameOver):
                self.result = event
        over = _round_shown(turn, round_end(before, action) if ends_round(events) else None)
        if over is not None:
            self._items.append(over)
        return over


def _resumed_round(session: GameSession) -> RoundShown | None:
    """A game reopened right after a round ended: that round's result, shown first."""
    turns = session.opening_turns
    turn = turns[0] if len(turns) == 1 else None
    if turn is None or turn.action is None or turn.before is None:
        return None
    return _round_shown(turn, round_end(turn.before, turn.action))


def _round_shown(turn: Turn, table: GameState | None) -> RoundShown | None:
    """The news of a round that ``turn`` ended, at its final ``table`` (None: it ended
    none)."""
    if table is None:
        return None
    events = turn.events
    cut = result_end(events)
    result = events[cut - 1]
    assert isinstance(result, RoundScored)
    ending = next((e for e in events[:cut] if isinstance(e, WentOut | RoundBlocked)), None)
    return RoundShown(result, ending, table, events[cut:])
