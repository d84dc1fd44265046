"""The final results' words: what decided the win is said only after a tie, and the tie-break
columns are shown (and explained) only under rules that break ties by them."""

from __future__ import annotations

from chickenfoot.rules import GameOver
from chickenfoot.rules.events import Standing
from chickenfoot.tui.screens.game_over import TIE_BREAK_COLUMNS, decided_text, ranking_table

NAMES = ("Ana", "Bea", "Cy")


def game_over(decided_by: str, totals: tuple[int, int, int]) -> GameOver:
    """Three seats' final standings; seat 0 wins."""
    places = (1, 2, 3) if decided_by == "none" else (1, 2, 2)
    ranking = tuple(
        Standing(
            seat=seat, place=places[seat], total=total, zero_rounds=1 - seat % 2, lowest_round=4
        )
        for seat, total in enumerate(totals)
    )
    return GameOver(ranking=ranking, winners=(0,), decided_by=decided_by)  # type: ignore[arg-type]


def test_the_lowest_total_winning_needs_no_saying() -> None:
    assert decided_text(game_over("none", (10, 20, 30))) == ""
    assert decided_text(game_over("zero_rounds", (10, 10, 30))) == (
        " · decided by a tie on totals, broken by the most rounds scored at zero"
    )


def test_the_tie_break_columns_come_with_their_meaning() -> None:
    lines = ranking_table(game_over("none", (10, 20, 30)), NAMES).plain.splitlines()
    assert lines[0].split() == ["place", "seat", "total", "at", "zero", "lowest"]
    assert lines[-1] == TIE_BREAK_COLUMNS
    assert "lowest round above 0" in TIE_BREAK_COLUMNS


def test_without_tie_breaks_only_places_names_and_totals() -> None:
    lines = ranking_table(game_over("none", (10, 20, 30)), NAMES, tie_breaks=False).plain
    rows = lines.splitlines()
    assert rows[0].split() == ["place", "seat", "total"]
    assert rows[1].split() == ["1", "Ana", "10"]
    assert len(rows) == 1 + len(NAMES) and "lowest" not in lines
