"""The coach's analysis over the replay viewer: the move at hand and the whole game.

:class:`AnalysisScreen` judges the action about to be played at the position shown (the move
at hand: what was played, its mark and the points it lost, the best move found and why), then
the whole game for its people (every seat, in a game of computers only): their marks, their
error per decision, their result split into skill and luck, their costliest moves and their
luck round by round. The work runs in a worker thread with a progress bar; closing the dialog
stops it, and what was worked out is kept by the coach for the next time. The words are
:mod:`chickenfoot.text.coach`'s, shown literally (names are never markup).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import ProgressBar, Static
from textual.worker import get_current_worker

from chickenfoot.bots.coach import AnalysisStopped, Coach
from chickenfoot.lang import N_, _, ngettext, pgettext
from chickenfoot.record.model import GameRecord
from chickenfoot.text.coach import (
    analysis_lines,
    decision_lines,
    hidden_rounds,
    hidden_text,
    how_text,
    nothing_at_hand,
    seats_to_analyse,
)
from chickenfoot.tui.commands import PaletteCommand, binding_commands
from chickenfoot.tui.footer import WordsFooter


def viewer_seats(record: GameRecord) -> tuple[int, ...]:
    """The seats the viewer analyses the whole game for: its people, or every seat of a game
    of computers only."""
    return seats_to_analyse(record) or seats_to_analyse(record, computers=True)


class AnalysisScreen(ModalScreen[None]):
    """The analysis of the move at hand and of the whole game, worked out while it is open."""

    CSS_PATH = "analysis.tcss"
    BINDINGS = [
        Binding(
            "escape",
            "close",
            N_("Close"),
            id="analysis.close",
            tooltip=N_("Back to the replay (an analysis under way stops, and goes on next time)"),
        ),
    ]

    def __init__(self, record: GameRecord, coach: Callable[[], Coach], index: int) -> None:
        """The analysis of ``record``'s game, the move at hand being the action after the
        first ``index``; ``coach`` gives the game's coach (made once, kept by the replay)."""
        super().__init__()
        self.record = record
        self.coach = coach
        self.index = index
        self.names = tuple(seat.name for seat in record.seats)
        self.seats = viewer_seats(record)
        self.finished = False
        """True once the whole game's analysis is shown."""

    def compose(self) -> ComposeResult:
        """The move at hand, then the whole game's progress and lines."""
        # Translators: what separates the names of a list ("Ann, Bob, Cleo").
        who = pgettext("list of names", ", ").join(self.names[seat] for seat in self.seats)
        with Vertical(id="analysis-dialog"):
            yield Static(_("Analysis"), id="analysis-title", markup=False)
            with VerticalScroll(id="analysis-body"):
                yield Static(_("The move at hand"), classes="analysis-heading", markup=False)
                yield Static(_("Thinking…"), id="analysis-move", markup=False)
                yield Static(
                    _("The whole game · {names}").format(names=who),
                    classes="analysis-heading",
                    markup=False,
                )
                yield ProgressBar(show_eta=False, id="analysis-progress")
                yield Static("", id="analysis-game", markup=False)
        yield WordsFooter()

    def on_mount(self) -> None:
        """Start working it out."""
        self.work_out()

    @work(thread=True, exclusive=True, group="analysis")
    def work_out(self) -> None:
        """Judge the move at hand, then the whole game (a worker thread; closing stops it)."""
        worker = get_current_worker()

        def stopped() -> bool:
            return worker.is_cancelled

        coach = self.coach()
        reason = nothing_at_hand(self.record, coach, self.index)
        try:
            if reason is not None:
                move = [reason]
            else:
                move = decision_lines(coach.judge(self.index, stopped), self.names)
            self._from_thread(self._show_move, move)
            hidden = hidden_rounds(self.record)
            analysis = coach.analyse(
                self.seats,
                hidden,
                progress=lambda done, total: self._from_thread(self._show_progress, done, total),
                should_stop=stopped,
            )
        except AnalysisStopped:
            return
        if analysis is None:
            return
        lines = [how_text(analysis)]
        lines += [hidden_text(round_index) for round_index in hidden]
        lines += ["", *analysis_lines(analysis, self.names)]
        self._from_thread(self._show_game, lines)

    def _from_thread(self, show: Callable[..., None], *values: object) -> None:
        """Call ``show`` on the app's thread, unless the worker was stopped meanwhile."""
        if not get_current_worker().is_cancelled:
            self.app.call_from_thread(show, *values)

    def _show_move(self, lines: Sequence[str]) -> None:
        self._show("#analysis-move", "\n".join(lines))

    def _show_progress(self, done: int, total: int) -> None:
        for bar in self.query(ProgressBar):  # none once the dialog is closed
            bar.update(total=total, progress=done)
        self._show(
            "#analysis-game",
            ngettext(
                "Analysing: {done} of {total} step (every decision, and each round's luck)",
                "Analysing: {done} of {total} steps (every decision, and each round's luck)",
                total,
            ).format(done=done, total=total),
        )

    def _show_game(self, lines: Sequence[str]) -> None:
        for bar in self.query(ProgressBar):
            bar.display = False
        self._show("#analysis-game", "\n".join(lines))
        self.finished = True

    def _show(self, selector: str, text: str) -> None:
        """Show ``text`` in the part ``selector`` (nothing once the dialog is closed)."""
        for part in self.query(selector).results(Static):
            part.update(text)

    def palette_commands(self) -> list[PaletteCommand]:
        """Closing is all there is to do here."""
        return binding_commands(self)

    def action_close(self) -> None:
        """Stop the work under way and go back to the replay."""
        self.workers.cancel_group(self, "analysis")
        self.dismiss(None)
