"""The Stats screen: what the finished games say, with the win share over time as a chart.

The store counts the finished games with its queries
(:meth:`chickenfoot.saves.store.GameStore.statistics`, asked in a worker thread); the words
are :mod:`chickenfoot.text.stats`'s, the chart :mod:`chickenfoot.play.charts`'. This screen
only shows them: what was counted, the chart, then per person, per computer level and per
preset, and each person's rating on the computers' scale (:mod:`chickenfoot.bots.rating`,
worked out in the same worker from every finished game's places) with its chart over time.
It asks again whenever it is shown (a game may have ended meanwhile). Names are shown
literally.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.content import Content
from textual.events import ScreenResume
from textual.screen import Screen
from textual.widgets import Static

from chickenfoot.bots.rating import Rating, rate
from chickenfoot.lang import N_, _
from chickenfoot.play.charts import (
    CHART_PEOPLE,
    MOST_POINTS,
    ChartShown,
    rating_chart,
    win_share_chart,
)
from chickenfoot.record.tallies import Statistics
from chickenfoot.saves.store import GameStore, StoreError
from chickenfoot.text.rating import ratings_section
from chickenfoot.text.stats import Section, counted_text, report
from chickenfoot.tui.commands import PaletteCommand, binding_commands
from chickenfoot.tui.footer import WordsFooter
from chickenfoot.tui.widgets.charts import ChartView

TITLE_STYLE = "bold $text-primary"


def report_content(stats: Statistics, ratings: Section | None = None) -> Content:
    """The report's sections (and the ratings', if any), each under its title (names
    literally)."""
    sections = (*report(stats), *([ratings] if ratings is not None else []))
    parts = [
        Content.styled(section.title, TITLE_STYLE) + Content("\n" + "\n".join(section.lines))
        for section in sections
    ]
    return Content("\n\n").join(parts)


class StatsScreen(Screen[None]):
    """The statistics of the finished games."""

    CSS_PATH = "stats.tcss"
    KEY_WIDGETS = (VerticalScroll,)
    """The widgets that can have the keyboard here: their keys count when keys are changed."""
    AUTO_FOCUS = "#stats-body"
    BINDINGS = [
        Binding("escape", "back", N_("Back"), id="stats.back", tooltip=N_("Close the statistics"))
    ]

    def __init__(self, store: GameStore) -> None:
        super().__init__()
        self.store = store
        self.statistics: Statistics | None = None
        """What is shown, once read."""
        self.reads_shown = 0
        """How many times the games have been read and shown whole, ratings included
        (waiting for this to grow is waiting for a fresh reading)."""

    def compose(self) -> ComposeResult:
        """A title, what was counted, then the chart and the report in one scrolling body."""
        yield Static(_("Statistics"), id="stats-title", markup=False)
        yield Static(_("Counting the finished games…"), id="stats-counted", markup=False)
        with VerticalScroll(id="stats-body"):
            yield ChartView(id="stats-chart")
            yield Static(id="stats-report")
            yield ChartView(id="stats-rating-chart")
        yield WordsFooter()

    def on_mount(self) -> None:
        """Nothing to chart until the games are read."""
        for chart in self.query(ChartView):
            chart.display = False

    def on_screen_resume(self, event: ScreenResume) -> None:
        """Shown (first, or back from another screen): read the games again."""
        self._read()

    @work(thread=True, exclusive=True, group="stats")
    def _read(self) -> None:
        try:
            stats = self.store.statistics(CHART_PEOPLE, MOST_POINTS)
            self.app.call_from_thread(self.show_statistics, stats, win_share_chart(stats))
            history = rate(self.store.placings())  # after: it grows with the games
        except StoreError as error:
            self.app.call_from_thread(self._show_problem, str(error))
            return
        self.app.call_from_thread(self.show_ratings, history)

    def _show_problem(self, problem: str) -> None:
        self.query_one("#stats-counted", Static).update(
            _("The games cannot be counted: {problem}").format(problem=problem)
        )

    def show_statistics(self, stats: Statistics, chart: ChartShown) -> None:
        """Show ``stats`` and the win share ``chart`` (hidden while no person has played)."""
        self.statistics = stats
        self.query_one("#stats-counted", Static).update(counted_text(stats))
        chart_view = self.query_one("#stats-chart", ChartView)
        chart_view.display = bool(stats.players)
        chart_view.shown = chart
        self.query_one("#stats-report", Static).update(report_content(stats))

    def show_ratings(self, history: Mapping[str, Sequence[Rating]]) -> None:
        """Show each person's rating from ``history`` under the report, with its chart
        (hidden while nobody has a rating): the reading is then shown whole."""
        if self.statistics is not None:
            report = report_content(self.statistics, ratings_section(history))
            self.query_one("#stats-report", Static).update(report)
        rating_view = self.query_one("#stats-rating-chart", ChartView)
        rating_view.display = bool(history)
        rating_view.shown = rating_chart(history)
        self.reads_shown += 1

    def palette_commands(self) -> list[PaletteCommand]:
        """Going back is all there is to do here."""
        return binding_commands(self)

    def action_back(self) -> None:
        """Back to the menu."""
        self.app.pop_screen()
