"""Messages of the app: screens ask the app to navigate, the game screen tells its widgets
what happened.

Screens never call the app's methods: they post a navigation message (it bubbles from the
screen to the :class:`~chickenfoot.tui.app.ChickenFootApp`, which handles it). The game
screen posts :class:`GameEvents` to the widgets that follow the game's events (the log).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from textual.message import Message

if TYPE_CHECKING:  # the menu posts these before a game, a record or a rule is ever loaded
    from chickenfoot.play.session import Turn
    from chickenfoot.rules import RuleSet
    from chickenfoot.saves.record import GameRecord, SeatConfig
    from chickenfoot.saves.settings import SetupChoice


class StartGame(Message):
    """Deal a new game with these rules and seats (``seed`` None: a random deal) and play it;
    ``remember`` is a set-up to remember for the next New game (written off the UI thread)."""

    def __init__(
        self,
        rules: RuleSet,
        seats: tuple[SeatConfig, ...],
        seed: int | None,
        remember: SetupChoice | None = None,
    ) -> None:
        super().__init__()
        self.rules = rules
        self.seats = seats
        self.seed = seed
        self.remember = remember


class ContinueGame(Message):
    """Continue the game saved at ``path`` (None: the latest unfinished game)."""

    def __init__(self, path: Path | None = None) -> None:
        super().__init__()
        self.path = path


class OpenReplay(Message):
    """Open the replay of the game saved at ``path``."""

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.path = path


class TakeOver(Message):
    """Start a new game from the first ``action_count`` actions of ``record``, with ``seats``."""

    def __init__(
        self, record: GameRecord, action_count: int, seats: tuple[SeatConfig, ...]
    ) -> None:
        super().__init__()
        self.record = record
        self.action_count = action_count
        self.seats = seats


class LeaveGame(Message):
    """Back to the main menu (the game stays saved); quit when there is no menu."""


class ShowSetup(Message):
    """Open the New game set-up (over the menu: a game in play is left, and stays saved)."""


class ShowSaves(Message):
    """Open the list of saved games (to continue or replay one), or the replays list."""

    def __init__(self, *, replays: bool = False) -> None:
        super().__init__()
        self.replays = replays


class ShowStats(Message):
    """Open the statistics of the finished games."""


class ShowHelp(Message):
    """Open the help screen (unless it is already on top)."""


class RequestQuit(Message):
    """Quit: at once from the menu, after asking while a game is open."""


class RememberDisplay(Message):
    """Remember how the game looks and moves (the fields given; None leaves one as it is)."""

    def __init__(self, *, bot_delay: float | None = None, outline: bool | None = None) -> None:
        super().__init__()
        self.bot_delay = bot_delay
        self.outline = outline


class EndClicked(Message):
    """An open end was clicked on a view of the board (the table, the outline or the ends
    strip): ``target`` is its id."""

    def __init__(self, target: str) -> None:
        super().__init__()
        self.target = target


class GameEvents(Message):
    """What one action did (its turn: the state before, the action, its events), for the
    widgets that follow the game's events."""

    def __init__(self, turn: Turn) -> None:
        super().__init__()
        self.turn = turn


class SaveChanged(Message):
    """The game's file fell behind (a save failed) or caught up again; posted to the game
    screen from the saver's thread."""
