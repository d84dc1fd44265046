"""The plain mode's menu, New game set-up, saved games, replays and setting, and the command
that chooses it: each driven a line at a time, as a person would."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from chickenfoot import cli
from chickenfoot.net.seating import GRACE_HINT, SERVER_HINT
from chickenfoot.plain.app import PlainApp
from chickenfoot.record.model import GameRecord, SeatConfig
from chickenfoot.saves.database import open_store
from chickenfoot.saves.settings import load_settings
from tests.kit import Kit
from tests.plain.scripted import Answer, ScriptedConsole


def run(*script: Answer) -> ScriptedConsole:
    """Run the plain app answering ``script`` (the input ends after it)."""
    console = ScriptedConsole(script)
    assert PlainApp(console).run() == 0
    return console


def games() -> list[GameRecord]:
    """Every game of the store, the most recently played first."""
    store = open_store()
    try:
        return [store.record(summary.id) for summary in store.games()]
    finally:
        store.close()


def finished_game(kit: type[Kit]) -> int:
    """A finished game between Ana and Bea, in the store: its number."""
    seats = (
        SeatConfig(name="Ana", player="human"),
        SeatConfig(name="Bea", player="computer", level="casual"),
    )
    record = kit.record_until(kit.short_rules(2), seats, 4, lambda state: state.over)
    assert record is not None
    return kit.stored(record)


def test_the_menu_is_said_item_by_item_and_quit_says_goodbye() -> None:
    console = run("", "q")
    assert console.said[1:11] == [
        "Main menu:",
        "1: New game",
        "2: Join a table",
        "3: Load game",
        "4: Replays",
        "5: Statistics",
        "6: Plain mode every time: off (this chooses it)",
        "7: Language: English",
        "8: Help",
        "9: Quit",
    ]
    assert console.said[12:21] == console.said[2:11], "an empty line says the menu again"
    assert console.said[-1] == "Goodbye."


def test_a_new_game_is_set_up_by_questions_played_and_continued() -> None:
    console = run(
        "n",
        *("s", "2", "Ana", "person", "Bea", "casual"),
        *("r", "1", "1"),  # the double-6 set
        *("r", "10", "1"),  # one round
        *("n", "11"),  # a seed
        "",  # start
        "q",  # back to the menu, the game saved
        "c",  # continue it
        "q",
        "q",
    )
    text = console.text
    assert "Seat 1: Ana, a person\nSeat 2: Bea, computer, casual" in text
    assert "cross preset, double-6 set (28 tiles), 2 players, 5 tiles each" in text
    assert "1 round, with 6|6" in text
    assert "Seed: 11" in text
    assert text.count("Round 1 (6|6): ") == 2, "the deal is said again on Continue"
    assert re.search(r"\n2: Continue \(game \d+: Ana, Bea, round 1 of 1\)", text)
    remembered = load_settings().setup
    assert [seat.name for seat in remembered.seats] == ["Ana", "Bea"]
    assert remembered.seed == "11"
    (saved,) = games()
    assert saved.seed == 11


def test_an_experts_think_time_is_asked_and_checked_as_the_form_does() -> None:
    console = run(
        "n",
        *("s", "2", "Ana", "person", "Bea", "expert", "20"),  # out of bounds: refused
        *("e", "0.05"),
        *("r", "1", "1"),  # the double-6 set
        *("r", "10", "1"),  # one round
        "",  # start
        "q",
        "q",
    )
    text = console.text
    assert "Expert thinks (s)? (seconds, 0.01 to 10; - for the default, 0.2) [the default]" in (
        text
    )
    assert "Think time: a number of seconds from 0.01 to 10; it stays the default." in text
    assert "Seat 2: Bea, computer, expert\nExpert thinks (s): 0.2, the default" in text
    assert "Expert thinks (s): 0.05\n" in text
    (saved,) = games()
    assert [seat.think_time for seat in saved.seats] == [None, 0.05]
    assert [seat.think_time for seat in load_settings().setup.seats] == [None, 0.05]


def test_the_set_up_refuses_what_cannot_be_played_in_plain_words() -> None:
    console = run(
        *("n", "s", "2", "Ana", "person", "ana", "casual", "Bea", "robot", "Bea", "casual"),
        *("r", "2", "40", "", "q", "q"),
    )
    text = console.text
    assert "Seat 1 already has this name: names must differ." in text
    assert "robot is not a player: type one of person, beginner, casual, hard, expert." in text
    assert "These rules cannot be played:\nTiles in each hand: " in text


def test_load_game_lists_the_games_and_deletes_one_after_asking(
    kit: type[Kit], tmp_path: Path
) -> None:
    game = finished_game(kit)
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    console = run("l", f"x {game}", "n", f"o {broken}", f"x {game}", "y", "", "q")
    text = console.text
    assert re.search(rf"\n{game}: Ana, Bea; finished \(1 round\); played ", text)
    assert (
        f"Delete game {game} (Ana, Bea)? This cannot be undone. (y or n; Enter: n) n\nKept." in text
    )
    assert re.search(r"broken.json: line 1, column 2: ", text)
    assert f"Deleted game {game}." in text
    assert "Saved games: none yet." in text
    assert games() == []


def test_a_replay_steps_and_reads_every_hand(kit: type[Kit]) -> None:
    game = finished_game(kit)
    (record,) = games()
    console = run("r", str(game), "", "h", "w", "end", "n", "q", "", "q")
    text = console.text
    assert f"Replay of Ana, Bea: {len(record.actions)} moves; Enter steps, ? helps." in text
    assert re.search(r"\nAna: \d tiles worth \d+: (\d\|\d ?)+, on turn\nBea: \d tiles worth", text)
    assert f"round 1; action 1 of {len(record.actions)}" in text
    assert "The end of the game: b steps back, q goes back." in text


def test_a_replay_is_taken_over_as_a_new_game(kit: type[Kit]) -> None:
    game = finished_game(kit)
    console = run("r", str(game), "", "take", "", "", "q", "q")
    assert "Your turn: " in console.text or "You drew " in console.text
    assert len(games()) == 2, "the game taken over is saved on its own"


def test_the_setting_starts_the_plain_mode_every_time() -> None:
    console = run("p", "q")
    assert "chickenfoot now starts in plain mode; chickenfoot --no-plain opens the app." in (
        console.text
    )
    assert load_settings().display.plain


def test_help_lists_the_commands() -> None:
    console = run("?", "q")
    assert "d draw, k keep the tile you drew, p pass." in console.said


def test_statistics_are_said_section_by_section(kit: type[Kit]) -> None:
    finished_game(kit)
    console = run("s", "q")
    assert any(line.startswith("Ana") for line in console.said)


def test_the_command_chooses_the_plain_mode(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    assert cli.main(["--plain"]) == 0
    assert capsys.readouterr().out.splitlines()[-1].endswith("Goodbye.")


def test_the_setting_chooses_it_and_no_plain_does_not(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    run("p", "q")
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    assert cli.main([]) == 0
    assert "Goodbye." in capsys.readouterr().out
    opened: list[str] = []
    import chickenfoot.tui.app as app

    def run_app(**_where: object) -> int:
        opened.append("app")
        return 0

    monkeypatch.setattr(app, "run_app", run_app)
    assert cli.main(["--no-plain"]) == 0
    assert opened == ["app"]


def test_replay_and_load_take_the_option_too(
    kit: type[Kit],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    game = finished_game(kit)
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\nq\n"))
    assert cli.main(["replay", str(game), "--plain"]) == 0
    assert "Replay of Ana, Bea" in capsys.readouterr().out
    (record,) = games()
    path = kit.save(record, tmp_path, "unfinished.json")
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    assert cli.main(["--plain", "load", str(path)]) == 2, "a finished game is not continued"
    assert f"game {game} is over" in capsys.readouterr().err


def test_the_plain_mode_never_imports_textual(tmp_path: Path) -> None:
    script = (
        "import io, json, sys\n"
        "sys.stdin = io.StringIO('?\\nq\\n')\n"
        "from chickenfoot.cli import main\n"
        "status = main(['--plain'])\n"
        "loaded = sorted(name for name in sys.modules if name.split('.')[0] in "
        "('textual', 'rich', 'textual_serve', 'aiohttp'))\n"
        "print(json.dumps([status, loaded]))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=120
    )
    status, loaded = json.loads(result.stdout.splitlines()[-1])
    assert status == 0
    assert loaded == [], "the plain mode loaded Textual (or Rich)"


def test_a_replay_keeps_the_round_in_play_of_a_shared_keyboard_hidden(kit: type[Kit]) -> None:
    people = (SeatConfig(name="Ana", player="human"), SeatConfig(name="Bea", player="human"))
    record = kit.record_until(
        kit.short_rules(2), people, 4, lambda state: len(state.board.played) > 1
    )
    assert record is not None
    game = kit.stored(record)
    console = run("r", str(game), "h", "q", "", "q")
    text = console.text
    assert (
        "Round 1 is still in play at one keyboard: its hands and drawn tiles stay hidden." in text
    )
    assert re.search(r"\nAna: \d tiles, hidden(, on turn)?\nBea: \d tiles, hidden", text)
    assert " worth " not in text, "no hand of the round in play is read"


def test_an_online_table_is_set_up_and_checked_with_the_forms_words() -> None:
    """New game's online table: its server, how long a lost seat waits, the computer that
    then plays it and hints, checked as the full-screen form checks them."""
    console = run(
        *("n", "s", "2", "Ana", "beginner", "Bea", "casual"),
        *("o", "KM7R3P@127.0.0.1:8765"),  # a table's address, not a server's
        *("o", "127.0.0.1:9"),  # nobody's seat is a person's
        *("s", "2", "Ana", "person", "Bea", "casual"),
        *("o", "127.0.0.1:9", "12x", "robot", "not allowed"),
        *("q", "q"),
    )
    text = console.text
    assert SERVER_HINT in text and GRACE_HINT in text
    assert "a server's address only (HOST:PORT): the table's code comes from the server" in text
    assert "an online table needs a person's seat: yours" in text
    assert "Lost seat waits (s): a whole number of seconds" in text
    assert "robot is not a computer player: type one of beginner, casual, hard, expert." in text
    assert "Table server: 127.0.0.1:9" in text
    assert "Lost seat waits (s): 90; then plays it: hard; hints: not allowed" in text


def test_join_a_table_checks_the_address_in_plain_words() -> None:
    console = run("j", "127.0.0.1:8765", "j", "KM7R3P@", "j", "", "q")
    text = console.text
    assert "write the table's code before the server: CODE@HOST:PORT" in text
    assert "'' is not a server's address: write it as HOST:PORT" in text
    assert text.count("Main menu:") == 4
