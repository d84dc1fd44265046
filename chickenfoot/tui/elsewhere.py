"""A game open in another window: the question of what to do with it here.

:class:`ElsewhereQuestion` asks, when the game Continue or Load game opens is held by another
window (or browser tab, or table server): play a copy of it here (a new game from its latest
move, which Load game lists as a copy), watch it, open it here anyway (the other window then
can no longer save it), or do nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from chickenfoot.lang import N_, _
from chickenfoot.tui.screens.choice import ChoiceScreen

if TYPE_CHECKING:
    from textual.message import Message
    from textual.screen import Screen, ScreenResultCallbackType

    from chickenfoot.play.replay import ReplayView
    from chickenfoot.play.session import OpenElsewhere
    from chickenfoot.record.summary import GameId

ELSEWHERE_ANSWERS = (
    ("cancel", N_("Cancel"), "n"),
    ("copy", N_("Play a copy"), "c"),
    ("watch", N_("Watch it"), "w"),
    ("take", N_("Open it here"), "o"),
)
"""The answers to a game open in another window (value, button, key): the buttons' words are
marked for the catalogues, and translated when the question is asked."""


class OpensGames(Protocol):
    """What the question asks of the app: show a screen over a game, show a replay, continue
    a game, and take a message (``TakeOver``)."""

    def push_covered(
        self, screen: Screen[str | None], answered: ScreenResultCallbackType[str | None]
    ) -> None:
        """Show ``screen`` (the question), and call ``answered`` with its answer."""

    def show_replay(self, view: ReplayView, title: str | None) -> None:
        """Show the replay ``view``."""

    def continue_game(self, game: GameId, *, force: bool = False) -> None:
        """Continue ``game`` (``force``: even if another window has it)."""

    def post_message(self, message: Message) -> bool:
        """Take ``message``."""


class ElsewhereQuestion:
    """Asks ``app``'s player what to do with a game another window has open."""

    def __init__(self, app: OpensGames) -> None:
        self.app = app

    def ask(self, elsewhere: OpenElsewhere) -> None:
        """Ask about the game ``elsewhere`` names; do what the answer says."""
        from chickenfoot.text import prompts

        question = prompts.open_elsewhere(str(elsewhere))
        answers = tuple((value, _(button), key) for value, button, key in ELSEWHERE_ANSWERS)
        self.app.push_covered(ChoiceScreen(question, answers), self._answered(elsewhere))

    def _answered(self, elsewhere: OpenElsewhere) -> Callable[[str | None], None]:
        """What to do with the answer about ``elsewhere``."""
        app, record, game = self.app, elsewhere.record, elsewhere.game

        def answered(choice: str | None) -> None:
            if choice == "copy":
                from chickenfoot.tui.messages import TakeOver

                app.post_message(TakeOver(record, len(record.actions), record.seats))
            elif choice == "watch":
                from chickenfoot.play.replay import ReplayView

                # Translators: a replay's title: the number of a game of the store.
                app.show_replay(ReplayView(record), _("game {number}").format(number=game))
            elif choice == "take":
                app.continue_game(game, force=True)

        return answered
