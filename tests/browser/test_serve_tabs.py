"""How many tabs play at once, and that none outlives its server, however the server ends:
real servers on 127.0.0.1, a real ``kill -9``."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import sys
from contextlib import ExitStack
from pathlib import Path

import aiohttp
import pytest

from chickenfoot.cli.browser_access import full_house
from chickenfoot.saves.database import SqliteStore
from tests.browser.conftest import StartServer
from tests.browser.connections import games_of, has_ended, open_connection
from tests.browser.server import DEADLINE_SECONDS, Served, wait_until
from tests.kit import Kit, games_in, holders_in
from tests.recorded import random_record

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="the tests count a server's processes in /proc"
)

ESCAPES = re.compile(r"\x1b\[[0-9;?<>=]*[ -/]*[@-~]")


def tab_path(served: Served) -> str:
    """The path of a tab's connection, as the server's page opens it."""
    return f"/ws/{served.token}?width=80&height=24"


def test_one_tab_more_than_the_cap_is_told_so_and_starts_nothing(
    start_server: StartServer,
) -> None:
    served = start_server("--max-tabs", "1")
    assert "(one game at once at most)" in served.announced
    with ExitStack() as first:
        answer = first.enter_context(open_connection(served, tab_path(served)))
        assert answer.status == 101
        wait_until(lambda: len(games_of(served.process.pid)) == 1, "the first tab's game")
        with open_connection(served, tab_path(served)) as second:
            assert (second.status, second.text) == (503, full_house(1) + "\n")
        assert len(games_of(served.process.pid)) == 1
        assert full_house(1) == (
            "Chicken Foot is busy: this server plays one game at a time, and one is in play. "
            "Close another Chicken Foot tab, then reload this page."
        )
    # The first tab closed: its game ends, and its place is free again.
    wait_until(lambda: games_of(served.process.pid) == [], "the first tab's game to end")
    with open_connection(served, tab_path(served)) as again:
        assert again.status == 101


def test_the_cap_is_eight_unless_told() -> None:
    from chickenfoot.cli import build_parser

    arguments = build_parser().parse_args(["serve"])
    assert arguments.max_tabs == 8
    assert full_house(8).startswith("Chicken Foot is busy: this server plays 8 games at once")


async def shown_until(websocket: aiohttp.ClientWebSocketResponse, words: str) -> None:
    """Read what the tab's game draws until ``words`` appear (escape sequences removed)."""
    shown = ""
    async with asyncio.timeout(DEADLINE_SECONDS):
        while words not in ESCAPES.sub("", shown):
            message = await websocket.receive()
            assert message.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT), message
            if message.type == aiohttp.WSMsgType.BINARY:
                shown += message.data.decode("utf-8", "replace")


@pytest.fixture
def unfinished_game(tmp_path: Path) -> Path:
    """An unfinished game (a person and a computer) in the store of the served data folder;
    the data folder."""
    record = random_record(Kit.short_rules(2), Kit.seats("human", "computer"), seed=5, stop_after=3)
    assert not record.final_state().over
    data = tmp_path / "data"
    store = SqliteStore(data / "chickenfoot.db")
    store.create(record)
    store.close()
    return data


async def test_kill_9_of_the_server_ends_every_tab_and_frees_its_game(
    start_server: StartServer, unfinished_game: Path
) -> None:
    served = start_server()
    url = served.base.replace("http", "ws", 1) + tab_path(served)
    tab = None
    try:
        async with (
            aiohttp.ClientSession() as session,
            session.ws_connect(url, origin=served.base) as websocket,
        ):
            await shown_until(websocket, "Continue")
            await websocket.send_json(["stdin", "\r"])  # Continue: the tab holds the game
            await asyncio.to_thread(
                wait_until, lambda: holders_in(unfinished_game) == 1, "the game held"
            )
            [tab] = games_of(served.process.pid)
            os.kill(served.process.pid, signal.SIGKILL)
            await asyncio.to_thread(wait_until, lambda: has_ended(tab), "the tab's game to end")
    finally:
        if tab is not None and not has_ended(tab):
            os.kill(tab, signal.SIGKILL)
    assert served.process.wait(timeout=DEADLINE_SECONDS) == -signal.SIGKILL
    assert holders_in(unfinished_game) == 0, "the game quit cleanly and gave its game back"
    [game] = games_in(unfinished_game)
    assert game.actions[:3], "the game is still there to continue"
