"""The game core stays free of Textual: the rules, records and bots run without a terminal UI.

Importing them in a fresh interpreter must not import ``textual``; and no module of
``chickenfoot/rules`` may even mention it in an import statement (a lazy import inside a
function would slip past the first check).
"""

from __future__ import annotations

import ast
import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

import chickenfoot.rules

CORE_MODULES = ("chickenfoot.rules", "chickenfoot.saves.record", "chickenfoot.bots")
RULES_DIR = Path(chickenfoot.rules.__file__).parent


def existing_core_modules() -> list[str]:
    """The core modules that exist in this checkout (the rules always do)."""
    return [name for name in CORE_MODULES if importlib.util.find_spec(name) is not None]


def test_the_rules_package_is_a_core_module() -> None:
    assert "chickenfoot.rules" in existing_core_modules()


@pytest.mark.parametrize("module", existing_core_modules())
def test_importing_the_core_does_not_import_textual(module: str) -> None:
    script = (
        "import importlib, json, sys\n"
        f"importlib.import_module({module!r})\n"
        "print(json.dumps(sorted(name for name in sys.modules\n"
        "    if name.split('.')[0] == 'textual')))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=60
    )
    imported = json.loads(result.stdout)
    assert imported == [], f"importing {module} pulled in Textual"


def imported_modules(source: str) -> list[str]:
    """Every module named by an import statement anywhere in ``source``."""
    names = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.append(node.module)
    return names


def test_imported_modules_finds_nested_imports() -> None:
    source = "import os\ndef late():\n    from textual.app import App\n    import textual\n"
    assert imported_modules(source) == ["os", "textual.app", "textual"]


@pytest.mark.parametrize("path", sorted(RULES_DIR.glob("*.py")), ids=lambda path: path.name)
def test_rules_sources_never_import_textual(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    offending = [name for name in imported_modules(source) if name.split(".")[0] == "textual"]
    assert offending == [], f"{path.name} imports {offending}"
    assert "importlib" not in imported_modules(source) or "textual" not in source
