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

from chickenfoot.bots import Hint
from chickenfoot.play.keys import TileTyping, end_keys
from chickenfoot.play.session import Decision, GameSession, Turn
from chickenfoot.rules import (
    Action,
    Board,
    Draw,
    Event,
    FootOpened,
    GameOver,
    GameState,
    Pass,
    Passed,
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
from chickenfoot.text.describe import board_requirement, describe_turn, foot_news
from chickenfoot.text.hints import assist_line, hint_text
from chickenfoot.text.words import seat_name, sorted_hand

NOBODY = -1
"""A viewer seat that matches no seat: every drawn tile is hidden from it."""

BOT_DELAY_STEP = 0.2
BOT_DELAY_MAX = 3.0
"""The pause before each computer move changes by this step, between 0 and this maximum."""


# ----- what a screen shows ----------------------------------------------------------------------


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
    """One hand as shown: tiles in hand order, or their backs; marks are indexes into it."""

    tiles: tuple[Tile, ...] = ()
    hidden: bool = False
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
    """Everything the game screen draws, read in one go from the :class:`Table`."""

    board: BoardShown
    hand: HandShown
    seats: SeatsShown
    status: StatusShown
    topbar: tuple[str, str, str]
    """The round (in bold), the double and the boneyard, what the board needs now."""
    unsaved: str = ""
    """Why the game is not saved (a lasting notice), or "" when it is."""


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
class LookAtDraw:
    """A person drew a tile that fits nowhere, and the turn moved on: show it to them before
    the keyboard is passed (acknowledge it to go on)."""

    seat: int
    tile: Tile


@dataclass(frozen=True)
class RoundOver:
    """A round ended: show its result over the final table (acknowledge it to go on)."""

    event: RoundScored
    ending: str
    """How it ended, in words ("Ana went out!")."""
    board: Board
    """The table as the round ended."""


@dataclass(frozen=True)
class GameEnded:
    """The last round is scored: show the final result."""

    event: GameOver


@dataclass(frozen=True)
class Finished:
    """The game is over and its result was shown: nothing more to do."""


Step = ComputerTurn | HandOff | PersonTurn | LookAtDraw | RoundOver | GameEnded | Finished
"""What the turn loop does next (see :meth:`Table.next_step`)."""


TURN_ACTIONS = frozenset(
    {"select_tile", "choose_end", "play", "draw", "pass_turn", "keep", "unavailable", "hint"}
)
"""The screen actions of a turn's keys: off while a hand-off or a dead draw waits for Enter."""


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
        self.feedback = ""
        """The latest news, or why the last key did nothing (shown under the status)."""
        self.thinking = False
        """True while the computer seat on turn is still thinking after its pause is over."""
        self._keyboard: int | None = None
        self._last_actor: int | None = None
        self._news: list[LookAtDraw | RoundOver | GameEnded] = []
        self._seen: dict[int, int] = {}
        """Per seat, how many tiles the board held when it last acted (this round)."""
        self._digits = TileTyping()
        self._end_typed = ""
        self._read_round()

    def _read_round(self) -> None:
        """Learn the round so far from the session: the tiles each seat drew last, and how
        much of the board each seat has seen."""
        self.fresh_tiles, self._seen, self._news, self._last_actor = {}, {}, [], None
        turns = self.session.opening_turns
        afters = [turn.before for turn in turns[1:]] + [self.session.state]
        for turn, after in zip(turns, afters, strict=True):
            if turn.action is not None and after is not None:
                self._note_fresh_tiles(turn.action.seat, turn.events)
                self._seen[turn.action.seat] = len(after.board.played)
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

    def log_lines(self, turn: Turn) -> list[str]:
        """The log's lines for one turn, other seats' drawn tiles hidden."""
        viewer = self.log_viewer
        events = visible_to(turn.events, viewer)
        return describe_turn(turn.action, events, turn.before, self.names, viewer)

    def full_log(self) -> list[str]:
        """The log of the whole game so far, every round, as the log would have shown it."""
        lines: list[str] = []
        before: GameState | None = None
        for state, events, action in self.session.record.replay():
            lines.extend(self.log_lines(Turn(before, action, events)))
            before = state
        return lines

    def opening_lines(self) -> list[str]:
        """The log of the round so far, as the game was reopened (hints and take-backs in
        their places)."""
        record, turns = self.session.record, self.session.opening_turns
        base = len(record.actions) - len(turns) + 1  # actions after the round's deal turn
        helped: dict[int, list[str]] = {}
        for assist in record.assists:
            if base <= assist.at < base + len(turns):
                helped.setdefault(assist.at - base, []).append(assist_line(assist, self.names))
        lines: list[str] = []
        for index, turn in enumerate(turns):
            lines += self.log_lines(turn)
            lines += helped.get(index, [])
        return lines

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
        """The key of every open end now (see :func:`~chickenfoot.play.keys.end_keys`)."""
        return end_keys(self.state.board)

    def key_works(self, action: str) -> bool:
        """True if the key of the screen's ``action`` does something now. The keys of a turn
        (choosing, playing) stay listed while people play, so the footer is not rebuilt on
        every turn: pressed out of turn they say why they do nothing. Nothing of a turn works
        while a hand-off or a dead draw waits for Enter."""
        step = self.next_step()
        if action == "show_hand":
            return isinstance(step, HandOff)
        if action == "seen_draw":
            return isinstance(step, LookAtDraw)
        if action in TURN_ACTIONS and isinstance(step, HandOff | LookAtDraw):
            return False
        if action in ("select_tile", "choose_end", "play", "unavailable"):
            return bool(self.session.humans) and not self.state.over
        if action in ("draw", "keep"):
            return self.can(action)
        if action == "pass_turn":
            return self.can("pass")
        if action == "speed":
            return bool(self.session.computers)
        if action == "hint":
            return self.human_turn and self.session.can_hint()
        if action == "take_back":
            return self.can_take_back()
        return True

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
        status = self.status(playable, labels)
        unsaved = prompts.unsaved(self.session.unsaved) if self.session.unsaved else ""
        news = self._news[0] if self._news else None
        if isinstance(news, RoundOver):
            board = BoardShown(news.board, set_size=rules.set_size)
        else:
            viewer = self.hand_owner if self.hand_owner is not None else state.turn
            seen = self._seen.get(viewer, len(state.board.played))
            fresh = frozenset(range(seen, len(state.board.played)))
            board = BoardShown(state.board, labels, legal, self.chosen, fresh, rules.set_size)
        return TableShown(
            board=board,
            hand=self._hand_shown(playable, selected),
            seats=SeatsShown(
                self.names,
                tuple(len(tiles) for tiles in state.hands),
                state.totals,
                None if state.over else state.turn,
                frozenset(self.session.computers),
            ),
            status=StatusShown(status.text, status.tone, self.feedback or unsaved),
            topbar=(
                f"Round {state.round_number} of {rules.round_count}",
                f" · {state.round_double}|{state.round_double} · boneyard {len(state.boneyard)}",
                "" if state.over else f" · {board_requirement(state.board)}",
            ),
            unsaved=unsaved,
        )

    def _hand_shown(self, playable: dict[int, tuple[str, ...]], selected: int | None) -> HandShown:
        owner = self.hand_owner
        state = self.state
        news = self._news[0] if self._news else None
        if isinstance(news, LookAtDraw):
            owner = news.seat
        if owner is None:
            step = self.next_step()
            banner = prompts.pass_to(step.name) if isinstance(step, HandOff) else ""
            return HandShown(
                state.hands[state.turn], hidden=True, title="Hands hidden", banner=banner
            )
        tiles = sorted_hand(state.hands[owner])
        fresh = self.fresh_tiles.get(owner, frozenset())
        title = prompts.hand_title(seat_name(self.names, owner), tiles, state.rules)
        return HandShown(
            tiles,
            playable=frozenset(playable) if owner == state.turn else frozenset(),
            selected=selected,
            fresh=frozenset(index for index, tile in enumerate(tiles) if tile in fresh),
            title=title,
        )

    def status(self, playable: dict[int, tuple[str, ...]], labels: dict[str, str]) -> StatusShown:
        """The status line: what the person on turn can do now, in a few plain words (what the
        board needs is in the top bar)."""
        state = self.state
        if state.over:
            return StatusShown(prompts.GAME_OVER, "success")
        news = self._news[0] if self._news else None
        if isinstance(news, LookAtDraw):
            who = seat_name(self.names, news.seat)
            return StatusShown(prompts.dead_draw(who, news.tile), "warning")
        seat = state.turn
        who = seat_name(self.names, seat)
        if not self.session.is_human(seat):
            if self.thinking:
                return StatusShown(prompts.computer_thinking(who))
            return StatusShown(prompts.computer_playing(who))
        if not self.human_turn:
            return StatusShown(prompts.waiting_for(who))
        if state.drawn is not None:
            keep = state.rules.drawn_tile == "may_play"
            return StatusShown(prompts.drew_playable(who, state.drawn, keep), "warning")
        if not playable:
            return StatusShown(prompts.nothing_fits(who, self.can("draw")), "warning")
        selected = self.selected
        if selected is None:
            return StatusShown(prompts.choose_a_tile(who))
        tile = self.hand()[selected]
        ends = playable.get(selected, ())
        return StatusShown(prompts.selection(who, tile, ends, self.chosen, labels))

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

    def tell(self, text: str | None) -> None:
        """Show ``text`` (why a key did nothing, or news) under the status, until the next
        action; None changes nothing."""
        if text is not None:
            self.feedback = text

    def type_digit(self, digit: str) -> str | None:
        """A digit key: choose the tile with that number (two digits in a long hand, see
        :class:`~chickenfoot.play.keys.TileTyping`); a message if there is none."""
        self._end_typed = ""
        if not self.human_turn:
            return self.why_not("choose")
        hand = self.hand()
        number = self._digits.type(digit, len(hand))
        if number is None:
            return prompts.only_tiles(len(hand))
        return self.select(number - 1)

    def type_letter(self, letter: str) -> str | None:
        """A letter of an open end's key: choose that end once its key is complete (most keys
        are one letter; longer ones start with ``z``); a message if no end has that key."""
        self._digits.clear()
        typed = self._end_typed + letter
        labels = self.labels()
        target = next((end for end, key in labels.items() if key == typed), None)
        if target is not None:
            self._end_typed = ""
            return self.choose_end(target)
        if any(key.startswith(typed) for key in labels.values()):
            self._end_typed = typed
            return prompts.key_so_far(typed)
        self._end_typed = ""
        return prompts.no_end_labelled(typed)

    def _typing_done(self) -> None:
        """Any other key ends a tile's number or an end's key being typed."""
        self._digits.clear()
        self._end_typed = ""

    def select(self, index: int) -> str | None:
        """Select the tile at ``index`` of the hand as shown; a message if that cannot be."""
        if not self.human_turn:
            return self.why_not("choose")
        hand = self.hand()
        if not 0 <= index < len(hand):
            return prompts.only_tiles(len(hand))
        self.selected_tile = hand[index]
        ends = self.playable().get(index, ())
        self.chosen = ends[0] if len(ends) == 1 else None
        return None

    def step_tile(self, step: int) -> str | None:
        """Move the selection ``step`` tiles right (left if negative), wrapping around."""
        self._typing_done()
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
        self._typing_done()
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

    def choose_end(self, target: str) -> str | None:
        """Choose the open end ``target`` for the selected tile; if that tile does not fit
        there, select the first tile that does."""
        self._typing_done()
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
        self._typing_done()
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

    def act(self, action: Action) -> Turn:
        """Apply ``action`` through the session (which saves); note its news and new tiles.

        Raises ``IllegalAction`` (nothing changed) if the rules forbid it. A failed save is
        ``session.unsaved``: the move stands.
        """
        turn = self.session.act(action)
        self._absorb(turn)
        return turn

    def _absorb(self, turn: Turn) -> None:
        """Take in what an action did: new tiles, what each seat has seen, news, the
        selection."""
        action, before, events = turn.action, turn.before, turn.events
        assert action is not None, "the deal is not an action"
        assert before is not None, "an action always has a state before it"
        self.chosen = None
        self.feedback = ""
        self._end_typed = ""
        self._digits.clear()
        self._note_fresh_tiles(action.seat, events)
        self._seen[action.seat] = len(self.state.board.played)
        people = len(self.session.humans)
        ending = ""
        for event in events:
            drawer_is_a_person = self.session.is_human(action.seat) and people > 1
            if (
                isinstance(event, Passed)
                and event.reason == "drew_unplayable"
                and drawer_is_a_person
            ):
                drawn = next(e.tile for e in events if isinstance(e, TileDrawn) and e.tile)
                self._news.append(LookAtDraw(action.seat, drawn))
            elif isinstance(event, WentOut | RoundBlocked):
                ending = prompts.round_ending(event, self.names)
            elif isinstance(event, RoundScored):
                self._news.append(RoundOver(event, ending, _final_board(before, action)))
                if people > 1:
                    self._keyboard = None  # Hide the new hands: the next player is asked for.
            elif isinstance(event, RoundStarted):
                self._seen.clear()
            elif isinstance(event, GameOver):
                self._news.append(GameEnded(event))
        self._reset_selection()

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

    def change_speed(self, step: int) -> str:
        """Make the computer players faster (``step`` 1: a shorter pause before each of their
        moves) or slower (-1); the notice saying so."""
        delay = round(self.bot_delay - step * BOT_DELAY_STEP, 1)
        self.bot_delay = min(BOT_DELAY_MAX, max(0.0, delay))
        return prompts.computer_pause(self.bot_delay)

    def computer_action(self) -> Action:
        """The action the computer seat on turn chooses (at once, on this thread)."""
        return self.session.bot_action()

    # ----- help: hints and take-backs -----------------------------------------------------------

    def show_hint(self, hint: Hint) -> str:
        """Select the hinted play (tile and end), record that a hint was given, and return the
        hint in words for the status line."""
        action = hint.action
        if isinstance(action, Play) and action.tile in self.hand():
            self.selected_tile, self.chosen = action.tile, action.target
        self.session.note_hint()
        text = hint_text(hint, self.names, self.labels())
        self.tell(text)
        return text

    def latest_help_line(self) -> str:
        """The log's line for the latest hint or take-back."""
        return assist_line(self.session.record.assists[-1], self.names)

    def can_take_back(self) -> bool:
        """True if the person may take back now (see :meth:`GameSession.can_take_back`)."""
        return self.session.can_take_back()

    def take_back(self) -> str:
        """Take back to the person's latest choice; the news in words."""
        undone = self.session.take_back()
        self._read_round()
        text = prompts.taken_back(undone)
        self.tell(text)
        return text

    def computer_decision(self) -> Decision:
        """The computer seat on turn's decision, to be made in a worker thread
        (:meth:`GameSession.bot_decision`)."""
        return self.session.bot_decision()

    def hand_over(self, seat: int) -> None:
        """``seat``'s person took the keyboard at the hand-off: their hand may be shown."""
        self._keyboard = seat
        self._reset_selection()

    def acknowledge(self) -> None:
        """The news on top (a dead draw, a round's or the game's result) was seen: go on."""
        if self._news:
            self._news.pop(0)
        self._reset_selection()

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


def _final_board(before: GameState, action: Action) -> Board:
    """The table as a round ended with ``action`` taken in ``before``: with the last tile laid
    when a seat went out."""
    if isinstance(action, Play):
        try:
            return before.board.with_tile(action.seat, action.tile, action.target)
        except ValueError:  # the round ended at its deal: that table never had this tile
            return before.board
    return before.board
