"""The colour-blind-safe and high-contrast themes: in the theme list, remembered, readable
(text against its backgrounds, measured as WCAG does). The snapshot of the game in each is in
``test_game_snapshots.py`` (mid-round with an open foot, in every theme)."""

from __future__ import annotations

import json
from itertools import combinations

import pytest
from textual.color import Color
from textual.theme import Theme

from chickenfoot.saves.paths import settings_path
from chickenfoot.tui.app import ChickenFootApp
from chickenfoot.tui.themes import COLOUR_BLIND_SAFE, HIGH_CONTRAST, OKABE_ITO, THEMES

THEME_NAMES = [theme.name for theme in THEMES]

TEXT_COLOURS = (
    "foreground",
    "text-primary",
    "text-secondary",
    "text-accent",
    "text-warning",
    "text-error",
    "text-success",
    "text-muted",
)
"""The colours the app writes text in (its styles use these variables)."""

MARKS = ("text-primary", "text-accent", "text-warning", "text-success", "text-error")
"""The colours that mark things on the table and in the hand: a double, an open end and the
chosen end, the open foot and the tiles just played, the ends a tile fits, a problem."""

BACKGROUNDS = ("background", "surface", "panel")


def relative_luminance(colour: Color) -> float:
    """WCAG 2's relative luminance of an opaque colour."""

    def linear(channel: int) -> float:
        value = channel / 255
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4

    return 0.2126 * linear(colour.r) + 0.7152 * linear(colour.g) + 0.0722 * linear(colour.b)


def contrast(first: Color, second: Color) -> float:
    """WCAG 2's contrast ratio of two opaque colours, from 1 to 21."""
    lighter, darker = sorted((relative_luminance(first), relative_luminance(second)))[::-1]
    return (lighter + 0.05) / (darker + 0.05)


def test_contrast_is_measured_as_wcag_does() -> None:
    assert contrast(Color(0, 0, 0), Color(255, 255, 255)) == pytest.approx(21)
    assert contrast(Color(118, 118, 118), Color(255, 255, 255)) == pytest.approx(4.54, abs=0.01)


def theme_variables(name: str) -> dict[str, str]:
    """The theme's CSS variables as the app works them out."""
    app = ChickenFootApp(bot_delay=0)
    app.theme = name
    return app.get_css_variables()


def resolve(value: str, over: Color) -> Color:
    """The opaque colour a variable's ``value`` shows over the colour ``over``: "auto 60%" is
    Textual's contrasting text colour at 60 %, "#RRGGBB 50%" a colour at half strength."""
    words = value.split()
    alpha = float(words[1].rstrip("%")) / 100 if len(words) > 1 else 1.0
    colour = over.get_contrast_text(alpha) if words[0] == "auto" else Color.parse(words[0])
    return over + colour.multiply_alpha(1.0 if words[0] == "auto" else alpha)


def test_both_are_in_the_theme_list() -> None:
    app = ChickenFootApp(bot_delay=0)
    assert set(THEME_NAMES) <= set(app.available_themes)


@pytest.mark.parametrize("name", THEME_NAMES)
def test_a_chosen_theme_is_there_from_the_first_frame_of_the_next_run(name: str) -> None:
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"version": 1, "display": {"theme": name}}), encoding="utf-8")
    assert ChickenFootApp(bot_delay=0).theme == name


@pytest.mark.parametrize(("theme", "least"), [(COLOUR_BLIND_SAFE, 4.5), (HIGH_CONTRAST, 7.0)])
def test_every_text_colour_reads_on_every_background(theme: Theme, least: float) -> None:
    variables = theme_variables(theme.name)
    black = Color(0, 0, 0)
    for background in BACKGROUNDS:
        under = resolve(variables[background], black)
        for text in TEXT_COLOURS:
            ratio = contrast(resolve(variables[text], under), under)
            assert ratio >= least, f"{theme.name}: ${text} on ${background} is {ratio:.1f}:1"


def test_the_colour_blind_safe_marks_are_okabe_and_itos_own_and_all_different() -> None:
    variables = theme_variables(COLOUR_BLIND_SAFE.name)
    palette = {Color.parse(value) for value in OKABE_ITO.values()}
    marks = [Color.parse(variables[mark]) for mark in MARKS]
    assert all(colour in palette for colour in marks)
    assert all(first != second for first, second in combinations(marks, 2))


def test_the_high_contrast_marks_are_all_different() -> None:
    variables = theme_variables(HIGH_CONTRAST.name)
    marks = [Color.parse(variables[mark]) for mark in MARKS]
    assert all(first != second for first, second in combinations(marks, 2))
