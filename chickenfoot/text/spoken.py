"""The table read aloud, a line at a time: a hand with what each tile fits, the open ends
with what each needs, every seat's tiles and score, one line (arm or toe) of the table.

These are the words of the plain mode (``chickenfoot --plain``), where a screen reader reads
the game line by line; they use the log's vocabulary (:mod:`chickenfoot.text.describe`):
tiles as ``3|5``, lines as "arm B" and "toe B.2", ends by their keys. Each function is given
only what one seat may know (a board, its own hand, the counts and totals everybody sees)
and what the rules answered (which ends each tile fits): nothing here decides a rule. The
scores round by round are said the transcript's way.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from chickenfoot.lang import _, ngettext, pgettext
from chickenfoot.rules import Board, Line, RuleSet, Tile
from chickenfoot.rules.board import TOES_PER_FOOT
from chickenfoot.text.describe import board_requirement
from chickenfoot.text.prompts import hand_title
from chickenfoot.text.transcript import scores_text
from chickenfoot.text.words import (
    a_number,
    alternatives,
    comma_list,
    double_text,
    place_name,
    seat_name,
)


def line_sort_key(line_id: str) -> tuple[str | int, ...]:
    """Order line ids as a tree: A, A.1, A.1.1, A.2, B, ... (toes under their foot)."""
    head, *toes = line_id.split(".")
    return (head, *(int(toe) for toe in toes))


def keys_text(keys: Sequence[str]) -> str:
    """End keys in a sentence: "b", "b or j", "b, j or zl"."""
    return alternatives(keys)


def tile_line(number: int, tile: Tile, fits: Sequence[str] | None, *, new: bool) -> str:
    """One tile of a hand: its number, the tile, the keys of the ends it fits (None: not
    asked, off turn) and whether it was just drawn."""
    if fits is None:
        said = _("{number}: {tile} (new)") if new else "{number}: {tile}"
    elif not fits:
        said = (
            _("{number}: {tile} (new), fits nowhere")
            if new
            else _("{number}: {tile}, fits nowhere")
        )
    elif new:
        # Translators: a tile of the hand by its number, just drawn, and the keys of the
        # ends it fits ("b, j or zl").
        said = _("{number}: {tile} (new), fits {keys}")
    else:
        said = _("{number}: {tile}, fits {keys}")
    return said.format(number=number, tile=tile, keys=keys_text(fits or ()))


def hand_lines(
    name: str,
    tiles: Sequence[Tile],
    rules: RuleSet,
    fits: Mapping[int, Sequence[str]] | None,
    new: frozenset[Tile] = frozenset(),
) -> list[str]:
    """A hand: its title (whose, how many tiles, their points), then one line per tile in
    hand order, numbered from 1, with the keys of the ends it fits (``fits``: hand index ->
    keys, None off turn)."""
    lines = [hand_title(name, tiles, rules)]
    for index, tile in enumerate(tiles):
        tile_fits = fits.get(index, ()) if fits is not None else None
        lines.append(tile_line(index + 1, tile, tile_fits, new=tile in new))
    return lines


def playable_text(tiles: Sequence[Tile], fits: Mapping[int, Sequence[str]]) -> str:
    """The tiles that can be played and where: "2: 6|6 on b; 5: 5|6 on b or j"."""
    return pgettext("clauses", "; ").join(
        _("{number}: {tile} on {keys}").format(
            number=index + 1, tile=tiles[index], keys=keys_text(keys)
        )
        for index, keys in sorted(fits.items())
    )


def end_line(
    board: Board, target: str, value: int, key: str, fitting: Sequence[Tile] | None
) -> str:
    """One open end: its key, where it is, the number it needs, and (``fitting`` not None)
    which of the reader's tiles fit it."""
    new = target not in board.lines_by_id
    toe = "." in target
    # Translators: an open end by its key, its line ("arm B") and the number a tile needs
    # there, with its article ("a 5").
    line = _("{key}: {place} needs {number}").format(
        key=key, place=place_name(target), number=a_number(value)
    )
    if new:
        line = (_("{end} (a new toe)") if toe else _("{end} (a new arm)")).format(end=line)
    if fitting is not None:
        if fitting:
            line = _("{end}, you can play {tiles}").format(
                end=line, tiles=comma_list(map(str, fitting))
            )
        else:
            line = _("{end}, none of yours").format(end=line)
    return line


def ends_lines(
    board: Board, labels: Mapping[str, str], fitting: Mapping[str, Sequence[Tile]] | None
) -> list[str]:
    """What the table needs now, then every open end (see :func:`end_line`)."""
    lines = [_("The table needs: {what}").format(what=board_requirement(board))]
    for target, value in board.open_ends:
        found = fitting.get(target, ()) if fitting is not None else None
        lines.append(end_line(board, target, value, labels.get(target, target), found))
    return lines


def line_text(board: Board, line: Line, labels: Mapping[str, str]) -> str:
    """One line of the table, from the centre out, the way its tiles lie, and how it ends:
    "arm B: 9|3, 3|5, open end b needs a 5"."""
    tiles = comma_list(f"{inner}|{outer}" for inner, outer in line.oriented())
    count = len(line.tiles)
    text = ngettext(
        "{place}: {count} tile, {tiles}", "{place}: {count} tiles, {tiles}", count
    ).format(place=place_name(line.id), count=count, tiles=tiles)
    if line.closed:
        toes = len([other for other in board.lines if other.parent == line.id])
        if board.foot == line.id:
            # Translators: {line} is a line of the table and its tiles ("arm B: 2 tiles, 9|3,
            # 3|3"); its double opened a chicken foot, whose toes are played next.
            said = ngettext(
                "{line}; closed by {double}, a chicken foot with {count} toe of {toes}, the "
                "toes must come first",
                "{line}; closed by {double}, a chicken foot with {count} toes of {toes}, the "
                "toes must come first",
                toes,
            )
        else:
            said = ngettext(
                "{line}; closed by {double}, a chicken foot with {count} toe of {toes}",
                "{line}; closed by {double}, a chicken foot with {count} toes of {toes}",
                toes,
            )
        return said.format(line=text, double=double_text(line.end), count=toes, toes=TOES_PER_FOOT)
    key = labels.get(line.id)
    if key is not None:
        return _("{line}; open end {key} needs {number}").format(
            line=text, key=key, number=a_number(line.end)
        )
    return _("{line}; ends in {number}, not open now").format(line=text, number=a_number(line.end))


def table_lines(board: Board, labels: Mapping[str, str]) -> list[str]:
    """The whole table: the centre, then every line in tree order (toes under their foot),
    then the open ends not started yet."""
    lines = [
        ngettext(
            "Centre {double}, {started} of {count} arm; {needs}",
            "Centre {double}, {started} of {count} arms; {needs}",
            board.arms_required,
        ).format(
            double=double_text(board.centre),
            started=board.arms_started,
            count=board.arms_required,
            needs=board_requirement(board),
        )
    ]
    for line in sorted(board.lines, key=lambda line: line_sort_key(line.id)):
        lines.append(line_text(board, line, labels))
    for target, value in board.open_ends:
        if target not in board.lines_by_id:
            lines.append(end_line(board, target, value, labels.get(target, target), None))
    return lines


def seat_lines(
    names: Sequence[str],
    counts: Sequence[int],
    totals: Sequence[int],
    turn: int | None,
    computers: frozenset[int],
) -> list[str]:
    """Every seat: its name (a computer's said so), the tiles in its hand, its total score,
    and who is on turn."""
    lines = []
    for seat, (count, total) in enumerate(zip(counts, totals, strict=True)):
        name = seat_name(names, seat)
        who = _("{name} (computer)").format(name=name) if seat in computers else name
        if seat == turn:
            said = ngettext(
                "{name}: {count} tile, total {total}, on turn",
                "{name}: {count} tiles, total {total}, on turn",
                count,
            )
        else:
            said = ngettext(
                "{name}: {count} tile, total {total}", "{name}: {count} tiles, total {total}", count
            )
        lines.append(said.format(name=who, count=count, total=total))
    return lines


def round_score_lines(names: Sequence[str], round_scores: Sequence[Sequence[int]]) -> list[str]:
    """Every round scored so far, one a line, then the totals ("Round 1: Ana 0, Bea 12")."""
    if not round_scores:
        return [_("No round has been scored yet.")]
    totals = [sum(column) for column in zip(*round_scores, strict=True)]
    return [
        *(
            _("Round {number}: {scores}").format(number=number, scores=scores_text(names, scores))
            for number, scores in enumerate(round_scores, 1)
        ),
        _("Totals: {scores}").format(scores=scores_text(names, totals)),
    ]
