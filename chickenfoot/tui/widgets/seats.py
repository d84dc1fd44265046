"""Every seat at the table: name, tiles in hand, total score, and whose turn it is.

Names are shown literally (never as markup). Computer seats carry a small "cpu" tag. With
more than four seats on a short terminal the panel is compact: two seats per row, names
cut to fit, computer names in italics instead of the tag, so the log below keeps its room.
"""

from __future__ import annotations

from textual.content import Content
from textual.geometry import Size
from textual.reactive import reactive
from textual.widget import Widget

from chickenfoot.lang import _, pgettext
from chickenfoot.play.shown import SeatsShown
from chickenfoot.text.words import fitted

TURN_STYLE = "bold $accent"
HEADER_STYLE = "$text-muted"
CPU_STYLE = "$text-muted"
CPU_NAME_STYLE = "italic"
NUMBERS_WIDTH = 10
COMPACT_SEATS = 4
"""More seats than this may share rows (see :attr:`SeatsPanel.compact`)."""
COMPACT_HEIGHT = 32
"""Terminals shorter than this get the compact panel when there are many seats."""
COMPACT_NUMBERS_WIDTH = 7
"""Tiles (3 cells) and points (4 cells) of one seat in the compact panel."""


def headings() -> tuple[str, str, str]:
    """The panel's column headings in the language in use: the seat, the tiles in hand and
    the points (the last two at most four letters: their columns are five cells wide)."""
    return (
        pgettext("column of the seats panel", "seat"),
        # Translators: how many tiles each seat holds in hand; at most 4 letters.
        pgettext("column of the seats panel", "tiles"),
        # Translators: each seat's total points; at most 3 letters.
        pgettext("column of the seats panel", "pts"),
    )


def computer_tag() -> str:
    """The small tag after a computer seat's name, in the language in use."""
    # Translators: the tag after a computer player's name in the seats panel: 3 or 4 letters.
    return _("cpu")


class SeatsPanel(Widget):
    """A small table of the seats: turn marker, name, tiles in hand and total points."""

    DEFAULT_CSS = """
    SeatsPanel {
        height: auto;
        padding: 0;
    }
    """

    shown: reactive[SeatsShown] = reactive(SeatsShown, repaint=False)
    """The seats to show (set it, or bind it with ``data_bind``)."""

    def watch_shown(self, old: SeatsShown, new: SeatsShown) -> None:
        """Redraw; only a change in the number of seats changes the height."""
        self.refresh(layout=len(new.names) != len(old.names))

    @property
    def compact(self) -> bool:
        """True when the seats share rows two by two: many seats on a short terminal."""
        return len(self.shown.names) > COMPACT_SEATS and self.app.size.height < COMPACT_HEIGHT

    def _numbers(self, seat: int) -> tuple[int, int]:
        count = self.shown.counts[seat] if seat < len(self.shown.counts) else 0
        total = self.shown.totals[seat] if seat < len(self.shown.totals) else 0
        return count, total

    def _full_rows(self, width: int) -> list[Content]:
        """One header row and one row per seat, a cell of margin on each side."""
        width = max(width - 2, NUMBERS_WIDTH + 6)
        name_width = width - NUMBERS_WIDTH - 2
        seat_word, tiles_word, points_word = headings()
        header = f"   {seat_word:<{name_width}}{tiles_word:>5}{points_word:>5}"
        rows = [Content.styled(header, HEADER_STYLE)]
        cpu = " " + computer_tag()
        for seat, name in enumerate(self.shown.names):
            on_turn = seat == self.shown.turn
            tag = cpu if seat in self.shown.computers else ""
            label = Content(fitted(name, name_width - len(tag))) + Content.styled(tag, CPU_STYLE)
            label = label.pad_right(max(0, name_width - label.cell_length))
            count, total = self._numbers(seat)
            row = Content.assemble(" ▶ " if on_turn else "   ", label, f"{count:>5}{total:>5}")
            rows.append(row.stylize(TURN_STYLE) if on_turn else row)
        return rows

    def _compact_rows(self, width: int) -> list[Content]:
        """A header row, then two seats per row: marker, name, tiles (#) and points."""
        cell_width = max(width // 2, COMPACT_NUMBERS_WIDTH + 4)
        name_width = cell_width - COMPACT_NUMBERS_WIDTH - 1
        seat_word, _tiles_word, points_word = headings()
        numbers = f"{'#':>3}{points_word:>4}"  # a longer word for points takes the name's room
        seat_room = max(
            1, name_width - max(0, Content(numbers).cell_length - COMPACT_NUMBERS_WIDTH)
        )
        header_cell = f" {fitted(seat_word, seat_room):<{seat_room}}{numbers}"
        rows = [Content.styled(header_cell + header_cell, HEADER_STYLE)]
        cells = []
        for seat, name in enumerate(self.shown.names):
            on_turn = seat == self.shown.turn
            shown = fitted(name, name_width)
            label = (
                Content.styled(shown, CPU_NAME_STYLE)
                if seat in self.shown.computers
                else Content(shown)
            )
            count, total = self._numbers(seat)
            cell = Content.assemble(
                "▶" if on_turn else " ",
                label.pad_right(max(0, name_width - label.cell_length)),
                f"{count:>3}{total:>4}",
            )
            cells.append(cell.stylize(TURN_STYLE) if on_turn else cell)
        for first in range(0, len(cells), 2):
            rows.append(Content("").join(cells[first : first + 2]))
        return rows

    def _rows(self, width: int) -> list[Content]:
        return self._compact_rows(width) if self.compact else self._full_rows(width)

    def render(self) -> Content:
        """The header row and the seats' rows."""
        return Content("\n").join(self._rows(self.content_region.width or 30))

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """A header row plus one row per seat (per two seats when compact)."""
        seats = len(self.shown.names)
        return 1 + ((seats + 1) // 2 if self.compact else seats)


def seats_in_a_row(shown: SeatsShown, width: int) -> Content:
    """Every seat on one row of at most ``width`` cells, for a frame's edge when the panel is
    folded away: the turn marker, the name (cut to fit; a computer's in italics) and the
    tiles in hand (``▶Ana 10  Bea 11  Cy 9``). Names are shown literally."""
    names = shown.names
    if not names:
        return Content("")
    counts = [shown.counts[seat] if seat < len(shown.counts) else 0 for seat in range(len(names))]
    fixed = sum(2 + len(str(count)) for count in counts) + len(names) - 1
    name_width = max(2, min(max(map(len, names)), (width - fixed) // len(names)))
    cells = []
    for seat, (name, count) in enumerate(zip(names, counts, strict=True)):
        label = Content(fitted(name, name_width))
        if seat in shown.computers:
            label = label.stylize(CPU_NAME_STYLE)
        cell = Content.assemble("▶" if seat == shown.turn else " ", label, f" {count}")
        cells.append(cell.stylize(TURN_STYLE) if seat == shown.turn else cell)
    return Content(" ").join(cells)
