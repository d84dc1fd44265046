"""The scoreboard: one row per finished round, one column per seat, totals and rounds at zero."""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Static

from chickenfoot.rules import RuleSet
from chickenfoot.text.words import double_text, seat_name
from chickenfoot.tui.commands import PaletteCommand

COLUMN = 8
LABEL = 9


def score_table(
    names: Sequence[str], round_scores: Sequence[Sequence[int]], rules: RuleSet
) -> Content:
    """Rounds x seats, then the totals and the number of rounds each seat scored 0."""
    players = len(names)

    def cell(text: str) -> str:
        return text[: COLUMN - 1].rjust(COLUMN)

    header = Content.styled("round".ljust(LABEL), "bold") + Content.styled(
        "".join(cell(seat_name(names, seat)) for seat in range(players)), "bold"
    )
    rows = [header]
    for index, scores in enumerate(round_scores):
        label = f"{index + 1:>2} {double_text(rules.round_double(index))}".ljust(LABEL)
        rows.append(Content(label + "".join(cell(str(points)) for points in scores)))
    if not round_scores:
        rows.append(Content.styled("No round has finished yet.", "$text-muted"))
    totals = [sum(scores[seat] for scores in round_scores) for seat in range(players)]
    zeros = [sum(1 for scores in round_scores if scores[seat] == 0) for seat in range(players)]
    rows.append(
        Content.styled(
            "total".ljust(LABEL) + "".join(cell(str(t)) for t in totals), "bold $text-accent"
        )
    )
    rows.append(
        Content.styled("at zero".ljust(LABEL) + "".join(cell(str(z)) for z in zeros), "$text-muted")
    )
    return Content("\n").join(rows)


class ScoreboardScreen(ModalScreen[None]):
    """Every round's scores so far; Escape, s or Enter closes it."""

    CSS_PATH = "results.tcss"
    BINDINGS = [Binding("escape,s,enter", "close", "Close", priority=True)]

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
            yield Static("Escape closes", classes="results-subtitle")

    def palette_commands(self) -> list[PaletteCommand]:
        """Closing is all there is to do here."""
        return [
            PaletteCommand(
                "Close the scoreboard",
                "Back to where it was opened (Esc)",
                self.action_close,
                "close",
            )
        ]

    def action_close(self) -> None:
        """Back to where the scoreboard was opened."""
        self.dismiss(None)
