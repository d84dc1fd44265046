"""Thinking off the screen's thread: a computer player's move and a person's hint.

:class:`Thinking` is an invisible widget of the game screen. It runs each decision in a worker
thread, so the screen answers every key while an expert searches, and tells its screen by
messages: :class:`Thinking.Chosen` once a computer has chosen *and* its pause is over,
:class:`Thinking.StillThinking` when the pause is over first, :class:`Thinking.HintFound` with
a hint. Stopping (a new turn, leaving the game) sets the decision's stop check, so a thinking
player answers within a playout; an answer that comes after a stop is dropped.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any, Generic, TypeVar

from textual import on
from textual.message import Message
from textual.timer import Timer
from textual.widget import Widget
from textual.worker import Worker, WorkerState

from chickenfoot.bots import Hint, StopCheck
from chickenfoot.rules import Action

SOONEST = 0.001
"""The shortest pause before a computer move (Textual's timers need one above zero)."""


Answer = TypeVar("Answer")


@dataclass
class _Thought(Generic[Answer]):
    """A decision in the making."""

    cancel: threading.Event
    worker: Worker[Answer]
    answer: Answer | None = None
    paused: bool = False
    """For a computer's move: True once the pause before it is over."""


class Thinking(Widget):
    """Runs a computer's move or a hint in a worker thread; says so by messages."""

    DEFAULT_CSS = "Thinking { display: none; }"

    class Chosen(Message):
        """The computer on turn chose ``action`` and its pause is over: play it."""

        def __init__(self, action: Action) -> None:
            super().__init__()
            self.action = action

    class StillThinking(Message):
        """The pause before the computer's move is over, but it is still thinking."""

    class HintFound(Message):
        """The hint asked for is ready."""

        def __init__(self, hint: Hint) -> None:
            super().__init__()
            self.hint = hint

    class HintFailed(Message):
        """The hint asked for could not be worked out (the game goes on without it)."""

    def __init__(self) -> None:
        super().__init__()
        self._move: _Thought[Action] | None = None
        self._hint: _Thought[Hint] | None = None
        self._pause: Timer | None = None

    @property
    def hint_pending(self) -> bool:
        """True while a hint is being worked out."""
        return self._hint is not None

    def think(self, decision: Callable[[StopCheck | None], Action], pause: float) -> None:
        """Start the computer's ``decision`` in a thread and a pause of ``pause`` seconds; it
        is :class:`Chosen` once both are over."""
        self.stop_move()
        self._move = self._start(decision, "computer")
        self._pause = self.set_timer(max(pause, SOONEST), self._pause_over)

    def find_hint(self, decision: Callable[[StopCheck], Hint]) -> None:
        """Start working out a hint in a thread; :class:`HintFound` says when it is ready."""
        self.stop_hint()
        self._hint = self._start(decision, "hint", exit_on_error=False)

    def stop_move(self) -> None:
        """Stop the computer's pause and thinking (its answer is dropped)."""
        if self._pause is not None:
            self._pause.stop()
            self._pause = None
        _stop(self._move)
        self._move = None

    def stop_hint(self) -> None:
        """Drop a hint still being worked out."""
        _stop(self._hint)
        self._hint = None

    def on_unmount(self) -> None:
        """The game is left: stop all thinking."""
        self.stop_move()
        self.stop_hint()

    def _start(
        self, decision: Callable[[StopCheck], Answer], group: str, *, exit_on_error: bool = True
    ) -> _Thought[Answer]:
        """Run ``decision`` in a worker thread (a computer's failure is a bug and ends the app,
        as anywhere else; a hint's only loses the hint)."""
        cancel = threading.Event()
        worker = self.run_worker(
            partial(decision, _stop_check(cancel)),
            thread=True,
            group=group,
            exit_on_error=exit_on_error,
        )
        return _Thought(cancel, worker)

    def _pause_over(self) -> None:
        self._pause = None
        move = self._move
        if move is None:
            return
        move.paused = True
        if move.answer is None:
            self.post_message(self.StillThinking())
        else:
            self._move = None
            self.post_message(self.Chosen(move.answer))

    @on(Worker.StateChanged)
    def _done(self, event: Worker.StateChanged) -> None:
        event.stop()
        hint, move = self._hint, self._move
        if hint is not None and event.worker is hint.worker and event.state == WorkerState.ERROR:
            self._hint = None
            self.post_message(self.HintFailed())
        if event.state != WorkerState.SUCCESS:
            return
        if hint is not None and event.worker is hint.worker and hint.worker.result is not None:
            self._hint = None
            self.post_message(self.HintFound(hint.worker.result))
        elif move is not None and event.worker is move.worker:
            move.answer = move.worker.result
            if move.paused and move.answer is not None:
                self._move = None
                self.post_message(self.Chosen(move.answer))


def _stop_check(cancel: threading.Event) -> StopCheck:
    """The stop check a decision asks between playouts. Asking it also lets the screen's
    thread run at once (``sleep(0)`` gives the interpreter lock away): without that, each key
    waits up to Python's switch interval for the search to let go, several times over."""

    def should_stop() -> bool:
        time.sleep(0)
        return cancel.is_set()

    return should_stop


def _stop(thought: _Thought[Any] | None) -> None:
    """Tell ``thought``'s decision to stop (its answer will be dropped)."""
    if thought is not None:
        thought.cancel.set()
