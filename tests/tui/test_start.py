"""What makes the menu appear fast, kept true (``python -m tests.benchmarks start`` measures
the time itself; no test here times anything)."""

from __future__ import annotations

import pytest
from textual.screen import Screen
from textual.widgets._footer import FooterKey

from chickenfoot.tui.app import ChickenFootApp
from chickenfoot.tui.footer import KeysFooter
from chickenfoot.tui.screens.menu import MenuScreen
from tests.tui.conftest import wait_for


def footer_keys(app: ChickenFootApp) -> list[str]:
    """The keys the footer on top shows, as "key description"."""
    return [f"{key.key_display} {key.description}".strip() for key in app.screen.query(FooterKey)]


async def test_the_menus_footer_lays_out_its_keys_once_however_often_they_change(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    changes: list[object] = []
    heard = KeysFooter.bindings_changed

    def counted(footer: KeysFooter, screen: Screen[object]) -> None:
        changes.append(screen)
        heard(footer, screen)

    monkeypatch.setattr(KeysFooter, "bindings_changed", counted)
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: bool(footer_keys(app)), "the menu's keys")
        footer = app.screen.query_one(KeysFooter)
        shown = footer_keys(app)
        assert "n New game" in shown and "^p palette" in shown
        before = footer.rebuilds
        for _ in range(3):  # three changes in a row, as a screen being shown makes
            app.screen.refresh_bindings()
        await wait_for(
            pilot,
            lambda: footer.rebuilds > before and not footer.rebuild_waiting,
            "the keys laid out again",
        )
        assert footer_keys(app) == shown
        # Each rebuild follows at least one change, and the three in a row make one at most.
        assert footer.rebuilds <= len(changes) - 2, (footer.rebuilds, len(changes))


async def test_the_menus_styles_are_read_with_the_apps() -> None:
    """The menu's style file is parsed with the app's, not again with every other style when
    the menu is shown."""
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        assert set(app.screen.css_path) <= set(app.css_path)
