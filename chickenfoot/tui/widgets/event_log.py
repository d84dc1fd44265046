"""Logs of lines that wrap at their own width: the game's log of recent public events, newest
at the bottom, and the whole-log dialogs.

Textual's :class:`~textual.widgets.RichLog` wraps a line once, when it is written, at the
width it has then (and at its ``min_width`` while it has none: hidden, or not laid out yet),
and keeps it so. :class:`WrappedLog` keeps the lines it was given and lays them out again
whenever its width changes, so a log that was folded away (the game's side panels on a short
screen) or resized wraps at its whole width as soon as it shows again, and lines written while
it was hidden are laid out only when it has a width.

:class:`EventLog` is the game's and the replay's log: its screen gives it the lines to add
(:meth:`EventLog.add`), or to start again with (:meth:`EventLog.restart`), or the whole list
to follow (:meth:`EventLog.follow`): the words come from the seat client, never from the
widget. Lines are written literally (names are never read as markup); old lines drop off the
top. The newest line stays in view when the log is resized (e.g. the panel above it grows).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich.text import Text
from textual.events import Resize
from textual.widgets import RichLog

MAX_LINES = 200


class WrappedLog(RichLog):
    """A log of plain lines, each wrapped at the log's width now (laid out again when the
    width changes; not laid out while the log has none)."""

    DEFAULT_CSS = """
    WrappedLog {
        scrollbar-gutter: stable;
    }
    """

    def __init__(
        self,
        lines: Iterable[str] = (),
        *,
        max_lines: int | None = None,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(
            max_lines=max_lines,
            min_width=1,
            wrap=True,
            markup=False,
            highlight=False,
            name=name,
            id=id,
            classes=classes,
        )
        self.history: list[str] = list(lines)
        """Every line given (the newest ``max_lines``), as given."""
        self.laid_width = 0
        """The width the lines shown were wrapped at (0: not laid out yet)."""

    @property
    def room(self) -> int:
        """The width the lines wrap at now (0 while the log has none)."""
        return self.scrollable_content_region.width

    def add(self, lines: Iterable[str]) -> None:
        """Append ``lines`` (plain text) to the log and scroll to the newest."""
        new = list(lines)
        self.history.extend(new)
        if self.max_lines is not None:
            del self.history[: -self.max_lines]
        if self.laid_width and self.laid_width == self.room:
            for line in new:
                self.write(Text(line))
        else:
            self.lay_out()

    def restart(self, lines: Iterable[str]) -> None:
        """Start the log again with ``lines`` (after a take-back, say)."""
        self.history.clear()
        self.add(lines)

    def lay_out(self) -> None:
        """Wrap every line at the width the log has now (nothing while it has none)."""
        self.clear()
        self.laid_width = self.room
        if self.laid_width:
            for line in self.history:
                self.write(Text(line))

    def on_resize(self, event: Resize) -> None:
        """A new width: wrap the lines again (and keep the newest in view)."""
        if self.room != self.laid_width:
            self.call_next(self._lay_out_again)

    def _lay_out_again(self) -> None:
        if self.room != self.laid_width:
            self.lay_out()
            if self.auto_scroll:
                self.scroll_end(animate=False, immediate=True, x_axis=False)


class EventLog(WrappedLog):
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
        super().__init__(max_lines=MAX_LINES, name=name, id=id, classes=classes)
        self.can_focus = False
        self._followed = (0, 0)

    def follow(self, lines: Sequence[str], restarts: int) -> None:
        """Show ``lines``, the whole log as its source has it now, which started again
        ``restarts`` times (a take-back): write the new lines, or all of them after a
        restart."""
        shown_restarts, written = self._followed
        if restarts != shown_restarts:
            self.restart(lines)
        elif len(lines) > written:
            self.add(lines[written:])
        self._followed = (restarts, len(lines))

    def scroll_pages(self, step: int) -> None:
        """Scroll a page down (``step`` above 0) or up."""
        if step > 0:
            self.scroll_page_down(animate=False)
        else:
            self.scroll_page_up(animate=False)

    def on_resize(self, event: Resize) -> None:
        """Keep the newest line in view when the log's height changes after lines were
        written (:class:`WrappedLog`'s own handler, run next, wraps them again when its width
        changes)."""
        if self.auto_scroll:
            self.call_next(self.scroll_end, animate=False, immediate=True, x_axis=False)
