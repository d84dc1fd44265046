"""The stores the store tests run against: SQLite in the test's data folder, and a real
PostgreSQL (a server of the tests' own, :mod:`tests.postgres`, one per xdist worker; a fresh
database per test). A test that takes ``opened`` runs once on each; the PostgreSQL run skips,
saying why, only where PostgreSQL cannot be had."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.postgres import PostgresServer, running_server, unavailable
from tests.saves.stores import STORE_KINDS, OpenStore, StoreMaker, open_store_of
from tests.slow import GUARD

STORE_PARAMS = [
    pytest.param(kind, marks=pytest.mark.slow) if kind == "postgresql" else kind
    for kind in STORE_KINDS
]
"""Each kind of store, as a fixture's parameter: a PostgreSQL run is slow (its fixtures start
the tests' own server, which the slow tests' finder cannot see through ``getfixturevalue``)."""


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """This worker's PostgreSQL server, started when a test first needs it."""
    reason = unavailable()
    if reason is not None:
        pytest.skip(f"PostgreSQL cannot be had here: {reason}")
    with contextlib.ExitStack() as ending:
        server = ending.enter_context(running_server(os.environ.get("PYTEST_XDIST_WORKER", "main")))
        yield server
        # Stopped after this worker's last test, which may be a quick one: the server was
        # started by a slow test, and stopping it is none of the last test's doing.
        with GUARD.test_running("the tests' PostgreSQL server stopping", slow=True):
            ending.close()


@pytest.fixture
def postgres_database(postgres_server: PostgresServer) -> Iterator[str]:
    """A fresh database holding an empty store, dropped after the test: its name."""
    with postgres_server.database() as name:
        yield name


@pytest.fixture(params=STORE_PARAMS)
def opened(request: pytest.FixtureRequest, data_dir: Path) -> Iterator[OpenStore]:
    """A new, empty store of each kind (see the module's description)."""
    if request.param == "sqlite":
        with open_store_of(data_dir / "chickenfoot.db") as store:
            yield store
        return
    server: PostgresServer = request.getfixturevalue("postgres_server")
    name: str = request.getfixturevalue("postgres_database")
    with open_store_of(server.address(name)) as store:
        yield store


@pytest.fixture(params=STORE_PARAMS)
def new_store(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> StoreMaker:
    """Makes new, empty stores of each kind, as many as the test asks for."""
    if request.param == "sqlite":
        return lambda: open_store_of(tmp_path_factory.mktemp("store") / "chickenfoot.db")
    server: PostgresServer = request.getfixturevalue("postgres_server")

    @contextlib.contextmanager
    def make() -> Iterator[OpenStore]:
        with server.database() as name, open_store_of(server.address(name)) as store:
            yield store

    return make
