"""The finished games of the saves folder, as the statistics need them, kept in a cache.

:func:`gather` goes through the saved games (:func:`~chickenfoot.saves.storage.iter_saves`,
which lists them and says which files are broken and which games are finished) and returns
a :class:`Gathered`: every finished game as a :class:`FinishedGame` (who sat where, each
seat's total, place and rounds at zero, worked out by :func:`chickenfoot.rules.rank`), how
many games are unfinished (they are not counted: a game counts once it is over), and the
files that could not be read (listed, never fatal).

The saved games are the truth; the cache only makes a second look instant. It works like the
summaries' index: each finished game's facts are kept with the stamp of its file (size,
modification time, inode) in memory and in ``saves/.stats.json`` (written atomically when
something was learnt). An entry is used only while its file's stamp is unchanged and it was
made by this version of chickenfoot; anything else (a changed, new or deleted file, a missing,
corrupt or foreign cache) is read again from the files, so the cache can always be deleted.
This module imports no Textual.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from chickenfoot import __version__
from chickenfoot.bots import ladder_level
from chickenfoot.rules import rank
from chickenfoot.saves.caches import CacheFile, Stamp
from chickenfoot.saves.names import NAME_MAX_LENGTH, name_problem
from chickenfoot.saves.paths import saves_dir
from chickenfoot.saves.record import (
    FORMAT_VERSION,
    GameRecord,
    RecordError,
    known_levels,
    load_record_with_stamp,
)
from chickenfoot.saves.storage import SaveSummary, iter_saves

__all__ = [
    "FinishedGame",
    "Gathered",
    "SeatResult",
    "cache_path",
    "finished_game",
    "forget_stats",
    "gather",
]

CACHE_FORMAT = "chickenfoot-stats-cache"
CACHE_VERSION = 1
CACHE_MAX_BYTES = 64 * 1024 * 1024
PRESETS = frozenset({"cross", "trains"})

Progress = Callable[[int, int], None]
"""``progress(done, total)``: ``done`` of ``total`` saved games looked at so far."""


@dataclass(frozen=True)
class SeatResult:
    """One seat of a finished game: who sat there and how it ended for them."""

    name: str
    player: Literal["human", "computer"]
    level: str | None
    """The computer player's ladder level (an older name such as ``greedy`` is shown as its
    ladder level, ``casual``); None for a person."""
    total: int
    place: int
    """1 for a winner (a shared win gives several seats place 1)."""
    zero_rounds: int


@dataclass(frozen=True)
class FinishedGame:
    """What the statistics need of one finished game."""

    path: Path
    created: datetime
    preset: str
    rounds: int
    seats: tuple[SeatResult, ...]

    @property
    def winners(self) -> int:
        """How many seats share the win (1 for an outright win)."""
        return sum(1 for seat in self.seats if seat.place == 1)


@dataclass(frozen=True)
class Gathered:
    """Everything the saves folder holds for the statistics."""

    games: tuple[FinishedGame, ...]
    """The finished games, oldest first (by when they were dealt)."""
    unfinished: int
    """Games still in play: not counted."""
    broken: tuple[SaveSummary, ...]
    """Files that could not be read (each summary carries its one-line error)."""


def finished_game(record: GameRecord, path: Path) -> FinishedGame:
    """The facts of the finished game ``record`` (saved at ``path``), ranked by the rules."""
    state = record.final_state()
    standings, _winners, _decided_by = rank(record.rules, state.round_scores)
    by_seat = {standing.seat: standing for standing in standings}
    seats = tuple(
        SeatResult(
            name=config.name,
            player=config.player,
            level=None if config.level is None else ladder_level(config.level),
            total=by_seat[seat].total,
            place=by_seat[seat].place,
            zero_rounds=by_seat[seat].zero_rounds,
        )
        for seat, config in enumerate(record.seats)
    )
    return FinishedGame(
        path=path,
        created=record.created,
        preset=record.rules.preset,
        rounds=len(state.round_scores),
        seats=seats,
    )


# ----- the cache -------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Remembered:
    stamp: Stamp
    checks: str
    game: FinishedGame


_remembered: dict[str, _Remembered] = {}
"""The facts this process knows, by the file's path."""

_CACHE = CacheFile(CACHE_FORMAT, CACHE_VERSION, "a statistics cache", CACHE_MAX_BYTES)
"""The statistics cache file (it can always be rebuilt from the saved games)."""

_vouched: dict[str, SaveSummary] = {}
"""By path, the summary object the saves' listing gave when the file's stamp was last seen
to match the remembered facts: while the listing gives that very object again, it has found
the file unchanged (it makes a new summary for a changed file), so the file need not be
looked at again."""

_lock = threading.Lock()
"""One gathering at a time (the app reads in worker threads)."""


def cache_path() -> Path:
    """The statistics cache: ``saves/.stats.json`` (hidden, so never listed as a game)."""
    return saves_dir() / ".stats.json"


def forget_stats() -> None:
    """Forget what this process remembers (the cache on disk stays), as a new process would
    start: for measuring and testing."""
    with _lock:
        _remembered.clear()
        _CACHE.forget()
        _vouched.clear()


def _checks() -> str:
    """What an entry depends on besides its file: this program's version, the format and
    cache versions, and the levels it knows with the ladder level each is shown as."""
    levels = ",".join(f"{level}={ladder_level(level)}" for level in known_levels())
    return f"{__version__}/{FORMAT_VERSION}/{CACHE_VERSION}/{levels}"


def _load_cache(checks: str) -> None:
    """Remember the entries of the cache file unless it was read already (and is unchanged)
    or was made with other checks; a bad cache, or a bad entry, is ignored."""
    path = cache_path()
    files = _CACHE.read(path, checks)
    if files is None:
        return
    folder = path.parent
    levels = frozenset(ladder_level(level) for level in known_levels())
    for name, entry in files.items():
        file_path = folder / name
        remembered = _entry_from_json(file_path, entry, checks, levels)
        if remembered is not None:
            known = _remembered.get(str(file_path))
            if known is None or known.stamp != remembered.stamp:
                _remembered[str(file_path)] = remembered


def _save_cache(games: list[FinishedGame], checks: str) -> None:
    """Write the cache from what is remembered about ``games`` (those in the saves folder);
    a folder that cannot be written is left alone (the cache only saves time)."""
    path = cache_path()
    files: dict[str, Any] = {}
    for game in games:
        known = _remembered.get(str(game.path))
        if game.path.parent == path.parent and known is not None and known.checks == checks:
            files[game.path.name] = _entry_to_json(known)
    _CACHE.write(path, checks, files)


def _entry_to_json(known: _Remembered) -> list[Any]:
    """A cache entry: [size, mtime_ns, inode, created, preset, rounds, seats], each seat
    [name, player, level, total, place, rounds at zero] (lists: quick to read back)."""
    game = known.game
    seats = [
        [seat.name, seat.player, seat.level, seat.total, seat.place, seat.zero_rounds]
        for seat in game.seats
    ]
    return [*known.stamp, game.created.isoformat(), game.preset, game.rounds, seats]


@lru_cache(maxsize=4096)
def _is_plain_name(name: str) -> bool:
    """True if ``name`` could be a seat's name (names repeat across games: asked once)."""
    return 0 < len(name) <= NAME_MAX_LENGTH and name_problem(name) is None


def _is_count(value: Any) -> bool:
    return type(value) is int and value >= 0


def _seat_from_json(value: Any, levels: frozenset[str]) -> SeatResult | None:
    """A seat of a cache entry: [name, player, level, total, place, rounds at zero]."""
    if type(value) is not list or len(value) != 6:
        return None
    name, player, level, total, place, zeros = value
    if type(name) is not str or not _is_plain_name(name):
        return None
    if not (player == "human" and level is None) and not (player == "computer" and level in levels):
        return None
    if not (_is_count(total) and _is_count(place) and place >= 1 and _is_count(zeros)):
        return None
    return SeatResult(name, player, level, total, place, zeros)


def _entry_from_json(
    path: Path, entry: Any, checks: str, levels: frozenset[str]
) -> _Remembered | None:
    """A cache entry as remembered facts (``levels``: the ladder levels a seat may name);
    None if anything in it is not as written (the file is then read again)."""
    if type(entry) is not list or len(entry) != 7:
        return None
    size, mtime_ns, inode, created, preset, rounds, seats = entry
    if not (_is_count(size) and _is_count(mtime_ns) and _is_count(inode) and _is_count(rounds)):
        return None
    if type(created) is not str or preset not in PRESETS or type(seats) is not list or not seats:
        return None
    try:
        created_time = datetime.fromisoformat(created)
    except ValueError:
        return None
    if created_time.utcoffset() is None:
        return None
    results = []
    for value in seats:
        result = _seat_from_json(value, levels)
        if result is None:
            return None
        results.append(result)
    game = FinishedGame(path, created_time, preset, rounds, tuple(results))
    return _Remembered((size, mtime_ns, inode), checks, game)


# ----- gathering -------------------------------------------------------------------------------


def _stamp_of(path: Path) -> Stamp | None:
    try:
        status = os.stat(path)
    except OSError:
        return None
    return (status.st_size, status.st_mtime_ns, status.st_ino)


def _facts(summary: SaveSummary, checks: str) -> tuple[FinishedGame | SaveSummary, bool]:
    """The facts of the finished game of ``summary`` (or, if its file cannot be read any
    more, a summary with the error), and whether the file had to be read."""
    key = str(summary.path)
    known = _remembered.get(key)
    if known is not None and known.checks == checks:
        if _vouched.get(key) is summary:
            return known.game, False
        if known.stamp == _stamp_of(summary.path):
            _vouched[key] = summary
            return known.game, False
    try:
        record, file_stamp = load_record_with_stamp(summary.path)
    except RecordError as error:
        return SaveSummary(summary.path, summary.modified, error=str(error)), True
    if not record.finished:  # finished when listed, since replaced by an unfinished game
        return summary, True
    game = finished_game(record, summary.path)
    stamp = (file_stamp.size, file_stamp.mtime_ns, file_stamp.inode)
    _remembered[key] = _Remembered(stamp, checks, game)
    return game, True


def gather(progress: Progress | None = None) -> Gathered:
    """The finished games of the saves folder, the number of unfinished ones and the files
    that cannot be read (see the module's description). ``progress(done, total)`` is called
    before the first file and after each. Made to run in a worker thread."""
    with _lock:
        checks = _checks()
        _load_cache(checks)
        games: list[FinishedGame] = []
        broken: list[SaveSummary] = []
        unfinished = 0
        learnt = False
        total = 0

        def listed(done: int, count: int) -> None:
            nonlocal total
            total = count
            if done == 0 and progress is not None:
                progress(0, count)

        for done, summary in enumerate(iter_saves(progress=listed), start=1):
            if not summary.ok:
                broken.append(summary)
            elif not summary.finished:
                unfinished += 1
            else:
                found, read = _facts(summary, checks)
                learnt = learnt or read
                if isinstance(found, FinishedGame):
                    games.append(found)
                elif found.ok:
                    unfinished += 1
                else:
                    broken.append(found)
            if progress is not None:
                progress(done, total)
        present = {str(game.path) for game in games}
        folder = saves_dir()
        gone = [
            key
            for key, known in _remembered.items()
            if known.game.path.parent == folder and key not in present
        ]
        for key in gone:
            del _remembered[key]
            _vouched.pop(key, None)
        if learnt or gone:
            _save_cache(games, checks)
        games.sort(key=lambda game: (game.created, game.path.name))
        return Gathered(tuple(games), unfinished, tuple(broken))
