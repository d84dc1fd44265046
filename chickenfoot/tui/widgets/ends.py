"""The open-ends strip: every open end with its key and the number a tile needs there.

However big the table and wherever the view is panned, this strip lists the ends a tile may
go on: ``b B·3`` is the end of arm B, needing a 3, chosen with ``b``. The ends the selected
tile fits come first and carry a ``+``, the chosen end is framed (``»b B·3«``), so nothing
rests on colour alone; then every other end, line by line in the table's order (see
:mod:`chickenfoot.text.ends`). When they do not all fit its rows, the strip ends with
"+N more (/ lists all)": it never drops an end without saying so. A click on an entry posts
:class:`EndClicked`.
"""

from __future__ import annotations

from textual.content import Content
from textual.geometry import Size
from textual.reactive import reactive
from textual.widget import Widget

from chickenfoot.lang import _
from chickenfoot.play.shown import BoardShown
from chickenfoot.text.ends import ends_in_order, more_text, pack
from chickenfoot.tui.messages import EndClicked

HEADING_STYLE = "$text-muted"
END_STYLE = ""
LEGAL_STYLE = "bold $text-success"
CHOSEN_STYLE = "bold reverse $accent"
MAX_ROWS = 3
"""The most rows the strip takes on a tall screen; ends beyond them are counted in "+N more"."""
SHORT_SCREEN = 30
"""On a screen shorter than this (80x24), the strip takes one row: every row it took would be
a row less of the table."""


class EndsStrip(Widget):
    """One or more rows listing the open ends (set :attr:`shown`, or bind it)."""

    DEFAULT_CSS = """
    EndsStrip {
        height: auto;
        max-height: 3;  /* MAX_ROWS: the most rows on any screen */
        padding: 0 1;
    }
    """

    shown: reactive[BoardShown | None] = reactive(None)
    """The board and its marks (the keys, the legal ends, the chosen end)."""

    def __init__(
        self, *, name: str | None = None, id: str | None = None, classes: str | None = None
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._wrapped: tuple[BoardShown | None, tuple[int, int], list[Content]] | None = None
        self._laid_rows = 0
        """How many rows the screen's layout last gave the strip."""

    def watch_shown(self) -> None:
        """Lay the screen out again only when the strip needs another number of rows (a new
        mark on the same ends only repaints it)."""
        width = self.content_region.width
        if not width or len(self._rows(width)) != self._laid_rows:
            self.refresh(layout=True)

    def entries(self) -> list[Content]:
        """Each open end as it is listed: the ends the selected tile fits first, then the
        others in the table's order."""
        shown = self.shown
        if shown is None:
            return []
        found = []
        for entry in ends_in_order(shown.board.open_ends, shown.labels, shown.legal, shown.chosen):
            if entry.chosen:
                content = Content.styled(f"»{entry.text}«", CHOSEN_STYLE)
            elif entry.fits:
                content = Content.styled(f"+{entry.text} ", LEGAL_STYLE)
            else:
                content = Content.styled(f" {entry.text} ", END_STYLE)
            found.append(content.stylize(f"@click=end_clicked({entry.target!r})"))
        return found

    def _rows(self, width: int) -> list[Content]:
        """The wrapped rows, worked out once per board shown, width and most rows (the layout
        asks for the height, then the render for the rows)."""
        wrapped, size = self._wrapped, (width, self.max_rows)
        if wrapped is not None and wrapped[0] is self.shown and wrapped[1] == size:
            return wrapped[2]
        rows = self._wrap(width)
        self._wrapped = (self.shown, size, rows)
        return rows

    @property
    def max_rows(self) -> int:
        """The most rows the strip takes: one on a short screen, else :data:`MAX_ROWS`."""
        return 1 if self.screen.size.height < SHORT_SCREEN else MAX_ROWS

    def _wrap(self, width: int) -> list[Content]:
        # Translators: the heading of the strip of open ends under the table.
        heading = Content.styled(_("Ends:"), HEADING_STYLE)
        entries = self.entries()
        lengths = [entry.cell_length for entry in entries]
        shown = pack(lengths, width, self.max_rows, heading.cell_length)
        rows: list[Content] = []
        current = heading
        for entry in entries[:shown]:
            if current.cell_length + 1 + entry.cell_length > width and current is not heading:
                rows.append(current)
                current = Content(" " * heading.cell_length)
            current = current + Content(" ") + entry
        if shown < len(entries):
            more = Content.styled(more_text(len(entries) - shown), HEADING_STYLE)
            if current.cell_length + 1 + more.cell_length > width:
                rows.append(current)
                current = Content(" " * heading.cell_length)
            current = current + Content(" ") + more
        rows.append(current)
        return rows

    def render(self) -> Content:
        """The heading and the entries, wrapped to the width."""
        return Content("\n").join(self._rows(self.content_region.width or 78))

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """As many rows as the entries need."""
        self._laid_rows = len(self._rows(width))
        return self._laid_rows

    def action_end_clicked(self, target: str) -> None:
        """Report a click on an entry."""
        self.post_message(EndClicked(target))
