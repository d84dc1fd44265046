"""What makes the menu appear fast, kept true (``python -m tests.benchmarks start`` measures
the time itself; no test here times anything)."""

from __future__ import annotations

from textual.widgets._footer import FooterKey

from chickenfoot.tui.app import ChickenFootApp
from chickenfoot.tui.footer import KeysFooter
from chickenfoot.tui.screens.menu import MenuScreen
from tests.kit import as_kind
from tests.tui.conftest import wait_for


def footer_keys(app: ChickenFootApp) -> list[str]:
    """The keys the footer on top shows, as "key description"."""
    return [f"{key.key_display} {key.description}".strip() for key in app.screen.query(FooterKey)]


async def test_the_menus_footer_lays_out_its_keys_once_however_often_they_change() -> None:
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: bool(footer_keys(app)), "the menu's keys")
        footer = app.screen.query_one(KeysFooter)
        assert footer.rebuilds == 1, "the menu's first frame lays out the footer's keys once"
        shown = footer_keys(app)
        assert "n New game" in shown and "^p palette" in shown
        menu = as_kind(app.screen, MenuScreen)
        menu.refresh_bindings()
        menu.refresh_bindings()
        menu.refresh_bindings()
        await wait_for(pilot, lambda: footer.rebuilds == 2, "the keys laid out again")
        await pilot.pause()
        assert footer.rebuilds == 2, "three refreshes in a row rebuild the keys once"
        assert footer_keys(app) == shown


async def test_the_menus_styles_are_read_with_the_apps() -> None:
    """The menu's style file is parsed with the app's, not again with every other style when
    the menu is shown."""
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        assert set(app.screen.css_path) <= set(app.css_path)
