"""Benchmarks: plain scripts that print figures, not collected by pytest.

``python -m tests.benchmarks`` runs them all; each ``bench_*.py`` also runs alone, e.g.
``python -m tests.benchmarks.bench_games``. ``tests/test_benchmarks_run.py`` calls every
engine benchmark with tiny sizes so they cannot rot (no timing asserts).
"""
