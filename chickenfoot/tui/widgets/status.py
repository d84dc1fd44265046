"""The status line: what is required of the player right now, in up to two short lines."""

from __future__ import annotations

from textual.content import Content
from textual.widget import Widget

TONES = ("info", "warning", "success", "error")


class StatusLine(Widget):
    """A message of at most two lines; its tone (info, warning, success, error) sets the colour.

    The height is fixed, so a new message redraws the line without a new layout.
    """

    DEFAULT_CSS = """
    StatusLine {
        height: 2;
        padding: 0 1;
    }
    """

    def __init__(
        self, *, name: str | None = None, id: str | None = None, classes: str | None = None
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.message = ""
        self.tone = ""
        self._content = Content("")

    def show(self, message: str | Content, *, tone: str = "info") -> None:
        """Show ``message`` (plain text is shown literally) with ``tone``."""
        if tone not in TONES:
            raise ValueError(f"unknown tone {tone!r}: use one of {', '.join(TONES)}")
        text = message.plain if isinstance(message, Content) else message
        if (text, tone) == (self.message, self.tone):
            return
        if tone != self.tone:
            for other in TONES:
                self.set_class(other == tone, f"-{other}")
        self.message, self.tone = text, tone
        self._content = message if isinstance(message, Content) else Content(message)
        self.refresh()

    def render(self) -> Content:
        """The message, wrapped to the width of the line."""
        return self._content
