"""Game over: the ranking, the winner(s), what decided the win, the running totals round by
round as a chart, and Play again."""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from chickenfoot.play.charts import running_totals_chart
from chickenfoot.record.model import SeatConfig
from chickenfoot.rules import GameOver, RuleSet
from chickenfoot.text.describe import tie_break_text, winners_text
from chickenfoot.text.words import fitted, seat_name
from chickenfoot.tui.commands import PaletteCommand, binding_commands, button_key
from chickenfoot.tui.messages import LeaveGame, StartGame
from chickenfoot.tui.screens.scoreboard import ScoreboardScreen
from chickenfoot.tui.widgets.charts import ChartView

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


class GameOverScreen(ModalScreen[None]):
    """The final result. Play again deals a new game with the same seats and rules at this
    keyboard (not offered for an online table's game: its people are at other screens)."""

    CSS_PATH = ["results.tcss", "game_over.tcss"]
    AUTO_FOCUS = ""
    """Enter presses only the button the screen focuses itself (Play again, when offered): a
    key typed ahead of the result does nothing else."""
    KEY_WIDGETS = (Button,)
    """The widgets that can have the keyboard here: their keys count when keys are changed."""
    BINDINGS = [
        Binding(
            "a",
            "play_again",
            "Play again",
            id="game-over.again",
            tooltip="Same seats and rules, a new deal",
        ),
        Binding("s", "scoreboard", "Scores", id="game-over.scores", tooltip="Every round's scores"),
        Binding("escape,m", "menu", "Menu", id="game-over.menu", tooltip="Leave the results"),
    ]

    def __init__(
        self,
        event: GameOver,
        names: Sequence[str],
        round_scores: tuple[tuple[int, ...], ...],
        rules: RuleSet,
        seats: tuple[SeatConfig, ...],
        *,
        play_again: bool = True,
    ) -> None:
        """The result ``event`` of the game of ``rules`` with ``seats`` (named ``names``) and
        its ``round_scores``; ``play_again``: offer a new game of those seats here."""
        super().__init__()
        self.event = event
        self.names = tuple(names)
        self.round_scores = round_scores
        self.rules = rules
        self.seats = seats
        self.play_again = play_again

    def compose(self) -> ComposeResult:
        """Winner line, tie-break, ranking table, the chart and the buttons."""
        names = self.names
        with Vertical(classes="results-dialog"):
            yield Static("Game over", classes="results-title")
            yield Static(
                Content.styled(winners_text(self.event, names), "bold $text-success")
                + Content(decided_text(self.event)),
                id="game-over-winner",
                classes="results-subtitle",
            )
            with VerticalScroll(classes="results-body", can_focus=False):
                tie_breaks = self.rules.tie_break == "zero_rounds"
                yield Static(ranking_table(self.event, names, tie_breaks), id="ranking")
            yield ChartView(id="game-over-chart")
            with Horizontal(classes="results-buttons"):
                if self.play_again:
                    again = button_key(self, "game-over.again")
                    yield Button(f"Play again ({again})", id="again", variant="primary")
                yield Button(f"Scores ({button_key(self, 'game-over.scores')})", id="scores")
                yield Button(f"Menu ({button_key(self, 'game-over.menu')})", id="menu")

    def on_mount(self) -> None:
        """Draw the running totals; Enter on the focused button plays again (when offered)."""
        self.query_one(ChartView).shown = running_totals_chart(
            self.names, self.round_scores, self.rules.players
        )
        if self.play_again:
            self.query_one("#again", Button).focus()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Play again only where it is offered."""
        return self.play_again or action != "play_again"

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
        self.post_message(StartGame(self.rules, self.seats, None))

    def action_scoreboard(self) -> None:
        """Every round's scores."""
        self.app.push_screen(ScoreboardScreen(self.names, self.round_scores, self.rules))

    def palette_commands(self) -> list[PaletteCommand]:
        """What the buttons do."""
        return binding_commands(self)

    def action_menu(self) -> None:
        """Back to the main menu."""
        self.post_message(LeaveGame())
