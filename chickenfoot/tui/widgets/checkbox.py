"""A check box whose state is in its words, not in its colour alone.

Textual's :class:`~textual.widgets.Checkbox` draws ``X`` on and off alike and tells them
apart by colour only, so a person who does not see colours, or a screen reader reading the
row, cannot tell whether it is ticked. :class:`StateCheckbox` draws ``X`` while it is on and a
blank while it is off, and its label ends with "yes" or "no" ("Watch only (every hand
hidden): no"), which a screen reader reads on its row.
"""

from __future__ import annotations

from typing import Any

from textual.widgets import Checkbox

from chickenfoot.lang import _

ON_OFF = {True: "X", False: " "}
"""What the box holds, on and off."""


class StateCheckbox(Checkbox):
    """A check box saying its state in its text: ``X`` or a blank, and "yes" or "no"."""

    BUTTON_INNER = ON_OFF[False]
    """Off until it is ticked (``watch_value`` puts the ``X`` in)."""

    def __init__(self, words: str, value: bool = False, **options: Any) -> None:
        """A check box labelled ``words`` (its state is added to them), ticked if ``value``;
        ``options`` are :class:`~textual.widgets.Checkbox`'s (``id``, ``classes``, ...)."""
        self.words = words
        """The label without its state."""
        super().__init__(self._labelled(value), value, **options)

    def _labelled(self, value: bool) -> str:
        """The label: the words, and the state in the language in use."""
        # Translators: a check box's label ({words}) and its state.
        said = _("{words}: yes") if value else _("{words}: no")
        return said.format(words=self.words)

    def watch_value(self) -> None:
        """Say the new state in the box and the label (and post ``Changed``, as any check box
        does)."""
        self.BUTTON_INNER = ON_OFF[self.value]
        self.label = self._labelled(self.value)
        super().watch_value()
