"""Every key binding of the app has a stable, documented id, and the palette comes from the
bindings: each command is declared once."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
from pathlib import Path

import pytest
from textual.binding import Binding, BindingType
from textual.dom import DOMNode

import chickenfoot.tui.screens
import chickenfoot.tui.widgets
from chickenfoot.tui.screens.game import GameScreen

KEYS_DOC = Path(__file__).resolve().parents[2] / "docs" / "keys.md"
ID = re.compile(r"^[a-z]+(-[a-z]+)*\.[a-z]+(-[a-z]+)*$")


def owners() -> list[type[DOMNode]]:
    """Every class of the app (the app, its screens, its widgets) that declares bindings."""
    modules = [importlib.import_module("chickenfoot.tui.app")]
    for package in (chickenfoot.tui.screens, chickenfoot.tui.widgets):
        for info in pkgutil.iter_modules(package.__path__):
            modules.append(importlib.import_module(f"{package.__name__}.{info.name}"))
    return [
        cls
        for module in modules
        for cls in vars(module).values()
        if inspect.isclass(cls)
        and issubclass(cls, DOMNode)
        and cls.__module__ == module.__name__
        and "BINDINGS" in vars(cls)
    ]


def declared(bindings: list[BindingType]) -> list[Binding]:
    """The bindings as declared (a binding of several keys is one)."""
    return [binding for binding in bindings if isinstance(binding, Binding)]


def test_every_binding_is_declared_as_a_binding_with_an_id() -> None:
    classes = owners()
    assert len(classes) > 10
    for cls in classes:
        for binding in cls.BINDINGS:
            assert isinstance(binding, Binding), f"{cls.__name__}: {binding!r} is not a Binding"
            assert binding.id is not None, f"{cls.__name__}: {binding.key} has no id"
            assert ID.match(binding.id), f"{binding.id!r} is not <screen>.<command>"


def test_binding_ids_are_unique_and_documented() -> None:
    ids = [str(binding.id) for cls in owners() for binding in declared(cls.BINDINGS)]
    assert len(ids) == len(set(ids)), sorted(i for i in ids if ids.count(i) > 1)
    documented = set(re.findall(r"\| `([a-z.-]+)` \|", KEYS_DOC.read_text(encoding="utf-8")))
    assert set(ids) == documented, (set(ids) ^ documented, "update docs/keys.md")


@pytest.mark.parametrize("cls", owners(), ids=lambda cls: cls.__name__)
def test_a_screen_s_palette_commands_are_its_bindings_with_a_tooltip(cls: type[DOMNode]) -> None:
    """No second table of commands: a palette entry is a binding's description and tooltip."""
    module = importlib.import_module(cls.__module__)
    assert not hasattr(module, "PALETTE_COMMANDS"), f"{module.__name__} keeps a second table"


def test_the_game_s_commands_carry_their_help_in_the_binding() -> None:
    commands = {b.action: b for b in declared(GameScreen.BINDINGS) if b.tooltip}
    assert {"draw", "pass_turn", "keep", "hint", "take_back", "scoreboard", "leave"} <= set(
        commands
    )
    assert all(binding.description for binding in commands.values())
