"""What a table's clients are told of the game's store: "saving…", a save that failed, and
moves told only once the store holds them.

A :class:`SaveWatch` follows one :class:`~chickenfoot.play.session.GameSession`'s commits
for the :class:`~chickenfoot.play.host.TableHost`, and hands it the messages to send every
client (:class:`~chickenfoot.play.wire.Saving`, :class:`~chickenfoot.play.wire.SaveProblem`):

- a commit that takes longer than :data:`SAVING_NOTICE_DELAY` is told as a quiet "saving…",
  and so is its end;
- the store falling behind (a commit failed: a full disk) is told as a code
  (:data:`~chickenfoot.play.wire.SaveTrouble`: each client words it in its own language,
  :func:`trouble_text`), and so is its catching up;
- with ``acknowledge_committed`` (a table server), telling the clients of a move waits until
  the store holds it, so that what a client was told stays true if the server is killed.
"""

from __future__ import annotations

import asyncio
import errno
from collections.abc import Callable

from chickenfoot.lang import _
from chickenfoot.play.session import GameSession
from chickenfoot.play.wire import HostMessage, SaveProblem, SaveTrouble, Saving
from chickenfoot.saves.committer import CommitStillRunning
from chickenfoot.saves.journal import JournalLost
from chickenfoot.saves.store import HeldElsewhere, LeaseLost

SAVING_NOTICE_DELAY = 0.3
"""Seconds a commit may take before the clients are told "saving…"."""

Broadcast = Callable[[HostMessage], None]
"""Sends one message to every client."""


class SaveWatch:
    """The store's progress on one session's moves, told to every client through
    ``broadcast``."""

    def __init__(
        self, session: GameSession, broadcast: Broadcast, *, acknowledge_committed: bool = False
    ) -> None:
        self.session = session
        self.broadcast = broadcast
        self.acknowledge_committed = acknowledge_committed
        """Tell the clients of a move only once the store holds it."""
        self.unsaved: SaveTrouble | None = save_trouble(session.unsaved)
        """Why the store is behind, as the clients were last told (None: it is not)."""
        self._held: list[Callable[[], None]] = []
        self._timer: asyncio.TimerHandle | None = None
        self._said = False
        """True once the clients were told the latest move takes long to save."""

    def committed(self, loop: asyncio.AbstractEventLoop) -> bool:
        """True when the store holds the latest move: the game may go on (the clients hear
        that a "saving…" they were told of is over). Otherwise, tell them "saving…" should
        the commit take longer than :data:`SAVING_NOTICE_DELAY`."""
        if self.session.committed:
            self._cancel_timer()
            if self._said:
                self._said = False
                self.broadcast(Saving(on=False))
            return True
        if self._timer is None and not self._said:
            self._timer = loop.call_later(SAVING_NOTICE_DELAY, self._say_saving)
        return False

    def check(self) -> None:
        """Tell every client when the store falls behind or catches up."""
        unsaved = save_trouble(self.session.unsaved)
        if unsaved != self.unsaved:
            self.unsaved = unsaved
            self.broadcast(SaveProblem(problem=unsaved))

    def tell_when_held(self, tell: Callable[[], None]) -> None:
        """Call ``tell`` (which tells the clients of a move) now, or, when the clients hear
        only of committed moves, once the store holds the move (see :meth:`release`)."""
        if self.acknowledge_committed and not self.session.committed:
            self._held.append(tell)
        else:
            tell()

    def release(self) -> None:
        """Tell the clients of the moves the store now holds."""
        held, self._held = self._held, []
        for tell in held:
            tell()

    def stop(self) -> None:
        """No more "saving…" notices (the turn loop ends)."""
        self._cancel_timer()

    def _say_saving(self) -> None:
        """The commit of the latest move takes long (a slow disk): say so, quietly."""
        self._timer = None
        if not self.session.committed:
            self._said = True
            self.broadcast(Saving(on=True))

    def _cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None


ERRNO_TROUBLES: dict[int, SaveTrouble] = {
    errno.ENOSPC: "disk_full",
    errno.EROFS: "disk_read_only",
    errno.EIO: "disk_error",
    errno.EACCES: "no_permission",
    errno.EPERM: "no_permission",
}
if hasattr(errno, "EDQUOT"):
    ERRNO_TROUBLES[errno.EDQUOT] = "disk_quota"


def save_trouble(error: OSError | None) -> SaveTrouble | None:
    """Why the game's store is behind (``error``: the last commit's failure), as the code every
    client words in its own language (None: saved, or on its way)."""
    if error is None:
        return None
    if isinstance(error, LeaseLost):
        return "taken_over"
    if isinstance(error, CommitStillRunning):
        return "too_slow"
    if isinstance(error, HeldElsewhere):
        return "held_elsewhere"
    if isinstance(error, JournalLost):
        return "journal_replaced" if error.saved else "journal_deleted"
    cause: BaseException | None = error
    while cause is not None:  # a file that could not be written says why in its cause
        if isinstance(cause, OSError) and cause.errno in ERRNO_TROUBLES:
            return ERRNO_TROUBLES[cause.errno]
        cause = cause.__cause__
    return "not_written"


def trouble_text(trouble: SaveTrouble) -> str:
    """Why the game's store is behind, in a few plain words in the player's language (each
    interface puts them in its notice, :func:`~chickenfoot.text.prompts.unsaved`)."""
    if trouble == "disk_full":
        return _("the disk is full")
    if trouble == "disk_read_only":
        return _("the disk is read-only")
    if trouble == "disk_quota":
        return _("the disk quota is used up")
    if trouble == "disk_error":
        return _("the disk could not be read or written (an input/output error)")
    if trouble == "no_permission":
        return _("permission denied")
    if trouble == "too_slow":
        return _("the disk did not finish saving in time")
    if trouble == "taken_over":
        return _("another server runs this table now")
    if trouble == "held_elsewhere":
        return _("another window took this game over: this window no longer saves it")
    if trouble == "journal_deleted":
        return _(
            "the game database's journal was deleted while the game was open, and its moves "
            "could not be copied into the database"
        )
    if trouble == "journal_replaced":
        return _(
            "the game database's journal was deleted while the game was open: the moves so far "
            "are now in the database itself, and the next ones go to a new journal"
        )
    return _("the latest moves could not be written")
