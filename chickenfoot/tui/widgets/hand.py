"""One seat's hand: its tiles in a row (wrapping when long), numbered 1-9 for the keyboard.

Playable tiles stand out, the others are dimmed, and the selected tile is reversed. Tiles
just drawn ("fresh") are tinted and labelled "new" beside their number. A hidden hand
shows only the backs of its tiles. Clicking a tile posts :class:`HandView.TileClicked`.
Hands come in the order :func:`chickenfoot.text.words.sorted_hand` gives.
"""

from __future__ import annotations

from textual.content import Content
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from chickenfoot.play.table import DIGIT_KEYS, HandShown
from chickenfoot.rules import Tile

PLAYABLE_STYLE = "bold $text-success"
UNPLAYABLE_STYLE = "$text-muted"
SELECTED_STYLE = "bold reverse $accent"
BACK_STYLE = "$text-muted"
NUMBER_STYLE = "$text-muted"
FRESH_LABEL_STYLE = "bold $text-warning"
FRESH_FACE_STYLE = "on $warning-muted"
GAP = 1


class HandView(Widget):
    """The tiles of one hand, or their backs when the hand is hidden."""

    DEFAULT_CSS = """
    HandView {
        height: auto;
        padding: 0 1;
    }
    """

    class TileClicked(Message):
        """The tile at ``index`` in the hand was clicked."""

        def __init__(self, index: int) -> None:
            self.index = index
            super().__init__()

    shown: reactive[HandShown] = reactive(HandShown, repaint=False)
    """The tiles and their marks (set it, or bind it with ``data_bind``)."""

    def watch_shown(self, old: HandShown, new: HandShown) -> None:
        """Redraw; marking tiles never changes the layout, other tiles, hiding them or "new"
        labels may."""
        new_rows = (new.tiles, new.hidden, new.fresh) != (old.tiles, old.hidden, old.fresh)
        self.refresh(layout=new_rows)

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The tiles shown (their backs while hidden)."""
        return self.shown.tiles

    @property
    def visible_tiles(self) -> tuple[Tile, ...]:
        """The tiles a person looking at the screen can read: none while hidden."""
        return () if self.shown.hidden else self.shown.tiles

    def _cells(self) -> list[tuple[Content, Content]]:
        """Each tile as (number label, tile face), both of the same width."""
        cells = []
        for index, tile in enumerate(self.tiles):
            if self.shown.hidden:
                face = Content.styled("[▒|▒]", BACK_STYLE)
                number = Content(" " * face.cell_length)
            else:
                text = f"[{tile.low}|{tile.high}]"
                if index == self.shown.selected:
                    style = SELECTED_STYLE
                elif index in self.shown.playable:
                    style = PLAYABLE_STYLE
                else:
                    style = UNPLAYABLE_STYLE
                if index in self.shown.fresh and index != self.shown.selected:
                    style = f"{style} {FRESH_FACE_STYLE}"
                action = f"@click=tile_clicked({index})"
                face = Content.styled(text, style).stylize(action)
                number = self._label(index, len(text)).stylize(action)
            cells.append((number, face))
        return cells

    def _label(self, index: int, width: int) -> Content:
        """The label above the tile at ``index``: its digit key (1-9), and "new" if just drawn."""
        digit = str(index + 1) if index < DIGIT_KEYS else ""
        if index not in self.shown.fresh:
            return Content.styled(digit.center(width), NUMBER_STYLE)
        label = f"{digit} new" if digit else "new"
        return Content.styled(label.center(width), FRESH_LABEL_STYLE)

    def _groups(self, width: int) -> list[list[int]]:
        """Tile indexes per wrapped row, each row at most ``width`` cells wide."""
        width = max(width, 8)
        groups: list[list[int]] = [[]]
        used = 0
        for index, tile in enumerate(self.tiles):
            cell = 5 if self.shown.hidden else len(f"[{tile.low}|{tile.high}]")
            if used and used + GAP + cell > width:
                groups.append([])
                used = 0
            used += (GAP if used else 0) + cell
            groups[-1].append(index)
        return groups

    def _has_numbers(self, group: list[int]) -> bool:
        """True if a wrapped row carries labels: digits (only the first nine tiles have keys)
        or "new" marks."""
        if self.shown.hidden or not group:
            return False
        return group[0] < DIGIT_KEYS or any(index in self.shown.fresh for index in group)

    def _rows(self, width: int) -> list[Content]:
        """The rows of tiles (each under its row of digit labels, if any), wrapped to ``width``."""
        if not self.tiles:
            return [Content.styled("(no tiles)", UNPLAYABLE_STYLE)]
        cells = self._cells()
        gap = Content(" " * GAP)
        rows: list[Content] = []
        for group in self._groups(width):
            if self._has_numbers(group):
                rows.append(gap.join(cells[index][0] for index in group))
            rows.append(gap.join(cells[index][1] for index in group))
        return rows

    def row_of(self, index: int) -> int:
        """The first content row of the tile at ``index`` (its label row, if it has one)."""
        row = 0
        for group in self._groups(self.content_region.width or 78):
            if index in group:
                return row
            row += 2 if self._has_numbers(group) else 1
        return row

    def render(self) -> Content:
        """The hand as rows of numbers and tiles."""
        return Content("\n").join(self._rows(self.content_region.width or 78))

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """One row of tiles per wrapped group, plus a row of digit labels where it has keys."""
        return len(self._rows(width))

    def action_tile_clicked(self, index: int) -> None:
        """Report a click on the tile at ``index``."""
        self.post_message(self.TileClicked(index))
