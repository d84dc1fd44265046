"""How the game looks and moves (the theme, the computer players' pause, the board view,
whether ``chickenfoot`` starts in the plain mode, the language it speaks) and the player's own
keys, read from the settings file without the rest of the settings.

The app needs these before its first frame (the theme colours it), so reading them loads
neither Pydantic nor the rules: :func:`read_display` reads the file's ``display`` section
with the same rules :class:`~chickenfoot.saves.settings.DisplayChoice` applies (each value
that cannot be used is replaced by its default, the others are kept), and its ``keys``
section as written (the app checks each entry: :mod:`chickenfoot.tui.keymap`); it never
fails. The settings file itself is read here, once for both: :func:`read_settings_document`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from chickenfoot.lang import N_, _
from chickenfoot.saves import paths
from chickenfoot.saves.files import FileProblem, read_regular_file
from chickenfoot.saves.language_setting import SETTINGS_MAX_BYTES as SETTINGS_MAX_BYTES
from chickenfoot.saves.language_setting import SETTINGS_VERSION as SETTINGS_VERSION
from chickenfoot.saves.language_setting import language_or_default as language_or_default
from chickenfoot.saves.strict_json import JsonProblem, parse_strict_json

DEFAULT_THEME = "textual-dark"
THEME_MAX_LENGTH = 40
DEFAULT_BOT_DELAY = 0.6
"""Seconds before each computer move, unless the player chose otherwise."""
BOT_DELAY_LIMIT = 3.0
"""The longest pause before a computer move that is remembered (seconds)."""
KEYMAP_MAX_ENTRIES = 500
"""The most entries of the ``keys`` section that are read (there are fewer than 200 ids)."""


class SettingsProblem(Exception):
    """Why the settings file cannot be used, in plain words (the file exists)."""


def read_settings_document(path: Path) -> dict[str, Any] | None:
    """The JSON object in the settings file ``path``, or None when there is no such file.

    Raises :class:`SettingsProblem` when the file is there but cannot be used: not a regular
    file, over :data:`SETTINGS_MAX_BYTES`, not UTF-8, not strict JSON, not an object, or
    written by another version.
    """
    try:
        data = read_regular_file(path, SETTINGS_MAX_BYTES, N_("a settings file")).data
    except FileProblem as problem:
        if not path.is_symlink() and not path.exists():
            return None
        raise SettingsProblem(
            _("cannot be read ({reason})").format(reason=problem.problem)
        ) from None
    try:
        document = parse_strict_json(data.decode("utf-8-sig"))
    except UnicodeDecodeError:
        raise SettingsProblem(_("not UTF-8 text")) from None
    except JsonProblem as problem:
        raise SettingsProblem(str(problem)) from None
    if not isinstance(document, dict):
        raise SettingsProblem(_("not a settings file: it holds no JSON object"))
    if document.get("version", SETTINGS_VERSION) != SETTINGS_VERSION:
        raise SettingsProblem(_("written by another version of chickenfoot"))
    return document


def theme_or_default(value: Any) -> Any:
    """``value`` if it can name a theme (1 to 40 printable ASCII characters; the app checks
    the theme exists), else :data:`DEFAULT_THEME`."""
    ok = isinstance(value, str) and 0 < len(value) <= THEME_MAX_LENGTH and value.isascii()
    return value if ok and value.isprintable() else DEFAULT_THEME


def bot_delay_or_default(value: Any) -> Any:
    """``value`` if it is a number of seconds from 0 to :data:`BOT_DELAY_LIMIT`, else
    :data:`DEFAULT_BOT_DELAY`."""
    number = isinstance(value, int | float) and not isinstance(value, bool)
    return value if number and 0 <= value <= BOT_DELAY_LIMIT else DEFAULT_BOT_DELAY


def yes_or_no(value: Any) -> Any:
    """``value`` if it is true or false, else False (the table, not the outline; the
    full-screen app, not the plain mode)."""
    return value if isinstance(value, bool) else False


@dataclass(frozen=True)
class Display:
    """The display settings as the app starts with them."""

    theme: str = DEFAULT_THEME
    bot_delay: float = DEFAULT_BOT_DELAY
    outline: bool = False
    plain: bool = False
    """True starts ``chickenfoot`` in the plain mode (``--plain``) unless told otherwise."""
    language: str | None = None
    """The code of the language chosen in the app (None: the system's)."""
    keymap: tuple[tuple[str, Any], ...] = ()
    """The ``keys`` section as written: (a binding's id, the keys given it), in file order;
    the app checks every entry before using it."""
    keymap_problem: str | None = None
    """Why the ``keys`` section cannot be used at all (it is there but not an object)."""


def read_keymap(document: dict[str, Any]) -> tuple[tuple[tuple[str, Any], ...], str | None]:
    """The ``keys`` section of the settings ``document``: its entries (at most
    :data:`KEYMAP_MAX_ENTRIES`), and why it cannot be used if it is not a JSON object."""
    section = document.get("keys", {})
    if not isinstance(section, dict):
        return (), _(
            "the keys section is not a list of ids and keys in braces ({braces}): ignored"
        ).format(braces="{...}")
    return tuple(section.items())[:KEYMAP_MAX_ENTRIES], None


def read_display(path: Path | None = None) -> Display:
    """The display settings in the settings file ``path`` (default:
    :func:`paths.settings_path`): each value that cannot be used, and every value of a file
    that cannot be read, is its default. Never raises."""
    try:
        document = read_settings_document(path if path is not None else paths.settings_path())
    except SettingsProblem:
        document = None
    keymap, keymap_problem = read_keymap(document or {})
    section = (document or {}).get("display")
    if not isinstance(section, dict):
        return Display(keymap=keymap, keymap_problem=keymap_problem)
    return Display(
        theme=theme_or_default(section.get("theme", DEFAULT_THEME)),
        bot_delay=float(bot_delay_or_default(section.get("bot_delay", DEFAULT_BOT_DELAY))),
        outline=yes_or_no(section.get("outline", False)),
        plain=yes_or_no(section.get("plain", False)),
        language=language_or_default(section.get("language")),
        keymap=keymap,
        keymap_problem=keymap_problem,
    )
