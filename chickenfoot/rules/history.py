"""The moves of the round in play, as every seat saw them: the public history.

Everything a seat does on its turn is public except the face of a tile it draws: which tile
it played where, that it drew (not what), that it passed. So the round's moves, in order,
are the public history; :class:`~chickenfoot.rules.GameState` and
:class:`~chickenfoot.rules.SeatView` both carry them as a :class:`RoundHistory`, rebuilt by
the rules from the game itself (a reloaded or taken-over game has it too), and
:mod:`chickenfoot.rules.knowledge` reads it: the open ends at each moment, whether a drawn
tile could be played, which numbers a seat is known to lack.

On the rules core's positions the history is a :data:`MoveLog`: each move adds one pair
``(earlier log, move)``, so a move costs one small tuple however long the round is, and
every position of a round shares the log of the positions before it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Literal, cast, overload

from pydantic import GetCoreSchemaHandler
from pydantic_core import core_schema

from chickenfoot.rules.actions import ACTION_ADAPTER, Draw, Move, Pass, Play, to_action, to_move

MoveLog = tuple[object, Move] | None
"""The moves of a round on a position: None before the first, then ``(earlier log, move)``.

The earlier log is typed ``object`` (it is a :data:`MoveLog`): mypyc, which compiles the
rules core in the optional fast build, cannot take a type alias that names itself."""


def log_of(moves: Iterable[Move]) -> MoveLog:
    """The :data:`MoveLog` of ``moves``, oldest first."""
    log: MoveLog = None
    for move in moves:
        log = (log, move)
    return log


def moves_of(log: MoveLog) -> tuple[Move, ...]:
    """The moves of ``log``, oldest first."""
    moves: list[Move] = []
    while log is not None:
        earlier, move = log
        log = cast(MoveLog, earlier)
        moves.append(move)
    moves.reverse()
    return tuple(moves)


class RoundHistory(Sequence[Play | Draw | Pass]):
    """The actions of the round in play, oldest first: plays, draws (no tile) and passes.

    Immutable; it reads like a tuple of actions (``len``, indexing, iteration) and compares
    by its moves. The search draws of a ``holder`` start are not actions (they come with the
    deal); :func:`chickenfoot.rules.knowledge.opening` works them out.
    """

    __slots__ = ("_log", "_moves")

    def __init__(self, log: MoveLog = None) -> None:
        self._log = log
        self._moves: tuple[Move, ...] | None = None

    @classmethod
    def of(cls, actions: Iterable[Play | Draw | Pass | Move]) -> RoundHistory:
        """The history of ``actions`` (action models or moves), oldest first."""
        return cls(log_of(item if isinstance(item, tuple) else to_move(item) for item in actions))

    @property
    def log(self) -> MoveLog:
        """The history as the rules core keeps it on positions."""
        return self._log

    @property
    def moves(self) -> tuple[Move, ...]:
        """The actions as plain-tuple moves, oldest first."""
        moves = self._moves
        if moves is None:
            moves = self._moves = moves_of(self._log)
        return moves

    def __len__(self) -> int:
        return len(self.moves)

    @overload
    def __getitem__(self, index: int) -> Play | Draw | Pass: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Play | Draw | Pass, ...]: ...

    def __getitem__(
        self, index: int | slice
    ) -> Play | Draw | Pass | tuple[Play | Draw | Pass, ...]:
        if isinstance(index, slice):
            return tuple(map(to_action, self.moves[index]))
        return to_action(self.moves[index])

    def __iter__(self) -> Iterator[Play | Draw | Pass]:
        return map(to_action, self.moves)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, RoundHistory):
            return NotImplemented
        return self._log is other._log or self.moves == other.moves

    def __hash__(self) -> int:
        return hash(self.moves)

    def __repr__(self) -> str:
        return f"RoundHistory({list(self)!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuilt, (self.moves,))

    @classmethod
    def __get_pydantic_core_schema__(
        cls, source: type[Any], handler: GetCoreSchemaHandler
    ) -> core_schema.CoreSchema:
        """Validated from a list of actions; written as one (like a tuple of actions)."""
        return core_schema.no_info_plain_validator_function(
            _validate,
            serialization=core_schema.plain_serializer_function_ser_schema(
                _serialize, info_arg=True
            ),
        )


EMPTY_HISTORY = RoundHistory()
"""The history of a round before its first move."""


def _rebuilt(moves: tuple[Move, ...]) -> RoundHistory:
    return RoundHistory(log_of(moves))


def _validate(value: Any) -> RoundHistory:
    if isinstance(value, RoundHistory):
        return value
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise ValueError("a round's history is a list of actions")
    return RoundHistory.of(ACTION_ADAPTER.validate_python(item) for item in value)


def _serialize(history: RoundHistory, info: core_schema.SerializationInfo) -> list[Any]:
    mode: Literal["json", "python"] = "json" if info.mode_is_json() else "python"
    return [ACTION_ADAPTER.dump_python(action, mode=mode) for action in history]
