"""A line chart that gives way to words when it has no room.

:class:`ChartView` follows a reactive ``shown`` (a :class:`~chickenfoot.play.charts.ChartShown`)
and draws it with textual-plotext on the widget's own background: the ticks in the theme's
text colour, each line in a colour of the theme *and* with a marker of its own (so it reads
with ``NO_COLOR`` too; where lines tie, their markers stand side by side, so no line hides
another), and a legend that names the lines literally (never as markup). When
the widget is smaller than :data:`MIN_WIDTH` x :data:`MIN_HEIGHT`, or there is nothing to
draw, it shows the chart's words instead; it never overflows. With nothing to draw (a single
game, a single round) it takes only the rows its words need (class ``-nothing-to-draw``).
"""

from __future__ import annotations

from textual.app import ComposeResult, RenderResult
from textual.color import Color
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.events import Resize
from textual.reactive import reactive
from textual.widgets import Static
from textual_plotext import PlotextPlot

from chickenfoot.play.charts import ChartShown
from chickenfoot.tui.reading_order import LaidAsDrawn

MIN_WIDTH = 32
MIN_HEIGHT = 7
"""The smallest chart of two lines drawn (the plot and a legend line): below, the words are
shown. Each line past the second needs a row more (see :func:`min_height`)."""


def min_height(lines: int) -> int:
    """The fewest rows that draw ``lines`` lines apart: on fewer, they would lie on top of
    each other, and the words say more."""
    return MIN_HEIGHT + max(0, lines - 2)


LINE_COLOURS = ("primary", "accent", "success", "warning", "error", "secondary")
"""The theme's colours the lines take, in order (then again from the first)."""

MOST_MARKERS = 12
"""The most markers on one line (a long line shows one every few points)."""

TIE_NUDGE_CELLS = 2
"""How far (in columns) a marker on a point another line marked is set to its right."""

EMPTY = ChartShown(title="", lines=(), x_ticks=(), y_ticks=(), words=())


class LinePlot(LaidAsDrawn, PlotextPlot):
    """The plot itself: drawn afresh from ``shown`` whenever it is rendered (so it always
    fits its size and the theme's colours)."""

    DEFAULT_CSS = """
    LinePlot {
        width: 1fr;
        height: 1fr;
    }
    """

    def __init__(self) -> None:
        super().__init__()
        self.theme = "textual-clear"  # the widget's own background and text colour
        self.shown = EMPTY

    def render(self) -> RenderResult:
        """Plot the lines, then their markers, and let textual-plotext draw them at the
        widget's size. A marker on a point another line marked already (a tie) is set a little
        to its right, so no line hides another."""
        plot = self.plt
        plot.clear_figure()
        variables = self.app.theme_variables
        colours = [
            Color.parse(variables.get(name, variables["foreground"])).rgb for name in LINE_COLOURS
        ]
        drawn = [(index, line) for index, line in enumerate(self.shown.lines) if line.points]
        for index, line in drawn:  # every line first: no line is drawn over a marker
            xs, ys = zip(*line.points, strict=True)
            plot.plot(xs, ys, marker="braille", color=colours[index % len(colours)])
        every_x = [x for _index, line in drawn for x, _y in line.points]
        span = max(every_x, default=1) - min(every_x, default=0) or 1
        nudge = TIE_NUDGE_CELLS * span / max(self.size.width - 8, 8)
        marked_at: dict[tuple[float, float], int] = {}
        for index, line in drawn:
            every = -(-len(line.points) // MOST_MARKERS)
            marked = [*line.points[:-1:every], line.points[-1]]
            marked_xs = [marked[0][0]]  # every line starts at the same point: no need
            for x, y in marked[1:]:
                earlier = marked_at.get((x, y), 0)
                marked_at[x, y] = earlier + 1
                marked_xs.append(x + earlier * nudge)
            marked_ys = [y for _x, y in marked]
            colour = colours[index % len(colours)]
            plot.scatter(marked_xs, marked_ys, marker=line.marker, color=colour)
        if self.shown.x_ticks:
            plot.xticks(list(self.shown.x_ticks))
        if self.shown.y_ticks:
            plot.yticks(list(self.shown.y_ticks))
            plot.ylim(self.shown.y_ticks[0], self.shown.y_ticks[-1])
        plot.frame(False)
        return super().render()


def legend(shown: ChartShown) -> Content:
    """Each line's marker (in its line's colour) and name (literally), side by side."""
    parts = [
        Content.styled(line.marker, f"${LINE_COLOURS[index % len(LINE_COLOURS)]}")
        + Content(f" {line.label}")
        for index, line in enumerate(shown.lines)
    ]
    return Content("   ").join(parts)


class ChartView(Vertical):
    """A chart with its legend, or its words when it has no room (or nothing to draw)."""

    DEFAULT_CSS = """
    ChartView {
        height: 1fr;
    }
    ChartView > LinePlot {
        height: 1fr;
    }
    ChartView > .chart-legend {
        height: auto;
        color: $text-muted;
    }
    ChartView > VerticalScroll {
        height: 1fr;
        display: none;
    }
    ChartView.-words > VerticalScroll {
        display: block;
    }
    ChartView.-words > LinePlot, ChartView.-words > .chart-legend {
        display: none;
    }
    ChartView.-nothing-to-draw, ChartView.-nothing-to-draw > VerticalScroll {
        height: auto;
    }
    """

    shown: reactive[ChartShown] = reactive(EMPTY, init=False)
    """The chart to show (set it)."""

    def compose(self) -> ComposeResult:
        """The plot, the legend, and the words (hidden while the chart is drawn)."""
        yield LinePlot()
        yield Static(classes="chart-legend")
        with VerticalScroll(can_focus=False):
            yield Static(classes="chart-words")

    @property
    def showing_chart(self) -> bool:
        """True while the chart is drawn (False: its words are shown instead)."""
        return not self.has_class("-words")

    def watch_shown(self, shown: ChartShown) -> None:
        """Draw the new chart (or show its words)."""
        self.border_title = Content(shown.title) if shown.title else None
        plot = self.query_one(LinePlot)
        plot.shown = shown
        plot.refresh()
        self.query_one(".chart-legend", Static).update(legend(shown))
        self.query_one(".chart-words", Static).update(Content("\n".join(shown.words)))
        self._choose(self.size.width, self.size.height)

    def on_resize(self, event: Resize) -> None:
        """Words instead of the chart when it has no room."""
        self._choose(event.size.width, event.size.height)

    def _choose(self, width: int, height: int) -> None:
        roomy = width >= MIN_WIDTH and height >= min_height(len(self.shown.lines))
        self.set_class(not (roomy and self.shown.drawable), "-words")
        self.set_class(not self.shown.drawable, "-nothing-to-draw")
