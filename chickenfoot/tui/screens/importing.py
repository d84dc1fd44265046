"""The one-time import of an older chickenfoot's saves folder, with a progress bar.

Shown over the menu the first time the app starts beside a ``saves/`` folder of JSON files
and a store that has not imported it yet (:func:`chickenfoot.saves.exchange.old_saves_waiting`).
The files are read through the strict loader and added to the store in a worker thread; the
bar shows how far it got. Then it says how many games were added and lists every file that
could not be read with its reason (the files are left where they were). Enter or Escape
closes it. Names and reasons are shown literally.
"""

from __future__ import annotations

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import ProgressBar, Static

from chickenfoot.lang import N_, _, ngettext
from chickenfoot.saves.exchange import import_old_saves
from chickenfoot.saves.paths import saves_dir
from chickenfoot.saves.store import GameStore, ImportOutcome, StoreError
from chickenfoot.tui.footer import WordsFooter
from chickenfoot.tui.keymap import key_in_words, keymap_of


def import_summary(outcomes: list[ImportOutcome]) -> str:
    """What the import did, in words: how many files became games, and which could not."""
    unreadable = [outcome for outcome in outcomes if outcome.problem is not None]
    added = len(outcomes) - len(unreadable)
    text = ngettext(
        "{count} saved game of {folder} now in the store (the files stay where they are).",
        "{count} saved games of {folder} now in the store (the files stay where they are).",
        added,
    ).format(count=added, folder=saves_dir())
    if unreadable:
        cannot = ngettext(
            "{count} file cannot be read:", "{count} files cannot be read:", len(unreadable)
        ).format(count=len(unreadable))
        text += f"\n{cannot}\n" + "\n".join(str(outcome.problem) for outcome in unreadable)
    return text


class ImportScreen(ModalScreen[None]):
    """Imports the old saves folder into ``store`` once, showing the progress, then what
    could not be read."""

    CSS_PATH = "importing.tcss"
    KEY_WIDGETS = (VerticalScroll,)
    """The widgets that can have the keyboard here: their keys count when keys are changed."""
    BINDINGS = [
        Binding("enter,escape", "close", N_("Continue"), key_display="Enter", id="import.close"),
    ]

    def __init__(self, store: GameStore) -> None:
        super().__init__()
        self.store = store
        self.outcomes: list[ImportOutcome] | None = None
        """What happened to each file, once the import is over."""

    def compose(self) -> ComposeResult:
        """A title, the bar, and the result below it."""
        with Vertical(id="import-dialog"):
            yield Static(
                _("Bringing your saved games from {folder} into the new game store…").format(
                    folder=saves_dir()
                ),
                id="import-title",
                markup=False,
            )
            yield ProgressBar(id="import-bar", show_eta=False)
            with VerticalScroll(id="import-result-box"):
                yield Static(id="import-result", markup=False)
        yield WordsFooter()

    def on_mount(self) -> None:
        """Start the import."""
        self._import()

    @work(thread=True, exclusive=True, group="import")
    def _import(self) -> None:
        def progress(done: int, total: int) -> None:
            self.app.call_from_thread(self._progress, done, total)

        try:
            outcomes = import_old_saves(self.store, progress)
        except StoreError as error:
            self.app.call_from_thread(self._failed, str(error))
            return
        self.app.call_from_thread(self._done, outcomes)

    def _progress(self, done: int, total: int) -> None:
        self.query_one(ProgressBar).update(total=total, progress=done)

    def _done(self, outcomes: list[ImportOutcome]) -> None:
        self.outcomes = outcomes
        self.query_one(ProgressBar).update(total=max(1, len(outcomes)), progress=len(outcomes))
        self.query_one("#import-result", Static).update(
            f"{import_summary(outcomes)}\n\n{self.go_on}"
        )

    def _failed(self, problem: str) -> None:
        self.outcomes = []
        self.query_one("#import-result", Static).update(
            _(
                "The saved games could not be imported: {problem}\n"
                "They are still in their folder; chickenfoot tries again next time."
            ).format(problem=problem)
            + f"\n\n{self.go_on}"
        )

    @property
    def go_on(self) -> str:
        """The line that says which key closes the screen (the player's own, if changed)."""
        key = key_in_words(self.BINDINGS, "import.close", keymap_of(self.app))
        return _("Press {key} to go on.").format(key=key)

    def action_close(self) -> None:
        """Close once the import is over."""
        if self.outcomes is not None:
            self.dismiss(None)
