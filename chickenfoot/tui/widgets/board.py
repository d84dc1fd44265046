"""The board: the centre double and every arm and foot as a tree, one row per line.

Each row is indented by its depth (a toe sits under the foot that owns it) and shows its
tiles the way they lie, inner number first: ``A [9|3][3|5][5|5]``. The open foot is
highlighted with the toes still to come; each open end carries a key label given by the
caller; the ends the selected tile fits are marked, and the end chosen for it stands out.
Clicking a row with an open end posts :class:`EndClicked`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from textual.content import Content
from textual.geometry import Size
from textual.reactive import reactive

from chickenfoot.lang import _, ngettext
from chickenfoot.play.shown import BoardShown
from chickenfoot.rules import Line
from chickenfoot.rules.board import TOES_PER_FOOT
from chickenfoot.text.spoken import line_sort_key
from chickenfoot.text.words import double_text, said_with_an
from chickenfoot.tui.messages import EndClicked
from chickenfoot.tui.reading_order import LaidAsDrawn

FOOT_STYLE = "bold $warning"
OPEN_FOOT_STYLE = "bold reverse $warning"
CENTRE_STYLE = "bold $accent"
END_STYLE = "bold $text-accent"
LEGAL_END_STYLE = "bold reverse $success"
CHOSEN_END_STYLE = "bold reverse $accent"
MUTED_STYLE = "$text-muted"


def depth_of(line_id: str) -> int:
    """How deep a line sits in the tree: 0 for an arm, 1 for a toe of an arm's foot, ..."""
    return line_id.count(".")


@dataclass(frozen=True)
class RenderedBoard:
    """The rows of a board drawn for one width, and which open end each row offers."""

    rows: tuple[Content, ...]
    row_targets: Mapping[int, str]

    def row_of(self, target: str) -> int | None:
        """The row showing open end ``target``, or None if it is not on screen."""
        for row, row_target in self.row_targets.items():
            if row_target == target:
                return row
        return None


def arms_words(started: int, required: int) -> str:
    """What the centre's row says of the arms: how many of those required are started."""
    # Translators: beside the centre double in the outline of the board.
    return ngettext(
        "centre · {started} of {required} arm",
        "centre · {started} of {required} arms",
        required,
    ).format(started=started, required=required)


def needs_words(*, toe: bool, number: int) -> str:
    """What a line not started yet needs (a toe of the foot, or a new arm): the number."""
    # English says "an 8", "an 11" and "an 18" (see said_with_an): the two messages of each kind
    # differ only in the article, and every other language may give them the same words.
    vowel = said_with_an(number)
    if toe:
        # Translators: a toe of a chicken foot not started yet needs a tile with {number}.
        words = _("toe: needs an {number}") if vowel else _("toe: needs a {number}")
    else:
        # Translators: a new arm not started yet needs a tile with {number}.
        words = _("new arm: needs an {number}") if vowel else _("new arm: needs a {number}")
    return words.format(number=number)


def toes_to_go(left: int) -> str:
    """What the open chicken foot's row says: how many of its toes are still to be played."""
    return ngettext(
        "▲ chicken foot: {count} toe to go", "▲ chicken foot: {count} toes to go", left
    ).format(count=left)


def render_board(shown: BoardShown, width: int) -> RenderedBoard:
    """Draw ``shown.board`` as rows of at most ``width`` cells (long lines wrap under
    themselves), with the marks of :class:`~chickenfoot.play.shown.BoardShown`: key labels
    beside open ends, the ends the selected tile fits, the end it would be played on.
    """
    board, labels, legal, chosen = shown.board, shown.labels, shown.legal, shown.chosen
    width = max(width, 20)
    open_values = dict(board.open_ends)
    rows: list[Content] = []
    row_targets: dict[int, str] = {}
    centre = Content.assemble(
        ("◆ ", CENTRE_STYLE),
        (f"[{double_text(board.centre)}]", CENTRE_STYLE),
        ("  " + arms_words(board.arms_started, board.arms_required), MUTED_STYLE),
    )
    rows.append(centre)
    pending = [target for target in open_values if target not in board.lines_by_id]
    entries: list[tuple[str, Line | None]] = [(line.id, line) for line in board.lines]
    entries.extend((target, None) for target in pending)
    entries.sort(key=lambda entry: line_sort_key(entry[0]))
    for line_id, line in entries:
        indent = "  " * depth_of(line_id)
        head = Content.assemble(indent, (line_id, "bold"), " ")
        parts: list[Content] = []
        if line is None:
            parts.append(Content.styled("·····", MUTED_STYLE))
        else:
            is_open_foot = board.foot == line.id
            for inner, outer in line.oriented():
                text = f"[{inner}|{outer}]"
                if inner == outer:
                    parts.append(
                        Content.styled(text, OPEN_FOOT_STYLE if is_open_foot else FOOT_STYLE)
                    )
                else:
                    parts.append(Content(text))
        tail: list[Content] = []
        if line_id in open_values:
            label = labels.get(line_id)
            if label is not None:
                if line_id == chosen:
                    tail.append(Content.styled(f"»{label}«", CHOSEN_END_STYLE))
                elif line_id in legal:
                    tail.append(Content.styled(f" {label} ", LEGAL_END_STYLE))
                else:
                    tail.append(Content.styled(f"‹{label}›", END_STYLE))
            if line is None:
                needs = needs_words(toe="." in line_id, number=open_values[line_id])
                tail.append(Content.styled(" " + needs, MUTED_STYLE))
        if line is not None and board.foot == line.id:
            left = TOES_PER_FOOT - board.toes
            tail.append(Content.styled(" " + toes_to_go(left), FOOT_STYLE))
        first_row = len(rows)
        rows.extend(_wrap(head, parts, tail, width))
        if line_id in open_values:
            for row in range(first_row, len(rows)):
                row_targets[row] = line_id
                rows[row] = rows[row].stylize(f"@click=end_clicked({line_id!r})")
    return RenderedBoard(tuple(rows), row_targets)


def _wrap(head: Content, parts: list[Content], tail: list[Content], width: int) -> list[Content]:
    """Lay ``head`` then ``parts`` then ``tail`` on rows of ``width``, continuing under the
    first part."""
    continuation = " " * min(head.cell_length, width // 2)
    rows: list[Content] = []
    current = head
    for part in [*parts, *(Content(" ") + piece for piece in tail[:1]), *tail[1:]]:
        if current.cell_length + part.cell_length > width and current.cell_length > len(
            continuation
        ):
            rows.append(current)
            current = Content(continuation) + part
        else:
            current = current + part
    rows.append(current)
    return rows


class BoardView(LaidAsDrawn):
    """The centre double and every line of the round, drawn as a tree; it follows
    :attr:`shown` (set it, or bind it with ``data_bind``)."""

    DEFAULT_CSS = """
    BoardView {
        height: auto;
        padding: 0 1;
    }
    """

    shown: reactive[BoardShown | None] = reactive(None, repaint=False)
    """The board and its marks; None before there is one."""

    def __init__(
        self, *, name: str | None = None, id: str | None = None, classes: str | None = None
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._cache: tuple[tuple[BoardShown, int], RenderedBoard] | None = None

    def watch_shown(self, old: BoardShown | None, new: BoardShown | None) -> None:
        """Redraw; marks and labels never change a row's length, only a new board can."""
        new_rows = (
            old is None
            or new is None
            or new.board is not old.board
            or new.labels.keys() != old.labels.keys()
        )
        self.refresh(layout=new_rows)

    def rendered(self, width: int | None = None) -> RenderedBoard:
        """The board drawn for ``width`` cells (the widget's own width by default), cached."""
        if self.shown is None:
            return RenderedBoard((Content.styled(_("No board yet"), MUTED_STYLE),), {})
        width = width if width is not None else (self.content_region.width or 78)
        key = (self.shown, width)
        if self._cache is None or self._cache[0] != key:
            self._cache = (key, render_board(self.shown, width))
        return self._cache[1]

    def row_of(self, target: str) -> int | None:
        """The row (from the top of the widget's content) showing ``target``."""
        return self.rendered().row_of(target)

    def render(self) -> Content:
        """The board as one block of rows."""
        return Content("\n").join(self.rendered().rows)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """One row per line of the board (plus wrapped continuations)."""
        return len(self.rendered(width).rows)

    def action_end_clicked(self, target: str) -> None:
        """Report a click on the open end ``target``."""
        self.post_message(EndClicked(target))
