"""One seat's hand: its tiles in a row (wrapping when long), each numbered for the keyboard.

Playable tiles are framed (``[3|5]``) and bold; the others are dimmed and unframed
(`` 3|5 ``), so the difference never rests on colour alone. The selected tile is reversed
and its number marked (``▸2``). Tiles just drawn ("fresh") are tinted and labelled "new" beside
their number. A hidden hand holds no tile: it shows only backs, as many as it is told, or a
banner in their place (the hand-off: "Pass to Bea, then press Enter"), wrapped onto as many
rows as it needs. Clicking a tile posts
:class:`HandView.TileClicked`. Hands come in the order :func:`chickenfoot.text.words.sorted_hand`
gives.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.content import Content
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive, var
from textual.widget import Widget

from chickenfoot.lang import _
from chickenfoot.play.shown import HandShown, SeatsShown
from chickenfoot.rules import Tile
from chickenfoot.text.words import fit_line
from chickenfoot.tui.widgets.seats import seats_in_a_row

PLAYABLE_STYLE = "bold $text-success"
UNPLAYABLE_STYLE = "$text-muted"
SELECTED_STYLE = "bold reverse $accent"
BACK_STYLE = "$text-muted"
NUMBER_STYLE = "$text-muted"
SELECTED_LABEL_STYLE = "bold $text-accent"
BANNER_STYLE = "bold $text-accent"
FRESH_LABEL_STYLE = "bold $text-warning"
FRESH_FACE_STYLE = "on $warning-muted"
GAP = 1


def fresh_label(number: str) -> str:
    """The label over a tile just drawn: its number and the word for "new"."""
    # Translators: over a tile just drawn: its number ({number}) and "new" (a tile: ficha, אבן).
    return _("{number} new").format(number=number)


class HandView(Widget):
    """The tiles of one hand, or their backs when the hand is hidden."""

    DEFAULT_CSS = """
    HandView {
        height: auto;
        padding: 0 1;
    }
    """

    @dataclass
    class TileClicked(Message):
        """The tile at ``index`` in the hand was clicked."""

        index: int

    shown: reactive[HandShown] = reactive(HandShown, repaint=False)
    """The tiles and their marks (set it, or bind it with ``data_bind``)."""

    def watch_shown(self, old: HandShown, new: HandShown) -> None:
        """Redraw; marking tiles never changes the layout, other tiles, hiding them or "new"
        labels may."""
        new_rows = (new.tiles, new.hidden, new.backs, new.fresh) != (
            old.tiles,
            old.hidden,
            old.backs,
            old.fresh,
        )
        self.refresh(layout=new_rows)

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The tiles shown (none while hidden: only their backs)."""
        return self.shown.tiles

    @property
    def count(self) -> int:
        """How many tiles (or backs) are shown."""
        return self.shown.backs if self.shown.hidden else len(self.shown.tiles)

    @property
    def visible_tiles(self) -> tuple[Tile, ...]:
        """The tiles a person looking at the screen can read: none while hidden."""
        return () if self.shown.hidden else self.shown.tiles

    def _face(self, index: int, tile: Tile) -> Content:
        """The face of the tile at ``index``: framed when playable, reversed when selected."""
        shown = self.shown
        playable = index in shown.playable
        text = f"[{tile.low}|{tile.high}]" if playable else f" {tile.low}|{tile.high} "
        if index == shown.selected:
            style = SELECTED_STYLE
        elif playable:
            style = PLAYABLE_STYLE
        else:
            style = UNPLAYABLE_STYLE
        if index in shown.fresh and index != shown.selected:
            style = f"{style} {FRESH_FACE_STYLE}"
        return Content.styled(text, style)

    def _cells(self) -> list[tuple[Content, Content]]:
        """Each tile as (number label, tile face), both of the same width."""
        if self.shown.hidden:
            face = Content.styled("[▒|▒]", BACK_STYLE)
            return [(Content(" " * face.cell_length), face)] * self.shown.backs
        cells = []
        for index, tile in enumerate(self.tiles):
            action = f"@click=tile_clicked({index})"
            face = self._face(index, tile).stylize(action)
            cells.append((self._label(index, face.cell_length).stylize(action), face))
        return cells

    def _label(self, index: int, width: int) -> Content:
        """The label above the tile at ``index``: its number (its key), marked when selected,
        and "new" if just drawn."""
        number = f"▸{index + 1}" if index == self.shown.selected else str(index + 1)
        if index not in self.shown.fresh:
            style = SELECTED_LABEL_STYLE if index == self.shown.selected else NUMBER_STYLE
            return Content.styled(number.center(width), style)
        return Content.styled(fresh_label(number).center(width), FRESH_LABEL_STYLE)

    def _groups(self, width: int) -> list[list[int]]:
        """Tile indexes per wrapped row, each row at most ``width`` cells wide."""
        width = max(width, 8)
        groups: list[list[int]] = [[]]
        used = 0
        for index in range(self.count):
            cell = 5 if self.shown.hidden else len("[{}|{}]".format(*self.tiles[index]))
            fresh = index in self.shown.fresh
            cell = max(cell, len(fresh_label(f"▸{index + 1}")) if fresh else cell)
            if used and used + GAP + cell > width:
                groups.append([])
                used = 0
            used += (GAP if used else 0) + cell
            groups[-1].append(index)
        return groups

    def _has_numbers(self, group: list[int]) -> bool:
        """True if a wrapped row carries a row of numbers above it (every shown hand does)."""
        return not self.shown.hidden and bool(group)

    def _rows(self, width: int) -> list[Content]:
        """The rows of tiles (each under its row of numbers), wrapped to ``width``; or the
        banner of a hidden hand."""
        if self.shown.banner:
            banner = Content.styled(self.shown.banner, BANNER_STYLE)
            lines = banner.wrap(max(width, 1))
            return [Content(""), *(line.center(width) for line in lines)]
        if not self.count:
            return [Content.styled(_("(no tiles)"), UNPLAYABLE_STYLE)]
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


class HandBox(VerticalScroll):
    """The hand's frame on the game screen: the hand (:class:`HandView`) titled, scrolled to
    keep its selected tile in view, and, while the side panels are folded away, the seats in a
    row along its bottom edge (bind ``shown``, ``seats`` and ``folded``; set ``names``, the
    seats' names its title may name)."""

    shown: var[HandShown] = var(HandShown)
    seats: var[SeatsShown] = var(SeatsShown)
    folded: var[bool] = var(False)

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, can_focus=False)
        self.names: tuple[str, ...] = ()

    def compose(self) -> ComposeResult:
        """The hand."""
        yield HandView(id="hand").data_bind(shown=HandBox.shown)

    @property
    def room(self) -> int:
        """The cells a line on the frame may take: the screen's width but the frame's
        corners and a cell of margin each side."""
        return self.screen.size.width - 6

    def watch_shown(self, shown: HandShown) -> None:
        """Title the frame and keep the selected tile in view."""
        self.border_title = Content(fit_line(shown.title, self.room, self.names))
        if shown.selected is not None and not shown.hidden:
            row = self.query_one(HandView).row_of(shown.selected)
            self.scroll_to_region(Region(0, row, 1, 2), animate=False)

    def watch_seats(self) -> None:
        """Keep the seats on the frame up to date while the side panels are folded away."""
        self.border_subtitle = seats_in_a_row(self.seats, self.room) if self.folded else ""

    def watch_folded(self) -> None:
        """The side panels folded away (the seats come onto the frame) or came back."""
        self.watch_seats()
