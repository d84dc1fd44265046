"""One game being played: its record, its current state, where it autosaves, its bots.

A :class:`GameSession` is the only thing in the app that changes the game. ``act(action)``
applies the action with the rules engine, appends it to the record and saves the record
atomically (:class:`~chickenfoot.saves.autosaver.Autosaver`): before returning, or, once the
screen asks for it with :meth:`GameSession.save_in_background`, on the saver's own thread, the
newest record winning. :meth:`GameSession.settle` waits for the file to hold every move, and
:meth:`GameSession.close` does too, so quitting loses nothing.

One game is open in one window: opening a session takes the game's lock
(:mod:`chickenfoot.saves.locks`); :meth:`GameSession.load` raises :class:`OpenElsewhere` when
another live window holds it (a lock left by a killed process never blocks), and
:meth:`GameSession.close` gives it back. Every save checks that the file is still the one this
session last read or wrote (:class:`~chickenfoot.saves.files.FileStamp`): a file another
window changed is never overwritten, and the session says so in :attr:`GameSession.unsaved`.
This module imports no Textual: the screens drive it, tests can too.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import NamedTuple, TypeAlias

from chickenfoot.bots import Hint, StopCheck, Strategy, hint, make_bot
from chickenfoot.bots.registry import seat_seed
from chickenfoot.rules import Action, Event, GameState, RoundStarted, RuleSet, apply, legal_actions
from chickenfoot.saves.autosaver import Autosaver
from chickenfoot.saves.locks import GameLock, LockInfo, acquire_game_lock, who_holds
from chickenfoot.saves.record import (
    GameRecord,
    SeatConfig,
    TakenOver,
    load_record_with_stamp,
    save_record,
)
from chickenfoot.saves.storage import autosave_path

Decision: TypeAlias = Callable[[StopCheck | None], Action]
"""A computer player's decision (see :meth:`GameSession.bot_decision`)."""

HINT_THINK_TIME = 0.3
"""Seconds the expert thinks about a hint (longer than a move: a person asked)."""

SETTLE_TIME = 5.0
"""Seconds :meth:`GameSession.settle` waits for the disk to finish the latest save."""


class OpenElsewhere(Exception):
    """The game is open in another window (``holder`` says which); it was not opened here.
    ``record`` is the game as read (to open a copy, or watch it)."""

    def __init__(self, path: Path, record: GameRecord, holder: LockInfo | None) -> None:
        self.path = path
        self.record = record
        self.holder = holder
        where = holder.describe() if holder is not None else "open in another window"
        super().__init__(f"{path.name} is {where}")


class Turn(NamedTuple):
    """One step of a game as it happened: the state before it (None before the deal), the
    action (None for the deal) and the events it caused."""

    before: GameState | None
    action: Action | None
    events: tuple[Event, ...]


@dataclass
class GameSession:
    """A game in progress: the record (every action so far), the state it leads to, and the
    file it saves itself to."""

    record: GameRecord
    path: Path
    state: GameState
    bots: dict[int, Strategy] = field(default_factory=dict)
    opening_turns: tuple[Turn, ...] = ()
    """The round in play so far (the turn that dealt it first: the previous round's last
    action, or None for the first deal), kept up to date by every action and take-back."""
    lock: GameLock | None = None
    """This window's hold on the game (None once closed)."""
    decisions: list[int] = field(default_factory=list)
    """Where the person's choices of the round in play were made: the number of actions
    before each (a take-back goes back to the latest)."""
    saver: Autosaver = field(init=False, repr=False)
    """Writes the record to :attr:`path` after every change."""
    _legal: tuple[GameState | None, tuple[Action, ...]] = field(default=(None, ()), repr=False)

    def __post_init__(self) -> None:
        self.saver = Autosaver(self.path)
        lineup = self.lineup
        for seat, config in enumerate(self.record.seats):
            if config.level is not None:
                self.bots[seat] = make_bot(
                    config.level,
                    seat_seed(self.record.seed, seat),
                    think_time=config.think_time,
                    lineup=lineup,
                )

    # ----- creating ------------------------------------------------------------------------

    @classmethod
    def new(cls, rules: RuleSet, seats: tuple[SeatConfig, ...], seed: int | None) -> GameSession:
        """Deal a new game and save it at once to its own autosave path (see :meth:`_opened`)."""
        record = GameRecord.new(rules, seats, seed=seed)
        return cls._opened(record, autosave_path(record))

    @classmethod
    def load(cls, path: Path, *, force: bool = False) -> GameSession:
        """Continue the game saved at ``path`` exactly where it stopped.

        Raises ``RecordError`` (one line naming file, place and problem) for a bad file, and
        :class:`OpenElsewhere` if another window has it open (``force`` takes it anyway).
        """
        record, stamp = load_record_with_stamp(path)
        try:
            lock = acquire_game_lock(path, force=force)
        except OSError:
            lock = None  # The lock cannot be written (a read-only folder): play unguarded.
        else:
            if lock is None:
                raise OpenElsewhere(path, record, who_holds(path))
        session = cls.from_record(record, path)
        session.saver.stamp, session.lock = stamp, lock
        return session

    @classmethod
    def _opened(cls, record: GameRecord, path: Path) -> GameSession:
        """A session of a new ``record``: locked and saved at once (if the folder refuses, it
        plays on unsaved and :attr:`unsaved` says why)."""
        session = cls.from_record(record, path)
        try:
            session.lock = acquire_game_lock(path)
        except OSError:
            session.lock = None  # A read-only folder: the save below says so.
        session.saver.save(record)
        return session

    def close(self) -> None:
        """Let the latest save finish (see :meth:`settle`), then give the game back: another
        window may open it now."""
        self.saver.stop(SETTLE_TIME)
        if self.lock is not None:
            self.lock.release()
            self.lock = None

    @classmethod
    def from_record(cls, record: GameRecord, path: Path) -> GameSession:
        """A session at the end of ``record``; the current round's turns seed the screen."""
        turns, decisions = _round_so_far(record)
        return cls(
            record=record,
            path=path,
            state=record.final_state(),
            opening_turns=turns,
            decisions=decisions,
        )

    @classmethod
    def take_over(
        cls, record: GameRecord, action_count: int, seats: tuple[SeatConfig, ...]
    ) -> GameSession:
        """A NEW game from the state after the first ``action_count`` actions of ``record``.

        The new record keeps the rules, the decks and those actions, gets ``seats`` and a new
        creation time, says where it was taken over and whether people shared a keyboard in the
        original (:class:`~chickenfoot.saves.record.TakenOver`: its round in play then stays
        hidden in replays), and is saved to its own autosave path.
        """
        if not 0 <= action_count <= len(record.actions):
            raise ValueError(
                f"cannot take over after {action_count} actions: the game has {len(record.actions)}"
            )
        if len(seats) != len(record.seats):
            raise ValueError(f"{len(seats)} seats given, but the game has {len(record.seats)}")
        new_record = GameRecord.new(record.rules, seats, seed=record.seed, decks=record.decks)
        taken = TakenOver(at=action_count, shared=record.shared_keyboard)
        new_record = new_record.model_copy(update={"taken_over": taken})
        for action in record.actions[:action_count]:
            new_record = new_record.appended(action)
        return cls._opened(new_record, autosave_path(new_record))

    # ----- playing -------------------------------------------------------------------------

    @property
    def names(self) -> tuple[str, ...]:
        """Every seat's name, in seat order."""
        return tuple(seat.name for seat in self.record.seats)

    @property
    def humans(self) -> tuple[int, ...]:
        """The seats played by people at the keyboard."""
        return tuple(
            seat for seat, config in enumerate(self.record.seats) if config.player == "human"
        )

    @property
    def lineup(self) -> tuple[str | None, ...]:
        """Who sits where, as the expert is told (:func:`~chickenfoot.bots.make_bot`): each
        seat's computer level, None for a person."""
        return tuple(config.level for config in self.record.seats)

    @property
    def computers(self) -> tuple[int, ...]:
        """The seats played by the computer."""
        return tuple(self.bots)

    def is_human(self, seat: int) -> bool:
        """True if a person plays ``seat``."""
        return self.record.seats[seat].player == "human"

    def legal(self) -> tuple[Action, ...]:
        """What the seat on turn may do now (empty once the game is over), worked out once per
        state."""
        cached_state, actions = self._legal
        if cached_state is not self.state:
            actions = legal_actions(self.state)
            self._legal = (self.state, actions)
        return actions

    def act(self, action: Action) -> Turn:
        """Apply ``action``, append it to the record, save atomically; return what happened.

        Raises the engine's ``IllegalAction`` (and changes nothing) if the rules forbid it.
        (With :meth:`save_in_background`, the save is queued instead.)
        A save that fails does not undo the move: the session keeps every move in memory,
        :attr:`unsaved` says why the file is behind, and the next save writes them all.
        """
        before = self.state
        choice = len(self.legal()) > 1
        state, events = apply(before, action)
        if self.take_backs_allowed and action.seat in self.humans and choice:
            self.decisions.append(len(self.record.actions))
        dealt = any(isinstance(event, RoundStarted) for event in events)
        if dealt:
            self.decisions.clear()
        self.record = self.record.appended(action)
        self.state = state
        self.saver.save(self.record)
        turn = Turn(before, action, events)
        self.opening_turns = (turn,) if dealt else (*self.opening_turns, turn)
        return turn

    # ----- help: hints and take-backs --------------------------------------------------------

    @property
    def take_backs_allowed(self) -> bool:
        """True when one person plays against computers only (never in pass-and-play)."""
        return lone_person(self.record.seats) is not None

    def can_take_back(self) -> bool:
        """True if the person may take back now: back to their latest choice of this round
        (while the game's record has room for it: a saved game bounds its take-backs)."""
        return (
            self.take_backs_allowed
            and bool(self.decisions)
            and not self.state.over
            and self.record.has_room_for_take_back(self.decisions[-1])
        )

    def can_hint(self) -> bool:
        """True while the game's record has room for one more hint (a saved game bounds
        them: far more than anyone asks)."""
        return self.record.has_room_for_hint()

    def take_back(self) -> int:
        """Take back every action since the person's latest choice of this round (theirs and
        the computers' since), recording the take-back; returns how many were undone.

        The decks stay as they are: the same tiles come up again. Raises ``ValueError`` if
        :meth:`can_take_back` is False.
        """
        if not self.can_take_back():
            raise ValueError("there is nothing to take back")
        keep = self.decisions[-1]
        undone = len(self.record.actions) - keep
        self.record = self.record.taken_back(self.humans[0], keep)
        self.state = self.record.final_state()
        self.opening_turns, self.decisions = _round_so_far(self.record)
        self.saver.save(self.record)
        return undone

    def hint_decision(self, think_time: float = HINT_THINK_TIME) -> Callable[[StopCheck], Hint]:
        """The expert's suggestion for the person on turn, ready to be worked out (in a worker
        thread if need be; it reads only the view it holds). Call it with a stop check."""
        view = self.state.view(self.state.turn)
        seed = len(self.record.actions)
        lineup = self.lineup
        return lambda should_stop: hint(
            view, seed=seed, think_time=think_time, should_stop=should_stop, lineup=lineup
        )

    def note_hint(self) -> None:
        """Record that the person on turn had a hint (and save)."""
        self.record = self.record.with_hint(self.state.turn)
        self.saver.save(self.record)

    def bot_action(self, should_stop: StopCheck | None = None) -> Action:
        """The action the computer seat on turn chooses from its own view of the game."""
        return self.bot_decision()(should_stop)

    def bot_decision(self) -> Decision:
        """The computer seat on turn's decision, ready to be made: it holds the seat's view
        and legal actions and reads nothing else, so it may run in a worker thread while the
        session goes on. Call it with a ``should_stop`` check (or None) to get the action;
        a thinking player answers soon after the check turns true."""
        seat = self.state.turn
        return partial(self.bots[seat].choose, self.state.view(seat), self.legal())

    @property
    def unsaved(self) -> OSError | None:
        """Why the file is behind the game (the latest save failed), or None when it is saved
        or a save is on its way."""
        return self.saver.problem

    def save_in_background(self, on_change: Callable[[], object] | None = None) -> None:
        """Save on the saver's own thread from now on (a screen never waits for the disk);
        ``on_change`` is called on that thread when :attr:`unsaved` changes."""
        self.saver.in_background(on_change)

    def settle(self, timeout: float = SETTLE_TIME) -> bool:
        """Wait (up to ``timeout`` seconds) until the file holds every move, trying a failed
        save once more; True if it does. :attr:`unsaved` says why not."""
        return self.saver.flush(timeout)

    def copy_name(self) -> str:
        """A file name suggested for a copy: the players' names and the round, e.g.
        ``ana-bea-round-2``."""
        names = "-".join("".join(c for c in name.lower() if c.isalnum()) for name in self.names)
        names = "-".join(part for part in names.split("-") if part)[:40] or "game"
        return f"{names}-round-{self.state.round_number}"

    def save_as(self, path: Path) -> None:
        """Write a named copy of the record to ``path`` (the autosave goes on as before)."""
        save_record(self.record, path)


def _round_so_far(record: GameRecord) -> tuple[tuple[Turn, ...], list[int]]:
    """The round in play of ``record`` replayed (its deal first), and where the person chose in
    it (see :attr:`GameSession.decisions`; only with one person against computers)."""
    person = lone_person(record.seats)
    turns: list[Turn] = []
    decisions: list[int] = []
    before: GameState | None = None
    for index, (state, events, action) in enumerate(record.replay()):
        chosen = before is not None and action is not None and action.seat == person
        if chosen and before is not None and len(legal_actions(before)) > 1:  # not forced
            decisions.append(index - 1)
        if any(isinstance(event, RoundStarted) for event in events):
            turns, decisions = [], []
        turns.append(Turn(before, action, events))
        before = state
    return tuple(turns), decisions


def lone_person(seats: tuple[SeatConfig, ...]) -> int | None:
    """The seat of the only person at the table when every other seat is a computer (take-backs
    are allowed then, never in pass-and-play); None otherwise."""
    humans = [seat for seat, config in enumerate(seats) if config.player == "human"]
    return humans[0] if len(humans) == 1 and len(seats) > 1 else None
