"""The plain mode's table: every move a line, the reading commands, playing by a tile and an
end's key, refusals in words, hand-offs, hints and take-backs, a round's and a game's end.

Each test plays a real session through the real table host and a seat client
(:class:`~chickenfoot.plain.table.PlainTable`), from exact deals, answering from a script.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from chickenfoot.plain.table import PlainTable
from chickenfoot.play.session import GameSession
from chickenfoot.record.model import GameRecord, SeatConfig
from chickenfoot.rules import RuleSet
from chickenfoot.saves.database import SqliteStore, open_store
from chickenfoot.text.transcript import transcript
from tests.kit import session_of as stored_session
from tests.kit import short_rules
from tests.plain.scripted import Answer, ScriptedConsole
from tests.rules.conftest import deal, game_decks

ANA_HAND = "1|6 2|6 3|4 0|0 5|5"
"""Ana's hand in the first deal: two tiles fit the 6|6 Bea places (2|6 and 1|6)."""


def person(name: str) -> SeatConfig:
    return SeatConfig(name=name, player="human")


def computer(name: str) -> SeatConfig:
    return SeatConfig(name=name, player="computer", level="casual")


def session_of(
    tmp_path: Path, *seats: SeatConfig, rules: RuleSet | None = None, seed: int = 3
) -> GameSession:
    """A session of Ana (seat 0) and the others, Bea holding 6|6 so that Ana plays first."""
    rules = rules or short_rules(len(seats))
    decks = game_decks(rules, deal(rules, {0: ANA_HAND, 1: "6|6"}), seed=seed)
    record = GameRecord.new(rules, tuple(seats), seed=None, decks=decks)
    return stored_session(record)


def play(session: GameSession, *script: Answer) -> tuple[ScriptedConsole, str]:
    """Play ``session`` at a plain table answering ``script``; the console and the outcome."""
    console = ScriptedConsole(script)
    outcome = PlainTable(session, console).play()
    return console, outcome


def test_the_deal_and_the_turn_are_said_first(tmp_path: Path) -> None:
    console, outcome = play(session_of(tmp_path, person("Ana"), computer("Bea")))
    assert console.said[:2] == [
        "Round 1 (6|6): Bea places 6|6; Ana plays first",
        "Your turn: start arm A on 6|6 (0 of 3 arms). You can play 3: 2|6 on a; 4: 1|6 on a.",
    ]
    assert outcome == "quit", "the input ended: the app quits"


def test_the_hand_says_every_tile_and_the_ends_it_fits(tmp_path: Path) -> None:
    console, _ = play(session_of(tmp_path, person("Ana"), computer("Bea")), "h")
    assert console.said[2:9] == [
        "> h",
        "Ana's hand; 5 tiles worth 82",
        "1: 5|5, fits nowhere",
        "2: 0|0, fits nowhere",
        "3: 2|6, fits a",
        "4: 1|6, fits a",
        "5: 3|4, fits nowhere",
    ]


def test_the_ends_the_seats_the_table_and_where_the_game_stands(tmp_path: Path) -> None:
    session = session_of(tmp_path, person("Ana"), computer("Bea"))
    console, _ = play(session, "e", "s", "t", "w")
    text = console.text
    assert "The table needs: start arm A on 6|6 (0 of 3 arms)" in text
    assert "a: arm A needs a 6 (a new arm), you can play 2|6, 1|6" in text
    assert "Your turn: start arm A on 6|6 (0 of 3 arms)." in text.split("> w")[1]
    assert "Ana: 5 tiles, total 0, on turn\nBea (computer): 4 tiles, total 0" in text
    assert "Centre 6|6, 0 of 3 arms; start arm A on 6|6 (0 of 3 arms)" in text
    boneyard = session.state.public_view().boneyard_count
    assert f"Round 1 of 1, with 6|6; boneyard {boneyard} tiles;" in text


def test_a_tile_and_an_end_key_play_and_every_move_is_announced(tmp_path: Path) -> None:
    session = session_of(tmp_path, person("Ana"), computer("Bea"))
    console, _ = play(session, "3 a")
    assert session.record.actions[0].seat == 0
    after = console.since("> 3 a")
    assert after[:3] == [
        "Ana plays 2|6 on arm A (1 of 3 arms)",
        "Bea draws a tile and passes",
        "Your turn: start arm B on 6|6 (1 of 3 arms). You can play 3: 1|6 on b.",
    ], "the computer's move follows at once, as a line, then the person's turn"


def test_a_tile_by_its_numbers_fitting_one_end_needs_no_key(tmp_path: Path) -> None:
    session = session_of(tmp_path, person("Ana"), computer("Bea"))
    console, _ = play(session, "6|1")
    assert "Ana plays 1|6 on arm A (1 of 3 arms)" in console.said


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("1 a", "5|5 fits no open end now: choose another tile."),
        ("3 x", "No open end is labelled x now."),
        ("9", "You have only 5 tiles: type 1 to 5."),
        ("4|5", "You have no 4|5."),
        ("d", "You have a play: you cannot draw."),
        ("p", "You have a play: you cannot pass."),
        ("u", "There is nothing to take back now."),
        ("fly", "fly is not a command here: ? lists them."),
    ],
)
def test_what_cannot_be_done_is_said_and_changes_nothing(
    tmp_path: Path, typed: str, said: str
) -> None:
    session = session_of(tmp_path, person("Ana"), computer("Bea"))
    console, _ = play(session, typed)
    assert console.since(f"> {typed}") == [said, "> "]
    assert session.record.actions == ()


def test_a_tile_that_fits_several_ends_asks_for_the_key(tmp_path: Path) -> None:
    rules = short_rules(2)
    decks = game_decks(rules, deal(rules, {0: "6|6 1|6 1|2 1|3 1|4", 1: "0|6 3|6 0|1 0|2 0|3"}))
    record = GameRecord.new(rules, (person("Ana"), person("Bea")), seed=None, decks=decks)
    session = stored_session(record)
    # Ana placed 6|6, so Bea plays first: the arms start with her 0|6, Ana's 1|6 and her 3|6;
    # then Ana's 1|3 fits the ends of arms B (a 1) and C (a 3).
    console, _ = play(session, "", "2 a", "", "1|6", "", "3|6", "", "1|3")
    assert console.since("> 1|3")[0] == "1|3 fits 2 ends: type 2 and one of b or c."


def test_reading_a_line_of_the_table(tmp_path: Path) -> None:
    console, _ = play(session_of(tmp_path, person("Ana"), computer("Bea")), "3", "l A", "l q")
    text = console.text
    assert "arm A: " in text and "6|2" in text
    assert "No line or open end is called q now." in text


def test_the_last_moves_again_and_the_whole_log(tmp_path: Path) -> None:
    console, _ = play(session_of(tmp_path, person("Ana"), computer("Bea")), "3", "r 2", "log")
    assert console.since("> r 2")[:2] == [
        "Ana plays 2|6 on arm A (1 of 3 arms)",
        "Bea draws a tile and passes",
    ]
    plays = [line for line in console.said if line.startswith("Ana plays 2|6")]
    assert len(plays) == 3, "said once as it happened, again by r, again by log"


def test_pass_and_play_hides_every_hand_until_the_person_takes_the_keyboard(
    tmp_path: Path,
) -> None:
    session = session_of(tmp_path, person("Ana"), person("Bea"))
    console, _ = play(session, "h", "", "h", "3", "h")
    said = console.said
    assert said[1] == "Pass to Ana, then press Enter; every hand is hidden"
    assert said[3] == "No hand is shown now: every hand is hidden."
    assert said[5].startswith("Ana's turn:")
    assert said[7] == "Ana's hand; 5 tiles worth 82"
    handed = console.since("Ana plays 2|6")
    assert handed[0] == "Pass to Bea, then press Enter; every hand is hidden"
    assert handed[2] == "No hand is shown now: every hand is hidden."
    assert not any("Bea's hand" in line for line in said)


def test_a_hint_and_a_take_back_against_computers(tmp_path: Path) -> None:
    session = session_of(tmp_path, person("Ana"), computer("Bea"))
    console, _ = play(session, "i", "3", "u")
    text = console.text
    assert "Ana asked for a hint" in text
    assert "Hint: play " in text
    assert "Taken back: 2 moves. Your turn again, with the same tiles to come." in text
    assert len(session.record.actions) == 0


def test_leaving_keeps_the_game_saved(tmp_path: Path) -> None:
    session = session_of(tmp_path, person("Ana"), computer("Bea"))
    console, outcome = play(session, "3", "q")
    assert outcome == "menu"
    assert console.said[-1] == "The game is saved: Continue in the menu picks it up."
    store = open_store()
    try:
        assert store.record(session.game).actions == session.record.actions
    finally:
        store.close()


def test_a_copy_is_saved_by_name(tmp_path: Path) -> None:
    session = session_of(tmp_path, person("Ana"), computer("Bea"))
    copy = tmp_path / "copies" / "sunday"
    console, _ = play(session, "save", f"save {copy}")
    assert console.said[3] == f"Type save and a name, e.g. save {session.copy_name()}."
    assert console.said[5] == f"Saved a copy as {copy}.json."
    assert (tmp_path / "copies" / "sunday.json").is_file()


def first_fitting(console: ScriptedConsole) -> str:
    """What a person who reads only the lines says on their turn: the first tile the status
    line offers and its end, or what it tells them to do (draw, pass), or Enter."""
    return answer_to(console.said[-1] if console.said else "")


def answer_to(last: str) -> str:
    """What :func:`first_fitting` says after the line ``last``."""
    offer = re.search(r"(?:You can play |play it \()(\d+): \S+ on ([a-z]+)", last)
    if offer is not None:
        return f"{offer[1]} {offer[2]}"
    if "draw (d)" in last:
        return "d"
    if "pass (p)" in last:
        return "p"
    return ""


def test_a_whole_game_to_its_ranking_and_again(tmp_path: Path) -> None:
    session = session_of(tmp_path, person("Ana"), computer("Bea"), rules=short_rules(2, 2))

    def again_at_the_end(console: ScriptedConsole) -> str:
        return "a" if "Final ranking:" in console.text else first_fitting(console)

    console = ScriptedConsole([again_at_the_end] * 200)
    assert PlainTable(session, console).play() == "again"
    text = console.text
    assert "Round 1 over. Hands left:" in text
    assert "Round 1 is over; Enter deals the next round" in text
    assert "Round 2 is over; Enter shows the final results" in text
    assert "Place 1: " in text and ", decided by " in text
    assert session.state.over
    # Every play is announced in the transcript's words.
    for line in transcript(session.record).splitlines():
        numbered = re.match(r"\s+\d+\. (.* plays .*)", line)
        if numbered is not None:
            assert numbered[1] in console.said


def test_computers_alone_play_round_by_round_for_a_watcher(tmp_path: Path) -> None:
    session = session_of(tmp_path, computer("Ana"), computer("Bea"), rules=short_rules(2, 2))
    console, outcome = play(session, "h", "", "", "")
    text = console.text
    assert "No hand is shown now: every hand is hidden." in text
    assert "Round 1 is over; Enter deals the next round" in text
    assert "Final ranking:" in text
    assert outcome == "menu"


def test_a_game_that_cannot_be_saved_says_so_and_asks_before_leaving(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = session_of(tmp_path, person("Ana"), computer("Bea"))

    def refused(*args: object, **kwargs: object) -> None:
        raise OSError(28, os.strerror(28))  # the disk is full: every commit fails

    monkeypatch.setattr(SqliteStore, "commit", refused)
    console, outcome = play(session, "3", "q", "n", "q", "y")
    text = console.text
    notice = "Not saved: save NAME saves a copy elsewhere; your moves are kept here (the disk"
    assert text.count(notice) == 1, "one notice, naming this mode's own command once"
    assert "ctrl+" not in text and text.count("saves a copy elsewhere") == 1
    assert text.count("Leave anyway?") == 2
    assert outcome == "menu"


def test_the_rules_and_a_finished_rounds_deal(tmp_path: Path) -> None:
    session = session_of(tmp_path, computer("Ana"), computer("Bea"), rules=short_rules(2, 2))
    console, _ = play(session, "deal", "rules")
    text = console.text
    assert "Round 1 of 2 (6|6): the deal\n" in text
    assert "Dealt from the top of the deck, in order:\nAna: 1|6 2|6 3|4 0|0 5|5\n" in text
    assert "cross preset, double-6 set (28 tiles), 2 players, 5 tiles each" in text
    console, _ = play(session_of(tmp_path / "two", person("Ana"), computer("Bea")), "deal")
    assert console.said[-2] == "A round's deal is shown once the round is over."


def test_the_scores_round_by_round(tmp_path: Path) -> None:
    session = session_of(tmp_path, computer("Ana"), computer("Bea"), rules=short_rules(2, 2))
    console, _ = play(session, "rounds")
    (points,) = session.state.round_scores
    assert console.since("> rounds")[:2] == [
        f"Round 1: Ana {points[0]}, Bea {points[1]}",
        f"Totals: Ana {points[0]}, Bea {points[1]}",
    ]
