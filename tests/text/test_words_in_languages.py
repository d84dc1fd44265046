"""The game's words come whole from the catalogue: a sentence about the player spoken to is a
message of its own, counts take the catalogue's plural forms, lists its separators, the
default name "You" shows in the language in use, and every rule's refusal is worded.

A small catalogue made here stands in for a language: it gives every message it knows marked
(``«…»``), so a test sees which message a sentence came from."""

from __future__ import annotations

import gettext
from collections.abc import Sequence
from typing import get_args

import pytest

from chickenfoot.lang import speaking
from chickenfoot.record.refusals import rule_reason
from chickenfoot.rules import Draw, GameOver, Pass, Play, Reason, Standing, Tile, apply, preset
from chickenfoot.text.describe import describe_turn, winners_text
from chickenfoot.text.prompts import host_refused
from chickenfoot.text.words import is_you, listed, plural, seat_name
from tests.rules.conftest import deal, start

RULES = preset("cross", set_size=6, players=3, hand_size=5, arms=3, rounds=1)


class Marked(gettext.NullTranslations):
    """A language whose every word is the English marked «…», "You" being "Tu", a list
    joined with " + " and " & ", and a third plural form for counts of two."""

    def gettext(self, message: str) -> str:
        return f"«{message}»"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        if n == 2:
            return f"«two: {msgid2}»"
        return f"«{msgid1 if n == 1 else msgid2}»"

    def pgettext(self, context: str, message: str) -> str:
        if context == "the player spoken to":
            return "Tu"
        if context == "list":
            return {", ": " + ", "{items} and {last}": "{items} & {last}"}.get(message, message)
        return f"«{message}»"


def opening_lines(names: Sequence[str], action: Play | Draw | Pass) -> list[str]:
    hands = {0: "6|6 0|0 0|1 0|2 0|3", 1: "6|1 1|1 1|2 1|3 1|4", 2: "2|2 2|3 2|4 3|3 3|4"}
    state = start(RULES, deal(RULES, hands, boneyard="4|4 6|5"))[0]
    _after, events = apply(state, action)
    return describe_turn(action, events, state, names, None)


def test_a_move_of_the_player_spoken_to_is_a_message_of_its_own() -> None:
    play = Play(seat=1, tile=Tile(1, 6), target="A")
    with speaking("xx", Marked()):
        mine = opening_lines(("Ana", "You", "Cy"), play)
        theirs = opening_lines(("Ana", "Bea", "Cy"), play)
    assert mine == ["«You play 1|6 on ««arm A» (1 of 3 arms)»»"]
    assert theirs == ["«Bea plays 1|6 on ««arm A» (1 of 3 arms)»»"]


def test_the_default_name_shows_in_the_language_and_stays_you_underneath() -> None:
    names = ("You", "Bea")
    with speaking("xx", Marked()):
        assert seat_name(names, 0) == "Tu" and seat_name(names, 1) == "Bea"
        assert is_you("Tu") and is_you("You") and not is_you("Bea")
        assert seat_name(names, 5) == f"«Seat {6}»"
    assert seat_name(names, 0) == "You", "English again once the language is put back"


def test_counts_take_the_catalogues_plural_forms() -> None:
    with speaking("xx", Marked()):
        assert plural(1, "tile") == "«1 tile»"
        assert plural(2, "tile") == "«two: 2 tiles»"
        assert plural(5, "tile") == "«5 tiles»"
    assert plural(2, "tile") == "2 tiles" and plural(1, "round") == "1 round"
    assert plural(3, "widget") == "3 widgets", "a word with no message is counted in English"


def test_lists_take_the_languages_separators() -> None:
    with speaking("xx", Marked()):
        assert listed(["Ana", "Bea", "Cy"]) == "Ana + Bea & Cy"
    assert listed(["Ana", "Bea", "Cy"]) == "Ana, Bea and Cy"


def test_winners_with_the_player_spoken_to_among_them_have_their_own_message() -> None:
    ranking = (Standing(place=1, seat=0, total=10, zero_rounds=0, lowest_round=None),)
    shared = GameOver(winners=(0, 1), ranking=ranking, decided_by="shared")
    assert winners_text(shared, ("Ana", "You")) == "Ana and you share the win"
    assert winners_text(shared, ("Ana", "Bea")) == "Ana and Bea share the win"
    alone = GameOver(winners=(1,), ranking=ranking, decided_by="none")
    assert winners_text(alone, ("Ana", "You")) == "You win"
    assert winners_text(alone, ("You", "Bea")) == "Bea wins"


@pytest.mark.parametrize("reason", get_args(Reason))
def test_every_rule_that_refuses_a_move_is_worded(reason: str) -> None:
    worded = rule_reason(reason)
    assert worded and worded != reason and "_" not in worded
    assert host_refused("illegal", reason) == f"The rules do not allow that move now ({worded})."
