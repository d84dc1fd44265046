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
from textual.widgets import Button, Static

from chickenfoot.lang import N_, _
from chickenfoot.tui.commands import button_key
from chickenfoot.tui.footer import WordsFooter


class ConfirmScreen(ModalScreen[bool]):
    """Ask ``question``; dismiss with True (yes) or False (no, Escape)."""

    CSS_PATH = "confirm.tcss"
    KEY_WIDGETS = (Button,)
    """The widgets that can have the keyboard here: their keys count when keys are changed."""
    BINDINGS = [
        Binding("y", "answer(True)", N_("Yes"), id="confirm.yes"),
        Binding("n", "answer(False)", N_("No"), id="confirm.no"),
        Binding("escape", "answer(False)", N_("Cancel"), show=False, id="confirm.cancel"),
        Binding(
            "left",
            "app.focus_previous",
            N_("Previous button"),
            show=False,
            id="confirm.previous-button",
        ),
        Binding("right", "app.focus_next", N_("Next button"), show=False, id="confirm.next-button"),
    ]

    def __init__(self, question: str, yes: str | None = None, no: str | None = None) -> None:
        """Ask ``question``, the buttons saying ``yes`` and ``no`` (by default "Yes" and "No",
        in the language in use)."""
        super().__init__()
        self.question = question
        self.yes_label = yes if yes is not None else _("Yes")
        self.no_label = no if no is not None else _("No")

    def compose(self) -> ComposeResult:
        """The question above a yes button and a no button; the keys in the footer."""
        with Vertical(id="confirm-dialog"):
            yield Static(self.question, id="confirm-question", markup=False)
            with Horizontal(id="confirm-buttons"):
                yes, no = button_key(self, "confirm.yes"), button_key(self, "confirm.no")
                # Translators: a button: what it does, and the key that presses it.
                yes_button = _("{label} ({key})").format(label=self.yes_label, key=yes)
                no_button = _("{label} ({key})").format(label=self.no_label, key=no)
                yield Button(yes_button, id="confirm-yes", variant="primary")
                yield Button(no_button, id="confirm-no")

        yield WordsFooter()

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
