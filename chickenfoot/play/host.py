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

**The game goes no further until each move is committed.** A move is sent to every client
at once, but while the session's commit of it runs
(:attr:`~chickenfoot.play.session.GameSession.committed` is False) the host starts no
computer move and handles no client's message: a key pressed meanwhile (a move, a hand-off,
going on after a round's result) waits in order and is handled once the move is on disk, so
a crash loses at most the move being committed. What the clients are told of the store (a
slow commit's "saving…", a failed one) is its :class:`~chickenfoot.play.saving.SaveWatch`'s.

A round that ends is shown before the next one is dealt: the host sends the round's final
table and result, and the next deal only once the clients go on
(:class:`~chickenfoot.play.wire.Proceed`). A game reopened right after a round ended (a
window killed while the result was up) shows that result first. What waits to be seen is the
host's :class:`~chickenfoot.play.news.News`.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Protocol

from chickenfoot.play.news import DeadDrawShown, News, NewsItem, RoundShown
from chickenfoot.play.saving import SaveWatch
from chickenfoot.play.session import GameSession, Turn
from chickenfoot.play.steps import game_turns, steps_of
from chickenfoot.play.thinking import Hinted, Moved, Thinker
from chickenfoot.play.wire import (
    Act,
    AskGameLog,
    AskHint,
    ClientMessage,
    Closed,
    DeadDraw,
    GameEnded,
    GameLog,
    HintGiven,
    HintInfo,
    Hold,
    HostMessage,
    NoHint,
    PassKeyboard,
    Proceed,
    Prompt,
    RefusalReason,
    Refused,
    RoundEnded,
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
    GameState,
    IllegalAction,
    Tile,
    visible_to,
)
from chickenfoot.saves.store import LeaseLost

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
    holding: bool = False
    """True while the client's screen is covered: computers wait."""


_StepsFor = Callable[[_Client], tuple[Step, ...]]
_Refusal = tuple[RefusalReason, str | None] | None
"""Why the host refused a client's message (and the rules' reason), or None."""


class TableHost:
    """One game at one table: the session, the turn loop, and a link to every client."""

    def __init__(
        self, session: GameSession, *, pause: float = 0.6, acknowledge_committed: bool = False
    ) -> None:
        self.session = session
        self.pause = max(0.0, pause)
        """Seconds before each computer move."""
        self._saves = SaveWatch(
            session, self._broadcast, acknowledge_committed=acknowledge_committed
        )
        """What the clients are told of the store (``acknowledge_committed``: of a move only
        once the store holds it, as a table server does)."""
        self._clients: dict[int, _Client] = {}
        self._next_id = 0
        self._inbox: deque[tuple[int, ClientMessage]] = deque()
        self._news = News(session)
        self._serial = 0
        """Changes with every move and take-back: a decision made before is dropped."""
        self._wake: asyncio.Event | None = None
        self._thinker = Thinker(self._wakeup)
        self.closed = False
        self.lease_lost = False
        """True once the store refused a move because another table server runs the table now
        (:class:`~chickenfoot.saves.store.LeaseLost`): the turn loop ended without telling
        anybody of the moves it could not commit."""

    # ----- clients -------------------------------------------------------------------------------

    @property
    def table(self) -> TableInfo:
        """The table as every client is told it."""
        return table_info(self.session, self.pause)

    def connect(self, outlet: Outlet, seats: Iterable[int] = ()) -> int:
        """A new client playing ``seats`` (people's seats; none: a spectator); its id. Its
        first message (:class:`~chickenfoot.play.wire.Welcome`) is sent at once."""
        client = _new_client(self.session, self._clients.values(), outlet, seats)
        played = client.seats
        number = self._next_id
        self._next_id += 1
        self._clients[number] = client
        news = self._news.first
        if isinstance(news, RoundShown) and played:
            news.waiting.add(number)
        self._send(
            number,
            Welcome(
                table=self.table,
                seats=played,
                view=self._view(client),
                prompt=self._prompt(client),
                steps=self._round_so_far(client),
                unsaved=self._saves.unsaved,
            ),
        )
        return number

    def disconnect(self, number: int) -> None:
        """Forget client ``number`` (a result no longer waits for it)."""
        self._clients.pop(number, None)
        news = self._news.first
        if isinstance(news, RoundShown):
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
        self._thinker.stop()
        self._saves.stop()
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
            self._take_answers()
            if self._computer_due() is None:
                return
            self._act(self.session.bot_action())

    async def run(self) -> None:
        """Run the table until it is closed: handle the clients' messages in order; let each
        computer decide in a worker thread while its pause runs."""
        loop = asyncio.get_running_loop()
        wake = self._wake = asyncio.Event()

        def commit_ended() -> None:  # on the committer's thread: wake the loop to go on
            with contextlib.suppress(RuntimeError):  # the loop is gone: nobody to tell
                loop.call_soon_threadsafe(wake.set)

        self.session.commit_in_background(commit_ended)
        try:
            while not self.closed:
                wake.clear()
                if self._saves.committed(loop):
                    if isinstance(self.session.unsaved, LeaseLost):
                        self.lease_lost = True  # another server runs the table now
                        break
                    self._saves.release()
                    self._handle_inbox()
                    self._take_answers()
                self._saves.check()
                if self._computer_due() is not None and not self._thinker.moving:
                    self._thinker.move(
                        self._serial, self.session.bot_decision(), self.pause, self._still
                    )
                waiting = bool(self._inbox or self._thinker.answers)
                if not (self._saves.committed(loop) and waiting):  # (a move made above: "saving…"?)
                    await wake.wait()
        finally:
            self.session.commit_in_background(None)  # no more wake-ups for a loop that ends
            self._thinker.stop()
            self._saves.stop()
            self._wake = None

    def _computer_due(self) -> int | None:
        """The computer seat that must move now, if any."""
        state = self.session.state
        if self.closed or self._news or state.over or self.session.is_human(state.turn):
            return None
        if not self.session.committed:
            return None  # the move before is being committed
        if any(client.holding for client in self._clients.values()):
            return None
        return state.turn

    def _take_answers(self) -> None:
        """Play the computers' moves and give the hints that came in (unless the position they
        were asked at is gone)."""
        answers = self._thinker.answers
        while answers and self.session.committed:
            answer = answers.popleft()
            if answer.serial != self._serial:
                continue
            if isinstance(answer, Moved) and self._computer_due() is not None:
                self._act(answer.action)
            elif isinstance(answer, Hinted):
                found = HintInfo.of(answer.hint) if answer.hint is not None else None
                self._give_hint(answer.client, found)

    def _still(self) -> None:
        """The computer's pause is over and it still thinks: say so."""
        self._broadcast(StillThinking(seat=self.session.state.turn))

    def _wakeup(self) -> None:
        if self._wake is not None:
            self._wake.set()

    # ----- the clients' messages -----------------------------------------------------------------

    def _handle_inbox(self) -> None:
        """Handle the clients' messages in order, until a move must be committed first."""
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
        if isinstance(message, Hold):
            client.holding = message.on
            if message.on:
                self._thinker.stop_move()  # it thinks again, from the start, once uncovered
            return None
        if isinstance(message, AskGameLog):
            self._send(number, GameLog(steps=self._game_so_far(client)))
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
        news = self._news.first
        if isinstance(news, DeadDrawShown) and news.seat in client.seats:
            self._news.seen()
            client.keyboard = None
            self._update_all()
            return None
        if isinstance(news, RoundShown) and (number in news.waiting or not news.waiting):
            news.waiting.discard(number)
            if not news.waiting:
                self._round_seen()
            return None
        return ("nothing_to_proceed", None)

    def _round_seen(self) -> None:
        """Every client saw the round's result: send the next deal (or the game's result)."""
        news = self._news.seen()
        assert isinstance(news, RoundShown)
        later = Step(events=news.later)
        self._update_all(lambda client: (_visible_step(later, client, None),))

    def _ask_hint(self, number: int, client: _Client) -> _Refusal:
        if not isinstance(self._prompt(client), YourTurn) or not self.session.can_hint():
            return ("no_hint_now", None)
        compute = self.session.hint_decision()
        if self._wake is not None:
            self._thinker.hint(self._serial, number, compute)
            return None
        try:  # pump(): at once
            found: HintInfo | None = HintInfo.of(compute(lambda: False))
        except ValueError:
            found = None
        self._give_hint(number, found)
        return None

    def _give_hint(self, number: int, hint: HintInfo | None) -> None:
        if hint is None:
            self._send(number, NoHint())
            return
        self.session.note_hint()
        self._send(number, HintGiven(hint=hint, assist=self.session.record.assists[-1]))
        client = self._clients.get(number)
        if client is not None and not self.session.can_hint():  # that was the last one
            self._send(number, Update(view=self._view(client), prompt=self._prompt(client)))

    def _take_back(self, client: _Client) -> _Refusal:
        if not client.seats or not self.session.can_take_back() or self._news:
            return ("nothing_to_take_back", None)
        self._thinker.stop()
        self.session.take_back()
        self._serial += 1
        self._update_all(self._round_so_far, restart=True)
        return None

    # ----- the game moves on ---------------------------------------------------------------------

    def _act(self, action: Action) -> None:
        """Apply ``action`` through the session (which commits it) and tell every client."""
        turn = self.session.act(action)
        self._serial += 1
        self._thinker.stop_hint()
        self._note_news(turn)
        self._saves.check()
        self._saves.tell_when_held(
            lambda: self._update_all(lambda client: self._steps_of(turn, client))
        )

    def _note_news(self, turn: Turn) -> None:
        """Note what ``turn`` makes the clients wait for (see :meth:`News.note`); a round's
        result hides every shared keyboard's hands again."""

        def shares_keyboard(seat: int) -> bool:
            client = self._client_of(seat)
            return client is not None and len(client.seats) > 1

        over = self._news.note(turn, shares_keyboard)
        if over is not None:
            over.waiting.update(number for number, c in self._clients.items() if c.seats)
            for client in self._clients.values():
                if len(client.seats) > 1:
                    client.keyboard = None

    def _client_of(self, seat: int) -> _Client | None:
        return next((c for c in self._clients.values() if seat in c.seats), None)

    # ----- what each client is sent --------------------------------------------------------------

    def _send(self, number: int, message: HostMessage) -> None:
        """Send client ``number`` one message (every message goes through here)."""
        client = self._clients.get(number)
        if client is not None:
            client.outlet.deliver(message)

    def _broadcast(self, message: HostMessage) -> None:
        """Send every client the same ``message``."""
        for number in list(self._clients):
            self._send(number, message)

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

    def _view(self, client: _Client) -> View:
        seat = _view_seat(client, self._news.first, self.session.state)
        state = self._news.shown_state(self.session.state)
        return state.view(seat) if seat is not None else state.public_view()

    def _prompt(self, client: _Client) -> Prompt:
        """What the host waits for from ``client`` now."""
        news = self._news.first
        if isinstance(news, DeadDrawShown):
            if news.seat in client.seats:
                return DeadDraw(seat=news.seat, tile=news.tile)
            return Waiting(seat=news.seat)
        if isinstance(news, RoundShown):
            return RoundEnded(result=news.result, ending=news.ending)
        state = self.session.state
        if state.over:
            assert self._news.result is not None, "a game over has its result"
            return GameEnded(result=self._news.result)
        seat = state.turn
        if not self.session.is_human(seat):
            return Waiting(seat=seat, computer=True)
        if seat not in client.seats:
            return Waiting(seat=seat)
        if client.keyboard == seat:
            session = self.session
            return YourTurn(seat=seat, take_back=session.can_take_back(), hint=session.can_hint())
        return PassKeyboard(seat=seat)

    def _steps_of(self, turn: Turn, client: _Client) -> tuple[Step, ...]:
        """The step of ``turn`` as ``client`` may see it (up to a round's result: the next
        deal is sent once the result was seen)."""
        (step,) = steps_of((turn,), 0, (), result_shown=self._news.showing_result)
        actor = turn.action.seat if turn.action is not None else None
        return (_visible_step(step, client, actor),)

    def _game_so_far(self, client: _Client) -> tuple[Step, ...]:
        """Every step of the game so far as ``client`` may see it (no drawn tile but its only
        seat's), hints and take-backs in their places."""
        record = self.session.record
        turns = game_turns(record)
        steps = steps_of(turns, 0, record.assists, result_shown=self._news.showing_result)
        return tuple(_visible_step(step, client, None) for step in steps)

    def _round_so_far(self, client: _Client) -> tuple[Step, ...]:
        """The round in play as ``client`` may see it (the first message's steps, and the log
        after a take-back), hints and take-backs in their places. At a shared keyboard nobody
        holds it for the past: no drawn tile is named."""
        record, turns = self.session.record, self.session.opening_turns
        first = len(record.actions) - len(turns) + 1
        steps = steps_of(turns, first, record.assists, result_shown=self._news.showing_result)
        return tuple(_visible_step(step, client, None) for step in steps)


def _new_client(
    session: GameSession, others: Iterable[_Client], outlet: Outlet, seats: Iterable[int]
) -> _Client:
    """A client playing ``seats``, which must be people's seats no other client plays
    (``ValueError`` otherwise). One person alone has the keyboard from the start; people
    sharing it, or a game taken over from a shared keyboard, start with a hand-off."""
    people = set(session.humans)
    played = tuple(sorted(set(seats)))
    taken = {seat for client in others for seat in client.seats}
    for seat in played:
        if seat not in people:
            raise ValueError(f"seat {seat} is not a person's seat")
        if seat in taken:
            raise ValueError(f"seat {seat} is played by another client already")
    taken_over = session.record.taken_over
    alone = len(played) == 1 and not (taken_over is not None and taken_over.shared)
    return _Client(outlet, played, played[0] if alone else None)


def table_info(session: GameSession, pause: float) -> TableInfo:
    """The table of ``session`` as every client is told it (the computers pause ``pause``)."""
    record = session.record
    return TableInfo(
        rules=record.rules,
        seats=tuple(SeatInfo(name=seat.name, computer=seat.level) for seat in record.seats),
        take_backs=session.take_backs_allowed,
        pause=pause,
    )


def _view_seat(client: _Client, news: NewsItem | None, state: GameState) -> int | None:
    """The seat whose hand ``client`` may show now, with ``news`` waiting to be seen and
    ``state`` the game's (None: the public view only)."""
    if len(client.seats) == 1:
        return client.keyboard  # its person, once they took the keyboard
    seat = client.keyboard
    if seat is None:
        return None
    if isinstance(news, DeadDrawShown):
        return seat if news.seat == seat else None
    return seat if not news and not state.over and state.turn == seat else None


def _viewer(client: _Client, actor: int | None) -> int:
    """Whose drawn tiles ``client`` may see in a step ``actor`` took: its own seat's (once its
    person took the keyboard); at a shared keyboard the actor's, when the actor had it; else
    nobody's."""
    if len(client.seats) == 1 and client.keyboard is not None:
        return client.keyboard
    return actor if actor is not None and actor == client.keyboard else NOBODY


def _visible_step(step: Step, client: _Client, actor: int | None) -> Step:
    """``step`` as ``client`` may see it (see :func:`_viewer`)."""
    events = visible_to(step.events, _viewer(client, actor))
    return step if events == step.events else step.model_copy(update={"events": events})


def replay_hands(state: GameState, *, private: bool) -> tuple[tuple[Tile, ...], ...] | None:
    """What a replay may show of the hands at ``state``: every hand (a replay shows all), or
    None while the round is ``private`` (the round in play of an unfinished game people share
    a keyboard in: it is shown as a spectator would see it)."""
    return None if private else state.hands
