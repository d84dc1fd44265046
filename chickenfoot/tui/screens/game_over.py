"""Game over: the ranking, the winner(s), what decided the win, the running totals round by
round as a chart, and Play again. For a game played here, a line per person says how well
they played ("your play: 2 bad moves, 1 very bad; skill -14.2, luck +9.0"): the
coach's analysis (:mod:`chickenfoot.bots.coach`), worked out in a worker thread while the
result is shown and stopped when it is left."""

from __future__ import annotations

from collections.abc import Sequence

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Static
from textual.worker import get_current_worker

from chickenfoot.lang import N_, _, pgettext
from chickenfoot.play.charts import running_totals_chart
from chickenfoot.record.model import GameRecord, SeatConfig
from chickenfoot.rules import GameOver, RuleSet
from chickenfoot.text.coach import analysing_text, coach_for, play_line, seats_to_analyse
from chickenfoot.text.describe import tie_break_text, winners_text
from chickenfoot.text.words import fit_line, fitted, seat_name
from chickenfoot.tui.commands import PaletteCommand, binding_commands, button_key
from chickenfoot.tui.messages import LeaveGame, StartGame
from chickenfoot.tui.screens.scoreboard import ScoreboardScreen
from chickenfoot.tui.widgets.charts import ChartView

NAME_WIDTH = 18


TIE_BREAK_COLUMNS = N_("at zero: rounds at 0 · lowest: lowest round above 0 (the tie-breaks)")
"""What the tie-break columns mean, under the ranking of a game that has them."""


def ranking_table(event: GameOver, names: tuple[str, ...], tie_breaks: bool = True) -> Content:
    """Place, name and total of every seat; with ``tie_breaks`` (the ``cross`` rules) also
    its rounds at zero and its lowest non-zero round, and a line saying what they mean."""
    place, seat, total = (
        pgettext("a table's heading", "place"),
        pgettext("a table's heading", "seat"),
        pgettext("a table's heading", "total"),
    )
    heading = f"{place:<7}{seat:<{NAME_WIDTH}}{total:>7}"
    if tie_breaks:
        # Translators: columns of the ranking: the rounds a seat scored 0, and its lowest
        # round above 0 (what breaks a tie on totals).
        at_zero, lowest = (
            pgettext("a table's heading", "at zero"),
            pgettext("a table's heading", "lowest"),
        )
        heading += f"{at_zero:>9}{lowest:>8}"
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
        rows.append(Content.styled(_(TIE_BREAK_COLUMNS), "$text-muted"))
    return Content("\n").join(rows)


def decided_text(event: GameOver) -> str:
    """ " · decided by ..." when a tie on totals was broken or shared, else "" (the lowest
    total winning needs no saying)."""
    if event.decided_by == "none":
        return ""
    return " · " + _("decided by {tie_break}").format(tie_break=tie_break_text(event.decided_by))


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
            N_("Play again"),
            id="game-over.again",
            tooltip=N_("Same seats and rules, a new deal"),
        ),
        Binding(
            "s",
            "scoreboard",
            N_("Scores"),
            id="game-over.scores",
            tooltip=N_("Every round's scores"),
        ),
        Binding(
            "escape,m", "menu", N_("Menu"), id="game-over.menu", tooltip=N_("Leave the results")
        ),
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
        record: GameRecord | None = None,
    ) -> None:
        """The result ``event`` of the game of ``rules`` with ``seats`` (named ``names``) and
        its ``round_scores``; ``play_again``: offer a new game of those seats here; ``record``:
        the whole game, when known here, to analyse its people's play."""
        super().__init__()
        self.event = event
        self.names = tuple(names)
        self.round_scores = round_scores
        self.rules = rules
        self.seats = seats
        self.play_again = play_again
        self.record = record
        self.analysed = () if record is None else seats_to_analyse(record)
        """The seats whose play the result says how well they played (the people)."""
        self.play_shown = not self.analysed
        """True once every line of play is shown (at once when there is none to show)."""

    def compose(self) -> ComposeResult:
        """Winner line, tie-break, ranking table, the chart and the buttons."""
        names = self.names
        with Vertical(classes="results-dialog"):
            played = " -played" if self.analysed else ""
            yield Static(_("Game over"), classes=f"results-title{played}", markup=False)
            yield Static(
                Content.styled(winners_text(self.event, names), "bold $text-success")
                + Content(decided_text(self.event)),
                id="game-over-winner",
                classes=f"results-subtitle{played}",
            )
            if self.analysed:
                play = Static(
                    analysing_text(names, self.analysed, 0.0),
                    id="game-over-play",
                    classes="results-subtitle",
                    markup=False,
                )
                play.styles.height = len(self.analysed)  # a line each: nothing moves once shown
                yield play
            with VerticalScroll(classes="results-body", can_focus=False):
                tie_breaks = self.rules.tie_break == "zero_rounds"
                yield Static(ranking_table(self.event, names, tie_breaks), id="ranking")
            yield ChartView(id="game-over-chart")
            with Horizontal(classes="results-buttons"):
                if self.play_again:
                    again = button_key(self, "game-over.again")
                    yield Button(
                        _("Play again ({key})").format(key=again), id="again", variant="primary"
                    )
                scores = _("Scores ({key})").format(key=button_key(self, "game-over.scores"))
                yield Button(scores, id="scores")
                menu = _("Menu ({key})").format(key=button_key(self, "game-over.menu"))
                yield Button(menu, id="menu")

    def on_mount(self) -> None:
        """Draw the running totals; Enter on the focused button plays again (when offered)."""
        self.query_one(ChartView).shown = running_totals_chart(
            self.names, self.round_scores, self.rules.players
        )
        if self.play_again:
            self.query_one("#again", Button).focus()
        if self.analysed:
            self.analyse_play()

    @work(thread=True, exclusive=True, group="analysis")
    def analyse_play(self) -> None:
        """Analyse the people's play (a worker thread; leaving the result stops it) and show
        a line per person."""
        worker = get_current_worker()
        assert self.record is not None

        def show(text: str) -> None:
            if not worker.is_cancelled:
                self.app.call_from_thread(self._show_play, text)

        def progress(done: int, total: int) -> None:
            show(analysing_text(self.names, self.analysed, done / total))

        analysis = coach_for(self.record).analyse(
            self.analysed, progress=progress, should_stop=lambda: worker.is_cancelled
        )
        if analysis is not None:
            lines = [play_line(analysis.summary(seat), self.names) for seat in self.analysed]
            show("\n".join(lines))
            self.play_shown = True

    def _show_play(self, text: str) -> None:
        for line in self.query("#game-over-play").results(Static):  # none once it is left
            width = line.content_size.width
            if width:  # a long name shortened, before the line's end is cut
                text = "\n".join(fit_line(row, width, self.names) for row in text.splitlines())
            line.update(text)

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
