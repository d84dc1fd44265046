"""The chickenfoot test suite (a package, so ``python -m tests.benchmarks`` works)."""
