"""What the game screen of a game played here asks when the store may not hold every move:
a copy saved as a file of the player's choice, and whether to leave or quit without it.

:class:`UnsavedGame` is composed into :class:`~chickenfoot.tui.screens.game.GameScreen`: its
``ctrl+s`` opens :meth:`UnsavedGame.save_copy`, and the app asks :meth:`UnsavedGame.once_saved`
before it leaves the game or quits. Waiting for the store is done off the UI thread.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual.screen import Screen

from chickenfoot.lang import _
from chickenfoot.play.client import SeatClient
from chickenfoot.play.session import GameSession
from chickenfoot.text import prompts
from chickenfoot.tui.screens.choice import ChoiceScreen
from chickenfoot.tui.screens.confirm import ConfirmScreen
from chickenfoot.tui.screens.save_as import SaveAsScreen


class UnsavedGame:
    """The questions of ``session``'s game on ``screen`` whose store may fall behind; what
    they lead to is said through ``client`` and shown with ``refresh``."""

    def __init__(
        self,
        screen: Screen[None],
        session: GameSession,
        client: SeatClient,
        refresh: Callable[[], None],
    ) -> None:
        self.screen = screen
        self.session = session
        self.client = client
        self.refresh = refresh

    def save_copy(self) -> None:
        """Save a named copy of the game (the dialog writes it, and says so if it cannot)."""

        def saved(path: Path | None) -> None:
            if path is not None:
                self.client.tell(_("Saved a copy to {path}").format(path=path))
                self.refresh()

        dialog = SaveAsScreen(self.session.copy_name(), save=self.session.save_as)
        self.screen.app.push_screen(dialog, saved)

    def once_saved(
        self, what: str, saved: Callable[[], object], anyway: Callable[[], object]
    ) -> None:
        """Wait off the UI thread until the store holds every move of this game, then call
        ``saved``; if it cannot hold them, ask whether to ``what`` ``anyway`` (stay, save a
        copy elsewhere, or go on: then ``anyway``)."""

        def wait() -> None:
            if self.session.wait_committed():
                self.screen.app.call_from_thread(saved)
            else:
                self.screen.app.call_from_thread(self._ask, what, anyway)

        self.screen.run_worker(wait, thread=True, exclusive=True, group="settle")

    def _ask(self, what: str, then: Callable[[], object]) -> None:
        if isinstance(self.screen.app.screen, ConfirmScreen | ChoiceScreen):
            return  # a question is up already

        def answered(choice: str | None) -> None:
            if choice == "save":
                self.save_copy()
            elif choice == "go":
                then()

        question = prompts.leave_unsaved(self.session.unsaved, what)
        answers = [("stay", _("Stay"), "n"), ("save", _("Save a copy…"), "s"), ("go", what, "y")]

        self.screen.app.push_screen(ChoiceScreen(question, answers), answered)
