"""The Stats screen: what the finished games say, with the win share over time as a chart.

The store counts the finished games with its queries
(:meth:`chickenfoot.saves.store.GameStore.statistics`, asked in a worker thread); the words
are :mod:`chickenfoot.text.stats`'s, the chart :mod:`chickenfoot.play.charts`'. This screen
only shows them: what was counted, the chart, then per person, per computer level and per
preset. It asks again whenever it is shown (a game may have ended meanwhile). Names are
shown literally.
"""

from __future__ import annotations

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.content import Content
from textual.events import ScreenResume
from textual.screen import Screen
from textual.widgets import Footer, Static

from chickenfoot.play.charts import CHART_PEOPLE, MOST_POINTS, ChartShown, win_share_chart
from chickenfoot.record.tallies import Statistics
from chickenfoot.saves.store import GameStore, StoreError
from chickenfoot.text.stats import counted_text, report
from chickenfoot.tui.commands import PaletteCommand, binding_commands
from chickenfoot.tui.widgets.charts import ChartView

TITLE_STYLE = "bold $text-primary"


def report_content(stats: Statistics) -> Content:
    """The report's sections, each under its title (names literally)."""
    parts = [
        Content.styled(section.title, TITLE_STYLE) + Content("\n" + "\n".join(section.lines))
        for section in report(stats)
    ]
    return Content("\n\n").join(parts)


class StatsScreen(Screen[None]):
    """The statistics of the finished games."""

    CSS_PATH = "stats.tcss"
    KEY_WIDGETS = (VerticalScroll,)
    """The widgets that can have the keyboard here: their keys count when keys are changed."""
    AUTO_FOCUS = "#stats-body"
    BINDINGS = [Binding("escape", "back", "Back", id="stats.back", tooltip="Close the statistics")]

    def __init__(self, store: GameStore) -> None:
        super().__init__()
        self.store = store
        self.statistics: Statistics | None = None
        """What is shown, once read."""
        self.reads_shown = 0
        """How many times the games have been read and shown (waiting for this to grow is
        waiting for a fresh reading)."""

    def compose(self) -> ComposeResult:
        """A title, what was counted, then the chart and the report in one scrolling body."""
        yield Static("Statistics", id="stats-title", markup=False)
        yield Static("Counting the finished games…", id="stats-counted", markup=False)
        with VerticalScroll(id="stats-body"):
            yield ChartView(id="stats-chart")
            yield Static(id="stats-report")
        yield Footer()

    def on_mount(self) -> None:
        """Nothing to chart until the games are read."""
        self.query_one(ChartView).display = False

    def on_screen_resume(self, event: ScreenResume) -> None:
        """Shown (first, or back from another screen): read the games again."""
        self._read()

    @work(thread=True, exclusive=True, group="stats")
    def _read(self) -> None:
        try:
            stats = self.store.statistics(CHART_PEOPLE, MOST_POINTS)
        except StoreError as error:
            self.app.call_from_thread(self._show_problem, str(error))
            return
        self.app.call_from_thread(self.show_statistics, stats, win_share_chart(stats))

    def _show_problem(self, problem: str) -> None:
        self.query_one("#stats-counted", Static).update(f"The games cannot be counted: {problem}")

    def show_statistics(self, stats: Statistics, chart: ChartShown) -> None:
        """Show ``stats`` and the win share ``chart`` (hidden while no person has played)."""
        self.statistics = stats
        self.query_one("#stats-counted", Static).update(counted_text(stats))
        chart_view = self.query_one(ChartView)
        chart_view.display = bool(stats.players)
        chart_view.shown = chart
        self.query_one("#stats-report", Static).update(report_content(stats))
        self.reads_shown += 1

    def palette_commands(self) -> list[PaletteCommand]:
        """Going back is all there is to do here."""
        return binding_commands(self)

    def action_back(self) -> None:
        """Back to the menu."""
        self.app.pop_screen()
