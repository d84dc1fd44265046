"""Committing a game in play to the store, move by move, at once or on a thread of its own.

A :class:`Committer` keeps one game's rows in step with its record: :meth:`Committer.submit`
hands it the newest record (and the state it leads to). By default it commits at once, on
the caller's thread (the command line and tests). Once :meth:`Committer.in_background` is
called it commits on a thread of its own, with a store of its own, so a screen never waits
for the disk: the newest record wins (records handed in while a commit runs replace each
other, and the next commit holds every move), and ``on_commit`` hears each time a commit
ends, so a turn loop can go on only once the move it showed is on disk
(:attr:`Committer.settled`). A commit appends only what is new: the actions and assists
since the last commit (after a take-back, the actions it undid are removed first), so it
costs the same at move 5 and at move 5,000.

A commit that fails (a full disk, another window that took the game over) keeps every move
in memory: :attr:`Committer.problem` says why, and the next commit tries them all again.
"""

from __future__ import annotations

import atexit
import threading
from collections.abc import Callable

from chickenfoot.lang import _
from chickenfoot.record.model import GameRecord
from chickenfoot.record.summary import GameId
from chickenfoot.rules import GameState
from chickenfoot.saves.store import Change, GameFacts, GameStore, Holder, StoreError

EXIT_WAIT = 5.0
"""Seconds a program that ends without stopping its committers waits for their last commits."""


class CommitStillRunning(StoreError):
    """The latest commit did not finish in the time waited for it (a very slow disk)."""

    def __init__(self, seconds: float) -> None:
        super().__init__(
            _("the disk did not finish saving in {seconds} s").format(seconds=f"{seconds:g}")
        )


class Committer:
    """Commits one game's changes to ``store``; the store holds ``actions`` of its actions and
    ``assists`` of its assists already. With ``holder``, a commit is refused once another
    window has taken the game over."""

    def __init__(
        self,
        store: GameStore,
        game: GameId,
        *,
        actions: int,
        assists: int,
        holder: Holder | None = None,
    ) -> None:
        self.store = store
        self.game = game
        self.holder = holder
        self.problem: OSError | None = None
        """Why the latest commit failed, or None when the store holds every move committed."""
        self._condition = threading.Condition()
        self._committed = (actions, assists)
        self._low = actions
        """The fewest actions any record handed in since the last commit had: the store's
        rows past it were taken back."""
        self._pending: tuple[GameRecord, GameState] | None = None
        self._latest: tuple[GameRecord, GameState] | None = None
        self._writing = False
        self._thread: threading.Thread | None = None
        self._worker: CommitWorker | None = None
        self._on_commit: Callable[[], object] | None = None

    @property
    def background(self) -> bool:
        """True once commits run on the committer's own thread (or a worker's)."""
        return self._thread is not None or self._worker is not None

    @property
    def settled(self) -> bool:
        """True when no commit waits or runs: every move handed in is on disk, or the latest
        commit failed (:attr:`problem` says why)."""
        with self._condition:
            return self._settled()

    def in_background(
        self, on_commit: Callable[[], object] | None = None, worker: CommitWorker | None = None
    ) -> None:
        """Commit on a thread of the committer's own from now on (or on ``worker``'s, which
        commits many games together); ``on_commit`` is called on that thread after each
        commit ends (saved or failed). Calling it again only swaps the callback."""
        with self._condition:
            self._on_commit = on_commit
            if worker is not None and self._thread is None:
                self._worker = worker
            if self._thread is None and self._worker is None:
                self._thread = threading.Thread(
                    target=self._commit_queued, name=f"commit game {self.game}", daemon=True
                )
                self._thread.start()
                atexit.register(self._at_exit)

    def submit(self, record: GameRecord, state: GameState) -> None:
        """Commit ``record`` (whose final state is ``state``): at once (an ``OSError`` is kept
        in :attr:`problem`), or queued for the committer's thread, replacing any record still
        waiting."""
        with self._condition:
            self._low = min(self._low, len(record.actions))
            self._latest = (record, state)
            if self._thread is not None:
                self._pending = self._latest
                self._condition.notify_all()
                return
            worker = self._worker
            if worker is not None:
                self._pending = self._latest
        if worker is not None:
            worker.wake(self)
            return
        self._commit(record, state, self.store)

    def wait(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds until every record handed in is committed; a failed
        commit is tried once more. True if the store holds the latest record."""
        with self._condition:
            worker = self._worker
            if self._thread is None and worker is None:
                latest, problem = self._latest, self.problem
            else:
                if self.problem is not None and self._pending is None and not self._writing:
                    self._pending = self._latest  # try the failed commit again
                    self._condition.notify_all()
                    if worker is not None:
                        worker.wake(self)
                if not self._condition.wait_for(self._settled, timeout):
                    self.problem = CommitStillRunning(timeout)
                    return False
                return self.problem is None
        if problem is not None and latest is not None:
            self._commit(*latest, self.store)
        return self.problem is None

    def stop(self, timeout: float) -> bool:
        """Wait (see :meth:`wait`), then end the committer's thread; later commits run at
        once again. True if the store holds the latest record."""
        saved = self.wait(timeout)
        with self._condition:
            thread, self._thread = self._thread, None
            self._worker = None
            self._condition.notify_all()
        if thread is not None:
            atexit.unregister(self._at_exit)
            if saved:
                thread.join(timeout)
        return saved

    def _at_exit(self) -> None:
        """The program ends without :meth:`stop`: commit what waits before it does."""
        self.stop(EXIT_WAIT)

    # ----- committed by a worker (see CommitWorker) ----------------------------------------

    def _take_pending(self) -> tuple[GameRecord, GameState] | None:
        with self._condition:
            pending, self._pending = self._pending, None
            if pending is not None:
                self._writing = True
            return pending

    def _batch_change(
        self, record: GameRecord, state: GameState
    ) -> tuple[GameId, Change, Holder | None]:
        with self._condition:
            return (self.game, self._change(record, state), self.holder)

    def _batch_done(self, record: GameRecord, error: StoreError | None) -> None:
        with self._condition:
            if error is None:
                self._committed = (len(record.actions), len(record.assists))
                self._low = len(record.actions)
                self.problem = None
            else:
                self.problem = error
            self._writing = False
            on_commit = self._on_commit
            self._condition.notify_all()
        if on_commit is not None:
            on_commit()

    def _batch_failed(self, error: OSError) -> None:
        with self._condition:
            self._pending = None
            self.problem = error
            self._condition.notify_all()
            on_commit = self._on_commit
        if on_commit is not None:
            on_commit()

    def _settled(self) -> bool:
        return self._pending is None and not self._writing

    def _change(self, record: GameRecord, state: GameState) -> Change:
        """What the store lacks of ``record`` (called with the condition held)."""
        actions, assists = self._committed
        keep = min(actions, self._low)
        return Change(
            keep=keep,
            actions=tuple(record.actions[keep:]),
            assists_kept=assists,
            assists=tuple(record.assists[assists:]),
            facts=GameFacts.of(record, state),
        )

    def _commit(self, record: GameRecord, state: GameState, store: GameStore) -> None:
        """Commit ``record`` on this thread, keeping the problem if it fails."""
        with self._condition:
            change = self._change(record, state)
        try:
            store.commit(self.game, change, self.holder)
        except OSError as error:
            self.problem = error
            return
        with self._condition:
            self._committed = (len(record.actions), len(record.assists))
            self._low = len(record.actions)
            self.problem = None

    def _commit_queued(self) -> None:
        """The committer's thread: commit the newest queued record until stopped."""
        me = threading.current_thread()
        store: GameStore | None = None
        try:
            while True:
                with self._condition:
                    self._condition.wait_for(
                        lambda: self._pending is not None or self._thread != me
                    )
                    pending, self._pending = self._pending, None
                    if pending is None:
                        return
                    self._writing = True
                try:
                    if store is None:
                        store = self.store.reopen()
                    self._commit(*pending, store)
                except OSError as error:
                    self.problem = error
                except Exception as error:  # never leave the game waiting for a dead thread
                    self.problem = StoreError(
                        _("the game could not be saved ({error})").format(error=repr(error))
                    )
                with self._condition:
                    self._writing = False
                    on_commit = self._on_commit
                    self._condition.notify_all()
                if on_commit is not None:
                    on_commit()  # after the commit counts as done: it finds the game settled
        finally:
            if store is not None:
                store.close()


class CommitWorker:
    """One thread that commits the games of many committers (a table server's), everything
    waiting in one transaction: one write to disk for all the moves made meanwhile, however
    many tables made them (a group commit). A committer uses it with
    ``committer.in_background(on_commit, worker)``; each committer's ``on_commit`` is called
    once its game's change is on disk (or failed)."""

    def __init__(self, store: GameStore) -> None:
        self.store = store
        """The store to reopen on the worker's thread."""
        self._condition = threading.Condition()
        self._waiting: dict[int, Committer] = {}
        self._stopping = False
        self._thread = threading.Thread(target=self._run, name="commit games", daemon=True)
        self._thread.start()
        self.batches = 0
        """How many transactions the worker has made (tests and benchmarks)."""

    def wake(self, committer: Committer) -> None:
        """``committer`` has a change waiting."""
        with self._condition:
            self._waiting[id(committer)] = committer
            self._condition.notify_all()

    def stop(self, timeout: float = EXIT_WAIT) -> None:
        """Commit what waits, then end the worker's thread."""
        with self._condition:
            self._stopping = True
            self._condition.notify_all()
        self._thread.join(timeout)

    def _run(self) -> None:
        store: GameStore | None = None
        try:
            while True:
                with self._condition:
                    self._condition.wait_for(lambda: self._waiting or self._stopping)
                    if not self._waiting:
                        return
                    batch = list(self._waiting.values())
                    self._waiting.clear()
                if store is None:
                    try:
                        store = self.store.reopen()
                    except OSError as error:
                        for committer in batch:
                            committer._batch_failed(error)
                        continue
                self._commit(store, batch)
        finally:
            if store is not None:
                store.close()

    def _commit(self, store: GameStore, batch: list[Committer]) -> None:
        taken = [(committer, committer._take_pending()) for committer in batch]
        work = [(committer, pending) for committer, pending in taken if pending is not None]
        changes = [committer._batch_change(*pending) for committer, pending in work]
        try:
            results: list[StoreError | None] = store.commit_many(changes)
        except OSError as failed:
            problem = failed if isinstance(failed, StoreError) else StoreError(str(failed))
            results = [problem] * len(work)
        self.batches += 1
        for (committer, pending), result in zip(work, results, strict=True):
            committer._batch_done(pending[0], result)
