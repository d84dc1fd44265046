"""A computer player at the controls of a seat client: what it sends for the prompt it has.

The same answer serves everywhere a computer plays a seat through a client rather than
inside the host: a computer covering a dropped person's seat on the server, ``chickenfoot
join --computer LEVEL``, the tests and the benchmark. It reads only what the client was
sent (the seat's view), like any client.
"""

from __future__ import annotations

from chickenfoot.bots import StopCheck, Strategy
from chickenfoot.play.client import SeatClient
from chickenfoot.play.wire import (
    Act,
    ClientMessage,
    DeadDraw,
    PassKeyboard,
    Proceed,
    RoundEnded,
    TakeKeyboard,
    YourTurn,
)

THINKING: frozenset[str] = frozenset({"expert"})
"""The levels whose decisions take long enough to run in a worker thread."""


def needs_answer(client: SeatClient) -> bool:
    """True if the host waits for ``client``'s seat now (a move, a hand-off, a result seen)."""
    prompt = client.prompt
    if isinstance(prompt, YourTurn):
        return client.on_turn
    return bool(client.seats) and isinstance(prompt, PassKeyboard | DeadDraw | RoundEnded)


def answer(
    client: SeatClient, strategy: Strategy, should_stop: StopCheck | None = None
) -> ClientMessage | None:
    """What ``strategy`` sends for ``client``'s prompt now: its move on its turn (chosen from
    the seat's view), the keyboard at a hand-off, going on after a dead draw or a round's
    result; None when the host waits for nobody at this client."""
    prompt = client.prompt
    if isinstance(prompt, PassKeyboard) and prompt.seat in client.seats:
        return TakeKeyboard(seat=prompt.seat)
    if isinstance(prompt, DeadDraw | RoundEnded) and client.seats:
        return Proceed()
    view = client.seat_view
    if isinstance(prompt, YourTurn) and view is not None and client.on_turn:
        return Act(action=strategy.choose(view, client.legal(), should_stop))
    return None
