"""The ratings in words: each person's rating on the computers' scale, with its uncertainty
and the computer level it is nearest (``chickenfoot stats`` and the Stats screen).

Ratings come from :func:`chickenfoot.bots.rating.rate`; a rating is shown as its mean with a
95 % range (two standard deviations): "31.2 ± 4.6". Names come back inside plain strings:
the caller shows them literally, never as markup.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from chickenfoot.bots import level_name
from chickenfoot.bots.rating import Placing, Rating, level_ratings, nearest_level, rate
from chickenfoot.lang import N_, _, pgettext
from chickenfoot.record.tallies import Statistics
from chickenfoot.text.stats import LEVEL_WIDTH, NAME_WIDTH, Section, cell, report, right
from chickenfoot.text.words import comma_list

RATINGS_TITLE = N_("Ratings, on the computers' scale")
"""The ratings' section title (marked for the catalogue: translate it where shown)."""


def rating_text(rating: Rating) -> str:
    """A rating with its 95 % range: "31.2 ± 4.6"."""
    return f"{rating.mu:.1f} ± {2 * rating.sigma:.1f}"


def scale_line() -> str:
    """Where the computer levels stand (their fixed ratings)."""
    levels = comma_list(
        f"{level_name(level)} {rating.mu:.1f}" for level, rating in level_ratings().items()
    )
    # Translators: {percent} is "95 %" (a confidence range), written as it is.
    return _(
        "The computers stand at {levels}; a person starts at 25.0 and moves with each "
        "finished game; ± is a {percent} range."
    ).format(levels=levels, percent="95 %")


def rating_lines(history: Mapping[str, Sequence[Rating]]) -> tuple[str, ...]:
    """A line per person, the most games first: rating, the level it is nearest, games."""
    rows = [
        cell(pgettext("a column", "person"), NAME_WIDTH)
        + right(pgettext("a column", "rating"), 14)
        + "  "
        + cell(pgettext("a column", "nearest"), LEVEL_WIDTH)
        + right(pgettext("a column", "games"), 6)
    ]
    ordered = sorted(history.items(), key=lambda item: (-len(item[1]), item[0].casefold()))
    for name, ratings in ordered:
        now = ratings[-1]
        rows.append(
            f"{cell(name, NAME_WIDTH)}{rating_text(now):>14}  "
            f"{cell(level_name(nearest_level(now)), LEVEL_WIDTH)}{len(ratings):>6}"
        )
    return tuple(rows)


def ratings_section(history: Mapping[str, Sequence[Rating]]) -> Section | None:
    """The ratings as a section of the statistics; None while no person has a rating."""
    if not history:
        return None
    return Section(_(RATINGS_TITLE), (scale_line(), *rating_lines(history)))


def report_with_ratings(
    stats: Statistics, placings: Iterable[Sequence[Placing]]
) -> tuple[Section, ...]:
    """The statistics' sections (:func:`~chickenfoot.text.stats.report`), then the ratings
    worked out from every finished game's ``placings``, when anybody has one."""
    ratings = ratings_section(rate(placings))
    return (*report(stats), *(() if ratings is None else (ratings,)))
