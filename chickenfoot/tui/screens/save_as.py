"""The "Save as" dialog: choose a file name or path for a copy of the game as a JSON file.

A bare name (``sunday``) or relative path (``club/sunday``) goes into the copies folder
(:func:`chickenfoot.saves.paths.exports_dir`), which ``..`` may not leave; ``~`` and absolute
paths are taken as they are (in a browser tab, only inside the copies folder); ``.json`` is
appended when missing. The name is checked as it is typed
(:func:`~chickenfoot.saves.copies.resolve_save_path`): not empty, not a folder, not a file
that is not a saved game, and the nearest existing folder above it must be a folder we can
write in (missing folders are created when the game is saved). Replacing a saved game asks
first.
Enter saves, Escape cancels. Given a ``save`` function, the dialog writes the file with it
and stays open, saying why, when that fails (a full disk, a folder that refuses writes), so
another place can be chosen; without one it only chooses the path.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static

from chickenfoot.lang import N_, _
from chickenfoot.saves.copies import SavePathError, resolve_save_path
from chickenfoot.tui.commands import button_key
from chickenfoot.tui.footer import WordsFooter
from chickenfoot.tui.keymap import text_keys
from chickenfoot.tui.widgets.typing import TypingInput


class SaveAsScreen(ModalScreen[Path | None]):
    """Ask for a file name; dismiss with the chosen :class:`Path`, or None if cancelled."""

    CSS_PATH = "save_as.tcss"
    KEY_WIDGETS = (TypingInput, Button)
    """The widgets that can have the keyboard here: their keys count when keys are changed."""
    TYPED_KEYS = text_keys()
    """Keys typed into the text fields, which have the keyboard: no binding may take them."""
    TYPED_KEYS_DO = N_("type into its fields")
    BINDINGS = [
        Binding("enter", "save", N_("Save"), id="save-as.save"),
        Binding("escape", "cancel", N_("Cancel"), id="save-as.cancel"),
    ]

    def __init__(self, default_name: str, save: Callable[[Path], None] | None = None) -> None:
        super().__init__()
        self.default_name = default_name
        self.save = save

    def compose(self) -> ComposeResult:
        """A title, the name input, what the name resolves to, and Save / Cancel buttons."""
        with Vertical(id="save-dialog"):
            yield Label(_("Save a copy of this game as"), id="save-title", markup=False)
            yield TypingInput(self.default_name, placeholder=_("file name or path"), id="save-name")
            yield Static("", id="save-target", markup=False)
            with Horizontal(id="save-buttons"):
                yield Button(_("Save"), id="save-ok", variant="primary")
                # Translators: a button: what it does, and the key that presses it.
                cancel = _("{label} ({key})").format(
                    label=_("Cancel"), key=button_key(self, "save-as.cancel")
                )
                yield Button(cancel, id="save-cancel")
        yield WordsFooter()

    def on_mount(self) -> None:
        """Check the default name and put the cursor in the input."""
        self._check(self.default_name)
        self.query_one("#save-name", Input).focus()

    @on(Input.Changed, "#save-name")
    def _name_changed(self, event: Input.Changed) -> None:
        self._check(event.value)

    def _check(self, text: str) -> Path | None:
        """Show where ``text`` would be saved, or why it cannot; the path if it can."""
        target = self.query_one("#save-target", Static)
        try:
            path = resolve_save_path(text)
        except SavePathError as error:
            target.update(str(error))
            target.set_class(True, "-invalid")
            self.query_one("#save-ok", Button).disabled = True
            return None
        if path.exists():
            target.update(_("→ {path}  (replaces the file there)").format(path=path))
        else:
            target.update(_("→ {path}").format(path=path))
        target.set_class(False, "-invalid")
        self.query_one("#save-ok", Button).disabled = False
        return path

    @on(Input.Submitted, "#save-name")
    @on(Button.Pressed, "#save-ok")
    def _save_asked(self, event: Input.Submitted | Button.Pressed) -> None:
        event.stop()
        self.action_save()

    def action_save(self) -> None:
        """Close with the chosen path if it is usable (asking first before replacing a file)."""
        path = self._check(self.query_one("#save-name", Input).value)
        if path is None:
            return
        if not path.exists():
            self._finish(path)
            return
        from chickenfoot.tui.screens.confirm import ConfirmScreen

        def answered(replace: bool | None) -> None:
            if replace:
                self._finish(path)

        self.app.push_screen(
            ConfirmScreen(
                _("{path} exists. Replace it?").format(path=path),
                yes=_("Replace"),
                no=_("Keep it"),
            ),
            answered,
        )

    def _finish(self, path: Path) -> None:
        """Write the file (when this dialog saves, in a thread) and close with its path."""
        if self.save is None:
            self.dismiss(path)
            return
        self.query_one("#save-ok", Button).disabled = True
        self._write(path, self.save)

    @work(thread=True, exclusive=True, group="save-as")
    def _write(self, path: Path, save: Callable[[Path], None]) -> None:
        """Write the copy off the UI thread; close when written, say why if not."""
        try:
            save(path)
        except OSError as error:
            self.app.call_from_thread(self._failed, path, error)
        else:
            self.app.call_from_thread(self.dismiss, path)

    def _failed(self, path: Path, error: OSError) -> None:
        """The copy could not be written: say why and stay open for another place."""
        target = self.query_one("#save-target", Static)
        target.update(
            _("Could not save to {path}: {reason}").format(
                path=path, reason=error.strerror or error
            )
        )

        target.set_class(True, "-invalid")
        self.query_one("#save-ok", Button).disabled = False

    @on(Button.Pressed, "#save-cancel")
    def _cancel_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)

    def action_cancel(self) -> None:
        """Close without saving."""
        self.dismiss(None)
