"""The legend of the compact table: a sample of each of its marks, and what it means.

A dialog over the game, opened by its key (``,`` unless the player changed it) and shown by
itself the first time the game's table turns compact (see
:class:`~chickenfoot.tui.widgets.board_panel.BoardPanel`). Each row is a sample drawn exactly as
the table draws it (:class:`~chickenfoot.tui.widgets.table.TableMarks`: the layout's own
glyphs and the table's styles) beside its words (:mod:`chickenfoot.text.legend`); the last
line names the keys that draw the table otherwise, as the player's keymap has them.
Escape, Enter (or the key again) closes it.
"""

from __future__ import annotations

from collections.abc import Mapping

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from chickenfoot.lang import N_, _
from chickenfoot.play.layout import (
    CONNECTOR_GLYPHS,
    Box,
    Heading,
    Role,
    TileSpot,
    compact_tile_text,
    end_label_text,
    slot_text,
)
from chickenfoot.rules import Tile
from chickenfoot.text.legend import LEGEND_TITLE, MARKS, Mark, legend_footing
from chickenfoot.text.prompts import ViewKeys
from chickenfoot.tui.commands import PaletteCommand, binding_commands
from chickenfoot.tui.footer import WordsFooter
from chickenfoot.tui.widgets.table import Sample, TableMarks


def tile(inner: int, outer: int, role: Role = Role.TILE, heading: Heading = "E") -> str:
    """A compact tile as the table draws it: ``inner|outer`` laid going ``heading``."""
    numbers = (inner, outer) if heading in ("E", "S") else (outer, inner)
    spot = TileSpot(0, "A", Tile(min(numbers), max(numbers)), Box(0, 0, 1, 1), False, numbers)
    return compact_tile_text(spot._replace(heading=heading), 1, role)


def centre(number: int) -> str:
    """The centre double as the compact table draws it."""
    spot = TileSpot(None, None, Tile(number, number), Box(0, 0, 3, 1), False, (number, number))
    return compact_tile_text(spot, 1, Role.CENTRE)


def run(
    text: str, role: Role, *, shaded: bool = False, moved: bool = False
) -> tuple[str, Role, bool, bool]:
    """A run of a sample: its text, role, shade and mark of a moved tile."""
    return text, role, shaded, moved


def samples() -> Mapping[Mark, tuple[Sample, ...]]:
    """A sample of each mark the legend explains, row by row (drawn by the layout's own
    functions and glyphs)."""
    first, second = run(tile(9, 3), Role.TILE), run(tile(3, 5), Role.TILE)
    arm = tile(9, 3) + tile(3, 5)

    def end(role: Role) -> Sample:
        return second, run(end_label_text("b", role, 3, compact=True), role)

    return {
        Mark.CENTRE: ((run(centre(9), Role.CENTRE),),),
        Mark.LINE: ((run(centre(9), Role.CENTRE), first, second),),
        Mark.COLUMN: (
            (run(tile(9, 3, heading="S"), Role.TILE),),
            (run(tile(3, 5, heading="S"), Role.TILE),),
        ),
        Mark.DOUBLE: ((second, run(tile(5, 5, Role.DOUBLE), Role.DOUBLE)),),
        Mark.OPEN_FOOT: ((second, run(tile(5, 5, Role.OPEN_FOOT), Role.OPEN_FOOT)),),
        Mark.TOE_SLOT: ((run(slot_text(Box(0, 0, 2, 1), "E", 0, True), Role.TOE_SLOT),),),
        Mark.FRESH: ((run(tile(3, 5, Role.TILE_FRESH), Role.TILE_FRESH),),),
        Mark.RAIL: ((first, run(CONNECTOR_GLYPHS[True] * 2, Role.CONNECTOR), second),),
        Mark.END: (end(Role.END),),
        Mark.END_LEGAL: (end(Role.END_LEGAL),),
        Mark.END_CHOSEN: (end(Role.END_CHOSEN),),
        Mark.SHADED: (
            (run(arm, Role.TILE, shaded=True),),
            (run(tile(9, 2) + tile(2, 7), Role.TILE),),
        ),
        Mark.MOVED: ((run(arm, Role.TILE, moved=True),),),
    }


class LegendScreen(ModalScreen[None]):
    """What each mark of the compact table means, with a sample of each."""

    CSS_PATH = "legend.tcss"
    KEY_WIDGETS = (VerticalScroll,)
    """The widgets that can have the keyboard here: their keys count when keys are changed."""
    BINDINGS = [
        Binding(
            "escape,enter,comma",
            "close",
            N_("Close"),
            key_display="Esc",
            id="legend.close",
            tooltip=N_("Back to the game"),
        ),
    ]

    def __init__(self, keys: ViewKeys) -> None:
        """``keys``: the keys the table's frame names (the player's own), for the last line."""
        super().__init__()
        self.keys = keys

    def compose(self) -> ComposeResult:
        """The title, a row per mark (its sample and its words), the keys, this dialog's keys."""
        drawn = samples()
        with Vertical(id="legend-dialog"):
            yield Static(_(LEGEND_TITLE), id="legend-title", markup=False)
            with VerticalScroll(id="legend-body"):
                for mark, words in MARKS:
                    with Horizontal(classes="legend-row"):
                        yield TableMarks(drawn[mark], classes="legend-sample")
                        yield Static(_(words), classes="legend-words", markup=False)

            footing = legend_footing(self.keys.drawing, self.keys.outline)
            yield Static(footing, id="legend-footing", markup=False)
        yield WordsFooter()

    def palette_commands(self) -> list[PaletteCommand]:
        """Closing is all there is to do here."""
        return binding_commands(self)

    def action_close(self) -> None:
        """Back to the game."""
        self.dismiss(None)
