"""A line fitted to its width: whole when it fits, long names shortened first, then cut after
a whole word with an ellipsis, never inside a tile or a key."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from chickenfoot.record.names import display_width
from chickenfoot.text.words import SHORT_NAME_CELLS, fit_line

WIDE = "Ｆｕｌｌｗｉｄｔｈ　Ｆｒｅｄｅｒｉｋａ　Ｌｕｎｄ"


def test_a_line_that_fits_is_left_whole() -> None:
    assert fit_line("Ana: Enter plays 3|5 on B", 40, ["Ana"]) == "Ana: Enter plays 3|5 on B"


def test_a_long_name_is_shortened_before_anything_is_cut() -> None:
    line = f"{WIDE}: Enter plays 4|8 on G.3.1.2.2.2 (za)"
    fitted = fit_line(line, 60, [WIDE])
    assert fitted.endswith(": Enter plays 4|8 on G.3.1.2.2.2 (za)")
    assert fitted.startswith("Ｆｕｌｌｗｉｄ…")
    assert display_width(fitted.split(":")[0]) <= SHORT_NAME_CELLS


def test_a_line_still_too_long_is_cut_after_a_whole_word() -> None:
    line = "Hint: play 2|12 on G.3.1.2.1 (key v): keeps three 6s playable (7 out, 9 unseen)"
    assert fit_line(line, 50) == "Hint: play 2|12 on G.3.1.2.1 (key v): keeps three…"
    assert fit_line(line, 28) == "Hint: play 2|12 on…"


def test_a_single_word_too_long_is_cut_inside() -> None:
    assert fit_line("abcdefghij", 5) == "abcd…"


words = st.lists(st.sampled_from(["Ana", "3|5", "G.3.1.2", "(key", "za)", "plays", WIDE]))


@given(words, st.integers(min_value=1, max_value=80))
def test_a_fitted_line_fits_and_keeps_whole_words(chosen: list[str], width: int) -> None:
    line = " ".join(chosen)
    fitted = fit_line(line, width)
    assert display_width(fitted) <= width
    if fitted != line and " " in line and fitted.endswith("…") and " " in fitted:
        kept = fitted.removesuffix("…").rstrip(" ,;:·(—-")
        after = line[len(kept)]
        assert line.startswith(kept) and (after.isspace() or after in " ,;:·(—-")
