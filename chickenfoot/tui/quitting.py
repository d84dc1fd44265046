"""Quitting asks first: the quit question, asked once, over a game saved first.

:class:`QuitQuestion` is how the app quits when the player asks (``q``, ``ctrl+q``, the
palette's *Quit*, or a screen's :class:`~chickenfoot.tui.messages.RequestQuit`): from the menu
at once when a screen asks, else after a yes; over a game in play, once the game's store holds
every move (the question then says the game is saved), or, when it cannot hold them, after the
game's own question about its unsaved moves. A question already on top is never stacked over.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from chickenfoot.lang import N_, _, pgettext
from chickenfoot.tui.screens.choice import ChoiceScreen
from chickenfoot.tui.screens.confirm import ConfirmScreen

if TYPE_CHECKING:
    from textual.app import App

    from chickenfoot.tui.screens.game import GameScreen

QUIT = N_("Quit Chicken Foot?")
"""The quit question with no game in play (marked for the catalogues: translated when asked)."""


class QuitQuestion:
    """Asks ``app``'s player before it quits; ``game`` finds the game in play, if any
    (under whatever dialog is on top)."""

    def __init__(self, app: App[Any], game: Callable[[], GameScreen | None]) -> None:
        self.app = app
        self.game = game

    @property
    def asking(self) -> bool:
        """True while a question is on top (a second one is not stacked over it)."""
        return isinstance(self.app.screen, ConfirmScreen | ChoiceScreen)

    def ask(self) -> None:
        """Quit after a yes, once a game in play is saved (if it cannot be, say so)."""
        if self.asking:
            return
        game = self.game()
        if game is None:
            self.confirm(_(QUIT))
        else:
            from chickenfoot.text import prompts

            question = _(prompts.QUIT_SAVED_GAME)
            quit_anyway = pgettext("completes the question: … anyway?", "Quit")
            game.unsaved.once_saved(quit_anyway, lambda: self.confirm(question), self.app.exit)

    def asked_by_a_screen(self) -> None:
        """A screen asked to quit: at once when no game is open, else after asking."""
        if self.game() is None:
            self.app.exit()
        else:
            self.ask()

    def confirm(self, question: str) -> None:
        """Ask ``question``; quit on a yes (nothing when a question is up already)."""
        if self.asking:
            return

        def answered(quit_now: bool | None) -> None:
            if quit_now:
                self.app.exit()

        screen = ConfirmScreen(question, yes=_("Quit"), no=_("Stay"))
        self.app.push_screen(screen, answered)
