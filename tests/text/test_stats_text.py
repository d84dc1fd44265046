"""The statistics in words: the report's tables, what was counted, the charts' words."""

from __future__ import annotations

from chickenfoot.record.names import display_width
from chickenfoot.record.tallies import ShareSeries
from chickenfoot.text.stats import (
    cell,
    counted_text,
    percent,
    report,
    running_totals_lines,
    win_share_lines,
)
from tests.saves.tally_oracle import GAMES, game, seat, tally


def test_counted_says_how_unfinished_games_count() -> None:
    stats = tally(GAMES, unfinished=2)
    assert counted_text(stats) == (
        "3 finished games. 2 unfinished games not counted: a game counts once it is over."
    )
    assert counted_text(tally(GAMES[:1])) == "1 finished game."
    assert counted_text(tally(())) == ("No finished games yet: a game counts here once it is over.")


def test_the_report_has_a_row_per_person_level_and_preset() -> None:
    sections = {section.title: section.lines for section in report(tally(GAMES))}
    people = sections["People"]
    assert people[
        0
    ] == f"{'person':<18}{'games':>6}{'won':>6}{'share':>8}{'mean':>8}{'best':>6}" + (
        f"{'worst':>7}  at zero"
    )
    assert people[1].split() == ["Ana", "3", "2", "66.7%", "18.3", "5", "40", "2", "of", "6"]
    assert people[2].split() == ["Bea", "2", "1", "25.0%", "25.0", "20", "30", "2", "of", "5"]
    versus = sections["Against the computer"]
    assert versus[0] == f"{'Ana':<18}{'casual':<10}won 1 of 2 games · finished ahead of it in 1"
    assert versus[1] == f"{'':<18}{'hard':<10}won 1 of 1 game · finished ahead of it in 1"
    levels = sections["Computer players, by level"]
    assert levels[1].split() == ["casual", "2", "1", "25.0%", "17.5"]
    presets = sections["Presets"]
    assert presets[1].split() == ["cross", "2", "3", "22.0", "7.5"]
    best = sections["Best and worst games (lowest and highest total)"]
    assert best[0].startswith("Ana")
    assert "best 5 (2026-03-03), worst 40 (2026-03-02)" in best[0]
    assert all(display_width(line) <= 80 for lines in sections.values() for line in lines)


def test_names_are_kept_literally_and_fitted_by_width() -> None:
    games = (game(0, "cross", 1, seat("[b]Ana[/b]", 1, 1), seat("漢字漢字漢字漢字漢字漢字", 2, 2)),)
    people = {s.title: s.lines for s in report(tally(games))}["People"]
    assert people[1].startswith("[b]Ana[/b] ")
    assert people[2].startswith("漢字漢字漢字漢字…")
    assert display_width(people[1]) == display_width(people[2])


def test_cell_and_percent() -> None:
    assert cell("Ana", 6) == "Ana   "
    assert cell("Anastasia", 6) == "Anas… "
    assert percent(2 / 3) == "66.7%"


def test_running_totals_in_words() -> None:
    assert running_totals_lines(["Ana", "Bea"], [(0, 5, 12), (0, 0, 30)]) == [
        "Ana: 5, 12",
        "Bea: 0, 30",
    ]
    assert running_totals_lines(["Ana", "Bea"], [(0,), (0,)]) == ["No round has finished yet."]


def test_win_share_in_words() -> None:
    series = [ShareSeries("Ana", 3, ((1, 1.0), (3, 2 / 3))), ShareSeries("Bea", 1, ((2, 0.0),))]
    assert win_share_lines(series) == ["Ana: 66.7% after 3 games", "Bea: 0.0% after 1 game"]
    assert win_share_lines([]) == ["No finished game has a person at the table yet."]
