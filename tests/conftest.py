"""Fixtures for every test: a private data folder, a patient Pilot, and the ``kit`` of game
helpers; and the ``slow`` marker kept true (:mod:`tests.slow`): every test that uses
something slow is marked, and a test not marked slow may start no process and not the app."""

from __future__ import annotations

from collections.abc import Generator, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.kit import Kit
from tests.slow import GUARD, slow_tests


def pytest_sessionstart(session: pytest.Session) -> None:
    """From now on, only a test marked slow may start a process or the app."""
    GUARD.install()


def pytest_sessionfinish(session: pytest.Session) -> None:
    """Processes and the app start unchecked again."""
    GUARD.uninstall()


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark slow every test that uses something slow (:func:`~tests.slow.slow_tests`), before
    ``-m`` chooses."""
    for item in slow_tests(items):
        item.add_marker(pytest.mark.slow)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Generator[None]:
    """Run ``item`` (its fixtures too) refusing processes and the app unless it is slow."""
    slow = item.get_closest_marker("slow") is not None
    with GUARD.test_running(item.nodeid, slow=slow):
        return (yield)


@pytest.fixture(autouse=True)
def data_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private data folder for saves and settings: no test touches the user's files (nor a
    PostgreSQL store the environment names).

    It is a folder of its own (not inside ``tmp_path``), so tests that list ``tmp_path``
    find only what they wrote there.
    """
    folder = tmp_path_factory.mktemp("data")
    monkeypatch.setenv("CHICKENFOOT_DATA_DIR", str(folder))
    monkeypatch.delenv("CHICKENFOOT_STORE", raising=False)  # never a developer's PostgreSQL
    return folder


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every test speaks English, whatever language the developer's system speaks: the
    environment names English (for the commands tests start too) and the program speaks it
    until a test chooses another language; the language before is back after the test."""
    from chickenfoot.lang import speaking

    monkeypatch.setenv("LANGUAGE", "en")
    with speaking("en"):
        yield


PILOT_PATIENCE = 300.0
"""Seconds Textual's Pilot waits for a screen to handle its pending messages before it gives
up (its own limit is 30 s, which a heavily loaded machine can exceed: a timing dependency).
A screen that truly hangs still fails its test, after this long."""


@pytest.fixture(autouse=True)
def patient_pilot(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pilot (keys, pauses, snapshots) waits up to :data:`PILOT_PATIENCE` for the screen.

    A patch of Textual's private API (its limit has no public setting), checked against the
    Textual version it was verified with in ``tests/tui/test_textual_pins.py``."""
    from textual.pilot import Pilot

    wait = Pilot._wait_for_screen

    async def patient(self: Pilot[Any], timeout: float = PILOT_PATIENCE) -> bool:
        return await wait(self, timeout)

    monkeypatch.setattr(Pilot, "_wait_for_screen", patient)


@pytest.fixture
def kit() -> type[Kit]:
    """Helpers for building short games in tests."""
    return Kit
