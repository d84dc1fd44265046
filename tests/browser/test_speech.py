"""The page speaks the game, in headless Chromium through ``chickenfoot serve``: read only
through the page's live regions (what it gives a screen reader), a game against a computer
announces each move once, the person's turn with what they can play, why a key does nothing
(each time), the answers to the one-key questions, and follows the setting of how much is
said; once the game has ended the keyboard leaves the dead terminal for Restart, and the old
rows leave the accessibility tree.

Skipped without Playwright or Chromium."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from chickenfoot.record.model import SeatConfig
from chickenfoot.saves.settings import Settings, SetupChoice, save_settings
from tests.browser.server import Served
from tests.browser.tabs import CHROMIUM, Said, Tab, open_tab

pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed")

SEATS = (
    SeatConfig(name="Ana", player="human"),
    SeatConfig(name="Ada", player="computer", level="beginner"),
)
SMALL_GAME = {"set_size": "6", "hand_size": "5", "arms": "3", "rounds": "1"}
SEED = "22"
"""Deals Ana, who is on turn first, five tiles of which two fit at once."""

TURN = r"^(Since your last turn: .*)?(Your turn: |You drew )"
MOVE = re.compile(r"(?:^|\. )(?:Ana|Ada) (?:plays|draws|passes|keeps) ")
OFFER = re.compile(r"(?:You can play |play it \()(\d+): \S+ on ([a-z]+)")


def start_a_game(served: Served, tab: Tab) -> Said:
    """From the menu, the remembered set-up dealt (Ana against a computer): the first turn's
    announcement."""
    save_settings(
        Settings(setup=SetupChoice(seats=SEATS, fields=SMALL_GAME, seed=SEED)),
        served.data / "settings.json",
    )
    tab.wait_for("New game")
    since = tab.mark()
    tab.press("n")
    tab.wait_for("Start", since)
    start = len(tab.heard())
    tab.press("Control+s")
    tab.wait_to_hear(TURN, start)
    return [said for said in tab.heard(start) if re.search(TURN, said.text)][-1]


def play_the_offer(tab: Tab, turn: Said) -> str:
    """Play the first tile the turn's announcement offers (its number, its end's key, Enter):
    the tile and end typed."""
    offer = OFFER.search(turn.text)
    assert offer is not None, turn
    tab.press(*offer[1], *offer[2], "Enter")
    return f"{offer[1]} {offer[2]}"


def test_each_move_is_announced_once_and_the_turn_says_what_can_be_played(
    served: Served, tmp_path: Path
) -> None:
    with open_tab(served.url, tmp_path / "chromium-profile") as tab:
        turn = start_a_game(served, tab)
        assert turn.urgent and turn.text.startswith("Your turn: start arm A on 6|6 (0 of 3 arms).")
        assert tab.heard()[-1] == turn, "the round so far is not read out: only the turn"
        for _move in range(3):
            start = len(tab.heard())
            play_the_offer(tab, turn)
            tab.wait_to_hear(TURN, start)
            said = tab.heard(start)
            moves = [one.text for one in said if not one.urgent]
            assert moves[0].startswith("Ana plays ") and len(moves) >= 2, moves
            for move in moves:  # one announcement a move, and one move an announcement
                assert len(MOVE.findall(move)) == 1 and MOVE.match(move), move
            assert moves[-1].startswith("Ada plays ") or "passes" in moves[-1], moves
            assert [one for one in said if one.urgent] == [said[-1]], "nothing else queued"
            turn = said[-1]
            if OFFER.search(turn.text) is None:
                break
        assert tab.page.evaluate(
            "[...document.querySelectorAll('.xterm-accessibility .live-region')]"
            ".every((region) => region.getAttribute('aria-live') === 'off')"
        ), "xterm.js's own live region says nothing over the page's"


def test_a_key_that_does_nothing_is_said_each_time_and_the_questions_are_answered(
    served: Served, tmp_path: Path
) -> None:
    with open_tab(served.url, tmp_path / "chromium-profile") as tab:
        turn = start_a_game(served, tab)
        start = len(tab.heard())
        for _twice in range(2):
            heard = len(tab.heard())
            tab.press("d")
            tab.wait_to_hear("^You have a play: you cannot draw\\.$", heard)
        refusals = [one for one in tab.heard(start) if one.text.startswith("You have a play")]
        assert len(refusals) == 2 and all(one.urgent for one in refusals)
        answers = {
            "H": r"^Ana's hand; 5 tiles worth \d+\. 1: ",
            "E": r"^The table needs: start arm A on 6\|6 \(0 of 3 arms\)\. a: arm A needs a 6",
            "S": r"^Ana: 5 tiles, total 0, on turn\. Ada \(computer\): 4 tiles, total 0\.$",
            "W": r"^Round 1 of 1, with 6\|6; boneyard \d+ tiles; start arm A .* Your turn: ",
            "N": r"^Since your last turn: Round 1 \(6\|6\): ",
            "R": r"^Since your last turn: Round 1 \(6\|6\): ",  # said again
        }
        for key, words in answers.items():
            start = len(tab.heard())
            tab.press(f"Shift+{key}")
            tab.wait_to_hear(words, start)
            assert all(one.urgent for one in tab.heard(start)), key
        assert OFFER.search(turn.text) is not None


def test_how_much_is_said_is_a_setting_of_the_page(served: Served, tmp_path: Path) -> None:
    with open_tab(served.url, tmp_path / "chromium-profile") as tab:
        turn = start_a_game(served, tab)
        start = len(tab.heard())
        tab.press("Shift+V")
        tab.wait_to_hear(r"^The page now announces a summary at your turn\.$", start)
        assert tab.page.input_value("#speech-level") == "summary"
        assert tab.page.evaluate("localStorage.getItem('chickenfoot-speech')") == "summary"
        start = len(tab.heard())
        play_the_offer(tab, turn)
        tab.wait_to_hear(TURN, start)
        said = tab.heard(start)
        polite = [one.text for one in said if not one.urgent]
        assert len(polite) == 1 and polite[0].startswith("Ana plays "), "her own move only"
        assert re.match(r"^Since your last turn: Ada plays .*\. Your turn: ", said[-1].text)
        start = len(tab.heard())
        tab.press("Shift+V")
        tab.wait_to_hear(r"^The page now announces only your turn\.$", start)
        tab.press("Shift+V")
        tab.wait_to_hear(r"^The page now announces every move\.$", start)


def test_once_the_game_has_ended_the_keyboard_goes_to_restart(
    served: Served, tmp_path: Path
) -> None:
    with open_tab(served.url, tmp_path / "chromium-profile") as tab:
        tab.wait_for("New game")
        assert "Restart" not in tab.accessible_text()
        since = tab.mark()
        tab.press("Control+q")
        tab.wait_for("Yes", since)
        tab.press("y")  # the app ends: the tab's game has closed
        page = tab.page
        page.wait_for_function("document.activeElement?.id === 'restart'")
        assert page.evaluate("document.getElementById('terminal').inert")
        assert page.get_attribute("#terminal", "aria-hidden") == "true"
        text = tab.accessible_text()
        assert "This tab's game has closed" in text and "Press Enter to start it again" in text
        assert "New game" not in text, "the old rows left the accessibility tree"
        page.keyboard.press("Enter")  # Restart: a new game process
        page.wait_for_function(
            "document.activeElement?.classList.contains('xterm-helper-textarea')"
        )
