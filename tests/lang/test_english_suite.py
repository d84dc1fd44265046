"""The suite speaks English on every machine: a developer whose system speaks Galician still
gets a green suite (``tests/conftest.py`` pins English for every test)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from chickenfoot.lang.choosing import choose

ROOT = Path(__file__).resolve().parents[2]
GALICIAN = {"LANGUAGE": "gl:es", "LC_ALL": "gl_ES.UTF-8", "LANG": "gl_ES.UTF-8"}

TESTS_THAT_READ_ENGLISH = (
    "tests/lang/test_choosing.py::test_every_test_speaks_english_whatever_the_developer_s_system_speaks",
    "tests/test_cli_language_choice.py::test_an_unknown_language_is_refused_listing_those_there_are",
    "tests/plain/test_app.py::test_the_menu_is_said_item_by_item_and_quit_says_goodbye",
)


def test_a_developer_whose_system_speaks_galician_gets_an_english_suite() -> None:
    environment = {**os.environ, **GALICIAN}
    assert choose(None, None, environment) == "gl", "without the pin, Galician would be spoken"
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *TESTS_THAT_READ_ENGLISH],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stdout[-3000:]
    assert f"{len(TESTS_THAT_READ_ENGLISH)} passed" in result.stdout
