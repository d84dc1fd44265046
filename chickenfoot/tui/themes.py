"""chickenfoot's own themes, beside Textual's: one safe for colour-blind eyes, one of high
contrast. The app registers them, so they are in the theme list (``ctrl+p``, *Theme*) and
remembered like any other.

- ``colour-blind-safe``: the eight colours of Okabe and Ito ("Color Universal Design", 2008),
  told apart with every common kind of colour blindness, on black. Each colour that marks
  something in the game (an open end, the end a tile fits, the chosen end, the open foot, a
  tile just played, a double) is one of them, used as it is: Textual's own text colours are
  blends, which would wash the hues together.
- ``high-contrast``: white text and pure, bright colours on black; every text colour, the
  dimmed ones included, reads at a contrast of at least 7:1 (WCAG's AAA level).

The theme picker (:class:`NamedThemes`) names these two in the language in use; Textual's own
themes keep their names, which are names, not words.

Colour is never the only mark: every state the table, the hand and the strip show in colour
also has a frame or a sign of its own (see the ``NO_COLOR`` snapshot), in these themes too.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from textual.theme import Theme, ThemeProvider

from chickenfoot.lang import N_, _

OKABE_ITO = {
    "black": "#000000",
    "orange": "#E69F00",
    "sky blue": "#56B4E9",
    "bluish green": "#009E73",
    "yellow": "#F0E442",
    "blue": "#0072B2",
    "vermillion": "#D55E00",
    "reddish purple": "#CC79A7",
}
"""Okabe and Ito's colour-blind-safe palette."""

COLOUR_BLIND_SAFE = Theme(
    name="colour-blind-safe",
    primary=OKABE_ITO["blue"],
    secondary=OKABE_ITO["reddish purple"],
    accent=OKABE_ITO["orange"],
    warning=OKABE_ITO["yellow"],
    error=OKABE_ITO["vermillion"],
    success=OKABE_ITO["bluish green"],
    foreground="#FFFFFF",
    background=OKABE_ITO["black"],
    surface="#0E0E0E",
    panel="#181818",
    dark=True,
    variables={
        # Blue is the one colour too dark for text on black: text in the primary colour is
        # sky blue; blue stays for what is drawn behind white text (the cursor, buttons).
        "text-primary": OKABE_ITO["sky blue"],
        "text-secondary": OKABE_ITO["reddish purple"],
        "text-accent": OKABE_ITO["orange"],
        "text-warning": OKABE_ITO["yellow"],
        "text-error": OKABE_ITO["vermillion"],
        "text-success": OKABE_ITO["bluish green"],
        "footer-key-foreground": OKABE_ITO["orange"],
        "block-cursor-background": OKABE_ITO["blue"],
        "block-cursor-foreground": "#FFFFFF",
        "input-selection-background": f"{OKABE_ITO['blue']} 60%",
    },
)
"""Okabe and Ito's colours on black."""

HIGH_CONTRAST = Theme(
    name="high-contrast",
    primary="#00FFFF",
    secondary="#FF99FF",
    accent="#FFFF00",
    warning="#FFB000",
    error="#FF8A8A",
    success="#00FF00",
    foreground="#FFFFFF",
    background="#000000",
    surface="#000000",
    panel="#1A1A1A",
    dark=True,
    text_alpha=1.0,
    variables={
        "text-primary": "#00FFFF",
        "text-secondary": "#FF99FF",
        "text-accent": "#FFFF00",
        "text-warning": "#FFB000",
        "text-error": "#FF8A8A",
        "text-success": "#00FF00",
        "text": "#FFFFFF",
        "text-muted": "#D0D0D0",
        "text-disabled": "#A8A8A8",
        "border": "#FFFFFF",
        "border-blurred": "#A8A8A8",
        "footer-key-foreground": "#FFFF00",
        "footer-description-foreground": "#FFFFFF",
        "block-cursor-background": "#FFFF00",
        "block-cursor-foreground": "#000000",
        "block-cursor-text-style": "bold",
        "block-cursor-blurred-background": "#404040",
        "block-cursor-blurred-foreground": "#FFFFFF",
        "input-cursor-background": "#FFFFFF",
        "input-cursor-foreground": "#000000",
        "input-selection-background": "#00FFFF 50%",
        "link-color": "#00FFFF",
        "scrollbar": "#A8A8A8",
        "scrollbar-hover": "#FFFFFF",
        "scrollbar-active": "#FFFF00",
    },
)
"""White and bright colours on black, every text at 7:1 or more."""

THEMES: tuple[Theme, ...] = (COLOUR_BLIND_SAFE, HIGH_CONTRAST)
"""The themes the app adds to Textual's."""

THEME_WORDS = {
    # Translators: the names of two themes in the theme picker, beside Textual's own themes
    # (textual-dark, nord…), which keep their names.
    COLOUR_BLIND_SAFE.name: N_("colour-blind-safe"),
    HIGH_CONTRAST.name: N_("high-contrast"),
}
"""How the theme picker names chickenfoot's own themes (translated when it is shown)."""


def theme_words(name: str) -> str:
    """The theme ``name`` as the picker shows it: one of chickenfoot's in the language in use,
    one of Textual's by its own name."""
    return _(THEME_WORDS[name]) if name in THEME_WORDS else name


class NamedThemes(ThemeProvider):
    """Textual's theme picker, with chickenfoot's own themes named in the language in use
    (the theme chosen, and remembered, is the same whatever its name on the screen)."""

    @property
    def commands(self) -> list[tuple[str, Callable[[], None]]]:
        """Each theme's name as shown, and what chooses it, in the order of the names."""
        named = [(theme_words(name), name) for name in self.app.available_themes]
        return [(words, partial(self._choose, name)) for words, name in sorted(named)]

    def _choose(self, name: str) -> None:
        self.app.theme = name
