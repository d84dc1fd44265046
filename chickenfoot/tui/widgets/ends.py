"""The open-ends strip: every open end with its key and the number a tile needs there.

However big the table and wherever the view is panned, this strip lists every end a tile may
go on now, in board order: ``b B·3`` is the end of arm B, needing a 3, chosen with ``b``. The
ends the selected tile fits carry a ``+`` and the chosen end is framed (``»b B·3«``), so
nothing rests on colour alone. A click on an entry posts :class:`EndClicked`.
"""

from __future__ import annotations

from textual.content import Content
from textual.geometry import Size
from textual.reactive import reactive
from textual.widget import Widget

from chickenfoot.play.shown import BoardShown
from chickenfoot.tui.messages import EndClicked

HEADING_STYLE = "$text-muted"
END_STYLE = ""
LEGAL_STYLE = "bold $text-success"
CHOSEN_STYLE = "bold reverse $accent"


class EndsStrip(Widget):
    """One or more rows listing the open ends (set :attr:`shown`, or bind it)."""

    DEFAULT_CSS = """
    EndsStrip {
        height: auto;
        max-height: 3;
        padding: 0 1;
    }
    """

    shown: reactive[BoardShown | None] = reactive(None)
    """The board and its marks (the keys, the legal ends, the chosen end)."""

    def __init__(
        self, *, name: str | None = None, id: str | None = None, classes: str | None = None
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._wrapped: tuple[BoardShown | None, int, list[Content]] | None = None
        self._laid_rows = 0
        """How many rows the screen's layout last gave the strip."""

    def watch_shown(self) -> None:
        """Lay the screen out again only when the strip needs another number of rows (a new
        mark on the same ends only repaints it)."""
        width = self.content_region.width
        if not width or len(self._rows(width)) != self._laid_rows:
            self.refresh(layout=True)

    def entries(self) -> list[Content]:
        """Each open end as it is listed."""
        shown = self.shown
        if shown is None:
            return []
        found = []
        for target, value in shown.board.open_ends:
            key = shown.labels.get(target, "?")
            text = f"{key} {target}·{value}"
            if target == shown.chosen:
                entry = Content.styled(f"»{text}«", CHOSEN_STYLE)
            elif target in shown.legal:
                entry = Content.styled(f"+{text} ", LEGAL_STYLE)
            else:
                entry = Content.styled(f" {text} ", END_STYLE)
            found.append(entry.stylize(f"@click=end_clicked({target!r})"))
        return found

    def _rows(self, width: int) -> list[Content]:
        """The wrapped rows, worked out once per board shown and width (the layout asks for
        the height, then the render for the rows)."""
        wrapped = self._wrapped
        if wrapped is not None and wrapped[0] is self.shown and wrapped[1] == width:
            return wrapped[2]
        rows = self._wrap(width)
        self._wrapped = (self.shown, width, rows)
        return rows

    def _wrap(self, width: int) -> list[Content]:
        heading = Content.styled("Ends:", HEADING_STYLE)
        rows: list[Content] = []
        current = heading
        for entry in self.entries():
            if current.cell_length + 1 + entry.cell_length > width and current is not heading:
                rows.append(current)
                current = Content("     ")
            current = current + Content(" ") + entry
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
