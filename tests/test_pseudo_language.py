"""The pseudo-language of the tests (:mod:`tests.pseudo`): what it makes of every kind of
message, and what its check lets through outside the markers and what it reports."""

from __future__ import annotations

import pytest

from chickenfoot.lang import _, language, ngettext, npgettext, pgettext, speaking
from tests.pseudo import PSEUDO, Allowance, PseudoTranslations, english, pseudo, unmarked


def test_every_message_is_marked_accented_and_a_third_longer() -> None:
    assert pseudo("Play the tile") == "⟦Þļàý ţĥé ţîļé~~~⟧"
    assert len(pseudo("Leave this game for a new one?")) == 40, "30 characters and 10 more"
    assert pseudo("Quit") == "⟦Ǫûîţ⟧", "the markers alone make a short word a third longer"
    assert pseudo("") == ""


def test_placeholders_are_kept_so_that_format_fills_them() -> None:
    message = pseudo("{name} plays {tile} on {place}, {count:>3} {{left}} {value!r}.")
    assert message == "⟦{name} þļàýš {tile} öñ {place}, {count:>3} {{ļéƒţ}} {value!r}.~~~~~~⟧"
    filled = message.format(name="Ana", tile="3|5", place="a", count=7, value="x")
    assert filled == "⟦Ana þļàýš 3|5 öñ a,   7 {ļéƒţ} 'x'.~~~~~~⟧"


def test_each_line_of_a_message_is_marked_on_its_own() -> None:
    assert pseudo("  Round {n}\n\nNext round ") == "  ⟦Ŕöûñð {n}⟧\n\n⟦Ñéẋţ ŕöûñð~~⟧ "


def test_the_app_speaks_it_in_every_form_and_the_language_before_comes_back() -> None:
    with speaking(PSEUDO, PseudoTranslations()):
        assert language() == PSEUDO
        assert _("Draw") == "⟦Ðŕàŵ⟧"
        assert ngettext("{count} tile", "{count} tiles", 1) == "⟦{count} ţîļé⟧"
        assert ngettext("{count} tile", "{count} tiles", 2) == "⟦{count} ţîļéš⟧"
        assert pgettext("a tile", "Double") == "⟦Ðöûƀļé⟧"
        assert npgettext("arms", "{count} arm", "{count} arms", 3) == "⟦{count} àŕɱš⟧"
    assert language() == "en"
    assert _("Draw") == "Draw"


def test_english_turns_it_back() -> None:
    said = pseudo("{name}: you can play {number}: {tile} on {key}.").format(
        name="Ana", number=3, tile="2|6", key="a"
    )
    assert english(said) == "Ana: you can play 3: 2|6 on a."


ALLOWANCE = Allowance(
    names=("Maximiliana Wolkenstein-", "Ana"),
    literals=("/tmp/data",),
    keys=frozenset({"^p", "esc", "h", "za", "ctrl+s", "Esc"}),
)


@pytest.mark.parametrize(
    "shown",
    [
        "⟦Þļàý ţĥé ţîļé~~~⟧",
        "⟦Ñéŵ ⟦ĝàɱé⟧ ⟦öñ⟧ ţàƀļé⟧",  # a message inside another's placeholder
        "⟦Ļéàṽé ţĥîš ĝàɱé ƒöŕ à ñ…",  # cut short: the fit check's to say
        "Ana  12  3|5  ‹za›  18‹h  ^p  esc  ctrl+s  Esc/?  ─│╭╮ ┆ … 45% -5 12:30",
        "Maximiliana Wolk… Maximiliana\nWolkenstein- /tmp/data",  # shortened, wrapped
        "G.3.1.2 A·11 »za G.3.1.2.2·4«",  # lines of the table by their labels
        "KM7R3P@192.168.1.20:8765 https://example.org/chickenfoot",  # addresses
    ],
)
def test_what_is_not_a_word_to_translate_passes(shown: str) -> None:
    assert unmarked(shown, ALLOWANCE) == []


@pytest.mark.parametrize(
    ("shown", "words"),
    [
        ("⟦Þļàý~⟧ Draw", ["Draw"]),
        ("Round 1 of 2 · boneyard 43", ["Round", "of", "boneyard"]),
        ("f1 Help", ["f1", "Help"]),  # f1 is no key of this allowance
        ("Ana's hand", ["'s", "hand"]),  # the name taken out
        ("8s: none", ["8s:", "none"]),
        ("⇧arrows pan", ["⇧arrows", "pan"]),
        ("Maximiliana Wolkenstein", ["Maximiliana", "Wolkenstein"]),  # not the name
        ("⟦ɱàŕķéð⟧ and ⟦ɱàŕķéð⟧", ["and"]),
        ("rest of it~⟧ ⟦ñéẋţ⟧", ["rest", "of", "it~⟧"]),  # an end with no start
    ],
)
def test_words_outside_the_markers_are_reported(shown: str, words: list[str]) -> None:
    assert unmarked(shown, ALLOWANCE) == words


def test_the_end_of_a_message_scrolled_off_above_counts_as_marked() -> None:
    assert unmarked("rest of it~⟧ ⟦ñéẋţ⟧ Stay", ALLOWANCE, cut_above=True) == ["Stay"]
