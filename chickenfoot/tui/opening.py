"""What each way into a game finds: a new deal, a stored game, a file, a replay, a take-over.

Each function here reads or writes the store (or a file), so the app calls it in a worker
thread (:meth:`~chickenfoot.tui.app.ChickenFootApp.open_with`) and shows what it returns on
its own thread: a game to :class:`Play`, a replay to :class:`Watch`, a game of the store to
:class:`Resume` (from memory if it is kept there), an online seat to :class:`Rejoin`, a game
open in another window (:class:`Elsewhere`: the app asks what to do), or a :class:`Problem`
in plain words. Nothing here draws, so each way is tested without a screen.

Like the app, this module loads the game's modules only when a function here first runs (in
that worker thread): importing it costs the menu nothing.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from chickenfoot.lang import _

if TYPE_CHECKING:
    from chickenfoot.net.protocol import Hello, TableOptions
    from chickenfoot.net.remote import TableAddress
    from chickenfoot.net.tokens import HeldSeat, SeatBook
    from chickenfoot.play.replay import ReplayView
    from chickenfoot.play.session import GameSession, OpenElsewhere
    from chickenfoot.record.model import GameRecord, SeatConfig
    from chickenfoot.record.summary import GameId
    from chickenfoot.rules import RuleSet
    from chickenfoot.saves.store import GameStore

STALE_TEMPORARY_SECONDS = 60.0
"""A temporary file of the atomic write older than this belongs to no write in progress."""


@dataclass(frozen=True)
class Play:
    """A game to play."""

    session: GameSession


@dataclass(frozen=True)
class Watch:
    """A replay to show, named ``title`` ("game 12", a file's name)."""

    view: ReplayView
    title: str | None


@dataclass(frozen=True)
class Resume:
    """Game ``game`` of the store, to continue (from memory if it is kept there)."""

    game: GameId


@dataclass(frozen=True)
class Rejoin:
    """An online seat held, to take back."""

    seat: HeldSeat


@dataclass(frozen=True)
class Elsewhere:
    """The game is open in another window: the app asks whether to play a copy, watch it, or
    open it here anyway."""

    open: OpenElsewhere


@dataclass(frozen=True)
class Problem:
    """Nothing to open, and why, in plain words (``warning``: nothing went wrong)."""

    text: str
    severity: Literal["error", "warning"] = "error"


Opened = Play | Watch | Resume | Rejoin | Elsewhere | Problem
"""What a way into a game found."""


def new_game(
    store: GameStore, rules: RuleSet, seats: tuple[SeatConfig, ...], seed: int | None
) -> Opened:
    """A new game dealt with ``rules`` and ``seats`` (``seed`` None: a random deal)."""
    from chickenfoot.play.session import GameSession

    try:
        return Play(GameSession.new(rules, seats, seed, store))
    except OSError as error:
        return Problem(_("Could not save the new game: {error}").format(error=error))


def stored_game(store: GameStore, game: GameId, force: bool) -> Opened:
    """Game ``game`` of the store, to play on (``force``: even if another window has it)."""
    from chickenfoot.play.session import GameSession, OpenElsewhere
    from chickenfoot.record.model import RecordError

    try:
        session = GameSession.load(game, store, force=force)
    except OpenElsewhere as elsewhere:
        return Elsewhere(elsewhere)
    except (RecordError, OSError) as error:
        return Problem(str(error))
    if session.state.over:
        session.close()
        return Problem(_("Game {number} is over: watch it under Replays.").format(number=game))
    return Play(session)


def replay_of(store: GameStore, game: GameId) -> Opened:
    """The replay of game ``game`` of the store."""
    from chickenfoot.play.replay import ReplayView
    from chickenfoot.record.model import RecordError

    try:
        # Translators: a replay's title: the number of a game of the store.
        return Watch(ReplayView(store.record(game)), _("game {number}").format(number=game))
    except (RecordError, OSError) as error:
        return Problem(str(error))


def file_game(store: GameStore, path: Path, watch: bool) -> Opened:
    """The saved-game file ``path``: its replay (``watch``, or a finished game, the file as
    it is), or, for an unfinished game, the game it is imported as, to continue."""
    from chickenfoot.play.replay import ReplayView
    from chickenfoot.record.model import RecordError
    from chickenfoot.saves.jsonformat import load_record
    from chickenfoot.saves.store import Incoming

    try:
        record = load_record(path)
        if watch or record.finished:
            return Watch(ReplayView(record), path.name)
        ((game, _imported),) = store.import_records([Incoming(record, str(path))])
    except (RecordError, OSError) as error:
        return Problem(str(error))
    return Resume(game)


def taken_over(
    store: GameStore, record: GameRecord, action_count: int, seats: tuple[SeatConfig, ...]
) -> Opened:
    """A new game from the state after the first ``action_count`` actions of ``record``,
    played by ``seats``."""
    from chickenfoot.play.session import GameSession
    from chickenfoot.record.refusals import rule_reason
    from chickenfoot.rules import IllegalAction

    try:
        return Play(GameSession.take_over(record, action_count, seats, store))
    except IllegalAction as error:
        return Problem(_("Cannot take over: {error}").format(error=rule_reason(error.reason)))
    except (ValueError, OSError) as error:
        return Problem(_("Cannot take over: {error}").format(error=error))


def latest(store: GameStore) -> Opened:
    """What Continue resumes: the latest unfinished game, or a held online seat."""
    from chickenfoot.net.tokens import HeldSeat
    from chickenfoot.saves.store import StoreError
    from chickenfoot.tui.screens.menu import to_continue

    try:
        found = to_continue(store)
    except StoreError as error:
        return Problem(str(error))
    if found is None:
        return Problem(_("There is no unfinished game to continue."), "warning")
    return Rejoin(found) if isinstance(found, HeldSeat) else Resume(found.id)


def tidy_up(store: GameStore) -> None:
    """Forget what killed windows left behind: their hold on games, half-written files."""
    from contextlib import suppress

    from chickenfoot.saves.atomic import remove_stale_temporaries
    from chickenfoot.saves.paths import data_dir, exports_dir
    from chickenfoot.saves.store import StoreError

    with suppress(StoreError):  # a dead holder never blocks anyway
        store.release_dead()
    for folder in (data_dir(), exports_dir()):
        remove_stale_temporaries(folder, STALE_TEMPORARY_SECONDS)


@dataclass(frozen=True)
class OnlineTable:
    """An online table to open: where, the first frame to send it, the seat tokens held."""

    address: TableAddress
    hello: Hello
    book: SeatBook


def joined(address: str, name: str, *, watch: bool) -> OnlineTable:
    """The online table at ``address`` (``CODE@HOST:PORT``), to watch, to take back the seat
    held there, or to join as ``name``."""
    from chickenfoot.net.remote import TableAddress
    from chickenfoot.net.seating import hello_for
    from chickenfoot.net.tokens import SeatBook

    table, book = TableAddress.parse(address), SeatBook()
    return OnlineTable(table, hello_for(table, name, watch=watch, book=book), book)


def created(address: str, options: TableOptions, name: str) -> OnlineTable:
    """A new online table with ``options`` on the server at ``address`` (``HOST:PORT``), made
    by ``name``."""
    from chickenfoot.net.protocol import CreateTable
    from chickenfoot.net.remote import TableAddress
    from chickenfoot.net.tokens import SeatBook

    hello = CreateTable(options=options, name=name)
    return OnlineTable(TableAddress.parse(address), hello, SeatBook())


class StoreOnDemand:
    """The store of every game, opened when first asked for, from any thread (so the menu
    is drawn before the store's modules are loaded)."""

    def __init__(self, store: GameStore | None = None) -> None:
        self._store = store
        self._lock = threading.Lock()

    def get(self) -> GameStore:
        """The store (:class:`~chickenfoot.saves.store.StoreError` if it cannot be opened)."""
        with self._lock:
            if self._store is None:
                from chickenfoot.saves.database import open_store

                self._store = open_store()
            return self._store

    def close(self) -> None:
        """Close the store, if it was opened."""
        if self._store is not None:
            self._store.close()


class HeldGames:
    """The games the app holds: the one on the screen, and any left with unsaved moves,
    kept in memory so that Continue resumes them from there (not from the store's older
    copy). Each is given back (its latest moves committed, its hold released) once it is
    neither."""

    def __init__(self) -> None:
        self.playing: list[GameSession] = []
        """The game on the screen (none or one)."""
        self._kept: dict[GameId, GameSession] = {}

    def put_away(self, session: GameSession) -> None:
        """``session`` left the screen: give it back, or keep it while its moves are
        unsaved."""
        if session in self.playing:
            self.playing.remove(session)
        if not session.wait_committed():
            self._kept[session.game] = session
        else:
            session.close()

    def kept(self, game: GameId) -> GameSession | None:
        """Game ``game``, if it is kept here (it is then no longer kept)."""
        return self._kept.pop(game, None)

    def close(self) -> None:
        """Give back every game held (the app ends)."""
        for session in [*self.playing, *self._kept.values()]:
            session.close()
        self.playing.clear()
        self._kept.clear()
