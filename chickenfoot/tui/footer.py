"""A footer that lays out its keys once per change, however often the bindings are refreshed.

Textual's :class:`~textual.widgets.Footer` rebuilds every key (a widget each) after each
refresh of the screen's bindings, and a screen being shown refreshes them several times in a
row (the screen is pushed, a widget takes the focus, the screen's own ``refresh_bindings``).
On the main menu that rebuilt the footer two to five times before its first whole frame, the
largest part of the start-up beyond what any Textual app does. :class:`KeysFooter` rebuilds
once for all the refreshes made before its turn comes: that one rebuild reads the bindings
as they are then, so it shows exactly what the last of them asked for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.widgets import Footer

if TYPE_CHECKING:
    from textual.screen import Screen


class KeysFooter(Footer):
    """A :class:`~textual.widgets.Footer` whose keys are rebuilt at most once per refresh."""

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
