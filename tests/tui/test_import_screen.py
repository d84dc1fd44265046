"""The first start beside an older version's saves folder: its games come into the store once,
with a progress bar, a file that cannot be read is listed with its reason, and the menu then
offers to continue the latest game."""

from __future__ import annotations

from textual.widgets import ProgressBar, Static

from chickenfoot.record.model import GameRecord
from chickenfoot.saves.jsonformat import save_record
from chickenfoot.saves.paths import saves_dir
from chickenfoot.tui.app import ChickenFootApp
from chickenfoot.tui.screens.importing import ImportScreen
from chickenfoot.tui.screens.menu import MenuScreen
from tests.kit import as_kind
from tests.recorded import random_record
from tests.tui.conftest import TuiKit


async def test_the_old_saves_are_imported_once_with_a_progress_bar(kit: type[TuiKit]) -> None:
    unfinished = GameRecord.new(kit.short_rules(2, rounds=2), kit.seats("human", "human"), seed=3)
    finished = random_record(kit.short_rules(2), kit.seats("human", "computer"), 4)
    save_record(unfinished, saves_dir() / "autosave-1.json")
    save_record(finished, saves_dir() / "autosave-2.json")
    broken = saves_dir() / "[b]broken[i].json"
    broken.write_text("{", encoding="utf-8")
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await kit.wait_for(pilot, lambda: isinstance(app.screen, ImportScreen), "the import")
        screen = as_kind(app.screen, ImportScreen)
        await kit.wait_for(pilot, lambda: screen.outcomes is not None, "the import to end")
        bar = screen.query_one(ProgressBar)
        assert bar.progress == bar.total == 3
        result = str(screen.query_one("#import-result", Static).render())
        assert result.startswith(f"2 saved games of {saves_dir()} now in the store")
        assert f"1 file cannot be read:\n{broken}: " in result  # the name literally
        await pilot.press("enter")
        await kit.wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        menu = as_kind(app.screen, MenuScreen)
        await kit.wait_for(pilot, lambda: menu.unfinished is not None, "Continue")
        assert app.store.count() == 2
    again = ChickenFootApp(bot_delay=0)
    async with again.run_test(size=(80, 24)) as pilot:
        await kit.wait_for(pilot, lambda: isinstance(again.screen, MenuScreen), "the menu")
        assert not any(isinstance(screen, ImportScreen) for screen in again.screen_stack)
        assert again.store.count() == 2, "imported once"
    assert broken.exists() and (saves_dir() / "autosave-1.json").exists()
