"""Command palette (ctrl+p) entries that come from the screen the palette was opened on.

A screen offers commands by defining ``palette_commands() -> Iterable[PaletteCommand]``; the
app registers :class:`ScreenCommands` once, and it asks the calling screen each time the
palette opens, so a screen lists only what does something on it right now. Screens without
that method add nothing (the palette still has Textual's own commands).
:func:`action_commands` builds such a list from the screen's own actions, kept or dropped by
the screen's ``check_action`` (the same test that shows or hides its keys in the Footer).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, Protocol, runtime_checkable

from textual.actions import parse as parse_action
from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.screen import Screen

ActionEntry = tuple[str, str, str]
"""(action as a binding writes it, e.g. "speed(1)"; palette title; one line of help)."""


@dataclass(frozen=True)
class PaletteCommand:
    """One palette entry: its title, a line of help, and what it runs."""

    title: str
    help: str
    run: Callable[[], object]


def action_commands(screen: Screen[Any], entries: Sequence[ActionEntry]) -> list[PaletteCommand]:
    """The ``entries`` whose action the screen allows now, as commands running that action.

    An action is dropped when ``screen.check_action`` returns False (hidden) or None (shown
    but disabled): the palette offers nothing that would do nothing.
    """
    commands = []
    for action, title, help_text in entries:
        _namespace, name, parameters = parse_action(action)
        if screen.check_action(name, parameters):
            commands.append(PaletteCommand(title, help_text, partial(screen.run_action, action)))
    return commands


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
