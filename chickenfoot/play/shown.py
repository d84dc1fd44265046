"""What a screen shows of a game: frozen values its widgets draw, built by the seat client
(:mod:`chickenfoot.play.client`) or the replay (:mod:`chickenfoot.play.replay`).

Each is a plain frozen dataclass, compared as a whole: a widget redraws only when its part
changed. None holds a game state; a hidden hand holds no tile, only how many backs to draw.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from chickenfoot.rules import Board, Tile


@dataclass(frozen=True)
class BoardShown:
    """The board and the marks on it: the key of every open end (``labels``), the ends the
    selected tile fits (``legal``), the end it would be played on (``chosen``), the tiles laid
    since the viewer's last turn (``fresh``: indexes in ``board.played``) and the set's
    highest double (``set_size``, so the tiles' width never changes mid-game)."""

    board: Board
    labels: dict[str, str] = field(default_factory=dict)
    legal: tuple[str, ...] = ()
    chosen: str | None = None
    fresh: frozenset[int] = frozenset()
    set_size: int | None = None


@dataclass(frozen=True)
class HandShown:
    """One hand as shown: tiles in hand order, or (hidden) only the number of their backs;
    marks are indexes into it."""

    tiles: tuple[Tile, ...] = ()
    hidden: bool = False
    backs: int = 0
    """How many tile backs a hidden hand shows (it holds no tile)."""
    playable: frozenset[int] = frozenset()
    selected: int | None = None
    fresh: frozenset[int] = frozenset()
    """Tiles just drawn (marked "new")."""
    title: str = ""
    banner: str = ""
    """What a hidden hand shows in place of its tiles (the hand-off), if anything."""


@dataclass(frozen=True)
class SeatsShown:
    """Every seat: name, tiles in hand, total points; whose turn it is and who is a computer."""

    names: tuple[str, ...] = ()
    counts: tuple[int, ...] = ()
    totals: tuple[int, ...] = ()
    turn: int | None = None
    computers: frozenset[int] = frozenset()


@dataclass(frozen=True)
class StatusShown:
    """The status line: what the turn needs and its tone (info, warning, success, error),
    and below it the latest news or the reason the last key did nothing."""

    text: str = ""
    tone: str = "info"
    news: str = ""


@dataclass(frozen=True)
class TableShown:
    """Everything the game screen draws, read in one go from a seat client."""

    board: BoardShown
    hand: HandShown
    seats: SeatsShown
    status: StatusShown
    topbar: tuple[str, str, str]
    """The round (in bold), the double and the boneyard, what the board needs now."""
    unsaved: str = ""
    """Why the game is not saved (a lasting notice), or "" when it is."""
    saving: bool = False
    """True while the latest move takes long to save: the game waits for it (a quiet notice)."""
