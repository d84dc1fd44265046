"""The store of every game: one small interface that the app, the command line and the table
server read and write games through.

A game lives in the store as its **game row** (rules, seats, decks, seed, when it was made and
last changed, where it came from) and one **action row per move**, appended as the move is
made; hints and take-backs are rows of their own. Who has a game open is kept beside it
(:class:`Holder`), so one game plays in one window and a dead window never blocks.

:class:`GameStore` is the interface; :func:`chickenfoot.saves.database.open_store` opens the
one this program uses, the SQLite database ``chickenfoot.db`` in the data folder
(:class:`~chickenfoot.saves.database.SqliteStore`). Everything above ``saves`` speaks to the
interface only, so that a server that outgrows one machine could put the same interface on
PostgreSQL (:mod:`chickenfoot.saves.postgresql` does). A table server also keeps
its online tables beside their games, through an interface of its own, :class:`TableStore`,
which the SQLite store implements too; the PostgreSQL store keeps them in a
:class:`SharedTables` of its own (its ``online_tables``), under each server's lease.

Every write is one transaction: when it returns, the change survives a crash or a power cut.
Every read is a query on indexed columns: the lists and the statistics never replay a game.
Errors are :class:`StoreError` (an ``OSError`` whose text is one line of plain words).
This module imports no Textual.
"""

from __future__ import annotations

import os
import secrets
import socket
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import Enum
from pathlib import Path
from typing import Literal, Protocol, runtime_checkable

from chickenfoot.bots.rating import Placing
from chickenfoot.lang import N_, _
from chickenfoot.record.model import Assist, GameRecord
from chickenfoot.record.summary import GameId, GameSummary
from chickenfoot.record.tallies import SeatResult, Statistics
from chickenfoot.rules import Action, GameState, rank

__all__ = [
    "Change",
    "GameFacts",
    "GameNotFound",
    "GameStore",
    "HeldElsewhere",
    "Holder",
    "ImportOutcome",
    "Imported",
    "Incoming",
    "KeptTableRow",
    "LeaseLost",
    "Progress",
    "Runner",
    "SharedTables",
    "StoreError",
    "TableStore",
]


Progress = Callable[[int, int], None]
"""``progress(done, total)``: ``done`` of ``total`` items handled so far."""

# ----- errors ------------------------------------------------------------------------------------


class StoreError(OSError):
    """The store could not do what was asked: ``problem`` in plain words (a full disk, a
    database another program broke, one made by a newer chickenfoot...), and ``str(error)``
    the one line that also names the database when ``where`` is given."""

    def __init__(self, problem: str, where: str | None = None) -> None:
        super().__init__(problem)
        self.strerror = problem
        self.problem = problem
        self.where = where

    def __str__(self) -> str:
        return self.problem if self.where is None else f"{self.where}: {self.problem}"


class GameNotFound(StoreError):
    """No game of that number is in the store (it was deleted, or never was)."""

    def __init__(self, game: GameId) -> None:
        super().__init__(
            _("there is no game {game} in the store (it may have been deleted)").format(game=game)
        )
        self.game = game


class HeldElsewhere(StoreError):
    """Another live window (or server) has the game open: ``holder`` says which."""

    def __init__(self, game: GameId, holder: Holder) -> None:
        # Translators: {holder} is "open in another chickenfoot window (process ...)".
        super().__init__(_("game {game} is {holder}").format(game=game, holder=holder.describe()))
        self.game = game
        self.holder = holder


def newer_database(version: int, readable: int) -> str:
    """Why a database of schema ``version`` is refused by a program that reads up to
    ``readable``."""
    return _(
        "the games were saved by a newer chickenfoot (database version {version}; this one "
        "reads up to {readable}): update chickenfoot"
    ).format(version=version, readable=readable)


def changed_meanwhile(game: GameId) -> StoreError:
    """The refusal of a change to ``game`` made after another window saved it."""
    return StoreError(
        _(
            "game {game} changed in the store meanwhile (another window saved it): this "
            "window no longer saves it"
        ).format(game=game)
    )


# ----- who has a game open ---------------------------------------------------------------------


def process_start(pid: int) -> str | None:
    """When process ``pid`` started, as the system counts it (None where it cannot be read):
    with the pid, it tells a live holder from a new process that reuses a dead one's pid."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            fields = stat.read().rsplit(b")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return fields[19].decode("ascii", "replace") if len(fields) > 19 else None


def process_alive(pid: int, started: str | None) -> bool:
    """True if process ``pid`` runs on this computer and is the one that started at
    ``started`` (when known), or may be (we are not allowed to ask)."""
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # not ours to signal: it exists
        return True
    if started is None:
        return True
    now = process_start(pid)
    return now is None or now == started


@dataclass(frozen=True)
class Holder:
    """Who has a game open: a process on a host (and when it started, to tell it from a later
    process with the same number), since a time; ``token`` tells two sessions of one process
    apart; ``label`` says what kind of program it is ("window", "browser tab", "table")."""

    pid: int
    host: str
    process_started: str | None
    since: datetime
    token: str
    label: str = "window"

    @classmethod
    def this_process(cls, label: str = "window") -> Holder:
        """A new holder for a game this process opens now."""
        pid = os.getpid()
        return cls(
            pid=pid,
            host=socket.gethostname(),
            process_started=process_start(pid),
            since=datetime.now(UTC),
            token=secrets.token_hex(8),
            label=label,
        )

    @property
    def here(self) -> bool:
        """True if the holder is a process of this computer."""
        return self.host == socket.gethostname()

    @property
    def alive(self) -> bool:
        """True if the holder may still have the game open: its process runs (a process of
        another host cannot be checked from here, and counts as alive)."""
        return not self.here or process_alive(self.pid, self.process_started)

    def keeps_out(self, other: Holder, *, force: bool = False) -> bool:
        """True if this holder keeps ``other`` from opening the game (see
        :meth:`GameStore.hold`): it may still have it open, and is neither ``other`` nor
        another session of ``other``'s process; ``force`` takes the game anyway."""
        return (
            not force
            and self.token != other.token
            and not (self.here and self.pid == other.pid)
            and self.alive
        )

    def describe(self) -> str:
        """Who has the game open, in words (one line)."""
        since = self.since.astimezone().strftime("%Y-%m-%d %H:%M")
        if self.here:
            message = _HERE.get(self.label, _HERE["window"])
        else:
            message = _ELSEWHERE.get(self.label, _ELSEWHERE["window"])
        return _(message).format(pid=self.pid, host=self.host, since=since)


_HERE: dict[str, str] = {
    "window": N_(
        "open in another chickenfoot window (process {pid} on this computer, since {since})"
    ),
    "browser tab": N_(
        "open in another chickenfoot browser tab (process {pid} on this computer, since {since})"
    ),
    "table": N_(
        "open in another chickenfoot table (process {pid} on this computer, since {since})"
    ),
}
"""Who has a game open, by the kind of program, when it runs on this computer."""

_ELSEWHERE: dict[str, str] = {
    "window": N_(
        "open in another chickenfoot window (process {pid} on host {host}, since {since})"
    ),
    "browser tab": N_(
        "open in another chickenfoot browser tab (process {pid} on host {host}, since {since})"
    ),
    "table": N_("open in another chickenfoot table (process {pid} on host {host}, since {since})"),
}
"""Who has a game open, by the kind of program, when it runs on another host."""


# ----- what the store keeps ----------------------------------------------------------------------


@dataclass(frozen=True)
class GameFacts:
    """What the lists and the statistics need to know of a game after a change, worked out
    by whoever changed it (the store never replays a game to answer a query)."""

    actions: int
    round_number: int
    """The round in play (1-based), or the last round of a finished game."""
    finished: bool
    results: tuple[SeatResult, ...] = ()
    """Each seat's result, once the game is over."""
    rounds_played: int = 0
    """Rounds scored (once the game is over)."""

    @classmethod
    def of(cls, record: GameRecord, state: GameState | None = None) -> GameFacts:
        """The facts of ``record`` (whose final state is ``state``, replayed if not given)."""
        state = record.final_state() if state is None else state
        if not state.over:
            return cls(len(record.actions), state.round_number, False)
        standings, _winners, _decided_by = rank(record.rules, state.round_scores)
        by_seat = {standing.seat: standing for standing in standings}
        winners = sum(1 for standing in standings if standing.place == 1)
        results = tuple(
            SeatResult.of(
                config.name,
                config.level,
                by_seat[seat].total,
                by_seat[seat].place,
                by_seat[seat].zero_rounds,
                winners,
            )
            for seat, config in enumerate(record.seats)
        )
        return cls(len(record.actions), state.round_number, True, results, len(state.round_scores))


@dataclass(frozen=True)
class Change:
    """One commit of a game in play: keep its first ``keep`` actions (fewer than it has after
    a take-back), then append ``actions``; append ``assists`` after its first
    ``assists_kept``; ``facts`` describe the game afterwards."""

    keep: int
    actions: tuple[Action, ...]
    assists_kept: int
    assists: tuple[Assist, ...]
    facts: GameFacts


@dataclass(frozen=True)
class Incoming:
    """A game to import: its record, the file it came from, and when it was last played
    (the file's modification time: the lists sort by it; None for now)."""

    record: GameRecord
    source: str | None = None
    played: datetime | None = None


class Imported(Enum):
    """What importing one file did."""

    ADDED = "added"
    """A new game."""
    EXTENDED = "extended"
    """The store had the game with fewer moves: the file's later moves were added."""
    ALREADY = "already"
    """The store has the game with these moves (or more) already: nothing changed."""


@dataclass(frozen=True)
class ImportOutcome:
    """One file imported: the game it became (or already was) and what happened; or why the
    file could not be imported (``problem``, one line naming the file)."""

    path: Path
    game: GameId | None = None
    imported: Imported | None = None
    problem: str | None = None


GameFilter = Literal["all", "unfinished", "finished"]


class GameStore(Protocol):
    """Every game, read and written through these methods (see the module's description).

    Writes are transactions: when one returns, its change is on disk. Implementations may be
    used from several threads, each with a store of its own (:meth:`reopen`).
    """

    # ----- games -------------------------------------------------------------------------

    def create(self, record: GameRecord, *, source: str | None = None) -> GameId:
        """Add the game ``record`` (with any actions and assists it already has); its number."""
        ...

    def commit(self, game: GameId, change: Change, holder: Holder | None = None) -> None:
        """Apply ``change`` to ``game`` in one transaction. With ``holder``, only while that
        holder has the game open (:class:`HeldElsewhere` otherwise: another window took it)."""
        ...

    def commit_many(
        self, changes: Sequence[tuple[GameId, Change, Holder | None]]
    ) -> list[StoreError | None]:
        """Apply the changes of many games in one transaction (one write to disk for all: a
        table server's group commit). A change that cannot be made is left out and its
        error put in its place in the answer (None: committed); the others are committed."""
        ...

    def record(self, game: GameId) -> GameRecord:
        """The whole game (:class:`GameNotFound` if there is none; ``RecordError`` if what is
        stored does not replay)."""
        ...

    def summary(self, game: GameId) -> GameSummary:
        """One game as the lists show it (:class:`GameNotFound` if there is none)."""
        ...

    def games(
        self, which: GameFilter = "all", *, limit: int | None = None, offset: int = 0
    ) -> list[GameSummary]:
        """Games, the most recently changed first: all, the unfinished or the finished ones."""
        ...

    def count(self, which: GameFilter = "all") -> int:
        """How many games there are (all, unfinished or finished)."""
        ...

    def latest_unfinished(self) -> GameSummary | None:
        """The unfinished game changed most recently (what Continue resumes), or None."""
        ...

    def delete(self, game: GameId) -> None:
        """Remove a game and everything about it (nothing if it is not there)."""
        ...

    def statistics(self, chart_people: int = 5, most_points: int = 120) -> Statistics:
        """The statistics of the finished games (with the win share over time of the
        ``chart_people`` people with the most games, at most ``most_points`` points each)."""
        ...

    def placings(self) -> list[tuple[Placing, ...]]:
        """Every finished game's seats (names, computer levels, places) in seat order, the
        games in the order they were dealt: what the ratings are worked out from."""
        ...

    # ----- who has a game open -----------------------------------------------------------

    def hold(self, game: GameId, holder: Holder, *, force: bool = False) -> None:
        """Note that ``holder`` has ``game`` open. :class:`HeldElsewhere` if another live
        holder has it (``force`` takes it anyway; a dead holder never blocks)."""
        ...

    def release(self, game: GameId, holder: Holder) -> None:
        """``holder`` closed ``game`` (nothing if another holder took it meanwhile)."""
        ...

    def holder(self, game: GameId) -> Holder | None:
        """Who has ``game`` open (a live holder, or one of another host), or None."""
        ...

    def release_dead(self) -> int:
        """Forget the holders whose process is gone; how many there were."""
        ...

    # ----- files ---------------------------------------------------------------------------

    def import_records(self, records: Sequence[Incoming]) -> list[tuple[GameId, Imported]]:
        """Add games read from files (each with the file it came from), in one transaction.
        A game the store has already (the same deal, made at the same time, with the same
        moves so far) is not added twice: the file's later moves are added if it has more,
        and nothing changes if it has no more. A file whose moves went another way is a
        game of its own."""
        ...

    def meta(self, name: str) -> str | None:
        """A value the store keeps about itself (e.g. that the old saves were imported)."""
        ...

    def set_meta(self, name: str, value: str) -> None:
        """Keep ``value`` under ``name`` (see :meth:`meta`)."""
        ...

    def reopen(self) -> GameStore:
        """Another store on the same data, for another thread."""
        ...

    def close(self) -> None:
        """Let go of the data (the store cannot be used after)."""
        ...


KeptTableRow = tuple[str, GameId | None, str]
"""An online table as :class:`TableStore` keeps it: its code, its game (None in the lobby)
and the table server's own data about it (JSON text)."""


class TableStore(Protocol):
    """The online tables a table server keeps beside their games, to bring them back when it
    starts again: one row a table (see :mod:`chickenfoot.net.kept`). Only a table server asks
    for them; the SQLite store implements it beside :class:`GameStore`, and a store several
    servers share keeps them in a :class:`SharedTables`, which adds their leases.

    Writes are transactions, as :class:`GameStore`'s are; a server makes them off its event
    loop (on a thread of their own), so they may wait for the database as long as they must.
    """

    def keep_table(self, code: str, game: GameId | None, data: str) -> None:
        """Keep (or replace) the online table ``code``: its game once started, and the table
        server's own data about it (options, seats, hashes of seat tokens) as JSON text."""
        ...

    def tables(self) -> list[KeptTableRow]:
        """Every online table kept, by code (see :meth:`keep_table`)."""
        ...

    def drop_table(self, code: str) -> None:
        """Forget the online table ``code`` (its game, if any, stays a saved game)."""
        ...


class LeaseLost(StoreError):
    """A table server's write refused: the table is no longer this server's to run (its lease
    ran out and another server took the table over, or the server stopped renewing it)."""

    def __init__(self, what: str) -> None:
        super().__init__(
            f"{what} is no longer run by this server (its lease ran out and another server "
            "may have taken it over): not written"
        )


@dataclass(frozen=True)
class Runner:
    """Which table server runs a table: its ``server`` name (None: none), the ``address``
    other servers reach it at, and whether its lease still runs (``alive``)."""

    server: str | None
    address: str | None
    alive: bool


@runtime_checkable
class SharedTables(TableStore, Protocol):
    """The online tables of several table servers sharing one store (PostgreSQL): each table
    is run by one server at a time, under that server's **lease** (a row it renews; see
    docs/architecture.md). A store that has :meth:`enlisted <enlist>` a server **fences** that
    server's writes: a move of a table's game, or the table's row, is written only in a
    transaction that finds the table still the server's and its lease still running
    (:class:`LeaseLost` otherwise), so a server paused past its lease writes nothing for a
    table another took over.

    The lease is judged by the database's clock alone, so servers whose clocks disagree
    still agree on whose a table is."""

    def enlist(self, address: str, lease: float) -> tuple[str, str]:
        """Enlist this process as a table server reached at ``address`` (a WebSocket URL)
        with a lease of ``lease`` seconds: its new name, and the secret the servers of this
        store show each other when one relays a client to another. Every store reopened from
        this one writes as that server from then on."""
        ...

    def renew(self, lease: float) -> bool:
        """Renew this server's lease for ``lease`` seconds from now; False if it ran out
        already (then it stays out: the server must enlist again under a new name)."""
        ...

    def claim(self, codes: Sequence[str] | None, limit: int) -> list[KeptTableRow]:
        """Take over, for this server, up to ``limit`` tables whose server's lease ran out (or
        that no server runs): those of ``codes``, or any (None). The tables now this server's,
        with their rows."""
        ...

    def runner(self, code: str) -> Runner | None:
        """Which server runs table ``code`` (None: no such table is kept)."""
        ...

    def retire(self) -> None:
        """This server stops: every table it runs is left for another to take at once, and
        its lease ends."""
        ...
