"""Save a copy in the plain mode (``save NAME``), in a terminal and as a browser tab would:
``../settings`` and a file that is not a saved game are refused in words, nothing written; a
plain name is saved in the copies folder."""

from __future__ import annotations

import pytest

from chickenfoot.plain.app import PlainApp
from chickenfoot.saves.copies import is_saved_game
from chickenfoot.saves.paths import ONLY_DATA_DIR_VARIABLE, exports_dir, settings_path
from tests.kit import Kit
from tests.plain.scripted import ScriptedConsole

SETTINGS = '{"display": {"theme": "textual-light"}}'


@pytest.mark.parametrize("where", ["terminal", "browser tab"])
def test_a_copy_never_replaces_the_settings(
    kit: type[Kit], monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    if where == "browser tab":
        monkeypatch.setenv(ONLY_DATA_DIR_VARIABLE, "1")
    record = kit.record_until(
        kit.short_rules(2), kit.seats("human", "computer"), 4, kit.human_can_play
    )
    assert record is not None
    kit.stored(record)
    settings = settings_path()
    settings.write_text(SETTINGS, encoding="utf-8")
    console = ScriptedConsole(
        ["c", "save ../settings", f"save {settings}", "save sunday", "q", "q"]
    )
    assert PlainApp(console).run() == 0
    answers = console.since("save ../settings")
    if where == "browser tab":
        assert answers[0].startswith("In a browser tab, copies are saved only in the copies folder")
    else:
        assert answers[0].startswith(f"A name is taken in the copies folder ({exports_dir()})")
    refused = console.since(f"save {settings}")[0]
    tab = f"copies are saved only in the copies folder ({exports_dir()}): type a name such as"
    terminal = "is not a saved game, and a copy replaces only another saved game"
    assert (tab if where == "browser tab" else terminal) in refused
    assert f"Saved a copy as {exports_dir() / 'sunday.json'}." in console.said
    assert settings.read_text(encoding="utf-8") == SETTINGS
    assert is_saved_game(exports_dir() / "sunday.json")
