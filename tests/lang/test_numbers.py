"""Numbers in each language, as the Unicode CLDR writes them (Babel is the reference)."""

from __future__ import annotations

import pytest
from babel.numbers import format_decimal, format_percent
from hypothesis import given
from hypothesis import strategies as st

from chickenfoot.lang import LANGUAGES, speaking
from chickenfoot.lang.numbers import NUMBER_SYMBOLS, number, percent


def test_every_language_has_its_symbols() -> None:
    assert set(NUMBER_SYMBOLS) == set(LANGUAGES)


@pytest.mark.parametrize(
    ("code", "whole", "decimal", "share"),
    [
        ("en", "12,345", "1,234.5", "95%"),
        ("gl", "12\u00a0345", "1\u00a0234,5", "95\u00a0%"),
        ("es", "12.345", "1.234,5", "95\u00a0%"),
        ("he", "12,345", "1,234.5", "95%"),
    ],
)
def test_numbers_are_written_as_the_language_writes_them(
    code: str, whole: str, decimal: str, share: str
) -> None:
    with speaking(code):
        assert (number(12345), number(1234.5, 1), percent(0.95)) == (whole, decimal, share)


@pytest.mark.parametrize("code", list(LANGUAGES))
@given(value=st.integers(min_value=-(10**9), max_value=10**9))
def test_whole_numbers_agree_with_babel(code: str, value: int) -> None:
    with speaking(code):
        assert number(value) == format_decimal(value, locale=code)


@pytest.mark.parametrize("code", list(LANGUAGES))
@given(hundredths=st.integers(min_value=0, max_value=10**7))
def test_numbers_with_decimals_agree_with_babel(code: str, hundredths: int) -> None:
    value = hundredths / 100
    with speaking(code):
        written = number(value, 2)
    assert written == format_decimal(value, format="#,##0.00", locale=code)


@pytest.mark.parametrize("code", list(LANGUAGES))
@given(points=st.integers(min_value=0, max_value=1000))
def test_percentages_agree_with_babel(code: str, points: int) -> None:
    with speaking(code):
        assert percent(points / 100) == format_percent(points / 100, locale=code)
