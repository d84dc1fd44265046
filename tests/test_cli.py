"""The ``chickenfoot`` command: simulate, tournament, load, replay, play, and its messages."""

from __future__ import annotations

import io
import os
import re
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import chickenfoot
from chickenfoot import bots, cli
from chickenfoot.bots import BOT_LEVELS
from chickenfoot.bots import tournament as tournament_module
from chickenfoot.cli import options, simulate, tournament
from chickenfoot.cli.common import COMMANDS
from chickenfoot.lang import speaking
from chickenfoot.record.model import GameRecord
from chickenfoot.rules import RuleSet
from chickenfoot.saves import jsonformat as jsonformat_module
from chickenfoot.saves.jsonformat import load_record, save_record
from chickenfoot.text.transcript import transcript
from tests.kit import seats, short_rules
from tests.pseudo import PSEUDO, PseudoTranslations, english, pseudo
from tests.recorded import random_record

HANG_LIMIT = 60
"""Seconds after which a command that has not ended is taken to hang."""


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run the command; its exit status, stdout and stderr."""
    try:
        status = cli.main(list(argv))
    except SystemExit as exit_:  # argparse's own errors, --help and --version
        status = int(exit_.code or 0)
    out, err = capsys.readouterr()
    return status, out, err


SEAT_ROW = re.compile(
    r"^\s+(?P<seat>\d)\s+(?P<level>\w+)\s+(?P<wins>\d+)\s+(?P<shared>\d+)\s+"
    r"(?P<share>[\d.]+)%\s+(?P<score>[\d.]+)$",
    re.MULTILINE,
)


def seat_rows(out: str) -> list[dict[str, str]]:
    """The per-seat rows of a simulate report."""
    return [match.groupdict() for match in SEAT_ROW.finditer(out)]


# ----- simulate ---------------------------------------------------------------------------------


def test_simulate_prints_the_figures(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(
        capsys,
        "simulate",
        "--games",
        "5",
        "--seed",
        "1",
        "--rounds",
        "3",
        "--bots",
        "hard,greedy,random",
    )
    assert status == 0, err
    assert err == ""
    assert "Simulating 5 games, seed 1" in out
    assert "3 rounds, 9|9 down to 7|7" in out
    rows = seat_rows(out)
    assert [row["level"] for row in rows] == ["hard", "greedy", "random", "random"]
    assert sum(float(row["share"]) for row in rows) == pytest.approx(100, abs=0.2)
    assert sum(int(row["wins"]) for row in rows) <= 5
    assert all(float(row["score"]) >= 0 for row in rows)
    assert re.search(r"^games: 5$", out, re.MULTILINE)
    actions = re.search(r"^mean actions per game: ([\d.]+)$", out, re.MULTILINE)
    assert actions and float(actions.group(1)) > 0
    assert re.search(r"^games per second: [\d.]+ \([\d.]+ s\)$", out, re.MULTILINE)


def test_the_same_seed_gives_the_same_results(capsys: pytest.CaptureFixture[str]) -> None:
    arguments = ("simulate", "--games", "3", "--seed", "7", "--rounds", "2", "--bots", "random")
    first = run(capsys, *arguments)[1]
    second = run(capsys, *arguments)[1]
    assert len(seat_rows(first)) == 4
    assert seat_rows(first) == seat_rows(second)


def test_a_run_without_a_seed_prints_the_one_it_chose(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _err = run(capsys, "simulate", "--games", "1", "--rounds", "1")
    assert status == 0
    assert re.search(r"Simulating 1 game, seed \d+", out)


def test_ctrl_c_reports_the_games_played_so_far(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    real_play_game = bots.play_game
    played: list[int] = []

    def stopped_after_two(*args: Any) -> Any:
        if len(played) == 2:
            raise KeyboardInterrupt
        played.append(1)
        return real_play_game(*args)

    monkeypatch.setattr(simulate, "play_game", stopped_after_two)
    status, out, _err = run(capsys, "simulate", "--games", "5", "--seed", "1", "--rounds", "1")
    assert status == 130
    assert "Interrupted after 2 games." in out
    assert re.search(r"^games: 2$", out, re.MULTILINE)
    assert len(seat_rows(out)) == 4


def test_save_dir_writes_loadable_games(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    folder = tmp_path / "games"
    status, out, err = run(
        capsys,
        "simulate",
        "--games",
        "3",
        "--seed",
        "4",
        "--preset",
        "trains",
        "--players",
        "3",
        "--rounds",
        "2",
        "--bots",
        "random,greedy",
        "--save-dir",
        str(folder),
    )
    assert status == 0, err
    assert f"saved to: {folder}" in out
    paths = sorted(folder.glob("*.json"))
    assert [path.name for path in paths] == ["sim-4-1.json", "sim-4-2.json", "sim-4-3.json"]
    for path in paths:
        record = load_record(path)
        assert record.finished
        assert record.rules.preset == "trains" and record.rules.round_count == 2
        assert [seat.level for seat in record.seats] == ["random", "greedy", "greedy"]
        assert all(seat.player == "computer" for seat in record.seats)
    assert len({load_record(path).decks for path in paths}) == 3


def test_save_dir_that_cannot_be_created(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    status, _out, err = run(capsys, "simulate", "--games", "1", "--save-dir", str(blocker / "x"))
    assert status == 2
    assert err.startswith("chickenfoot simulate: error: --save-dir: cannot create")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["--players", "8"],
            "8 seats × 7 tiles = 56 tiles, but a double-9 set has only 55: use a double-12 set",
        ),
        (["--players", "9"], "--players: at most 8"),
        (["--arms", "1"], "--arms: at least 2"),
        (["--rounds", "11"], "11 rounds, but a double-9 set has only 10 doubles"),
        (
            ["--bots", "greedy,master"],
            "--bots: unknown computer player level 'master': "
            "choose from beginner, casual, hard, expert",
        ),
        (
            ["--bots", "random,random,random,random,random"],
            "--bots: 5 levels for 4 seats: at most one per seat",
        ),
    ],
)
def test_impossible_set_ups_explain_themselves(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, out, err = run(capsys, "simulate", "--games", "1", *argv)
    assert status == 2
    assert out == ""
    assert err.startswith("chickenfoot simulate: error: ")
    assert message in err
    assert "Traceback" not in err and err.count("\n") == 1


@pytest.mark.parametrize(
    ("argv", "worded"),
    [
        (["--players", "9"], pseudo("at most {bound}").format(bound=8)),
        (
            ["--rounds", "11"],
            pseudo(
                "{count} rounds, but a double-{size} set has only {doubles} doubles to start "
                "them: play at most {doubles} rounds"
            ).format(count=11, size=9, doubles=10),
        ),
    ],
)
def test_impossible_rules_are_said_in_the_language(
    capsys: pytest.CaptureFixture[str], argv: list[str], worded: str
) -> None:
    with speaking(PSEUDO, PseudoTranslations()):
        status, _out, err = run(capsys, "simulate", "--games", "1", *argv)
    assert status == 2
    assert worded in err
    assert english(err).startswith("chickenfoot simulate: error: ")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--games", "0"], "argument --games: 0 is too small: at least 1"),
        (["--games", "many"], "argument --games: 'many' is not a whole number"),
        (["--hand-size", "x"], "argument --hand-size: 'x' is not a whole number (or 'auto')"),
        (["--rounds", "auto"], "argument --rounds: 'auto' is not a whole number (or 'all')"),
        (["--set", "10"], "argument --set: '10' is not a set size: choose one of 6, 9, 12, 15, 18"),
        (
            ["--draw", "two"],
            "argument --draw: 'two' is not a draw rule: choose one of one, until_playable",
        ),
        (["--preset", "bingo"], "argument --preset: 'bingo' is not a preset: choose one of cross"),
        (["--players", "x"], "argument --players: 'x' is not a whole number"),
        (["--think-time", "0"], "argument --think-time: 0 seconds is not a think time"),
        (["--think-time", "soon"], "argument --think-time: 'soon' is not a number of seconds"),
        (["--playouts", "0"], "argument --playouts: 0 is too small: at least 1"),
    ],
)
def test_bad_options_give_clear_messages(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, _out, err = run(capsys, "simulate", *argv)
    assert status == 2
    assert message in err


RULE_ARGUMENTS: dict[str, tuple[list[str], Any]] = {
    "players": (["--players", "3"], 3),
    "set_size": (["--set", "12"], 12),
    "hand_size": (["--hand-size", "5"], 5),
    "arms": (["--arms", "auto"], None),
    "drawn_tile": (["--drawn-tile", "must-play"], "must_play"),
    "draw": (["--draw", "until_playable"], "until_playable"),
    "reserve": (["--reserve", "3"], 3),
    "double_blank_points": (["--double-blank-points", "25"], 25),
    "round_start": (["--round-start", "search"], "search"),
    "tie_break": (["--tie-break", "shared"], "shared"),
    "rounds": (["--rounds", "4"], 4),
}


def test_every_rule_field_has_a_flag() -> None:
    assert set(options.RULE_FLAGS) == set(RuleSet.model_fields) - {"preset"}
    assert set(RULE_ARGUMENTS) == set(options.RULE_FLAGS)


@pytest.mark.parametrize("field", sorted(RULE_ARGUMENTS))
def test_each_rule_flag_sets_its_field(field: str) -> None:
    argv, expected = RULE_ARGUMENTS[field]
    args = cli.build_parser().parse_args(["simulate", *argv])
    rules = options.rules_from_args(args)
    assert getattr(rules, field) == expected
    untouched = options.rules_from_args(cli.build_parser().parse_args(["simulate"]))
    assert getattr(untouched, field) != expected
    others = set(RuleSet.model_fields) - {field}
    assert {name: getattr(rules, name) for name in others} == {
        name: getattr(untouched, name) for name in others
    }


def test_trains_preset_keeps_its_own_values_unless_overridden() -> None:
    args = cli.build_parser().parse_args(["simulate", "--preset", "trains", "--reserve", "0"])
    rules = options.rules_from_args(args)
    assert (rules.preset, rules.drawn_tile, rules.reserve_count) == ("trains", "must_play", 0)


def test_help_documents_bots_and_shared_wins(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _err = run(capsys, "simulate", "--help")
    assert status == 0
    flat = " ".join(out.split())
    assert "a shorter list repeats its last level" in flat
    assert "A win shared by k seats counts 1/k to each" in flat
    for level in [*BOT_LEVELS, "random", "greedy"]:
        assert level in flat
    assert "--think-time" in flat and "--playouts" in flat
    for flag in options.RULE_FLAGS.values():
        assert flag in flat
    assert "(cross: may_play, trains: must_play)" in flat
    assert "What a 0|0 left in hand scores (it has no pips: 0 scores nothing)." in flat


def test_bot_levels_repeat_the_last_for_the_remaining_seats() -> None:
    assert simulate.bot_levels_for("random", 3) == ("random", "random", "random")
    assert simulate.bot_levels_for("greedy, random", 4) == ("greedy", "random", "random", "random")
    with pytest.raises(ValueError, match="unknown computer player level ''"):
        simulate.bot_levels_for("greedy,", 4)


def test_simulate_gives_the_expert_its_budget(capsys: pytest.CaptureFixture[str]) -> None:
    arguments = ("simulate", "--games", "1", "--seed", "3", "--rounds", "1", "--bots", "expert")
    first = run(capsys, *arguments, "--playouts", "4")
    again = run(capsys, *arguments, "--playouts", "4")
    assert first[0] == 0, first[2]
    assert seat_rows(first[1]) == seat_rows(again[1])
    assert [row["level"] for row in seat_rows(first[1])] == ["expert"] * 4


def test_simulate_tells_an_expert_who_it_plays_against(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    real_play_game = bots.play_game
    planners: list[frozenset[int]] = []

    def recording(rules: Any, strategies: Any, decks: Any) -> Any:
        planners.extend(s.planners for s in strategies if s.level == "expert")
        return real_play_game(rules, strategies, decks)

    monkeypatch.setattr(simulate, "play_game", recording)
    arguments = ("simulate", "--games", "1", "--seed", "3", "--rounds", "1", "--playouts", "4")
    status, _out, err = run(capsys, *arguments, "--bots", "expert,hard,casual,beginner")
    assert status == 0, err
    assert planners == [{0, 1}]


# ----- tournament -------------------------------------------------------------------------------

LEVEL_ROW = re.compile(
    r"^(?P<level>\w+)\s+(?P<seats>\d)\s+(?P<share>[\d.]+)% ± (?P<share_margin>[\d.]+)%\s+"
    r"(?P<score>[\d.]+) ± (?P<score_margin>[\d.]+)\s+(?P<decisions>[\d,]+)\s+"
    r"(?P<median>[\d.]+)\s+(?P<p95>[\d.]+)\s+(?P<max>[\d.]+)$",
    re.MULTILINE,
)


def level_rows(out: str) -> list[dict[str, str]]:
    """The per-level rows of a tournament report."""
    return [match.groupdict() for match in LEVEL_ROW.finditer(out)]


def test_tournament_prints_each_levels_figures(capsys: pytest.CaptureFixture[str]) -> None:
    arguments = ("tournament", "--levels", "hard,casual", "--games", "10", "--seed", "2")
    status, out, err = run(capsys, *arguments, "--rounds", "2")
    assert status == 0, err
    assert "Tournament: 12 games (3 deals, each played in 4 seat rotations), seed 2" in out
    assert "Seats: hard, casual, casual, casual (rotated through the seats on every deal)" in out
    assert "Thinking" not in out
    rows = level_rows(out)
    assert [(row["level"], row["seats"]) for row in rows] == [("hard", "1"), ("casual", "3")]
    shares = [float(row["share"]) for row in rows]
    assert shares[0] + 3 * shares[1] == pytest.approx(100, abs=0.2)
    assert all(int(row["decisions"].replace(",", "")) > 0 for row in rows)
    assert "a fair share is 25.0%" in out and "over 3 deals" in out
    assert re.search(r"^games: 12 in [\d.]+ s$", out, re.MULTILINE)
    again = level_rows(run(capsys, *arguments, "--rounds", "2")[1])
    figures = ("level", "share", "share_margin", "score", "score_margin", "decisions")
    assert [[row[key] for key in figures] for row in again] == [
        [row[key] for key in figures] for row in rows
    ]


def test_tournament_names_the_experts_budget(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(
        capsys, "tournament", "--levels", "expert,beginner", "--games", "4", "--players", "2",
        "--seed", "1", "--rounds", "1", "--playouts", "6",
    )  # fmt: skip
    assert status == 0, err
    assert "Thinking: expert, 6 playouts per decision" in out
    assert [row["level"] for row in level_rows(out)] == ["expert", "beginner"]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--levels", "hard,master"], "--levels: unknown computer player level 'master'"),
        (["--levels", "hard,hard,hard,hard,hard"], "--levels: 5 levels for 4 seats"),
        (["--levels", "hard", "--players", "1"], "--players: at least 2"),
        ([], "--levels: name each seat's level, e.g. --levels expert,casual"),
    ],
)
def test_tournament_set_ups_that_cannot_be_played(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    status, out, err = run(capsys, "tournament", "--games", "1", *argv)
    assert status == 2 and out == ""
    assert err.startswith("chickenfoot tournament: error: ") and message in err


def test_tournament_ctrl_c_reports_the_deals_played_so_far(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    real_play_deal = tournament_module.play_deal
    played: list[int] = []

    def stopped_after_two(*args: Any) -> Any:
        if len(played) == 2:
            raise KeyboardInterrupt
        played.append(1)
        return real_play_deal(*args)

    monkeypatch.setattr(tournament_module, "play_deal", stopped_after_two)
    status, out, _err = run(
        capsys, "tournament", "--levels", "casual", "--games", "20", "--rounds", "1"
    )
    assert status == 130
    assert "Interrupted after 8 games." in out
    assert len(level_rows(out)) == 1


def test_tournament_help_explains_the_seats(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _err = run(capsys, "tournament", "--help")
    assert status == 0
    flat = " ".join(out.split())
    assert "a shorter list repeats its last level for the seats left" in flat
    assert "95% intervals" in flat and "--jobs" in flat and "--think-time" in flat
    assert tournament.DEFAULT_GAMES == 100


# ----- progress bar -----------------------------------------------------------------------------


class Terminal(io.StringIO):
    """A text stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def test_progress_bar_appears_only_on_a_terminal_after_a_delay() -> None:
    terminal = Terminal()
    bar = simulate.ProgressBar(10, terminal, "simulating")
    bar.advance(elapsed=simulate.PROGRESS_DELAY_SECONDS / 2)
    assert terminal.getvalue() == ""
    bar.advance(elapsed=simulate.PROGRESS_DELAY_SECONDS + 1)
    bar.stop()
    assert "simulating" in terminal.getvalue()

    pipe = io.StringIO()
    quiet = simulate.ProgressBar(10, pipe, "simulating")
    quiet.advance(elapsed=simulate.PROGRESS_DELAY_SECONDS + 1)
    quiet.stop()
    assert pipe.getvalue() == ""


# ----- load, replay, play, version ---------------------------------------------------------------


@pytest.fixture
def saved_game(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> Path:
    """A finished two-round game saved by ``simulate``."""
    status, _out, err = run(
        capsys,
        "simulate",
        "--games",
        "1",
        "--seed",
        "2",
        "--rounds",
        "2",
        "--save-dir",
        str(tmp_path),
    )
    assert status == 0, err
    (path,) = tmp_path.glob("*.json")
    return path


@pytest.fixture
def app_calls(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, object]]:
    """Stand in for the Textual app: record each ``run_app`` call instead of starting it."""
    import chickenfoot.tui.app

    calls: list[dict[str, object]] = []

    def fake_run_app(
        load: int | None = None,
        replay: GameRecord | None = None,
        *,
        plain: Callable[[], int] | None = None,
    ) -> int:
        assert plain is not None, "the full-screen app may go on in the plain mode"
        calls.append({"load": load, "replay": replay})
        return 0

    monkeypatch.setattr(chickenfoot.tui.app, "run_app", fake_run_app)
    return calls


def test_replay_text_prints_the_transcript(
    capsys: pytest.CaptureFixture[str], saved_game: Path, app_calls: list[dict[str, object]]
) -> None:
    status, out, err = run(capsys, "replay", str(saved_game), "--text")
    assert (status, err) == (0, "")
    assert out == transcript(load_record(saved_game))
    assert app_calls == []


@pytest.mark.parametrize("command", ["replay", "load"])
def test_a_bad_file_gives_one_line_and_status_2(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    app_calls: list[dict[str, object]],
    command: str,
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "chickenfoot", "version": 1')
    for path in (bad, tmp_path / "missing.json"):
        status, out, err = run(capsys, command, str(path))
        assert status == 2
        assert out == ""
        assert err.startswith(f"chickenfoot {command}: error: {path}")
        assert err.count("\n") == 1 and "Traceback" not in err
    assert app_calls == []


SAMPLES = Path(__file__).resolve().parent / "data" / "records"
ROOT = Path(__file__).resolve().parents[1]


def run_command(
    *argv: str, environment: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """Run ``chickenfoot ARGV`` in a new process, as a user would. A hang fails the test after
    a minute (generous: a loaded machine is slow to start Python, and a hang is forever)."""
    code = "import sys; from chickenfoot.cli import main; sys.exit(main(sys.argv[1:]))"
    return subprocess.run(
        [sys.executable, "-c", code, *argv],
        capture_output=True,
        text=True,
        encoding="utf-8",
        errors="replace",
        timeout=HANG_LIMIT,
        check=False,
        cwd=ROOT,
        env=environment,
    )


@pytest.mark.skipif(sys.platform == "win32", reason="needs named pipes")
@pytest.mark.parametrize("command", [["replay", "--text"], ["load"], ["replay"]])
def test_a_named_pipe_is_refused_at_once(tmp_path: Path, command: list[str]) -> None:
    pipe = tmp_path / "game.json"
    os.mkfifo(pipe)
    finished = run_command(command[0], str(pipe), *command[1:])
    assert finished.returncode == 2
    assert finished.stderr == (
        f"chickenfoot {command[0]}: error: {pipe}: not a regular file: a named pipe\n"
    )


def ascii_console() -> dict[str, str]:
    """The environment of a console that speaks only ASCII."""
    return {**os.environ, "LC_ALL": "C", "LANG": "C", "PYTHONIOENCODING": "ascii"}


def test_replay_text_in_an_ascii_console_replaces_what_it_cannot_write(tmp_path: Path) -> None:
    sample = SAMPLES / "v1-finished.json"
    assert "Cé" in sample.read_text(encoding="utf-8")
    finished = run_command("replay", str(sample), "--text", environment=ascii_console())
    assert (finished.returncode, finished.stderr) == (0, "")
    assert "[bold]C?[/bold]" in finished.stdout and "Ana" in finished.stdout


def test_errors_in_an_ascii_console_are_one_line_without_a_traceback(tmp_path: Path) -> None:
    path = tmp_path / "Zoë's game.json"
    path.write_text("[]", encoding="utf-8")
    finished = run_command("replay", str(path), "--text", environment=ascii_console())
    assert finished.returncode == 2
    assert finished.stderr == (
        f"chickenfoot replay: error: {tmp_path}/Zo?'s game.json: not a chickenfoot saved game: "
        "the file holds a list, not an object\n"
    )


@pytest.mark.parametrize("command", ["load", "replay"])
def test_ctrl_c_while_loading_is_one_line_and_status_130(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    saved_game: Path,
    command: str,
) -> None:
    def interrupted(path: Path) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(jsonformat_module, "load_record", interrupted)
    status, out, err = run(
        capsys, command, str(saved_game), *(["--text"] if command == "replay" else [])
    )
    assert (status, out) == (130, "")
    assert err == f"chickenfoot {command}: stopped (Ctrl+C)\n"


@pytest.mark.skipif(sys.platform == "win32", reason="needs SIGINT")
def test_a_real_ctrl_c_prints_no_traceback(saved_game: Path) -> None:
    """The command is stopped by SIGINT while it works (it waits for us to send it).

    The command starts with SIGINT handled as in a terminal's foreground: a test run started
    as a background job (``make test &``, ``nohup``) ignores SIGINT, every child inherits
    that, and the command would never see the signal.
    """
    code = (
        "import signal, sys, threading\n"
        "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
        "from chickenfoot.cli import main\n"
        "from chickenfoot.saves import jsonformat\n"
        "def load_record(path):\n"
        "    print('loading', flush=True)\n"
        "    threading.Event().wait()\n"
        "jsonformat.load_record = load_record\n"
        "sys.exit(main(sys.argv[1:]))\n"
    )
    process = subprocess.Popen(
        [sys.executable, "-c", code, "replay", str(saved_game), "--text"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    assert process.stdout is not None
    assert process.stdout.readline() == "loading\n"
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=HANG_LIMIT)
    assert process.returncode == 130
    assert (out, err) == ("", "chickenfoot replay: stopped (Ctrl+C)\n")


def test_replay_opens_the_file_and_load_imports_and_continues_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, app_calls: list[dict[str, object]]
) -> None:
    record = random_record(short_rules(2), seats("human", "computer"), 3, stop_after=4)
    path = tmp_path / "game.json"
    save_record(record, path)
    assert run(capsys, "replay", str(path))[0] == 0
    assert run(capsys, "load", str(path))[0] == 0
    assert run(capsys, "load", str(path))[0] == 0, "the same game: continued, not copied"
    assert app_calls == [
        {"load": None, "replay": record},
        {"load": 1, "replay": None},
        {"load": 1, "replay": None},
    ]
    assert run(capsys, "replay", "1")[0] == 0
    assert app_calls[-1] == {"load": None, "replay": record}
    status, _out, err = run(capsys, "load", "7")
    assert (status, err) == (
        2,
        "chickenfoot load: error: there is no game 7 in the store (it may have been deleted)\n",
    )


def test_a_finished_game_is_not_continued(
    capsys: pytest.CaptureFixture[str], saved_game: Path, app_calls: list[dict[str, object]]
) -> None:
    status, _out, err = run(capsys, "load", str(saved_game))
    assert (status, err) == (
        2,
        "chickenfoot load: error: game 1 is over: watch it with chickenfoot replay 1\n",
    )
    assert app_calls == []


def test_play_is_the_default(
    capsys: pytest.CaptureFixture[str], app_calls: list[dict[str, object]]
) -> None:
    assert run(capsys)[0] == 0
    assert run(capsys, "play")[0] == 0
    assert app_calls == [{"load": None, "replay": None}] * 2


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _err = run(capsys, "--version")
    assert status == 0
    assert out.strip() == f"chickenfoot {chickenfoot.__version__}"


def test_help_lists_every_command_with_its_line(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _err = run(capsys, "--help")
    assert status == 0
    listed = " ".join(out.split())  # argparse wraps long lines
    for name, command in COMMANDS.items():
        assert f"{name} {command.summary}" in listed


@pytest.mark.parametrize("name", COMMANDS)
def test_each_command_has_its_whole_help(capsys: pytest.CaptureFixture[str], name: str) -> None:
    status, out, _err = run(capsys, name, "--help")
    assert status == 0
    assert out.startswith(f"usage: chickenfoot {name} [-h]")
    assert "options:" in out


def test_the_command_named_is_the_first_word_that_is_not_an_option() -> None:
    assert cli.command_named(["simulate", "--games", "3"]) == "simulate"
    assert cli.command_named(["--version"]) is None
    assert cli.command_named([]) is None
    assert cli.command_named(["-h", "replay"]) == "replay"


def test_unknown_command(capsys: pytest.CaptureFixture[str]) -> None:
    status, _out, err = run(capsys, "fly")
    assert status == 2
    assert "invalid choice: 'fly'" in err


def test_simulate_runs_as_a_module_without_loading_the_app() -> None:
    code = (
        "import sys\n"
        "from chickenfoot.cli import main\n"
        "status = main(['simulate', '--games', '1', '--rounds', '1', '--seed', '3'])\n"
        "assert 'textual' not in sys.modules, 'simulate imported Textual'\n"
        "raise SystemExit(status)\n"
    )
    finished = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    assert finished.returncode == 0, finished.stderr
    assert "Simulating 1 game, seed 3" in finished.stdout


def test_the_command_alone_starts_the_app_without_building_its_parser(
    monkeypatch: pytest.MonkeyPatch, app_calls: list[dict[str, object]]
) -> None:
    def no_parser(*_args: object) -> None:
        raise AssertionError("`chickenfoot` alone builds no parser")

    monkeypatch.setattr(cli, "build_parser", no_parser)
    assert cli.main([]) == 0
    assert app_calls == [{"load": None, "replay": None}]
