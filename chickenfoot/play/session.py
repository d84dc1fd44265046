"""One game being played: its record, its current state, its row in the store, its bots.

A :class:`GameSession` is the only thing in the app that changes the game. ``act(action)``
applies the action with the rules engine, appends it to the record and commits it to the
store (:class:`~chickenfoot.saves.committer.Committer`): before returning, or, once the screen
asks for it with :meth:`GameSession.commit_in_background`, on the committer's own thread.

**The game goes no further until the move is committed.** A move shows at once, but whoever
runs the turn loop asks :attr:`GameSession.committed` before the next step (a computer's
move, a hand-off, a round's end) and waits for the ``on_commit`` callback when it is False;
:meth:`GameSession.wait_committed` waits for it on the caller's thread. So a crash loses at
most the one move whose commit was under way. A commit that fails keeps every move in memory
(:attr:`GameSession.unsaved` says why) and the next one tries them all again.

One game is open in one window: opening a session notes this process as the game's holder in
the store; :meth:`GameSession.load` raises :class:`OpenElsewhere` when another live window
holds it (a holder whose process is gone never blocks), and :meth:`GameSession.close` gives
it back. A window whose game another window took over ("open it here") commits no more.
This module imports no Textual: the screens drive it, tests can too.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import NamedTuple, TypeAlias

from chickenfoot.bots import Hint, StopCheck, Strategy, hint, make_bot
from chickenfoot.bots.registry import seat_seed
from chickenfoot.lang import _, pgettext
from chickenfoot.record.model import GameRecord, SeatConfig, TakenOver
from chickenfoot.record.summary import GameId
from chickenfoot.rules import Action, Event, GameState, RoundStarted, RuleSet, apply, legal_actions
from chickenfoot.saves.committer import Committer
from chickenfoot.saves.database import open_store
from chickenfoot.saves.jsonformat import save_record
from chickenfoot.saves.store import GameStore, HeldElsewhere, Holder

Decision: TypeAlias = Callable[[StopCheck | None], Action]
"""A computer player's decision (see :meth:`GameSession.bot_decision`)."""

HINT_THINK_TIME = 0.3
"""Seconds the expert thinks about a hint (longer than a move: a person asked)."""

SETTLE_TIME = 5.0
"""Seconds :meth:`GameSession.wait_committed` waits for the disk to finish the latest commit."""


class OpenElsewhere(Exception):
    """The game is open in another window (``holder`` says which); it was not opened here.
    ``record`` is the game as read (to open a copy, or watch it)."""

    def __init__(self, game: GameId, record: GameRecord, holder: Holder) -> None:
        self.game = game
        self.record = record
        self.holder = holder
        super().__init__(elsewhere_text(holder))


def elsewhere_text(holder: Holder) -> str:
    """Who has the game open, as a sentence in the language in use (without its full stop:
    the question that follows it adds one)."""
    since = holder.since.astimezone().strftime("%Y-%m-%d %H:%M")
    if holder.here:
        # Translators: {pid} is a process number; {since} a date and time (2026-12-08 14:30).
        return _(
            "This game is open in another chickenfoot window (process {pid} on this computer, "
            "since {since})"
        ).format(pid=holder.pid, since=since)
    # Translators: {host} is the name of the other computer (not translated).
    return _(
        "This game is open in another chickenfoot window (process {pid} on host {host}, "
        "since {since})"
    ).format(pid=holder.pid, host=holder.host, since=since)


class Turn(NamedTuple):
    """One step of a game as it happened: the state before it (None before the deal), the
    action (None for the deal) and the events it caused."""

    before: GameState | None
    action: Action | None
    events: tuple[Event, ...]


@dataclass
class GameSession:
    """A game in progress: the record (every action so far), the state it leads to, and the
    store it commits itself to."""

    record: GameRecord
    game: GameId
    """The game's number in the store."""
    store: GameStore
    state: GameState
    bots: dict[int, Strategy] = field(default_factory=dict)
    opening_turns: tuple[Turn, ...] = ()
    """The round in play so far (the turn that dealt it first: the previous round's last
    action, or None for the first deal), kept up to date by every action and take-back."""
    holder: Holder | None = None
    """This window's hold on the game (None once closed)."""
    decisions: list[int] = field(default_factory=list)
    """Where the person's choices of the round in play were made: the number of actions
    before each (a take-back goes back to the latest)."""
    committer: Committer = field(init=False, repr=False)
    """Commits every change to :attr:`store`."""
    _legal: tuple[GameState | None, tuple[Action, ...]] = field(default=(None, ()), repr=False)

    def __post_init__(self) -> None:
        self.committer = Committer(
            self.store,
            self.game,
            actions=len(self.record.actions),
            assists=len(self.record.assists),
            holder=self.holder,
        )
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
    def new(
        cls,
        rules: RuleSet,
        seats: tuple[SeatConfig, ...],
        seed: int | None,
        store: GameStore | None = None,
    ) -> GameSession:
        """Deal a new game and add it to ``store`` (default: :func:`open_store`) at once."""
        return cls._created(GameRecord.new(rules, seats, seed=seed), store)

    @classmethod
    def load(
        cls, game: GameId, store: GameStore | None = None, *, force: bool = False
    ) -> GameSession:
        """Continue game ``game`` of ``store`` exactly where it stopped.

        Raises ``RecordError`` (one line) for a game whose stored copy does not replay,
        :class:`~chickenfoot.saves.store.StoreError` for a store that cannot be read, and
        :class:`OpenElsewhere` if another window has it open (``force`` takes it anyway).
        """
        store = open_store() if store is None else store
        record = store.record(game)
        holder = Holder.this_process()
        try:
            store.hold(game, holder, force=force)
        except HeldElsewhere as elsewhere:
            raise OpenElsewhere(game, record, elsewhere.holder) from None
        return cls.from_record(record, game, store, holder)

    @classmethod
    def _created(cls, record: GameRecord, store: GameStore | None) -> GameSession:
        """A session of the new game ``record``, added to ``store`` and held by this window."""
        store = open_store() if store is None else store
        game = store.create(record)
        holder = Holder.this_process()
        store.hold(game, holder)
        return cls.from_record(record, game, store, holder)

    def close(self) -> None:
        """Let the latest commit finish (see :meth:`wait_committed`), then give the game back:
        another window may open it now."""
        self.committer.stop(SETTLE_TIME)
        if self.holder is not None:
            # A holder that cannot be forgotten is dead once this process ends: it never blocks.
            with suppress(OSError):
                self.store.release(self.game, self.holder)
            self.holder = None

    @classmethod
    def from_record(
        cls, record: GameRecord, game: GameId, store: GameStore, holder: Holder | None = None
    ) -> GameSession:
        """A session at the end of ``record`` (game ``game`` of ``store``, which holds it
        whole); the current round's turns seed the screen."""
        turns, decisions = _round_so_far(record)
        return cls(
            record=record,
            game=game,
            store=store,
            state=record.final_state(),
            opening_turns=turns,
            decisions=decisions,
            holder=holder,
        )

    @classmethod
    def take_over(
        cls,
        record: GameRecord,
        action_count: int,
        seats: tuple[SeatConfig, ...],
        store: GameStore | None = None,
    ) -> GameSession:
        """A NEW game from the state after the first ``action_count`` actions of ``record``.

        The new record keeps the rules, the decks and those actions, gets ``seats`` and a new
        creation time, says where it was taken over and whether people shared a keyboard in the
        original (:class:`~chickenfoot.record.model.TakenOver`: its round in play then stays
        hidden in replays), and is added to ``store`` as a game of its own.
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
        return cls._created(new_record, store)

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
        """Apply ``action``, append it to the record, commit it; return what happened.

        Raises the engine's ``IllegalAction`` (and changes nothing) if the rules forbid it.
        With :meth:`commit_in_background`, the commit runs on the committer's thread: the
        game goes no further until :attr:`committed` (see the module's description).
        A commit that fails does not undo the move: the session keeps every move in memory,
        :attr:`unsaved` says why the store is behind, and the next commit writes them all.
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
        self.committer.submit(self.record, state)
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
        self.committer.submit(self.record, self.state)
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
        """Record that the person on turn had a hint (and commit it)."""
        self.record = self.record.with_hint(self.state.turn)
        self.committer.submit(self.record, self.state)

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
        """Why the store is behind the game (the latest commit failed), or None when it holds
        every move or a commit is on its way."""
        return self.committer.problem

    @property
    def committed(self) -> bool:
        """True when no commit waits or runs: the game may go on (the store holds every move,
        or the latest commit failed and :attr:`unsaved` says why)."""
        return self.committer.settled

    def commit_in_background(self, on_commit: Callable[[], object] | None = None) -> None:
        """Commit on the committer's own thread from now on (a screen never waits for the
        disk); ``on_commit`` is called on that thread each time a commit ends: the turn loop
        goes on from there when it was waiting (see :attr:`committed`)."""
        self.committer.in_background(on_commit)

    def wait_committed(self, timeout: float | None = None) -> bool:
        """Wait (up to ``timeout`` seconds, else :data:`SETTLE_TIME`) until the store holds
        every move, trying a failed commit once more; True if it does. :attr:`unsaved` says
        why not."""
        return self.committer.wait(SETTLE_TIME if timeout is None else timeout)

    def copy_name(self) -> str:
        """A file name suggested for a copy: the players' names and the round, e.g.
        ``ana-bea-round-2``."""
        names = "-".join("".join(c for c in name.lower() if c.isalnum()) for name in self.names)
        # Translators: a file name's words: small letters, no spaces ("ana-bea-round-2").
        game = pgettext("a file name", "game")
        names = "-".join(part for part in names.split("-") if part)[:40] or game
        # Translators: a file name's words: small letters, no spaces ("ana-bea-round-2").
        round_word = pgettext("a file name", "round")
        return f"{names}-{round_word}-{self.state.round_number}"

    def save_as(self, path: Path) -> None:
        """Export the game as it stands to the JSON file ``path`` (the game goes on in the
        store as before)."""
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
