"""The clean-up after a crash: what killed windows leave behind in the data folder.

:func:`clean_stale_temporaries` removes temporary files of interrupted saves and the locks of
gone windows. The app calls it in a thread once its menu is drawn; it loads neither Pydantic
nor the rules, so it never holds up the first screens.
"""

from __future__ import annotations

from pathlib import Path

from chickenfoot.saves.atomic import remove_stale_temporaries
from chickenfoot.saves.locks import remove_dead_locks
from chickenfoot.saves.paths import data_dir, saves_dir

STALE_TEMPORARY_SECONDS = 60.0
"""A temporary file older than this belongs to no save in progress (a save takes < 1 s)."""


def clean_stale_temporaries() -> list[Path]:
    """Remove what killed processes leave behind; return the files removed.

    Temporary files of the atomic write (``.<name>.<random>.tmp``) in the saves folder and
    the data folder that were last changed over :data:`STALE_TEMPORARY_SECONDS` ago (a save
    in progress in another window is younger), and the locks of windows whose process is
    gone. Call it when the app starts.
    """
    return [
        *remove_stale_temporaries(saves_dir(), STALE_TEMPORARY_SECONDS),
        *remove_stale_temporaries(data_dir(), STALE_TEMPORARY_SECONDS),
        *remove_dead_locks(),
    ]
