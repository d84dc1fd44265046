"""A table server's files are its own: the data folder is readable by its owner alone (0700),
and so are the database and its journal (0600), which hold the decks of games in play; a
server started on files an older version left open to everybody narrows them."""

from __future__ import annotations

import sqlite3
import stat
from pathlib import Path

from chickenfoot.saves.paths import database_path
from tests.net.online import online, options, started, wait_for


def mode(path: Path) -> int:
    """The permission bits of ``path``."""
    return stat.S_IMODE(path.stat().st_mode)


async def test_the_servers_folder_database_and_journal_are_private(data_dir: Path) -> None:
    data_dir.mkdir(parents=True, exist_ok=True)
    data_dir.chmod(0o755)
    old = sqlite3.connect(database_path())  # an older server's database, open to all
    old.close()
    database_path().chmod(0o644)
    async with online() as room:
        probes, code = await started(room, 2, rounds=1)
        table = room.server.tables[code]
        await wait_for(lambda: table.host is not None, "the deal")
        journal = database_path().with_name(database_path().name + "-wal")
        index = database_path().with_name(database_path().name + "-shm")
        await wait_for(journal.exists, "the journal")
        assert mode(data_dir) == 0o700
        assert [mode(path) for path in (database_path(), journal, index)] == [0o600] * 3
        for probe in probes:
            await probe.close()


async def test_a_new_servers_files_are_private_from_the_start(data_dir: Path) -> None:
    async with online() as room:
        room.table(options(2))
        assert mode(database_path()) == 0o600
        assert mode(data_dir) == 0o700
