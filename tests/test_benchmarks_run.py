"""Every engine benchmark runs with tiny sizes and returns figures, so none can rot, and so
do the terminal app's measure of keys pressed while an expert thinks and the start-up
benchmark's measures (one round each).

Only that they run and measure something is checked: no timing asserts.
"""

from __future__ import annotations

import asyncio
import random
import shutil
from pathlib import Path

import pytest

from chickenfoot.rules import apply, core, legal_actions, new_game, preset
from chickenfoot.rules.ruleset import PresetName
from tests.benchmarks import (
    bench_coach,
    bench_engine,
    bench_games,
    bench_memory,
    bench_online,
    bench_soak,
    bench_start,
    bench_steps,
    bench_tui,
    coach_ladder,
)
from tests.benchmarks.__main__ import main as run_benchmarks
from tests.benchmarks.__main__ import other_benchmarks
from tests.kit import stored

pytestmark = pytest.mark.slow  # runs the benchmarks


@pytest.mark.parametrize("preset_name", ["cross", "trains"])
@pytest.mark.parametrize("loop", bench_games.LOOPS.values(), ids=bench_games.LOOPS.keys())
def test_games_per_second(preset_name: PresetName, loop: bench_games.GameLoop) -> None:
    rate = bench_games.games_per_second(loop, preset_name, games=1, warm_up=1, runs=1)
    assert rate > 0


def test_the_game_loops_play_the_same_games() -> None:
    """The three loops time the same work: same decks and choices give the same games."""
    rules = bench_games.benchmark_rules("cross")
    decks = bench_games.game_decks(rules, 1, seed=5)[0]
    choice = random.Random(bench_games.SEED).choice
    position = core.new_game(rules, decks)
    state, _events = new_game(rules, decks)
    while not state.over:
        moves, actions = core.legal_moves(position), legal_actions(state)
        assert tuple(map(core.to_action, moves)) == actions
        index = actions.index(choice(actions))
        position = core.play(position, moves[index])
        state, _events = apply(state, actions[index])
        assert core.to_state(position) == state
    assert core.is_over(position)


@pytest.mark.parametrize("preset_name", ["cross", "trains"])
def test_step_times(preset_name: PresetName) -> None:
    times = bench_steps.step_times(preset_name, games=1)
    assert times.positions > 0
    assert times.legal_actions_us > 0 and times.apply_us > 0
    assert times.step_us == times.legal_actions_us + times.apply_us
    assert times.legal_moves_us > 0 and times.play_us > 0
    assert times.fast_step_us == times.legal_moves_us + times.play_us


def test_the_engine_is_measured_beside_the_reference() -> None:
    pure = bench_engine.Build("engine, pure Python", pure=True)
    reference, engines = bench_engine.side_by_side([pure], games=1, rounds=1)
    assert set(reference) == set(engines[pure.label]) == set(bench_engine.PRESET_NAMES)
    lines = bench_engine.report(reference, engines)
    assert lines[1].startswith("reference: the state API") and "1.00×" in lines[1]
    assert lines[2].startswith("engine, pure Python") and lines[2].count("×") == 2


@pytest.mark.parametrize(("set_size", "players"), bench_memory.SIZES)
def test_history_memory(set_size: int, players: int) -> None:
    memory = bench_memory.history_memory("cross", set_size, players, rounds=1)
    assert memory.actions > 0
    assert memory.peak_bytes > 0 and memory.bytes_per_state > 0


def test_the_runner_finds_the_other_benchmarks_and_refuses_unknown_names(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert "replay" in other_benchmarks()
    assert not {"games", "steps", "memory"} & set(other_benchmarks())
    assert run_benchmarks(["nonsense"]) == 2
    assert (
        "unknown benchmark 'nonsense': choose from games, steps, memory" in capsys.readouterr().err
    )


def test_keys_are_timed_while_an_expert_thinks(monkeypatch: pytest.MonkeyPatch) -> None:
    """The terminal app's benchmark of keys pressed while an expert searches runs its real
    app and search, its busy expert made by the real ``make_bot`` with the game's arguments."""
    monkeypatch.setattr(bench_tui, "KEY_SAMPLES", 2)
    game = stored(bench_tui.thinking_record(bench_tui.late_round_record()))
    samples = asyncio.run(bench_tui.thinking_key_times(game))
    assert len(samples) == 2
    assert all(seconds > 0 for seconds in samples)


def test_start_up_commands_are_timed_side_by_side(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(bench_start.BASE_VARIABLE, "HEAD")
    with bench_start.base_checkout() as base:
        assert base is not None and (base / "chickenfoot" / "__init__.py").is_file()
        times = bench_start.command_times({"here": bench_start.ROOT, "base": base}, rounds=1)
    assert list(times) == [
        "python -c pass",
        "--version, here",
        "--help, here",
        "--version, base",
        "--help, base",
    ]
    assert all(len(samples) == 1 and samples[0] > 0 for samples in times.values())


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_the_menu_is_timed_in_a_real_terminal() -> None:
    times = bench_start.menu_times({"this checkout": bench_start.ROOT}, rounds=1)
    assert list(times) == ["minimal Textual app", "this checkout"]
    assert all(len(samples) == 1 and samples[0] > 0 for samples in times.values())


def test_the_soak_run_times_computer_turns_through_the_screen(data_dir: Path) -> None:
    """The soak benchmark plays computer turns through the real screen and times each one
    (a short run: no timing is asserted, only that turns are played and timed)."""
    durations = asyncio.run(bench_soak.soak(turns=30, players=2))
    assert len(durations) == 30
    assert all(seconds > 0 for seconds in durations)


def test_the_online_benchmark_times_moves_over_loopback() -> None:
    """The table server's benchmark runs its real server and raw socket players (their think
    times varying) on two tables for a second of play, and returns its figures, the server's
    own included."""
    figures = bench_online.run(2, think=0.05, seconds=1.0, spread=0.5)
    assert figures["tables"] == 2 and figures["moves"] > 0
    assert 0 < figures["p50_ms"] <= figures["p95_ms"]
    assert figures["server_moves"] > 0, "the server timed the moves itself (host --move-times)"
    assert 0 < figures["server_p50_ms"] <= figures["server_p95_ms"]
    assert 0 <= figures["server_cpu_p50_ms"] <= figures["server_cpu_p95_ms"], "its CPU per move"
    assert figures["stop_s"] > 0
    assert figures["rss_mib"] > 0 and figures["cpu"] >= 0


def test_the_coach_benchmark_times_and_profiles_an_analysis() -> None:
    rules = preset("cross", players=3, set_size=6, rounds=1)
    rows = dict(bench_coach.figures(seeds=(1,), budget=20, rules=rules))
    assert any(what.startswith("game 1: ") for what in rows)
    shares = [value for what, value in rows.items() if "profiled" in what]
    assert len(shares) == len(bench_coach.AREAS) + 1
    assert all(share.endswith("%") for share in shares)


def test_the_coach_ladder_judges_each_level_s_decisions() -> None:
    rules = preset("cross", players=3, set_size=6, rounds=1)
    results = coach_ladder.measure(["beginner", "casual"], 2, rules, decisions=2, budget=20)
    assert {level: errors.decisions for level, errors in results.items()} == {
        "beginner": 4,
        "casual": 4,
    }
    assert coach_ladder.table(results)[2].startswith("| beginner | 2 | 4 | ")
