"""Numbers as each language writes them: ``1,234.5`` and ``95%`` in English, ``1 234,5`` and
``95 %`` in Galician, ``1.234,5`` and ``95 %`` in Spanish.

The symbols are the Unicode CLDR's, as Babel gives them (``tests/lang/test_numbers.py``
checks every one against Babel's ``format_decimal`` and ``format_percent``). They are written
here rather than read from Babel at run time: Babel's locale data takes longer to load than
the whole menu takes to draw, and four languages need four lines. The spaces are no-break
spaces (U+00A0), so ``95 %`` never breaks between the number and its sign.
"""

from __future__ import annotations

from typing import NamedTuple

from chickenfoot.lang import language


class NumberSymbols(NamedTuple):
    """How one language writes a number: its decimal mark, the mark between groups of three
    digits, and where the percent sign goes (``{number}`` stands for the number)."""

    decimal: str
    group: str
    percent: str


NUMBER_SYMBOLS: dict[str, NumberSymbols] = {
    "en": NumberSymbols(decimal=".", group=",", percent="{number}%"),
    "gl": NumberSymbols(decimal=",", group="\u00a0", percent="{number}\u00a0%"),
    "es": NumberSymbols(decimal=",", group=".", percent="{number}\u00a0%"),
    "he": NumberSymbols(decimal=".", group=",", percent="{number}%"),
}
"""Each language's symbols, by code (CLDR's, in its Latin digits)."""


def number(value: float, decimals: int = 0) -> str:
    """``value`` as the language in use writes it, rounded to ``decimals`` places:
    ``number(1234.5, 1)`` is ``1,234.5`` in English and ``1.234,5`` in Spanish."""
    symbols = NUMBER_SYMBOLS.get(language(), NUMBER_SYMBOLS["en"])
    written = f"{value:,.{max(decimals, 0)}f}"
    whole, _point, fraction = written.partition(".")
    whole = whole.replace(",", symbols.group)
    return f"{whole}{symbols.decimal}{fraction}" if fraction else whole


def percent(fraction: float, decimals: int = 0) -> str:
    """``fraction`` (0.95) as a percentage in the language in use, rounded to ``decimals``
    places: ``95%`` in English, ``95 %`` in Galician and Spanish."""
    symbols = NUMBER_SYMBOLS.get(language(), NUMBER_SYMBOLS["en"])
    return symbols.percent.format(number=number(fraction * 100, decimals))
