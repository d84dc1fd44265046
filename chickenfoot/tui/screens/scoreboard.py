"""The scoreboard: one row per finished round, one column per seat, totals and rounds at zero."""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from chickenfoot.record.names import display_width
from chickenfoot.rules import RuleSet, totals, zero_rounds
from chickenfoot.text.words import double_text, fitted, seat_name
from chickenfoot.tui.commands import PaletteCommand, binding_commands

MIN_COLUMN = 8
LABEL = 9
TABLE_WIDTH = 76
"""The widest the table gets (it must fit an 80-column terminal)."""


def score_table(
    names: Sequence[str], round_scores: Sequence[Sequence[int]], rules: RuleSet
) -> Content:
    """Rounds x seats, then the totals and the number of rounds each seat scored 0. Columns
    are as wide as the names need (and the width allows); longer names end in "…"."""
    players = len(names)
    longest = max((display_width(seat_name(names, seat)) for seat in range(players)), default=0)
    column = max(MIN_COLUMN, min(longest + 1, (TABLE_WIDTH - LABEL) // max(players, 1)))

    def cells(values: Sequence[object]) -> str:
        texts = [fitted(str(value), column - 1) for value in values]
        return "".join(" " * (column - display_width(text)) + text for text in texts)

    header = Content.styled("round".ljust(LABEL), "bold") + Content.styled(
        cells([seat_name(names, seat) for seat in range(players)]), "bold"
    )
    rows = [header]
    for index, scores in enumerate(round_scores):
        label = f"{index + 1:>2} {double_text(rules.round_double(index))}".ljust(LABEL)
        rows.append(Content(label + cells(scores)))
    if not round_scores:
        rows.append(Content.styled("No round has finished yet.", "$text-muted"))
    seat_totals = totals(round_scores, players)
    rows.append(Content.styled("total".ljust(LABEL) + cells(seat_totals), "bold $text-accent"))
    zeros = zero_rounds(round_scores, players)
    rows.append(Content.styled("at zero".ljust(LABEL) + cells(zeros), "$text-muted"))
    return Content("\n").join(rows)


class ScoreboardScreen(ModalScreen[None]):
    """Every round's scores so far; Escape, s or Enter closes it."""

    CSS_PATH = "results.tcss"
    BINDINGS = [
        Binding(
            "escape,s,enter",
            "close",
            "Close",
            priority=True,
            id="scores.close",
            tooltip="Back to where the scoreboard was opened",
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
            yield Static(
                f"Scoreboard · {played} of {self.rules.round_count} rounds played",
                classes="results-title",
            )
            with VerticalScroll(classes="results-body", can_focus=False):
                yield Static(
                    score_table(self.names, self.round_scores, self.rules), id="score-table"
                )
        yield Footer()

    def palette_commands(self) -> list[PaletteCommand]:
        """Closing is all there is to do here."""
        return binding_commands(self)

    def action_close(self) -> None:
        """Back to where the scoreboard was opened."""
        self.dismiss(None)
