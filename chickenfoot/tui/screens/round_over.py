"""Round over: how it ended, every hand revealed with its points, the round's scores and totals."""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from chickenfoot.rules import RoundScored
from chickenfoot.text.words import double_text, seat_name
from chickenfoot.tui.commands import PaletteCommand

NAME_WIDTH = 16


def round_table(event: RoundScored, names: Sequence[str]) -> Content:
    """Each seat: name, the round's points, the total, then the tiles left in its hand."""
    rows = [
        Content.styled(f"{'seat':<{NAME_WIDTH}}{'round':>7}{'total':>7}  tiles left", "$text-muted")
    ]
    best = min(event.points)
    for seat, points in enumerate(event.points):
        name = seat_name(names, seat)
        shown = name if len(name) <= NAME_WIDTH - 1 else name[: NAME_WIDTH - 2] + "…"
        tiles = " ".join(f"[{tile}]" for tile in event.hands[seat]) or "(went out)"
        row = Content.assemble(
            Content(shown).pad_right(NAME_WIDTH - len(shown)),
            (f"{points:>7}", "bold $text-success" if points == best else "bold"),
            f"{event.totals[seat]:>7}  ",
            (tiles, "$text-muted" if event.hands[seat] else "$text-success"),
        )
        rows.append(row)
    return Content("\n").join(rows)


class RoundOverScreen(ModalScreen[None]):
    """The result of one round; Enter goes on to the next round (or the final results)."""

    CSS_PATH = "results.tcss"
    BINDINGS = [Binding("enter,escape", "next", "Continue", priority=True)]

    def __init__(
        self, event: RoundScored, names: Sequence[str], round_count: int, ending: str = ""
    ) -> None:
        super().__init__()
        self.ending = ending
        self.event = event
        self.names = tuple(names)
        self.round_count = round_count

    @property
    def next_label(self) -> str:
        """What going on does: deal the next round, or show the final results."""
        if self.event.round >= self.round_count:
            return "See the final results"
        return f"Deal round {self.event.round + 1}"

    def compose(self) -> ComposeResult:
        """Title, the table of hands and points, and a button."""
        event = self.event
        with Vertical(classes="results-dialog"):
            yield Static(
                f"Round {event.round} of {self.round_count} is over ({double_text(event.double)})",
                classes="results-title",
                markup=False,
            )
            if self.ending:
                yield Static(
                    Content.styled(self.ending, "bold $text-warning"), classes="results-subtitle"
                )
            with VerticalScroll(classes="results-body", can_focus=False):
                yield Static(round_table(event, self.names), id="round-table")
            yield Button(self.next_label, id="round-next", variant="primary")

    def palette_commands(self) -> list[PaletteCommand]:
        """What the button does."""
        return [
            PaletteCommand(
                self.next_label, "Close the round's result (Enter)", self.action_next, "next"
            )
        ]

    def action_next(self) -> None:
        """Close the round's result."""
        self.dismiss(None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """The button does what Enter does."""
        event.stop()
        self.dismiss(None)
