"""The open ends as a player scans them: the ends the chosen tile fits first, then every other
end line by line in the table's order (arm A, its toes, the toes of their feet, then arm B...).

:func:`ends_in_order` gives the entries (key, line, number needed, and whether the chosen tile
fits there); :func:`pack` says how many of them a strip of a given width and height can show,
keeping room for "+N more"; :func:`every_end` words the whole list for the dialog a key opens.
Pure: it takes the open ends, their keys and the marks, never a game state.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass

from chickenfoot.lang import _, ngettext

MORE_KEY = "/"
"""The key that lists every open end."""


@dataclass(frozen=True)
class EndEntry:
    """One open end as listed: its key, its line (``B``, ``A.2``), the number a tile needs
    there, whether the chosen tile fits it and whether it is the end chosen."""

    key: str
    target: str
    value: int
    fits: bool = False
    chosen: bool = False

    @property
    def text(self) -> str:
        """``b B·3``: the key, the line and the number it needs."""
        return f"{self.key} {self.target}·{self.value}"


def table_order(target: str) -> tuple[str | int, ...]:
    """Sort key of a line in the table's order: A, A.1, A.1.1, A.2, ..., B, ... (a toe right
    after the line whose foot it grows from)."""
    head, *toes = target.split(".")
    return (head, *(int(toe) for toe in toes))


def ends_in_order(
    open_ends: Iterable[tuple[str, int]],
    labels: Mapping[str, str],
    fits: Collection[str] = (),
    chosen: str | None = None,
) -> tuple[EndEntry, ...]:
    """Every open end: those in ``fits`` (the ends the chosen tile fits) first, then the
    others, each group in the table's order. An end without a key shows ``?``."""
    entries = sorted(
        (
            EndEntry(labels.get(target, "?"), target, value, target in fits, target == chosen)
            for target, value in open_ends
        ),
        key=lambda entry: (not entry.fits, table_order(entry.target)),
    )
    return tuple(entries)


def more_text(hidden: int) -> str:
    """What a strip says for the ends it has no room for."""
    return ngettext(
        "+{count} more ({key} lists all)", "+{count} more ({key} lists all)", hidden
    ).format(count=hidden, key=MORE_KEY)


def pack(lengths: Sequence[int], width: int, rows: int, lead: int) -> int:
    """How many of entries of ``lengths`` cells (shown one after another, a space between,
    wrapping onto rows ``lead`` cells in) fit ``rows`` rows of ``width`` cells; when not all
    of them do, the last row keeps room for :func:`more_text` of the rest."""

    def fitting(reserve: int) -> int:
        row, column, shown = 1, lead, 0
        for length in lengths:
            needed = 1 + length
            last = row == rows
            if column + needed + (reserve if last else 0) > width and column > lead:
                if last:
                    break
                row, column = row + 1, lead
            if column + needed + (reserve if row == rows else 0) > width:
                break
            column += needed
            shown += 1
        return shown

    everything = fitting(0)
    if everything == len(lengths):
        return everything
    return fitting(1 + len(more_text(len(lengths))))


def every_end(entries: Sequence[EndEntry]) -> list[str]:
    """The whole list, one line per open end (for the dialog), with a heading line."""
    fitting = sum(entry.fits for entry in entries)
    count = len(entries)
    if fitting:
        heading = ngettext(
            "{count} open end; the chosen tile fits {fitting}. Type an end's key to choose it.",
            "{count} open ends; the chosen tile fits {fitting}. Type an end's key to choose it.",
            count,
        )
    else:
        heading = ngettext(
            "{count} open end. Type an end's key to choose it.",
            "{count} open ends. Type an end's key to choose it.",
            count,
        )
    lines = [heading.format(count=count, fitting=fitting)]
    for entry in entries:
        where = _("line {line}").format(line=entry.target)
        needs = _("needs a tile with {number}").format(number=entry.value)
        if entry.chosen:
            # Translators: an end in the list of open ends is the one chosen.
            needs = _("{needs}  (chosen)").format(needs=needs)
        elif entry.fits:
            # Translators: the chosen tile fits an end in the list of open ends.
            needs = _("{needs}  (fits)").format(needs=needs)
        lines.append(f"{entry.key:>3}  {where:<12} {needs}")
    return lines
