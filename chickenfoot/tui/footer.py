"""Footers: one that lays out its keys once per change, however often the bindings are
refreshed, and one whose keys always fit its width.

Textual's :class:`~textual.widgets.Footer` rebuilds every key (a widget each) after each
refresh of the screen's bindings, and a screen being shown refreshes them several times in a
row (the screen is pushed, a widget takes the focus, the screen's own ``refresh_bindings``).
On the main menu that rebuilt the footer two to five times before its first whole frame, the
largest part of the start-up beyond what any Textual app does. :class:`KeysFooter` rebuilds
once for all the refreshes made before its turn comes: that one rebuild reads the bindings
as they are then, so it shows exactly what the last of them asked for.

:class:`FittedFooter` leaves out the keys that would run off its edge (at 80 columns, a turn
against computers has more keys than fit, and the menu's in a language of longer words): the
last ones first, never the help's key or the command palette's, which list them all.

Both show each key's description and tooltip in the language in use: the bindings declare
them in English, marked for the catalogues (:func:`~chickenfoot.lang.N_`), and
:class:`WordsFooter` translates them as the keys are laid out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.events import Resize
from textual.widget import Widget
from textual.widgets import Footer
from textual.widgets._footer import FooterKey, FooterLabel

from chickenfoot.lang import N_, _

if TYPE_CHECKING:
    from textual.app import ComposeResult
    from textual.screen import Screen

# Translators: the command palette's key in the footer (Textual's own word for it).
N_("palette")


class WordsFooter(Footer):
    """A :class:`~textual.widgets.Footer` whose keys say what they do in the language in use
    (each binding's description and tooltip, and a group's label, through the catalogue)."""

    def compose(self) -> ComposeResult:
        """The footer's keys, their words translated."""
        for widget in super().compose():
            if isinstance(widget, FooterKey):
                widget.description = _(widget.description)
                tooltip = widget.tooltip
                if isinstance(tooltip, str) and tooltip:
                    widget.tooltip = _(tooltip)
            elif isinstance(widget, FooterLabel) and isinstance(widget.content, str):
                widget.update(_(widget.content))
            yield widget


HELP_ACTIONS = frozenset({"help", "app.help", "choose('help')", "close_help"})
"""The actions of the keys a fitted footer keeps however narrow it is: the help's (which
lists every key), besides the command palette's (which lists every command)."""


class FittedFooter(WordsFooter):
    """A :class:`~textual.widgets.Footer` whose keys never run off its edge or under the
    command palette's key: those that do not fit are left out, the last ones first, the help's
    key never (the help and the palette list every key)."""

    async def recompose(self) -> None:
        """Lay out the keys, then leave out what does not fit."""
        await super().recompose()
        self.call_after_refresh(self._fit)

    def on_resize(self, event: Resize) -> None:
        """A new width: lay the keys out again (some left out may fit now)."""
        if self.is_attached and self._bindings_ready:
            self.call_after_refresh(self.recompose)

    def _fit(self) -> None:
        items: list[list[Widget]] = []
        docked: list[Widget] = []
        for child in self.children:
            if child.has_class("-command-palette"):
                docked.append(child)
            elif isinstance(child, FooterLabel) and items:
                items[-1].append(child)  # a group's label goes with its keys
            else:
                items.append([child])
        room = self.size.width - sum(width_of(widget) for widget in docked)
        used = sum(width_of(widget) for item in items for widget in item)
        for item in reversed(items):
            if used <= room:
                break
            if any(isinstance(w, FooterKey) and w.action in HELP_ACTIONS for w in item):
                continue
            for widget in item:
                widget.display = False
                used -= width_of(widget)


class KeysFooter(FittedFooter):
    """A :class:`FittedFooter` whose keys are rebuilt at most once per refresh."""

    _rebuild_waiting = False
    """True while a rebuild is asked for and has not run yet."""

    rebuilds = 0
    """How many times the keys were rebuilt, counted once each rebuild is done."""

    @property
    def rebuild_waiting(self) -> bool:
        """True while a rebuild of the keys is asked for and has not run yet."""
        return self._rebuild_waiting

    def bindings_changed(self, screen: Screen[object]) -> None:
        """The bindings of ``screen`` changed: rebuild the keys after the next refresh,
        unless a rebuild is already waiting (it will read the bindings as they are then)."""
        self._bindings_ready = True
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen and not self._rebuild_waiting:
            self._rebuild_waiting = True
            self.call_after_refresh(self._rebuild)

    async def _rebuild(self) -> None:
        self._rebuild_waiting = False
        await self.recompose()
        self.rebuilds += 1


def width_of(widget: Widget) -> int:
    """The cells ``widget`` takes in a row: its width and its side margins."""
    margin = widget.styles.margin
    return widget.outer_size.width + margin.left + margin.right
