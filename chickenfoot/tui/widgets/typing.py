"""An input field that takes every key in the order it was typed.

Textual's :class:`~textual.widgets.Input` inserts a printable character as soon as the
field reads it, but runs its own editing keys (Backspace, Delete, ctrl+u, ctrl+k, the arrows,
Home, End, Enter) only once their key has bubbled up the screen to the app, which then looks
up the binding. Typed fast, or on a busy machine, the characters after such a key are
inserted before it takes effect: a Backspace then deletes the last character typed after
it, a ctrl+u everything typed after it (Textual issue #6605). :class:`TypingInput` runs the
field's own editing keys as it reads them, so they act in order with the characters.
"""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.binding import BindingsMap
from textual.widgets import Input


class TypingInput(Input):
    """An :class:`~textual.widgets.Input` whose editing keys act in the order typed."""

    EDITING_KEYS: ClassVar[BindingsMap] = BindingsMap(Input.BINDINGS)
    """The field's own key bindings (Textual's :class:`Input`'s)."""

    async def _on_key(self, event: events.Key) -> None:
        """Run an editing key's action now, in order with the characters typed around it
        (a printable character is left to the field, which inserts it at once)."""
        if event.is_printable:
            return
        for binding in self.EDITING_KEYS.key_to_bindings.get(event.key, ()):
            if await self.app.run_action(binding.action, self):
                event.stop()  # done here: the app must not run it a second time
                return
