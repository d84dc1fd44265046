"""A seat client: everything one screen shows of a game in play, from what its seat may see.

A :class:`SeatClient` is built only from the messages of its host
(:mod:`chickenfoot.play.wire`): the table, one seat's view (:class:`~chickenfoot.rules.SeatView`,
or the :class:`~chickenfoot.rules.PublicView` when no hand may be shown), the steps of the game
with the events that seat may see, and what the host waits for. It never holds a
:class:`~chickenfoot.rules.GameState`, so it cannot show a hand it was not sent. A client with
no seat is a spectator: it shows the public view.

From those it keeps what the person at the screen steers: the selected tile and the chosen
end, the keys typed so far, the tiles each seat just drew, the log's lines, and the latest
news or the reason the last key did nothing (:attr:`SeatClient.feedback`). Reading is pure:
:meth:`SeatClient.shown`, :meth:`SeatClient.key_works` and :meth:`SeatClient.why_not` change
nothing. Commands change only the client; those that ask the host for something return the
message to send (or None, with :attr:`SeatClient.feedback` saying why not). Why a key does
nothing is asked of the rules, on the seat's view (:func:`~chickenfoot.rules.refusal_in_view`),
and worded by :mod:`chickenfoot.text.prompts`. Imports no Textual; tests drive it directly.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from chickenfoot.play.keys import TileTyping, end_keys
from chickenfoot.play.shown import BoardShown, HandShown, SeatsShown, StatusShown, TableShown
from chickenfoot.play.wire import (
    Act,
    AskHint,
    ClientMessage,
    Closed,
    DeadDraw,
    GameEnded,
    HintGiven,
    HostMessage,
    NoHint,
    PassKeyboard,
    Proceed,
    Prompt,
    Refused,
    RoundEnded,
    SaveProblem,
    SetPause,
    Step,
    StillThinking,
    TableInfo,
    TakeBack,
    TakeKeyboard,
    Update,
    View,
    Waiting,
    Welcome,
    YourTurn,
)
from chickenfoot.rules import (
    Action,
    Board,
    Draw,
    FootOpened,
    Pass,
    Play,
    RoundScored,
    RoundStarted,
    SeatView,
    Tile,
    TileDrawn,
    legal_in_view,
    preset,
    refusal_in_view,
)
from chickenfoot.text import prompts
from chickenfoot.text.describe import board_requirement, describe_turn, foot_news
from chickenfoot.text.hints import assist_line, hint_text
from chickenfoot.text.words import seat_name, sorted_hand

NOBODY = -1
"""A viewer seat that matches no seat: the log names no drawn tile for it."""

BOT_DELAY_STEP = 0.2
BOT_DELAY_MAX = 3.0
"""The pause before each computer move changes by this step, between 0 and this maximum."""

TURN_ACTIONS = frozenset(
    {"select_tile", "choose_end", "play", "draw", "pass_turn", "keep", "unavailable", "hint"}
)
"""The screen actions of a turn's keys: off while a hand-off or a dead draw waits for Enter."""

Kind = Literal["draw", "pass", "keep"]


class PrivacyError(ValueError):
    """The host sent a client what its seats may not see (a broken host, never a player's
    doing): the client refuses it rather than show it."""


@dataclass(frozen=True)
class _Before:
    """The table before a step, as the log words it: the public board, and the tile the
    acting seat had drawn if this client saw it."""

    board: Board
    drawn: Tile | None


class SeatClient:
    """One screen's client of a table: what it shows and what its keys ask the host for."""

    def __init__(self) -> None:
        self.table = TableInfo(rules=preset("cross"), seats=())
        """The table (rules, seats, take-backs, the computers' pause), from the host."""
        self.seats: tuple[int, ...] = ()
        """The seats this client's people play (none: a spectator)."""
        self.view: View | None = None
        """What the host lets this client see now."""
        self.prompt: Prompt = Waiting(seat=0)
        """What the host waits for now."""
        self.log: list[str] = []
        """The log's lines, oldest first."""
        self.log_restarts = 0
        """How many times the log started again (a take-back): a screen redraws it whole."""
        self.selected_tile: Tile | None = None
        """The selected tile of the person on turn (kept as a tile: it survives re-sorting)."""
        self.chosen: str | None = None
        """The open end the selected tile would be played on, once chosen."""
        self.fresh_tiles: dict[int, frozenset[Tile]] = {}
        """The tiles each seat drew on its latest turn (as far as this client saw them)."""
        self.feedback = ""
        """The latest news, or why the last key did nothing (shown under the status)."""
        self.thinking = False
        """True while the computer on turn is still thinking after its pause."""
        self.hint_pending = False
        """True while a hint asked for is being worked out."""
        self.unsaved: str | None = None
        """Why the game's file is behind, in words (None: it is saved)."""
        self.closed = False
        """True once the host closed the table."""
        self.received = 0
        """How many messages came from the host (a screen redraws when this changes)."""
        self._last_actor: int | None = None
        self._drawn: dict[int, Tile] = {}
        self._digits = TileTyping()
        self._end_typed = ""
        self._legal: tuple[View | None, tuple[Action, ...]] = (None, ())

    # ----- taking in the host's messages ---------------------------------------------------------

    def receive(self, message: HostMessage) -> None:
        """Take in one message from the host."""
        self.received += 1
        if isinstance(message, Welcome):
            self.table, self.seats = message.table, message.seats
            self.unsaved = message.unsaved
            self._restart_log()
            self._new_view(message.view, message.prompt, message.steps)
        elif isinstance(message, Update):
            if message.restart:
                self._restart_log()
            self._new_view(message.view, message.prompt, message.steps)
            for assist in (a for step in message.steps for a in step.assists):
                if assist.kind == "take_back":
                    self.tell(prompts.taken_back(len(assist.undone)))
        elif isinstance(message, StillThinking):
            self.thinking = True
        elif isinstance(message, HintGiven):
            self._hint_given(message)
        elif isinstance(message, NoHint):
            self.hint_pending = False
            self.tell(prompts.NO_HINT)
        elif isinstance(message, Refused):
            self.hint_pending = False
            self.tell(prompts.host_refused(message.reason, message.rule))
        elif isinstance(message, SaveProblem):
            self.unsaved = message.problem
        elif isinstance(message, Closed):
            self.closed = True

    def _restart_log(self) -> None:
        self.log = []
        self.log_restarts += 1
        self.fresh_tiles, self._drawn, self._last_actor = {}, {}, None

    def _new_view(self, view: View, prompt: Prompt, steps: Iterable[Step]) -> None:
        """A new view and prompt, after ``steps``: log them, mark new tiles, reset the
        selection for the turn. A seat's view for a seat this client does not play is refused
        (:class:`PrivacyError`): the host broke the contract."""
        if isinstance(view, SeatView) and view.seat not in self.seats:
            raise PrivacyError(f"seat {view.seat}'s view was sent to a client of {self.seats}")
        acted = False
        for step in steps:
            self._log_step(step)
            acted = acted or step.action is not None
        if acted:
            self.feedback = ""
            self.hint_pending = False
            self._typing_done()
            for step in steps:
                if not any(isinstance(event, RoundScored) for event in step.events):
                    for event in step.events:
                        if isinstance(event, FootOpened):
                            self.tell(foot_news(event, self.names))
        self.view, self.prompt = view, prompt
        self.thinking = False
        self._reset_selection(keep_chosen=not acted)

    def _log_step(self, step: Step) -> None:
        """Log one step and note the tiles its seat drew."""
        action = step.action
        before = None
        if step.board is not None and action is not None:
            before = _Before(step.board, self._drawn.get(action.seat))
        self.log += describe_turn(action, step.events, before, self.names, self.log_viewer)
        self.log += [assist_line(assist, self.names) for assist in step.assists]
        if action is not None and action.seat != self._last_actor:
            self.fresh_tiles.pop(action.seat, None)
        if action is not None:
            self._last_actor = action.seat
        for event in step.events:
            if isinstance(event, RoundStarted):
                self.fresh_tiles.clear()
                self._drawn.clear()
            elif isinstance(event, TileDrawn) and event.tile is not None:
                drawn = self.fresh_tiles.get(event.seat, frozenset())
                self.fresh_tiles[event.seat] = drawn | {event.tile}
                self._drawn[event.seat] = event.tile

    def _hint_given(self, message: HintGiven) -> None:
        self.hint_pending = False
        hint = message.hint
        action = hint.action
        if isinstance(action, Play) and action.tile in self.hand():
            self.selected_tile, self.chosen = action.tile, action.target
        self.log.append(assist_line(message.assist, self.names))
        self.tell(hint_text(hint.hint(), self.names, self.labels()))

    # ----- who sees what -------------------------------------------------------------------------

    @property
    def names(self) -> tuple[str, ...]:
        """Every seat's name."""
        return self.table.names

    @property
    def shared(self) -> bool:
        """True when several people share this client's keyboard."""
        return len(self.seats) > 1

    @property
    def log_viewer(self) -> int:
        """Whose drawn tiles the log may name: this client's only person, nobody's when several
        share the keyboard (the log stays on screen across hand-offs) or for a spectator."""
        return self.seats[0] if len(self.seats) == 1 else NOBODY

    @property
    def seat_view(self) -> SeatView | None:
        """The view of the seat whose hand may be shown, or None (the public view only)."""
        view = self.view
        return view if isinstance(view, SeatView) else None

    @property
    def on_turn(self) -> bool:
        """True when the host waits for this client's person on turn to act."""
        return isinstance(self.prompt, YourTurn) and self.seat_view is not None

    def hand(self) -> tuple[Tile, ...]:
        """The hand shown, in hand order (see :func:`sorted_hand`); empty when hidden."""
        view = self.seat_view
        return sorted_hand(view.hand) if view is not None else ()

    @property
    def selected(self) -> int | None:
        """The position of the selected tile in the hand as shown, or None."""
        hand = self.hand()
        tile = self.selected_tile
        return hand.index(tile) if tile is not None and tile in hand else None

    def legal(self) -> tuple[Action, ...]:
        """What the person on turn may do now, from their view (empty off turn)."""
        view = self.seat_view
        if view is None or not self.on_turn:
            return ()
        cached, actions = self._legal
        if cached is not view:
            actions = legal_in_view(view)
            self._legal = (view, actions)
        return actions

    def playable(self) -> dict[int, tuple[str, ...]]:
        """Hand index -> the ends that tile may be played on now (for the person on turn)."""
        found: dict[int, tuple[str, ...]] = {}
        hand = self.hand()
        for action in self.legal():
            if isinstance(action, Play):
                index = hand.index(action.tile)
                found[index] = found.get(index, ()) + (action.target,)
        return found

    def labels(self) -> dict[str, str]:
        """The key of every open end now (see :func:`~chickenfoot.play.keys.end_keys`)."""
        return end_keys(self.view.board) if self.view is not None else {}

    def can(self, kind: Kind) -> bool:
        """True if the person on turn may ``draw``, ``pass`` (nothing to play or draw) or
        ``keep`` (the playable tile just drawn) now."""
        legal = self.legal()
        view = self.seat_view
        drawn = view is not None and view.drawn is not None
        if kind == "draw":
            return any(isinstance(action, Draw) for action in legal)
        passes = any(isinstance(action, Pass) for action in legal)
        return passes and (drawn if kind == "keep" else not drawn)

    def key_works(self, action: str) -> bool:
        """True if the key of the screen's ``action`` does something now. The keys of a turn
        (choosing, playing) stay listed while people play, so the footer is not rebuilt on
        every turn: pressed out of turn they say why they do nothing. Nothing of a turn works
        while a hand-off or a dead draw waits for Enter."""
        prompt = self.prompt
        if action == "show_hand":
            return isinstance(prompt, PassKeyboard)
        if action == "seen_draw":
            return isinstance(prompt, DeadDraw)
        if action in TURN_ACTIONS and isinstance(prompt, PassKeyboard | DeadDraw):
            return False
        if action in ("select_tile", "choose_end", "play", "unavailable"):
            return bool(self.seats) and not isinstance(prompt, GameEnded)
        if action in ("draw", "keep"):
            return self.can("draw" if action == "draw" else "keep")
        if action == "pass_turn":
            return self.can("pass")
        if action == "speed":
            return bool(self.table.computers)
        if action == "hint":
            return self.on_turn and not self.hint_pending
        if action == "take_back":
            return isinstance(prompt, YourTurn) and prompt.take_back
        return True

    # ----- reading what to show ----------------------------------------------------------------

    def shown(self) -> TableShown:
        """Everything the game screen shows now (a pure read)."""
        view = self.view
        assert view is not None, "the host's first message brings a view"
        rules = view.rules
        playable = self.playable()
        selected = self.selected if self.on_turn else None
        labels = self.labels()
        legal = playable.get(selected, ()) if selected is not None else ()
        chosen = self.chosen if self.on_turn else None
        over = isinstance(self.prompt, RoundEnded | GameEnded)
        board = BoardShown(
            view.board,
            labels if not over else {},
            legal,
            chosen,
            self._fresh_on_board(view) if not over else frozenset(),
            rules.set_size,
        )
        status = self.status(playable, labels)
        return TableShown(
            board=board,
            hand=self._hand_shown(playable, selected),
            seats=SeatsShown(
                self.names,
                view.hand_counts,
                view.totals,
                None if over else view.turn,
                self.table.computers,
            ),
            status=StatusShown(status.text, status.tone, self.feedback or self.unsaved or ""),
            topbar=(
                f"Round {view.round_number} of {rules.round_count}",
                f" · {view.round_double}|{view.round_double} · boneyard {view.boneyard_count}",
                "" if over or view.over else f" · {board_requirement(view.board)}",
            ),
            unsaved=self.unsaved or "",
        )

    def _fresh_on_board(self, view: View) -> frozenset[int]:
        """The tiles laid since the viewer's last move this round (indexes in ``played``):
        the seat shown, or the seat on turn."""
        viewer = view.seat if isinstance(view, SeatView) else view.turn
        plays = 0
        seen = None
        for action in view.history:
            if isinstance(action, Play):
                plays += 1
            if action.seat == viewer:
                seen = plays
        played = len(view.board.played)
        return frozenset(range(seen, played)) if seen is not None else frozenset()

    def _hand_shown(self, playable: dict[int, tuple[str, ...]], selected: int | None) -> HandShown:
        view = self.view
        assert view is not None
        seat_view = self.seat_view
        if seat_view is None:
            prompt = self.prompt
            banner = ""
            if isinstance(prompt, PassKeyboard):
                banner = prompts.pass_to(self._name(prompt.seat))
            backs = view.hand_counts[view.turn] if view.turn < len(view.hand_counts) else 0
            return HandShown(hidden=True, backs=backs, title="Hands hidden", banner=banner)
        tiles = sorted_hand(seat_view.hand)
        fresh = self.fresh_tiles.get(seat_view.seat, frozenset())
        title = prompts.hand_title(self._name(seat_view.seat), tiles, seat_view.rules)
        return HandShown(
            tiles,
            playable=frozenset(playable),
            selected=selected,
            fresh=frozenset(index for index, tile in enumerate(tiles) if tile in fresh),
            title=title,
        )

    def _name(self, seat: int) -> str:
        return seat_name(self.names, seat)

    def status(self, playable: dict[int, tuple[str, ...]], labels: dict[str, str]) -> StatusShown:
        """The status line: what the person on turn can do now, in a few plain words (what the
        board needs is in the top bar)."""
        prompt = self.prompt
        if isinstance(prompt, GameEnded):
            return StatusShown(prompts.GAME_OVER, "success")
        if isinstance(prompt, RoundEnded):
            return StatusShown(prompts.round_over(prompt.result.round), "success")
        if isinstance(prompt, DeadDraw):
            return StatusShown(prompts.dead_draw(self._name(prompt.seat), prompt.tile), "warning")
        if isinstance(prompt, Waiting | PassKeyboard):
            who = self._name(prompt.seat)
            if isinstance(prompt, Waiting) and prompt.computer:
                if self.thinking:
                    return StatusShown(prompts.computer_thinking(who))
                return StatusShown(prompts.computer_playing(who))
            return StatusShown(prompts.waiting_for(who))
        view = self.seat_view
        assert view is not None, "a person on turn sees their own view"
        who = self._name(view.seat)
        if view.drawn is not None:
            keep = view.rules.drawn_tile == "may_play"
            return StatusShown(prompts.drew_playable(who, view.drawn, keep), "warning")
        if not playable:
            return StatusShown(prompts.nothing_fits(who, self.can("draw")), "warning")
        selected = self.selected
        if selected is None:
            return StatusShown(prompts.choose_a_tile(who))
        tile = self.hand()[selected]
        ends = playable.get(selected, ())
        return StatusShown(prompts.selection(who, tile, ends, self.chosen, labels))

    def why_not(self, key: str) -> str:
        """Why the key for ``key`` (``play``, ``draw``, ``pass``, ``keep`` or ``choose``) does
        nothing now, in words: the rules are asked, never restated."""
        prompt = self.prompt
        if isinstance(prompt, GameEnded):
            return prompts.GAME_OVER
        view = self.seat_view
        if not self.on_turn or view is None:
            seat = prompt.seat if isinstance(prompt, Waiting | PassKeyboard | DeadDraw) else None
            if seat is None:
                return prompts.KEY_DOES_NOTHING
            computer = isinstance(prompt, Waiting) and prompt.computer
            return prompts.not_your_turn(self._name(seat), computer=computer)
        drawn = view.drawn
        if key == "play":
            return prompts.no_tile_fits(can_draw=self.can("draw"))
        if key == "choose":
            return prompts.CHOOSE_A_TILE
        if key == "pass" and drawn is not None and self.can("keep"):
            return prompts.use_keep(drawn)
        if key == "keep" and drawn is None:
            return prompts.NOTHING_DRAWN
        if key == "draw":
            refused = refusal_in_view(view, Draw(seat=view.seat))
            return prompts.refused("draw", refused.reason if refused else None, drawn)
        if key in ("pass", "keep"):
            refused = refusal_in_view(view, Pass(seat=view.seat))
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

    def type_digit(self, digit: str) -> None:
        """A digit key: choose the tile with that number (two digits in a long hand, see
        :class:`~chickenfoot.play.keys.TileTyping`); say so if there is none."""
        self._end_typed = ""
        if not self.on_turn:
            self.tell(self.why_not("choose"))
            return
        hand = self.hand()
        number = self._digits.type(digit, len(hand))
        if number is None:
            self.tell(prompts.only_tiles(len(hand)))
        else:
            self.select(number - 1)

    def type_letter(self, letter: str) -> None:
        """A letter of an open end's key: choose that end once its key is complete (most keys
        are one letter; longer ones start with ``z``); say so if no end has that key."""
        self._digits.clear()
        typed = self._end_typed + letter
        labels = self.labels()
        target = next((end for end, key in labels.items() if key == typed), None)
        if target is not None:
            self._end_typed = ""
            self.choose_end(target)
        elif any(key.startswith(typed) for key in labels.values()):
            self._end_typed = typed
            self.tell(prompts.key_so_far(typed))
        else:
            self._end_typed = ""
            self.tell(prompts.no_end_labelled(typed))

    def _typing_done(self) -> None:
        """Any other key ends a tile's number or an end's key being typed."""
        self._digits.clear()
        self._end_typed = ""

    def select(self, index: int) -> None:
        """Select the tile at ``index`` of the hand as shown; say so if that cannot be."""
        if not self.on_turn:
            self.tell(self.why_not("choose"))
            return
        hand = self.hand()
        if not 0 <= index < len(hand):
            self.tell(prompts.only_tiles(len(hand)))
            return
        self.selected_tile = hand[index]
        ends = self.playable().get(index, ())
        self.chosen = ends[0] if len(ends) == 1 else None

    def step_tile(self, step: int) -> None:
        """Move the selection ``step`` tiles right (left if negative), wrapping around."""
        self._typing_done()
        if not self.on_turn:
            self.tell(self.why_not("choose"))
            return
        hand = self.hand()
        if hand:
            current = self.selected
            if current is None:
                current = -1 if step > 0 else 0
            self.select((current + step) % len(hand))

    def step_end(self, step: int) -> None:
        """Move the chosen end among the ends the selected tile fits."""
        self._typing_done()
        selected = self.selected
        if not self.on_turn or selected is None:
            self.tell(self.why_not("choose"))
            return
        ends = self.playable().get(selected, ())
        if not ends:
            self.tell(prompts.fits_no_end(self.hand()[selected]))
            return
        if self.chosen in ends:
            index = (ends.index(self.chosen) + step) % len(ends)
        else:
            index = 0 if step > 0 else len(ends) - 1
        self.chosen = ends[index]

    def choose_end(self, target: str) -> None:
        """Choose the open end ``target`` for the selected tile; if that tile does not fit
        there, select the first tile that does."""
        self._typing_done()
        if not self.on_turn:
            self.tell(self.why_not("choose"))
            return
        playable = self.playable()
        selected = self.selected
        if selected is not None and target in playable.get(selected, ()):
            self.chosen = target
            return
        fitting = [index for index, ends in sorted(playable.items()) if target in ends]
        if not fitting:
            assert self.view is not None
            label = self.labels().get(target, target)
            self.tell(prompts.nothing_fits_end(label, self.view.board.value_at(target)))
            return
        self.selected_tile = self.hand()[fitting[0]]
        self.chosen = target

    # ----- commands: asking the host -------------------------------------------------------------

    def play(self) -> ClientMessage | None:
        """Play the selected tile on the chosen end (at once when it fits one end only); None,
        with the reason told, when there is no such play."""
        self._typing_done()
        playable = self.playable()
        view = self.seat_view
        if not self.on_turn or not playable or view is None:
            self.tell(self.why_not("play"))
            return None
        selected = self.selected
        if selected is None:
            self.tell(prompts.CHOOSE_A_TILE)
            return None
        tile = self.hand()[selected]
        ends = playable.get(selected, ())
        if not ends:
            self.tell(prompts.cannot_play_selected(tile, view.drawn))
            return None
        if self.chosen in ends:
            target = self.chosen
        elif len(ends) == 1:
            target = ends[0]
        else:
            labels = self.labels()
            self.tell(prompts.choose_an_end(tile, [labels.get(end, end) for end in ends]))
            return None
        return Act(action=Play(seat=view.seat, tile=tile, target=target))

    def draw(self) -> ClientMessage | None:
        """Draw a tile (only when nothing fits); None, with the reason told, otherwise."""
        return self._simple("draw", Draw)

    def pass_turn(self) -> ClientMessage | None:
        """Pass (nothing fits, nothing to draw); None, with the reason told, otherwise."""
        return self._simple("pass", Pass)

    def keep(self) -> ClientMessage | None:
        """Keep the playable tile just drawn; None, with the reason told, otherwise."""
        return self._simple("keep", Pass)

    def _simple(self, kind: Kind, make: type[Draw] | type[Pass]) -> ClientMessage | None:
        self._typing_done()
        view = self.seat_view
        if view is None or not self.can(kind):
            self.tell(self.why_not(kind))
            return None
        return Act(action=make(seat=view.seat))

    def show_hand(self) -> ClientMessage | None:
        """At a hand-off: the person on turn has the keyboard now."""
        prompt = self.prompt
        return TakeKeyboard(seat=prompt.seat) if isinstance(prompt, PassKeyboard) else None

    def proceed(self) -> ClientMessage:
        """The dead draw or the result shown was seen: go on."""
        return Proceed()

    def ask_hint(self) -> ClientMessage | None:
        """Ask the expert for a hint (the host works it out)."""
        if not self.key_works("hint"):
            self.tell(self.why_not("choose"))
            return None
        self.hint_pending = True
        self.tell(prompts.HINT_THINKING)
        return AskHint()

    def take_back(self) -> ClientMessage | None:
        """Take back to the person's previous decision (alone against computers only)."""
        return TakeBack() if self.key_works("take_back") else None

    def change_speed(self, step: int) -> ClientMessage:
        """Make the computer players faster (``step`` 1: a shorter pause before each of their
        moves) or slower (-1); the notice says so."""
        delay = round(self.table.pause - step * BOT_DELAY_STEP, 1)
        pause = min(BOT_DELAY_MAX, max(0.0, delay))
        self.table = self.table.model_copy(update={"pause": pause})
        self.tell(prompts.computer_pause(pause))
        return SetPause(seconds=pause)

    def _reset_selection(self, *, keep_chosen: bool = False) -> None:
        """On a new turn of the person on turn: select the drawn tile after a draw; else keep
        the tile selected before if it is still in hand and playable; else select the first
        playable tile. The end is chosen when the tile fits only one."""
        view = self.seat_view
        if view is None or not self.on_turn:
            return
        hand = self.hand()
        playable = self.playable()
        if view.drawn is not None:
            self.selected_tile = view.drawn
        elif self.selected not in playable:
            first = min(playable) if playable else (0 if hand else None)
            self.selected_tile = hand[first] if first is not None else None
        selected = self.selected
        ends = playable.get(selected, ()) if selected is not None else ()
        if keep_chosen and self.chosen in ends:
            return
        self.chosen = ends[0] if len(ends) == 1 else None


class SpectatorClient(SeatClient):
    """A client of no seat: the public view only (every hand hidden, no drawn tile named),
    and none of a turn's keys."""

    def receive(self, message: HostMessage) -> None:
        """Take in one message; a welcome to play seats is refused (:class:`PrivacyError`)."""
        if isinstance(message, Welcome) and message.seats:
            raise PrivacyError(f"a spectator was welcomed to play seats {message.seats}")
        super().receive(message)
