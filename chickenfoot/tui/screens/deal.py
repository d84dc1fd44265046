"""Show the deal: one finished round's deck in deal order, and how it was made.

Opened from the round-over dialog (``d``): what each seat was dealt, in deck order (the
round's double marked), how the double reached the centre, the tiles drawn looking for it,
the boneyard in order, and whether the deck was shuffled from the game's seed (then
``chickenfoot verify FILE`` re-makes it). The round is over, so every hand of it may be
shown, also at a table of several people. The words are :class:`~chickenfoot.text.deal.DealText`;
this screen only lays them out, names literally (never as markup). Its own Footer lists its
keys.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Static

from chickenfoot.lang import N_
from chickenfoot.rules import Tile
from chickenfoot.text.deal import DealText
from chickenfoot.text.words import fitted
from chickenfoot.tui.commands import PaletteCommand, binding_commands
from chickenfoot.tui.footer import WordsFooter

NAME_WIDTH = 14


def tiles_content(tiles: Sequence[Tile], marked: Tile | None = None) -> Content:
    """Tiles in a row as the results show them ("[3|5] [0|9]"), ``marked`` stressed."""
    return Content(" ").join(
        Content.styled(f"[{tile}]", "bold $text-warning" if tile == marked else "")
        for tile in tiles
    )


class DealScreen(ModalScreen[None]):
    """One round's deal; Escape (or Enter, or ``d`` again) goes back to the round's result."""

    CSS_PATH = "deal.tcss"
    KEY_WIDGETS = (VerticalScroll,)
    """The widgets that can have the keyboard here: their keys count when keys are changed."""
    BINDINGS = [
        Binding(
            "escape",
            "close",
            N_("Back"),
            id="deal.back",
            tooltip=N_("Back to the round's result"),
        ),
        Binding("enter,d", "close", N_("Back"), show=False, id="deal.close"),
    ]

    def __init__(self, deal: DealText) -> None:
        """The deal of one round, in words."""
        super().__init__()
        self.deal = deal

    def compose(self) -> ComposeResult:
        """Title, how the deck was made, each seat's tiles, the centre, the boneyard, keys."""
        deal = self.deal
        with Vertical(id="deal-dialog"):
            yield Static(deal.title, id="deal-title", markup=False)
            yield Static(deal.origin, id="deal-origin", markup=False)
            with VerticalScroll(id="deal-body"):
                yield Static(deal.dealt_heading, classes="deal-heading", markup=False)
                for row in deal.rows:
                    with Horizontal(classes="deal-row"):
                        name = Content(fitted(row.name, NAME_WIDTH - 1))
                        yield Static(name, classes="deal-name")
                        yield Static(tiles_content(row.tiles, deal.double), classes="deal-tiles")
                yield Static(deal.centre, id="deal-centre", markup=False)
                if deal.searched:
                    yield Static(deal.searched, id="deal-searched", markup=False)
                yield Static(deal.boneyard_heading, id="deal-boneyard-heading", markup=False)
                if deal.boneyard:
                    yield Static(tiles_content(deal.boneyard), id="deal-boneyard")
        yield WordsFooter()

    def palette_commands(self) -> list[PaletteCommand]:
        """What the keys do."""
        return binding_commands(self)

    def action_close(self) -> None:
        """Back to the round's result."""
        self.dismiss(None)
