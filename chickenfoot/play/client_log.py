"""A seat client's log: the game's steps in words, and the tiles each seat just drew.

:class:`ClientLog` takes the steps a client was sent (:class:`~chickenfoot.play.wire.Step`)
and keeps their lines (worded by :func:`~chickenfoot.text.describe.describe_turn`, hints and
take-backs in their places), where each step's lines start (a screen reader is told one
announcement per move) and, per seat, where the lines after its latest move start (what
happened since that seat's last turn), and the tiles it drew on its latest turn as far as this
client saw them (the hand marks them "new"). A drawn tile is named only where the step
carries it and the client's viewer is its seat. Imports no Textual.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from chickenfoot.play.wire import Step
from chickenfoot.rules import Board, RoundStarted, Tile, TileDrawn
from chickenfoot.text.describe import describe_turn
from chickenfoot.text.hints import assist_line


@dataclass(frozen=True)
class _Before:
    """The table before a step, as the log words it: the public board, and the tile the
    acting seat had drawn if this client saw it."""

    board: Board
    drawn: Tile | None


class ClientLog:
    """The log's lines and the tiles just drawn, from the steps a client was sent."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        """The log's lines, oldest first."""
        self.restarts = 0
        """How many times the log started again (a take-back): a screen redraws it whole."""
        self.fresh: dict[int, frozenset[Tile]] = {}
        """The tiles each seat drew on its latest turn (as far as this client saw them)."""
        self.steps: list[tuple[int, int | None]] = []
        """Where each step's lines start in :attr:`lines`, with the seat that acted (None: a
        deal)."""
        self.after_move: dict[int, int] = {}
        """Where the lines after each seat's latest move start in :attr:`lines`."""
        self._drawn: dict[int, Tile] = {}
        self._last_actor: int | None = None

    def restart(self) -> None:
        """Start the log again (a new first message, a take-back)."""
        self.lines = []
        self.restarts += 1
        self.fresh, self._drawn, self._last_actor = {}, {}, None
        self.steps, self.after_move = [], {}

    def mark_covered(self, seat: int, count: int, marked: Callable[[str], str]) -> None:
        """The latest ``count`` moves of ``seat`` were a computer's, made while its person was
        away: their lines say so (``marked`` words a move's line that way), and what happened
        since that seat's last turn starts after its person's own latest move."""
        own = [start for start, mover in self.steps if mover == seat]
        covered = own[len(own) - count :] if count else []
        for start in covered:
            self.lines[start] = marked(self.lines[start])
        if covered:
            earlier = own[: len(own) - count]
            after = [start for start, _mover in self.steps if earlier and start > earlier[-1]]
            self.after_move[seat] = after[0] if after else 0

    def add(self, step: Step, names: Sequence[str], viewer: int) -> None:
        """Log one step and note the tiles its seat drew (a seat's marks clear when it starts
        its next turn; a new round clears them all)."""
        action = step.action
        self.steps.append((len(self.lines), action.seat if action is not None else None))
        self.lines += step_lines(step, self._drawn, names, viewer)
        if action is not None and action.seat != self._last_actor:
            self.fresh.pop(action.seat, None)
        if action is not None:
            self._last_actor = action.seat
            self.after_move[action.seat] = len(self.lines)
        for event in step.events:
            if isinstance(event, RoundStarted):
                self.fresh.clear()
                self._drawn.clear()
            elif isinstance(event, TileDrawn) and event.tile is not None:
                self.fresh[event.seat] = self.fresh.get(event.seat, frozenset()) | {event.tile}
                self._drawn[event.seat] = event.tile


def step_lines(step: Step, drawn: dict[int, Tile], names: Sequence[str], viewer: int) -> list[str]:
    """One step's lines: the move (a kept tile named only if its seat's draw was seen: in
    ``drawn``), what it set off, and the hints and take-backs right after it."""
    action = step.action
    before = None
    if step.board is not None and action is not None:
        before = _Before(step.board, drawn.get(action.seat))
    lines = describe_turn(action, step.events, before, names, viewer)
    return lines + [assist_line(assist, names) for assist in step.assists]


def describe_steps(steps: Iterable[Step], names: Sequence[str], viewer: int) -> list[str]:
    """The lines of ``steps`` (a whole game, say), for ``viewer``."""
    drawn: dict[int, Tile] = {}
    lines: list[str] = []
    for step in steps:
        lines += step_lines(step, drawn, names, viewer)
        for event in step.events:
            if isinstance(event, TileDrawn) and event.tile is not None:
                drawn[event.seat] = event.tile
    return lines
