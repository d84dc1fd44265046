"""Every seat at the table: name, tiles in hand, total score, and whose turn it is.

Names are shown literally (never as markup). Computer seats carry a small "cpu" tag.
"""

from __future__ import annotations

from typing import Sequence

from textual.content import Content
from textual.geometry import Size
from textual.widget import Widget

TURN_STYLE = "bold $accent"
HEADER_STYLE = "$text-muted"
CPU_STYLE = "$text-muted"
NUMBERS_WIDTH = 10


class SeatsPanel(Widget):
    """A small table of the seats: turn marker, name, tiles in hand and total points."""

    DEFAULT_CSS = """
    SeatsPanel {
        height: auto;
        padding: 0 1;
    }
    """

    def __init__(self, *, name: str | None = None, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.names: tuple[str, ...] = ()
        self.counts: tuple[int, ...] = ()
        self.totals: tuple[int, ...] = ()
        self.turn: int | None = None
        self.computers: frozenset[int] = frozenset()

    def show(
        self,
        names: Sequence[str],
        counts: Sequence[int],
        totals: Sequence[int],
        turn: int | None,
        *,
        computers: Sequence[int] = (),
    ) -> None:
        """Show the seats; ``turn`` is marked (None: nobody), ``computers`` get a tag."""
        new = (tuple(names), tuple(counts), tuple(totals), turn, frozenset(computers))
        if new == (self.names, self.counts, self.totals, self.turn, self.computers):
            return
        new_rows = len(new[0]) != len(self.names)
        self.names, self.counts, self.totals, self.turn, self.computers = new
        self.refresh(layout=new_rows)

    def render(self) -> Content:
        """One header row and one row per seat."""
        width = max(self.content_region.width or 30, NUMBERS_WIDTH + 6)
        name_width = width - NUMBERS_WIDTH - 2
        rows = [Content.styled(f"  {'seat':<{name_width}}{'tiles':>5}{'pts':>5}", HEADER_STYLE)]
        for seat, name in enumerate(self.names):
            on_turn = seat == self.turn
            tag = " cpu" if seat in self.computers else ""
            shown = name if len(name) + len(tag) <= name_width else name[: name_width - len(tag) - 1] + "…"
            label = Content(shown) + Content.styled(tag, CPU_STYLE)
            label = label.pad_right(max(0, name_width - label.cell_length))
            count = self.counts[seat] if seat < len(self.counts) else 0
            total = self.totals[seat] if seat < len(self.totals) else 0
            row = Content.assemble("▶ " if on_turn else "  ", label, f"{count:>5}{total:>5}")
            rows.append(row.stylize(TURN_STYLE) if on_turn else row)
        return Content("\n").join(rows)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """A header row plus one row per seat."""
        return 1 + len(self.names)
