"""Fixtures for every test: a private data folder, a patient Pilot, and the ``kit`` of game
helpers."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.kit import Kit


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


PILOT_PATIENCE = 300.0
"""Seconds Textual's Pilot waits for a screen to handle its pending messages before it gives
up (its own limit is 30 s, which a heavily loaded machine can exceed: a timing dependency).
A screen that truly hangs still fails its test, after this long."""


@pytest.fixture(autouse=True)
def patient_pilot(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pilot (keys, pauses, snapshots) waits up to :data:`PILOT_PATIENCE` for the screen."""
    from textual.pilot import Pilot

    wait = Pilot._wait_for_screen

    async def patient(self: Pilot[Any], timeout: float = PILOT_PATIENCE) -> bool:
        return await wait(self, timeout)

    monkeypatch.setattr(Pilot, "_wait_for_screen", patient)


@pytest.fixture
def kit() -> type[Kit]:
    """Helpers for building short games in tests."""
    return Kit
