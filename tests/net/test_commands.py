"""``chickenfoot host`` and ``chickenfoot join`` as a user runs them: a server process with a
table made at start, computer players joining it from processes of their own, each printing
the moves its seat may see; the refusals of both commands in one line."""

from __future__ import annotations

import json
import re
import shutil
import signal
from pathlib import Path

import pytest

from chickenfoot.cli import main
from chickenfoot.cli.host import FIXED_DEAL_WARNING, announcement
from chickenfoot.net.remote import TableAddress
from tests.net.processes import Process, host, self_signed

RULES = ("--set", "6", "--hand-size", "4", "--arms", "3", "--rounds", "1", "--pause", "0")


def test_a_table_made_at_start_is_played_by_joining_computers(tmp_path: Path) -> None:
    server, join_line = host(
        tmp_path / "server",
        "--table",
        "--players",
        "3",
        "--seats",
        "person,person,casual",
        "--seed",
        "11",
        *RULES,
    )
    try:
        players = [
            Process(["join", join_line, "--computer", level], tmp_path / level)
            for level in ("casual", "hard")
        ]
        assert [player.finish() for player in players] == [0, 0]
        server.wait_for_line(r"Game over")
    finally:
        assert server.stop(signal.SIGINT) == 130
    assert "chickenfoot host: stopped (Ctrl+C)" in server.lines
    assert FIXED_DEAL_WARNING in server.lines, "a fixed deal is warned of"
    code = join_line.split("@")[0]
    logged = [line for line in server.lines if re.match(r"\d{4}-\d\d-\d\dT", line)]
    assert [line.split(" ", 1)[1] for line in logged] == [
        f"table {code} opened by the operator: 3 seats, 1 of them computers",
        f"table {code} started with 2 people",
        f"table {code} finished",
    ], "the operator's log: the table's life, and no seed nor tile"
    code = join_line.split("@")[0]
    narrated = [line for line in server.lines if line.startswith(code)]
    assert any("plays" in line for line in narrated), "the host prints the table's moves"
    for player, level in zip(players, ("casual", "hard"), strict=True):
        assert any(line.startswith("playing seat") for line in player.lines)
        assert any(line.startswith("Game over") for line in player.lines)
        assert "The finished game is kept as game 1: Replays has it" in player.lines
        seats = json.loads((tmp_path / level / "online-seats.json").read_text())
        assert seats == [], "the seat's token is forgotten once the game is over"
    assert not [line for line in narrated if re.search(r"draws \d+\|\d+", line)], (
        "a spectator's log names no drawn tile"
    )


@pytest.mark.skipif(shutil.which("openssl") is None, reason="openssl is not installed")
def test_players_who_trust_the_certificate_play_over_tls_and_others_are_told(
    tmp_path: Path,
) -> None:
    certificate, key = self_signed(tmp_path)
    server, join_line = host(
        tmp_path / "server", "--table", "--players", "2",
        "--certfile", str(certificate), "--keyfile", str(key), *RULES,
    )  # fmt: skip
    trusted = {"SSL_CERT_FILE": str(certificate)}
    stranger = None
    try:
        assert join_line.startswith("wss://"), join_line
        stranger = Process(["join", join_line, "--watch"], tmp_path / "eve")
        stranger.wait_for_line(
            r"The secure connection to 127\.0\.0\.1 failed: its certificate is not trusted"
            r" · trying again"
        )
        players = [
            Process(["join", join_line, "--computer", "casual"], tmp_path / name, trusted)
            for name in ("ana", "bea")
        ]
        assert [player.finish() for player in players] == [0, 0]
        server.wait_for_line(r"Game over")
    finally:
        if stranger is not None:
            stranger.kill()
        server.stop()
    for player in players:
        assert any(line.startswith("Game over") for line in player.lines)


def test_the_server_says_who_can_connect() -> None:
    local = announcement(TableAddress("127.0.0.1", 8765), "127.0.0.1")
    assert "Only this machine can connect" in " ".join(local)
    wide = " ".join(announcement(TableAddress("box", 8765), "0.0.0.0"))
    assert "Other machines can connect" in wide and "not encrypted" in wide
    secure = " ".join(announcement(TableAddress("box", 8765, secure=True), "0.0.0.0"))
    assert "wss://box:8765" in secure and "not encrypted" not in secure


@pytest.mark.parametrize(
    ("arguments", "words"),
    [
        (
            ["host", "--table", "--players", "3", "--seats", "person,robot,casual"],
            "--seats: 'robot' is neither 'person' nor a level",
        ),
        (
            ["host", "--table", "--players", "3", "--seats", "person,casual"],
            "--seats lists 2 seats but the rules have 3 players",
        ),
        (["host", "--keyfile", "key.pem"], "--keyfile needs --certfile"),
        (["host", "--seed", "5"], "--seed fixes the deal of the --table: add --table"),
        (["host", "--certfile", "missing.pem"], "cannot use the certificate missing.pem"),
        (["join", "nonsense"], "names no table: write it as CODE@HOST:PORT"),
        (["join", "K0K0K0@host:1", "--computer", "casual"], "is not a table code"),
    ],
)
def test_a_command_that_cannot_run_says_why_in_one_line(
    arguments: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(arguments) == 2
    error = capsys.readouterr().err
    assert words in error and error.count("\n") == 1, error


def test_letters_no_code_starts_with_are_refused_before_the_server_starts(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as exit_status:
        main(["host", "--code-letters", "R-A"])
    assert exit_status.value.code == 2
    last = capsys.readouterr().err.splitlines()[-1]
    assert last == "chickenfoot host: error: argument --code-letters: R-A runs backwards: write A-R"


def test_a_join_nothing_answers_is_said_and_retried(tmp_path: Path) -> None:
    joiner = Process(["join", "ABCDEF@127.0.0.1:9", "--computer", "casual"], tmp_path)
    try:
        joiner.wait_for_line(r"Nothing answers at 127\.0\.0\.1:9 .* · trying again in \d+ s")
    finally:
        assert joiner.stop(signal.SIGINT) == 130
