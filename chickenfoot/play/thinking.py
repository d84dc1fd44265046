"""Decisions in the making, off the table's thread: a computer's move and a person's hint.

A :class:`Thinker` runs each decision in a worker thread (``asyncio.to_thread``), a computer's
move with its pause beside it (``asyncio.sleep`` on the loop's own clock), and hands the
answers back to its table through :attr:`Thinker.answers`, each tagged with the serial number
of the game's position it was asked at: the table drops an answer whose position is gone (a
take-back). Stopping sets the decision's stop check, so a searching player answers within a
playout, and cancels the pause. Imports no Textual.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

from chickenfoot.bots import Hint, StopCheck
from chickenfoot.rules import Action


@dataclass(frozen=True)
class Moved:
    """A computer's move, decided at the position numbered ``serial``."""

    serial: int
    action: Action


@dataclass(frozen=True)
class Hinted:
    """A hint for client ``client``, asked at the position numbered ``serial`` (None: none
    could be worked out)."""

    serial: int
    client: int
    hint: Hint | None


@dataclass
class _Thought:
    """A decision in the making and how to stop it."""

    serial: int
    stop: threading.Event = field(default_factory=threading.Event)
    task: asyncio.Future[None] | None = None

    def cancel(self) -> None:
        self.stop.set()
        if self.task is not None:
            self.task.cancel()


class Thinker:
    """At most one computer move and one hint in the making; their answers, in order."""

    def __init__(self, wake: Callable[[], None]) -> None:
        """``wake`` is called (on the loop's thread) whenever an answer comes in."""
        self.wake = wake
        self.answers: deque[Moved | Hinted] = deque()
        """The answers that came in, oldest first (the table takes them)."""
        self._move: _Thought | None = None
        self._hint: _Thought | None = None

    @property
    def moving(self) -> bool:
        """True while a computer's move is in the making."""
        return self._move is not None

    def move(
        self,
        serial: int,
        decision: Callable[[StopCheck | None], Action],
        pause: float,
        still_thinking: Callable[[], None],
    ) -> None:
        """Start a computer's ``decision`` and a pause of ``pause`` seconds; its :class:`Moved`
        comes in once both are over (``still_thinking`` is called if the pause ends first)."""
        self.stop_move()
        thought = self._move = _Thought(serial)
        stop = _stop_check(thought.stop)

        async def think() -> None:
            answer = asyncio.ensure_future(asyncio.to_thread(decision, stop))
            await asyncio.sleep(pause)
            if not answer.done():
                still_thinking()
            action = await answer
            if self._move is thought:
                self._move = None
            self.answers.append(Moved(serial, action))
            self.wake()

        thought.task = asyncio.ensure_future(think())

    def hint(self, serial: int, client: int, compute: Callable[[StopCheck], Hint]) -> None:
        """Start working out a hint for ``client``; its :class:`Hinted` comes in when done (a
        hint that fails comes in as None: the game goes on without it)."""
        self.stop_hint()
        thought = self._hint = _Thought(serial)
        stop = _stop_check(thought.stop)

        async def think() -> None:
            try:
                found: Hint | None = await asyncio.to_thread(compute, stop)
            except Exception:
                found = None
            if self._hint is thought:
                self._hint = None
            self.answers.append(Hinted(serial, client, found))
            self.wake()

        thought.task = asyncio.ensure_future(think())

    def stop_move(self) -> None:
        """Stop the computer's pause and thinking (its answer never comes)."""
        thought, self._move = self._move, None
        if thought is not None:
            thought.cancel()

    def stop_hint(self) -> None:
        """Drop a hint still being worked out."""
        thought, self._hint = self._hint, None
        if thought is not None:
            thought.cancel()

    def stop(self) -> None:
        """Stop everything in the making."""
        self.stop_move()
        self.stop_hint()


def _stop_check(stop: threading.Event) -> StopCheck:
    """The stop check a decision asks between playouts; asking it also lets the loop's thread
    run at once (``sleep(0)`` gives the interpreter lock away)."""

    def should_stop() -> bool:
        time.sleep(0)
        return stop.is_set()

    return should_stop
