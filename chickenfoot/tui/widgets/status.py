"""The status line: what the turn needs now, and under it the latest news (why the last key
did nothing, a chicken foot, a notice of the app) where a notice would cover the hand."""

from __future__ import annotations

from textual.content import Content
from textual.reactive import reactive
from textual.widget import Widget

from chickenfoot.play.shown import StatusShown
from chickenfoot.text.words import fit_line

TONES = ("info", "warning", "success", "error")
NEWS_STYLE = "italic"


class StatusLine(Widget):
    """A message of at most two lines; its tone (info, warning, success, error) sets the colour
    through the classes ``-info``, ``-warning``, ...

    The height is fixed, so a new message redraws the line without a new layout. A row too long
    for the screen is fitted (:func:`~chickenfoot.text.words.fit_line`): the long names in it
    shortened first, then cut after a whole word, an ellipsis in place of the rest (messages
    put what to do first), so a tile or a key is never cut. The message is shown literally,
    never as markup.
    """

    DEFAULT_CSS = """
    StatusLine {
        height: 2;
        padding: 0 1;
        text-wrap: nowrap;
    }
    """

    shown: reactive[StatusShown] = reactive(StatusShown)
    """The message and its tone (set it, or bind it with ``data_bind``)."""
    names: reactive[tuple[str, ...]] = reactive(tuple)
    """The seats' names, which a row too long for the line shows shortened."""

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
        """The message on the first row, and the latest news (muted) on the second, each
        fitted to the line's width."""
        width = self.content_region.width or 78
        text = fit_line(self.shown.text, width, self.names)
        if not self.shown.news:
            return Content(text)
        news = fit_line(self.shown.news, width, self.names)
        return Content.assemble(text, "\n", (news, NEWS_STYLE))
