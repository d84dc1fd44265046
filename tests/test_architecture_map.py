"""docs/architecture.md's map of the layers names every module and package of chickenfoot.

The map is the code block under "The layers": a newcomer reads it to find where a thing
lives, so a module that is not in it is a room nobody can find. A module is named by its file
name (``table.py``) or, in a list of a package's modules, by its name alone (``round_over``);
a package by its folder (``layout/``).
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "chickenfoot"
ARCHITECTURE = ROOT / "docs" / "architecture.md"


def layer_map(text: str) -> str:
    """The code block under the heading "The layers" of ``text``."""
    section = text.split("## The layers", 1)[1]
    return section.split("```", 2)[1]


def names_missing(map_text: str, package: Path) -> list[str]:
    """The modules and packages under ``package`` that ``map_text`` does not name."""
    missing = []
    for path in sorted(package.rglob("*.py")):
        if path.name == "__init__.py":
            folder = path.parent
            if folder != package and not re.search(rf"(?<![\w.]){folder.name}/", map_text):
                missing.append(f"{folder.relative_to(package.parent)}/")
            continue
        if not re.search(rf"(?<![\w.]){re.escape(path.stem)}(?:\.py)?(?![\w])", map_text):
            missing.append(str(path.relative_to(package.parent)))
    return missing


def test_the_map_names_every_module_and_package() -> None:
    missing = names_missing(layer_map(ARCHITECTURE.read_text(encoding="utf-8")), PACKAGE)
    assert not missing, "docs/architecture.md's map does not name: " + ", ".join(missing)


def test_a_module_or_package_left_out_of_the_map_is_found(tmp_path: Path) -> None:
    package = tmp_path / "made_up"
    (package / "inner").mkdir(parents=True)
    for name in ("__init__.py", "named.py", "forgotten.py", "inner/__init__.py", "inner/x.py"):
        (package / name).write_text('"""A module."""\n', encoding="utf-8")
    text = "# Architecture\n\n## The layers\n\n```\nmade_up/\n  named.py  x: a module\n```\n"
    assert names_missing(layer_map(text), package) == ["made_up/forgotten.py", "made_up/inner/"]
