"""Command palette (ctrl+p) entries that come from the screen the palette was opened on.

A screen offers commands by defining ``palette_commands() -> Iterable[PaletteCommand]``; the
app registers :class:`ScreenCommands` once, and it asks the calling screen each time the
palette opens, so a screen lists only what does something on it right now. Screens without
that method add nothing (the palette still has Textual's own commands).

Each command is declared once, as a binding: :func:`binding_commands` lists the screen's
bindings that have a ``tooltip`` (a binding with one is a command; arrows and other keys of
movement have none), titled by their description, helped by the tooltip and the key, and
kept or dropped by the screen's ``check_action`` (the same test that shows or hides its keys
in the Footer). A search matches the title (its letters in order, as Textual's palette does)
or the words of the help line, so the words players use for a command find it even when its
title is short ("take back" finds *Undo*). Titles and help lines are in the language in use
(the bindings' words, marked for the catalogues, are translated here), and a search matches
them as shown.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from functools import partial
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from textual.actions import parse as parse_action
from textual.binding import Binding, BindingType
from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.screen import Screen

from chickenfoot.lang import _

if TYPE_CHECKING:
    from chickenfoot.text.prompts import ViewKeys


@dataclass(frozen=True)
class PaletteCommand:
    """One palette entry: its title, a line of help, and what it runs."""

    title: str
    help: str
    run: Callable[[], object]


def binding_commands(screen: Screen[Any]) -> list[PaletteCommand]:
    """The commands of ``screen``'s bindings (those with a tooltip) that do something now,
    once each, in the order they are bound, with the player's own keys, titled and helped in
    the language in use; each runs its binding's action."""
    from chickenfoot.tui.keymap import keymap_of, with_keymap  # not needed before the palette

    commands = []
    seen: set[str] = set()
    for binding in with_keymap(screen.BINDINGS, keymap_of(screen.app)):
        if not binding.tooltip or binding.action in seen:
            continue
        seen.add(binding.action)
        _namespace, name, parameters = parse_action(binding.action)
        if screen.check_action(name, parameters):
            keys = binding.key_display or binding.key.split(",")[0]
            # Translators: a command's help line in the palette: what it does, then its key.
            help_text = _("{tooltip} ({key})").format(
                tooltip=_(binding.tooltip), key=key_name(keys)
            )
            run = partial(screen.run_action, binding.action)
            commands.append(PaletteCommand(_(binding.description), help_text, run))
    return commands


KEY_WORDS = {
    "escape": "Esc",
    "enter": "Enter",
    "space": "Space",
    "question_mark": "?",
    "delete": "Del",
    "pageup": "PgUp",
    "pagedown": "PgDn",
    "home": "Home",
    "end": "End",
    "tab": "Tab",
    "plus": "+",
    "minus": "-",
}
"""How a key is named in a command's help line."""


def key_name(key: str) -> str:
    """A key as a person reads it: "ctrl+s" -> "^s", "escape" -> "Esc"."""
    if key.startswith("ctrl+"):
        return "^" + key.removeprefix("ctrl+")
    return KEY_WORDS.get(key, key)


def button_key(
    screen: Screen[Any], binding_id: str, bindings: Iterable[BindingType] | None = None
) -> str:
    """The key of ``screen``'s command ``binding_id`` (of ``bindings``, else of the screen's
    class; the player's own, if changed) as a button, or a frame's title, that does the same
    names it: its first letter or sign if it has one (``escape,m``: "m"), else its first key:
    "y", "^s", "Esc"."""
    from chickenfoot.tui.keymap import command_keys, keymap_of  # not needed before the menu

    own = screen.BINDINGS if bindings is None else bindings
    keys = command_keys(own, binding_id, keymap_of(screen.app))
    return key_name(next((key for key in keys if len(key) == 1), keys[0]))


def view_keys(
    screen: Screen[Any], prefix: str, bindings: Iterable[BindingType] | None = None
) -> ViewKeys:
    """The keys a board's frame names on ``screen`` (the commands ``<prefix>.outline``,
    ``.drawing``, ``.chart``, ``.legend`` and ``.pan-left`` ... ``.pan-down`` of ``bindings``,
    else of the screen's class, those there are), the player's own where they changed them."""
    from chickenfoot.text.prompts import ViewKeys  # the rules: not before the menu is drawn
    from chickenfoot.tui.keymap import keymap_of  # not needed before the menu

    keymap = keymap_of(screen.app)
    own = list(screen.BINDINGS if bindings is None else bindings)
    ids = [binding.id for binding in Binding.make_bindings(own)]
    named = {
        name: button_key(screen, f"{prefix}.{name}", own)
        for name in ("outline", "drawing", "chart", "legend")
        if f"{prefix}.{name}" in ids
    }
    pan = [f"{prefix}.pan-{way}" for way in ("left", "right", "up", "down")]
    if any(binding_id in keymap for binding_id in pan):
        named["pan"] = "/".join(button_key(screen, binding_id, own) for binding_id in pan)
    return replace(ViewKeys(), **named)


HELP_MATCH = 0.5
"""The score of a match in a command's help: below a good match in a title (up to 1)."""


def plain_letters(text: str) -> str:
    """``text`` in lower case without accents ("Éxito" -> "exito"): a search typed without
    them still finds the words that have them."""
    decomposed = unicodedata.normalize("NFD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def words_in(query: str, text: str) -> bool:
    """True if every word of ``query`` starts a word of ``text`` (any case, with or without
    accents): the help line is matched by the words players use, never by letters scattered
    over a sentence."""
    asked = re.findall(r"\w+", plain_letters(query))
    words = re.findall(r"\w+", plain_letters(text))
    return bool(asked) and all(any(word.startswith(a) for word in words) for a in asked)


@runtime_checkable
class OffersCommands(Protocol):
    """A screen with commands for the palette."""

    def palette_commands(self) -> Iterable[PaletteCommand]:
        """The commands that do something on this screen now."""


class ScreenCommands(Provider):
    """The calling screen's own commands, re-read every time the palette opens or searches."""

    def _commands(self) -> list[PaletteCommand]:
        screen = self.screen
        return list(screen.palette_commands()) if isinstance(screen, OffersCommands) else []

    async def discover(self) -> Hits:
        """Every command the screen offers now, in its own order."""
        for command in self._commands():
            yield DiscoveryHit(command.title, command.run, help=command.help)

    async def search(self, query: str) -> Hits:
        """The screen's commands matching ``query`` in their title, or in their line of help,
        which says what the command does in the words players use ("take back" finds
        *Undo*); a match in the title ranks first."""
        matcher = self.matcher(query)
        for command in self._commands():
            score = matcher.match(command.title)
            if score > 0:
                yield Hit(score, matcher.highlight(command.title), command.run, help=command.help)
            elif words_in(query, command.help):
                yield Hit(HELP_MATCH, command.title, command.run, help=command.help)
