"""Where chickenfoot keeps its files.

Everything lives in one data folder: the platform's user data folder (from ``platformdirs``),
or the folder named by the environment variable ``CHICKENFOOT_DATA_DIR`` (tests set it to a
temporary folder). Inside it: ``chickenfoot.db`` (every game: :mod:`chickenfoot.saves.store`),
``settings.json``, ``exports/`` (where a copy of a game is saved unless another folder is
chosen) and, from versions before the store, ``saves/`` (imported once, then left alone).
Asking where a file lives creates nothing.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

DATA_DIR_VARIABLE = "CHICKENFOOT_DATA_DIR"
"""The environment variable that overrides the data folder."""

APP_NAME = "chickenfoot"

SAVE_SUFFIX = ".json"
"""What a saved game's file name ends with."""


def is_save_name(name: str) -> bool:
    """True if a file called ``name`` in the saves folder is listed as a saved game (hidden
    names, such as the index, are not)."""
    return name.endswith(SAVE_SUFFIX) and not name.startswith(".")


def holds_saves(folder: Path) -> bool:
    """True if ``folder`` has an entry named like a saved game (nothing is opened): without
    one, there is no game to continue and nothing to read."""
    try:
        with os.scandir(folder) as entries:
            return any(is_save_name(entry.name) for entry in entries)
    except OSError:
        return False


def data_dir() -> Path:
    """The folder of all chickenfoot files: ``$CHICKENFOOT_DATA_DIR`` if set, else the user's."""
    override = os.environ.get(DATA_DIR_VARIABLE)
    if override:
        return Path(override).expanduser()
    return platformdirs.user_data_path(APP_NAME, appauthor=False)


DATABASE_NAME = "chickenfoot.db"


def database_path() -> Path:
    """The database file: ``chickenfoot.db`` in the data folder (``CHICKENFOOT_DATA_DIR``
    moves it); it may not exist yet."""
    return data_dir() / DATABASE_NAME


def saves_dir() -> Path:
    """The saves folder of chickenfoot before the store (one JSON file per game): imported
    into the store once, then left as it is; it may not exist."""
    return data_dir() / "saves"


def exports_dir() -> Path:
    """Where a copy of a game is saved unless another folder is chosen; it may not exist."""
    return data_dir() / "exports"


def settings_path() -> Path:
    """The settings file (the last set-up and similar); it may not exist yet."""
    return data_dir() / "settings.json"


# ----- a browser tab's files -----------------------------------------------------------------

ONLY_DATA_DIR_VARIABLE = "CHICKENFOOT_ONLY_DATA_DIR"
"""Set to ``1`` (by ``chickenfoot serve``, for its browser tabs): files are read and written
only inside the data folder, whatever path is typed."""


def confined_to_data_dir() -> bool:
    """True when files may be read and written only inside the data folder (a browser tab)."""
    return os.environ.get(ONLY_DATA_DIR_VARIABLE) == "1"


def leaves_data_dir(path: Path) -> bool:
    """True if files are confined to the data folder and ``path`` leaves it (following
    ``..`` and links as the system would); always False when files are not confined. Only
    the path's folders are looked at, never the file, so the answer does not tell whether
    a file exists."""
    if not confined_to_data_dir():
        return False
    folder = Path(os.path.realpath(data_dir()))
    return not Path(os.path.realpath(path.expanduser())).is_relative_to(folder)
