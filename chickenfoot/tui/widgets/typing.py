"""An input field that takes every key in the order it was typed.

Textual's :class:`~textual.widgets.Input` inserts a printable character as soon as the
field reads it, but runs its own editing keys (Backspace, Delete, ctrl+u, ctrl+k, the arrows,
Home, End, Enter) only once their key has bubbled up the screen to the app, which then looks
up the binding. Typed fast, or on a busy machine, the characters after such a key are
inserted before it takes effect: a Backspace then deletes the last character typed after
it, a ctrl+u everything typed after it (Textual issue #6605). The same goes for the keys
the screen and the app bind (Tab to the next field): the characters typed after Tab landed
in the field Tab was leaving (a name typed after a table's address went into the address).
:class:`TypingInput` runs the field's own editing keys, and the keys bound to moving the
keyboard on, as it reads them, so they act in order with the characters; and a key that
reaches it once the keyboard has moved on (it was sent here before a Tab moved it) goes on to
the field that has the keyboard now.
"""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.binding import BindingsMap
from textual.widgets import Input

MOVES_FOCUS = frozenset({"focus_next", "focus_previous"})
"""The actions that move the keyboard to another widget (Tab, Shift+Tab, a form's arrows)."""


class TypingInput(Input):
    """An :class:`~textual.widgets.Input` whose keys act in the order typed."""

    EDITING_KEYS: ClassVar[BindingsMap] = BindingsMap(Input.BINDINGS)
    """The field's own key bindings (Textual's :class:`Input`'s)."""

    async def _on_key(self, event: events.Key) -> None:
        """Pass a key on to the widget that has the keyboard now, if it moved on since the
        key was sent here; else run an editing key's action, or move the keyboard on, now, in
        order with the characters typed around it (a printable character is left to the
        field, which inserts it at once)."""
        focused = self.screen.focused
        if focused is not None and focused is not self:
            event.stop()
            event.prevent_default()
            # Forwarded as the app forwards every key to the focused widget (bindings are
            # looked up when it bubbles up from there): in order behind the keys sent there.
            focused._forward_event(events.Key(event.key, event.character))
            return
        if event.is_printable:
            return
        for binding in self.EDITING_KEYS.key_to_bindings.get(event.key, ()):
            if await self.app.run_action(binding.action, self):
                event.stop()  # done here: the app must not run it a second time
                return
        active = self.screen.active_bindings.get(event.key)
        if active is None or not active.enabled or active.binding.priority:
            return
        # Only the keys that move the keyboard: any other binding's action may close this
        # field's screen, which cannot be awaited from inside one of its own handlers.
        moves = active.binding.action.rsplit(".", 1)[-1] in MOVES_FOCUS
        if moves and await self.app.run_action(active.binding.action, active.node):
            event.stop()
