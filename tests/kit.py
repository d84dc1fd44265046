"""Helpers for tests of every layer: short games, fixed seats, a simple policy, found positions.

The games are short (double-6, small hands, one or two rounds) so whole games play in well
under a second. :class:`Kit` hands them to tests as the ``kit`` fixture; the TUI tests' kit
adds the helpers that drive the app.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable
from contextlib import closing
from pathlib import Path
from typing import TypeVar

from chickenfoot.play.session import GameSession
from chickenfoot.record.model import GameRecord, SeatConfig
from chickenfoot.record.summary import GameId
from chickenfoot.rules import Draw, GameState, Pass, Play, RuleSet, apply, legal_actions, preset
from chickenfoot.saves.database import SqliteStore, open_store
from chickenfoot.saves.jsonformat import save_record
from chickenfoot.saves.store import Change, Holder

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


def session_of(record: GameRecord) -> GameSession:
    """A session of ``record``, added to the store of the test's data folder (not held)."""
    store = open_store()
    return GameSession.from_record(record, store.create(record), store)


def stored(record: GameRecord) -> int:
    """Add ``record`` to the store of the test's data folder; its game number."""
    store = open_store()
    try:
        return store.create(record)
    finally:
        store.close()


def games_in(data: Path) -> list[GameRecord]:
    """Every game in the store of the data folder ``data``, the most recently played first
    (none while it has no store yet): what another process saved, read afresh."""
    path = data / "chickenfoot.db"
    if not path.exists():
        return []
    store = SqliteStore(path)
    try:
        return [store.record(summary.id) for summary in store.games()]
    finally:
        store.close()


def holders_in(data: Path) -> int:
    """How many games the store of the data folder ``data`` notes as open somewhere (rows of
    its ``holders`` table, live or not): what a closed window or tab left behind."""
    path = data / "chickenfoot.db"
    if not path.exists():
        return 0
    with closing(sqlite3.connect(path)) as db:
        (count,) = db.execute("SELECT count(*) FROM holders").fetchone()
    return int(count)


class GatedStore(SqliteStore):
    """The store, whose commits can be held at a gate (until the test opens it: never a disk
    that gives up by itself, which on a loaded machine fails a commit the test meant to let
    through), made to fail, and counted; a thread that asks for a store of its own gets this
    one."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.gate = threading.Event()
        self.gate.set()
        self.started = threading.Event()
        self.failure: OSError | None = None
        self.changes: list[Change] = []
        self.threads: set[str] = set()

    def commit(self, game: GameId, change: Change, holder: Holder | None = None) -> None:
        self.started.set()
        self.gate.wait()
        if self.failure is not None:
            raise self.failure
        self.threads.add(threading.current_thread().name)
        self.changes.append(change)
        super().commit(game, change, holder)

    def reopen(self) -> GatedStore:
        return self

    def close(self) -> None:
        """Kept open for the test (the committer's thread closes the store it used)."""


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
    session_of = staticmethod(session_of)
    stored = staticmethod(stored)
    games_in = staticmethod(games_in)
