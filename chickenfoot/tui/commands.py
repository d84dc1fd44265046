"""Command palette (ctrl+p) entries that come from the screen the palette was opened on.

A screen offers commands by defining ``palette_commands() -> Iterable[PaletteCommand]``; the
app registers :class:`ScreenCommands` once, and it asks the calling screen each time the
palette opens, so a screen lists only what does something on it right now. Screens without
that method add nothing (the palette still has Textual's own commands).

Each command is declared once, as a binding: :func:`binding_commands` lists the screen's
bindings that have a ``tooltip`` (a binding with one is a command; arrows and other keys of
movement have none), titled by their description, helped by the tooltip and the key, and
kept or dropped by the screen's ``check_action`` (the same test that shows or hides its keys
in the Footer).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import partial
from typing import Any, Protocol, runtime_checkable

from textual.actions import parse as parse_action
from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.screen import Screen


@dataclass(frozen=True)
class PaletteCommand:
    """One palette entry: its title, a line of help, and what it runs."""

    title: str
    help: str
    run: Callable[[], object]


def binding_commands(screen: Screen[Any]) -> list[PaletteCommand]:
    """The commands of ``screen``'s bindings (those with a tooltip) that do something now,
    once each, in the order they are bound, with the player's own keys; each runs its
    binding's action."""
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
            help_text = f"{binding.tooltip} ({key_name(keys)})"
            run = partial(screen.run_action, binding.action)
            commands.append(PaletteCommand(binding.description, help_text, run))
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
        """The screen's commands matching ``query``, best first."""
        matcher = self.matcher(query)
        for command in self._commands():
            score = matcher.match(command.title)
            if score > 0:
                yield Hit(score, matcher.highlight(command.title), command.run, help=command.help)
