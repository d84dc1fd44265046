"""``--language``: on the command and every subcommand, chosen before the parsers are built
(their help is in it), refused in plain words when chickenfoot does not speak it; the
settings and the environment choose otherwise; ``--version`` loads no catalogue."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from chickenfoot import cli
from chickenfoot.cli.language import asks_version, language_option
from chickenfoot.lang import language
from chickenfoot.saves.paths import settings_path

LANGUAGES_LISTED = "en (English), gl (Galego), es (Español), he (עברית)"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run the command in this process; its exit status, stdout and stderr."""
    try:
        status = cli.main(list(argv))
    except SystemExit as exit_:  # argparse's --help and --version
        status = int(exit_.code or 0)
    out, err = capsys.readouterr()
    return status, out, err


def write_settings(display: dict[str, object]) -> None:
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"version": 1, "display": display}), encoding="utf-8")


@pytest.mark.parametrize(
    ("arguments", "asked", "rest"),
    [
        ([], None, []),
        (["--language", "gl"], "gl", []),
        (["--language=es", "simulate", "--games", "2"], "es", ["simulate", "--games", "2"]),
        (["simulate", "--lang", "he", "--games", "2"], "he", ["simulate", "--games", "2"]),
        (["--la", "gl", "--plain"], "gl", ["--plain"]),
        (["--language", "gl", "--language", "es"], "es", []),
        (["--language"], "", []),
        (["--language", "--plain"], "", ["--plain"]),
        (["--l", "gl"], None, ["--l", "gl"]),  # too short to be heard as --language
        (["join", "--", "--language", "gl"], None, ["join", "--", "--language", "gl"]),
    ],
)
def test_language_is_heard_anywhere_before_a_double_dash(
    arguments: list[str], asked: str | None, rest: list[str]
) -> None:
    assert language_option(arguments) == (asked, rest)


def test_the_help_is_in_the_language_given(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _err = run(capsys, "--language", "es", "--help")
    assert status == 0
    assert "Hablar en este idioma: en, gl, es o he" in out
    assert language() == "es"


def test_every_subcommand_takes_and_lists_the_option(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _err = run(capsys, "simulate", "--help", "--language", "gl")
    assert status == 0
    assert "--language CODE" in out
    assert "Falar nesta lingua: en, gl, es ou he" in out


def test_a_subcommand_runs_in_the_language_given(capsys: pytest.CaptureFixture[str]) -> None:
    status, _out, err = run(
        capsys, "simulate", "--games", "1", "--seed", "3", "--players", "2", "--language", "gl"
    )
    assert status == 0, err
    assert language() == "gl"


def test_an_unknown_language_is_refused_listing_those_there_are(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, err = run(capsys, "--language", "fr", "simulate")
    assert (status, out) == (2, "")
    assert err == (
        f"chickenfoot: --language: there is no language “fr” here; the languages are: "
        f"{LANGUAGES_LISTED}\n"
    )


def test_the_refusal_is_in_the_language_the_environment_asks_for(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANGUAGE", "es")
    status, _out, err = run(capsys, "--language", "fr")
    assert status == 2
    assert err.startswith("chickenfoot: --language: aquí no hay ningún idioma «fr»")


def test_a_language_option_without_a_code_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    status, _out, err = run(capsys, "games", "--language")
    assert status == 2
    assert err == f"chickenfoot: --language needs the code of a language: {LANGUAGES_LISTED}\n"


def test_the_settings_choose_when_the_command_line_does_not(
    capsys: pytest.CaptureFixture[str],
) -> None:
    write_settings({"language": "he"})
    status, _out, _err = run(capsys, "--help")
    assert status == 0
    assert language() == "he"
    status, _out, _err = run(capsys, "--help", "--language", "en")
    assert language() == "en"


def test_the_environment_chooses_when_the_settings_do_not(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    write_settings({"language": "klingon"})  # not a language: the system's
    monkeypatch.delenv("LANGUAGE")
    monkeypatch.setenv("LANG", "gl_ES.UTF-8")
    run(capsys, "--help")
    assert language() == "gl"


@pytest.mark.parametrize(
    ("arguments", "asks"),
    [
        (["--version"], True),
        (["--plain", "--version"], True),
        (["simulate", "--version"], False),
        ([], False),
    ],
)
def test_the_version_is_asked_of_the_command_itself(arguments: list[str], asks: bool) -> None:
    assert asks_version(arguments) is asks


CATALOGUES_OPENED = """\
import json, sys
opened = []
def listen(event, arguments):
    if event == "open" and str(arguments[0]).endswith(".mo"):
        opened.append(str(arguments[0]))
sys.addaudithook(listen)
from chickenfoot.cli import main
try:
    main({argv!r})
except SystemExit:
    pass
print(json.dumps(opened))
"""


@pytest.mark.parametrize(("argv", "opens"), [(["--version"], False), (["--help"], True)])
def test_the_version_loads_no_catalogue(argv: list[str], opens: bool, tmp_path: Path) -> None:
    """Even with a language chosen by the environment and the settings (``--help``, which
    speaks it, shows the test would see a catalogue opened)."""
    write_settings({"language": "gl"})
    environment = {**os.environ, "LANGUAGE": "es"}
    result = subprocess.run(
        [sys.executable, "-c", CATALOGUES_OPENED.format(argv=argv)],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
        env=environment,
    )
    opened = json.loads(result.stdout.splitlines()[-1])
    if opens:
        assert [Path(path).parent.parent.name for path in opened] == ["gl"]
    else:
        assert opened == []


def test_the_browser_tabs_of_serve_speak_the_language_it_was_given(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from chickenfoot.cli.serve import tab_command

    run(capsys, "--help", "--language", "gl")
    assert tab_command()[-3:] == ["--language", "gl", "play"]
    run(capsys, "--help")  # chosen by the settings or the system: each tab chooses alike
    assert tab_command()[-2:] == ["chickenfoot", "play"]
