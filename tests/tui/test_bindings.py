"""Every key binding of the app has a stable, documented id, and the palette comes from the
bindings: each command is declared once."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest
from textual.binding import Binding, BindingType
from textual.dom import DOMNode

from chickenfoot.tui.app import binding_owners
from chickenfoot.tui.screens.game import GameScreen

KEYS_DOC = Path(__file__).resolve().parents[2] / "docs" / "keys.md"
ID = re.compile(r"^[a-z]+(-[a-z]+)*\.[a-z]+(-[a-z]+)*$")


def declared(bindings: list[BindingType]) -> list[Binding]:
    """The bindings as declared (a binding of several keys is one)."""
    return [binding for binding in bindings if isinstance(binding, Binding)]


def test_every_binding_is_declared_as_a_binding_with_an_id() -> None:
    classes = binding_owners()
    assert len(classes) > 10
    for cls in classes:
        for binding in cls.BINDINGS:
            assert isinstance(binding, Binding), f"{cls.__name__}: {binding!r} is not a Binding"
            assert binding.id is not None, f"{cls.__name__}: {binding.key} has no id"
            assert ID.match(binding.id), f"{binding.id!r} is not <screen>.<command>"


def test_binding_ids_are_unique_and_documented() -> None:
    ids = [str(binding.id) for cls in binding_owners() for binding in declared(cls.BINDINGS)]
    assert len(ids) == len(set(ids)), sorted(i for i in ids if ids.count(i) > 1)
    documented = set(re.findall(r"\| `([a-z.-]+)` \|", KEYS_DOC.read_text(encoding="utf-8")))
    assert set(ids) == documented, (set(ids) ^ documented, "update docs/keys.md")


@pytest.mark.parametrize("cls", binding_owners(), ids=lambda cls: cls.__name__)
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
