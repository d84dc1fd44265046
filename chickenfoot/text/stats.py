"""The statistics in words: what ``chickenfoot stats`` prints and the Stats screen shows.

:func:`report` turns :class:`~chickenfoot.record.tallies.Statistics` into titled sections of
lines (tables fit 80 columns; names are measured as the terminal shows them and cut with
"…" when too long). :func:`counted_text` says what was counted, and how unfinished games count
(they do not). :func:`running_totals_lines` and
:func:`win_share_lines` say in words what the charts draw, for a window too small for them.

Names are returned inside plain strings: the caller shows them literally, never as markup.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from chickenfoot.bots import level_name
from chickenfoot.lang import _, ngettext, pgettext
from chickenfoot.record.names import display_width
from chickenfoot.record.tallies import PlayerStats, ShareSeries, Statistics
from chickenfoot.text.ruleset import preset_name
from chickenfoot.text.words import comma_list, fitted

NAME_WIDTH = 18
LEVEL_WIDTH = 10
DATE_FORMAT = "%Y-%m-%d"


@dataclass(frozen=True)
class Section:
    """A titled part of the report."""

    title: str
    lines: tuple[str, ...]


def cell(text: str, width: int) -> str:
    """``text`` in a left-aligned column of ``width`` terminal columns (cut with "…" to
    leave one column free)."""
    shown = fitted(text, width - 1)
    return shown + " " * (width - display_width(shown))


def right(text: str, width: int) -> str:
    """``text`` right-aligned in a column of ``width`` terminal columns (a column's heading,
    whose words the language chooses)."""
    return " " * max(0, width - display_width(text)) + text


def percent(share: float) -> str:
    """A share of 0 to 1 as a percentage: "46.7%"."""
    return f"{share * 100:.1f}%"


def date_text(moment: datetime) -> str:
    """A game's day, in local time: "2026-11-30"."""
    return moment.astimezone().strftime(DATE_FORMAT)


def counted_text(stats: Statistics) -> str:
    """What the statistics count: the finished games; unfinished games are not counted."""
    if stats.games:
        counted = ngettext("{count} finished game.", "{count} finished games.", stats.games)
        counted = counted.format(count=stats.games)
    else:
        counted = _("No finished games yet: a game counts here once it is over.")
    if stats.unfinished:
        unfinished = ngettext(
            "{count} unfinished game not counted: a game counts once it is over.",
            "{count} unfinished games not counted: a game counts once it is over.",
            stats.unfinished,
        ).format(count=stats.unfinished)
        counted = f"{counted} {unfinished}"
    return counted


def _zero_text(player: PlayerStats) -> str:
    return _("{count} of {rounds}").format(count=player.zero_rounds, rounds=player.rounds)


def _games_won_columns() -> str:
    """The headings of the columns a person and a level share: games, won, share, mean."""
    return (
        right(pgettext("a column", "games"), 6)
        + right(pgettext("a column", "won"), 6)
        + right(pgettext("a column", "share"), 8)
        + right(pgettext("a column", "mean"), 8)
    )


def people_lines(stats: Statistics) -> tuple[str, ...]:
    """A row per person: games, wins, win share, mean score, best and worst game, rounds at
    zero (of the rounds played)."""
    header = (
        cell(pgettext("a column", "person"), NAME_WIDTH)
        + _games_won_columns()
        + right(pgettext("a column", "best"), 6)
        + right(pgettext("a column", "worst"), 7)
        + "  "
        + pgettext("a column", "at zero")
    )
    rows = [header]
    for player in stats.players:
        rows.append(
            f"{cell(player.name, NAME_WIDTH)}{player.games:>6}{player.won:>6}"
            f"{percent(player.share):>8}{player.mean_score:>8.1f}{player.best.total:>6}"
            f"{player.worst.total:>7}  {_zero_text(player)}"
        )
    return tuple(rows)


def best_worst_lines(stats: Statistics) -> tuple[str, ...]:
    """Each person's best (lowest) and worst (highest) game, with its day."""
    return tuple(
        cell(player.name, NAME_WIDTH)
        + _("best {best} ({best_day}), worst {worst} ({worst_day})").format(
            best=player.best.total,
            best_day=date_text(player.best.created),
            worst=player.worst.total,
            worst_day=date_text(player.worst.created),
        )
        for player in stats.players
    )


def versus_lines(stats: Statistics) -> tuple[str, ...]:
    """Each person's results in the games with a computer player of each level."""
    lines = []
    for player in stats.players:
        for index, versus in enumerate(player.versus):
            name = cell(player.name if index == 0 else "", NAME_WIDTH)
            lines.append(
                name
                + cell(level_name(versus.level), LEVEL_WIDTH)
                + ngettext(
                    "won {won} of {count} game · finished ahead of it in {ahead}",
                    "won {won} of {count} games · finished ahead of it in {ahead}",
                    versus.games,
                ).format(won=versus.won, count=versus.games, ahead=versus.ahead)
            )
    return tuple(lines)


def level_lines(stats: Statistics) -> tuple[str, ...]:
    """A row per computer level: seats played, wins, win share, mean score."""
    rows = [cell(pgettext("a column", "level"), NAME_WIDTH) + _games_won_columns()]
    for level in stats.levels:
        rows.append(
            f"{cell(level_name(level.level), NAME_WIDTH)}{level.games:>6}{level.won:>6}"
            f"{percent(level.share):>8}{level.mean_score:>8.1f}"
        )
    return tuple(rows)


def preset_lines(stats: Statistics) -> tuple[str, ...]:
    """A row per preset: games, rounds, the mean score of a seat and of the winners."""
    rows = [
        cell(pgettext("a column", "preset"), NAME_WIDTH)
        + right(pgettext("a column", "games"), 6)
        + right(pgettext("a column", "rounds"), 8)
        + right(pgettext("a column", "mean score"), 12)
        + right(pgettext("a column", "winning score"), 15)
    ]
    for preset in stats.presets:
        rows.append(
            f"{cell(preset_name(preset.preset), NAME_WIDTH)}{preset.games:>6}{preset.rounds:>8}"
            f"{preset.mean_score:>12.1f}{preset.mean_winning_score:>15.1f}"
        )
    return tuple(rows)


def report(stats: Statistics) -> tuple[Section, ...]:
    """The sections of the statistics that have something to say, in order."""
    sections = []
    if stats.players:
        sections += [
            Section(_("People"), people_lines(stats)),
            Section(_("Best and worst games (lowest and highest total)"), best_worst_lines(stats)),
        ]
        versus = versus_lines(stats)
        if versus:
            sections.append(Section(_("Against the computer"), versus))
    if stats.levels:
        sections.append(Section(_("Computer players, by level"), level_lines(stats)))
    if stats.presets:
        sections.append(Section(_("Presets"), preset_lines(stats)))
    return tuple(sections)


def running_totals_lines(names: Sequence[str], running: Sequence[Sequence[int]]) -> list[str]:
    """Each seat's total after each round, in words: "Ana: 12, 30, 45"."""
    if not any(len(totals) > 1 for totals in running):
        return [_("No round has finished yet.")]
    return [
        f"{name}: {comma_list(str(total) for total in totals[1:])}"
        for name, totals in zip(names, running, strict=True)
    ]


def win_share_lines(series: Sequence[ShareSeries]) -> list[str]:
    """Each person's win share now and the number of games it is over, in words."""
    if not series:
        return [_("No finished game has a person at the table yet.")]
    return [
        ngettext(
            "{name}: {share} after {count} game", "{name}: {share} after {count} games", one.games
        ).format(name=one.name, share=percent(one.points[-1][1]), count=one.games)
        for one in series
        if one.points
    ]
