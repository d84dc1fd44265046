"""``chickenfoot verify FILE``: its report, its exit statuses, and hostile files."""

from __future__ import annotations

import json
import re
import shutil
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from chickenfoot import cli
from chickenfoot.cli import verify as verify_command
from chickenfoot.record.model import GameRecord, SeatConfig
from tests.recorded import SEED, honest_record, write_record
from tests.saves.hostile import Hostile, make_corpus
from tests.saves.test_hostile import DRIVER, SECONDS_PER_FILE, denied_words, fingerprint, run_tool


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run the command; its exit status, stdout and stderr."""
    try:
        status = cli.main(list(argv))
    except SystemExit as exit_:  # argparse's own errors and --help
        status = int(exit_.code or 0)
    out, err = capsys.readouterr()
    return status, out, err


SEATS = (
    SeatConfig(name="Ana", player="human"),
    SeatConfig(name="Zoë", player="computer", level="greedy"),
    SeatConfig(name="[red]Cy[/red]", player="human"),
)


@pytest.fixture(scope="module")
def honest() -> GameRecord:
    return honest_record(SEATS)


def test_an_honest_game_is_verified(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, honest: GameRecord
) -> None:
    path = write_record(tmp_path / "game.json", honest)
    status, out, err = run(capsys, "verify", str(path))
    assert (status, err) == (0, "")
    actions = len(honest.actions)
    assert out.splitlines() == [
        f"{path}: Ana, Zoë and [red]Cy[/red]; {actions} actions, finished; seed {SEED}",
        f"round 1: the deck matches seed {SEED}",
        f"round 2: the deck matches seed {SEED}",
        f"every action follows the rules ({actions} actions)",
        f"verified: every deck comes from seed {SEED} and every action follows the rules",
    ]


def test_a_deck_not_from_the_seed_has_its_own_status(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, honest: GameRecord
) -> None:
    def reorder(document: dict[str, Any]) -> None:
        deck = document["decks"][0]
        deck[0], deck[1] = deck[1], deck[0]  # two tiles of seat 0's hand trade places

    status, out, err = run(
        capsys, "verify", str(write_record(tmp_path / "game.json", honest, reorder))
    )
    assert (status, err) == (verify_command.EXIT_NOT_FROM_SEED, "")
    lines = out.splitlines()
    assert lines[1].startswith(f"round 1: the deck does not come from seed {SEED}: 2 of its 28")
    assert lines[2] == f"round 2: the deck matches seed {SEED}"
    assert lines[-1].startswith("not from its seed: every action follows the rules")


def test_a_game_without_a_seed_has_its_own_status(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, honest: GameRecord
) -> None:
    path = write_record(tmp_path / "game.json", honest, lambda document: document.update(seed=None))
    status, out, err = run(capsys, "verify", str(path))
    assert (status, err) == (verify_command.EXIT_NO_SEED, "")
    assert out.splitlines()[-1].startswith("unverified: ")


def test_an_illegal_action_is_named_with_its_reason(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, honest: GameRecord
) -> None:
    last = len(honest.actions) - 1

    def cheat(document: dict[str, Any]) -> None:
        document["actions"].append({"kind": "draw", "seat": 0})

    status, out, err = run(
        capsys, "verify", str(write_record(tmp_path / "game.json", honest, cheat))
    )
    assert (status, err) == (verify_command.EXIT_ILLEGAL, "")
    lines = out.splitlines()
    assert lines[-2] == (
        f"action {last + 2} (round 2) breaks the rules: Ana draws, but the game is over"
    )
    assert lines[-1] == f"illegal: action {last + 2} breaks the rules"
    assert "Traceback" not in out


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (None, "no such file"),
        (b"", "the file is empty"),
        (b'{"format": "chickenfoot", "version": 1, "created": ', "the file ends too early"),
        (b'{"format": "chess"}', "not a chickenfoot saved game"),
    ],
    ids=["missing", "empty", "cut-short", "not-a-game"],
)
def test_an_unreadable_file_gets_the_loaders_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: bytes | None, problem: str
) -> None:
    path = tmp_path / "game.json"
    if content is not None:
        path.write_bytes(content)
    status, out, err = run(capsys, "verify", str(path))
    assert (status, out) == (2, "")
    assert err.startswith(f"chickenfoot verify: error: {path}: ") and err.count("\n") == 1
    assert problem in err


def test_ctrl_c_stops_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def stopped(path: Path) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(verify_command, "verify_file", stopped)
    status, out, err = run(capsys, "verify", str(tmp_path / "game.json"))
    assert (status, out, err) == (130, "", "chickenfoot verify: stopped (Ctrl+C)\n")


def test_help_lists_the_exit_statuses(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _err = run(capsys, "verify", "--help")
    assert status == 0
    statuses = re.findall(r"^  (\d+) ", out.split("exit status:\n")[1], re.MULTILINE)
    assert statuses == ["0", "2", "3", "4", "5", "130"]
    assert "docs/save-format.md" in out
    _status, out, _err = run(capsys, "--help")
    assert "verify" in out


def test_every_exit_status_is_distinct() -> None:
    statuses = list(verify_command.EXIT_STATUSES.values())
    assert len(set(statuses)) == len(statuses)
    assert 2 not in statuses and 130 not in statuses


# ----- hostile files ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def corpus() -> Iterator[list[Hostile]]:
    """The hostile files of tests/saves/hostile.py, in a folder with a short path."""
    folder = Path(tempfile.mkdtemp(prefix="cfv"))
    try:
        yield make_corpus(folder)
    finally:
        shutil.rmtree(folder)


def test_hostile_files_are_refused_in_one_line_or_reported(corpus: list[Hostile]) -> None:
    # In an ASCII console (the harder one: names and paths it cannot show become "?").
    folder = corpus[0].path.parent
    before = fingerprint(folder)
    files = [str(hostile.path) for hostile in corpus]
    finished = run_tool(
        [sys.executable, "-c", DRIVER, str(SECONDS_PER_FILE), "verify", "--", *files],
        "ascii",
        timeout=180,
    )
    assert finished.returncode == 0, finished.stderr[-2000:]
    results = json.loads(finished.stdout)
    problems = []
    illegal = verify_command.EXIT_ILLEGAL
    reported = set(verify_command.EXIT_STATUSES.values()) - {illegal}
    for hostile, result in zip(corpus, results, strict=True):
        err, out, status = result["err"], result["out"], result["status"]
        if result["crash"]:
            problems.append(f"{hostile.what}: {result['crash']}")
            continue
        expected = {True: {2, illegal}, False: reported, None: {2, illegal, *reported}}
        if status not in expected[hostile.refused]:
            problems.append(f"{hostile.what}: status {status}: {err or out}")
        if status == 2:
            prefix = f"chickenfoot verify: error: {hostile.path}: "
            if not err.startswith(prefix) or err.count("\n") != 1 or out:
                problems.append(f"{hostile.what}: not one line naming the file: {err!r}")
        elif err or not out.startswith(f"{hostile.path}: "):
            problems.append(f"{hostile.what}: printed {err!r}, reported {out[:80]!r}")
        if denied_words(err + out):
            problems.append(f"{hostile.what}: says {denied_words(err + out)}")
    assert problems == []
    assert fingerprint(folder) == before
