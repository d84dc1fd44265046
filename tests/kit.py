"""Helpers for tests of every layer: short games, fixed seats, a simple policy, found positions.

The games are short (double-6, small hands, one or two rounds) so whole games play in well
under a second. :class:`Kit` hands them to tests as the ``kit`` fixture; the TUI tests' kit
adds the helpers that drive the app.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from chickenfoot.rules import Draw, GameState, Pass, Play, RuleSet, apply, legal_actions, preset
from chickenfoot.saves.record import GameRecord, SeatConfig, save_record

NAMES = ("Ana", "Bea", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")

T = TypeVar("T")


def as_kind(thing: object, kind: type[T]) -> T:
    """``thing``, which must be a ``kind``: the test fails, naming both, if it is not.

    A test reads what only one kind has through it, so the kind is checked too: the fields
    of one event (``as_kind(events[0], RoundStarted).placed_by``), or of the screen on top
    (``as_kind(app.screen, LoadScreen).summaries``).
    """
    assert isinstance(thing, kind), f"expected {kind.__name__}, got {thing!r}"
    return thing


def short_rules(players: int, rounds: int = 1) -> RuleSet:
    """A quick cross game: double-6, 5 tiles each, 3 arms, ``rounds`` rounds."""
    return preset("cross", players=players, set_size=6, hand_size=5, arms=3, rounds=rounds)


def seats(*kinds: str) -> tuple[SeatConfig, ...]:
    """Seats from kinds: "human" or "computer" (random level), named Ana, Bea, Cy, ..."""
    return tuple(
        SeatConfig(name=NAMES[seat], player="human")
        if kind == "human"
        else SeatConfig(name=NAMES[seat], player="computer", level="random")
        for seat, kind in enumerate(kinds)
    )


def people(count: int) -> tuple[SeatConfig, ...]:
    """``count`` seats, every one a person, named Ana, Bea, Cy, ..."""
    return seats(*("human",) * count)


def human_can_play(state: GameState) -> bool:
    """Seat 0 is on turn and has a tile that fits (so a play key does something)."""
    return state.turn == 0 and any(isinstance(action, Play) for action in legal_actions(state))


def choose_action(state: GameState) -> Play | Draw | Pass:
    """A fixed, simple policy for tests: the last legal play if any, else draw, else pass."""
    legal = legal_actions(state)
    plays = [action for action in legal if isinstance(action, Play)]
    return plays[-1] if plays else legal[0]


def record_until(
    rules: RuleSet,
    seat_configs: tuple[SeatConfig, ...],
    seed: int,
    stop: Callable[[GameState], bool],
) -> GameRecord | None:
    """A record played with :func:`choose_action` up to the first state where ``stop`` holds."""
    record = GameRecord.new(rules, seat_configs, seed=seed)
    state = record.final_state()
    for _ in range(2000):
        if stop(state):
            return record
        if state.over:
            return None
        action = choose_action(state)
        state, _events = apply(state, action)
        record = record.appended(action)
    return None


def find_record(
    rules: RuleSet, seat_configs: tuple[SeatConfig, ...], stop: Callable[[GameState], bool]
) -> GameRecord:
    """The first record (trying seeds 1, 2, ...) that reaches a state where ``stop`` holds."""
    for seed in range(1, 300):
        record = record_until(rules, seat_configs, seed, stop)
        if record is not None:
            return record
    raise AssertionError("no seed reaches the wanted position")


def save(record: GameRecord, folder: Path, name: str = "game.json") -> Path:
    """Save ``record`` under ``folder`` and return the path."""
    path = folder / name
    save_record(record, path)
    return path


class Kit:
    """The helpers above, as one object (the ``kit`` fixture)."""

    short_rules = staticmethod(short_rules)
    seats = staticmethod(seats)
    people = staticmethod(people)
    choose_action = staticmethod(choose_action)
    human_can_play = staticmethod(human_can_play)
    record_until = staticmethod(record_until)
    find_record = staticmethod(find_record)
    save = staticmethod(save)
