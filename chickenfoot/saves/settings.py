"""The app's remembered settings: for now, the last New game set-up.

Stored as JSON at :func:`chickenfoot.saves.storage.settings_path`::

    {"version": 1,
     "setup": {"seats": [{"name": "You", "player": "human", "level": null}, ...],
               "preset": "cross",
               "fields": {"set_size": "9", "hand_size": "", "arms": "4", ...},
               "seed": ""}}

``fields`` holds the set-up form's values as typed (text; empty means "the default"), so a
set-up comes back exactly as it was left. Reading never fails: a missing, unreadable or
corrupt file, or one from a newer version, gives the defaults (:func:`load_settings` says
which in :attr:`Settings.problem`). Writing is atomic (a temporary file renamed over the old
one) and raises ``OSError`` if the folder cannot be written.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from chickenfoot.rules.ruleset import MAX_PLAYERS, MIN_PLAYERS, PresetName
from chickenfoot.saves import storage
from chickenfoot.saves.atomic import write_atomically
from chickenfoot.saves.record import SeatConfig

SETTINGS_VERSION = 1

DEFAULT_SEATS: tuple[SeatConfig, ...] = (
    SeatConfig(name="You", player="human"),
    SeatConfig(name="Ada", player="computer", level="greedy"),
    SeatConfig(name="Ben", player="computer", level="greedy"),
    SeatConfig(name="Cleo", player="computer", level="greedy"),
)
"""A first game: one person against three computer players."""


class SetupChoice(BaseModel):
    """The last New game set-up: seats, preset, the rule fields as typed, and the seed."""

    model_config = ConfigDict(frozen=True, extra="ignore")

    seats: tuple[SeatConfig, ...] = Field(
        DEFAULT_SEATS, min_length=MIN_PLAYERS, max_length=MAX_PLAYERS
    )
    preset: PresetName = "cross"
    fields: dict[str, str] = Field(default_factory=dict)
    """Rule field name -> the text or choice in the form; missing: the preset's value."""
    seed: str = ""


class Settings(BaseModel):
    """Everything remembered between runs."""

    model_config = ConfigDict(frozen=True, extra="ignore")

    version: Literal[1] = SETTINGS_VERSION
    setup: SetupChoice = Field(default_factory=SetupChoice)
    problem: str | None = Field(None, exclude=True)
    """Why the file could not be used (None if it was fine or missing); never saved."""


def load_settings(path: Path | None = None) -> Settings:
    """The settings in ``path`` (default: :func:`storage.settings_path`), or the defaults.

    Never raises: a missing file gives the defaults silently; an unreadable or invalid one
    gives the defaults with :attr:`Settings.problem` saying what was wrong.
    """
    path = path if path is not None else storage.settings_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Settings()
    except (OSError, UnicodeDecodeError) as error:
        return Settings(problem=f"{path}: cannot be read ({error}); using the defaults")
    try:
        return Settings.model_validate(json.loads(text))
    except ValidationError as error:
        first = error.errors()[0]
        place = ".".join(str(part) for part in first["loc"]) or "the file"
        reason = f"{place}: {first['msg']}"
    except ValueError as error:
        reason = f"not JSON: {error}"
    return Settings(problem=f"{path}: {reason}; using the defaults")


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write ``settings`` to ``path`` (default: :func:`storage.settings_path`) atomically.

    Creates the folder if needed; raises ``OSError`` if it cannot be written.
    """
    path = path if path is not None else storage.settings_path()
    write_atomically(path, (settings.model_dump_json(indent=2) + "\n").encode("utf-8"))
