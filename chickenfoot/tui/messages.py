"""Messages of the app: screens ask the app to navigate; widgets tell their screen what was
clicked. Every message is a dataclass, and goes up: from a widget to its screen, from a
screen to the :class:`~chickenfoot.tui.app.ChickenFootApp` (which handles it). A parent tells
its children what to show through their attributes, never by a message.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from textual.message import Message

if TYPE_CHECKING:  # the menu posts these before a game, a record or a rule is ever loaded
    from chickenfoot.net.protocol import TableOptions
    from chickenfoot.record.model import GameRecord, SeatConfig
    from chickenfoot.record.summary import GameId
    from chickenfoot.rules import RuleSet
    from chickenfoot.saves.settings import SetupChoice


@dataclass
class StartGame(Message):
    """Deal a new game with these rules and seats (``seed`` None: a random deal) and play it;
    ``remember`` is a set-up to remember for the next New game (written off the UI thread)."""

    rules: RuleSet
    seats: tuple[SeatConfig, ...]
    seed: int | None
    remember: SetupChoice | None = None


@dataclass
class ContinueGame(Message):
    """Continue game ``game`` of the store (None: the latest unfinished game)."""

    game: GameId | None = None


@dataclass
class OpenReplay(Message):
    """Open the replay of game ``game`` of the store."""

    game: GameId


@dataclass
class OpenFile(Message):
    """Open the saved-game file ``path``: watch it (``watch``, or a finished game), or
    import it into the store and continue it."""

    path: Path
    watch: bool = False


@dataclass
class TakeOver(Message):
    """Start a new game from the first ``action_count`` actions of ``record``, with ``seats``."""

    record: GameRecord
    action_count: int
    seats: tuple[SeatConfig, ...]


@dataclass
class LeaveGame(Message):
    """Back to the main menu (the game stays saved); quit when there is no menu."""


@dataclass
class ShowSetup(Message):
    """Open the New game set-up (over the menu: a game in play is left, and stays saved)."""


@dataclass
class ShowJoin(Message):
    """Open the form that joins an online table."""


@dataclass
class ShowSaves(Message):
    """Open the list of saved games (to continue or replay one), or the replays list."""

    replays: bool = False


@dataclass
class ShowStats(Message):
    """Open the statistics of the finished games."""


@dataclass
class ShowHelp(Message):
    """Open the help screen (unless it is already on top)."""


@dataclass
class RequestQuit(Message):
    """Quit: at once from the menu, after asking while a game is open."""


@dataclass
class OpenPlainMode(Message):
    """End the full-screen app and go on in the plain mode, a line at a time, in the same
    terminal (for screen readers)."""


@dataclass
class RememberDisplay(Message):
    """Remember how the game looks and moves (the fields given; None leaves one as it is)."""

    bot_delay: float | None = None
    outline: bool | None = None


@dataclass
class EndClicked(Message):
    """An open end was clicked on a view of the board (the table, the outline or the ends
    strip): ``target`` is its id."""

    target: str


@dataclass
class JoinOnline(Message):
    """Open the online table at ``address`` (``CODE@HOST:PORT``): take the seat held there,
    join it as ``name``, or watch it (``watch``)."""

    address: str
    name: str = ""
    watch: bool = False


@dataclass
class CreateOnline(Message):
    """Make a new online table on the server at ``address`` (``HOST:PORT``) with ``options``;
    its creator (the first person's seat) is ``name``."""

    address: str
    options: TableOptions
    name: str
