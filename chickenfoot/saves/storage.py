"""The saved games in the data folder: summaries for a Load screen, and what "Continue"
resumes.

:func:`iter_saves` describes every saved game (newest first, broken files and odd entries
included with their reason), one by one, calling ``progress(done, total)`` so a screen can
show how far it got; :func:`list_saves` is the same as a list. :func:`latest_unfinished` finds
the game a "Continue" resumes, :func:`summarize` describes one file.

Summaries are fast because they are remembered. Each one is kept with the stamp of its file
(size, modification time, inode: the atomic write changes the inode on every save) in memory
and in the index ``saves/.index.json`` (written atomically after a listing that learnt
something). An entry is used only while its file's stamp is unchanged and it was made by this
version of chickenfoot with the same computer players; anything else (a changed, new, or
deleted file, a missing or corrupt index) is read again from the files, which are the truth.
Reading a summary afresh means loading and replaying the game once.

Entries that are not regular files (named pipes, folders, devices, sockets named ``*.json``)
are listed with their reason and never opened. This module imports no Textual.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Generator, Iterable, Iterator
from contextlib import closing
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import lru_cache
from pathlib import Path
from typing import Any

from chickenfoot import __version__
from chickenfoot.saves.caches import CacheFile, Stamp
from chickenfoot.saves.files import (
    kind_problem,
)
from chickenfoot.saves.names import NAME_MAX_LENGTH, name_problem
from chickenfoot.saves.paths import (
    APP_NAME,
    DATA_DIR_VARIABLE,
    SAVE_SUFFIX,
    data_dir,
    index_path,
    is_save_name,
    locks_dir,
    saves_dir,
    settings_path,
)
from chickenfoot.saves.problems import printable
from chickenfoot.saves.record import (
    FORMAT_VERSION,
    GameRecord,
    RecordError,
    known_levels,
    load_record,
)

__all__ = [
    "APP_NAME",
    "DATA_DIR_VARIABLE",
    "SAVE_SUFFIX",
    "SaveSummary",
    "autosave_path",
    "data_dir",
    "forget_summaries",
    "index_path",
    "iter_saves",
    "latest_unfinished",
    "list_saves",
    "locks_dir",
    "saves_dir",
    "settings_path",
    "summarize",
]


INDEX_FORMAT = "chickenfoot-saves-index"
INDEX_VERSION = 2
INDEX_MAX_BYTES = 64 * 1024 * 1024

Progress = Callable[[int, int], None]
"""``progress(done, total)``: ``done`` of ``total`` saved games described so far."""


def autosave_path(record: GameRecord) -> Path:
    """The file a game saves itself to after every action; unique per game.

    ``saves/autosave-<created as YYYYmmdd-HHMMSS>-<game id>.json``: the creation time sorts
    the files, the id (a hash of the creation time and decks) keeps games of the same second
    apart.
    """
    stamp = record.created.strftime("%Y%m%d-%H%M%S")
    return saves_dir() / f"autosave-{stamp}-{record.game_id}{SAVE_SUFFIX}"


@dataclass(frozen=True)
class SaveSummary:
    """One saved-game file as a Load screen lists it.

    For a file that loads, ``error`` is None and the other fields describe the game; for a
    broken file (or a named pipe, a folder...), ``error`` is the one-line message naming the
    file, ``names`` is empty, ``round_number`` and ``round_count`` are 0.
    """

    path: Path
    modified: datetime
    """When the file was last written (UTC)."""
    names: tuple[str, ...] = ()
    round_number: int = 0
    """The round in play (1-based), or the last round of a finished game."""
    round_count: int = 0
    finished: bool = False
    actions: int = 0
    created: datetime | None = None
    error: str | None = None
    taken_over: bool = False
    """True for a game taken over from another (a replay): the list says so."""

    @property
    def ok(self) -> bool:
        """True if the file loads."""
        return self.error is None


def _stamp(status: os.stat_result) -> Stamp:
    return (status.st_size, status.st_mtime_ns, status.st_ino)


@dataclass(frozen=True)
class _Found:
    """An entry of a saves folder: where it is, its status, or why it is not a saved game."""

    folder: str
    name: str
    modified_ns: int
    status: os.stat_result | None
    problem: str | None

    @property
    def path(self) -> Path:
        """The entry's path."""
        return Path(self.folder, self.name)


@dataclass(frozen=True)
class _Remembered:
    """A summary, the stamp of the file it describes, and the checks it was made with."""

    stamp: Stamp
    checks: str
    summary: SaveSummary


_remembered: dict[str, dict[str, _Remembered]] = {}
"""Every summary this process knows, by folder and file name (the index fills it too)."""

_INDEX = CacheFile(INDEX_FORMAT, INDEX_VERSION, "an index", INDEX_MAX_BYTES)
"""The index of summaries (a cache: it can always be rebuilt from the files)."""


def forget_summaries() -> None:
    """Forget every summary this process remembers (the index on disk stays), as a new
    process would start: for measuring and testing a cold start."""
    _remembered.clear()
    _INDEX.forget()


def _checks() -> str:
    """What a summary's verdict depends on besides the file: this program's version, the
    format version, and the computer player levels it knows."""
    return f"{__version__}/{FORMAT_VERSION}/{','.join(known_levels())}"


# ----- describing files ----------------------------------------------------------------------


def _modified(nanoseconds: int) -> datetime:
    return datetime.fromtimestamp(nanoseconds / 1e9, UTC)


def _read_summary(path: Path, modified: datetime) -> SaveSummary:
    """Load and replay the game at ``path`` to describe it (never raises for a bad file)."""
    try:
        record = load_record(path)
    except RecordError as error:
        return SaveSummary(path=path, modified=modified, error=str(error))
    state = record.final_state()
    return SaveSummary(
        path=path,
        modified=modified,
        names=tuple(seat.name for seat in record.seats),
        round_number=state.round_number,
        round_count=record.rules.round_count,
        finished=state.over,
        actions=len(record.actions),
        created=record.created,
        taken_over=record.taken_over is not None,
    )


def _describe(found: _Found, checks: str) -> tuple[SaveSummary, bool]:
    """The summary of ``found``, and whether it had to be read (it was not remembered)."""
    if found.problem is not None or found.status is None:
        path = found.path
        problem = found.problem or "cannot be read"
        error = f"{printable(str(path))}: {problem}"
        return SaveSummary(path, _modified(found.modified_ns), error=error), False
    stamp = _stamp(found.status)
    folder = _remembered.setdefault(found.folder, {})
    known = folder.get(found.name)
    if known is not None and known.stamp == stamp and known.checks == checks:
        return known.summary, False
    summary = _read_summary(found.path, _modified(found.modified_ns))
    folder[found.name] = _Remembered(stamp, checks, summary)
    return summary, True


def summarize(path: Path) -> SaveSummary:
    """Describe the saved game at ``path`` (remembered while the file is unchanged; never
    raises for a bad file: the summary carries the error instead)."""
    path = Path(path)
    try:
        status = os.stat(path)
    except OSError:
        return _read_summary(path, datetime.now(UTC))
    found = _Found(
        str(path.parent), path.name, status.st_mtime_ns, status, kind_problem(status.st_mode)
    )
    return _describe(found, _checks())[0]


def _scan(folders: Iterable[Path]) -> list[_Found]:
    """Every ``*.json`` entry directly inside ``folders`` (missing folders skipped, hidden
    names skipped, a file reached twice listed once), newest first; nothing is opened."""
    found: list[_Found] = []
    seen: set[tuple[int, int]] = set()
    for folder in dict.fromkeys(str(folder) for folder in folders):
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            name = entry.name
            if not is_save_name(name):
                continue
            try:
                status = entry.stat()
            except OSError:
                try:
                    modified = entry.stat(follow_symlinks=False).st_mtime_ns
                except OSError:
                    continue  # gone meanwhile
                broken = "a link to a file that does not exist"
                found.append(_Found(folder, name, modified, None, broken))
                continue
            identity = (status.st_dev, status.st_ino)
            if identity in seen:
                continue
            seen.add(identity)
            found.append(
                _Found(folder, name, status.st_mtime_ns, status, kind_problem(status.st_mode))
            )
    found.sort(key=lambda item: (item.modified_ns, item.name), reverse=True)
    return found


# ----- the index -----------------------------------------------------------------------------


def _load_index(checks: str) -> None:
    """Remember the summaries of the index of :func:`saves_dir`, unless it was already read
    (and not changed since) or it was made with other checks; a bad index is ignored."""
    index = index_path()
    files = _INDEX.read(index, checks)
    if files is None:
        return
    folder = index.parent
    remembered = _remembered.setdefault(str(folder), {})
    for name, entry in files.items():
        entry_summary = _entry_from_json(folder / str(name), entry, checks)
        known = remembered.get(name)
        if entry_summary is not None and (known is None or known.stamp != entry_summary.stamp):
            remembered[name] = entry_summary


def _save_index(found: list[_Found], checks: str) -> None:
    """Write the index of :func:`saves_dir` from what is remembered about ``found`` (its
    entries there); a folder that cannot be written is left alone (the index is a cache)."""
    index = index_path()
    folder = str(index.parent)
    remembered = _remembered.get(folder, {})
    files: dict[str, Any] = {}
    for item in found:
        known = remembered.get(item.name)
        if item.folder == folder and known is not None and known.checks == checks:
            files[item.name] = _entry_to_json(known)
    _INDEX.write(index, checks, files)


def _entry_to_json(known: _Remembered) -> dict[str, Any]:
    summary = known.summary
    size, mtime_ns, inode = known.stamp
    return {
        "size": size,
        "mtime_ns": mtime_ns,
        "inode": inode,
        "names": list(summary.names),
        "round_number": summary.round_number,
        "round_count": summary.round_count,
        "finished": summary.finished,
        "actions": summary.actions,
        "created": None if summary.created is None else summary.created.isoformat(),
        "taken_over": summary.taken_over,
        "error": None
        if summary.error is None
        else summary.error.removeprefix(f"{printable(str(summary.path))}: "),
    }


@lru_cache(maxsize=4096)
def _is_plain_name(name: str) -> bool:
    """True if ``name`` could be a seat's name (names repeat across saves: asked once)."""
    return 0 < len(name) <= NAME_MAX_LENGTH and name_problem(name) is None


_ENTRY_NUMBERS = ("size", "mtime_ns", "inode", "round_number", "round_count", "actions")


def _entry_from_json(path: Path, entry: Any, checks: str) -> _Remembered | None:
    """An index entry as a remembered summary; None if anything in it is not as written
    (the file is then read again)."""
    if not isinstance(entry, dict) or not all(
        type(entry.get(key)) is int for key in _ENTRY_NUMBERS
    ):
        return None
    names, created, error = entry.get("names"), entry.get("created"), entry.get("error")
    if not (
        isinstance(names, list)
        and all(isinstance(name, str) and _is_plain_name(name) for name in names)
        and isinstance(entry.get("finished"), bool)
        and isinstance(entry.get("taken_over"), bool)
        and (created is None or isinstance(created, str))
        and (error is None or (isinstance(error, str) and error.isprintable()))
    ):
        return None
    try:
        created_time = None if created is None else datetime.fromisoformat(created)
    except ValueError:
        return None
    summary = SaveSummary(
        path=path,
        modified=_modified(entry["mtime_ns"]),
        names=tuple(names),
        round_number=entry["round_number"],
        round_count=entry["round_count"],
        finished=entry["finished"],
        actions=entry["actions"],
        created=created_time,
        error=None if error is None else f"{printable(str(path))}: {error}",
        taken_over=entry["taken_over"],
    )
    return _Remembered((entry["size"], entry["mtime_ns"], entry["inode"]), checks, summary)


# ----- listing ----------------------------------------------------------------------------------


def _summaries(
    folders: list[Path], progress: Progress | None
) -> Generator[SaveSummary, None, None]:
    """The summaries of every saved game in ``folders``, newest first (see :func:`iter_saves`);
    the index is written when the iteration ends or is closed, if anything was learnt."""
    checks = _checks()
    _load_index(checks)
    found = _scan(folders)
    changed = _forget_missing(found)
    if progress is not None:
        progress(0, len(found))
    try:
        for done, item in enumerate(found, start=1):
            summary, read = _describe(item, checks)
            changed = changed or read
            if progress is not None:
                progress(done, len(found))
            yield summary
    finally:
        if changed:
            _save_index(found, checks)


def _forget_missing(found: list[_Found]) -> bool:
    """Forget the summaries of files gone from :func:`saves_dir`; True if there were any."""
    folder = str(saves_dir())
    remembered = _remembered.get(folder, {})
    present = {item.name for item in found if item.folder == folder}
    missing = [name for name in remembered if name not in present]
    for name in missing:
        del remembered[name]
    return bool(missing)


def iter_saves(
    extra_dirs: Iterable[Path] = (), progress: Progress | None = None
) -> Iterator[SaveSummary]:
    """Every saved game in :func:`saves_dir` and ``extra_dirs``, newest first, one by one.

    Broken files are listed too, with their error, so the user can see and delete them;
    so are entries that are not regular files (never opened). ``progress(done, total)`` is
    called before the first summary and after each. Made to run in a worker thread: nothing
    here touches a screen. The index is updated when the iteration ends (or is closed).
    """
    return _summaries([saves_dir(), *extra_dirs], progress)


def list_saves(
    extra_dirs: Iterable[Path] = (), progress: Progress | None = None
) -> list[SaveSummary]:
    """:func:`iter_saves` as a list."""
    return list(iter_saves(extra_dirs, progress))


def latest_unfinished() -> Path | None:
    """The most recently written unfinished game in :func:`saves_dir` (what "Continue"
    resumes), or None. Files are checked newest first and the search stops at the first hit;
    with the index, only files changed since the last look are read."""
    with closing(_summaries([saves_dir()], None)) as summaries:
        for summary in summaries:
            if summary.ok and not summary.finished:
                return summary.path
    return None
