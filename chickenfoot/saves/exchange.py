"""Games in and out of the store as JSON files: import, export, and the old saves folder.

- :func:`import_files` reads files and folders (every ``*.json`` directly inside a folder)
  through the strict loader (:func:`~chickenfoot.saves.jsonformat.load_record`) and adds the
  games to the store, in batches of one transaction each; a file that cannot be read is
  reported with its one-line reason and nothing else changes. A game the store has already
  is not added twice (see :meth:`~chickenfoot.saves.store.GameStore.import_records`).
- :func:`import_old_saves` does that once for the saves folder of chickenfoot before the
  store (``saves/`` in the data folder), the first time the store is opened; the files are
  left where they were.
- :func:`export_games` writes games as files any copy of chickenfoot reads. A file holds
  every deck (another copy continues the game from it), so each file written comes with what
  of its game may be shown now (:func:`~chickenfoot.record.disclosure.disclosure`): a file of
  a round in play at one keyboard holds hands the table may not see yet, and says so.

Entries that are not regular files (named pipes, folders, devices named ``*.json``) are
reported with their reason and never opened. This module imports no Textual.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from chickenfoot.lang import _
from chickenfoot.record.disclosure import Disclosure, disclosure
from chickenfoot.record.model import GameRecord, RecordError
from chickenfoot.record.problems import printable
from chickenfoot.record.summary import GameId
from chickenfoot.saves.files import kind_problem
from chickenfoot.saves.jsonformat import load_record, save_record
from chickenfoot.saves.paths import saves_dir
from chickenfoot.saves.store import GameStore, ImportOutcome, Incoming, Progress

__all__ = [
    "IMPORT_BATCH",
    "OLD_SAVES_IMPORTED",
    "SAVE_SUFFIX",
    "Exported",
    "export_games",
    "export_name",
    "import_files",
    "import_old_saves",
    "json_files",
    "old_saves_waiting",
]

SAVE_SUFFIX = ".json"
IMPORT_BATCH = 200
"""Games added per transaction while importing (each transaction waits for the disk once)."""
OLD_SAVES_IMPORTED = "old saves imported"
"""The store's note that the old saves folder was imported (see :func:`import_old_saves`)."""


def json_files(paths: Iterable[Path]) -> list[tuple[Path, str | None]]:
    """Each file to import, with why it cannot be (None if it may be read): a file given by
    name, and every ``*.json`` directly inside a folder given (hidden names skipped), in
    name order; a path reached twice is listed once."""
    found: list[tuple[Path, str | None]] = []
    seen: set[tuple[int, int]] = set()

    def add(path: Path, status: os.stat_result | None, problem: str | None) -> None:
        if status is not None:
            identity = (status.st_dev, status.st_ino)
            if identity in seen:
                return
            seen.add(identity)
        found.append((path, problem))

    for path in paths:
        try:
            status = os.stat(path)
        except OSError:
            add(path, None, _("no such file"))
            continue
        if not path.is_dir():
            add(path, status, kind_problem(status.st_mode))
            continue
        try:
            entries = sorted(os.scandir(path), key=lambda entry: entry.name)
        except OSError as error:
            add(
                path,
                None,
                _("the folder cannot be read ({reason})").format(reason=error.strerror or error),
            )
            continue
        for entry in entries:
            if not entry.name.endswith(SAVE_SUFFIX) or entry.name.startswith("."):
                continue
            try:
                inner = entry.stat()
            except OSError:
                add(Path(entry.path), None, _("a link to a file that does not exist"))
                continue
            add(Path(entry.path), inner, kind_problem(inner.st_mode))
    return found


def import_files(
    store: GameStore, paths: Iterable[Path], progress: Progress | None = None
) -> list[ImportOutcome]:
    """Import the saved-game files ``paths`` (files, or folders of them) into ``store``;
    what happened to each file, in order. ``progress(done, total)`` is called before the
    first file and after each batch. Raises :class:`~chickenfoot.saves.store.StoreError` if
    the store cannot be written (the batches before it stay imported)."""
    files = json_files(paths)
    if progress is not None:
        progress(0, len(files))
    outcomes: list[ImportOutcome] = []
    for start in range(0, len(files), IMPORT_BATCH):
        batch = files[start : start + IMPORT_BATCH]
        read: list[tuple[Path, Incoming]] = []
        for path, problem in batch:
            if problem is not None:
                outcomes.append(ImportOutcome(path, problem=f"{printable(str(path))}: {problem}"))
                continue
            try:
                record = load_record(path)
            except RecordError as error:
                outcomes.append(ImportOutcome(path, problem=str(error)))
            else:
                read.append((path, Incoming(record, str(path), _modified(path))))
        done = store.import_records([incoming for _path, incoming in read])
        outcomes.extend(
            ImportOutcome(path, game, imported)
            for (path, _incoming), (game, imported) in zip(read, done, strict=True)
        )
        if progress is not None:
            progress(min(start + IMPORT_BATCH, len(files)), len(files))
    order = {path: index for index, (path, _problem) in enumerate(files)}
    outcomes.sort(key=lambda outcome: order[outcome.path])
    return outcomes


def _modified(path: Path) -> datetime | None:
    """When the file was last written (the game's last move, for a saved game)."""
    try:
        return datetime.fromtimestamp(os.stat(path).st_mtime, UTC)
    except OSError:
        return None


def old_saves_waiting(store: GameStore) -> bool:
    """True if the old saves folder has files the store has not imported yet (it is imported
    once: the first time it is looked at with files in it)."""
    if store.meta(OLD_SAVES_IMPORTED) is not None:
        return False
    try:
        with os.scandir(saves_dir()) as entries:
            return any(
                entry.name.endswith(SAVE_SUFFIX) and not entry.name.startswith(".")
                for entry in entries
            )
    except OSError:
        return False


def import_old_saves(store: GameStore, progress: Progress | None = None) -> list[ImportOutcome]:
    """Import the old saves folder once (see :func:`old_saves_waiting`); what happened to
    each file (nothing when it was imported before). The files stay where they are."""
    if not old_saves_waiting(store):
        return []
    outcomes = import_files(store, [saves_dir()], progress)
    store.set_meta(OLD_SAVES_IMPORTED, datetime.now(UTC).isoformat())
    return outcomes


_UNSAFE = re.compile(r"[^a-z0-9]+")


def export_name(game: GameId, record: GameRecord) -> str:
    """The file name a game is exported under: its number, when it was dealt and the seats,
    e.g. ``game-12-20261130-184304-ana-bea.json``."""
    names = "-".join(
        part for part in (_UNSAFE.sub("", seat.name.lower()) for seat in record.seats) if part
    )
    stamp = record.created.strftime("%Y%m%d-%H%M%S")
    return f"game-{game}-{stamp}{'-' + names[:40] if names else ''}{SAVE_SUFFIX}"


@dataclass(frozen=True)
class Exported:
    """A game written to a file."""

    path: Path
    shown: Disclosure
    """What of the game may be shown now; the file holds every deck and hand all the same."""


def export_games(
    store: GameStore,
    games: Sequence[GameId],
    folder: Path,
    progress: Progress | None = None,
) -> list[Exported]:
    """Write each of ``games`` to its own file in ``folder`` (created if need be; a file of
    the same name is replaced); the files written, in order. Raises ``OSError`` (one line)
    if one cannot be written, and ``RecordError`` for a game whose stored copy is damaged."""
    written: list[Exported] = []
    if progress is not None:
        progress(0, len(games))
    for done, game in enumerate(games, start=1):
        record = store.record(game)
        path = folder / export_name(game, record)
        save_record(record, path)
        written.append(Exported(path, disclosure(record)))
        if progress is not None:
            progress(done, len(games))
    return written
