"""A whole plain game in Galician, Spanish and Hebrew, with their real catalogues: the person
answers in the language (the word for a person, yes typed as the language types it), the game
is played to its ranking, the lines are the catalogue's, no English sentence of the catalogue
is left in them, and Hebrew is said in logical order (the plain mode never reorders a line:
the screen reader does)."""

from __future__ import annotations

import re
import string
import unicodedata
from collections.abc import Iterator

import pytest

from chickenfoot.bots import level_name
from chickenfoot.lang import _, catalogue, ngettext, pgettext, speaking
from chickenfoot.plain.app import PlainApp
from chickenfoot.text.prompts import no_tile_fits
from chickenfoot.text.setup_form import who_plays_question
from chickenfoot.text.words import shown_name
from tests.plain.scripted import Answer, ScriptedConsole
from tests.plain.test_app import games
from tests.plain.test_pseudo_language import ReadingConsole

LANGUAGES = ("gl", "es", "he")

BIDI_CONTROLS = re.compile("[\u200e\u200f\u202a-\u202e\u2066-\u2069]")
"""The invisible marks that reorder or embed right-to-left text (none in the plain mode)."""


def pattern_of(message: str, **fields: str) -> re.Pattern[str]:
    """A regex matching ``message`` (already translated) filled in: each placeholder named in
    ``fields`` a group of that regex, any other anything."""
    parts = []
    for literal, name, _spec, _conversion in string.Formatter().parse(message):
        parts.append(re.escape(literal))
        if name is not None:
            parts.append(f"(?P<{name}>{fields[name]})" if name in fields else ".*?")
    return re.compile("".join(parts))


def language_player(console: ScriptedConsole) -> str:
    """A person who reads the lines in the language spoken: the first tile offered on its
    first end, draw or pass when told, Enter otherwise; ``q`` at the menu after the ranking."""
    text = console.text
    if _("Final ranking:") in text:
        return "q" if _("Main menu:") in text.rsplit(_("Final ranking:"), 1)[1] else ""
    last = console.said[-1] if console.said else ""
    offer = pattern_of(_("{number}: {tile} on {keys}"), number=r"\d+", tile=r"\S+", keys="[a-z]+")
    found = offer.search(last)
    if found is not None:
        return f"{found['number']} {found['keys']}"
    if no_tile_fits(can_draw=True) in last:
        return "d"
    if no_tile_fits(can_draw=False) in last:
        return "p"
    return ""


def ranked(line: str) -> re.Match[str] | None:
    """A place of the final ranking in the language spoken (its seat's ``name``), or None."""
    forms = [
        ngettext(
            "Place {place}: {name}, {total} points, {count} round at zero",
            "Place {place}: {name}, {total} points, {count} rounds at zero",
            count,
        )
        for count in (0, 1, 2)
    ]
    for form in forms:
        found = pattern_of(form, place=r"\d", name=r"\w+").match(line.strip())
        if found is not None:
            return found
    return None


def set_up() -> list[Answer]:
    """A new game of two rounds of the double-6 set for Ana (a person) and Bea (a casual
    computer), each typed as the language says it, with a seed."""
    person = pgettext("typed for a seat a person plays", "person")
    return [
        "n",
        *("s", "2", "Ana", person, "Bea", level_name("casual")),
        *("r", "1", "1"),  # the double-6 set
        *("r", "10", "2"),  # two rounds
        *("n", "11"),  # a seed
        "",  # start
    ]


def english_sentences(code: str) -> Iterator[tuple[str, str]]:
    """(English, its translation) of every piece longer than 12 characters of a catalogue's
    message, between its placeholders, that the language writes otherwise."""
    translations = catalogue(code)._catalog  # type: ignore[attr-defined]  # gettext's table
    for key, translated in translations.items():
        message = key[0] if isinstance(key, tuple) else key
        message = message.rsplit("\x04", 1)[-1]  # a context before the message
        for literal, *_rest in string.Formatter().parse(message):
            piece = literal.strip()
            if len(piece) > 12 and piece not in translated:
                yield piece, translated


def played(code: str) -> ReadingConsole:
    """The lines of a whole game played in language ``code`` (saved in the test's own data
    folder)."""
    with speaking(code):
        console = ReadingConsole([*set_up(), *[language_player] * 400])
        assert PlainApp(console).run() == 0
    return console


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_whole_game_is_played_and_said_in_the_language(code: str) -> None:
    console = played(code)
    lines = console.program_lines()
    with speaking(code):
        chosen = [_("Main menu:"), _("New game:"), _("Final ranking:"), _("Goodbye.")]
        english = ["Main menu:", "New game:", "Final ranking:", "Goodbye."]
        assert chosen != english, "the catalogue translates them"
        for line in chosen:
            assert line in lines
        game_over = pattern_of(_("Game over: {winners}"))
        assert any(game_over.match(line) for line in lines), "the game ended"
        ranking = [found["name"] for line in lines if (found := ranked(line))]
        assert sorted(ranking) == ["Ana", "Bea"], "both ranked"
        assert _("Seat {number}: {name}, a person").format(number=1, name="Ana") in lines
        # the default seats: "You" and a level as the language says them, never as files keep them
        you = shown_name("You")
        assert you != "You"
        assert _("Seat {number}: {name}, a person").format(number=1, name=you) in lines
        assert (
            _("Seat {number}: {name}, computer, {level}").format(
                number=2, name="Bea", level=level_name("casual")
            )
            in lines
        )
        assert _("Seat {number}, name: [{now}] ").format(number=1, now=you) in lines
    sentences = dict(english_sentences(code))
    assert "Final ranking:" in sentences and "Round 1 is over" not in sentences, "whole pieces"
    english_left = {
        piece: (line, translated)
        for piece, translated in english_sentences(code)
        for line in lines
        if piece in line
    }
    assert not english_left, english_left


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_yes_typed_in_the_language_is_a_yes(code: str) -> None:
    played(code)
    with speaking(code):
        yes = pgettext("typed for yes", "yes")
        assert yes != "yes"
        console = ScriptedConsole(["l", "x 1", yes, "", "q"])
        assert PlainApp(console).run() == 0
        assert _("Deleted game {game}.").format(game=1) in console.said


def test_hebrew_is_said_in_logical_order() -> None:
    lines = played("he").program_lines()
    assert not any(BIDI_CONTROLS.search(line) for line in lines), "no marks that reorder"
    with speaking("he"):
        scores = pattern_of(_("Round {number} scores: {scores}"), scores=r"Ana \d+.*Bea \d+")
        said = [line for line in lines if scores.fullmatch(line)]
    assert len(said) == 2, "each round's scores, its words first and the names as typed"
    first = said[0][0]
    assert unicodedata.bidirectional(first) == "R", "the sentence starts with its first word"


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_replay_is_taken_over_with_the_seats_typed_in_the_language(code: str) -> None:
    played(code)
    with speaking(code):
        person, hard = pgettext("typed for a seat a person plays", "person"), level_name("hard")
        console = ScriptedConsole(["r", "1", "", "take", "", hard, "q", "q"])
        assert PlainApp(console).run() == 0
        asked_for_ana = who_plays_question("Ana", person)
    assert any(line.startswith(asked_for_ana) for line in console.said), "Enter keeps a person"
    taken = games()[0]
    assert [(seat.name, seat.player, seat.level) for seat in taken.seats] == [
        ("Ana", "human", None),
        ("Bea", "computer", "hard"),
    ]
