"""Nothing is lost: a table server killed (``kill -9``) in the middle of a game and started
again brings its tables back from the store, the players' clients reconnect by themselves and
finish the game with every move the server had told them of; a client killed and started
again takes its seat back with its token; a graceful stop keeps the tables too."""

from __future__ import annotations

import re
import signal
from pathlib import Path

from chickenfoot.net.limits import Limits
from chickenfoot.net.protocol import JoinTable, Seated, TableStatus
from chickenfoot.net.server import TableServer
from chickenfoot.play.wire import Welcome
from chickenfoot.saves.database import SqliteStore
from tests.net.online import Probe, online, options
from tests.net.processes import Process, host

RULES = ("--set", "6", "--hand-size", "4", "--arms", "3", "--rounds", "2", "--pause", "0")


def moves_printed(process: Process) -> int:
    """How many moves a player has printed so far."""
    return sum(1 for line in process.lines if re.search(r" (plays|draws|passes)", line))


def test_a_server_killed_mid_game_comes_back_and_the_players_finish(tmp_path: Path) -> None:
    data = tmp_path / "server"
    server, join_line = host(data, "--table", "--players", "2", *RULES)
    port = join_line.rsplit(":", 1)[1]
    players = [
        Process(["join", join_line, "--computer", "casual", "--think", "0.05"], tmp_path / name)
        for name in ("ana", "bea")
    ]
    try:
        players[0].wait_for_line(r" plays ")
        server.kill()  # kill -9: no goodbye to anybody
        for player in players:
            player.wait_for_line(r"trying again in")
        again = Process(["host", "--port", port], data)
        assert [player.finish() for player in players] == [0, 0]
        again.stop(signal.SIGTERM)
    finally:
        for process in (server, *players):
            process.kill()
    store = SqliteStore(data / "chickenfoot.db")
    try:
        (summary,) = store.games()
        record = store.record(summary.id)
        assert summary.finished and store.tables() == []
    finally:
        store.close()
    assert record.final_state().over, "every move replays through the rules"
    for player, name in zip(players, ("ana", "bea"), strict=True):
        assert "The finished game is kept as game 1: Replays has it" in player.lines
        mine = SqliteStore(tmp_path / name / "chickenfoot.db")
        try:
            assert mine.record(1).actions == record.actions, "each keeps the same whole game"
        finally:
            mine.close()


def test_a_player_killed_and_started_again_takes_the_seat_back(tmp_path: Path) -> None:
    server, join_line = host(
        tmp_path / "server", "--table", "--players", "2", "--grace", "3600", *RULES
    )
    try:
        ana = Process(
            ["join", join_line, "--computer", "casual", "--think", "0.05"], tmp_path / "ana"
        )
        bea = Process(
            ["join", join_line, "--computer", "casual", "--think", "0.05"], tmp_path / "bea"
        )
        seat = ana.wait_for_line(r"^playing seat (\d)").group(1)
        ana.wait_for_line(r" plays ")
        ana.kill()
        again = Process(["join", join_line, "--computer", "casual"], tmp_path / "ana")
        assert again.wait_for_line(r"^playing seat (\d)").group(1) == seat, "the same seat"
        assert again.finish() == 0 and bea.finish() == 0
    finally:
        server.stop()


def test_sigterm_stops_the_server_cleanly_even_with_a_client_that_answers_nothing(
    tmp_path: Path,
) -> None:
    data = tmp_path / "server"
    server, join_line = host(data, "--table", "--players", "2", "--grace", "3600", *RULES)
    players = [
        Process(["join", join_line, "--computer", "casual", "--think", "0.05"], tmp_path / name)
        for name in ("ana", "bea")
    ]
    frozen = players[1].process
    try:
        players[0].wait_for_line(r" plays \d")
        frozen.send_signal(signal.SIGSTOP)  # Bea's client reads nothing and answers nothing
        assert server.stop(signal.SIGTERM) == 0, server.lines[-5:]
        assert "Stopping: every table is saved and comes back when the server starts again." in (
            server.lines
        )
        players[0].wait_for_line(r"trying again in")  # Ana was told and tries again
        move = re.compile(r" (plays \d|draws a tile|passes)")
        printed = [line for line in server.lines if move.search(line)]
    finally:
        frozen.send_signal(signal.SIGCONT)
        for process in (server, *players):
            process.kill()
    store = SqliteStore(data / "chickenfoot.db")
    try:
        ((_code, game, _kept),) = store.tables()
        assert game is not None, "the table is kept with its game"
        record = store.record(game)
    finally:
        store.close()
    moves = [action for action in record.actions if action.seat in (0, 1)]
    assert len(moves) >= len(printed) > 0, "every move the server told of is committed"
    assert not record.final_state().over


async def test_a_graceful_stop_keeps_every_table_and_its_seats(data_dir: Path) -> None:
    async with online() as room:
        lobby = room.table(options(3), auto_start=False)
        ana = Probe(room.link(JoinTable(code=lobby.code, name="Ana"), lobby.code))
        token = (await ana.next(Seated)).token
        game = room.table(options(2, seed=5))
        probes = [
            Probe(room.link(JoinTable(code=game.code, name=slot.name), game.code))
            for slot in game.seats
        ]
        for probe in probes:
            await probe.next(Welcome)
        assert game.host is not None
        actions = game.host.session.record.actions
    # The server stopped (leaving the block closed it): a new one on the same store.
    server = TableServer(Limits(per_address=0))
    try:
        await server.start("127.0.0.1", 0)
        assert set(server.tables) == {lobby.code, game.code}
        back = server.tables[lobby.code]
        assert back.seats[0].name == "Ana" and back.seats[0].token_hash is not None
        assert token is not None and back.phase == "lobby"
        restored = server.tables[game.code]
        assert restored.phase == "playing" and restored.host is not None
        assert restored.host.session.record.actions == actions
        assert all(slot.dropped_at is not None for slot in restored.seats)
        assert [s.waiting is not None for s in restored.status().seats] == [True, True]
        assert isinstance(restored.status(), TableStatus)
    finally:
        await server.close()
    assert (data_dir / "chickenfoot.db").is_file()


def test_a_computer_covers_a_killed_player_after_the_grace_and_hands_the_seat_back(
    tmp_path: Path,
) -> None:
    server, join_line = host(
        tmp_path / "server", "--table", "--players", "2", "--grace", "1", "--cover", "casual",
        "--set", "6", "--hand-size", "4", "--arms", "3", "--pause", "0",
    )  # fmt: skip
    ana = bea = None
    try:
        ana = Process(
            ["join", join_line, "--name", "Ana", "--computer", "casual", "--think", "0.2"],
            tmp_path / "ana",
        )
        bea = Process(
            ["join", join_line, "--name", "Bea", "--computer", "casual"], tmp_path / "bea"
        )
        seat = bea.wait_for_line(r"^playing seat (\d)").group(1)
        bea.wait_for_line(r" plays ")
        bea.kill()
        ana.wait_for_line(r"Bea lost connection · waiting")
        ana.wait_for_line(r"Bea is away · a casual computer plays for Bea until they are back")
        covered = len(ana.lines)
        ana.wait_for_line(r"\bBea (plays|draws|passes)", since=covered)  # the computer's turns
        bea = Process(["join", join_line, "--computer", "casual"], tmp_path / "bea")
        assert bea.wait_for_line(r"^playing seat (\d)").group(1) == seat, "the same seat"
        ana.wait_for_line(r"Bea is back")
        back = len(ana.lines)
        ana.wait_for_line(r"\bBea (plays|draws|passes)", since=back)  # Bea's own turns again
    finally:
        for process in (ana, bea):
            if process is not None:
                process.kill()
        server.stop()
