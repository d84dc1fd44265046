"""The table server's garbage-collector policy: the oldest generation is collected only by the
server's periodic sweep while it runs (so no collection of every long-lived object stops every
table every few seconds), rings of garbage are still freed, and the collector is given back as
it was when the server stops. ``chickenfoot host`` runs with the policy; a server made in
another program (the tests', an app's) leaves the collector alone unless asked."""

from __future__ import annotations

import argparse
import asyncio
import gc
import socket
import weakref
from pathlib import Path
from typing import Any

import pytest

from chickenfoot.cli import host as host_command
from chickenfoot.net.collector import NEVER, SteadyCollector
from chickenfoot.net.forwarded import ProxyTrust
from chickenfoot.net.lease import LEASE
from chickenfoot.net.limits import Limits
from chickenfoot.net.protocol import CODE_ALPHABET
from chickenfoot.net.server import TableServer
from chickenfoot.saves.database import SqliteStore, database_path
from tests.net.online import wait_for


class _Ring:
    """An object that refers to itself: only the cyclic collector frees it."""

    def __init__(self) -> None:
        self.me: _Ring | None = self


def _old_ring() -> weakref.ref[_Ring]:
    """A ring of garbage in the oldest generation (a weak reference to it)."""
    ring = _Ring()
    gc.collect(1)  # the ring survives the young generations: it is promoted to the oldest
    return weakref.ref(ring)


def _churn() -> None:
    """Make the collector collect its young generations many times over."""
    for _ in range(200):
        kept = [[index] for index in range(2_000)]
        del kept


@pytest.fixture
def thresholds() -> Any:
    """The collector's thresholds, put back after the test whatever it did."""
    before = gc.get_threshold()
    yield before
    gc.set_threshold(*before)


async def test_rings_of_old_garbage_wait_for_the_sweep_and_are_freed_by_it(
    thresholds: tuple[int, int, int],
) -> None:
    collector = SteadyCollector(sweep=0.05)
    collector.start()
    try:
        assert gc.get_threshold() == (thresholds[0], thresholds[1], NEVER)
        ring = _old_ring()
        _churn()
        assert ring() is not None, "the oldest generation was collected before the sweep"
        await wait_for(lambda: collector.sweeps >= 1, "the sweep")
        assert ring() is None
    finally:
        collector.stop()
    assert gc.get_threshold() == thresholds
    assert not collector.running


async def test_the_sweep_comes_back_until_the_collector_stops(
    thresholds: tuple[int, int, int],
) -> None:
    collector = SteadyCollector(sweep=0.01)
    collector.start()
    await wait_for(lambda: collector.sweeps >= 3, "three sweeps")
    collector.stop()
    swept = collector.sweeps
    await asyncio.sleep(0.05)  # several sweep periods: none may come once stopped
    assert collector.sweeps == swept
    assert gc.get_threshold() == thresholds


async def test_a_server_started_with_the_policy_applies_it_and_gives_it_back(
    data_dir: Path, thresholds: tuple[int, int, int]
) -> None:
    server = TableServer(Limits(per_address=0), steady_collector=True)
    await server.start("127.0.0.1", 0)
    try:
        assert server.collector is not None and server.collector.running
        assert gc.get_threshold()[2] == NEVER
    finally:
        await server.close()
    assert gc.get_threshold() == thresholds


async def test_a_server_leaves_the_collector_alone_unless_asked(
    data_dir: Path, thresholds: tuple[int, int, int]
) -> None:
    server = TableServer(Limits(per_address=0))
    await server.start("127.0.0.1", 0)
    try:
        assert server.collector is None
        assert gc.get_threshold() == thresholds
    finally:
        await server.close()


class _Started(Exception):
    """Raised by the recording server once started: the command under test stops there."""


def test_the_host_command_runs_its_server_with_the_policy(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    made: list[TableServer] = []

    class Recording(TableServer):
        async def start(self, *args: Any, **kwargs: Any) -> int:
            made.append(self)
            raise _Started

    monkeypatch.setattr(host_command, "TableServer", Recording)
    listening = socket.create_server(("127.0.0.1", 0))
    store = SqliteStore(database_path(), sync_every_commit=False)
    try:
        args = argparse.Namespace(
            host="127.0.0.1", seed=None, advertise=None, lease=LEASE, code_letters=CODE_ALPHABET
        )
        served = host_command._serve(
            listening, args, store, Limits(), None, None, None, ProxyTrust()
        )
        with pytest.raises(_Started):
            asyncio.run(served)
    finally:
        listening.close()
    (server,) = made
    assert server.collector is not None
    server.worker.stop()
    server.store.close()
