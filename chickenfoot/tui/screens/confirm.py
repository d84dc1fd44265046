"""A yes/no question as a modal dialog: :class:`ConfirmScreen` returns True for yes.

Keys: ``y`` answers yes, ``n`` or Escape answers no; Tab moves between the two buttons and
Enter presses the focused one. The question is shown literally (it may contain file or player
names), never as markup.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Static

from chickenfoot.tui.commands import button_key


class ConfirmScreen(ModalScreen[bool]):
    """Ask ``question``; dismiss with True (yes) or False (no, Escape)."""

    CSS_PATH = "confirm.tcss"
    KEY_WIDGETS = (Button,)
    """The widgets that can have the keyboard here: their keys count when keys are changed."""
    BINDINGS = [
        Binding("y", "answer(True)", "Yes", id="confirm.yes"),
        Binding("n", "answer(False)", "No", id="confirm.no"),
        Binding("escape", "answer(False)", "Cancel", show=False, id="confirm.cancel"),
        Binding(
            "left",
            "app.focus_previous",
            "Previous button",
            show=False,
            id="confirm.previous-button",
        ),
        Binding("right", "app.focus_next", "Next button", show=False, id="confirm.next-button"),
    ]

    def __init__(self, question: str, yes: str = "Yes", no: str = "No") -> None:
        super().__init__()
        self.question = question
        self.yes_label = yes
        self.no_label = no

    def compose(self) -> ComposeResult:
        """The question above a yes button and a no button; the keys in the footer."""
        with Vertical(id="confirm-dialog"):
            yield Static(self.question, id="confirm-question", markup=False)
            with Horizontal(id="confirm-buttons"):
                yes, no = button_key(self, "confirm.yes"), button_key(self, "confirm.no")
                yield Button(f"{self.yes_label} ({yes})", id="confirm-yes", variant="primary")
                yield Button(f"{self.no_label} ({no})", id="confirm-no")
        yield Footer()

    def on_mount(self) -> None:
        """Start on the harmless answer, so a stray Enter does nothing drastic."""
        self.query_one("#confirm-no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """A button answers the question."""
        event.stop()
        self.dismiss(event.button.id == "confirm-yes")

    def action_answer(self, yes: bool) -> None:
        """Answer the question by key."""
        self.dismiss(yes)
