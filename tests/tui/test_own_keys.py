"""The player's own keys, from the settings file, in the real app: a changed key works and
the old one no longer does, the footer and the help show it, and what cannot be used is
refused in plain words (the command keeps its keys)."""

from __future__ import annotations

import json
from pathlib import Path

from textual.notifications import Notification

from chickenfoot.tui.app import ChickenFootApp
from chickenfoot.tui.screens.menu import MenuScreen
from tests.tui.conftest import TuiKit


def write_keys(data_dir: Path, keys: object) -> None:
    """A settings file holding the keys section ``keys``."""
    settings = {"version": 1, "keys": keys}
    (data_dir / "settings.json").write_text(json.dumps(settings), encoding="utf-8")


def notices(app: ChickenFootApp) -> list[Notification]:
    """The notices on screen now."""
    return list(app._notifications)


async def test_an_id_that_names_no_command_is_refused_in_a_notice(
    kit: type[TuiKit], data_dir: Path
) -> None:
    write_keys(data_dir, {"game.hnt": "H", "[red]x": "f2"})
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await kit.wait_for(pilot, lambda: app.keymap_checked, "the keys checked")
        assert app.keymap == {}
        assert app.keymap_refusals == (
            "“game.hnt” names no command, so it changes no key (“chickenfoot keys” lists every id)",
            "“[red]x” names no command, so it changes no key (“chickenfoot keys” lists every id)",
        )
        (notice,) = notices(app)
        assert notice.message == "\n".join(app.keymap_refusals)
        assert notice.severity == "warning" and not notice.markup
        assert isinstance(app.screen, MenuScreen)


async def test_a_keys_section_that_is_not_an_object_is_said_so(
    kit: type[TuiKit], data_dir: Path
) -> None:
    write_keys(data_dir, ["game.hint", "H"])
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await kit.wait_for(pilot, lambda: app.keymap_checked, "the keys checked")
        assert app.keymap == {}
        (notice,) = notices(app)
        assert "keys section" in notice.message


async def test_without_a_keys_section_nothing_is_checked_or_loaded(kit: type[TuiKit]) -> None:
    app = ChickenFootApp(bot_delay=0)
    assert app.keymap_checked
    async with app.run_test(size=(80, 24)) as pilot:
        await kit.wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        assert app.keymap == {} and notices(app) == []
