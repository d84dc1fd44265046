"""The database's journal deleted under a running store: the next commit says so
(:class:`JournalLost`), every move so far is copied into the database and a new journal
begun, so that what a ``kill -9`` leaves on disk (the database and the journal at its name)
still holds every move; another connection of the same process carries on too."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from chickenfoot.record.model import GameRecord
from chickenfoot.record.summary import GameId
from chickenfoot.rules import apply
from chickenfoot.saves.database import SqliteStore
from chickenfoot.saves.journal import JournalLost, JournalWatch
from chickenfoot.saves.store import Change, GameFacts
from tests.kit import choose_action, seats, short_rules


@pytest.fixture
def path(data_dir: Path) -> Path:
    return data_dir / "chickenfoot.db"


@pytest.fixture
def store(path: Path) -> Iterator[SqliteStore]:
    opened = SqliteStore(path)
    yield opened
    opened.close()


def a_game() -> GameRecord:
    return GameRecord.new(short_rules(2), seats("human", "computer"), seed=5)


def one_more(record: GameRecord) -> GameRecord:
    return record.appended(choose_action(record.final_state()))


def commit(store: SqliteStore, game: GameId, before: GameRecord, after: GameRecord) -> None:
    """Commit the moves ``after`` holds beyond ``before``."""
    change = Change(
        keep=len(before.actions),
        actions=after.actions[len(before.actions) :],
        assists_kept=0,
        assists=(),
        facts=GameFacts.of(after),
    )
    store.commit(game, change)


def after_a_kill(path: Path, folder: Path) -> GameRecord:
    """The game as a ``kill -9`` now would leave it: the files at the database's names (a
    deleted journal is gone with the process), opened afresh."""
    folder.mkdir()
    for suffix in ("", "-wal"):
        source = path.with_name(path.name + suffix)
        if source.exists():
            shutil.copy(source, folder / (path.name + suffix))
    survivor = SqliteStore(folder / path.name)
    try:
        (summary,) = survivor.games()
        return survivor.record(summary.id)
    finally:
        survivor.close()


def test_a_deleted_journal_is_told_and_its_moves_kept(
    store: SqliteStore, path: Path, tmp_path: Path
) -> None:
    first = a_game()
    game = store.create(first)
    second = one_more(first)
    commit(store, game, first, second)
    journal = path.with_name("chickenfoot.db-wal")
    journal.unlink()  # another program "cleans up"
    third = one_more(second)
    with pytest.raises(JournalLost) as lost:
        commit(store, game, second, third)
    assert lost.value.saved
    assert str(lost.value) == (
        "the game database's journal, chickenfoot.db-wal, was deleted while the game was open: "
        "the moves so far are now in the database itself, and the next ones go to a new journal"
    )
    assert after_a_kill(path, tmp_path / "killed now") == third
    assert journal.exists(), "a new journal is begun"

    fourth = one_more(third)
    commit(store, game, second, fourth)  # the committer writes again what it was not told saved
    assert after_a_kill(path, tmp_path / "killed later") == fourth
    assert store.record(game) == fourth


def test_another_connection_carries_on_after_the_journal_is_renewed(
    store: SqliteStore, path: Path
) -> None:
    first = a_game()
    game = store.create(first)
    other = SqliteStore(path)  # the app's own connection, beside its committer's
    try:
        assert other.record(game) == first
        path.with_name("chickenfoot.db-wal").unlink()
        second = one_more(first)
        with pytest.raises(JournalLost):
            commit(store, game, first, second)
        assert other.record(game) == second
        third = one_more(second)
        commit(other, game, second, third)
        assert store.record(game) == third
    finally:
        other.close()


def test_a_connection_opened_after_the_journal_was_deleted_has_the_older_ones_copy_it(
    store: SqliteStore, path: Path, tmp_path: Path
) -> None:
    """What the app does when a game is opened after the deletion: its committer's own
    connection, new, would begin a journal beside the deleted one the app's connection still
    writes to; the older connection copies it into the database first."""
    first = a_game()
    game = store.create(first)
    second = one_more(first)
    commit(store, game, first, second)
    path.with_name("chickenfoot.db-wal").unlink()
    committer = SqliteStore(path)
    try:
        assert committer.record(game) == second
        assert after_a_kill(path, tmp_path / "killed now") == second
        third = one_more(second)
        with pytest.raises(JournalLost) as lost:
            commit(committer, game, second, third)
        assert lost.value.saved
        assert after_a_kill(path, tmp_path / "killed later") == third
        assert store.record(game) == third, "the older connection carries on"
    finally:
        committer.close()


def test_a_journal_replaced_by_another_file_is_lost_too(path: Path, store: SqliteStore) -> None:
    first = a_game()
    game = store.create(first)
    journal = path.with_name("chickenfoot.db-wal")
    journal.unlink()
    journal.write_bytes(b"")  # a new empty file at the name: not the one written to
    with pytest.raises(JournalLost):
        commit(store, game, first, one_more(first))


def test_the_watch_follows_the_file_not_the_name(tmp_path: Path) -> None:
    database = tmp_path / "games.db"
    watch = JournalWatch(database)
    assert watch.path == tmp_path / "games.db-wal"
    assert not watch.moved(), "no journal yet: nothing to lose"
    watch.path.write_bytes(b"one")
    with watch.path.open("rb"):  # held open, as SQLite holds its journal
        assert not watch.moved(), "the first journal seen is the one written to"
        watch.path.write_bytes(b"the same file, written again")
        assert not watch.moved()
        watch.path.unlink()
        assert watch.moved()
        watch.path.write_bytes(b"another file")
        assert watch.moved()


def test_a_game_played_on_after_the_journal_is_renewed_needs_nothing_more(
    store: SqliteStore, path: Path
) -> None:
    record = a_game()
    game = store.create(record)
    path.with_name("chickenfoot.db-wal").unlink()
    state = record.final_state()
    lost = 0
    for _ in range(6):
        action = choose_action(state)
        state, _events = apply(state, action)
        longer = record.appended(action)
        try:
            commit(store, game, record, longer)
        except JournalLost:
            lost += 1
            commit(store, game, record, longer)  # tried again, as the committer does
        record = longer
    assert lost == 1, "told once, then saved as before"
    assert store.record(game) == record
