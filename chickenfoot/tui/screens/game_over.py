"""Game over: the ranking, the winner(s), what decided the win, the running totals round by
round as a chart, and Play again."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from chickenfoot.play.charts import running_totals_chart
from chickenfoot.rules import GameOver
from chickenfoot.text.describe import tie_break_text, winners_text
from chickenfoot.text.words import fitted, seat_name
from chickenfoot.tui.commands import PaletteCommand, action_commands
from chickenfoot.tui.messages import LeaveGame, StartGame
from chickenfoot.tui.screens.scoreboard import ScoreboardScreen
from chickenfoot.tui.widgets.charts import ChartView

if TYPE_CHECKING:
    from chickenfoot.play.session import GameSession

NAME_WIDTH = 18


TIE_BREAK_COLUMNS = "at zero: rounds at 0 · lowest: lowest round above 0 (the tie-breaks)"
"""What the tie-break columns mean, under the ranking of a game that has them."""


def ranking_table(event: GameOver, names: tuple[str, ...], tie_breaks: bool = True) -> Content:
    """Place, name and total of every seat; with ``tie_breaks`` (the ``cross`` rules) also
    its rounds at zero and its lowest non-zero round, and a line saying what they mean."""
    heading = f"{'place':<7}{'seat':<{NAME_WIDTH}}{'total':>7}"
    if tie_breaks:
        heading += f"{'at zero':>9}{'lowest':>8}"
    rows = [Content.styled(heading, "$text-muted")]
    for standing in event.ranking:
        name = seat_name(names, standing.seat)
        shown = Content(fitted(name, NAME_WIDTH - 1))
        numbers = f"{standing.total:>7}"
        if tie_breaks:
            lowest = "-" if standing.lowest_round is None else str(standing.lowest_round)
            numbers += f"{standing.zero_rounds:>9}{lowest:>8}"
        row = Content.assemble(
            f"{standing.place:<7}", shown.pad_right(NAME_WIDTH - shown.cell_length), numbers
        )
        rows.append(row.stylize("bold $text-success") if standing.seat in event.winners else row)
    if tie_breaks:
        rows.append(Content.styled(TIE_BREAK_COLUMNS, "$text-muted"))
    return Content("\n").join(rows)


def decided_text(event: GameOver) -> str:
    """ " · decided by ..." when a tie on totals was broken or shared, else "" (the lowest
    total winning needs no saying)."""
    if event.decided_by == "none":
        return ""
    return f" · decided by {tie_break_text(event.decided_by)}"


PALETTE_COMMANDS = (
    ("play_again", "Play again", "Same seats and rules, a new deal (a)"),
    ("scoreboard", "Scoreboard", "Every round's scores (s)"),
    ("menu", "Back to the menu", "Leave the results (m, Esc)"),
)
"""(action, title, help) of the final results' palette commands."""


class GameOverScreen(ModalScreen[None]):
    """The final result. Play again deals a new game with the same seats and rules."""

    CSS_PATH = ["results.tcss", "game_over.tcss"]
    BINDINGS = [
        Binding("a", "play_again", "Play again"),
        Binding("s", "scoreboard", "Scores"),
        Binding("escape,m", "menu", "Menu"),
    ]

    def __init__(self, event: GameOver, session: GameSession) -> None:
        super().__init__()
        self.event = event
        self.session = session

    def compose(self) -> ComposeResult:
        """Winner line, tie-break, ranking table, the chart and the buttons."""
        names = self.session.names
        with Vertical(classes="results-dialog"):
            yield Static("Game over", classes="results-title")
            yield Static(
                Content.styled(winners_text(self.event, names), "bold $text-success")
                + Content(decided_text(self.event)),
                id="game-over-winner",
                classes="results-subtitle",
            )
            with VerticalScroll(classes="results-body", can_focus=False):
                tie_breaks = self.session.state.rules.tie_break == "zero_rounds"
                yield Static(ranking_table(self.event, names, tie_breaks), id="ranking")
            yield ChartView(id="game-over-chart")
            with Horizontal(classes="results-buttons"):
                yield Button("Play again (a)", id="again", variant="primary")
                yield Button("Scores (s)", id="scores")
                yield Button("Menu (m)", id="menu")

    def on_mount(self) -> None:
        """Draw the running totals; Enter on the focused button plays again."""
        state = self.session.state
        self.query_one(ChartView).shown = running_totals_chart(
            self.session.names, state.round_scores, state.rules.players
        )
        self.query_one("#again", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """Each button runs its action."""
        event.stop()
        actions = {
            "again": self.action_play_again,
            "scores": self.action_scoreboard,
            "menu": self.action_menu,
        }
        actions[event.button.id or "menu"]()

    def action_play_again(self) -> None:
        """Same seats and rules, a new seed."""
        record = self.session.record
        self.post_message(StartGame(record.rules, tuple(record.seats), None))

    def action_scoreboard(self) -> None:
        """Every round's scores."""
        state = self.session.state
        self.app.push_screen(ScoreboardScreen(self.session.names, state.round_scores, state.rules))

    def palette_commands(self) -> list[PaletteCommand]:
        """What the buttons do."""
        return action_commands(self, PALETTE_COMMANDS)

    def action_menu(self) -> None:
        """Back to the main menu."""
        self.post_message(LeaveGame())
