"""The commands on a PostgreSQL store, as real processes: ``import``, ``games``, ``export`` and
``stats`` with ``--store`` (or ``CHICKENFOOT_STORE``), ``host --store`` playing a table whose
moves land in PostgreSQL and which comes back when the server starts again, and a store that
cannot be reached or a driver that is missing, each told in one line. The server is the tests'
own, on a Unix socket (:mod:`tests.postgres`); every process has a deadline."""

from __future__ import annotations

import re
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from chickenfoot.record.model import GameRecord
from chickenfoot.saves.choice import EXTRA_MISSING, STORE_VARIABLE
from chickenfoot.saves.jsonformat import load_record, save_record
from tests.kit import seats, short_rules
from tests.net.processes import Process
from tests.postgres import PostgresServer
from tests.recorded import random_record
from tests.test_cli import run

DEADLINE = 120
"""Seconds a command may take before the test fails (only a hang comes near it)."""


def command(
    data: Path, *arguments: str, environment: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """``chickenfoot ARGUMENTS`` run to its end, with the data folder ``data``."""
    return subprocess.run(
        [sys.executable, "-m", "chickenfoot", *arguments],
        capture_output=True,
        text=True,
        timeout=DEADLINE,
        check=False,
        env={**_environment(), "CHICKENFOOT_DATA_DIR": str(data), **(environment or {})},
    )


def _environment() -> dict[str, str]:
    import os

    return {name: value for name, value in os.environ.items() if name != STORE_VARIABLE}


def finished(seed: int) -> GameRecord:
    return random_record(short_rules(2), seats("human", "computer"), seed)


def test_the_library_commands_read_and_write_the_postgresql_store(
    postgres_server: PostgresServer, postgres_database: str, tmp_path: Path
) -> None:
    address = postgres_server.address(postgres_database)
    data = tmp_path / "data"
    files = tmp_path / "files"
    files.mkdir()
    records = [finished(seed) for seed in (1, 2)]
    for number, record in enumerate(records):
        save_record(record, files / f"game{number}.json")

    imported = command(data, "import", str(files), "--store", address)
    assert (imported.returncode, imported.stderr) == (0, "")
    numbers = [int(n) for n in re.findall(r"added as game (\d+)", imported.stdout)]
    assert len(numbers) == 2

    listed = command(data, "games", "--store", address)
    assert listed.returncode == 0
    assert sorted(int(line.split()[0]) for line in listed.stdout.splitlines()) == sorted(numbers)
    assert "Ana, Bea" in listed.stdout

    by_variable = command(data, "games", "--finished", environment={STORE_VARIABLE: address})
    assert by_variable.stdout == listed.stdout, "CHICKENFOOT_STORE names the same store"

    exported = command(data, "export", "--all", "--to", str(tmp_path / "out"), "--store", address)
    assert exported.returncode == 0
    written = sorted(
        (load_record(Path(line)) for line in exported.stdout.splitlines()),
        key=lambda record: record.seed or 0,
    )
    assert written == records

    stats = command(data, "stats", "--store", address)
    assert stats.returncode == 0
    assert "Ana" in stats.stdout and "2 finished games" in stats.stdout

    assert not (data / "chickenfoot.db").exists(), "the SQLite store was never opened"
    [(count,)] = postgres_server.execute(postgres_database, "SELECT count(*) FROM games")
    assert count == 2


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_a_store_that_cannot_be_reached_is_one_line(tmp_path: Path) -> None:
    port = free_port()
    for name in ("games", "stats", "host"):
        done = command(
            tmp_path / "data", name, "--store", f"postgresql://chickenfoot@127.0.0.1:{port}/games"
        )
        assert done.returncode == 2
        assert done.stderr == (
            f"chickenfoot {name}: error: postgresql://chickenfoot@127.0.0.1:{port}/games: no "
            "database server answers there (is PostgreSQL running, at that address and port?)\n"
        )


def test_a_store_option_that_is_no_postgresql_address_is_refused(tmp_path: Path) -> None:
    done = command(tmp_path / "data", "games", "--store", "games.db")
    assert done.returncode == 2
    assert "argument --store: games.db is not a PostgreSQL address" in done.stderr
    assert "Traceback" not in done.stderr


def test_without_the_driver_the_store_says_how_to_install_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for module in [name for name in sys.modules if name.startswith("chickenfoot.saves.postgresql")]:
        monkeypatch.delitem(sys.modules, module)
    monkeypatch.setitem(sys.modules, "psycopg", None)
    status, _out, err = run(capsys, "games", "--store", "postgresql://ana@/games")
    assert status == 2
    assert err == f"chickenfoot games: error: {EXTRA_MISSING}\n"


def test_host_keeps_its_tables_and_moves_in_postgresql_and_brings_them_back(
    postgres_server: PostgresServer, postgres_database: str, tmp_path: Path
) -> None:
    address = postgres_server.address(postgres_database)
    arguments = ["host", "--port", "0", "--store", address]
    rules = ["--players", "2", "--set", "6", "--hand-size", "4", "--rounds", "2"]
    server = Process([*arguments, "--table", "--seats", "person,casual", *rules], tmp_path / "data")
    try:
        code, join_line = server.wait_for_line(r"^table (\w+): chickenfoot join (\S+)$").groups()
        player = Process(
            ["join", join_line, "--computer", "casual", "--think", "0.05"], tmp_path / "ana"
        )
        try:
            player.wait_for_line(r" plays \d+\|\d+ on ")
        finally:
            player.kill()
        assert server.stop(signal.SIGTERM) == 0
    finally:
        server.kill()
    [(game, data)] = postgres_server.execute(
        postgres_database, "SELECT game, data FROM online_tables WHERE code = %s", (code,)
    )
    assert game is not None and data["seats"][0]["name"] == "Ana"
    [(actions,)] = postgres_server.execute(
        postgres_database, "SELECT count(*) FROM actions WHERE game = %s", (game,)
    )
    assert actions > 0, "the moves were committed to PostgreSQL"
    assert not (tmp_path / "data" / "chickenfoot.db").exists()

    again = Process(arguments, tmp_path / "data")
    try:
        port = again.wait_for_line(r"tables are served at ws://[\d.]+:(\d+)$").group(1)
        watcher = Process(["join", f"{code}@127.0.0.1:{port}", "--watch"], tmp_path / "cy")
        try:
            watcher.wait_for_line(r" plays \d+\|\d+ on ")  # the game, from PostgreSQL
        finally:
            watcher.kill()
    finally:
        again.kill()
