"""The game's turns as steps of the wire contract, before each client's filter.

A table host sends clients :class:`~chickenfoot.play.wire.Step` values: an action, its events,
the board before it, and the hints and take-backs had right after it. :func:`steps_of` makes
them from the session's turns (the round so far, or the whole game: :func:`game_turns`); the
host then passes each through its client's filter (``visible_to``). A round's result and the
next deal come in the same turn: :func:`result_end` says where the result ends, so a host can
send the next deal only once the result was seen. Imports no Textual.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from chickenfoot.play.session import Turn
from chickenfoot.play.wire import Step
from chickenfoot.record.model import Assist, GameRecord
from chickenfoot.rules import Event, RoundScored


def result_end(events: Sequence[Event]) -> int:
    """Where a round's result ends in ``events`` (the next deal or the game's end follow);
    the length of ``events`` when no round ended."""
    return next(
        (i + 1 for i, event in enumerate(events) if isinstance(event, RoundScored)), len(events)
    )


def ends_round(events: Iterable[Event]) -> bool:
    """True if ``events`` hold a round's result."""
    return any(isinstance(event, RoundScored) for event in events)


def steps_of(
    turns: Sequence[Turn], first: int, assists: Iterable[Assist], *, result_shown: bool
) -> tuple[Step, ...]:
    """``turns`` as steps; the first is the game's step ``first`` (the number of actions
    before it), and each hint or take-back follows the step after which it was had. With
    ``result_shown``, the last turn ended a round whose result is up: its next deal is left
    out (it is sent once the result was seen)."""
    helped: dict[int, list[Assist]] = {}
    for assist in assists:
        if first <= assist.at < first + len(turns):
            helped.setdefault(assist.at - first, []).append(assist)
    steps = []
    for index, turn in enumerate(turns):
        events = turn.events
        if result_shown and index == len(turns) - 1:
            events = events[: result_end(events)]
        steps.append(
            Step(
                action=turn.action,
                events=events,
                board=turn.before.board if turn.before is not None else None,
                assists=tuple(helped.get(index, ())),
            )
        )
    return tuple(steps)


def game_turns(record: GameRecord) -> list[Turn]:
    """Every turn of ``record``'s game, from the first deal."""
    turns = []
    before = None
    for state, events, action in record.replay():
        turns.append(Turn(before, action, events))
        before = state
    return turns
