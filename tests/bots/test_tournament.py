"""Tournaments: lineups, seat rotations on duplicate deals, and the statistics they report."""

from __future__ import annotations

import math
from typing import Any

import pytest

from chickenfoot.bots import match, tournament
from chickenfoot.bots.tournament import (
    TournamentPlan,
    decision_times,
    estimate,
    lineup_for,
    play_deal,
    run_tournament,
)
from chickenfoot.rules import preset

RULES = preset("cross", rounds=1)


def test_a_short_lineup_repeats_its_last_level() -> None:
    assert lineup_for(["expert", "casual"], 4) == ("expert", "casual", "casual", "casual")
    assert lineup_for(["hard", "hard", "greedy", "random"], 4) == (
        "hard",
        "hard",
        "greedy",
        "random",
    )
    with pytest.raises(ValueError, match="name at least one level"):
        lineup_for([], 4)
    with pytest.raises(ValueError, match="3 levels for 2 seats"):
        lineup_for(["hard"] * 3, 2)
    with pytest.raises(ValueError, match="unknown computer player level 'x': choose from begin"):
        lineup_for(["x"], 2)


def test_every_deal_is_played_once_per_rotation_of_the_lineup(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seatings: list[list[str]] = []
    decks_played: list[Any] = []
    real_play_game = match.play_game

    def recording(rules: Any, strategies: Any, decks: Any) -> Any:
        seatings.append([strategy.inner.level for strategy in strategies])
        decks_played.append(decks)
        return real_play_game(rules, strategies, decks)

    monkeypatch.setattr(tournament, "play_game", recording)
    plan = TournamentPlan(RULES, lineup_for(["hard", "casual"], 4), deals=1, seed=3)
    outcome = play_deal(plan, plan.deal_seeds()[0])
    assert seatings == [
        ["hard", "casual", "casual", "casual"],
        ["casual", "hard", "casual", "casual"],
        ["casual", "casual", "hard", "casual"],
        ["casual", "casual", "casual", "hard"],
    ]
    assert all(decks == decks_played[0] for decks in decks_played)
    assert outcome.shares["hard"] + 3 * outcome.shares["casual"] == pytest.approx(1)
    assert len(outcome.times["hard"]) > 0


def test_an_expert_is_told_the_lineup_of_each_rotation(monkeypatch: pytest.MonkeyPatch) -> None:
    planners: list[frozenset[int]] = []
    real_play_game = match.play_game

    def recording(rules: Any, strategies: Any, decks: Any) -> Any:
        planners.extend(s.inner.planners for s in strategies if s.inner.level == "expert")
        return real_play_game(rules, strategies, decks)

    monkeypatch.setattr(tournament, "play_game", recording)
    lineup = ("expert", "hard", "casual", "casual")
    plan = TournamentPlan(RULES, lineup, deals=1, seed=3, playouts=8)
    play_deal(plan, plan.deal_seeds()[0])
    # The expert's seat moves on one each rotation, the hard seat with it.
    assert planners == [{0, 1}, {1, 2}, {2, 3}, {3, 0}]


def test_the_standings_of_a_fixed_seed() -> None:
    plan = TournamentPlan(RULES, lineup_for(["hard", "beginner"], 4), deals=6, seed=1)
    seen: list[int] = []
    standings = run_tournament(plan, on_deal=lambda now: seen.append(now.games))
    assert seen == [4, 8, 12, 16, 20, 24] and standings.games == plan.games == 24
    assert standings.levels == ("hard", "beginner")
    hard, beginner = standings.win_share("hard"), standings.win_share("beginner")
    assert hard.mean + 3 * beginner.mean == pytest.approx(1)
    assert hard.margin is not None and 0 < hard.margin < 1
    scores = standings.mean_score("hard")
    assert scores.mean > 0 and scores.margin is not None
    times = standings.times("hard")
    assert times.count > 0 and 0 < times.median <= times.p95 <= times.longest
    again = run_tournament(plan)
    assert [outcome.shares for outcome in again.outcomes] == [
        outcome.shares for outcome in standings.outcomes
    ]
    assert [outcome.scores for outcome in again.outcomes] == [
        outcome.scores for outcome in standings.outcomes
    ]


def test_the_figures_of_a_fixed_seed_are_the_statistics_of_its_deals() -> None:
    # Casual against three beginners, five one-round deals: the per-deal values are pinned
    # (they change only if those players or the rules do), and every figure follows from them.
    plan = TournamentPlan(RULES, lineup_for(["casual", "beginner"], 4), deals=5, seed=1)
    standings = run_tournament(plan)
    shares = [outcome.shares["casual"] for outcome in standings.outcomes]
    assert shares == [0.25, 0.0, 0.0, 0.25, 0.0]
    assert [outcome.shares["beginner"] for outcome in standings.outcomes] == pytest.approx(
        [0.25, 1 / 3, 1 / 3, 0.25, 1 / 3]
    )
    casual = standings.win_share("casual")
    assert casual.mean == pytest.approx(0.1)
    spread = math.sqrt(sum((share - 0.1) ** 2 for share in shares) / 4)
    assert casual.margin == pytest.approx(1.959964 * spread / math.sqrt(5))
    scores = [outcome.scores["casual"] for outcome in standings.outcomes]
    assert scores == [15.25, 18.25, 22.0, 15.25, 20.75]
    assert standings.mean_score("casual").mean == pytest.approx(18.3)
    assert standings.win_share("beginner").mean == pytest.approx(0.3)
    decisions = sum(len(outcome.times["casual"]) for outcome in standings.outcomes)
    assert standings.times("casual").count == decisions > 0


def test_processes_play_the_same_deals_as_one() -> None:
    plan = TournamentPlan(
        preset("cross", players=2, rounds=1), ("expert", "casual"), deals=3, seed=9, playouts=6
    )
    alone, shared = run_tournament(plan), run_tournament(plan, jobs=2)
    assert [outcome.shares for outcome in shared.outcomes] == [
        outcome.shares for outcome in alone.outcomes
    ]
    assert [outcome.scores for outcome in shared.outcomes] == [
        outcome.scores for outcome in alone.outcomes
    ]


def test_an_estimate_is_a_mean_with_a_95_percent_interval() -> None:
    found = estimate([1.0, 2.0, 3.0, 4.0])
    assert found.mean == 2.5
    assert found.margin == pytest.approx(1.959964 * math.sqrt(5 / 3) / 2)
    assert estimate([0.5]).margin is None and estimate([]).mean == 0.0


def test_decision_times_are_median_95th_percentile_and_longest() -> None:
    times = decision_times([float(value) for value in range(1, 101)])
    assert (times.count, times.median, times.p95, times.longest) == (100, 50.5, 95.0, 100.0)
    assert decision_times([]).count == 0


def test_the_bots_benchmark_runs_and_measures_something() -> None:
    from tests.benchmarks import bench_bots

    assert bench_bots.playouts_per_second("cross", "casual policy", rounds=2) > 0
    times = bench_bots.level_decision_times("trains", "hard", games=1, rounds=1)
    assert times.count > 0 and times.longest >= times.median > 0
