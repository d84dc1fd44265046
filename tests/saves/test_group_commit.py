"""A table server's side of the store (on SQLite, and on PostgreSQL where a test takes
``opened``): the moves of many games committed together in one transaction by one worker
thread (a failed one left out, the others kept), each committer told when its game is on
disk; and the online tables kept beside the games."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from pathlib import Path

from chickenfoot.record.model import GameRecord
from chickenfoot.record.summary import GameId
from chickenfoot.saves.committer import Committer, CommitWorker
from chickenfoot.saves.database import SqliteStore
from chickenfoot.saves.store import Change, GameFacts, GameNotFound, Holder, StoreError
from tests.kit import Kit
from tests.recorded import random_record
from tests.saves.stores import OpenStore, open_store_of

WAIT = 10.0


def game(kit: type[Kit], seed: int, moves: int) -> list[GameRecord]:
    """A two-seat game and its records after each of its first ``moves`` actions."""
    record = GameRecord.new(kit.short_rules(2), kit.seats("human", "human"), seed=seed)
    found = [record]
    for _ in range(moves):
        record = record.appended(kit.choose_action(record.final_state()))
        found.append(record)
    return found


def change_to(record: GameRecord, kept: int) -> Change:
    """What a store holding ``kept`` of ``record``'s actions lacks of it."""
    return Change(kept, tuple(record.actions[kept:]), 0, (), GameFacts.of(record))


def test_many_games_commit_together_and_a_bad_change_is_left_out_alone(
    kit: type[Kit], opened: OpenStore
) -> None:
    store = opened.store
    first, second = game(kit, 1, 3), game(kit, 2, 2)
    one, two = store.create(first[0]), store.create(second[0])
    results = store.commit_many(
        [
            (one, change_to(first[3], 0), None),
            (GameId(999), change_to(second[2], 0), None),
            (two, change_to(second[2], 0), None),
        ]
    )
    assert results[0] is None and results[2] is None
    assert isinstance(results[1], GameNotFound)
    assert store.record(one).actions == first[3].actions
    assert store.record(two).actions == second[2].actions


class GatedStore(SqliteStore):
    """The store, whose group commits wait at a gate the test opens; the worker's thread gets
    this same store."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.gate = threading.Event()

    def commit_many(
        self, changes: Sequence[tuple[GameId, Change, Holder | None]]
    ) -> list[StoreError | None]:
        assert self.gate.wait(WAIT), "the test never opened the gate"
        return super().commit_many(changes)

    def reopen(self) -> GatedStore:
        return self


def test_one_worker_commits_the_moves_of_many_games_and_tells_each_committer(
    kit: type[Kit], tmp_path: Path
) -> None:
    store = GatedStore(tmp_path / "chickenfoot.db")
    games = [game(kit, seed, 6) for seed in range(8)]
    worker = CommitWorker(store)
    told: dict[int, threading.Event] = {}
    committers = []
    for number, records in enumerate(games):
        committer = Committer(store, store.create(records[0]), actions=0, assists=0)
        told[number] = threading.Event()
        committer.in_background(told[number].set, worker)
        committers.append(committer)
    threads_before = threading.active_count()
    for step in range(1, 7):
        store.gate.clear()
        for number, (committer, records) in enumerate(zip(committers, games, strict=True)):
            told[number].clear()
            committer.submit(records[step], records[step].final_state())
        store.gate.set()  # the worker took one game or more, then the rest: two batches at most
        for number, committer in enumerate(committers):
            assert told[number].wait(WAIT), "each committer hears its game is on disk"
            assert committer.wait(WAIT) and committer.settled and committer.problem is None
    assert threading.active_count() == threads_before, "no thread per game"
    assert worker.batches <= 2 * 6, "the moves of many games went to disk together"
    for committer, records in zip(committers, games, strict=True):
        assert store.record(committer.game).actions == records[6].actions
        assert committer.stop(WAIT)
    worker.stop()
    store.close()


def test_a_game_that_cannot_be_committed_says_why_and_the_others_go_on(
    kit: type[Kit], opened: OpenStore
) -> None:
    store = opened.store
    worker = CommitWorker(store)
    good, gone = game(kit, 1, 2), game(kit, 2, 2)
    kept = Committer(store, store.create(good[0]), actions=0, assists=0)
    lost = Committer(store, store.create(gone[0]), actions=0, assists=0)
    store.delete(lost.game)
    for committer, records in ((kept, good), (lost, gone)):
        committer.in_background(None, worker)
        committer.submit(records[2], records[2].final_state())
    assert kept.wait(WAIT) and kept.problem is None
    assert not lost.wait(WAIT) and isinstance(lost.problem, StoreError)
    worker.stop()


def test_online_tables_are_kept_beside_the_games(kit: type[Kit], opened: OpenStore) -> None:
    store = opened.store
    number = store.create(game(kit, 1, 0)[0])
    store.online_tables.keep_table("KM7R3P", None, '{"lobby": true}')
    store.online_tables.keep_table("ABCDEF", number, "{}")
    store.online_tables.keep_table("KM7R3P", number, '{"lobby": false}')
    assert store.online_tables.tables() == [
        ("ABCDEF", number, "{}"),
        ("KM7R3P", number, '{"lobby": false}'),
    ]
    store.delete(number)
    assert [game for _code, game, _data in store.online_tables.tables()] == [None, None], (
        "the game went"
    )
    store.online_tables.drop_table("ABCDEF")
    with open_store_of(opened.where) as again:
        assert [code for code, _game, _data in again.store.online_tables.tables()] == ["KM7R3P"]


def test_games_played_to_their_end_through_group_commits_have_their_results(
    kit: type[Kit], opened: OpenStore
) -> None:
    """Every move of three games, each batch holding one move of each: the batches that end
    a game add its results and tallies, as a single commit does."""
    store = opened.store
    records = [
        random_record(kit.short_rules(2), kit.seats("human", "computer"), seed)
        for seed in (1, 2, 3)
    ]
    games = [store.create(record.truncated(0)) for record in records]
    longest = max(len(record.actions) for record in records)
    for done in range(longest):
        batch = [
            (game, change_to(record.truncated(done + 1), done), None)
            for game, record in zip(games, records, strict=True)
            if done < len(record.actions)
        ]
        assert store.commit_many(batch) == [None] * len(batch)
    assert [store.record(game) for game in games] == records
    assert store.count("finished") == 3
    assert store.statistics().games == 3
    ranks = opened.rows("SELECT finished_rank FROM games WHERE finished ORDER BY created, id")
    assert ranks == [(1,), (2,), (3,)]
