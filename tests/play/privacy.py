"""The privacy check of the host's messages: no client is given a tile its seat may not see.

:func:`check_message` walks a message whole. Tiles may appear only where the contract makes
them public (the board, the round's public history, a tile played, a round's result, an
action taken) or where they belong to the seat that may see them now (``allowed``: the seat
whose person has the keyboard): a seat view, a drawn tile, a dead draw, a hint. Any tile
anywhere else counts as a leak too, so a field added later cannot carry tiles unseen.

:class:`Keyboard` follows who may see what through one client, from the client's side only
(the seats it plays, the hand-offs it sent, the results it saw), never asking the host.
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import BaseModel

from chickenfoot.play.wire import (
    ClientMessage,
    DeadDraw,
    HintGiven,
    HostMessage,
    Proceed,
    RoundEnded,
    TakeKeyboard,
    Update,
    Welcome,
)
from chickenfoot.rules import (
    Board,
    Play,
    PublicView,
    RoundHistory,
    RoundScored,
    RuleSet,
    SeatView,
    Tile,
    TileDrawn,
    TilePlayed,
)

PUBLIC = (Board, RoundHistory, RuleSet, TilePlayed, RoundScored, Play)
"""What holds only public tiles (a play is public once made; a result reveals the hands)."""


class Leak(AssertionError):
    """A message held a tile its client's seat may not see."""


def check_message(message: HostMessage, allowed: int | None) -> None:
    """Raise :class:`Leak` if ``message`` holds a tile that only a seat other than
    ``allowed`` may see (``allowed`` None: no seat's, a spectator or a hidden keyboard)."""
    if isinstance(message, HintGiven) and allowed is None:
        raise Leak(f"a hint sent to a client that may see no hand: {message!r}")
    _walk(message, allowed, type(message).__name__)


def _walk(value: object, allowed: int | None, where: str) -> None:
    if isinstance(value, SeatView):
        if value.seat != allowed:
            raise Leak(f"{where}: seat {value.seat}'s view sent where seat {allowed} may look")
        return
    if isinstance(value, (PublicView, *PUBLIC)):
        return
    if isinstance(value, TileDrawn):
        if value.tile is not None and value.seat != allowed:
            raise Leak(f"{where}: seat {value.seat} drew {value.tile}, shown to seat {allowed}")
        return
    if isinstance(value, DeadDraw):
        if value.seat != allowed:
            raise Leak(f"{where}: seat {value.seat}'s dead draw shown to seat {allowed}")
        return
    if isinstance(value, Tile):
        raise Leak(f"{where}: the tile {value} in a place that is not public")
    if isinstance(value, BaseModel):
        for name in type(value).model_fields:
            _walk(getattr(value, name), allowed, f"{where}.{name}")
    elif isinstance(value, tuple | list):
        for index, item in enumerate(value):
            _walk(item, allowed, f"{where}[{index}]")


@dataclass
class Keyboard:
    """Whose hand one client may show, followed from its side: its only seat's always; at a
    shared keyboard the person who took it last, until their dead draw was seen or a round
    ended; nobody's for a spectator."""

    seats: tuple[int, ...]
    holder: int | None = None

    @property
    def allowed(self) -> int | None:
        """The seat whose tiles the client may be sent now."""
        return self.seats[0] if len(self.seats) == 1 else self.holder

    def sent(self, message: ClientMessage) -> None:
        """The client sent ``message``."""
        if isinstance(message, TakeKeyboard) and message.seat in self.seats:
            self.holder = message.seat
        elif isinstance(message, Proceed) and len(self.seats) > 1:
            self.holder = None

    def received(self, message: HostMessage) -> None:
        """Check ``message``; a round's result hides a shared keyboard's hands again."""
        check_message(message, self.allowed)
        ended = isinstance(message, Welcome | Update) and isinstance(message.prompt, RoundEnded)
        if ended and len(self.seats) > 1:
            self.holder = None
