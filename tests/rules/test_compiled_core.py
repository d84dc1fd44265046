"""The optional compiled rules core (``make fast``) plays exactly as the pure-Python one.

Seeded games on tables of 2 to 8 seats, both presets and every drawing rule are played in two
fresh interpreters, one on the sources and one on the mypyc build; every position, every
event and the refusal of a wrong move at every step must be the same. The build is the one in
the checkout if it is up to date, else one made for the test in a temporary folder (skipped,
with the reason, where mypyc or a C compiler is missing).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.benchmarks.engine_builds import (
    ROOT,
    build,
    cannot_build,
    compiled_sources,
    stale_modules,
)

GAMES = 25
"""Games per traced table (six tables): some 30,000 positions."""


@pytest.fixture(scope="module")
def compiled_checkout(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder whose ``chickenfoot`` has the rules core compiled, up to date."""
    if compiled_sources() and not stale_modules():
        return ROOT
    reason = cannot_build()
    if reason is not None:
        pytest.skip(f"the compiled core cannot be built here: {reason}")
    folder = tmp_path_factory.mktemp("fast")
    shutil.copytree(
        ROOT / "chickenfoot",
        folder / "chickenfoot",
        ignore=shutil.ignore_patterns("__pycache__", "*.so"),
    )
    build(folder)
    return folder


def traced(checkout: Path, mode: str) -> tuple[bool, list[str]]:
    """Whether the core was compiled, and the trace of the games, in a fresh interpreter."""
    done = subprocess.run(
        [sys.executable, "-m", "tests.benchmarks.engine_builds", "trace", str(GAMES), mode],
        cwd=checkout,  # first on the path: its chickenfoot, then the tests of this checkout
        env=dict(os.environ, PYTHONPATH=os.pathsep.join([str(checkout), str(ROOT)])),
        capture_output=True,
        text=True,
        check=True,
    )
    result = json.loads(done.stdout)
    return result["compiled"], result["lines"]


@pytest.mark.slow  # builds with mypyc and starts interpreters
def test_the_compiled_core_plays_every_game_as_the_pure_one(compiled_checkout: Path) -> None:
    pure, pure_lines = traced(ROOT, "pure")
    compiled, compiled_lines = traced(compiled_checkout, "as-is")
    assert not pure and compiled
    assert len(pure_lines) > 10_000
    pairs = zip(pure_lines, compiled_lines, strict=False)
    first_difference = next((index for index, (a, b) in enumerate(pairs) if a != b), None)
    assert first_difference is None, (
        f"step {first_difference}:\npure:     {pure_lines[first_difference][:500]}\n"
        f"compiled: {compiled_lines[first_difference][:500]}"
    )
    assert len(pure_lines) == len(compiled_lines)


def test_a_compiled_module_older_than_its_source_is_stale(tmp_path: Path) -> None:
    package = tmp_path / "chickenfoot"
    package.mkdir()
    for name in ("fresh", "edited"):
        (package / f"{name}.py").write_text("")
        (package / f"{name}.cpython-311-x86_64-linux-gnu.so").write_bytes(b"")
    (tmp_path / "0123__mypyc.cpython-311-x86_64-linux-gnu.so").write_bytes(b"")
    later = time.time() + 60
    os.utime(package / "edited.py", (later, later))
    assert set(compiled_sources(tmp_path)) == {package / "fresh.py", package / "edited.py"}
    assert stale_modules(tmp_path) == ["chickenfoot.edited"]


def test_the_compiled_core_in_this_checkout_is_up_to_date() -> None:
    assert stale_modules() == [], (
        "the compiled rules core is older than its source: run `make fast` again (or "
        "`make pure` for the pure-Python core)"
    )
