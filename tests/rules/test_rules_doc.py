"""docs/rules.md stays in step with the code: its generated tables and its list of options.

The blocks between ``<!-- name -->`` and ``<!-- /name -->`` markers are rendered here from the
rules package; when a test fails, its message holds the block to paste into the page.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from chickenfoot.rules import (
    PRESETS,
    SET_SIZES,
    RuleSet,
    RuleSetError,
    default_hand_size,
    full_set,
    preset,
)
from chickenfoot.rules.ruleset import PresetName

DOC = Path(__file__).resolve().parents[2] / "docs" / "rules.md"
SEATS = range(2, 9)


def hand_size_table(name: PresetName) -> str:
    """The default hand sizes of preset ``name`` for every set size and seat count.

    A cell marked ✗ is a combination the preset refuses as it stands (see the page's notes).
    """
    rows = [
        "| set | tiles | " + " | ".join(f"{players} seats" for players in SEATS) + " |",
        "|---|---:|" + "---:|" * len(SEATS),
    ]
    for set_size in SET_SIZES:
        cells = []
        for players in SEATS:
            hand = default_hand_size(name, set_size, players)
            try:
                preset(name, set_size=set_size, players=players)
            except RuleSetError:
                cells.append(f"{hand} ✗")
            else:
                cells.append(str(hand))
        tiles = len(full_set(set_size))
        rows.append(f"| double-{set_size} | {tiles} | " + " | ".join(cells) + " |")
    return "\n".join(rows)


def shown(value: object) -> str:
    """A preset value as the page shows it: ``auto`` for a value worked out from the seats."""
    return "auto" if value is None else f"`{value}`"


def presets_table() -> str:
    """Every rule field, with the value each preset gives it (double-9, 4 seats)."""
    cross, trains = preset("cross").model_dump(), preset("trains").model_dump()
    rows = ["| option | `cross` | `trains` |", "|---|---|---|"]
    for field in RuleSet.model_fields:
        if field != "preset":
            rows.append(f"| `{field}` | {shown(cross[field])} | {shown(trains[field])} |")
    return "\n".join(rows)


def block(name: str) -> str:
    """The text of the page between the markers of block ``name``."""
    text = DOC.read_text(encoding="utf-8")
    marker = re.escape(name)
    found = re.search(rf"<!-- {marker} -->\n(.*?)\n<!-- /{marker} -->", text, re.S)
    assert found, f"docs/rules.md has no block <!-- {name} --> ... <!-- /{name} -->"
    return found.group(1)


@pytest.mark.parametrize("name", PRESETS)
def test_the_hand_size_tables_match_default_hand_size(name: PresetName) -> None:
    expected = hand_size_table(name)
    assert block(f"hand-sizes:{name}") == expected, f"paste this table:\n{expected}"


def test_the_presets_table_matches_the_presets() -> None:
    expected = presets_table()
    assert block("presets") == expected, f"paste this table:\n{expected}"


def test_every_option_is_explained() -> None:
    text = DOC.read_text(encoding="utf-8")
    for field in RuleSet.model_fields:
        assert f"### `{field}`" in text, f"docs/rules.md explains no option {field!r}"


def test_the_page_has_the_sections_players_look_for() -> None:
    text = DOC.read_text(encoding="utf-8")
    for heading in (
        "## The two presets side by side",
        "## Default hand sizes",
        "## Where RULES.md is silent",
    ):
        assert heading in text
