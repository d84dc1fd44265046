"""The game's top bar fits its row: the round's double and the boneyard go before what the
board demands, and the warnings stay."""

from __future__ import annotations

from chickenfoot.tui.widgets.topbar import TopBarShown, fitted_bar

FOOT = " · chicken foot on toe G.3.1.2.2 (4|4): 2 toes to go"
BAR = TopBarShown("Round 1 of 2", " · 18|18 · boneyard 43", FOOT)


def test_the_whole_bar_when_it_fits() -> None:
    assert fitted_bar(BAR, 120).plain == f"Round 1 of 2 · 18|18 · boneyard 43{FOOT}"


def test_the_round_s_double_goes_first_then_the_boneyard() -> None:
    assert fitted_bar(BAR, 78).plain == f"Round 1 of 2 · boneyard 43{FOOT}"
    assert fitted_bar(BAR, 66).plain == f"Round 1 of 2{FOOT}"


def test_the_warnings_stay_and_the_rest_is_cut_after_a_word() -> None:
    warned = TopBarShown(BAR.round_text, BAR.detail, BAR.needs, unsaved=True, saving=True)
    plain = fitted_bar(warned, 78).plain
    assert plain.endswith("  ⚠ not saved  saving…")
    assert plain.startswith("Round 1 of 2 · chicken foot on toe G.3.1.2.2 (4|4): 2…")
    assert len(plain) <= 78
