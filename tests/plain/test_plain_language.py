"""The plain mode speaks the player's language: its menu, set-up, questions, answers and help
come from the catalogue (a marked test catalogue shows which did), and a yes typed in that
language is a yes."""

from __future__ import annotations

from chickenfoot.lang import speaking
from chickenfoot.plain.app import PlainApp
from chickenfoot.plain.console import is_yes
from chickenfoot.record.model import SeatConfig
from chickenfoot.saves.database import open_store
from tests.kit import Kit
from tests.plain.scripted import Answer, ScriptedConsole
from tests.pseudo_language import Marked, marked

GALICIAN_YES: dict[str | tuple[str, str], str] = {
    ("typed for yes", "y"): "s",
    ("typed for yes", "yes"): "si",
    "(y or n; Enter: n)": "(s ou n; Enter: n)",
}


def run(*script: Answer, given: dict[str | tuple[str, str], str] | None = None) -> list[str]:
    """The lines the plain app says answering ``script`` in the marked test language."""
    console = ScriptedConsole(script)
    with speaking("gl", Marked(given)):
        assert PlainApp(console).run() == 0
    return console.said


def test_the_menu_and_its_help_come_from_the_catalogue() -> None:
    said = run("?", "q")
    assert said[1] == "⟦Main menu:⟧"
    assert said[2] == "1: ⟦New game⟧"
    assert said[-1] == "⟦Goodbye.⟧"
    assert "⟦d draw, k keep the tile you drew, p pass.⟧" in said
    # a placeholder of a help line is filled after the translation
    assert "⟦save NAME saves a copy of the game. q back to the menu: the game stays saved.⟧" in said
    assert not any("Main menu" in line and not marked(line) for line in said)


def test_the_set_up_asks_and_answers_in_the_language() -> None:
    said = run("n", "s", "2", "Ana", "person", "Bea", "robot", "Bea", "casual", "q", "q")
    text = "\n".join(said)
    assert "⟦New game:⟧" in said
    assert "⟦Seat {number}: {name}, a person⟧".format(number=1, name="Ana") in said
    assert "⟦Seed: none, a random deal⟧" in said or any(line.startswith("⟦Seed: ") for line in said)
    assert "⟦robot is not a player: type one of person, beginner, casual, hard, expert.⟧" in text
    assert any(line.startswith("⟦Enter starts. s: the seats.") for line in said)


def test_a_yes_typed_in_the_language_deletes_a_game(kit: type[Kit]) -> None:
    seats = (
        SeatConfig(name="Ana", player="human"),
        SeatConfig(name="Bea", player="computer", level="casual"),
    )
    record = kit.record_until(kit.short_rules(2), seats, 4, lambda state: state.over)
    assert record is not None
    game = kit.stored(record)
    said = run("l", f"x {game}", "s", "", "q", given=GALICIAN_YES)
    question = f"⟦Delete game {game} (Ana, Bea)? This cannot be undone.⟧ (s ou n; Enter: n) s"
    assert question in "\n".join(said)
    assert f"⟦Deleted game {game}.⟧" in said
    store = open_store()
    try:
        assert store.games() == []
    finally:
        store.close()


def test_english_yes_is_always_understood_and_anything_else_is_no() -> None:
    with speaking("gl", Marked(GALICIAN_YES)):
        assert is_yes("s") and is_yes("Si") and is_yes("y") and is_yes("YES")
        assert not is_yes("n") and not is_yes("") and not is_yes(None) and not is_yes("sí no")
    assert is_yes("y") and not is_yes("s")
