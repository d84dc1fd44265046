"""Where chickenfoot keeps its files, and what the saved games there are.

Everything lives in one data folder: the platform's user data folder (from ``platformdirs``),
or the folder named by the environment variable ``CHICKENFOOT_DATA_DIR`` (tests set it to a
temporary folder). Inside it: ``saves/`` (autosaves and named saves) and ``settings.json``.

:func:`list_saves` describes every saved game for a Load screen, newest first, broken files
included with their error; :func:`latest_unfinished` finds the game a "Continue" resumes.
Nothing here writes files: :func:`chickenfoot.saves.record.save_record` does, atomically. This
module imports no Textual.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import platformdirs

from chickenfoot.saves.record import GameRecord, RecordError, load_record

DATA_DIR_VARIABLE = "CHICKENFOOT_DATA_DIR"
"""The environment variable that overrides the data folder."""

APP_NAME = "chickenfoot"
SAVE_SUFFIX = ".json"


def data_dir() -> Path:
    """The folder of all chickenfoot files: ``$CHICKENFOOT_DATA_DIR`` if set, else the user's."""
    override = os.environ.get(DATA_DIR_VARIABLE)
    if override:
        return Path(override).expanduser()
    return platformdirs.user_data_path(APP_NAME, appauthor=False)


def saves_dir() -> Path:
    """The folder of saved games (autosaves and named saves); it may not exist yet."""
    return data_dir() / "saves"


def settings_path() -> Path:
    """The settings file (the last set-up and similar); it may not exist yet."""
    return data_dir() / "settings.json"


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
    broken file, ``error`` is the one-line :class:`~chickenfoot.saves.record.RecordError` text and
    ``names`` is empty, ``round_number`` and ``round_count`` are 0.
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

    @property
    def ok(self) -> bool:
        """True if the file loads."""
        return self.error is None


_SUMMARY_CACHE: dict[tuple[str, int, int], SaveSummary] = {}
"""Summaries by (path, modification time in ns, size): an unchanged file is read only once."""


def summarize(path: Path) -> SaveSummary:
    """Describe the saved game at ``path`` (reading it once and replaying it; never raises
    for a bad file: the summary carries the error instead)."""
    path = Path(path)
    try:
        status = path.stat()
    except OSError:
        status = None
    key = (str(path), status.st_mtime_ns, status.st_size) if status is not None else None
    if key is not None and key in _SUMMARY_CACHE:
        return _SUMMARY_CACHE[key]
    modified = (
        datetime.fromtimestamp(status.st_mtime, UTC) if status is not None else datetime.now(UTC)
    )
    try:
        record = load_record(path)
    except RecordError as error:
        summary = SaveSummary(path=path, modified=modified, error=str(error))
    else:
        state = record.final_state()
        summary = SaveSummary(
            path=path,
            modified=modified,
            names=tuple(seat.name for seat in record.seats),
            round_number=state.round_number,
            round_count=record.rules.round_count,
            finished=state.over,
            actions=len(record.actions),
            created=record.created,
        )
    if key is not None:
        _SUMMARY_CACHE[key] = summary
    return summary


def _save_files(folders: Iterable[Path]) -> list[Path]:
    """The ``*.json`` files directly inside ``folders`` (missing folders skipped), no repeats."""
    found: dict[Path, Path] = {}
    for folder in folders:
        try:
            entries = list(Path(folder).iterdir())
        except OSError:
            continue
        for entry in entries:
            if entry.suffix == SAVE_SUFFIX and not entry.name.startswith(".") and entry.is_file():
                found.setdefault(entry.resolve(), entry)
    return list(found.values())


def _newest_first(paths: Iterable[Path]) -> list[Path]:
    def modified(path: Path) -> float:
        try:
            return path.stat().st_mtime
        except OSError:
            return 0.0

    return sorted(paths, key=lambda path: (modified(path), path.name), reverse=True)


def list_saves(extra_dirs: Iterable[Path] = ()) -> list[SaveSummary]:
    """Every saved game in :func:`saves_dir` and ``extra_dirs``, newest first.

    Broken files are listed too, with their error, so the user can see and delete them.
    """
    paths = _save_files([saves_dir(), *extra_dirs])
    return [summarize(path) for path in _newest_first(paths)]


def latest_unfinished() -> Path | None:
    """The most recently written unfinished game in :func:`saves_dir` (what "Continue"
    resumes), or None. Files are checked newest first and the search stops at the first hit.
    """
    for path in _newest_first(_save_files([saves_dir()])):
        summary = summarize(path)
        if summary.ok and not summary.finished:
            return path
    return None
