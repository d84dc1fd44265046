"""The command line speaks the player's language: its help, argparse's own words ("usage:",
"options", its refusals) and the commands' messages come from the catalogue (a marked test
catalogue shows which did), and argparse's own wording is back once the parser is done."""

from __future__ import annotations

import argparse
import gettext
from pathlib import Path

import pytest

from chickenfoot import cli
from chickenfoot.cli.parser import ARGPARSE_WORDS, Parser, speaking_argparse
from chickenfoot.lang import speaking
from tests.pseudo_language import Marked


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """The exit status, standard output and standard error of ``chickenfoot argv`` in the
    marked test language."""
    with speaking("es", Marked()):
        try:
            status = cli.main(list(argv))
        except SystemExit as leaving:
            status = int(leaving.code or 0)
    out, err = capsys.readouterr()
    return status, out, err


def test_the_help_and_argparses_headings_come_from_the_catalogue(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _err = run(capsys, "--help")
    assert status == 0
    assert out.startswith("⟦usage: ⟧chickenfoot")
    assert "⟦options⟧:" in out
    assert "⟦show this help message and exit⟧" in out
    assert "⟦Start the game (the default).⟧" in out
    assert "⟦Chicken Foot dominoes in your terminal." in out


def test_a_commands_help_and_its_rule_flags_come_from_the_catalogue(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _err = run(capsys, "simulate", "--help")
    assert status == 0
    assert "⟦rules⟧:" in out
    # the help of a rule flag and its presets' values: one sentence around the flag's help
    assert "⟦⟦Seats at the table, 2 to 8.⟧ (default: 4)⟧" in " ".join(out.split())


def test_argparses_refusals_come_from_the_catalogue(capsys: pytest.CaptureFixture[str]) -> None:
    status, _out, err = run(capsys, "export")
    assert status == 2
    assert "⟦the following arguments are required: %s⟧" not in err, "filled in"
    assert "⟦the following arguments are required: --to⟧" in err
    assert "\n⟦chickenfoot export: error: ⟦the following arguments" in err
    status, _out, err = run(capsys, "host", "--cover", "robot")
    assert status == 2
    assert "⟦invalid choice: 'robot' (choose from " in err


def test_a_commands_own_refusal_comes_from_the_catalogue(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, _out, err = run(capsys, "simulate", "--games", "0")
    assert status == 2
    assert "⟦0 is too small: at least 1⟧" in err
    status, _out, err = run(capsys, "tournament", "--games", "2", "--players", "2")
    assert status == 2
    assert err == (
        "⟦{program}: error: {message}⟧".format(
            program="chickenfoot tournament",
            message="⟦--levels: name each seat's level, e.g. --levels expert,casual⟧",
        )
        + "\n"
    )


def test_simulates_figures_are_headed_in_the_language(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _err = run(capsys, "simulate", "--games", "1", "--players", "2", "--seed", "3")
    assert status == 0
    assert out.startswith("⟦Simulating 1 game, seed 3⟧")
    assert "⟦games: 1⟧" in out
    heading = next(line for line in out.splitlines() if "⟦seat⟧" in line)
    assert "⟦mean score⟧" in heading


def test_argparse_has_its_own_words_back_afterwards() -> None:
    parser = Parser(prog="chickenfoot")
    parser.add_argument("--level", choices=("casual", "hard"))
    with speaking("he", Marked()):
        with pytest.raises(SystemExit):
            parser.parse_args(["--level", "robot"])
        assert "⟦usage: ⟧" in parser.format_usage()
    assert vars(argparse)["_"] is gettext.gettext
    assert vars(argparse)["ngettext"] is gettext.ngettext
    with speaking_argparse(), pytest.raises(RuntimeError):
        raise RuntimeError("a fault inside")
    assert vars(argparse)["_"] is gettext.gettext


def test_every_word_of_argparse_listed_is_one_it_says() -> None:
    source = Path(argparse.__file__).read_text(encoding="utf-8")
    for words in ARGPARSE_WORDS:
        assert repr(words)[1:-1] in source, words
