"""The seed and the decks of a round still in play at one keyboard never leak: every command
(``replay --text``, ``verify``, ``stats``, ``games``, ``export``, ``import``) and the plain
mode (the lists, the replay, the statistics, a round's result and its deal, the hand-off) run
over an unfinished pass-and-play game, and what they print is searched for the seed's digits
and for any secret hand or deck written in order (:mod:`tests.unplayed`). The app's screens
are searched the same way in ``tests/tui/test_unplayed_secrets.py``."""

from __future__ import annotations

from pathlib import Path

import pytest

from chickenfoot.plain.app import PlainApp
from chickenfoot.saves.jsonformat import load_record, record_json
from tests.kit import stored
from tests.plain.scripted import ScriptedConsole
from tests.test_cli import run
from tests.unplayed import SEED, Secrets, into_round_two, round_one_just_over


def test_the_search_finds_the_secrets_where_they_are() -> None:
    """The search is not blind: the game's own file holds every secret, and it finds them."""
    record = into_round_two()
    leaks = Secrets.of(record).leaks(record_json(record))
    assert leaks[0] == f"the seed {SEED}"
    assert len(leaks) > 10, leaks


def test_no_command_tells_the_seed_or_a_deck_of_the_round_in_play(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = into_round_two()
    secrets = Secrets.of(record)
    game = stored(record)
    stored(round_one_just_over(record))

    status, out, err = run(capsys, "export", str(game), "--to", str(tmp_path))
    assert status == 0
    (path,) = out.splitlines()
    said = {"export": out + err}
    assert err == (
        f"chickenfoot export: note: {path} holds the hands of round 2, still in play at one "
        "keyboard, and the decks to come: keep it from the players until the game is over\n"
    )
    assert load_record(path) == record, "the file holds what Continue needs elsewhere"

    commands: tuple[list[str], ...] = (
        ["games"],
        ["games", "--unfinished"],
        ["stats"],
        ["replay", str(game), "--text"],
        ["replay", path, "--text"],
        ["verify", path],
        ["import", path],
    )
    for words in commands:
        status, out, err = run(capsys, *words)
        assert status == 0, err
        said[" ".join(words)] = out + err
    for command, text in said.items():
        assert secrets.leaks(text) == [], f"chickenfoot {command}:\n{text}"

    transcript = said[f"replay {game} --text"]
    assert transcript.splitlines()[0].endswith(", its seed kept back until the game is over")
    assert "Round 2 is still in play at one keyboard" in transcript
    assert said[f"verify {path}"].splitlines()[1:4] == [
        "round 1: the deck matches the game's seed",
        "round 2 (in play): the deck matches the game's seed",
        "round 3 (not dealt yet): the deck matches the game's seed",
    ]


def test_the_plain_mode_tells_neither_the_seed_nor_a_deck_of_the_round_in_play() -> None:
    record = into_round_two()
    just_over = round_one_just_over(record)
    secrets = Secrets.of(record, just_over)
    game = stored(record)
    stored(just_over)  # the latest unfinished game: Continue opens it on round 1's result
    console = ScriptedConsole(
        [
            *("c", "deal", "rounds", "log", "s", "t"),  # round 1's result and its deal
            *("", "h", "s", "t", "log", "q"),  # round 2's hand-off: nobody took the keyboard
            *("r", str(game)),  # the replay, through its commands
            *("end", "h", "e", "t", "s", "rounds", "w", "b", "h", "[", "h", "]", "round", "q"),
            *("", "l", "", "statistics", "q"),
        ]
    )
    assert PlainApp(console).run() == 0
    text = console.text
    assert "Round 1 of 3 (9|9): the deal" in text
    assert "Shuffled from the game's seed, kept back until the game is over" in text
    assert "Pass to " in text
    assert "Round 2 is still in play at one keyboard" in text
    assert secrets.leaks(text) == [], text
