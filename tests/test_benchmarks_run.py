"""Every engine benchmark runs with tiny sizes and returns figures, so none can rot.

Only that they run and measure something is checked: no timing asserts.
"""

from __future__ import annotations

import pytest

from tests.benchmarks import bench_games, bench_memory, bench_steps
from tests.benchmarks.__main__ import main as run_benchmarks
from tests.benchmarks.__main__ import other_benchmarks


@pytest.mark.parametrize("preset_name", ["cross", "trains"])
def test_games_per_second(preset_name: str) -> None:
    assert bench_games.bot_games_per_second(preset_name, games=1) > 0
    assert bench_games.engine_games_per_second(preset_name, games=1) > 0


@pytest.mark.parametrize("preset_name", ["cross", "trains"])
def test_step_times(preset_name: str) -> None:
    times = bench_steps.step_times(preset_name, games=1)
    assert times.positions > 0
    assert times.legal_actions_us > 0 and times.apply_us > 0
    assert times.step_us == times.legal_actions_us + times.apply_us


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
    assert "unknown benchmark 'nonsense': choose from games, steps, memory" in capsys.readouterr().err
