"""The cluster benchmark runs each of its set-ups on a tiny load and returns figures (two
servers behind HAProxy with the takeover timed): only that it measures something is checked,
no timing."""

from __future__ import annotations

import shutil

import pytest

from tests.benchmarks import bench_cluster
from tests.postgres import PostgresServer


@pytest.mark.skipif(shutil.which("haproxy") is None, reason="HAProxy is not installed")
@pytest.mark.parametrize("setup", bench_cluster.SETUPS)
def test_the_cluster_benchmark_measures_each_setup(
    setup: str, postgres_server: PostgresServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bench_cluster, "MEASURE", 1.5)
    monkeypatch.setattr(bench_cluster, "THINK", 0.05)
    figures = bench_cluster.run(setup, 2, postgres_server)
    assert figures["moves"] > 0
    assert 0 < figures["p50_ms"] <= figures["p95_ms"]
    assert figures["cpu_ms_per_move"] > 0
    if setup == bench_cluster.SETUPS[2]:
        assert len(figures["cpu"]) == 2 and figures["commits_per_s"] > 0
        assert figures["taken_over"] == 0 or figures["takeover_s"] > 0
