"""Fixtures for every test: a private data folder, and the ``kit`` of game helpers."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.kit import Kit


@pytest.fixture(autouse=True)
def data_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private data folder for saves and settings: no test touches the user's files.

    It is a folder of its own (not inside ``tmp_path``), so tests that list ``tmp_path``
    find only what they wrote there.
    """
    folder = tmp_path_factory.mktemp("data")
    monkeypatch.setenv("CHICKENFOOT_DATA_DIR", str(folder))
    return folder


@pytest.fixture
def kit() -> type[Kit]:
    """Helpers for building short games in tests."""
    return Kit
