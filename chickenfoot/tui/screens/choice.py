"""A question with several answers as a modal dialog: :class:`ChoiceScreen` returns the
chosen answer's value, or None when Escape cancels.

Each answer has a key (shown on its button); Tab / ←→ move between the
buttons and Enter presses the focused one. The first answer given is focused, so make it
the harmless one. The question is shown literally (it may contain file or player names),
never as markup.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.events import Key
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from chickenfoot.lang import N_, _
from chickenfoot.tui.footer import WordsFooter

Answer = tuple[str, str, str]
"""(value returned, button label, key that answers)."""

MANY = 3
"""More answers than this are laid out two a row."""


class ChoiceScreen(ModalScreen[str | None]):
    """Ask ``question``; dismiss with the chosen answer's value, or None (Escape)."""

    CSS_PATH = "confirm.tcss"
    KEY_WIDGETS = (Button,)
    """The widgets that can have the keyboard here: their keys count when keys are changed."""
    BINDINGS = [
        Binding("escape", "choose('')", N_("Cancel"), id="choice.cancel"),
        Binding(
            "left",
            "app.focus_previous",
            N_("Previous button"),
            show=False,
            id="choice.previous-button",
        ),
        Binding("right", "app.focus_next", N_("Next button"), show=False, id="choice.next-button"),
    ]

    def __init__(self, question: str, answers: Sequence[Answer]) -> None:
        super().__init__()
        self.question = question
        self.answers = tuple(answers)

    def compose(self) -> ComposeResult:
        """The question above one button per answer; the keys in the footer."""
        with Vertical(id="confirm-dialog"):
            yield Static(self.question, id="confirm-question", markup=False)
            with Horizontal(id="confirm-buttons"):
                for value, label, key in self.answers:
                    # Translators: a button: what it does, and the key that presses it.
                    button = _("{label} ({key})").format(label=label, key=key)
                    yield Button(button, id=f"answer-{value}", name=value)

        yield WordsFooter()

    def on_mount(self) -> None:
        """Start on the first (harmless) answer; four answers or more go two a row."""
        self.set_class(len(self.answers) > MANY, "-many")
        self.query(Button).first().focus()

    def on_key(self, event: Key) -> None:
        """An answer's key answers the question."""
        value = next((value for value, _label, key in self.answers if key == event.key), None)
        if value is not None:
            event.stop()
            self.dismiss(value)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """A button answers the question."""
        event.stop()
        self.dismiss(event.button.name)

    def action_choose(self, value: str) -> None:
        """Answer by key ("" is Escape: no answer)."""
        self.dismiss(value or None)
