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

from collections.abc import Callable, Iterable

from chickenfoot.lang import _, ngettext
from chickenfoot.play.client_log import ClientLog, describe_steps
from chickenfoot.play.keys import END_LETTERS
from chickenfoot.play.saving import trouble_text
from chickenfoot.play.selection import Choices, Selection
from chickenfoot.play.shown import BoardShown, HandShown, SeatsShown, StatusShown, TableShown
from chickenfoot.play.view_facts import Kind, ViewFacts
from chickenfoot.play.wire import (
    Act,
    AskGameLog,
    AskHint,
    ClientMessage,
    Closed,
    DeadDraw,
    GameEnded,
    GameLog,
    HintGiven,
    Hold,
    HostMessage,
    NoHint,
    PassKeyboard,
    Proceed,
    Prompt,
    Refused,
    RoundEnded,
    SaveProblem,
    SaveTrouble,
    Saving,
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
    Draw,
    FootOpened,
    Pass,
    Play,
    RoundScored,
    SeatView,
    Tile,
    preset,
    refusal_in_view,
)
from chickenfoot.text import prompts
from chickenfoot.text.counting import count_tiles
from chickenfoot.text.describe import board_requirement, foot_news
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


class PrivacyError(ValueError):
    """The host sent a client what its seats may not see (a broken host, never a player's
    doing): the client refuses it rather than show it."""


class SeatClient:
    """One screen's client of a table: what it shows and what its keys ask the host for."""

    def __init__(self) -> None:
        self.table = TableInfo(rules=preset("cross"), seats=())
        """The table (rules, seats, take-backs, the computers' pause), from the host."""
        self.seats: tuple[int, ...] = ()
        """The seats this client's people play (none: a spectator)."""
        self.facts = ViewFacts(None, Waiting(seat=0))
        """The view and prompt the host sent last, and what follows from them (the hand, the
        legal actions, ...)."""
        self.history = ClientLog()
        """The log's lines and the tiles each seat just drew."""
        self.selection = Selection()
        """The person's selected tile and chosen end, and the keys typed so far."""
        self.feedback = ""
        """The latest news, or why the last key did nothing (shown under the status)."""
        self.told = 0
        """How many times news or a reason was told (the same words told twice count twice)."""
        self.play_off_turn = True
        """True: Play stays offered while the others play (a table here, where the turn comes
        back in moments: the footer is not rebuilt every turn); False: on this seat's turn
        only (an online table, where the turn is this seat's alone)."""
        self.thinking = False
        """True while the computer on turn is still thinking after its pause."""
        self.hint_pending = False
        """True while a hint asked for is being worked out."""
        self.unsaved: SaveTrouble | None = None
        """Why the game's store is behind (None: it is saved)."""
        self.keys = prompts.PLAIN_KEYS
        """The keys the status lines, refusals and notices name (a screen gives its own)."""
        self.saving = False
        """True while the latest move takes long to save (the game waits for it)."""
        self.closed = False
        """True once the host closed the table."""
        self.game_log: list[str] | None = None
        """The log of the whole game, once asked for (:meth:`ask_game_log`) and sent."""
        self.received = 0
        """How many messages came from the host (a screen redraws when this changes)."""
        self.went_on = False
        """True once the person went on from the dead draw or the result shown now (others
        may still look at it)."""

    # ----- taking in the host's messages ---------------------------------------------------------

    def receive(self, message: HostMessage) -> None:
        """Take in one message from the host."""
        self.received += 1
        if isinstance(message, Welcome):
            self.table, self.seats = message.table, message.seats
            self.unsaved = message.unsaved
            self.history.restart()
            self._new_view(message.view, message.prompt, message.steps, news=False)
        elif isinstance(message, Update):
            if message.restart:
                self.history.restart()
            self._new_view(message.view, message.prompt, message.steps, news=not message.restart)
            for assist in (a for step in message.steps for a in step.assists):
                if assist.kind == "take_back":
                    self.tell(prompts.taken_back(len(assist.undone)))
        elif isinstance(message, StillThinking):
            self.thinking = True
        elif isinstance(message, HintGiven):
            self._hint_given(message)
        elif isinstance(message, NoHint):
            self.hint_pending = False
            self.tell(_(prompts.NO_HINT))
        elif isinstance(message, Refused):
            self.hint_pending = False
            self.tell(prompts.host_refused(message.reason, message.rule))
        elif isinstance(message, SaveProblem):
            self.unsaved = message.problem
        elif isinstance(message, Saving):
            self.saving = message.on
        elif isinstance(message, GameLog):
            self.game_log = describe_steps(message.steps, self.names, self.log_viewer)
        elif isinstance(message, Closed):
            self.closed = True

    def _new_view(self, view: View, prompt: Prompt, steps: Iterable[Step], *, news: bool) -> None:
        """A new view and prompt, after ``steps``: log them, mark new tiles, reset the
        selection for the turn; with ``news``, the steps just happened (a chicken foot is
        news), else they are the round so far. A seat's view for a seat this client does not
        play is refused (:class:`PrivacyError`): the host broke the contract."""
        if isinstance(view, SeatView) and view.seat not in self.seats:
            raise PrivacyError(f"seat {view.seat}'s view was sent to a client of {self.seats}")
        acted = False
        for step in steps:
            self.history.add(step, self.names, self.log_viewer)
            acted = acted or step.action is not None
        if acted and news:
            self.feedback = ""
            self.hint_pending = False
            self.selection.typing_done()
            for step in steps:
                if not any(isinstance(event, RoundScored) for event in step.events):
                    for event in step.events:
                        if isinstance(event, FootOpened):
                            self.tell(foot_news(event, self.names))
        self.facts = ViewFacts(view, prompt)
        self.went_on = False
        self.thinking = False
        choices = self.choices()
        if choices is not None:
            self.selection.reset(choices, keep_end=not acted)

    def _hint_given(self, message: HintGiven) -> None:
        self.hint_pending = False
        hint = message.hint
        action = hint.action
        if isinstance(action, Play) and action.tile in self.hand():
            self.selection.tile, self.selection.end = action.tile, action.target
        self.history.lines.append(assist_line(message.assist, self.names))
        view = self.seat_view
        counts = count_tiles(view) if view is not None else None
        self.tell(hint_text(hint.hint(), self.names, self.labels(), counts))

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
    def view(self) -> View | None:
        """What the host lets this client see now (None before its first message)."""
        return self.facts.view

    @property
    def prompt(self) -> Prompt:
        """What the host waits for now."""
        return self.facts.prompt

    @property
    def seat_view(self) -> SeatView | None:
        """The view of the seat whose hand may be shown, or None (the public view only)."""
        return self.facts.seat_view

    @property
    def on_turn(self) -> bool:
        """True when the host waits for this client's person on turn to act."""
        return self.facts.on_turn

    def hand(self) -> tuple[Tile, ...]:
        """The hand shown, in hand order (see :func:`sorted_hand`); empty when hidden."""
        return self.facts.hand

    @property
    def log(self) -> list[str]:
        """The log's lines, oldest first."""
        return self.history.lines

    @property
    def log_restarts(self) -> int:
        """How many times the log started again (a take-back): a screen redraws it whole."""
        return self.history.restarts

    @property
    def fresh_tiles(self) -> dict[int, frozenset[Tile]]:
        """The tiles each seat drew on its latest turn (as far as this client saw them)."""
        return self.history.fresh

    @property
    def chosen(self) -> str | None:
        """The open end the selected tile would be played on, once chosen."""
        return self.selection.end

    @property
    def selected(self) -> int | None:
        """The position of the selected tile in the hand as shown, or None."""
        return self.selection.index(self.hand())

    def choices(self) -> Choices | None:
        """What the person on turn may choose from now (None off turn)."""
        view = self.seat_view
        if view is None or not self.on_turn:
            return None
        hand, playable, labels = self.hand(), self.playable(), self.labels()
        return Choices(view.seat, hand, playable, labels, view.board, view.drawn, self.keys)

    def legal(self) -> tuple[Action, ...]:
        """What the person on turn may do now, from their view (empty off turn)."""
        return self.facts.legal

    def playable(self) -> dict[int, tuple[str, ...]]:
        """Hand index -> the ends that tile may be played on now (for the person on turn);
        worked out once per view: read it, never change it."""
        return self.facts.playable

    def labels(self) -> dict[str, str]:
        """The key of every open end now; read it, never change it."""
        return self.facts.labels

    def can(self, kind: Kind) -> bool:
        """True if the person on turn may ``draw``, ``pass`` (nothing to play or draw) or
        ``keep`` (the playable tile just drawn) now."""
        return self.facts.can(kind)

    def key_works(self, action: str) -> bool:
        """True if the key of the screen's ``action`` does something now. The keys of a turn
        (choosing, playing) stay listed while people play, so the footer is not rebuilt on
        every turn: pressed out of turn they say why they do nothing (Play at an online table
        is offered on the seat's turn only: :attr:`play_off_turn`). Nothing of a turn works
        while a hand-off or a dead draw waits for Enter."""
        prompt = self.prompt
        if action == "show_hand":
            return isinstance(prompt, PassKeyboard)
        if action == "seen_draw":
            return isinstance(prompt, DeadDraw)
        if action in TURN_ACTIONS and isinstance(prompt, PassKeyboard | DeadDraw):
            return False
        if action == "play" and not (self.on_turn or self.play_off_turn):
            return False  # pressed, it says whose turn it is
        if action in ("select_tile", "choose_end", "play", "unavailable"):
            return bool(self.seats) and not isinstance(prompt, GameEnded)
        if action in ("draw", "keep"):
            return self.can("draw" if action == "draw" else "keep")
        if action == "pass_turn":
            return self.can("pass")
        if action == "speed":
            return bool(self.table.computers)
        if action == "hint":
            hint_allowed = isinstance(prompt, YourTurn) and prompt.hint
            return self.on_turn and hint_allowed and not self.hint_pending
        if action == "take_back":
            return isinstance(prompt, YourTurn) and prompt.take_back
        return True

    # ----- reading what to show ----------------------------------------------------------------

    @property
    def unsaved_notice(self) -> str | None:
        """The lasting notice of a game the store no longer keeps up with, advising this
        interface's way to save a copy (None: the game is saved)."""
        if self.unsaved is None:
            return None
        return prompts.unsaved(trouble_text(self.unsaved), self.keys.save_copy)

    def shown(self) -> TableShown:
        """Everything the game screen shows now (a pure read)."""
        return shown_by(self)

    def why_not(self, key: str) -> str:
        """Why the key for ``key`` (``play``, ``draw``, ``pass``, ``keep``, ``choose``,
        ``take_back`` or ``hint``) does nothing now, in words (see :func:`refusal_text`)."""
        return refusal_text(self, key)

    # ----- commands: choosing ------------------------------------------------------------------

    def tell(self, text: str | None) -> None:
        """Show ``text`` (why a key did nothing, or news) under the status, until the next
        action; None changes nothing."""
        if text is not None:
            self.feedback = text
            self.told += 1

    def _choose(self, command: Callable[[Choices], str | None]) -> None:
        """Run a choosing command on the turn's choices; say why not off turn."""
        choices = self.choices()
        self.tell(self.why_not("choose") if choices is None else command(choices))

    def type_digit(self, digit: str) -> None:
        """A digit key: choose the tile with that number (see :meth:`Selection.type_digit`)."""
        self._choose(lambda choices: self.selection.type_digit(digit, choices))

    def type_letter(self, letter: str) -> None:
        """A letter of an open end's key (see :meth:`Selection.type_letter`); once a long
        key is complete, its "z…: type the rest" prompt goes."""
        typed = self.selection.key_typed
        self._choose(lambda choices: self.selection.type_letter(letter, choices))
        if typed and self.feedback == prompts.key_so_far(typed):
            self.feedback = ""

    def type_key(self, character: str) -> bool:
        """A character typed at the table: a digit chooses a tile (:meth:`type_digit`), a
        letter of an open end's key that end (:meth:`type_letter`). False for any other
        character: it means nothing here."""
        if character.isdigit():
            self.type_digit(character)
        elif character in END_LETTERS:
            self.type_letter(character)
        else:
            return False
        return True

    def select(self, index: int) -> None:
        """Select the tile at ``index`` of the hand as shown; say so if that cannot be."""
        self._choose(lambda choices: self.selection.select(index, choices))

    def step_tile(self, step: int) -> None:
        """Move the selection ``step`` tiles right (left if negative), wrapping around."""
        self._choose(lambda choices: self.selection.step_tile(step, choices))

    def step_end(self, step: int) -> None:
        """Move the chosen end among the ends the selected tile fits."""
        self._choose(lambda choices: self.selection.step_end(step, choices))

    def choose_end(self, target: str) -> None:
        """Choose the open end ``target`` for the selected tile, or the first tile that fits
        it (see :meth:`Selection.choose_end`)."""
        self._choose(lambda choices: self.selection.choose_end(target, choices))

    # ----- commands: asking the host -------------------------------------------------------------

    def play(self) -> ClientMessage | None:
        """Play the selected tile on the chosen end (at once when it fits one end only); None,
        with the reason told, when there is no such play."""
        choices = self.choices()
        if choices is None or not choices.playable:
            self.selection.typing_done()
            self.tell(self.why_not("play"))
            return None
        play = self.selection.play(choices)
        if isinstance(play, str):
            self.tell(play)
            return None
        return Act(action=play)

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
        self.selection.typing_done()
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
        """The dead draw or the result shown was seen: go on (others may still look at it)."""
        self.went_on = True
        return Proceed()

    def ask_hint(self) -> ClientMessage | None:
        """Ask the expert for a hint (the host works it out)."""
        if not self.key_works("hint"):
            self.tell(self.why_not("hint"))
            return None
        self.hint_pending = True
        self.tell(_(prompts.HINT_THINKING))
        return AskHint()

    def ask_game_log(self) -> ClientMessage:
        """Ask for the whole game's log (it comes as :attr:`game_log`)."""
        self.game_log = None
        return AskGameLog()

    def hold(self, on: bool) -> ClientMessage:
        """The screen is covered (``on``) or uncovered: computers wait meanwhile."""
        return Hold(on=on)

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


class SpectatorClient(SeatClient):
    """A client of no seat: the public view only (every hand hidden, no drawn tile named),
    and none of a turn's keys."""

    def receive(self, message: HostMessage) -> None:
        """Take in one message; a welcome to play seats is refused (:class:`PrivacyError`)."""
        if isinstance(message, Welcome) and message.seats:
            raise PrivacyError(f"a spectator was welcomed to play seats {message.seats}")
        super().receive(message)


# ----- what a screen shows of a client ---------------------------------------------------------


def shown_by(client: SeatClient) -> TableShown:
    """Everything the game screen shows of ``client`` now (a pure read)."""
    view = client.view
    assert view is not None, "the host's first message brings a view"
    rules = view.rules
    playable = client.playable()
    selected = client.selected if client.on_turn else None
    labels = client.labels()
    over = isinstance(client.prompt, RoundEnded | GameEnded)
    board = BoardShown(
        view.board,
        labels,
        playable.get(selected, ()) if selected is not None else (),
        client.chosen if client.on_turn else None,
        client.facts.fresh_on_board if not over else frozenset(),
        rules.set_size,
    )
    status = status_of(client, playable, labels)
    return TableShown(
        board=board,
        hand=hand_of(client, playable, selected),
        seats=SeatsShown(
            client.names,
            view.hand_counts,
            view.totals,
            None if over else view.turn,
            client.table.computers,
        ),
        status=StatusShown(
            status.text, status.tone, client.feedback or client.unsaved_notice or ""
        ),
        topbar=(
            _("Round {number} of {rounds}").format(
                number=view.round_number, rounds=rules.round_count
            ),
            f" · {view.round_double}|{view.round_double} · "
            # Translators: the top bar's count of the tiles left in the boneyard.
            + ngettext("boneyard {count}", "boneyard {count}", view.boneyard_count).format(
                count=view.boneyard_count
            ),
            "" if over or view.over else f" · {board_requirement(view.board)}",
        ),
        unsaved=client.unsaved_notice or "",
        saving=client.saving,
    )


def hand_of(
    client: SeatClient, playable: dict[int, tuple[str, ...]], selected: int | None
) -> HandShown:
    """The hand ``client`` shows: its seat's tiles and marks, or (hidden) only backs."""
    view = client.view
    assert view is not None
    seat_view = client.seat_view
    if seat_view is None:
        prompt = client.prompt
        banner = ""
        if isinstance(prompt, PassKeyboard):
            banner = prompts.pass_to(seat_name(client.names, prompt.seat), client.keys)
        backs = view.hand_counts[view.turn] if view.turn < len(view.hand_counts) else 0
        return HandShown(hidden=True, backs=backs, title=_("Hands hidden"), banner=banner)
    tiles = sorted_hand(seat_view.hand)
    fresh = client.fresh_tiles.get(seat_view.seat, frozenset())
    title = prompts.hand_title(seat_name(client.names, seat_view.seat), tiles, seat_view.rules)
    return HandShown(
        tiles,
        playable=frozenset(playable),
        selected=selected,
        fresh=frozenset(index for index, tile in enumerate(tiles) if tile in fresh),
        title=title,
    )


def status_of(
    client: SeatClient, playable: dict[int, tuple[str, ...]], labels: dict[str, str]
) -> StatusShown:
    """The status line: what the person on turn can do now, in a few plain words (what the
    board needs is in the top bar), or what the table waits for."""
    prompt = client.prompt
    if isinstance(prompt, GameEnded):
        return StatusShown(_(prompts.GAME_OVER), "success")
    if isinstance(prompt, RoundEnded):
        number = prompt.result.round
        last = number >= client.table.rules.round_count
        if client.went_on:  # do others still look at the result?
            seats = enumerate(client.table.seats)
            others = any(not seat.computer and n not in client.seats for n, seat in seats)
            return StatusShown(prompts.round_seen(number, last=last, others=others), "success")
        return StatusShown(prompts.round_over(number, last=last, keys=client.keys), "success")
    if isinstance(prompt, DeadDraw):
        who = seat_name(client.names, prompt.seat)
        return StatusShown(prompts.dead_draw(who, prompt.tile, client.keys), "warning")
    if isinstance(prompt, Waiting | PassKeyboard):
        who = seat_name(client.names, prompt.seat)
        if isinstance(prompt, Waiting) and prompt.computer:
            if client.thinking:
                return StatusShown(prompts.computer_thinking(who))
            return StatusShown(prompts.computer_playing(who))
        if isinstance(prompt, Waiting):
            return StatusShown(prompts.waiting_elsewhere(who))
        return StatusShown(prompts.waiting_for(who))
    view = client.seat_view
    assert view is not None, "a person on turn sees their own view"
    who = seat_name(client.names, view.seat)
    if view.drawn is not None:
        keep = view.rules.drawn_tile == "may_play"
        fits = playable.get(client.selected, ()) if client.selected is not None else ()
        several = [labels.get(end, "?") for end in fits] if client.chosen is None else []
        status = prompts.drew_playable(who, view.drawn, keep, client.keys, several)
        return StatusShown(status, "warning")
    if not playable:
        return StatusShown(prompts.nothing_fits(who, client.can("draw"), client.keys), "warning")
    selected = client.selected
    if selected is None:
        return StatusShown(prompts.choose_a_tile(who, client.keys))
    tile = client.hand()[selected]
    ends = playable.get(selected, ())
    return StatusShown(prompts.selection(who, tile, ends, client.chosen, labels, client.keys))


def keys_working(client: SeatClient, actions: Iterable[str]) -> frozenset[str]:
    """Those of a screen's ``actions`` whose keys do something now for ``client``
    (:meth:`SeatClient.key_works`); Play only while a tile fits (with none, Enter says why and
    the footer offers none)."""
    working = {action for action in actions if client.key_works(action)}
    if client.on_turn and not client.playable():
        working.discard("play")
    return frozenset(working)


def refusal_text(client: SeatClient, key: str) -> str:
    """Why the key for ``key`` (``play``, ``draw``, ``pass``, ``keep``, ``choose``,
    ``take_back`` or ``hint``) does nothing now for ``client``, in words: the rules are asked,
    on its seat's view, never restated."""
    prompt = client.prompt
    if isinstance(prompt, GameEnded):
        return _(prompts.GAME_OVER)
    if key == "take_back":
        return prompts.no_take_back(shared=not client.table.take_backs)
    view = client.seat_view
    if not client.on_turn or view is None:
        seat = prompt.seat if isinstance(prompt, Waiting | PassKeyboard | DeadDraw) else None
        if seat is None:
            return _(prompts.KEY_DOES_NOTHING)
        computer = isinstance(prompt, Waiting) and prompt.computer
        elsewhere = isinstance(prompt, Waiting) and not prompt.computer
        return prompts.not_your_turn(
            seat_name(client.names, seat), computer=computer, elsewhere=elsewhere, keys=client.keys
        )
    drawn = view.drawn
    if key == "hint":
        return _(prompts.HINT_THINKING if client.hint_pending else prompts.NO_MORE_HINTS)
    if key == "play":
        return prompts.no_tile_fits(can_draw=client.can("draw"), keys=client.keys)
    if key == "choose":
        return prompts.choose_tile_first(client.keys)
    if key == "pass" and drawn is not None and client.can("keep"):
        return prompts.use_keep(drawn, client.keys)
    if key == "keep" and drawn is None:
        return prompts.nothing_drawn(client.keys)
    if key == "draw":
        refused = refusal_in_view(view, Draw(seat=view.seat))
        return prompts.refused("draw", refused.reason if refused else None, drawn, client.keys)
    if key in ("pass", "keep"):
        refused = refusal_in_view(view, Pass(seat=view.seat))
        return prompts.refused(
            "keep" if key == "keep" else "pass",
            refused.reason if refused else None,
            drawn,
            client.keys,
        )
    return _(prompts.KEY_DOES_NOTHING)
