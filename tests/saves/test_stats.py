"""The statistics' sources: finished games read from saved files, the cache, the tallies.

The tallies are checked on hand-made games with numbers worked out by hand; the facts of a
game against its own round scores; the cache by counting the files it reads.
"""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

import pytest

from chickenfoot.rules import preset
from chickenfoot.saves import stats as stats_module
from chickenfoot.saves.files import FileStamp
from chickenfoot.saves.jsonformat import save_record
from chickenfoot.saves.record import GameRecord, SeatConfig, load_record_with_stamp
from chickenfoot.saves.stats import (
    Gathered,
    cache_path,
    finished_game,
    forget_stats,
    gather,
)
from chickenfoot.saves.storage import forget_summaries, saves_dir
from chickenfoot.saves.tallies import tally, win_share_series
from tests.kit import short_rules
from tests.recorded import random_record
from tests.saves.stats_games import GAMES, START, game, seat


def people(*names: str) -> list[SeatConfig]:
    return [SeatConfig(name=name, player="human") for name in names]


def computer(level: str, name: str = "Bot") -> SeatConfig:
    return SeatConfig(name=name, player="computer", level=level)


def finished(seats: list[SeatConfig], seed: int, day: int = 0, rounds: int = 2) -> GameRecord:
    rules = short_rules(len(seats), rounds=rounds)
    return random_record(rules, seats, seed, created=START + timedelta(days=day))


def write(record: GameRecord, name: str) -> Path:
    path = saves_dir() / name
    save_record(record, path)
    return path


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """The files the statistics read (not the summaries' own reading)."""
    seen: list[Path] = []

    def counting(path: Path | str) -> tuple[GameRecord, FileStamp]:
        seen.append(Path(path))
        return load_record_with_stamp(path)

    monkeypatch.setattr(stats_module, "load_record_with_stamp", counting)
    return seen


def new_process() -> None:
    """Forget everything remembered in memory, as a new process starts."""
    forget_stats()
    forget_summaries()


# ----- the facts of one game -------------------------------------------------------------------


def test_a_finished_game_is_ranked_by_its_round_scores() -> None:
    record = finished([*people("Ana", "Bea"), computer("greedy")], seed=3)
    game = finished_game(record, Path("x.json"))
    scores = record.final_state().round_scores
    totals = [sum(scores[r][seat] for r in range(len(scores))) for seat in range(3)]
    assert [seat.total for seat in game.seats] == totals
    assert [seat.name for seat in game.seats] == ["Ana", "Bea", "Bot"]
    assert [seat.level for seat in game.seats] == [None, None, "casual"]  # greedy is casual
    assert game.rounds == len(scores) == 2
    assert game.preset == "cross"
    assert game.created == START
    lowest = min(totals)
    assert {seat.place for seat in game.seats if seat.total == lowest} == {1}
    assert all(seat.place > 1 for seat in game.seats if seat.total > lowest)
    zeros = [sum(1 for r in scores if r[seat] == 0) for seat in range(3)]
    assert [seat.zero_rounds for seat in game.seats] == zeros


def test_an_older_level_name_counts_as_its_ladder_level() -> None:
    record = finished([*people("Ana"), computer("random")], seed=5)
    assert finished_game(record, Path("x.json")).seats[1].level == "beginner"


# ----- tallies from hand-made games ------------------------------------------------------------


def test_tally_per_person() -> None:
    stats = tally(Gathered(GAMES, unfinished=2, broken=()))
    assert stats.games == 3
    assert stats.unfinished == 2
    ana, bea = stats.players
    assert (ana.name, ana.games, ana.won, ana.shared) == ("Ana", 3, 2, 0)
    assert ana.share == pytest.approx(2 / 3)
    assert ana.mean_score == pytest.approx(55 / 3)
    assert (ana.best.total, ana.best.path) == (5, Path("g2.json"))
    assert (ana.worst.total, ana.worst.path) == (40, Path("g1.json"))
    assert (ana.zero_rounds, ana.rounds) == (2, 6)
    assert (bea.name, bea.games, bea.won, bea.shared) == ("Bea", 2, 1, 1)
    assert bea.share == pytest.approx(0.25)  # half of one win in two games


def test_tally_against_each_level() -> None:
    ana = tally(Gathered(GAMES, 0, ())).players[0]
    assert [(v.level, v.games, v.won, v.ahead) for v in ana.versus] == [
        ("casual", 2, 1, 1),  # lost game 1 (behind it), won game 2 (ahead)
        ("hard", 1, 1, 1),
    ]
    bea = tally(Gathered(GAMES, 0, ())).players[1]
    # A win shared with the computer is a win, not a finish ahead of it.
    assert [(v.level, v.games, v.won, v.ahead) for v in bea.versus] == [
        ("casual", 1, 1, 0),
        ("hard", 1, 0, 1),
    ]


def test_tally_per_level_and_preset() -> None:
    stats = tally(Gathered(GAMES, 0, ()))
    assert [(s.level, s.games, s.won) for s in stats.levels] == [("casual", 2, 1), ("hard", 1, 0)]
    casual = stats.levels[0]
    assert casual.share == pytest.approx(0.25)
    assert casual.mean_score == pytest.approx(17.5)
    cross, trains = stats.presets
    assert (cross.preset, cross.games, cross.rounds) == ("cross", 2, 3)
    assert cross.mean_score == pytest.approx((10 + 30 + 50 + 5 + 15) / 5)
    assert cross.mean_winning_score == pytest.approx((10 + 5) / 2)
    assert (trains.preset, trains.games, trains.rounds) == ("trains", 1, 3)
    assert trains.mean_winning_score == pytest.approx(20)


def test_people_are_listed_most_games_first_then_by_name() -> None:
    games = (
        game(0, "cross", 1, seat("bea", 1, 1), seat("Ana", 2, 2)),
        game(1, "cross", 1, seat("Cy", 1, 1), seat("Ana", 2, 2)),
    )
    assert [p.name for p in tally(Gathered(games, 0, ())).players] == ["Ana", "bea", "Cy"]


def test_no_games_no_people() -> None:
    stats = tally(Gathered((), 0, ()))
    assert (stats.games, stats.players, stats.levels, stats.presets) == (0, (), (), ())


def test_win_share_over_time() -> None:
    ana, bea = win_share_series(GAMES, ["Ana", "Bea"], most_points=10)
    expected: tuple[tuple[int, object], ...] = ((1, 1.0), (2, 0.5), (3, pytest.approx(2 / 3)))
    assert ana.points == expected
    assert ana.games == 3
    assert bea.points == ((1, 0.0), (2, 0.25))


def test_win_share_keeps_at_most_the_points_asked_with_the_last() -> None:
    games = tuple(game(day, "cross", 1, seat("Ana", 1, 1), seat("Bea", 2, 2)) for day in range(50))
    (ana,) = win_share_series(games, ["Ana"], most_points=7)
    assert len(ana.points) == 7
    assert ana.points[0][0] == 1
    assert ana.points[-1][0] == 50
    assert ana.games == 50


# ----- gathering from the saves folder ----------------------------------------------------------


def test_gather_counts_finished_games_only_and_lists_broken_files(reads: list[Path]) -> None:
    one = write(finished([*people("Ana"), computer("hard")], seed=1, day=2), "one.json")
    two = write(finished([*people("Ana", "Bea")], seed=2, day=1), "two.json")
    rules = short_rules(2, rounds=2)
    write(random_record(rules, people("Ana", "Bea"), 3, stop_after=4), "unfinished.json")
    (saves_dir() / "broken.json").write_text("{ not json", encoding="utf-8")
    (saves_dir() / "foreign.json").write_text('{"format": "spreadsheet"}', encoding="utf-8")
    gathered = gather()
    assert [g.path for g in gathered.games] == [two, one]  # oldest first
    assert gathered.unfinished == 1
    assert sorted(s.path.name for s in gathered.broken) == ["broken.json", "foreign.json"]
    assert all(s.error and s.path.name in s.error for s in gathered.broken)
    assert sorted(reads) == sorted([one, two])  # unfinished and broken files: not for the stats


def test_an_empty_or_missing_folder_has_no_games() -> None:
    assert gather() == Gathered((), 0, ())
    assert not cache_path().exists()


def test_the_second_reading_is_from_the_cache(reads: list[Path]) -> None:
    for number in range(3):
        write(
            finished([*people("Ana"), computer("casual")], seed=number, day=number),
            f"{number}.json",
        )
    first = gather()
    assert len(reads) == 3
    assert cache_path().is_file()
    reads.clear()
    assert gather() == first  # same process: from memory
    new_process()
    assert gather() == first  # a new process: from the cache file
    assert reads == []


def test_a_changed_file_is_read_again(reads: list[Path]) -> None:
    path = write(finished([*people("Ana", "Bea")], seed=1), "game.json")
    write(finished([*people("Ana", "Bea")], seed=2, day=1), "other.json")
    gather()
    reads.clear()
    write(finished([*people("Cy", "Dee")], seed=3), "game.json")
    new_process()
    gathered = gather()
    assert reads == [path]
    assert {s.name for g in gathered.games for s in g.seats} == {"Ana", "Bea", "Cy", "Dee"}


def test_a_file_changed_while_the_app_runs_is_read_again(reads: list[Path]) -> None:
    path = write(finished([*people("Ana", "Bea")], seed=1), "game.json")
    gather()
    gather()  # the file's summary is now vouched for
    reads.clear()
    write(finished([*people("Cy", "Dee")], seed=3), "game.json")
    (only,) = gather().games
    assert reads == [path]
    assert [seat.name for seat in only.seats] == ["Cy", "Dee"]


def test_a_file_that_breaks_is_listed_and_a_deleted_one_forgotten(reads: list[Path]) -> None:
    keep = write(finished([*people("Ana", "Bea")], seed=1), "keep.json")
    broken = write(finished([*people("Ana", "Bea")], seed=2), "broken.json")
    gone = write(finished([*people("Ana", "Bea")], seed=3), "gone.json")
    assert len(gather().games) == 3
    broken.write_text("{", encoding="utf-8")
    gone.unlink()
    gathered = gather()
    assert [g.path for g in gathered.games] == [keep]
    assert [s.path for s in gathered.broken] == [broken]
    cached = json.loads(cache_path().read_text(encoding="utf-8"))
    assert list(cached["files"]) == ["keep.json"]


@pytest.mark.parametrize(
    "cache",
    [
        "{",
        "[]",
        '{"format": "chickenfoot-stats-cache", "version": 99, "files": {}}',
        "BAD-ENTRY",
    ],
)
def test_a_bad_cache_is_rebuilt_from_the_files(reads: list[Path], cache: str) -> None:
    path = write(finished([*people("Ana", "Bea")], seed=1), "game.json")
    expected = gather()
    if cache == "BAD-ENTRY":
        document = json.loads(cache_path().read_text(encoding="utf-8"))
        document["files"]["game.json"][6][0][0] = "\u202eAna"  # seat 0's name: not a name
        cache = json.dumps(document)
    cache_path().write_text(cache, encoding="utf-8")
    new_process()
    reads.clear()
    assert gather() == expected
    assert reads == [path]
    new_process()
    reads.clear()
    assert gather() == expected  # rebuilt: read from the cache again
    assert reads == []


def test_progress_is_told_before_the_first_file_and_after_each() -> None:
    for number in range(2):
        write(finished([*people("Ana", "Bea")], seed=number), f"{number}.json")
    (saves_dir() / "broken.json").write_text("{", encoding="utf-8")
    told: list[tuple[int, int]] = []
    gather(lambda done, total: told.append((done, total)))
    assert told == [(0, 3), (1, 3), (2, 3), (3, 3)]


def test_trains_games_count_under_their_preset() -> None:
    rules = preset("trains", players=2, set_size=6, hand_size=5, rounds=1)
    write(random_record(rules, people("Ana", "Bea"), 4), "trains.json")
    (only,) = gather().games
    assert only.preset == "trains"
