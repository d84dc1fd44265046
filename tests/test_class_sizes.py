"""No class or module of chickenfoot grows past what one reader can hold.

Three gates, each measured as :mod:`tests.sizes` says (a class with every base and mixin it
inherits from the package):

- no class anywhere in ``chickenfoot/`` over :data:`~tests.sizes.MOST_CLASS_LINES` lines;
- the screen a player plays a local game in (the class the app really pushes) within
  :data:`~tests.sizes.MOST_GAME_SCREEN_LINES`;
- no module over :data:`~tests.sizes.MOST_MODULE_LINES` lines.

None has a list of exceptions. The tests on a made-up package show that each gate finds what
it names, wherever the lines hide, and that the measure follows the same bases as Python.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.kit import Kit
from tests.sizes import (
    MOST_CLASS_LINES,
    MOST_GAME_SCREEN_LINES,
    MOST_MODULE_LINES,
    ClassPlace,
    PackageSizes,
)
from tests.tui.conftest import wait_for


def python_ancestors(place: ClassPlace) -> set[ClassPlace] | None:
    """The classes of ``place``'s package in its method resolution order (itself left out),
    as Python finds them once the module is imported; None for a class that cannot be
    reached by its name (one made inside a function)."""
    if "<locals>" in place.name:
        return None
    found: object = importlib.import_module(place.module)
    for part in place.name.split("."):
        found = getattr(found, part)
    assert isinstance(found, type), f"{place} is not a class once imported"
    package = place.module.partition(".")[0]
    return {
        ClassPlace(kind.__module__, kind.__qualname__)
        for kind in found.__mro__[1:]
        if kind.__module__.partition(".")[0] == package
    }


# ----- the gates on chickenfoot ------------------------------------------------------------------


@pytest.fixture(scope="module")
def sizes() -> PackageSizes:
    """chickenfoot's classes and modules, measured once for this module's tests."""
    return PackageSizes()


def test_no_class_of_chickenfoot_is_over_the_bound_with_its_bases(sizes: PackageSizes) -> None:
    over = [sizes.described(place) for place in sizes.classes_over()]
    assert not over, f"classes over {MOST_CLASS_LINES} lines:\n" + "\n".join(over)


def test_no_module_of_chickenfoot_is_over_the_bound(sizes: PackageSizes) -> None:
    over = [f"{path}: {lines}" for path, lines in sizes.modules_over().items()]
    assert not over, f"modules over {MOST_MODULE_LINES} lines:\n" + "\n".join(over)


async def test_the_screen_a_local_game_is_played_in_stays_small(
    kit: type[Kit], sizes: PackageSizes
) -> None:
    from chickenfoot.tui.app import ChickenFootApp

    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        app.start_game(kit.short_rules(2), kit.seats("human", "human"), 4)
        await wait_for(pilot, lambda: app.game_screen is app.screen, "the game screen")
        screen = type(app.screen)
    place = ClassPlace(screen.__module__, screen.__qualname__)
    assert sizes.class_lines(place) <= MOST_GAME_SCREEN_LINES, sizes.described(place)


def test_the_measure_follows_the_bases_python_follows(sizes: PackageSizes) -> None:
    compared = 0
    for place in sizes.classes:
        if place.module == "chickenfoot.__main__":
            continue  # importing it runs the command
        expected = python_ancestors(place)
        if expected is not None:
            assert sizes.ancestors(place) == expected, place
            compared += 1
    assert compared > 100


# ----- each gate on a made-up package ------------------------------------------------------------

MADE_UP = "madeup"


def class_of(name: str, lines: int, bases: str = "") -> str:
    """A class statement of exactly ``lines`` lines (its ``class`` line included)."""
    head = f"class {name}({bases}):\n" if bases else f"class {name}:\n"
    return head + "".join(f"    x{number} = {number}\n" for number in range(lines - 1))


@pytest.fixture
def made_up(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An empty package, ``madeup``, that tests can also import (forgotten afterwards)."""
    package = tmp_path / MADE_UP
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    yield package
    for name in [name for name in sys.modules if name.partition(".")[0] == MADE_UP]:
        del sys.modules[name]


def write(package: Path, files: dict[str, str]) -> PackageSizes:
    """Write ``files`` (by path under ``package``) with the folders they need; measure."""
    for path, text in files.items():
        (package / path).parent.mkdir(parents=True, exist_ok=True)
        (package / path).write_text(text, encoding="utf-8")
        for folder in (package / path).parents:
            if folder == package:
                break
            (folder / "__init__.py").touch()
    return PackageSizes(package)


def test_a_class_over_the_bound_is_found_in_any_folder_of_the_package(made_up: Path) -> None:
    sizes = write(
        made_up,
        {
            "rules/deep/big.py": class_of("Big", MOST_CLASS_LINES + 1),
            "rules/small.py": class_of("Small", MOST_CLASS_LINES),
            "top.py": class_of("Top", MOST_CLASS_LINES + 2),
        },
    )
    assert sizes.classes_over() == {
        ClassPlace("madeup.rules.deep.big", "Big"): MOST_CLASS_LINES + 1,
        ClassPlace("madeup.top", "Top"): MOST_CLASS_LINES + 2,
    }


def test_a_class_counts_every_base_of_the_package_it_inherits_once(made_up: Path) -> None:
    sizes = write(
        made_up,
        {
            "core/mixins.py": class_of("Shared", 50) + class_of("Left", 60, "Shared"),
            "core/__init__.py": "from madeup.core.mixins import Left as Left\n",
            "other.py": "from .core import mixins\n" + class_of("Right", 70, "mixins.Shared"),
            "outside.py": "import enum\n" + class_of("Kind", 5, "enum.Enum"),
            "screen.py": (
                "from typing import Generic, TypeVar\n"
                "from madeup import core\n"
                "from . import other as elsewhere\n"
                "T = TypeVar('T')\n"
                + class_of("Screen", 40, "core.Left, elsewhere.Right, Generic[T]")
            ),
        },
    )
    screen = ClassPlace("madeup.screen", "Screen")
    assert sizes.ancestors(screen) == {
        ClassPlace("madeup.core.mixins", "Left"),
        ClassPlace("madeup.core.mixins", "Shared"),
        ClassPlace("madeup.other", "Right"),
    }
    assert sizes.class_lines(screen) == 40 + 60 + 70 + 50
    assert sizes.class_lines(ClassPlace("madeup.outside", "Kind")) == 5
    for place in sizes.classes:
        assert sizes.ancestors(place) == python_ancestors(place), place


def test_a_class_whose_lines_hide_in_its_bases_is_over_the_bound(made_up: Path) -> None:
    half = MOST_CLASS_LINES // 2 + 1
    sizes = write(
        made_up,
        {
            "base.py": class_of("Half", half),
            "split.py": "from madeup.base import Half\n" + class_of("Split", half, "Half"),
        },
    )
    assert sizes.classes_over() == {ClassPlace("madeup.split", "Split"): 2 * half}


def test_a_game_screen_whose_size_hides_in_a_base_and_a_mixin_is_over_its_bound(
    made_up: Path,
) -> None:
    sizes = write(
        made_up,
        {
            "screens/dialogs.py": class_of("Dialogs", 60),
            "screens/table.py": (
                "from .dialogs import Dialogs\n" + class_of("TableScreen", 200, "Dialogs")
            ),
            "screens/game.py": (
                "from madeup.screens.table import TableScreen\n"
                + class_of("GameScreen", 70, "TableScreen")
            ),
        },
    )
    game = ClassPlace("madeup.screens.game", "GameScreen")
    assert sizes.own_lines(game) <= MOST_GAME_SCREEN_LINES
    assert sizes.class_lines(game) == 330 > MOST_GAME_SCREEN_LINES
    assert sizes.described(game) == (
        "madeup.screens.game.GameScreen: 330 lines (70 own, Dialogs 60, TableScreen 200)"
    )
    assert not sizes.classes_over()


def test_a_module_over_the_bound_is_found(made_up: Path) -> None:
    sizes = write(
        made_up,
        {
            "long.py": "x = 1\n" * (MOST_MODULE_LINES + 1),
            "play/short.py": "x = 1\n" * MOST_MODULE_LINES,
            "net/server.py": '"""Docstring."""\n' + class_of("Server", MOST_MODULE_LINES),
        },
    )
    assert sizes.modules_over() == {
        "long.py": MOST_MODULE_LINES + 1,
        "net/server.py": MOST_MODULE_LINES + 1,
    }
