"""What the charts show, without Textual: the lines, their markers, and the same in words.

A :class:`ChartShown` is drawn by :class:`chickenfoot.tui.widgets.charts.ChartView`. Each
line has a marker of its own (●, ■, ▲, ...), so the lines can be told apart without colour
(``NO_COLOR``) too; the legend names them. ``words`` says what the chart shows, for a window
too small to draw it.

- :func:`running_totals_chart`: every seat's running total, round by round (game over, the
  replay viewer); the totals are the rules' own (:func:`chickenfoot.rules.totals`).
- :func:`win_share_chart`: the win share over time of the people who played the most games
  (the Stats screen).
- :func:`rating_chart`: the rating after each game of the people who played the most games
  (the Stats screen; :mod:`chickenfoot.bots.rating`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from chickenfoot.bots.rating import Rating
from chickenfoot.lang import _
from chickenfoot.record.tallies import Statistics
from chickenfoot.rules import totals
from chickenfoot.text.rating import rating_lines
from chickenfoot.text.stats import running_totals_lines, win_share_lines
from chickenfoot.text.words import seat_name

MARKERS = ("●", "■", "▲", "◆", "✚", "✖", "○", "□")
"""One marker per line, in order (there are at most 8 seats)."""

MOST_TICKS = 12
"""The most labelled ticks on the horizontal axis."""

CHART_PEOPLE = 5
"""How many people the win share chart follows (those with the most games)."""

MOST_POINTS = 120
"""The most points a win share line keeps (a chart is never wider than that)."""


@dataclass(frozen=True)
class Line:
    """One line of a chart: its name in the legend, its marker and its points (x, y)."""

    label: str
    marker: str
    points: tuple[tuple[float, float], ...]


@dataclass(frozen=True)
class ChartShown:
    """A line chart: a title (which says what the horizontal axis counts), the lines, the
    ticks of the axes, and the same in words for a window too small for it."""

    title: str
    lines: tuple[Line, ...]
    x_ticks: tuple[int, ...]
    y_ticks: tuple[int, ...]
    """The vertical axis' ticks, from its lowest value to its highest."""
    words: tuple[str, ...]

    @property
    def drawable(self) -> bool:
        """True if some line has two points (else there is nothing to draw)."""
        return any(len(line.points) > 1 for line in self.lines)


def ticks(last: int, first: int = 0) -> tuple[int, ...]:
    """Whole-number ticks from ``first`` to ``last``, at most :data:`MOST_TICKS` of them."""
    step = max(1, -(-(last - first) // (MOST_TICKS - 1)))
    return tuple(range(first, last + 1, step))


def nice_ticks(highest: float) -> tuple[int, ...]:
    """Round ticks from 0 up to ``highest`` or just past it: steps of 1, 2 or 5 times a power
    of ten, at most six ticks."""
    step = 1
    while highest > step * 5:
        for factor in (2, 5 / 2, 2):
            step = round(step * factor)
            if highest <= step * 5:
                break
    last = -(-int(highest) // step) * step
    return tuple(range(0, max(last, step) + 1, step))


def running_totals(
    round_scores: Sequence[Sequence[int]], players: int
) -> tuple[tuple[int, ...], ...]:
    """Each seat's total before the first round (0) and after each finished round."""
    after = [totals(round_scores[:count], players) for count in range(len(round_scores) + 1)]
    return tuple(tuple(seat_totals[seat] for seat_totals in after) for seat in range(players))


def running_totals_chart(
    names: Sequence[str], round_scores: Sequence[Sequence[int]], players: int
) -> ChartShown:
    """Every seat's running total after each finished round."""
    running = running_totals(round_scores, players)
    labels = [seat_name(names, seat) for seat in range(players)]
    lines = tuple(
        Line(labels[seat], MARKERS[seat % len(MARKERS)], tuple(enumerate(running[seat])))
        for seat in range(players)
    )
    return ChartShown(
        title=_("Running totals after each round"),
        lines=lines,
        x_ticks=ticks(len(round_scores)),
        y_ticks=nice_ticks(max((max(totals) for totals in running), default=0)),
        words=tuple(running_totals_lines(labels, running)),
    )


def win_share_chart(stats: Statistics) -> ChartShown:
    """The win share (in percent) over time of the people with the most games (the store
    worked out their lines: :attr:`Statistics.series`)."""
    series = stats.series[:CHART_PEOPLE]
    lines = tuple(
        Line(
            one.name,
            MARKERS[index],
            tuple((float(number), share * 100) for number, share in one.points),
        )
        for index, one in enumerate(series)
    )
    return ChartShown(
        title=_("Win share (%) after each finished game, oldest first"),
        lines=lines,
        x_ticks=ticks(stats.games, 1) if stats.games else (),
        y_ticks=(0, 25, 50, 75, 100),
        words=tuple(win_share_lines(series)),
    )


def rating_chart(history: Mapping[str, Sequence[Rating]]) -> ChartShown:
    """The rating after each game of the people with the most games (``history``: each
    person's ratings, oldest first, as :func:`chickenfoot.bots.rating.rate` gives them)."""
    followed = sorted(history.items(), key=lambda item: (-len(item[1]), item[0].casefold()))
    followed = followed[:CHART_PEOPLE]
    lines = tuple(
        Line(
            name,
            MARKERS[index],
            tuple(
                (float(number), rating.mu)
                for number, rating in enumerate(ratings, 1)
                if number > len(ratings) - MOST_POINTS
            ),
        )
        for index, (name, ratings) in enumerate(followed)
    )
    most = max((len(ratings) for _name, ratings in followed), default=0)
    highest = max((rating.mu for _name, ratings in followed for rating in ratings), default=0.0)
    return ChartShown(
        title=_("Rating after each of their games, oldest first"),
        lines=lines,
        x_ticks=ticks(most, max(1, most - MOST_POINTS + 1)) if most else (),
        y_ticks=nice_ticks(highest),
        words=rating_lines(history),
    )
