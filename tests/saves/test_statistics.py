"""The statistics as the store's queries answer them, checked against the same figures worked
out game by game (:mod:`tests.saves.tally_oracle`) over games played at random, and on games
whose figures are worked out by hand."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chickenfoot.record.model import GameRecord, SeatConfig
from chickenfoot.record.tallies import Statistics
from chickenfoot.rules import preset
from chickenfoot.saves.database import SqliteStore
from chickenfoot.saves.tallying import picked_points
from tests.kit import short_rules
from tests.recorded import random_record
from tests.saves.tally_oracle import START, FinishedGame, tally

PEOPLE = ("Ana", "Bea", "ana", "Cy")
LEVELS = ("random", "greedy", "casual", "hard", "beginner")


def people(*names: str) -> list[SeatConfig]:
    return [SeatConfig(name=name, player="human") for name in names]


def computer(level: str, name: str = "Bot") -> SeatConfig:
    return SeatConfig(name=name, player="computer", level=level)


def finished(seats: list[SeatConfig], seed: int, day: int = 0, rounds: int = 2) -> GameRecord:
    rules = short_rules(len(seats), rounds=rounds)
    return random_record(rules, seats, seed, created=START + timedelta(days=day))


@pytest.fixture
def store(tmp_path: Path) -> Iterator[SqliteStore]:
    opened = SqliteStore(tmp_path / "games.db")
    yield opened
    opened.close()


def assert_same(found: Statistics, expected: Statistics) -> None:
    """Equal, the averages to within rounding."""
    assert found.games == expected.games and found.unfinished == expected.unfinished
    assert [p.name for p in found.players] == [p.name for p in expected.players]
    for mine, theirs in zip(found.players, expected.players, strict=True):
        assert (mine.games, mine.won, mine.shared, mine.zero_rounds, mine.rounds) == (
            theirs.games,
            theirs.won,
            theirs.shared,
            theirs.zero_rounds,
            theirs.rounds,
        )
        assert mine.share == pytest.approx(theirs.share)
        assert mine.mean_score == pytest.approx(theirs.mean_score)
        assert (mine.best, mine.worst, mine.versus) == (theirs.best, theirs.worst, theirs.versus)
    assert [(one.level, one.games, one.won) for one in found.levels] == [
        (one.level, one.games, one.won) for one in expected.levels
    ]
    for mine_level, their_level in zip(found.levels, expected.levels, strict=True):
        assert mine_level.share == pytest.approx(their_level.share)
        assert mine_level.mean_score == pytest.approx(their_level.mean_score)
    assert [(p.preset, p.games, p.rounds) for p in found.presets] == [
        (p.preset, p.games, p.rounds) for p in expected.presets
    ]
    for mine_preset, their_preset in zip(found.presets, expected.presets, strict=True):
        assert mine_preset.mean_score == pytest.approx(their_preset.mean_score)
        assert mine_preset.mean_winning_score == pytest.approx(their_preset.mean_winning_score)
    assert len(found.series) == len(expected.series)
    for mine_series, their_series in zip(found.series, expected.series, strict=True):
        assert (mine_series.name, mine_series.games) == (their_series.name, their_series.games)
        assert [n for n, _s in mine_series.points] == [n for n, _s in their_series.points]
        assert [s for _n, s in mine_series.points] == pytest.approx(
            [s for _n, s in their_series.points]
        )


game_seats = st.lists(
    st.one_of(
        st.sampled_from(PEOPLE).map(lambda name: SeatConfig(name=name, player="human")),
        st.sampled_from(LEVELS).map(computer),
    ),
    min_size=2,
    max_size=4,
)


@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    games=st.lists(st.tuples(game_seats, st.integers(0, 10_000), st.integers(0, 30)), max_size=10),
    unfinished=st.integers(0, 2),
    most_points=st.integers(2, 6),
    deleted=st.sets(st.integers(0, 9), max_size=3),
)
def test_the_tallies_agree_with_the_games_worked_out_one_by_one(
    tmp_path_factory: pytest.TempPathFactory,
    games: list[tuple[list[SeatConfig], int, int]],
    unfinished: int,
    most_points: int,
    deleted: set[int],
) -> None:
    """Games dealt in any order (a game older than others shifts their ranks), some
    deleted again: the tallies kept in step say what the games say."""
    store = SqliteStore(tmp_path_factory.mktemp("stats") / "games.db")
    played: list[FinishedGame] = []
    for number, (seats, seed, day) in enumerate(games):
        record = finished(seats, seed, day)
        game = store.create(record)
        if number in deleted:
            store.delete(game)
        else:
            played.append(FinishedGame.of(game, record))
    for seed in range(unfinished):
        store.create(random_record(short_rules(2), people("Ana", "Eve"), seed, stop_after=3))
    played.sort(key=lambda game: (game.created, game.game))
    assert_same(store.statistics(2, most_points), tally(played, unfinished, 2, most_points))
    ranks = store._db.execute(
        "SELECT finished_rank FROM games WHERE finished = 1 ORDER BY created, id"
    ).fetchall()
    assert ranks == [(rank,) for rank in range(1, len(played) + 1)]
    assert (store.count("finished"), store.count("unfinished")) == (len(played), unfinished)
    assert store.count() == len(store.games())
    store.close()


def test_no_games_no_figures(store: SqliteStore) -> None:
    stats = store.statistics()
    assert (stats.games, stats.unfinished, stats.players, stats.levels, stats.presets) == (
        0,
        0,
        (),
        (),
        (),
    )


def test_hand_checked_figures(store: SqliteStore) -> None:
    record = finished([*people("Ana", "Bea"), computer("greedy")], seed=3)
    game = store.create(record)
    scores = record.final_state().round_scores
    totals = [sum(scores[r][seat] for r in range(len(scores))) for seat in range(3)]
    stats = store.statistics()
    ana, bea = sorted(stats.players, key=lambda player: player.name)
    assert (ana.games, ana.mean_score, ana.best.total, ana.best.game) == (
        1,
        totals[0],
        totals[0],
        game,
    )
    assert bea.mean_score == totals[1]
    assert ana.rounds == len(scores) == 2
    (level,) = stats.levels
    assert (level.level, level.games, level.mean_score) == ("casual", 1, totals[2])
    assert ana.zero_rounds == sum(1 for r in scores if r[0] == 0)
    lowest = min(totals)
    assert ana.won == (totals[0] == lowest)


def test_an_older_level_name_counts_as_its_ladder_level(store: SqliteStore) -> None:
    store.create(finished([*people("Ana"), computer("random")], seed=5))
    assert [level.level for level in store.statistics().levels] == ["beginner"]


def test_trains_games_count_under_their_preset(store: SqliteStore) -> None:
    rules = preset("trains", players=2, set_size=6, hand_size=5, rounds=1)
    store.create(random_record(rules, people("Ana", "Bea"), 2))
    assert [p.preset for p in store.statistics().presets] == ["trains"]


def test_a_line_keeps_at_most_the_points_asked_the_first_and_the_last() -> None:
    assert picked_points(3, 5) == [0, 1, 2]
    picked = picked_points(1000, 7)
    assert len(picked) == 7 and picked[0] == 0 and picked[-1] == 999
