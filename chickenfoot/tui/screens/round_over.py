"""Round over: how it ended, every hand revealed with its points, the round's scores and totals.

The dialog stands over the final table of the round (the game screen keeps showing it until
the result is closed); ``b`` hides the dialog to look at that table, and shows it again;
``d`` shows the round's deal (:mod:`chickenfoot.tui.screens.deal`): what each seat was dealt,
the boneyard in order, and whether the deck came from the game's seed. Its own Footer lists
its own keys: Enter or Esc goes on, ``?`` opens the help, ``q`` quits (after asking). A long
list of tiles left wraps within its own column, never under the seats' names.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.geometry import Size
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Button, Static

from chickenfoot.lang import N_, _, pgettext
from chickenfoot.rules import RoundScored
from chickenfoot.text.deal import DealText
from chickenfoot.text.words import double_text, fitted, seat_name, sorted_hand
from chickenfoot.tui.commands import PaletteCommand, binding_commands
from chickenfoot.tui.footer import FittedFooter
from chickenfoot.tui.messages import ShowHelp
from chickenfoot.tui.screens.deal import DealScreen

NAME_WIDTH = 16
TILES_AT = NAME_WIDTH + 7 + 7 + 2
"""The column the tiles left start at: after the name, the round's points and the total."""
FEWEST_TILE_CELLS = 14
"""On a result narrower than the tiles' column and this, the tiles go under the seat's row."""


def tile_rows(tiles: list[str], width: int) -> list[str]:
    """``tiles`` (each "[a|b]") in rows of at most ``width`` cells, cut only between tiles."""
    rows = [""]
    for tile in tiles:
        if rows[-1] and len(rows[-1]) + 1 + len(tile) > width:
            rows.append("")
        rows[-1] += (" " if rows[-1] else "") + tile
    return rows


def round_table(event: RoundScored, names: Sequence[str], width: int = 80) -> Content:
    """Each seat: name, the round's points, the total, then the tiles left in its hand,
    wrapped within ``width`` cells under their own column (never under the seat's)."""
    seat_heading = pgettext("a table's heading", "seat")
    round_heading = pgettext("a table's heading", "round")
    total_heading = pgettext("a table's heading", "total")
    tiles_heading = pgettext("a table's heading", "tiles left")
    header = f"{seat_heading:<{NAME_WIDTH}}{round_heading:>7}{total_heading:>7}  {tiles_heading}"
    rows = [Content.styled(header, "$text-muted")]
    best = min(event.points)
    at = TILES_AT if width - TILES_AT >= FEWEST_TILE_CELLS else 2
    for seat, points in enumerate(event.points):
        shown = fitted(seat_name(names, seat), NAME_WIDTH - 1)
        tiles = [f"[{tile}]" for tile in sorted_hand(event.hands[seat])]
        wrapped = tile_rows(tiles, max(width - at, 1)) if tiles else [_("(went out)")]
        first = wrapped[0] if at == TILES_AT else ""
        style = "$text-muted" if tiles else "$text-success"
        rows.append(
            Content.assemble(
                Content(shown).pad_right(NAME_WIDTH - Content(shown).cell_length),
                (f"{points:>7}", "bold $text-success" if points == best else "bold"),
                f"{event.totals[seat]:>7}  ",
                (first, style),
            )
        )
        rest = wrapped[1:] if at == TILES_AT else wrapped
        rows.extend(Content.styled(" " * at + row, style) for row in rest)
    return Content("\n").join(rows)


class RoundTable(Widget):
    """The round's result, seat by seat, laid out at the width it has."""

    DEFAULT_CSS = """
    RoundTable {
        height: auto;
        text-wrap: nowrap;
    }
    """

    def __init__(self, event: RoundScored, names: Sequence[str], *, id: str | None = None):
        super().__init__(id=id)
        self.event = event
        self.names = tuple(names)

    def render(self) -> Content:
        """The table at the widget's width."""
        return round_table(self.event, self.names, self.content_region.width or 80)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """A row for the heading, and each seat's rows."""
        return len(round_table(self.event, self.names, width).plain.splitlines())


class RoundOverScreen(ModalScreen[None]):
    """The result of one round; Enter goes on to the next round (or the final results)."""

    CSS_PATH = "results.tcss"
    KEY_WIDGETS = (Button,)
    """The widgets that can have the keyboard here: their keys count when keys are changed."""
    BINDINGS = [
        Binding(
            "enter",
            "next",
            N_("Continue"),
            priority=True,
            id="round-over.continue",
            tooltip=N_("Close the round's result and go on"),
        ),
        Binding(
            "escape",
            "close",
            N_("Close"),
            priority=True,
            id="round-over.close",
            tooltip=N_("Close the round's result and go on"),
        ),
        Binding(
            "b",
            "look",
            N_("Look at the table"),
            id="round-over.look",
            tooltip=N_("Hide this result for a moment, and show it again"),
        ),
        Binding(
            "d",
            "deal",
            N_("Show the deal"),
            id="round-over.deal",
            tooltip=N_("The round's deck, as it was dealt"),
        ),
        Binding(
            "question_mark",
            "help",
            N_("Help"),
            key_display="?",
            id="round-over.help",
            tooltip=N_("Keys and a summary of the rules"),
        ),
        Binding("q", "app.request_quit", N_("Quit"), id="round-over.quit"),
    ]

    def __init__(
        self,
        event: RoundScored,
        names: Sequence[str],
        round_count: int,
        ending: str = "",
        deal: DealText | None = None,
    ) -> None:
        """``deal`` is the round's deal in words (None: not known here, ``d`` does nothing).
        The screen is dismissed (with None) when the player goes on."""
        super().__init__()
        self.deal = deal
        self.ending = ending
        self.event = event
        self.names = tuple(names)
        self.round_count = round_count

    @property
    def next_label(self) -> str:
        """What going on does: deal the next round, or show the final results."""
        if self.event.round >= self.round_count:
            return _("See the final results")
        return _("Deal round {number}").format(number=self.event.round + 1)

    def compose(self) -> ComposeResult:
        """Title, the table of hands and points, a button, and this dialog's keys."""
        event = self.event
        with Vertical(classes="results-dialog"):
            yield Static(
                _("Round {number} of {count} is over ({double})").format(
                    number=event.round, count=self.round_count, double=double_text(event.double)
                ),
                classes="results-title",
                markup=False,
            )
            if self.ending:
                ending = Content.styled(self.ending, "bold $text-warning")
                yield Static(ending, classes="results-subtitle")
            with VerticalScroll(classes="results-body", can_focus=False):
                yield RoundTable(event, self.names, id="round-table")
            yield Button(self.next_label, id="round-next", variant="primary")
        yield FittedFooter()

    def palette_commands(self) -> list[PaletteCommand]:
        """What the keys do."""
        return binding_commands(self)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The deal is shown only where it is known."""
        return self.deal is not None if action == "deal" else True

    def action_look(self) -> None:
        """Hide the result to look at the final table, or show it again."""
        self.toggle_class("-looking")

    def action_deal(self) -> None:
        """Show how this round was dealt, and how its deck was made."""
        if self.deal is not None:
            self.app.push_screen(DealScreen(self.deal))

    def action_next(self) -> None:
        """Close the round's result: the game goes on."""
        self.dismiss(None)

    def action_close(self) -> None:
        """Escape closes the round's result as Enter does: the game goes on."""
        self.action_next()

    def action_help(self) -> None:
        """Open the help over the result."""
        self.post_message(ShowHelp())

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """The button does what Enter does."""
        event.stop()
        self.action_next()
