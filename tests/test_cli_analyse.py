"""``chickenfoot analyse``: a stored game or a file analysed for its people, the same every
time for a seed and a budget; computers on request; a shared keyboard's round in play kept
out; bad input refused in one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from chickenfoot.bots import coach
from chickenfoot.cli import analyse
from chickenfoot.record.model import SeatConfig
from tests.kit import short_rules, stored
from tests.recorded import random_record, write_record
from tests.test_cli import run

SEATS = (
    SeatConfig(name="Ana", player="human"),
    SeatConfig(name="[b]Bea[/b]", player="computer", level="hard"),
    SeatConfig(name="Cy", player="computer", level="casual"),
)
BUDGET = ("--budget", "30")


def analysed(out: str) -> list[str]:
    """The report's lines without the time it took."""
    return [line for line in out.splitlines() if not line.startswith("Analysed in")]


def test_a_stored_game_is_analysed_for_its_people_the_same_each_time(
    capsys: pytest.CaptureFixture[str],
) -> None:
    number = stored(random_record(short_rules(3, rounds=2), SEATS, 4))
    status, out, err = run(capsys, "analyse", str(number), *BUDGET)
    assert (status, err) == (0, "")
    lines = analysed(out)
    assert lines[0] == f"Analysis of game {number}"
    assert "up to 30 imagined rounds (seed 0)" in lines[1]
    assert lines[3].startswith("Ana: ") and "decisions with a choice" in lines[3]
    assert lines[4].startswith("  error: ")
    assert lines[5].startswith("  result: ") and "skill" in lines[5] and "luck" in lines[5]
    assert "    round 1: deal " in out and "    round 2: deal " in out
    assert not any(line.startswith(("[b]Bea[/b]:", "Cy:")) for line in lines)
    again = run(capsys, "analyse", str(number), *BUDGET)
    assert analysed(again[1]) == lines
    other_seed = run(capsys, "analyse", str(number), *BUDGET, "--seed", "7")
    assert analysed(other_seed[1]) != lines


def test_computers_on_request_names_shown_literally(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = write_record(tmp_path / "game.json", random_record(short_rules(3), SEATS, 2))
    status, out, err = run(capsys, "analyse", str(path), "--computers", *BUDGET)
    assert (status, err) == (0, "")
    starts = [line.split(":")[0] for line in out.splitlines() if "decisions with a choice" in line]
    assert starts == ["Ana", "[b]Bea[/b]", "Cy"]


def test_a_game_without_people_needs_computers(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    robots = tuple(SeatConfig(name=n, player="computer", level="casual") for n in "XYZ")
    path = write_record(tmp_path / "robots.json", random_record(short_rules(3), robots, 1))
    status, out, err = run(capsys, "analyse", str(path))
    assert (status, out) == (2, "")
    assert err == (
        f"chickenfoot analyse: error: {path} has no person at the table: add --computers to "
        "analyse its computer players\n"
    )


def test_the_round_in_play_at_a_shared_keyboard_is_analysed_for_nobody(
    capsys: pytest.CaptureFixture[str],
) -> None:
    people = (*SEATS[:1], SeatConfig(name="Dee", player="human"), SEATS[2])
    record = random_record(short_rules(3, rounds=2), people, 3)
    first_round = next(
        index for index, state in enumerate(record.states()) if state.round_index == 1
    )
    number = stored(record.truncated(first_round + 4))
    status, out, err = run(capsys, "analyse", str(number), *BUDGET)
    assert (status, err) == (0, "")
    assert (
        "Round 2 is still in play at a shared keyboard: its hands stay hidden, so it is "
        "analysed for nobody."
    ) in out
    assert "    round 1: deal " in out
    assert "round 2: deal" not in out and "round 2 · action" not in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("analyse", "404"), "chickenfoot analyse: error: there is no game 404"),
        (("analyse", "1", "--budget", "0"), "0 is too small: at least 1"),
    ],
)
def test_bad_input_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], message: str
) -> None:
    status, out, err = run(capsys, *argv)
    assert (status, out) == (2, "")
    assert message in err
    assert "Traceback" not in err


def test_the_command_states_the_coach_s_own_budget() -> None:
    assert analyse.DEFAULT_BUDGET == coach.DEFAULT_BUDGET
