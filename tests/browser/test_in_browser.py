"""A game in a real browser: ``chickenfoot serve``, headless Chromium, keys, and the save.

Playwright drives the system's Chromium (:mod:`tests.browser.tabs`); the test is skipped when
either is missing. The moves themselves are checked in the store, and that a closed tab or a
stopped server leaves no game held.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

import pytest

from chickenfoot.play.keys import end_keys
from chickenfoot.record.model import GameRecord, SeatConfig
from chickenfoot.rules import Play, legal_actions
from chickenfoot.saves.settings import Settings, SetupChoice, save_settings
from chickenfoot.text.words import sorted_hand
from tests.browser.server import Served, wait_until
from tests.browser.tabs import CHROMIUM, Tab, open_tab
from tests.kit import games_in, holders_in

pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed")

SEATS = (
    SeatConfig(name="You", player="human"),
    SeatConfig(name="Ada", player="computer", level="beginner"),
)
SMALL_GAME = {"set_size": "6", "hand_size": "5", "arms": "3", "rounds": "1"}
SEED = "22"
"""Deals the person, who is on turn first, five tiles of which two fit at once."""


def latest_record(data: Path) -> GameRecord | None:
    """The one game in the store of the data folder ``data`` (None while there is none yet)."""
    found = games_in(data)
    assert len(found) <= 1, f"one game: {found}"
    return found[0] if found else None


def test_a_new_game_in_the_browser_takes_a_move_and_saves_it(
    served: Served, tmp_path: Path
) -> None:
    save_settings(  # the tab's app reads them when it starts
        Settings(setup=SetupChoice(seats=SEATS, fields=SMALL_GAME, seed=SEED)),
        served.data / "settings.json",
    )
    with open_tab(served.url, tmp_path / "chromium-profile") as tab:
        played = play_a_tile(tab, served.data)
        assert holders_in(served.data) == 1, "the tab holds its game"
        words = f"You play {played.tile}"  # the log's words for the seat named "You"
        wait_until(lambda: words in tab.accessible_text(), f"{words!r} read out by the page")
        check_the_page(tab, served.url)
        status, out, err = served.stop()  # the tab is still open: its game is closed too
    assert (status, err) == (130, "chickenfoot serve: stopped (Ctrl+C)\n")
    assert "Traceback" not in out
    assert holders_in(served.data) == 0, "the stopped server's tab gave its game back"


def test_a_closed_tab_gives_its_game_back(served: Served, tmp_path: Path) -> None:
    save_settings(
        Settings(setup=SetupChoice(seats=SEATS, fields=SMALL_GAME, seed=SEED)),
        served.data / "settings.json",
    )
    with open_tab(served.url, tmp_path / "chromium-profile") as tab:
        play_a_tile(tab, served.data)
        assert holders_in(served.data) == 1, "the tab holds its game"
    wait_until(lambda: holders_in(served.data) == 0, "the closed tab's game given back")
    status, _out, err = served.stop()
    assert (status, err) == (130, "chickenfoot serve: stopped (Ctrl+C)\n")


def check_the_page(tab: Tab, url: str) -> None:
    """The page is chickenfoot's own: titled, in English, its typeface served from here, its
    terminal in screen reader mode, and not one request sent anywhere but this server."""
    page = tab.page
    assert page.title() == "Chicken Foot"
    assert page.get_attribute("html", "lang") == "en"
    assert page.get_attribute("body", "data-screen-reader-terminals") == "1"
    assert page.locator(".xterm-accessibility-tree").count() == 1
    assert page.evaluate("document.fonts.check('16px \"Roboto Mono\"')")
    here = urlsplit(url).netloc
    elsewhere = [address for address in tab.requested if urlsplit(address).netloc != here]
    assert elsewhere == [], f"the page asked another server: {elsewhere}"
    fonts = [address for address in tab.requested if address.endswith(".ttf")]
    assert fonts, "the typeface came from this server"
    assert any(urlsplit(address).scheme == "ws" for address in tab.requested)


def play_a_tile(tab: Tab, saves: Path) -> Play:
    """From the menu, start the remembered set-up and play a tile; check the store (in the
    data folder ``saves``) has it; the tile played."""
    tab.wait_for("New game")
    since = tab.mark()
    tab.press("n")
    tab.wait_for("Start", since)
    since = tab.mark()
    tab.press("Control+s")
    tab.wait_for("Round 1 of 1", since)
    wait_until(lambda: latest_record(saves) is not None, "the new game in the store")
    first = latest_record(saves)
    assert first is not None and first.seats == SEATS, "the remembered set-up was dealt"

    state = first.final_state()
    plays = [action for action in legal_actions(state) if isinstance(action, Play)]
    assert state.turn == 0 and plays, f"seed {SEED} no longer deals a tile that fits at once"
    played = plays[0]
    hand = sorted_hand(state.hands[0])
    assert len(hand) < 10, "one digit chooses the tile"
    tab.press(str(hand.index(played.tile) + 1))
    if sum(play.tile == played.tile for play in plays) > 1:
        tab.press(*end_keys(state.board)[played.target])
    tab.press("Enter")

    def saved() -> bool:
        now = latest_record(saves)
        return now is not None and len(now.actions) > len(first.actions)

    wait_until(saved, "the move in the store")
    after = latest_record(saves)
    assert after is not None
    assert after.actions[len(first.actions)] == played, "the tile played by keyboard is saved"
    return played
