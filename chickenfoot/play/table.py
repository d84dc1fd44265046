"""The table controller: one game as the people at the keyboard see and steer it.

:class:`Table` holds everything about "a seat at the keyboard" that is not keys, timers or
screens: the selected tile and the chosen end, the keys that label open ends, who has the
keyboard and so whose hand may be shown (the hand-off policy), the tiles each seat just drew,
the news a screen must show (a round's or the game's result), and what the turn loop does
next. It changes the game only through its :class:`~chickenfoot.play.session.GameSession`.

Reading is pure: :meth:`Table.shown`, :meth:`Table.next_step` and :meth:`Table.why_not` never
change anything, so a screen may draw as often as it likes. Commands (:meth:`Table.select`,
:meth:`Table.play_selected`, :meth:`Table.act`, :meth:`Table.hand_over`, ...) change the
controller and say, in words, why they did nothing when they did nothing. Why a key does
nothing is asked of the rules (:func:`chickenfoot.rules.refusal`) and worded by
:mod:`chickenfoot.text.prompts`. Imports no Textual; tests drive it directly.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from chickenfoot.play.session import GameSession
from chickenfoot.rules import (
    Action,
    Board,
    Draw,
    Event,
    FootOpened,
    GameOver,
    GameState,
    Pass,
    Play,
    RoundBlocked,
    RoundScored,
    RoundStarted,
    Tile,
    TileDrawn,
    WentOut,
    refusal,
    visible_to,
)
from chickenfoot.text import prompts
from chickenfoot.text.describe import describe_event, foot_news
from chickenfoot.text.words import possessive, seat_name, sorted_hand

END_KEYS = "abcefghijlmnortuvwxyzABCEFGHIJLMNORTUVWXYZ"
"""Letters that label open ends: every letter except the game's own keys (d, k, p, q, s)."""

DIGIT_KEYS = 9
"""Tiles 1 to 9 of a hand have a digit key."""

NOBODY = -1
"""A viewer seat that matches no seat: every drawn tile is hidden from it."""

BOT_DELAY_STEP = 0.2
BOT_DELAY_MAX = 3.0
"""The pause before each computer move changes by this step, between 0 and this maximum."""


def end_labels(targets: Iterable[str]) -> dict[str, str]:
    """Key letters for open ends, in board order: the first end gets "a", the next "b", ..."""
    return {
        target: END_KEYS[index] for index, target in enumerate(targets) if index < len(END_KEYS)
    }


# ----- what a screen shows ----------------------------------------------------------------------


@dataclass(frozen=True)
class BoardShown:
    """The board and the marks on it: key labels of open ends, the ends the selected tile
    fits (``legal``) and the end it would be played on (``chosen``)."""

    board: Board
    labels: dict[str, str] = field(default_factory=dict)
    legal: tuple[str, ...] = ()
    chosen: str | None = None


@dataclass(frozen=True)
class HandShown:
    """One hand as shown: tiles in hand order, or their backs; marks are indexes into it."""

    tiles: tuple[Tile, ...] = ()
    hidden: bool = False
    playable: frozenset[int] = frozenset()
    selected: int | None = None
    fresh: frozenset[int] = frozenset()
    """Tiles just drawn (marked "new")."""
    title: str = ""


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
    """The status line: a message and its tone (info, warning, success, error)."""

    text: str = ""
    tone: str = "info"


@dataclass(frozen=True)
class TableShown:
    """Everything the game screen draws, read in one go from the :class:`Table`."""

    board: BoardShown
    hand: HandShown
    seats: SeatsShown
    status: StatusShown
    topbar: tuple[str, str, str]
    """The round in bold, then the double and the boneyard, then the rules."""


# ----- what the turn loop does next --------------------------------------------------------------


@dataclass(frozen=True)
class ComputerTurn:
    """A computer seat is on turn: let it move (after the pause between computer moves)."""

    seat: int


@dataclass(frozen=True)
class HandOff:
    """The next person must take the keyboard before any hand is shown."""

    seat: int
    name: str


@dataclass(frozen=True)
class PersonTurn:
    """The person on turn has the keyboard: wait for their keys."""

    seat: int


@dataclass(frozen=True)
class RoundOver:
    """A round ended: show its result (and acknowledge it to go on)."""

    event: RoundScored
    ending: str
    """How it ended, in words ("Ana went out!")."""


@dataclass(frozen=True)
class GameEnded:
    """The last round is scored: show the final result."""

    event: GameOver


@dataclass(frozen=True)
class Finished:
    """The game is over and its result was shown: nothing more to do."""


Step = ComputerTurn | HandOff | PersonTurn | RoundOver | GameEnded | Finished
"""What the turn loop does next (see :meth:`Table.next_step`)."""


class Table:
    """A game at the table: the session, the selection, who has the keyboard, the news."""

    def __init__(self, session: GameSession, *, bot_delay: float = 0.6) -> None:
        self.session = session
        self.bot_delay = max(0.0, bot_delay)
        """Seconds the turn loop waits before each computer move."""
        self.selected_tile: Tile | None = None
        """The selected tile of the person on turn (kept as a tile: it survives re-sorting)."""
        self.chosen: str | None = None
        """The open end the selected tile would be played on, once chosen."""
        self.fresh_tiles: dict[int, frozenset[Tile]] = {}
        """The tiles each seat drew on its latest turn (the hand marks them as new)."""
        self._keyboard: int | None = None
        self._last_actor: int | None = None
        self._news: list[RoundOver | GameEnded] = []
        for actor, events in session.opening_turns:
            if actor is not None:
                self._note_fresh_tiles(actor, events)
        self._reset_selection()

    # ----- who sees what -------------------------------------------------------------------------

    @property
    def state(self) -> GameState:
        """The current game state."""
        return self.session.state

    @property
    def names(self) -> tuple[str, ...]:
        """Every seat's name."""
        return self.session.names

    @property
    def keyboard(self) -> int | None:
        """The seat whose person has the keyboard: the only person, or whoever took it last at
        a hand-off (None when the next person has not taken it yet)."""
        humans = self.session.humans
        return humans[0] if len(humans) == 1 else self._keyboard

    @property
    def human_turn(self) -> bool:
        """True when a person is on turn and has the keyboard (no hand-off pending)."""
        state = self.state
        return not state.over and self.session.is_human(state.turn) and self.keyboard == state.turn

    @property
    def hand_owner(self) -> int | None:
        """The seat whose hand may be on screen now, or None when every hand must be hidden."""
        if self.human_turn:
            return self.state.turn
        humans = self.session.humans
        return humans[0] if len(humans) == 1 else None

    @property
    def log_viewer(self) -> int:
        """Whose drawn tiles the log may name: the only person, or nobody when several share."""
        humans = self.session.humans
        return humans[0] if len(humans) == 1 else NOBODY

    def log_lines(self, events: Iterable[Event]) -> list[str]:
        """The log's lines for ``events``, other seats' drawn tiles hidden."""
        viewer = self.log_viewer
        shown = visible_to(tuple(events), viewer)
        lines = (describe_event(event, self.names, viewer) for event in shown)
        return [line for line in lines if line]

    def opening_lines(self) -> list[str]:
        """The log of the round so far, as the game was reopened."""
        return self.log_lines(
            event for _actor, events in self.session.opening_turns for event in events
        )

    # ----- the hand on turn --------------------------------------------------------------------

    def hand(self) -> tuple[Tile, ...]:
        """The hand on turn, in the order it is shown (see :func:`sorted_hand`)."""
        return sorted_hand(self.state.hands[self.state.turn])

    @property
    def selected(self) -> int | None:
        """The position of the selected tile in the hand as shown, or None."""
        hand = self.hand()
        tile = self.selected_tile
        return hand.index(tile) if tile is not None and tile in hand else None

    def playable(self) -> dict[int, tuple[str, ...]]:
        """Hand index -> the ends that tile may be played on now (for the person on turn)."""
        if not self.human_turn:
            return {}
        found: dict[int, tuple[str, ...]] = {}
        hand = self.hand()
        for action in self.session.legal():
            if isinstance(action, Play):
                index = hand.index(action.tile)
                found[index] = found.get(index, ()) + (action.target,)
        return found

    def labels(self) -> dict[str, str]:
        """The key letter of every open end now."""
        return end_labels(target for target, _value in self.state.board.open_ends)

    def can(self, kind: str) -> bool:
        """True if the person on turn may ``draw``, ``pass`` (nothing to play or draw) or
        ``keep`` (the playable tile just drawn) now."""
        if not self.human_turn:
            return False
        legal = self.session.legal()
        drawn = self.state.drawn is not None
        if kind == "draw":
            return any(isinstance(action, Draw) for action in legal)
        if kind == "pass":
            return not drawn and any(isinstance(action, Pass) for action in legal)
        if kind == "keep":
            return drawn and any(isinstance(action, Pass) for action in legal)
        raise ValueError(f"unknown kind {kind!r}: draw, pass or keep")

    # ----- reading what to show ----------------------------------------------------------------

    def shown(self) -> TableShown:
        """Everything the game screen shows now (a pure read)."""
        state = self.state
        playable = self.playable()
        selected = self.selected if self.human_turn else None
        labels = self.labels()
        legal = playable.get(selected, ()) if selected is not None else ()
        rules = state.rules
        return TableShown(
            board=BoardShown(state.board, labels, legal, self.chosen),
            hand=self._hand_shown(playable, selected),
            seats=SeatsShown(
                self.names,
                tuple(len(tiles) for tiles in state.hands),
                state.totals,
                None if state.over else state.turn,
                frozenset(self.session.computers),
            ),
            status=self.status(playable, labels),
            topbar=(
                f"Round {state.round_number} of {rules.round_count}",
                f" · {state.round_double}|{state.round_double} · boneyard {len(state.boneyard)}",
                f" · {rules.preset}, double-{rules.set_size}",
            ),
        )

    def _hand_shown(self, playable: dict[int, tuple[str, ...]], selected: int | None) -> HandShown:
        owner = self.hand_owner
        state = self.state
        if owner is None:
            return HandShown(state.hands[state.turn], hidden=True, title="Hands hidden")
        tiles = sorted_hand(state.hands[owner])
        fresh = self.fresh_tiles.get(owner, frozenset())
        return HandShown(
            tiles,
            playable=frozenset(playable),
            selected=selected,
            fresh=frozenset(index for index, tile in enumerate(tiles) if tile in fresh),
            title=f"{possessive(seat_name(self.names, owner))} hand",
        )

    def status(self, playable: dict[int, tuple[str, ...]], labels: dict[str, str]) -> StatusShown:
        """The status line: what the board needs and what the person on turn can do (and the
        computer players' pause, when there are any)."""
        if self.state.over:
            return StatusShown(prompts.GAME_OVER, "success")
        status = self._turn_status(playable, labels)
        if not self.session.computers:
            return status
        return StatusShown(status.text + prompts.pause_note(self.bot_delay), status.tone)

    def _turn_status(
        self, playable: dict[int, tuple[str, ...]], labels: dict[str, str]
    ) -> StatusShown:
        state = self.state
        seat = state.turn
        who = seat_name(self.names, seat)
        if not self.session.is_human(seat):
            return StatusShown(prompts.computer_playing(who, state.board))
        if not self.human_turn:
            return StatusShown(prompts.waiting_for(who))
        if state.drawn is not None:
            keep = state.rules.drawn_tile == "may_play"
            return StatusShown(prompts.drew_playable(who, state.drawn, keep), "warning")
        if not playable:
            return StatusShown(prompts.nothing_fits(who, state.board, self.can("draw")), "warning")
        selected = self.selected
        if selected is None:
            return StatusShown(prompts.choose_a_tile(who, state.board))
        tile = self.hand()[selected]
        ends = playable.get(selected, ())
        return StatusShown(prompts.selection(who, state.board, tile, ends, self.chosen, labels))

    def next_step(self) -> Step:
        """What the turn loop does now (a pure read): show news, ask for a hand-off, let a
        computer move, or wait for the person on turn."""
        if self._news:
            return self._news[0]
        state = self.state
        if state.over:
            return Finished()
        seat = state.turn
        if not self.session.is_human(seat):
            return ComputerTurn(seat)
        if self.keyboard != seat:
            return HandOff(seat, seat_name(self.names, seat))
        return PersonTurn(seat)

    def why_not(self, key: str) -> str:
        """Why the key for ``key`` (``play``, ``draw``, ``pass``, ``keep`` or ``choose``) does
        nothing now, in words: the rules are asked, never restated."""
        state = self.state
        if state.over:
            return prompts.GAME_OVER
        if not self.human_turn:
            who = seat_name(self.names, state.turn)
            return prompts.not_your_turn(who, computer=not self.session.is_human(state.turn))
        seat, drawn = state.turn, state.drawn
        if key == "play":
            return prompts.no_tile_fits(can_draw=self.can("draw"))
        if key == "choose":
            return prompts.CHOOSE_A_TILE
        if key == "pass" and drawn is not None and self.can("keep"):
            return prompts.use_keep(drawn)
        if key == "keep" and drawn is None:
            return prompts.NOTHING_DRAWN
        if key == "draw":
            refused = refusal(state, Draw(seat=seat))
            return prompts.refused("draw", refused.reason if refused else None, drawn)
        if key in ("pass", "keep"):
            refused = refusal(state, Pass(seat=seat))
            return prompts.refused(
                "keep" if key == "keep" else "pass", refused.reason if refused else None, drawn
            )
        return prompts.KEY_DOES_NOTHING

    # ----- commands: choosing ------------------------------------------------------------------

    def select(self, index: int) -> str | None:
        """Select the tile at ``index`` of the hand as shown; a message if that cannot be."""
        if not self.human_turn:
            return self.why_not("choose")
        hand = self.hand()
        if not 0 <= index < len(hand):
            return prompts.only_tiles(len(hand), DIGIT_KEYS)
        self.selected_tile = hand[index]
        ends = self.playable().get(index, ())
        self.chosen = ends[0] if len(ends) == 1 else None
        return None

    def step_tile(self, step: int) -> str | None:
        """Move the selection ``step`` tiles right (left if negative), wrapping around."""
        if not self.human_turn:
            return self.why_not("choose")
        hand = self.hand()
        if not hand:
            return None
        current = self.selected
        if current is None:
            current = -1 if step > 0 else 0
        return self.select((current + step) % len(hand))

    def step_end(self, step: int) -> str | None:
        """Move the chosen end among the ends the selected tile fits."""
        selected = self.selected
        if not self.human_turn or selected is None:
            return self.why_not("choose")
        ends = self.playable().get(selected, ())
        if not ends:
            return prompts.fits_no_end(self.hand()[selected])
        if self.chosen in ends:
            index = (ends.index(self.chosen) + step) % len(ends)
        else:
            index = 0 if step > 0 else len(ends) - 1
        self.chosen = ends[index]
        return None

    def choose_key(self, key: str) -> str | None:
        """Choose the open end labelled ``key``; a message if no end has that label."""
        target = next((end for end, label in self.labels().items() if label == key), None)
        if target is None:
            return prompts.no_end_labelled(key)
        return self.choose_end(target)

    def choose_end(self, target: str) -> str | None:
        """Choose the open end ``target`` for the selected tile; if that tile does not fit
        there, select the first tile that does."""
        if not self.human_turn:
            return self.why_not("choose")
        playable = self.playable()
        selected = self.selected
        if selected is not None and target in playable.get(selected, ()):
            self.chosen = target
            return None
        fitting = [index for index, ends in sorted(playable.items()) if target in ends]
        if not fitting:
            label = self.labels().get(target, target)
            return prompts.nothing_fits_end(label, self.state.board.value_at(target))
        self.selected_tile = self.hand()[fitting[0]]
        self.chosen = target
        return None

    def play_selected(self) -> Play | str:
        """The play the person on turn asks for with Enter, or why there is none."""
        playable = self.playable()
        if not self.human_turn or not playable:
            return self.why_not("play")
        selected = self.selected
        if selected is None:
            return prompts.CHOOSE_A_TILE
        tile = self.hand()[selected]
        ends = playable.get(selected, ())
        if not ends:
            return prompts.cannot_play_selected(tile, self.state.drawn)
        if self.chosen in ends:
            target = self.chosen
        elif len(ends) == 1:
            target = ends[0]
        else:
            labels = self.labels()
            return prompts.choose_an_end(tile, [labels.get(end, end) for end in ends])
        return Play(seat=self.state.turn, tile=tile, target=target)

    # ----- commands: the game moves on ----------------------------------------------------------

    def act(self, action: Action) -> tuple[Event, ...]:
        """Apply ``action`` through the session (which saves); note its news and new tiles.

        Raises the session's errors unchanged: ``IllegalAction`` (nothing changed) or
        ``OSError`` (the move stands, unsaved; its events are in ``session.last_events``).
        """
        actor = self.state.turn
        try:
            events = self.session.act(action)
        except OSError:
            self._absorb(actor, self.session.last_events)
            raise
        self._absorb(actor, events)
        return events

    def _absorb(self, actor: int, events: tuple[Event, ...]) -> None:
        """Take in the events of ``actor``'s action: new tiles, news, the selection."""
        self.chosen = None
        self._note_fresh_tiles(actor, events)
        ending = ""
        for event in events:
            if isinstance(event, WentOut | RoundBlocked):
                ending = describe_event(event, self.names, None) or ""
            elif isinstance(event, RoundScored):
                self._news.append(RoundOver(event, ending))
                if len(self.session.humans) > 1:
                    self._keyboard = None  # Hide the new hands: the next player is asked for.
            elif isinstance(event, GameOver):
                self._news.append(GameEnded(event))
        self._reset_selection()

    def change_bot_delay(self, step: int) -> str:
        """Lengthen (``step`` 1) or shorten (-1) the pause before each computer move; the
        notice saying so."""
        delay = round(self.bot_delay + step * BOT_DELAY_STEP, 1)
        self.bot_delay = min(BOT_DELAY_MAX, max(0.0, delay))
        return prompts.computer_pause(self.bot_delay)

    def news(self, events: Iterable[Event]) -> list[tuple[str, str]]:
        """(title, text) of the notices an action's ``events`` call for: a chicken foot
        opened (unless the same action ended the round)."""
        events = tuple(events)
        if any(isinstance(event, RoundScored) for event in events):
            return []
        return [
            ("Chicken foot!", foot_news(event, self.names))
            for event in events
            if isinstance(event, FootOpened)
        ]

    def computer_action(self) -> Action:
        """The action the computer seat on turn chooses."""
        return self.session.bot_action()

    def hand_over(self, seat: int) -> None:
        """``seat``'s person took the keyboard at the hand-off: their hand may be shown."""
        self._keyboard = seat
        self._reset_selection()

    def acknowledge(self) -> None:
        """The news on top (a round's or the game's result) was shown: go on."""
        if self._news:
            self._news.pop(0)

    def _note_fresh_tiles(self, actor: int, events: Iterable[Event]) -> None:
        """Remember the tiles each seat drew on its latest turn (the hand marks them as new).

        A seat's marks clear when it starts its next turn; a new round clears them all.
        """
        if actor != self._last_actor:
            self.fresh_tiles.pop(actor, None)
        self._last_actor = actor
        for event in events:
            if isinstance(event, RoundStarted):
                self.fresh_tiles.clear()
            elif isinstance(event, TileDrawn) and event.tile is not None:
                drawn = self.fresh_tiles.get(event.seat, frozenset())
                self.fresh_tiles[event.seat] = drawn | {event.tile}

    def _reset_selection(self) -> None:
        """On a new turn of the person at the keyboard: select the drawn tile after a draw;
        else keep the tile selected before if it is still in hand and playable; else select
        the first playable tile. The end is chosen when the tile fits only one."""
        if not self.human_turn:
            return
        hand = self.hand()
        playable = self.playable()
        drawn = self.state.drawn
        if drawn is not None:
            self.selected_tile = drawn
        elif self.selected not in playable:
            first = min(playable) if playable else (0 if hand else None)
            self.selected_tile = hand[first] if first is not None else None
        selected = self.selected
        ends = playable.get(selected, ()) if selected is not None else ()
        self.chosen = ends[0] if len(ends) == 1 else None
