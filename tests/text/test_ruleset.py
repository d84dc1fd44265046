"""Rule sets in words: the phrases follow the rule set they are worked out from."""

from __future__ import annotations

from typing import get_args

import pytest

from chickenfoot.rules import PRESETS, RuleSet, preset
from chickenfoot.rules.ruleset import PRESET_FIELDS, PresetName
from chickenfoot.text.ruleset import (
    DRAW_WORDS,
    DRAWN_TILE_WORDS,
    ROUND_START_WORDS,
    TIE_BREAK_WORDS,
    preset_summary,
    rules_summary,
)


def test_rules_summary_reflects_the_options() -> None:
    cross = "\n".join(rules_summary(preset("cross", players=4)))
    trains = "\n".join(rules_summary(preset("trains", players=2)))
    assert "4 arms" in cross and "2 arms" in trains
    assert "drawn tile may be kept" in cross and "drawn tile must be played" in trains
    assert "the boneyard can run out" in cross and "2 tiles stay in the boneyard" in trains
    assert "scores 50" in cross and "scores 0" in trains
    assert "most rounds at 0" in cross and "the win is shared" in trains
    four_trains = "\n".join(rules_summary(preset("trains", players=4)))
    assert "1 tile stays in the boneyard" in four_trains
    assert "draws until it can play" in "\n".join(
        rules_summary(preset("cross", draw="until_playable"))
    )


def test_every_value_of_every_worded_option_has_its_words() -> None:
    fields = RuleSet.model_fields
    for field, words in (
        ("drawn_tile", DRAWN_TILE_WORDS),
        ("draw", DRAW_WORDS),
        ("round_start", ROUND_START_WORDS),
        ("tie_break", TIE_BREAK_WORDS),
    ):
        assert set(words) == set(get_args(fields[field].annotation)), field


def test_a_preset_summary_names_what_the_presets_differ_in() -> None:
    cross, trains = preset_summary("cross"), preset_summary("trains")
    assert cross.startswith("4 arms, 7 tiles each, ")
    assert trains.startswith("one arm per seat, hands sized by the number of seats, ")
    assert "may be kept" in cross and "must be played" in trains
    assert "the boneyard can run out" in cross
    assert "1 tile stays in the boneyard (2 with 2 seats)" in trains
    assert "0|0 in hand scores 50" in cross and "0|0 in hand scores 0" in trains
    assert "holder of the round's double" in cross and "found before the deal" in trains
    assert "most rounds at 0" in cross and "the win is shared" in trains
    for summary in (cross, trains):  # both presets draw one tile: not a difference
        assert DRAW_WORDS["one"] not in summary


@pytest.mark.parametrize("name", PRESETS)
def test_a_preset_summary_follows_the_presets_fields(
    name: PresetName, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(PRESET_FIELDS[name], "arms", 6)
    monkeypatch.setitem(PRESET_FIELDS[name], "double_blank_points", 25)
    monkeypatch.setitem(PRESET_FIELDS[name], "draw", "until_playable")
    summary = preset_summary(name)
    assert summary.startswith("6 arms, ")
    assert "a 0|0 in hand scores 25" in summary
    assert DRAW_WORDS["until_playable"] in summary
