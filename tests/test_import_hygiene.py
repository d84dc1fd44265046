"""Everything below the app stays free of Textual: the rules, bots, saves, words, the
application layer (session, table host and clients, replay cursor) and the plain mode run
without a terminal UI.

Importing them in a fresh interpreter must not import ``textual`` (or ``rich``); and no module
of those packages may even mention them in an import statement (a lazy import inside a
function would slip past the first check). import-linter checks the same contracts
statically in ``make check``; this test checks what actually gets loaded.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

import chickenfoot.rules

CORE_PACKAGES = (
    "chickenfoot.rules",
    "chickenfoot.bots",
    "chickenfoot.saves",
    "chickenfoot.text",
    "chickenfoot.play",
    "chickenfoot.net",
    "chickenfoot.plain",
)
UI_LIBRARIES = ("textual", "rich")
PACKAGE_ROOT = Path(chickenfoot.rules.__file__).parent.parent


def core_modules() -> list[str]:
    """Every module of the packages below the app, those of their subpackages too."""
    names: list[str] = []
    for package in CORE_PACKAGES:
        for path in sorted((PACKAGE_ROOT / package.split(".")[1]).rglob("*.py")):
            parts = path.relative_to(PACKAGE_ROOT.parent).with_suffix("").parts
            names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


def test_every_core_package_is_found() -> None:
    found = core_modules()
    assert all(package in found for package in CORE_PACKAGES)
    assert "chickenfoot.play.host" in found and "chickenfoot.rules.core.moves" in found


def test_importing_the_core_does_not_import_textual() -> None:
    script = (
        "import importlib, json, sys\n"
        f"for name in {core_modules()!r}: importlib.import_module(name)\n"
        "print(json.dumps(sorted(name for name in sys.modules\n"
        f"    if name.split('.')[0] in {UI_LIBRARIES!r})))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=60
    )
    imported = json.loads(result.stdout)
    assert imported == [], "importing the layers below the app pulled in Textual or Rich"


def imported_modules(source: str) -> list[str]:
    """Every module named by an import statement anywhere in ``source``."""
    names: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.append(node.module)
    return names


def test_imported_modules_finds_nested_imports() -> None:
    source = "import os\ndef late():\n    from textual.app import App\n    import textual\n"
    assert imported_modules(source) == ["os", "textual.app", "textual"]


CORE_SOURCES = sorted(
    path
    for package in CORE_PACKAGES
    for path in (PACKAGE_ROOT / package.split(".")[1]).glob("*.py")
)


@pytest.mark.parametrize("path", CORE_SOURCES, ids=lambda path: f"{path.parent.name}/{path.name}")
def test_core_sources_never_import_textual(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    offending = [name for name in imported_modules(source) if name.split(".")[0] in UI_LIBRARIES]
    assert offending == [], f"{path.name} imports {offending}"
    assert "importlib" not in imported_modules(source) or "textual" not in source


def modules_loaded_by(script: str) -> list[str]:
    """The modules of Textual, Rich and Pydantic (and of our rules) that ``script`` loads, run
    in a fresh interpreter."""
    watched = (*UI_LIBRARIES, "pydantic", "pydantic_core")
    code = (
        f"{script}\n"
        "import json, sys\n"
        "print(json.dumps(sorted(name for name in sys.modules\n"
        f"    if name.split('.')[0] in {watched!r} or name.startswith('chickenfoot.rules'))))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    loaded: list[str] = json.loads(result.stdout.splitlines()[-1])
    return loaded


@pytest.mark.parametrize("argv", [["--version"], ["--help"]])
def test_version_and_help_load_neither_textual_nor_pydantic(argv: list[str]) -> None:
    """``chickenfoot --version`` and ``--help`` start as fast as Python itself: they import
    only the command line (``make bench`` measures it)."""
    script = (
        "from chickenfoot.cli import main\n"
        "try:\n"
        f"    main({argv!r})\n"
        "except SystemExit:\n"
        "    pass\n"
    )
    assert modules_loaded_by(script) == []


def test_the_app_reaches_its_menu_without_pydantic_or_the_rules() -> None:
    """Making the app (its theme read from the settings) and its menu loads Textual only:
    the rules, the saved games and the other screens are imported when first needed."""
    script = (
        "from chickenfoot.tui.app import ChickenFootApp\n"
        "from chickenfoot.tui.screens.menu import MenuScreen\n"
        "ChickenFootApp(), MenuScreen()\n"
    )
    loaded = modules_loaded_by(script)
    assert "textual.app" in loaded
    assert [name for name in loaded if not name.startswith(UI_LIBRARIES)] == []


def test_the_menu_leaves_the_keys_check_and_the_messages_for_later() -> None:
    """The module that checks the player's own keys is loaded only when there are some (or
    the palette or help asks), and the messages' module when a message is first made: the
    menu's start does without both."""
    script = (
        "import json, sys\n"
        "from chickenfoot.tui.app import ChickenFootApp\n"
        "from chickenfoot.tui.screens.menu import MenuScreen\n"
        "ChickenFootApp(), MenuScreen()\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=60
    )
    loaded = json.loads(result.stdout.splitlines()[-1])
    assert "chickenfoot.tui.keymap" not in loaded
    assert "chickenfoot.tui.messages" not in loaded


def test_the_app_is_imported_without_the_garbage_collector() -> None:
    """``chickenfoot`` imports the app with the collector paused, then freezes what it loaded
    and lets the collector run again (in a fresh interpreter: freezing is for the process)."""
    script = (
        "import gc\n"
        "from chickenfoot.cli.games import collector_paused\n"
        "with collector_paused():\n"
        "    during = gc.isenabled()\n"
        "    import chickenfoot.tui.app\n"
        "print(during, gc.isenabled(), gc.get_freeze_count() > 0)\n"
        "gc.unfreeze()\n"
        "gc.disable()\n"
        "with collector_paused():\n"
        "    import chickenfoot.tui.app\n"
        "print(gc.isenabled(), gc.get_freeze_count())\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=60
    )
    paused_then_back, left_disabled = result.stdout.splitlines()
    assert paused_then_back == "False True True"
    assert left_disabled == "False 0", "a collector that was off stays off; nothing new loaded, "
    "nothing frozen"
