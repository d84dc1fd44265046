"""The app's remembered settings: the last New game set-up, and how the game looks.

Stored as JSON at :func:`chickenfoot.saves.paths.settings_path`::

    {"version": 1,
     "setup": {"seats": [{"name": "You", "player": "human", "level": null}, ...],
               "preset": "cross",
               "fields": {"set_size": "9", "hand_size": "", "arms": "4", ...},
               "seed": ""},
     "display": {"theme": "textual-dark", "bot_delay": 0.6, "outline": false, "plain": false,
                 "language": "gl"},
     "keys": {"game.hint": "H", "game.scores": "f2"}}

``fields`` holds the set-up form's values as typed (text; empty means "the default"), so a
set-up comes back exactly as it was left. Every text is checked here, so the set-up screen
can trust it: a number field holds "" or ASCII digits (:func:`is_plain_number`; never "²"),
at most :data:`NUMBER_MAX_DIGITS` of them, a choice field one of its choices, the seed ""
or at most :data:`SEED_MAX_DIGITS` digits. Any other value, and any field this program does
not know, is dropped (the form then shows the preset's value; the seed is left blank).
``keys`` is the player's keymap (a binding's id: its keys, as Textual's keymaps take them),
kept exactly as written, so remembering a set-up or a theme never loses an entry; the app
checks each entry when it starts (:mod:`chickenfoot.tui.keymap`) and says what it refuses.

Reading never fails and never waits: a missing file gives the defaults silently; anything
else wrong (not a regular file, over
:data:`~chickenfoot.saves.display.SETTINGS_MAX_BYTES`, not UTF-8, not strict JSON, nested too
deeply, a bad value, a newer version) gives the defaults with :attr:`Settings.problem` saying
what, in one line of plain words. Writing is atomic and raises ``OSError`` (one line of plain
words) if the folder cannot be written. The display section alone is read without this
module, and so without Pydantic or the rules, by :mod:`chickenfoot.saves.display`: the app
needs its theme before its first frame.
"""

from __future__ import annotations

import threading
import typing
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, JsonValue, ValidationError, field_validator

from chickenfoot.bots import DEFAULT_LEVEL
from chickenfoot.lang import _
from chickenfoot.record.model import SeatConfig
from chickenfoot.record.problems import json_path, printable, validation_problem
from chickenfoot.rules import RuleSet
from chickenfoot.rules.ruleset import MAX_PLAYERS, MIN_PLAYERS, PresetName
from chickenfoot.saves import paths
from chickenfoot.saves.display import (
    DEFAULT_BOT_DELAY,
    DEFAULT_THEME,
    SettingsProblem,
    bot_delay_or_default,
    read_settings_document,
    theme_or_default,
    yes_or_no,
)
from chickenfoot.saves.files import write_file
from chickenfoot.saves.language_setting import language_or_default

NUMBER_MAX_DIGITS = 3
"""The most digits a number field of the set-up form may hold."""

SEED_MAX_DIGITS = 18
"""The most digits a remembered seed may hold (any such number is a valid seed)."""

DEFAULT_SEATS: tuple[SeatConfig, ...] = (
    SeatConfig(name="You", player="human"),
    SeatConfig(name="Ada", player="computer", level=DEFAULT_LEVEL),
    SeatConfig(name="Ben", player="computer", level=DEFAULT_LEVEL),
    SeatConfig(name="Cleo", player="computer", level=DEFAULT_LEVEL),
)
"""A first game: one person against three computer players."""


def is_plain_number(text: str, max_digits: int | None = None) -> bool:
    """True if ``text`` is one or more ASCII digits (at most ``max_digits``): "12" but not
    "", " 12", "-1", "1.5", "²" or "١٢" (which ``str.isdigit`` accepts)."""
    return text.isascii() and text.isdigit() and (max_digits is None or len(text) <= max_digits)


def field_choices(name: str) -> frozenset[str] | None:
    """The texts a rule field of the set-up form may hold if it is a choice (``set_size``:
    "6", "9", ...; ``draw``: "one", "until_playable"); None for a number field."""
    annotation = RuleSet.model_fields[name].annotation
    if typing.get_origin(annotation) is Literal:
        return frozenset(str(choice) for choice in typing.get_args(annotation))
    return None


FORM_FIELDS: tuple[str, ...] = tuple(
    name for name in RuleSet.model_fields if name not in ("preset", "players")
)
"""The rule fields the set-up form remembers (the preset and players are set otherwise)."""


def is_field_text(name: str, text: str) -> bool:
    """True if ``text`` can be the remembered value of the rule field ``name``: one of its
    choices, or for a number field "" or at most :data:`NUMBER_MAX_DIGITS` ASCII digits."""
    choices = field_choices(name)
    if choices is not None:
        return text in choices
    return text == "" or is_plain_number(text, NUMBER_MAX_DIGITS)


class SetupChoice(BaseModel):
    """The last New game set-up: seats, preset, the rule fields as typed, and the seed."""

    model_config = ConfigDict(frozen=True, extra="ignore", strict=True)

    seats: tuple[SeatConfig, ...] = Field(
        DEFAULT_SEATS, min_length=MIN_PLAYERS, max_length=MAX_PLAYERS
    )
    preset: PresetName = "cross"
    fields: dict[str, str] = Field(default_factory=dict)
    """Rule field name -> the text or choice in the form; missing: the preset's value."""
    seed: str = ""

    @field_validator("seats", mode="before")
    @classmethod
    def _seats_as_tuple(cls, value: Any) -> Any:
        return tuple(value) if isinstance(value, list) else value

    @field_validator("fields")
    @classmethod
    def _plain_fields(cls, value: dict[str, str]) -> dict[str, str]:
        return {
            name: text
            for name, text in value.items()
            if name in FORM_FIELDS and is_field_text(name, text)
        }

    @field_validator("seed")
    @classmethod
    def _plain_seed(cls, value: str) -> str:
        return value if value == "" or is_plain_number(value, SEED_MAX_DIGITS) else ""


class DisplayChoice(BaseModel):
    """How the game looks and moves: the theme, the computer players' pause, the board view,
    whether ``chickenfoot`` starts in the plain mode (a line at a time, for screen readers),
    and the language it speaks.
    A value that cannot be used is replaced by its default (the rest is kept)."""

    model_config = ConfigDict(frozen=True, extra="ignore")

    theme: str = DEFAULT_THEME
    """The name of a Textual theme (the app checks it exists)."""
    bot_delay: float = DEFAULT_BOT_DELAY
    """Seconds before each computer move."""
    outline: bool = False
    """True draws the board as an outline instead of a table."""
    plain: bool = False
    """True starts ``chickenfoot`` in the plain mode (``--plain``) unless told otherwise."""
    language: str | None = None
    """The code of the language chosen (``"gl"``); None speaks the system's language."""

    _plain_theme = field_validator("theme", mode="before")(theme_or_default)
    _delay_in_range = field_validator("bot_delay", mode="before")(bot_delay_or_default)
    _a_yes_or_no = field_validator("outline", "plain", mode="before")(yes_or_no)
    _a_language = field_validator("language", mode="before")(language_or_default)


class Settings(BaseModel):
    """Everything remembered between runs."""

    model_config = ConfigDict(frozen=True, extra="ignore", strict=True)

    version: Literal[1] = 1
    setup: SetupChoice = Field(default_factory=SetupChoice)
    display: DisplayChoice = Field(default_factory=DisplayChoice)
    keys: JsonValue = Field(default_factory=dict)
    """The player's keymap as written (the app checks it; see :mod:`chickenfoot.saves.display`)."""
    problem: str | None = Field(None, exclude=True)
    """Why the file could not be used (None if it was fine or missing); never saved."""


def load_settings(path: Path | None = None) -> Settings:
    """The settings in ``path`` (default: :func:`paths.settings_path`), or the defaults.

    Never raises and never blocks: a missing file gives the defaults silently; any other
    problem gives the defaults with :attr:`Settings.problem` saying what was wrong.
    """
    path = path if path is not None else paths.settings_path()
    try:
        document = read_settings_document(path)
    except SettingsProblem as problem:
        return _defaults(path, str(problem))
    if document is None:
        return Settings()
    try:
        return Settings.model_validate({**document, "problem": None})
    except ValidationError as error:
        location, reason = validation_problem(error)
        return _defaults(path, ": ".join(part for part in (json_path(location), reason) if part))


def _defaults(path: Path, problem: str) -> Settings:
    """The default settings, saying why ``path`` could not be used."""
    return Settings(
        problem=_("{file}: {problem}; using the defaults").format(
            file=printable(str(path)), problem=printable(problem)
        )
    )


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write ``settings`` to ``path`` (default: :func:`paths.settings_path`) atomically.

    Creates the folder if needed; raises ``OSError`` (one line of plain words) if it cannot
    be written.
    """
    path = path if path is not None else paths.settings_path()
    write_file(path, (settings.model_dump_json(indent=2) + "\n").encode("utf-8"))


_WRITING = threading.Lock()
"""One read-change-write of the settings file at a time (the app writes from threads)."""


def update_settings(change: Callable[[Settings], Settings], path: Path | None = None) -> Settings:
    """Read the settings, apply ``change`` and write the result back, one writer at a time:
    a set-up remembered never drops the remembered display, nor the other way round. Returns
    what was written; raises ``OSError`` (one line of plain words) if it cannot be."""
    with _WRITING:
        updated = change(load_settings(path)).model_copy(update={"problem": None})
        save_settings(updated, path)
        return updated


def with_language(code: str | None, settings: Settings) -> Settings:
    """``settings`` with the language ``code`` chosen (None: the system's)."""
    display = settings.display.model_copy(update={"language": code})
    return settings.model_copy(update={"display": display})
