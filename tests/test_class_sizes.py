"""No class of the application layer or the Textual app grows past what one reader can hold.

A class of ``chickenfoot/play`` or ``chickenfoot/tui`` over :data:`MOST_LINES` lines (its
docstring, body and comments, from ``class`` to its last line) does too many things: split a
concern off into an object or module of its own, or let a widget own what it shows. The game
screen, the one every player lives in, stays within :data:`MOST_GAME_SCREEN_LINES`.
"""

from __future__ import annotations

import ast
from pathlib import Path

import chickenfoot

MOST_LINES = 400
MOST_GAME_SCREEN_LINES = 300
PACKAGE = Path(chickenfoot.__file__).parent
CHECKED = ("play", "tui")

BEING_SPLIT: set[tuple[str, str]] = set()
"""Classes over the bound that are being split right now, by (file under the package, class
name); each leaves this set once it is within the bound."""


def class_sizes(package: Path = PACKAGE) -> dict[tuple[str, str], int]:
    """Every class of the checked packages of ``package``, by (file under the package, class
    name): its lines."""
    sizes: dict[tuple[str, str], int] = {}
    for folder in CHECKED:
        for path in sorted((package / folder).rglob("*.py")):
            name = path.relative_to(package).as_posix()
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ClassDef):
                    assert node.end_lineno is not None
                    sizes[name, node.name] = node.end_lineno - node.lineno + 1
    return sizes


def classes_over(
    package: Path = PACKAGE, excused: set[tuple[str, str]] = BEING_SPLIT
) -> dict[tuple[str, str], int]:
    """The classes of ``package``'s checked packages over :data:`MOST_LINES` that are not
    ``excused``, with their lines."""
    sizes = class_sizes(package)
    return {
        place: lines
        for place, lines in sizes.items()
        if lines > MOST_LINES and place not in excused
    }


def test_every_class_of_play_and_tui_is_within_the_bound() -> None:
    over = classes_over()
    assert not over, f"classes over {MOST_LINES} lines: {over}"


def test_the_game_screen_stays_small() -> None:
    assert class_sizes()["tui/screens/game.py", "GameScreen"] <= MOST_GAME_SCREEN_LINES


def test_a_class_being_split_leaves_the_list_once_it_is_within_the_bound() -> None:
    sizes = class_sizes()
    within = {place for place in BEING_SPLIT if sizes.get(place, 0) <= MOST_LINES}
    assert not within, f"{within} within the bound (or gone): drop them from the list"


def test_a_class_is_measured_from_its_class_line_to_its_last(tmp_path: Path) -> None:
    (tmp_path / "tui").mkdir()
    body = "".join(f"    x{number} = {number}\n" for number in range(MOST_LINES))
    source = f'class Big:\n{body}\n\nclass Small:\n    """One line."""\n'
    (tmp_path / "tui" / "big.py").write_text(source, encoding="utf-8")
    sizes = class_sizes(tmp_path)
    assert sizes["tui/big.py", "Big"] == MOST_LINES + 1
    assert sizes["tui/big.py", "Small"] == 2


def test_the_gate_finds_a_class_over_the_bound_unless_it_is_being_split(tmp_path: Path) -> None:
    (tmp_path / "play").mkdir()
    body = "".join(f"    x{number} = {number}\n" for number in range(MOST_LINES))
    (tmp_path / "play" / "big.py").write_text(f"class Big:\n{body}", encoding="utf-8")
    (tmp_path / "play" / "small.py").write_text("class Small:\n    x = 1\n", encoding="utf-8")
    assert classes_over(tmp_path, set()) == {("play/big.py", "Big"): MOST_LINES + 1}
    assert classes_over(tmp_path, {("play/big.py", "Big")}) == {}
