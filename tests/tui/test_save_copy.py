"""Save a copy (ctrl+s) in the full-screen app, in a terminal and in a browser tab: a name
that climbs out of the copies folder (``../settings``) or names a file that is not a saved
game is refused in the dialog, in words, and nothing is written; a plain name is saved."""

from __future__ import annotations

import pytest
from textual.widgets import Button, Static

from chickenfoot.saves.copies import is_saved_game
from chickenfoot.saves.paths import ONLY_DATA_DIR_VARIABLE, exports_dir, settings_path
from chickenfoot.tui.app import ChickenFootApp
from chickenfoot.tui.screens.save_as import SaveAsScreen
from tests.tui.conftest import TuiKit

SETTINGS = '{"display": {"theme": "textual-light"}}'


@pytest.mark.parametrize("where", ["terminal", "browser tab"])
async def test_a_copy_never_replaces_the_settings(
    kit: type[TuiKit], monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    if where == "browser tab":
        monkeypatch.setenv(ONLY_DATA_DIR_VARIABLE, "1")
    settings = settings_path()
    settings.parent.mkdir(parents=True, exist_ok=True)
    settings.write_text(SETTINGS, encoding="utf-8")
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        app.start_game(kit.short_rules(2), kit.seats("human", "computer"), 4)
        await kit.person_on_turn(pilot)
        await pilot.press("ctrl+s")
        await kit.wait_for(pilot, lambda: isinstance(app.screen, SaveAsScreen), "the dialog")
        target = app.screen.query_one("#save-target", Static)
        refusals = {
            "../settings": (
                "copies are saved only in the copies folder"
                if where == "browser tab"
                else ".. may not lead out of it"
            ),
            str(settings): (
                "copies are saved only in the copies folder"
                if where == "browser tab"
                else "is not a saved game, and a copy replaces only another saved game"
            ),
        }
        for name, words in refusals.items():
            await pilot.press("ctrl+a", "ctrl+k", *name)

            def refused(words: str = words) -> bool:
                return words in str(target.render())

            await kit.wait_for(pilot, refused, "the refusal")
            assert target.has_class("-invalid")
            assert app.screen.query_one("#save-ok", Button).disabled
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, SaveAsScreen), "nothing was saved"
        await pilot.press("ctrl+a", "ctrl+k", *"sunday", "enter")
        copy = exports_dir() / "sunday.json"
        await kit.wait_for(pilot, lambda: not isinstance(app.screen, SaveAsScreen), "the save")
    assert settings.read_text(encoding="utf-8") == SETTINGS
    assert is_saved_game(copy)
