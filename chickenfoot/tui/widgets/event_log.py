"""The log of recent public events, newest at the bottom.

Its screen gives it the lines to add (:meth:`EventLog.add`), or to start again with
(:meth:`EventLog.restart`): the words come from the seat client, never from the widget.

Lines are written literally (names are never read as markup); old lines drop off the top.
The newest line stays in view when the log is resized (e.g. the panel above it grows).
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text
from textual.events import Resize
from textual.widgets import RichLog

MAX_LINES = 200
MIN_WIDTH = 16


class EventLog(RichLog):
    """A scrolling log of what happened, one line per event."""

    DEFAULT_CSS = """
    EventLog {
        height: 1fr;
        background: $surface;
        scrollbar-size-vertical: 1;
    }
    """

    def __init__(
        self, *, name: str | None = None, id: str | None = None, classes: str | None = None
    ) -> None:
        super().__init__(
            max_lines=MAX_LINES,
            min_width=MIN_WIDTH,
            wrap=True,
            markup=False,
            highlight=False,
            name=name,
            id=id,
            classes=classes,
        )
        self.can_focus = False
        self.history: list[str] = []

    def add(self, lines: Iterable[str]) -> None:
        """Append ``lines`` (plain text) to the log and scroll to the newest."""
        for line in lines:
            self.history.append(line)
            self.write(Text(line))
        del self.history[:-MAX_LINES]

    def restart(self, lines: Iterable[str]) -> None:
        """Start the log again with ``lines`` (after a take-back, say)."""
        self.history.clear()
        self.clear()
        self.add(lines)

    def on_resize(self, event: Resize) -> None:
        """Keep the newest line in view when the log's height changes after lines were written."""
        if self.auto_scroll:
            # RichLog's own handler (run after this one) writes the lines held back until now.
            self.call_next(self.scroll_end, animate=False, immediate=True, x_axis=False)
