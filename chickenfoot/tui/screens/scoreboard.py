"""The scoreboard: one row per finished round, one column per seat, totals and rounds at zero."""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.geometry import Size
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Static

from chickenfoot.lang import N_, _, ngettext, pgettext
from chickenfoot.record.names import display_width
from chickenfoot.rules import RuleSet, totals, zero_rounds
from chickenfoot.text.words import double_text, fitted, seat_name
from chickenfoot.tui.commands import PaletteCommand, binding_commands
from chickenfoot.tui.footer import WordsFooter

MIN_COLUMN = 6
"""The narrowest seat column: a total of four digits and a space."""
LABEL = 9
TABLE_WIDTH = 76
"""The widest the table gets."""


def score_table(
    names: Sequence[str],
    round_scores: Sequence[Sequence[int]],
    rules: RuleSet,
    width: int = TABLE_WIDTH,
) -> Content:
    """Rounds x seats, then the totals and the number of rounds each seat scored 0, within
    ``width`` cells (at most :data:`TABLE_WIDTH`). Columns are as wide as the names need (and
    the width allows); longer names end in "…"."""
    players = len(names)
    longest = max((display_width(seat_name(names, seat)) for seat in range(players)), default=0)
    room = (min(width, TABLE_WIDTH) - LABEL) // max(players, 1)
    column = max(MIN_COLUMN, min(longest + 1, room))

    def cells(values: Sequence[object]) -> str:
        texts = [fitted(str(value), column - 1) for value in values]
        return "".join(" " * (column - display_width(text)) + text for text in texts)

    header = Content.styled(pgettext("a table's heading", "round").ljust(LABEL), "bold")
    header += Content.styled(cells([seat_name(names, seat) for seat in range(players)]), "bold")
    rows = [header]
    for index, scores in enumerate(round_scores):
        label = f"{index + 1:>2} {double_text(rules.round_double(index))}".ljust(LABEL)
        rows.append(Content(label + cells(scores)))
    if not round_scores:
        rows.append(Content.styled(_("No round has finished yet."), "$text-muted"))
    seat_totals = totals(round_scores, players)
    total = pgettext("a table's heading", "total").ljust(LABEL)
    rows.append(Content.styled(total + cells(seat_totals), "bold $text-accent"))
    zeros = zero_rounds(round_scores, players)
    at_zero = pgettext("a table's heading", "at zero").ljust(LABEL)
    rows.append(Content.styled(at_zero + cells(zeros), "$text-muted"))
    return Content("\n").join(rows)


class ScoreTable(Widget):
    """The scores, laid out at the width the widget has."""

    DEFAULT_CSS = """
    ScoreTable {
        height: auto;
        text-wrap: nowrap;
    }
    """

    def __init__(
        self,
        names: Sequence[str],
        round_scores: Sequence[Sequence[int]],
        rules: RuleSet,
        *,
        id: str | None = None,
    ) -> None:
        super().__init__(id=id)
        self.names, self.round_scores, self.rules = tuple(names), round_scores, rules

    def render(self) -> Content:
        """The table at the widget's width."""
        width = self.content_region.width or TABLE_WIDTH
        return score_table(self.names, self.round_scores, self.rules, width)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """The heading, a row per round (or the line saying there is none), two more."""
        return 1 + max(len(self.round_scores), 1) + 2


class ScoreboardScreen(ModalScreen[None]):
    """Every round's scores so far; Escape, s or Enter closes it."""

    CSS_PATH = "results.tcss"
    BINDINGS = [
        Binding(
            "escape,s,enter",
            "close",
            N_("Close"),
            priority=True,
            id="scores.close",
            tooltip=N_("Back to where the scoreboard was opened"),
        )
    ]

    def __init__(
        self, names: Sequence[str], round_scores: Sequence[Sequence[int]], rules: RuleSet
    ) -> None:
        super().__init__()
        self.names = tuple(names)
        self.round_scores = tuple(tuple(scores) for scores in round_scores)
        self.rules = rules

    def compose(self) -> ComposeResult:
        """The table of scores in a scrolling dialog."""
        played = len(self.round_scores)
        with Vertical(classes="results-dialog"):
            count = self.rules.round_count
            yield Static(
                ngettext(
                    "Scoreboard · {played} of {count} round played",
                    "Scoreboard · {played} of {count} rounds played",
                    count,
                ).format(played=played, count=count),
                classes="results-title",
                markup=False,
            )

            with VerticalScroll(classes="results-body", can_focus=False):
                yield ScoreTable(self.names, self.round_scores, self.rules, id="score-table")
        yield WordsFooter()

    def palette_commands(self) -> list[PaletteCommand]:
        """Closing is all there is to do here."""
        return binding_commands(self)

    def action_close(self) -> None:
        """Back to where the scoreboard was opened."""
        self.dismiss(None)
