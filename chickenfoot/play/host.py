"""The table host: one game, its turn loop, and what each client's seat may see.

A :class:`TableHost` owns the :class:`~chickenfoot.play.session.GameSession` (still the only
thing that changes the game) and runs the table: whose turn it is, the computers' decisions
(in a worker thread, after their pause), hand-offs between people who share a keyboard, dead
draws, round and game results, hints and take-backs. Clients connect through a link
(:mod:`chickenfoot.play.link`); the host and its clients exchange only the messages of
:mod:`chickenfoot.play.wire`, so a network may go between them.

**Who sees what.** Each client plays some seats: one (a person at their own screen), several
(people sharing one keyboard: pass-and-play) or none (a spectator). The host sends a client
the view of the seat whose hand it may show now, and nothing of any other hand:

- a client with one seat always sees that seat's view;
- a client shared by several people sees the view of the person who took the keyboard last,
  while that person is on turn (or looks at a tile they drew that fits nowhere); otherwise
  the public view. When a person's turn comes and another has the keyboard, every hand is
  hidden until they take it (:class:`~chickenfoot.play.wire.TakeKeyboard`); a round's end
  hides every hand again;
- a spectator sees the public view.

Events go through :func:`~chickenfoot.rules.visible_to` for the seat that may see them (an
acting seat's own draw, to its own client), every message through :meth:`TableHost._send`.

**The turn loop** is :meth:`TableHost.run` (asyncio: the app's loop, or a server's): it
handles the clients' messages in order, and lets each computer seat decide in a worker thread
while its pause runs, dropping any answer that comes after the game moved on (a take-back).
:meth:`TableHost.pump` does the same at once, without threads or pauses: tests and
simulations drive a table with it.

A round that ends is shown before the next one is dealt: the host sends the round's final
table and result, and the next deal only once the clients go on
(:class:`~chickenfoot.play.wire.Proceed`). A game reopened right after a round ended (a
window killed while the result was up) shows that result first.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable
from contextlib import suppress
from dataclasses import dataclass, field
from typing import Protocol

from chickenfoot.bots import StopCheck
from chickenfoot.play.session import GameSession, Turn
from chickenfoot.play.wire import (
    Act,
    AskHint,
    ClientMessage,
    Closed,
    DeadDraw,
    GameEnded,
    HintGiven,
    HintInfo,
    HostMessage,
    NoHint,
    PassKeyboard,
    Proceed,
    Prompt,
    RefusalReason,
    Refused,
    RoundEnded,
    SaveProblem,
    SeatInfo,
    SetPause,
    Step,
    StillThinking,
    TableInfo,
    TakeBack,
    TakeKeyboard,
    Update,
    View,
    Waiting,
    Welcome,
    YourTurn,
)
from chickenfoot.rules import (
    Action,
    Event,
    GameOver,
    GameState,
    IllegalAction,
    Passed,
    RoundBlocked,
    RoundScored,
    Tile,
    TileDrawn,
    WentOut,
    round_end,
    visible_to,
)
from chickenfoot.saves.record import Assist
from chickenfoot.text import prompts

NOBODY = -1
"""A seat that matches no seat: every drawn tile is hidden from it."""


class Outlet(Protocol):
    """Where the host sends one client's messages (the host's end of a link)."""

    def deliver(self, message: HostMessage) -> None:
        """Carry ``message`` to the client."""


@dataclass
class _Client:
    """One connected client: where its messages go, the seats it plays, who has its keyboard."""

    outlet: Outlet
    seats: tuple[int, ...]
    keyboard: int | None
    """The seat whose person has this client's keyboard (None: nobody's yet, or hidden)."""


_MessageFor = Callable[[_Client], HostMessage]
_StepsFor = Callable[[_Client], tuple[Step, ...]]
_Refusal = tuple[RefusalReason, str | None] | None
"""Why the host refused a client's message (and the rules' reason), or None."""


@dataclass(frozen=True)
class _DeadDraw:
    """A person drew ``tile``, which fits nowhere: their client shows it before going on."""

    seat: int
    tile: Tile


@dataclass(frozen=True)
class _RoundOver:
    """A round ended: its result and final table are shown; ``later`` (the next deal, or the
    game's result) is sent once the clients go on."""

    result: RoundScored
    ending: WentOut | RoundBlocked | None
    table: GameState
    """The round's final table (see :func:`~chickenfoot.rules.round_end`)."""
    later: tuple[Event, ...]
    waiting: set[int] = field(default_factory=set)
    """The clients that have not gone on yet."""


@dataclass
class _Thought:
    """A decision in the making (a computer's move, or a hint) and how to stop it."""

    serial: int
    stop: threading.Event
    task: asyncio.Task[None] | None = None


class TableHost:
    """One game at one table: the session, the turn loop, and a link to every client."""

    def __init__(
        self, session: GameSession, *, pause: float = 0.6, acknowledge_committed: bool = False
    ) -> None:
        self.session = session
        self.pause = max(0.0, pause)
        """Seconds before each computer move."""
        self.acknowledge_committed = acknowledge_committed
        """Tell the clients of a move only once the store holds it (a table server: what a
        client was told stays true if the server is killed)."""
        self._held: list[Callable[[], None]] = []
        self._clients: dict[int, _Client] = {}
        self._next_id = 0
        self._inbox: deque[tuple[int, ClientMessage]] = deque()
        self._news: list[_DeadDraw | _RoundOver] = []
        self._result: GameOver | None = None
        self._serial = 0
        """Changes with every move and take-back: a decision made before is dropped."""
        self._computer: _Thought | None = None
        self._hint: tuple[_Thought, int] | None = None
        self._chosen: deque[tuple[int, Action]] = deque()
        self._hints: deque[tuple[int, int, HintInfo | None]] = deque()
        self._wake: asyncio.Event | None = None
        self._unsaved: str | None = self._unsaved_now()
        self.closed = False
        self._resume_round_over()

    # ----- clients -------------------------------------------------------------------------------

    @property
    def table(self) -> TableInfo:
        """The table as every client is told it."""
        record = self.session.record
        return TableInfo(
            rules=record.rules,
            seats=tuple(SeatInfo(name=seat.name, computer=seat.level) for seat in record.seats),
            take_backs=self.session.take_backs_allowed,
            pause=self.pause,
        )

    def connect(self, outlet: Outlet, seats: Iterable[int] = ()) -> int:
        """A new client playing ``seats`` (people's seats; none: a spectator); its id. Its
        first message (:class:`~chickenfoot.play.wire.Welcome`) is sent at once."""
        people = set(self.session.humans)
        played = tuple(sorted(set(seats)))
        taken = {seat for client in self._clients.values() for seat in client.seats}
        for seat in played:
            if seat not in people:
                raise ValueError(f"seat {seat} is not a person's seat")
            if seat in taken:
                raise ValueError(f"seat {seat} is played by another client already")
        client = _Client(outlet, played, played[0] if len(played) == 1 else None)
        number = self._next_id
        self._next_id += 1
        self._clients[number] = client
        news = self._news[0] if self._news else None
        if isinstance(news, _RoundOver) and played:
            news.waiting.add(number)
        self._send(
            number,
            Welcome(
                table=self.table,
                seats=played,
                view=self._view(client),
                prompt=self._prompt(client),
                steps=self._round_so_far(client),
                unsaved=self._unsaved,
            ),
        )
        return number

    def disconnect(self, number: int) -> None:
        """Forget client ``number`` (a result no longer waits for it)."""
        self._clients.pop(number, None)
        news = self._news[0] if self._news else None
        if isinstance(news, _RoundOver):
            news.waiting.discard(number)
            if not news.waiting:
                self._round_seen()

    def submit(self, number: int, message: ClientMessage) -> None:
        """Queue client ``number``'s ``message``; the turn loop handles it in order."""
        self._inbox.append((number, message))
        if self._wake is not None:
            self._wake.set()

    def close(self) -> None:
        """Stop the table: drop every decision in the making, tell the clients."""
        if self.closed:
            return
        self.closed = True
        self._stop_computer()
        self._stop_hint()
        for number in list(self._clients):
            self._send(number, Closed())
        if self._wake is not None:
            self._wake.set()

    # ----- the turn loop -------------------------------------------------------------------------

    def pump(self) -> None:
        """Handle every queued message and play every computer move due, at once on this
        thread (no pause, no worker threads): until a person must act or the game is over."""
        while not self.closed:
            self._handle_inbox()
            self._take_decisions()
            due = self._computer_due()
            if due is None:
                return
            self._act(self.session.bot_action())

    async def run(self) -> None:
        """Run the table until it is closed: handle the clients' messages in order; let each
        computer decide in a worker thread while its pause runs."""
        loop = asyncio.get_running_loop()
        wake = self._wake = asyncio.Event()

        def committed() -> None:  # on the committer's thread
            with suppress(RuntimeError):  # the loop closed meanwhile: nobody to wake
                loop.call_soon_threadsafe(wake.set)

        self.session.commit_in_background(committed)
        try:
            while not self.closed:
                wake.clear()
                if self.session.committed:
                    self._release_held()
                    self._handle_inbox()
                    self._take_decisions()
                self._check_saved()
                if not self.session.committed:
                    await wake.wait()  # the game goes no further until its move is committed
                    continue
                if self._computer_due() is not None and self._computer is None:
                    self._computer = self._think_for_computer()
                if not self._inbox and not self._chosen and not self._hints:
                    await wake.wait()
        finally:
            self.session.commit_in_background(None)  # no more wake-ups for a loop that ends
            self._stop_computer()
            self._stop_hint()
            self._wake = None

    def _computer_due(self) -> int | None:
        """The computer seat that must move now, if any."""
        state = self.session.state
        if self.closed or self._news or state.over or self.session.is_human(state.turn):
            return None
        return state.turn

    def _think_for_computer(self) -> _Thought:
        """Start the computer on turn's decision in a worker thread, and its pause beside it."""
        thought = _Thought(self._serial, threading.Event())
        decision = self.session.bot_decision()
        stop = _stop_check(thought.stop)

        async def think() -> None:
            answer = asyncio.ensure_future(asyncio.to_thread(decision, stop))
            await asyncio.sleep(self.pause)
            if not answer.done():
                self._send_all(lambda _client: StillThinking(seat=self.session.state.turn))
            action = await answer
            self._chosen.append((thought.serial, action))
            self._wakeup()

        thought.task = asyncio.ensure_future(think())
        return thought

    def _take_decisions(self) -> None:
        """Play the computers' answers and give the hints that came in (unless stale)."""
        while self._chosen:
            serial, action = self._chosen.popleft()
            self._computer = None
            if serial == self._serial and self._computer_due() is not None:
                self._act(action)
        while self._hints:
            serial, number, hint = self._hints.popleft()
            self._hint = None
            if serial == self._serial:
                self._give_hint(number, hint)

    def _wakeup(self) -> None:
        if self._wake is not None:
            self._wake.set()

    def _stop_computer(self) -> None:
        thought, self._computer = self._computer, None
        if thought is not None:
            thought.stop.set()
            if thought.task is not None:
                thought.task.cancel()

    def _stop_hint(self) -> None:
        pending, self._hint = self._hint, None
        if pending is not None:
            thought, _number = pending
            thought.stop.set()
            if thought.task is not None:
                thought.task.cancel()

    # ----- the clients' messages -----------------------------------------------------------------

    def _handle_inbox(self) -> None:
        """Handle the clients' messages in order, stopping after a move until it is committed."""
        while self._inbox and not self.closed and self.session.committed:
            number, message = self._inbox.popleft()
            client = self._clients.get(number)
            if client is not None:
                refused = self._handle(number, client, message)
                if refused is not None:
                    self._send(number, Refused(reason=refused[0], rule=refused[1]))

    def _handle(self, number: int, client: _Client, message: ClientMessage) -> _Refusal:
        """Do what ``message`` asks; why not, when it cannot be done."""
        if isinstance(message, Act):
            return self._person_acts(client, message.action)
        if isinstance(message, TakeKeyboard):
            return self._take_keyboard(client, message.seat)
        if isinstance(message, Proceed):
            return self._proceed(number, client)
        if isinstance(message, AskHint):
            return self._ask_hint(number, client)
        if isinstance(message, TakeBack):
            return self._take_back(client)
        if isinstance(message, SetPause):
            if not client.seats and self.session.humans:
                return ("not_your_seat", None)
            self.pause = message.seconds
            return None
        raise AssertionError(f"unhandled message {message!r}")  # pragma: no cover

    def _person_acts(self, client: _Client, action: Action) -> _Refusal:
        if action.seat not in client.seats:
            return ("not_your_seat", None)
        if not isinstance(self._prompt(client), YourTurn):
            return ("not_your_turn", None)
        try:
            self._act(action)
        except IllegalAction as refused:
            return ("illegal", refused.reason)
        return None

    def _take_keyboard(self, client: _Client, seat: int) -> _Refusal:
        if seat not in client.seats:
            return ("not_your_seat", None)
        prompt = self._prompt(client)
        if not isinstance(prompt, PassKeyboard) or prompt.seat != seat:
            return ("not_on_turn", None)
        client.keyboard = seat
        self._update_all()
        return None

    def _proceed(self, number: int, client: _Client) -> _Refusal:
        news = self._news[0] if self._news else None
        if isinstance(news, _DeadDraw) and news.seat in client.seats:
            self._news.pop(0)
            client.keyboard = None
            self._update_all()
            return None
        if isinstance(news, _RoundOver) and (number in news.waiting or not news.waiting):
            news.waiting.discard(number)
            if not news.waiting:
                self._round_seen()
            return None
        return ("nothing_to_proceed", None)

    def _round_seen(self) -> None:
        """Every client saw the round's result: send the next deal (or the game's result)."""
        news = self._news.pop(0)
        assert isinstance(news, _RoundOver)
        later = Step(events=news.later)
        self._update_all(lambda client: (self._visible_step(later, client, None),))

    def _ask_hint(self, number: int, client: _Client) -> _Refusal:
        if not isinstance(self._prompt(client), YourTurn):
            return ("no_hint_now", None)
        self._stop_hint()
        compute = self.session.hint_decision()
        serial = self._serial
        if self._wake is None:  # pump(): at once
            try:
                found: HintInfo | None = HintInfo.of(compute(lambda: False))
            except ValueError:
                found = None
            self._give_hint(number, found)
            return None
        thought = _Thought(serial, threading.Event())
        stop = _stop_check(thought.stop)

        async def think() -> None:
            try:
                hint = await asyncio.to_thread(compute, stop)
            except Exception:
                self._hints.append((serial, number, None))
            else:
                self._hints.append((serial, number, HintInfo.of(hint)))
            self._wakeup()

        thought.task = asyncio.ensure_future(think())
        self._hint = (thought, number)
        return None

    def _give_hint(self, number: int, hint: HintInfo | None) -> None:
        if hint is None:
            self._send(number, NoHint())
            return
        self.session.note_hint()
        self._send(number, HintGiven(hint=hint, assist=self.session.record.assists[-1]))

    def _take_back(self, client: _Client) -> _Refusal:
        if not client.seats or not self.session.can_take_back() or self._news:
            return ("nothing_to_take_back", None)
        self._stop_computer()
        self._stop_hint()
        self.session.take_back()
        self._serial += 1
        self._update_all(self._round_so_far, restart=True)
        return None

    # ----- the game moves on ---------------------------------------------------------------------

    def _act(self, action: Action) -> None:
        """Apply ``action`` through the session (which saves it) and tell every client."""
        turn = self.session.act(action)
        self._serial += 1
        self._stop_hint()
        self._note_news(turn)
        self._check_saved()

        def tell() -> None:
            self._update_all(lambda client: self._steps_of(turn, client))

        if self.acknowledge_committed and not self.session.committed:
            self._held.append(tell)
        else:
            tell()

    def _release_held(self) -> None:
        """Tell the clients of the moves the store now holds."""
        held, self._held = self._held, []
        for tell in held:
            tell()

    def _note_news(self, turn: Turn) -> None:
        """What ``turn`` makes the clients wait for: a dead draw shown to its person, a round's
        result (and every shared keyboard's hands hidden again)."""
        action, before, events = turn.action, turn.before, turn.events
        assert action is not None, "the deal is not an action"
        assert before is not None, "an action always has a state before it"
        for event in events:
            if isinstance(event, Passed) and event.reason == "drew_unplayable":
                client = self._client_of(action.seat)
                if client is not None and len(client.seats) > 1:
                    drawn = next(e.tile for e in events if isinstance(e, TileDrawn) and e.tile)
                    self._news.append(_DeadDraw(action.seat, drawn))
            elif isinstance(event, GameOver):
                self._result = event
        over = _round_over(turn, round_end(before, action) if _ends_round(events) else None)
        if over is not None:
            self._news.append(over)
            over.waiting.update(number for number, c in self._clients.items() if c.seats)
            for client in self._clients.values():
                if len(client.seats) > 1:
                    client.keyboard = None

    def _resume_round_over(self) -> None:
        """A game reopened right after a round ended: show that round's result first."""
        turns = self.session.opening_turns
        turn = turns[0] if len(turns) == 1 else None
        if turn is None or turn.action is None or turn.before is None:
            return
        over = _round_over(turn, round_end(turn.before, turn.action))
        if over is not None:
            self._news.append(over)
        self._result = next((e for e in turn.events if isinstance(e, GameOver)), None)

    def _client_of(self, seat: int) -> _Client | None:
        return next((c for c in self._clients.values() if seat in c.seats), None)

    def _check_saved(self) -> None:
        """Tell every client when the game's file falls behind or catches up."""
        unsaved = self._unsaved_now()
        if unsaved != self._unsaved:
            self._unsaved = unsaved
            self._send_all(lambda _client: SaveProblem(problem=unsaved))

    def _unsaved_now(self) -> str | None:
        problem = self.session.unsaved
        return prompts.unsaved(problem) if problem is not None else None

    # ----- what each client is sent --------------------------------------------------------------

    def _send(self, number: int, message: HostMessage) -> None:
        """Send client ``number`` one message (every message goes through here)."""
        client = self._clients.get(number)
        if client is not None:
            client.outlet.deliver(message)

    def _send_all(self, message_for: _MessageFor) -> None:
        for number, client in list(self._clients.items()):
            self._send(number, message_for(client))

    def _update_all(self, steps_for: _StepsFor | None = None, *, restart: bool = False) -> None:
        """Send every client its view and prompt now, with the steps that led there."""
        for number, client in list(self._clients.items()):
            steps = steps_for(client) if steps_for is not None else ()
            update = Update(
                view=self._view(client),
                prompt=self._prompt(client),
                steps=steps,
                restart=restart,
            )
            self._send(number, update)

    def _shown_state(self) -> GameState:
        """The state the clients see: a round's final table while its result is up."""
        over = next((news for news in self._news if isinstance(news, _RoundOver)), None)
        return over.table if over is not None else self.session.state

    def _view_seat(self, client: _Client) -> int | None:
        """The seat whose hand ``client`` may show now (None: the public view only)."""
        if len(client.seats) == 1:
            return client.seats[0]
        seat = client.keyboard
        if seat is None:
            return None
        news = self._news[0] if self._news else None
        if isinstance(news, _DeadDraw):
            return seat if news.seat == seat else None
        state = self.session.state
        return seat if not news and not state.over and state.turn == seat else None

    def _view(self, client: _Client) -> View:
        seat = self._view_seat(client)
        state = self._shown_state()
        return state.view(seat) if seat is not None else state.public_view()

    def _prompt(self, client: _Client) -> Prompt:
        """What the host waits for from ``client`` now."""
        news = self._news[0] if self._news else None
        if isinstance(news, _DeadDraw):
            if news.seat in client.seats:
                return DeadDraw(seat=news.seat, tile=news.tile)
            return Waiting(seat=news.seat)
        if isinstance(news, _RoundOver):
            return RoundEnded(result=news.result, ending=news.ending)
        state = self.session.state
        if state.over:
            assert self._result is not None, "a game over has its result"
            return GameEnded(result=self._result)
        seat = state.turn
        if not self.session.is_human(seat):
            return Waiting(seat=seat, computer=True)
        if seat not in client.seats:
            return Waiting(seat=seat)
        if len(client.seats) == 1 or client.keyboard == seat:
            return YourTurn(seat=seat, take_back=self.session.can_take_back())
        return PassKeyboard(seat=seat)

    def _viewer(self, client: _Client, actor: int | None) -> int:
        """Whose drawn tiles ``client`` may see in a step ``actor`` took: its own seat's; at a
        shared keyboard the actor's (who had the keyboard to act), else nobody's."""
        if len(client.seats) == 1:
            return client.seats[0]
        return actor if actor is not None and actor in client.seats else NOBODY

    def _visible_step(self, step: Step, client: _Client, actor: int | None) -> Step:
        events = visible_to(step.events, self._viewer(client, actor))
        return step if events == step.events else step.model_copy(update={"events": events})

    def _steps_of(self, turn: Turn, client: _Client) -> tuple[Step, ...]:
        """The step of ``turn`` as ``client`` may see it (up to a round's result: the next
        deal is sent once the result was seen)."""
        action, before = turn.action, turn.before
        events = turn.events
        if self._news and isinstance(self._news[-1], _RoundOver) and _ends_round(events):
            events = events[: _cut(events)]
        step = Step(action=action, events=events, board=before.board if before else None)
        return (self._visible_step(step, client, action.seat if action else None),)

    def _round_so_far(self, client: _Client) -> tuple[Step, ...]:
        """The round in play as ``client`` may see it (the first message's steps, and the log
        after a take-back), hints and take-backs in their places. At a shared keyboard nobody
        holds it for the past: no drawn tile is named."""
        record, turns = self.session.record, self.session.opening_turns
        base = len(record.actions) - len(turns) + 1
        helped: dict[int, list[Assist]] = {}
        for assist in record.assists:
            if base <= assist.at < base + len(turns):
                helped.setdefault(assist.at - base, []).append(assist)
        steps = []
        showing_result = any(isinstance(news, _RoundOver) for news in self._news)
        for index, turn in enumerate(turns):
            events = turn.events
            if showing_result and index == len(turns) - 1:
                events = events[: _cut(events)]  # the next deal comes once the result was seen
            step = Step(
                action=turn.action,
                events=events,
                board=turn.before.board if turn.before is not None else None,
                assists=tuple(helped.get(index, ())),
            )
            steps.append(self._visible_step(step, client, None))  # nobody holds it now
        return tuple(steps)


def _stop_check(stop: threading.Event) -> StopCheck:
    """The stop check a decision asks between playouts; asking it also lets the loop's thread
    run at once (``sleep(0)`` gives the interpreter lock away)."""

    def should_stop() -> bool:
        time.sleep(0)
        return stop.is_set()

    return should_stop


def _ends_round(events: tuple[Event, ...]) -> bool:
    return any(isinstance(event, RoundScored) for event in events)


def _cut(events: tuple[Event, ...]) -> int:
    """Where a round's result ends in ``events`` (the next deal or the game's end follow)."""
    return next(
        (i + 1 for i, event in enumerate(events) if isinstance(event, RoundScored)), len(events)
    )


def _round_over(turn: Turn, table: GameState | None) -> _RoundOver | None:
    """The news of a round that ``turn`` ended (None if it ended none)."""
    if table is None:
        return None
    events = turn.events
    cut = _cut(events)
    result = events[cut - 1]
    assert isinstance(result, RoundScored)
    ending = next((e for e in events[:cut] if isinstance(e, WentOut | RoundBlocked)), None)
    return _RoundOver(result, ending, table, events[cut:])
