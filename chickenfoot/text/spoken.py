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

from chickenfoot.rules import Board, Line, RuleSet, Tile
from chickenfoot.rules.board import TOES_PER_FOOT
from chickenfoot.text.describe import board_requirement
from chickenfoot.text.prompts import hand_title
from chickenfoot.text.transcript import scores_text
from chickenfoot.text.words import a_number, double_text, place_name, plural, seat_name


def line_sort_key(line_id: str) -> tuple[str | int, ...]:
    """Order line ids as a tree: A, A.1, A.1.1, A.2, B, ... (toes under their foot)."""
    head, *toes = line_id.split(".")
    return (head, *(int(toe) for toe in toes))


def keys_text(keys: Sequence[str]) -> str:
    """End keys in a sentence: "b", "b or j", "b, j or zl"."""
    if len(keys) <= 1:
        return "".join(keys)
    return f"{', '.join(keys[:-1])} or {keys[-1]}"


def tile_line(number: int, tile: Tile, fits: Sequence[str] | None, *, new: bool) -> str:
    """One tile of a hand: its number, the tile, the keys of the ends it fits (None: not
    asked, off turn) and whether it was just drawn."""
    line = f"{number}: {tile}"
    if new:
        line += " (new)"
    if fits is not None:
        line += f", fits {keys_text(fits)}" if fits else ", fits nowhere"
    return line


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
    return "; ".join(
        f"{index + 1}: {tiles[index]} on {keys_text(keys)}" for index, keys in sorted(fits.items())
    )


def end_line(
    board: Board, target: str, value: int, key: str, fitting: Sequence[Tile] | None
) -> str:
    """One open end: its key, where it is, the number it needs, and (``fitting`` not None)
    which of the reader's tiles fit it."""
    line = f"{key}: {place_name(target)} needs {a_number(value)}"
    if target not in board.lines_by_id:
        line += f" (a new {'toe' if '.' in target else 'arm'})"
    if fitting is not None:
        line += f", you can play {', '.join(map(str, fitting))}" if fitting else ", none of yours"
    return line


def ends_lines(
    board: Board, labels: Mapping[str, str], fitting: Mapping[str, Sequence[Tile]] | None
) -> list[str]:
    """What the table needs now, then every open end (see :func:`end_line`)."""
    lines = [f"The table needs: {board_requirement(board)}"]
    for target, value in board.open_ends:
        found = fitting.get(target, ()) if fitting is not None else None
        lines.append(end_line(board, target, value, labels.get(target, target), found))
    return lines


def line_text(board: Board, line: Line, labels: Mapping[str, str]) -> str:
    """One line of the table, from the centre out, the way its tiles lie, and how it ends:
    "arm B: 9|3, 3|5, open end b needs a 5"."""
    tiles = ", ".join(f"{inner}|{outer}" for inner, outer in line.oriented())
    text = f"{place_name(line.id)}: {plural(len(line.tiles), 'tile')}, {tiles}"
    if line.closed:
        toes = [other for other in board.lines if other.parent == line.id]
        waiting = board.foot == line.id
        text += f"; closed by {double_text(line.end)}, a chicken foot with "
        text += f"{plural(len(toes), 'toe')} of {TOES_PER_FOOT}"
        if waiting:
            text += ", the toes must come first"
        return text
    key = labels.get(line.id)
    if key is not None:
        return text + f"; open end {key} needs {a_number(line.end)}"
    return text + f"; ends in {a_number(line.end)}, not open now"


def table_lines(board: Board, labels: Mapping[str, str]) -> list[str]:
    """The whole table: the centre, then every line in tree order (toes under their foot),
    then the open ends not started yet."""
    lines = [
        f"Centre {double_text(board.centre)}, {board.arms_started} of "
        f"{plural(board.arms_required, 'arm')}; {board_requirement(board)}"
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
        who = f"{name} (computer)" if seat in computers else name
        on_turn = ", on turn" if seat == turn else ""
        lines.append(f"{who}: {plural(count, 'tile')}, total {total}{on_turn}")
    return lines


def round_score_lines(names: Sequence[str], round_scores: Sequence[Sequence[int]]) -> list[str]:
    """Every round scored so far, one a line, then the totals ("Round 1: Ana 0, Bea 12")."""
    if not round_scores:
        return ["No round has been scored yet."]
    totals = [sum(column) for column in zip(*round_scores, strict=True)]
    return [
        *(
            f"Round {number}: {scores_text(names, scores)}"
            for number, scores in enumerate(round_scores, 1)
        ),
        f"Totals: {scores_text(names, totals)}",
    ]
