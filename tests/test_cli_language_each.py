"""The command line in Galician, Spanish and Hebrew with their real catalogues: ``--help`` and a
refusal are the catalogue's words, with no English sentence of the catalogue left in them, and
Hebrew is written in logical order (the terminal lays it out)."""

from __future__ import annotations

import pytest

from chickenfoot import cli
from chickenfoot.lang import _, speaking
from tests.plain.test_game_in_each_language import BIDI_CONTROLS, english_sentences

LANGUAGES = ("gl", "es", "he")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run the command in this process; its exit status, stdout and stderr."""
    try:
        status = cli.main(list(argv))
    except SystemExit as leaving:  # argparse's --help and its refusals
        status = int(leaving.code or 0)
    out, err = capsys.readouterr()
    return status, out, err


def english_left(code: str, text: str) -> dict[str, str]:
    """Each English sentence of the catalogue of ``code`` that ``text`` still says (its lines
    joined: the help wraps them), with its translation."""
    joined = " ".join(text.split())
    return {piece: translated for piece, translated in english_sentences(code) if piece in joined}


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_help_is_in_the_language(capsys: pytest.CaptureFixture[str], code: str) -> None:
    status, out, err = run(capsys, "--language", code, "--help")
    assert (status, err) == (0, "")
    with speaking(code):
        usage, start = _("usage: "), _("Start the game (the default).")
    assert usage != "usage: " and out.startswith(f"{usage}chickenfoot")
    assert start in " ".join(out.split())
    assert not english_left(code, out), english_left(code, out)
    assert not BIDI_CONTROLS.search(out), "the terminal lays right to left out, not the program"


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_refusal_is_in_the_language(capsys: pytest.CaptureFixture[str], code: str) -> None:
    status, out, err = run(capsys, "--language", code, "export")
    assert (status, out) == (2, "")
    with speaking(code):
        required = _("the following arguments are required: %s") % "--to"
        error = _("%(prog)s: error: %(message)s\n") % {
            "prog": "chickenfoot export",
            "message": required,
        }
    assert err.endswith(error), err
    assert not english_left(code, err), english_left(code, err)


def test_hebrew_help_is_in_logical_order(capsys: pytest.CaptureFixture[str]) -> None:
    _status, out, _err = run(capsys, "--language", "he", "--help")
    with speaking("he"):
        start = _("Start the game (the default).")
    joined = " ".join(out.split())
    assert start in joined and " ".join(reversed(start.split())) not in joined, "first word first"
