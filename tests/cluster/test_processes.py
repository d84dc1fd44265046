"""Real processes: two ``chickenfoot host`` servers on one PostgreSQL, HAProxy in front ending
TLS, players joining through it. One server is killed (``kill -9``) in the middle of a game:
the other takes its table over within 15 s, the players reconnect through the proxy by
themselves, each at their own seat, and finish; every finished record in the store verifies,
every player keeps the same whole game, and every frame a watched player received, before and
after the takeover, holds only what its seat may see. And a server paused (``SIGSTOP``) past
its lease: the other takes its table over, and the paused one, resumed, writes no move for
it."""

from __future__ import annotations

import asyncio
import contextlib
import shutil
import signal
import ssl
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import TypeVar

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from chickenfoot.bots import make_bot
from chickenfoot.net.headless import RemotePlayer
from chickenfoot.net.protocol import (
    JoinTable,
    ReturnToSeat,
    Seated,
    ServerFrame,
    TableGone,
    read_server,
    write,
)
from chickenfoot.net.remote import RemoteLink, TableAddress
from chickenfoot.play.wire import Act, Update, Welcome, YourTurn
from chickenfoot.record.model import GameRecord
from chickenfoot.record.verify import verify_record
from chickenfoot.rules import Action, SeatView
from chickenfoot.rules.engine import legal_in_view
from chickenfoot.saves.database import SqliteStore
from chickenfoot.saves.postgresql import PostgresStore
from tests import terminal
from tests.cluster.processes import LETTERS, RULES, cluster_host, haproxy_servers, table_code
from tests.net.processes import WAIT, Process
from tests.net.terminals import answer, wait_for_screen
from tests.net.test_online_privacy import Watchdog
from tests.postgres import PostgresServer
from tests.terminal import Terminal, terminals

pytestmark = [
    pytest.mark.skipif(shutil.which("haproxy") is None, reason="HAProxy is not installed"),
    pytest.mark.skipif(shutil.which("openssl") is None, reason="openssl is not installed"),
]

T = TypeVar("T")

TAKEOVER = 15.0
"""Seconds from a server's death to its table playing on another."""


@pytest.fixture
def address(postgres_server: PostgresServer, postgres_database: str) -> str:
    return postgres_server.address(postgres_database)


def store_games(address: str) -> list[GameRecord]:
    """Every game the PostgreSQL store holds."""
    store = PostgresStore(address)
    try:
        return [store.record(summary.id) for summary in store.games()]
    finally:
        store.close()


def kept_by(folder: Path) -> GameRecord:
    """The one game a player's own store kept once it finished."""
    store = SqliteStore(folder / "chickenfoot.db")
    try:
        (summary,) = store.games()
        return store.record(summary.id)
    finally:
        store.close()


async def test_a_server_killed_mid_game_behind_the_proxy_loses_no_seen_move(
    tmp_path: Path, address: str
) -> None:
    first, first_port = cluster_host(
        tmp_path / "one",
        address,
        "--table", "--players", "2", "--grace", "600", *RULES,
        letters=LETTERS[0],
    )  # fmt: skip
    second, second_port = cluster_host(
        tmp_path / "two", address, "--table", "--players", "2", *RULES, letters=LETTERS[1]
    )
    players: list[Process] = []
    try:
        code, other = table_code(first), table_code(second)
        with haproxy_servers(tmp_path, [first_port, second_port]) as port:
            environment = {"SSL_CERT_FILE": str(tmp_path / "cert.pem")}
            for name, table in (("Ana", code), ("Cyd", other), ("Dee", other)):
                players.append(
                    Process(
                        ["join", f"wss://{table}@127.0.0.1:{port}", "--name", name]
                        + ["--computer", "casual", "--think", "0.2"],
                        tmp_path / name.lower(),
                        environment,
                    )
                )
            watchdog = Watchdog()
            trusted = ssl.create_default_context(cafile=tmp_path / "cert.pem")
            link = RemoteLink(
                TableAddress("127.0.0.1", port, code, secure=True),
                JoinTable(code=code, name="Bea"),
                first_retry=0.2,
                tls=trusted,
            )
            bea = RemotePlayer(link, make_bot("casual", 7), think=0.2, check=watchdog)
            playing = asyncio.ensure_future(bea.play())
            # A move made and seen (not the deal's "plays first"), then kill -9.
            await asyncio.to_thread(players[0].wait_for_line, r" plays \d\|\d")
            first.kill()  # kill -9: no goodbye to anybody
            killed = time.monotonic()
            await asyncio.to_thread(
                second.wait_for_line, rf'"event": ?"restored".*"{code}"', TAKEOVER
            )
            assert time.monotonic() - killed < TAKEOVER
            outcome = await asyncio.wait_for(playing, WAIT)
            for player in players:
                assert await asyncio.to_thread(player.finish) == 0
    finally:
        for process in (first, second, *players):
            process.kill()
    assert outcome.problem is None and outcome.result is not None
    assert watchdog.frames > 0 and watchdog.over
    for server in (first, second):
        server.read_available()
        relayed = [line for line in server.lines if '"relayed"' in line]
        assert not relayed, "the proxy sent each player straight to the server of its table"
    records = store_games(address)
    assert len(records) == 2
    assert all(verify_record(record).finished for record in records), "each replays, verified"
    ana, cyd, dee = (kept_by(tmp_path / name).actions for name in ("ana", "cyd", "dee"))
    assert cyd == dee and {ana, cyd} == {record.actions for record in records}
    assert outcome.record is not None, "no move anybody saw is lost, across the takeover too"
    assert GameRecord.model_validate_json(outcome.record).actions == ana


def actions_of(address: str, code: str) -> int:
    """How many moves the store holds of table ``code``'s game."""
    store = PostgresStore(address)
    try:
        [game] = [game for found, game, _data in store.online_tables.tables() if found == code]
        assert game is not None
        return len(store.record(game).actions)
    finally:
        store.close()


async def test_a_server_paused_past_its_lease_writes_no_move_for_the_table_another_took(
    tmp_path: Path, address: str
) -> None:
    first, first_port = cluster_host(
        tmp_path / "one",
        address,
        "--table",
        "--players",
        "2",
        "--seats",
        "person,casual",
        "--grace",
        "600",
        *RULES,
    )
    second, second_port = cluster_host(tmp_path / "two", address)
    try:
        code = table_code(first)
        async with connect(f"ws://127.0.0.1:{first_port}/{code}", proxy=None) as old:
            await old.send(write(JoinTable(code=code, name="Ana")))
            seated = await next_frame(old, Seated)
            assert seated.token is not None
            prompt = await my_turn(old)
            moves = actions_of(address, code)
            first.process.send_signal(signal.SIGSTOP)
            try:
                await asyncio.to_thread(second.wait_for_line, rf'"event": ?"restored".*"{code}"')
                # A move sent to the paused server waits in its socket meanwhile.
                await old.send(write(Act(action=first_legal(prompt))))
            finally:
                first.process.send_signal(signal.SIGCONT)
            await asyncio.to_thread(first.wait_for_line, "lease ran out")
            after = [frame async for frame in frames_until_closed(old)]
        assert not any(isinstance(frame, Update) for frame in after), "the move never shown"
        assert any(isinstance(frame, TableGone) for frame in after)
        assert actions_of(address, code) == moves, "the paused server wrote no move"
        # The table plays on at the other server, the seat taken back with its token.
        async with connect(f"ws://127.0.0.1:{second_port}/{code}", proxy=None) as new:
            await new.send(write(ReturnToSeat(code=code, token=seated.token)))
            again = await my_turn(new)
            assert again.view == prompt.view, "the same position, the same hand"
            await new.send(write(Act(action=first_legal(again))))
            await next_frame(new, Update)
        assert actions_of(address, code) > moves
    finally:
        for process in (first, second):
            process.kill()


async def next_frame(socket: ClientConnection, kind: type[T]) -> T:
    """The next frame of ``kind`` the server sends."""
    while True:
        frame = read_server(await asyncio.wait_for(socket.recv(), WAIT))
        if isinstance(frame, kind):
            return frame


async def my_turn(socket: ClientConnection) -> Welcome | Update:
    """The next position sent with the seat on turn (the computer moves first, at once)."""
    while True:
        frame = read_server(await asyncio.wait_for(socket.recv(), WAIT))
        if isinstance(frame, Welcome | Update) and isinstance(frame.prompt, YourTurn):
            return frame


def first_legal(position: Welcome | Update) -> Action:
    """The first legal action of the seat on turn, from its view."""
    assert isinstance(position.view, SeatView)
    return legal_in_view(position.view)[0]


async def frames_until_closed(socket: ClientConnection) -> AsyncIterator[ServerFrame]:
    """Every frame the server sends until it closes the connection."""
    with contextlib.suppress(ConnectionClosed):
        while True:
            yield read_server(await asyncio.wait_for(socket.recv(), WAIT))


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_a_full_screen_player_follows_its_table_to_the_other_server(
    tmp_path: Path, address: str
) -> None:
    one_round = (*RULES[:-4], "--rounds", "1", "--pause", "0")
    first, first_port = cluster_host(
        tmp_path / "one", address, "--table", "--players", "2", "--seats", "person,casual",
        "--grace", "600", *one_round,
    )  # fmt: skip
    second, second_port = cluster_host(tmp_path / "two", address)
    try:
        code = table_code(first)
        with haproxy_servers(tmp_path, [first_port, second_port]) as port, terminals() as names:
            ana = terminal.start(
                names,
                tmp_path / "ana",
                *("join", f"wss://{code}@127.0.0.1:{port}", "--name", "Ana"),
                environment={"SSL_CERT_FILE": str(tmp_path / "cert.pem")},
                prefix="chickenfoot-cluster",
            )
            wait_for_screen(ana, lambda text: "Ana's hand" in text, "Ana's hand")
            play_until(ana, lambda: any("Ana plays" in line for line in first.read_available()))
            first.kill()  # kill -9, with Ana's move seen
            second.wait_for_line(rf'"event": ?"restored".*"{code}"', TAKEOVER)
            wait_for_screen(ana, lambda text: "Ana's hand" in text, "the table back")
            play_until(ana, lambda: "Game over" in ana.screen())
    finally:
        for process in (first, second):
            process.kill()
    (record,) = store_games(address)
    assert verify_record(record).finished


def play_until(screen: Terminal, done: Callable[[], bool]) -> None:
    """Press what ``screen`` asks for until ``done()``."""
    deadline = time.monotonic() + WAIT
    while not done():
        assert time.monotonic() < deadline, f"waited too long; the screen shows:\n{screen.screen()}"
        time.sleep(0.3 if answer(screen) else 0.1)  # a poll's interval, not a wait
