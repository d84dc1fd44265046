"""The status line: what is required of the player right now, in up to two short lines."""

from __future__ import annotations

from textual.content import Content
from textual.reactive import reactive
from textual.widget import Widget

from chickenfoot.play.table import StatusShown

TONES = ("info", "warning", "success", "error")


class StatusLine(Widget):
    """A message of at most two lines; its tone (info, warning, success, error) sets the colour
    through the classes ``-info``, ``-warning``, ...

    The height is fixed, so a new message redraws the line without a new layout. The message
    is shown literally, never as markup.
    """

    DEFAULT_CSS = """
    StatusLine {
        height: 2;
        padding: 0 1;
    }
    """

    shown: reactive[StatusShown] = reactive(StatusShown)
    """The message and its tone (set it, or bind it with ``data_bind``)."""

    def validate_shown(self, shown: StatusShown) -> StatusShown:
        """Refuse a tone the line has no colour for."""
        if shown.tone not in TONES:
            raise ValueError(f"unknown tone {shown.tone!r}: use one of {', '.join(TONES)}")
        return shown

    def watch_shown(self, shown: StatusShown) -> None:
        """Colour the line by the message's tone."""
        for tone in TONES:
            self.set_class(tone == shown.tone, f"-{tone}")

    @property
    def message(self) -> str:
        """The text shown."""
        return self.shown.text

    def render(self) -> Content:
        """The message, wrapped to the width of the line."""
        return Content(self.shown.text)
