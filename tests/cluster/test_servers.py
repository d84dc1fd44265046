"""Two table servers in one event loop on one PostgreSQL database: a table made on one is
joined and watched through the other (relayed), each player counted by their own address;
a server that stops leaves its tables to the other at once; a server whose lease ran out (its
renewals stopped, as a paused process's do) has its tables taken over, writes no move for
them, and drops them when it finds out, its clients relayed to the new server."""

from __future__ import annotations

import asyncio
import logging

import pytest

from chickenfoot.bots import make_bot
from chickenfoot.net.headless import RemotePlayer
from chickenfoot.net.oplog import LOGGER
from chickenfoot.net.protocol import JoinTable, TableGone, WatchTable
from chickenfoot.net.table import OnlineTable
from chickenfoot.play.wire import SaveProblem, Welcome
from chickenfoot.record.model import GameRecord
from chickenfoot.record.verify import verify_record
from chickenfoot.saves.postgresql import PostgresStore
from tests.cluster.servers import a_move, hand, latest, on_turn, servers
from tests.net.online import WAIT, Probe, options, wait_for
from tests.postgres import PostgresServer


@pytest.fixture
def address(postgres_server: PostgresServer, postgres_database: str) -> str:
    return postgres_server.address(postgres_database)


def actions_in_store(address: str, code: str) -> int:
    """How many moves the store holds of table ``code``'s game."""
    store = PostgresStore(address)
    try:
        [(_code, game, _data)] = [row for row in store.online_tables.tables() if row[0] == code]
        assert game is not None
        return len(store.record(game).actions)
    finally:
        store.close()


async def welcomed_again(probe: Probe, seen: int) -> None:
    """Wait until ``probe`` was welcomed more than ``seen`` times."""
    await wait_for(lambda: len(probe.of(Welcome)) > seen, "welcomed again")


async def test_a_table_made_on_one_server_is_played_and_watched_through_the_other(
    address: str, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger=LOGGER)
    async with servers(address) as (first, second):
        table = first.server.create_table(options(3, computers={2: "casual"}, rounds=1), seed=5)
        table.auto_start = True
        await wait_for(lambda: first.server.keeper.settled, "the table's row written")
        code = table.code
        players = [
            RemotePlayer(
                second.link(JoinTable(code=code, name="Ana"), code), make_bot("casual", 1)
            ),
            RemotePlayer(first.link(JoinTable(code=code, name="Bea"), code), make_bot("casual", 2)),
            RemotePlayer(second.link(WatchTable(code=code, name="Cyd"), code), None),
        ]
        outcomes = await asyncio.wait_for(
            asyncio.gather(*(player.play() for player in players)), WAIT
        )
        assert code not in second.server.tables, "the second server only relayed"
    relays = [record for record in caplog.records if "relayed" in record.getMessage()]
    assert relays, "the operator is told of a relay (a proxy sending players astray)"
    assert all(code in record.getMessage() for record in relays)
    for outcome in outcomes:
        assert outcome.problem is None and outcome.result is not None
    assert outcomes[0].record is not None
    record = GameRecord.model_validate_json(outcomes[0].record)
    assert verify_record(record).finished


async def test_a_relayed_player_is_counted_by_their_own_address(address: str) -> None:
    async with servers(address) as (first, second):
        table = first.server.create_table(options(2), seed=1)
        await wait_for(lambda: first.server.keeper.settled, "the table's row written")
        probe = Probe(
            second.link(JoinTable(code=table.code, name="Ana"), table.code, source="127.0.0.2")
        )
        try:
            await wait_for(lambda: table.seats[0].guest is not None, "Ana seated on the first")
            assert first.server.door.open_from("127.0.0.2") == 1
            assert first.server.door.open_from("127.0.0.1") == 0
        finally:
            await probe.close()


async def test_a_stopping_server_leaves_its_tables_to_the_other_and_its_players_follow(
    address: str,
) -> None:
    async with servers(address) as (first, second):
        table = first.server.create_table(options(2, grace=600), seed=3)
        table.auto_start = True
        code = table.code
        await wait_for(lambda: first.server.keeper.settled, "the table's row written")
        probes = [
            Probe(second.link(JoinTable(code=code, name=name), code)) for name in ("Ana", "Bea")
        ]
        try:
            for probe in probes:
                await probe.next(Welcome)
            hands = [hand(probe) for probe in probes]
            welcomed = [len(probe.of(Welcome)) for probe in probes]
            await first.server.close()
            for probe, seen in zip(probes, welcomed, strict=True):
                await welcomed_again(probe, seen)
            assert code in second.server.tables, "the second server took the table over"
            assert [hand(probe) for probe in probes] == hands, "each at their seat, same hand"
            mover = next(probe for probe in probes if on_turn(probe))
            before = len(mover.frames)
            mover.link.send(a_move(mover))
            await wait_for(
                lambda: len(mover.frames) > before + 0 and not on_turn(mover), "the move"
            )
        finally:
            for probe in probes:
                await probe.close()
    assert actions_in_store(address, code) >= 1


async def test_a_server_past_its_lease_writes_nothing_and_drops_the_table_to_the_other(
    address: str,
) -> None:
    async with servers(address) as (first, second):
        table = first.server.create_table(options(2, grace=600), seed=4)
        table.auto_start = True
        code = table.code
        probes = [Probe(first.link(JoinTable(code=code, name=n), code)) for n in ("Ana", "Bea")]
        try:
            for probe in probes:
                await probe.next(Welcome)
            await wait_for(lambda: first.server.keeper.settled, "the table's row written")
            moves_before = actions_in_store(address, code)
            # The first server stops renewing its lease, as a paused process does.
            cluster = first.server.cluster
            assert cluster is not None
            leasing, lease = cluster._leasing, cluster.lease
            assert leasing is not None
            assert lease is not None
            leasing.cancel()
            await asyncio.to_thread(lease.stop)
            await wait_for(lambda: code in second.server.tables, "the second server took over")
            # A move made on the first server now is refused by the store: never told.
            mover = next(probe for probe in probes if on_turn(probe))
            shown = latest(mover)
            mover.link.send(a_move(mover))
            lost = first.server.tables[code].host
            assert lost is not None
            await wait_for(lambda: lost.lease_lost, "the refused move noticed")
            assert latest(mover) is shown, "the refused move was never shown"
            assert not mover.of(SaveProblem), "nor a problem of this server's own"
            assert actions_in_store(address, code) == moves_before
            # Resumed, it finds out and drops the table; its players come back through it,
            # relayed to the second server, each at their seat.
            cluster._leasing = asyncio.ensure_future(cluster._keep_lease())
            await wait_for(lambda: code not in first.server.tables, "the first dropped it")
            for probe in probes:
                await welcomed_again(probe, 1)
                assert probe.of(TableGone), "told the server stopped"
            mover = next(probe for probe in probes if on_turn(probe))
            frames = len(mover.frames)
            mover.link.send(a_move(mover))
            await wait_for(lambda: len(mover.frames) > frames and not on_turn(mover), "the move")
            await wait_for(lambda: actions_in_store(address, code) > moves_before, "it is kept")
        finally:
            for probe in probes:
                await probe.close()


async def test_a_persons_grace_goes_on_at_the_server_that_takes_the_table_over(
    address: str,
) -> None:
    grace = 600.0
    async with servers(address) as (first, second):
        table = first.server.create_table(options(2, grace=grace), seed=6)
        table.auto_start = True
        code = table.code
        await wait_for(lambda: first.server.keeper.settled, "the table's row written")
        ana = Probe(second.link(JoinTable(code=code, name="Ana"), code))
        bea = Probe(first.link(JoinTable(code=code, name="Bea"), code))
        try:
            await ana.next(Welcome)
            await bea.next(Welcome)
            await bea.close()  # Bea goes away: her grace counts down

            def bea_waits_less_than(seconds: float, at: OnlineTable) -> bool:
                waiting = at.status().seats[1].waiting
                return waiting is not None and waiting < seconds

            await wait_for(lambda: bea_waits_less_than(grace - 1, table), "a second of grace")
            await wait_for(lambda: first.server.keeper.settled, "her time away kept")
            await first.server.close()
            await welcomed_again(ana, 1)
            taken = second.server.tables[code]
            assert bea_waits_less_than(grace - 1, taken), "her grace went on, not again"
        finally:
            await ana.close()
