"""The game's top bar: the round, the round's double, the boneyard, what the board demands of
the next tile, and a word when the game is not saved, is being saved, or the link to an online
table is in trouble.

One row, and it always fits: when the whole line is wider than the screen, the parts that
matter least go first (the round's double, then the boneyard), and only then is the line cut,
after a whole word, with an ellipsis; what the board demands and the warnings stay.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.content import Content
from textual.reactive import reactive
from textual.widget import Widget

from chickenfoot.lang import N_, _
from chickenfoot.record.names import display_width
from chickenfoot.text.words import fit_line

SEPARATOR = " · "
ROUND_STYLE = "bold"
UNSAVED = (N_("⚠ not saved"), "bold $text-error")
"""The word when the game is not saved (translated when shown), and its style."""
SAVING = (N_("saving…"), "$text-muted")
"""The word while the game is being saved (translated when shown), and its style."""
CONNECTION_STYLE = "bold $text-warning"


@dataclass(frozen=True)
class TopBarShown:
    """What the top bar shows: the round ("Round 2 of 9"), the round's details (" · 8|8 ·
    boneyard 12", each after a separator), what the board needs (" · play on any open end"),
    whether the game is not saved or being saved, and the link's trouble ("" when none)."""

    round_text: str = ""
    detail: str = ""
    needs: str = ""
    unsaved: bool = False
    saving: bool = False
    connection: str = ""


class TopBar(Widget):
    """One row over the game: where the round stands, fitted to the screen's width."""

    DEFAULT_CSS = """
    TopBar {
        height: 1;
        padding: 0 1;
        background: $panel;
        color: $foreground;
    }
    """

    shown: reactive[TopBarShown] = reactive(TopBarShown)
    """What the bar shows (set it: it redraws only when it changed)."""

    def render(self) -> Content:
        """The parts that fit the width, the round first and the warnings last."""
        return fitted_bar(self.shown, self.content_region.width or 78)


def fitted_bar(shown: TopBarShown, width: int) -> Content:
    """The top bar of ``shown`` within ``width`` cells (see the module's docstring)."""
    warnings: list[tuple[str, str]] = []
    if shown.unsaved:
        warnings.append((_(UNSAVED[0]), UNSAVED[1]))
    if shown.saving:
        warnings.append((_(SAVING[0]), SAVING[1]))
    if shown.connection:
        warnings.append((shown.connection, CONNECTION_STYLE))
    room = width - sum(display_width(text) + 2 for text, _style in warnings)
    details = [part for part in shown.detail.split(SEPARATOR) if part]
    needs = shown.needs.removeprefix(SEPARATOR)
    while True:
        parts = [shown.round_text, *details, *([needs] if needs else [])]
        line = SEPARATOR.join(parts)
        if display_width(line) <= room or not details:
            break
        details.pop(0)  # the round's double goes first, then the boneyard
    line = fit_line(line, max(room, 1))
    round_text, rest = line[: len(shown.round_text)], line[len(shown.round_text) :]
    pieces: list[str | tuple[str, str]] = [(round_text, ROUND_STYLE), rest]
    pieces += [("  " + text, style) for text, style in warnings]
    return Content.assemble(*pieces)
