"""A position in a recorded game, and what the replay viewer shows there (imports no Textual).

:class:`ReplayCursor` is built from a :class:`~chickenfoot.record.model.GameRecord` and can stand at
any action index from 0 (the deal of round 1) to N (after the last of the record's N
actions). It steps one action forward or back, jumps to the previous or next round's
start, to the start or the end, and tells where it is ("round 3 · action 137 of 842"), the
:class:`~chickenfoot.rules.GameState` there and the events of the step that led there.

Every state is computed once, when the cursor is built (one straight replay of the record),
and kept: states are immutable and share their unchanged parts, so the largest game
(double-18, 8 seats, 19 rounds, about 3,000 actions) holds about 5 MB and any seek is a list
lookup. ``tests/benchmarks/bench_replay.py`` measures both.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator
from dataclasses import dataclass

from chickenfoot.lang import _, ngettext
from chickenfoot.play.host import replay_hands
from chickenfoot.play.session import Turn
from chickenfoot.play.shown import BoardShown, HandShown, SeatsShown
from chickenfoot.record.disclosure import disclosure
from chickenfoot.record.model import GameRecord
from chickenfoot.rules import (
    Draw,
    Event,
    GameState,
    Pass,
    Play,
    hand_points,
    legal_actions,
    visible_to,
)
from chickenfoot.text.describe import describe_turn
from chickenfoot.text.hints import assist_line, assists_by_place, help_counts
from chickenfoot.text.words import sorted_hand


class ReplayCursor:
    """A movable position in a recorded game: index 0 is the first deal, ``total`` the end."""

    def __init__(self, record: GameRecord, index: int = 0) -> None:
        """Replay ``record`` once, keeping every state, and stand at ``index``.

        Raises :class:`~chickenfoot.record.model.RecordError` if the record does not replay (a file
        loaded with ``load_record`` always does) and :class:`IndexError` for a bad ``index``.
        """
        self.record = record
        states: list[GameState] = []
        events: list[tuple[Event, ...]] = []
        round_starts: list[int] = []
        for step, (state, step_events, _action) in enumerate(record.replay()):
            if not states or state.round_index != states[-1].round_index:
                round_starts.append(step)
            states.append(state)
            events.append(step_events)
        self._states: tuple[GameState, ...] = tuple(states)
        self._events: tuple[tuple[Event, ...], ...] = tuple(events)
        self.round_starts: tuple[int, ...] = tuple(round_starts)
        """The index of each round's deal, in order: ``round_starts[0]`` is 0."""
        self._index = 0
        self.seek(index)

    # ----- where the cursor stands ---------------------------------------------------------------

    @property
    def total(self) -> int:
        """The number of actions in the record: the last index."""
        return len(self._states) - 1

    @property
    def index(self) -> int:
        """How many actions have been applied at this position (0 = the first deal)."""
        return self._index

    @property
    def state(self) -> GameState:
        """The game state at this position."""
        return self._states[self._index]

    @property
    def events(self) -> tuple[Event, ...]:
        """The events of the step that led here (the deal's events at index 0)."""
        return self._events[self._index]

    @property
    def action(self) -> Play | Draw | Pass | None:
        """The action that led here, or None at the first deal."""
        return self.record.actions[self._index - 1] if self._index > 0 else None

    @property
    def round_number(self) -> int:
        """The 1-based round shown at this position."""
        return self.state.round_number

    @property
    def round_start(self) -> int:
        """The index of the deal of the round shown at this position."""
        return self.round_starts[bisect_right(self.round_starts, self._index) - 1]

    @property
    def at_start(self) -> bool:
        """True at the first deal."""
        return self._index == 0

    @property
    def at_end(self) -> bool:
        """True after the record's last action."""
        return self._index == self.total

    @property
    def moves(self) -> frozenset[str]:
        """The moves that go somewhere from here: ``back``, ``previous_round``, ``to_start``
        (not at the start), ``forward``, ``next_round``, ``to_end`` (not at the end)."""
        backward = set() if self.at_start else {"back", "previous_round", "to_start"}
        return frozenset(backward | self.moves_forward)

    @property
    def moves_forward(self) -> frozenset[str]:
        """The moves forward from here (none at the end)."""
        return frozenset() if self.at_end else frozenset({"forward", "next_round", "to_end"})

    @property
    def position_text(self) -> str:
        """Where the cursor stands, in words: "round 3 · action 137 of 842"."""
        if self.state.over:
            return _("round {round} · action {action} of {actions} · game over").format(
                round=self.round_number, action=self._index, actions=self.total
            )
        return _("round {round} · action {action} of {actions}").format(
            round=self.round_number, action=self._index, actions=self.total
        )

    def state_at(self, index: int) -> GameState:
        """The state after the first ``index`` actions (raises :class:`IndexError` out of range)."""
        return self._states[self._checked(index)]

    def events_at(self, index: int) -> tuple[Event, ...]:
        """The events of step ``index`` (raises :class:`IndexError` out of range)."""
        return self._events[self._checked(index)]

    def turn_at(self, index: int) -> Turn:
        """Step ``index`` as it happened: the state before it, its action and its events (the
        first deal has neither a state before it nor an action)."""
        self._checked(index)
        if index == 0:
            return Turn(None, None, self._events[0])
        return Turn(self._states[index - 1], self.record.actions[index - 1], self._events[index])

    def events_between(self, first: int, last: int) -> Iterator[Event]:
        """The events of the steps ``first`` to ``last`` (both included), in order."""
        for index in range(self._checked(first), self._checked(last) + 1):
            yield from self._events[index]

    def _checked(self, index: int) -> int:
        if not 0 <= index <= self.total:
            raise IndexError(f"action index {index} is outside 0..{self.total}")
        return index

    # ----- moving ------------------------------------------------------------------------------

    def seek(self, index: int) -> GameState:
        """Stand after the first ``index`` actions and return that state.

        Raises :class:`IndexError` if ``index`` is not in 0..:attr:`total`.
        """
        self._index = self._checked(index)
        return self.state

    def _move(self, index: int) -> bool:
        if index == self._index:
            return False
        self.seek(index)
        return True

    def forward(self) -> bool:
        """One action forward; False (and no move) at the end."""
        return self._move(min(self._index + 1, self.total))

    def back(self) -> bool:
        """One action back; False (and no move) at the start."""
        return self._move(max(self._index - 1, 0))

    def to_start(self) -> bool:
        """To the first deal; False if already there."""
        return self._move(0)

    def to_end(self) -> bool:
        """To the state after the last action; False if already there."""
        return self._move(self.total)

    def next_round(self) -> bool:
        """To the next round's deal, or to the end during the last round; False at the end."""
        later = [start for start in self.round_starts if start > self._index]
        return self._move(later[0] if later else self.total)

    def previous_round(self) -> bool:
        """To this round's deal, or to the previous round's if already there; False at the start."""
        earlier = [start for start in self.round_starts if start < self._index]
        return self._move(earlier[-1] if earlier else 0)


# ----- what a replay viewer shows -----------------------------------------------------------------

NEXT_LABEL = "→"
"""The label of the open end the next action plays on."""
LOG_LINES = 30
"""How many of the latest log lines a jump writes (more than the log shows at once)."""
NOBODY = -1
"""A viewer that is no seat: every drawn tile hidden."""


@dataclass(frozen=True)
class ReplayShown:
    """What a replay viewer shows at one position: the board (the next play's end marked),
    every hand (face up, or hidden while private), the seats, and whether hands are private."""

    board: BoardShown
    hands: tuple[HandShown, ...]
    seats: SeatsShown
    private: bool
    """True when this position's hands and draws are hidden (see
    :func:`~chickenfoot.record.disclosure.disclosure`)."""


class ReplayView:
    """A cursor over a record, and what each of its positions shows.

    A replay shows every hand face up, but not where that would void a hand-off: in an
    unfinished game two or more people play at one keyboard, the round still in play keeps
    its hands and its drawn tiles hidden (:func:`~chickenfoot.record.disclosure.disclosure`);
    finished rounds are shown in full.
    """

    def __init__(self, record: GameRecord) -> None:
        self.record = record
        self.cursor = ReplayCursor(record)
        self.names = tuple(seat.name for seat in record.seats)
        self.private_round = disclosure(record).private_round
        self.helped = assists_by_place(record.assists)
        """The hints and take-backs, by the number of actions when they happened."""

    def is_private(self, index: int) -> bool:
        """True if the position after ``index`` actions is in the private round."""
        return (
            self.private_round is not None
            and self.cursor.state_at(index).round_index == self.private_round
        )

    def log_lines(self, index: int) -> list[str]:
        """The log's lines for step ``index`` (drawn tiles hidden in the private round)."""
        turn = self.cursor.turn_at(index)
        viewer = NOBODY if self.is_private(index) else None
        events = visible_to(turn.events, NOBODY) if viewer == NOBODY else turn.events
        lines = describe_turn(turn.action, events, turn.before, self.names, viewer)
        return lines + [assist_line(assist, self.names) for assist in self.helped.get(index, [])]

    def log_change(self, logged: int | None) -> tuple[bool, list[str]]:
        """How the log changes on coming to the cursor's position from ``logged`` (the
        position logged last; None: none yet): ``(True, lines)`` to add the lines of the one
        step forward, or ``(False, lines)`` to write afresh the round so far, its latest
        :data:`LOG_LINES` lines (after a jump)."""
        cursor = self.cursor
        if logged is not None and cursor.index == logged + 1:
            return True, self.log_lines(cursor.index)
        return False, self.round_log()[-LOG_LINES:]

    def round_log(self) -> list[str]:
        """Every line of the log of the cursor's round, from its deal up to the cursor."""
        cursor = self.cursor
        return [
            line
            for index in range(cursor.round_start, cursor.index + 1)
            for line in self.log_lines(index)
        ]

    def shown(self) -> ReplayShown:
        """What the position under the cursor shows (a pure read). In the private round every
        hand is hidden, as a spectator sees the table: only the public view is read."""
        cursor = self.cursor
        state = cursor.state
        private = self.is_private(cursor.index)
        public = state.public_view()
        next_action = None if cursor.at_end else self.record.actions[cursor.index]
        next_play = next_action if isinstance(next_action, Play) and not private else None
        board = BoardShown(
            public.board,
            labels={next_play.target: NEXT_LABEL} if next_play else {},
            chosen=next_play.target if next_play else None,
            set_size=public.rules.set_size,
        )
        revealed = replay_hands(state, private=private)
        playable = (
            frozenset(action.tile for action in legal_actions(state) if isinstance(action, Play))
            if revealed is not None and not state.over
            else frozenset()
        )
        hints, take_backs = self.record.hints_used(), self.record.take_backs()
        hands = []
        for seat, count in enumerate(public.hand_counts):
            on_turn = seat == public.turn and not public.over
            counts = help_counts(hints[seat], take_backs[seat])
            marker = "▶ " if on_turn else ""
            help_text = f" · {counts}" if counts else ""
            name, total = self.names[seat], public.totals[seat]
            if revealed is None:
                title = marker + ngettext(
                    "{name} · {count} tile · total {total}",
                    "{name} · {count} tiles · total {total}",
                    count,
                ).format(name=name, count=count, total=total)
                hands.append(HandShown(hidden=True, backs=count, title=title + help_text))
                continue
            tiles = sorted_hand(revealed[seat])
            points = hand_points(tiles, public.rules.double_blank_points)
            title = marker + ngettext(
                "{name} · {count} tile worth {points} · total {total}",
                "{name} · {count} tiles worth {points} · total {total}",
                count,
            ).format(name=name, count=count, points=points, total=total)
            title += help_text
            selected = None
            if next_play is not None and next_play.seat == seat:
                selected = tiles.index(next_play.tile)
            hands.append(
                HandShown(
                    tiles,
                    playable=frozenset(
                        i for i, tile in enumerate(tiles) if on_turn and tile in playable
                    ),
                    selected=selected,
                    title=title,
                )
            )
        seats = SeatsShown(
            self.names,
            public.hand_counts,
            public.totals,
            None if public.over else public.turn,
            frozenset(seat for seat, config in enumerate(self.record.seats) if config.level),
        )
        return ReplayShown(board, tuple(hands), seats, private)
