"""The database's journal deleted while a game is played in the app: the next move's commit
finds it gone, the game says so in its lasting notice (as for a full disk) until the next
move is saved, and every move stays in what a ``kill -9`` would leave. Two people share the
keyboard, so that the game waits at the hand-off while the notice is read."""

from __future__ import annotations

import shutil
from pathlib import Path

from chickenfoot.rules import Play, legal_actions
from chickenfoot.saves.database import SqliteStore, database_path
from chickenfoot.tui.app import ChickenFootApp
from chickenfoot.tui.widgets import StatusLine
from tests.tui.conftest import TuiKit


def moves_after_a_kill(folder: Path) -> int:
    """How many moves the store holds as a ``kill -9`` now would leave it: the files at the
    database's names, opened afresh (a deleted journal is gone with the process)."""
    folder.mkdir()
    for suffix in ("", "-wal"):
        source = database_path().with_name(database_path().name + suffix)
        if source.exists():
            shutil.copy(source, folder / source.name)
    survivor = SqliteStore(folder / database_path().name)
    try:
        (summary,) = survivor.games()
        return summary.actions
    finally:
        survivor.close()


async def test_a_deleted_journal_is_told_and_no_move_is_lost(
    kit: type[TuiKit], tmp_path: Path
) -> None:
    record = kit.find_record(kit.short_rules(2), kit.people(2), kit.human_can_play)
    number = kit.stored(record)
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        app.continue_game(number)
        await kit.wait_for(pilot, lambda: app.game_screen is not None, "the game")
        game = kit.game_screen(app)
        await kit.wait_for(pilot, lambda: kit.prompt_kind(game) == "pass_keyboard", "hand-off")
        await pilot.press("enter")
        await kit.wait_for(pilot, lambda: kit.my_turn(game), "Ana's turn")
        status = game.query_one(StatusLine)
        journal = database_path().with_name("chickenfoot.db-wal")
        journal.unlink()  # another program "cleans up" the data folder

        def turn() -> Play:
            return next(a for a in legal_actions(game.session.state) if isinstance(a, Play))

        await kit.press_turn(pilot, game, turn())
        await kit.wait_for(pilot, lambda: status.shown.news.startswith("Not saved"), "the notice")
        assert "the game database's journal was deleted" in status.shown.news
        played = len(game.session.record.actions)
        assert moves_after_a_kill(tmp_path / "killed now") == played

        await kit.wait_for(pilot, lambda: kit.prompt_kind(game) == "pass_keyboard", "hand-off")
        assert status.shown.news.startswith("Not saved"), "the notice stays while nobody moves"
        await pilot.press("enter")
        await kit.wait_for(pilot, lambda: kit.my_turn(game), "Bea's turn")
        await kit.press_turn(pilot, game, kit.choose_action(game.session.state))
        await kit.wait_for(
            pilot, lambda: not status.shown.news.startswith("Not saved"), "saved again"
        )
        await kit.wait_for(pilot, lambda: game.session.committed, "the move saved")
        assert moves_after_a_kill(tmp_path / "killed later") == len(game.session.record.actions)
        assert journal.exists()
