"""The game screen: board, hand, seats, log and status; keys and clicks become actions.

Data flows one way: a key press becomes an action, :meth:`GameSession.act` applies and saves
it and returns the events, and the widgets are shown the new state. Computer seats play on
a Textual timer after ``bot_delay`` seconds, never with a blocking sleep. With two or more
people at the keyboard, the hand is hidden and a hand-off screen asks for the next player
before any hand is shown; a hand is never on screen while another seat is at the keyboard.
"""

from __future__ import annotations

from collections.abc import Iterable

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.events import Key, ScreenResume
from textual.geometry import Region
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer, Static

from chickenfoot.play.session import GameSession
from chickenfoot.rules import (
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
    visible_to,
)
from chickenfoot.text.describe import board_requirement, describe_event
from chickenfoot.text.words import double_text, place_name, possessive, seat_name
from chickenfoot.tui.commands import PaletteCommand, action_commands
from chickenfoot.tui.widgets import BoardView, EventLog, HandView, SeatsPanel, StatusLine
from chickenfoot.tui.widgets.hand import sorted_hand

END_KEYS = "abcefghijlmnortuvwxyzABCEFGHIJLMNORTUVWXYZ"
"""Letters that label open ends: every letter except the game's own keys (d, k, p, q, s)."""

BOT_DELAY_STEP = 0.2
BOT_DELAY_MAX = 3.0
CHECKED_ACTIONS = ("select_tile", "play", "draw", "pass_turn", "keep", "bot_delay")
"""The actions whose keys come and go with the state of the game (see ``check_action``)."""
PALETTE_COMMANDS = (
    ("draw", "Draw a tile", "Take a tile from the boneyard (only with no play)"),
    ("pass_turn", "Pass", "End the turn: nothing fits and nothing to draw"),
    ("keep", "Keep the drawn tile", "Keep the playable tile you drew and end the turn"),
    ("scoreboard", "Scoreboard", "Every round's scores so far"),
    ("help", "Help", "Keys and a summary of the rules"),
    ("save_as", "Save a copy as...", "Write this game to a file of your choice"),
    ("bot_delay(1)", "Slower computer players", "Lengthen the pause before each computer move"),
    ("bot_delay(-1)", "Faster computer players", "Shorten the pause before each computer move"),
    ("new_game", "New game", "Set up another game (this one stays saved: Load game resumes it)"),
    ("leave", "Back to the menu", "The game stays saved: Continue resumes it"),
)
"""(action, title, help) of the command palette's game commands, listed only when they apply."""
NOBODY = -1
"""A viewer seat that matches no seat: every drawn tile is hidden from it."""


def end_labels(targets: Iterable[str]) -> dict[str, str]:
    """Key letters for open ends, in board order: the first end gets "a", the next "b", ..."""
    return {
        target: END_KEYS[index] for index, target in enumerate(targets) if index < len(END_KEYS)
    }


class GameScreen(Screen[None]):
    """One game in play, driven by a :class:`GameSession`."""

    CSS_PATH = "game.tcss"

    BINDINGS = [
        Binding("left", "select_tile(-1)", "Tile", key_display="←→"),
        Binding("right", "select_tile(1)", "Tile", show=False),
        Binding("up", "choose_end(-1)", "End", key_display="↑↓"),
        Binding("down", "choose_end(1)", "End", show=False),
        Binding("enter", "play", "Play"),
        Binding("enter", "unavailable('play')", show=False),
        Binding("d", "draw", "Draw"),
        Binding("d", "unavailable('draw')", show=False),
        Binding("p", "pass_turn", "Pass"),
        Binding("p", "unavailable('pass')", show=False),
        Binding("k", "keep", "Keep"),
        Binding("k", "unavailable('keep')", show=False),
        Binding("s", "scoreboard", "Scores"),
        Binding("question_mark", "help", "Help", key_display="?"),
        Binding("ctrl+s", "save_as", "Save as"),
        Binding("plus,equals_sign", "bot_delay(1)", "Slower", key_display="+", show=False),
        Binding("minus", "bot_delay(-1)", "Faster", key_display="-", show=False),
        Binding("pageup", "scroll_board(-1)", "Scroll board", show=False),
        Binding("pagedown", "scroll_board(1)", "Scroll board", show=False),
        Binding("escape", "leave", "Menu"),
    ]

    def __init__(self, session: GameSession, *, bot_delay: float = 0.6) -> None:
        super().__init__()
        self.session = session
        self.bot_delay = max(0.0, bot_delay)
        self.selected_tile: Tile | None = None
        self.fresh_tiles: dict[int, frozenset[Tile]] = {}
        self._last_actor: int | None = None
        self.chosen: str | None = None
        self.labels: dict[str, str] = {}
        self.last_human: int | None = None
        self.pending_game_over: GameOver | None = None
        self._bot_timer: Timer | None = None
        self._bot_token = 0
        self._hand_title: Content | None = None
        self._topbar: Content | None = None
        self._keys_shown: tuple[bool, ...] = ()
        self._selection_turn: tuple[int, int, int] | None = None
        self._handoff_seat: int | None = None

    # ----- layout ----------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        """Top bar, board and side panel, hand, status line, footer."""
        yield Static(id="topbar", markup=False)
        with Horizontal(id="main"):
            with VerticalScroll(id="board-scroll", can_focus=False) as board_scroll:
                board_scroll.border_title = "Board"
                yield BoardView(id="board")
            with Vertical(id="side"):
                seats = SeatsPanel(id="seats")
                seats.border_title = "Seats"
                yield seats
                log = EventLog(id="log")
                log.border_title = "Log"
                yield log
        with VerticalScroll(id="hand-scroll", can_focus=False):
            yield HandView(id="hand")
        yield StatusLine(id="status")
        yield Footer()

    def on_mount(self) -> None:
        """Fill the log (and the "new" marks) with the current round so far; show the table."""
        opening: list[Event] = []
        for actor, events in self.session.opening_turns:
            if actor is not None:
                self._note_fresh_tiles(actor, events)
            opening.extend(events)
        self.query_one(EventLog).add(self._log_lines(opening))
        self.refresh_view()
        # The Footer listens for key changes only once mounted: tell it again after the first frame.
        self.call_after_refresh(self.refresh_bindings)

    def on_screen_resume(self, event: ScreenResume) -> None:
        """Back on top (after a hand-off, round over, help...): carry on with the game."""
        self.advance()

    # ----- who sees what -----------------------------------------------------------------------

    @property
    def state(self) -> GameState:
        """The current game state."""
        return self.session.state

    @property
    def human_turn(self) -> bool:
        """True when a person is on turn and has the keyboard (no hand-off pending)."""
        seat = self.state.turn
        return not self.state.over and self.session.is_human(seat) and self.last_human == seat

    def _log_viewer(self) -> int:
        """Whose drawn tiles the log may name: the only human, or nobody when several share."""
        humans = self.session.humans
        return humans[0] if len(humans) == 1 else NOBODY

    def _hand_owner(self) -> int | None:
        """The seat whose hand is on screen now, or None when every hand must be hidden."""
        humans = self.session.humans
        if self.human_turn:
            return self.state.turn
        if len(humans) == 1:
            return humans[0]
        return None

    def _log_lines(self, events: Iterable[Event]) -> list[str]:
        viewer = self._log_viewer()
        shown = visible_to(tuple(events), viewer)
        lines = (describe_event(event, self.session.names, viewer) for event in shown)
        return [line for line in lines if line]

    # ----- the turn loop -----------------------------------------------------------------------

    def advance(self) -> None:
        """Show the state and start what comes next: a bot's timer, a hand-off, or a person's turn."""
        self._bot_token += 1
        if self._bot_timer is not None:
            self._bot_timer.stop()
            self._bot_timer = None
        if not self.is_current:
            return  # A screen on top; ScreenResume brings us back here.
        if self._handoff_seat is not None:
            # The hand-off closed: that seat's player has the keyboard now.
            self.last_human, self._handoff_seat = self._handoff_seat, None
        if self.pending_game_over is not None:
            self._show_game_over()
            return
        state = self.state
        if state.over:
            self.refresh_view()
            return
        seat = state.turn
        if not self.session.is_human(seat):
            self.refresh_view()
            token = self._bot_token
            if self.bot_delay > 0:
                self._bot_timer = self.set_timer(
                    self.bot_delay, lambda: self._bot_move(token), name="bot move"
                )
            else:
                self.call_later(self._bot_move, token)
            return
        if self.last_human != seat and len(self.session.humans) > 1:
            self.last_human = None
            self.refresh_view()  # Hides every hand before the hand-off screen goes up.
            self._show_handoff(seat)
            return
        self.last_human = seat
        self.refresh_view()

    def _show_handoff(self, seat: int) -> None:
        """Ask for ``seat``'s player; the hand shows once the hand-off closes (see :meth:`advance`)."""
        from chickenfoot.tui.screens.handoff import HandoffScreen

        self._handoff_seat = seat
        self.app.push_screen(HandoffScreen(seat_name(self.session.names, seat), table=self))

    def _bot_move(self, token: int) -> None:
        """The computer seat on turn plays, unless the game moved on since this was scheduled."""
        if token != self._bot_token:
            return
        self._bot_timer = None
        if not self.is_current or self.state.over or self.session.is_human(self.state.turn):
            return
        self._act(self.session.bot_action())

    def _act(self, action: Play | Draw | Pass) -> None:
        """Apply ``action`` through the session (which saves), log and announce its events."""
        actor = self.state.turn
        try:
            events = self.session.act(action)
        except OSError as error:
            events = self.session.last_events
            self.notify(
                f"Could not save to {self.session.path}: {error.strerror or error}. "
                "Play goes on; every move tries to save again.",
                title="Not saved",
                severity="error",
                markup=False,
            )
        self.chosen = None
        self._note_fresh_tiles(actor, events)
        self.query_one(EventLog).add(self._log_lines(events))
        round_scored: RoundScored | None = None
        ending = ""
        for event in events:
            match event:
                case WentOut() | RoundBlocked():
                    ending = describe_event(event, self.session.names, None) or ""
                case RoundScored():
                    round_scored = event
                case GameOver():
                    self.pending_game_over = event
        if round_scored is not None:
            from chickenfoot.tui.screens.round_over import RoundOverScreen

            if len(self.session.humans) > 1:
                self.last_human = None  # Hide the new hands; the next player is asked for.
            self.refresh_view()
            self.app.push_screen(
                RoundOverScreen(
                    round_scored, self.session.names, self.state.rules.round_count, ending
                )
            )
            return
        for event in events:
            if isinstance(event, FootOpened):
                self.notify(
                    f"{seat_name(self.session.names, event.seat)} closed {place_name(event.target)} "
                    f"with {double_text(event.value)}: three {event.value}s must follow.",
                    title="Chicken foot!",
                    severity="warning",
                    markup=False,
                )
        self.advance()

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
                self.fresh_tiles[event.seat] = self.fresh_tiles.get(event.seat, frozenset()) | {
                    event.tile
                }

    def _show_game_over(self) -> None:
        from chickenfoot.tui.screens.game_over import GameOverScreen

        event = self.pending_game_over
        assert event is not None
        self.pending_game_over = None
        self.refresh_view()
        self.app.push_screen(GameOverScreen(event, self.session))

    # ----- showing -------------------------------------------------------------------------------

    def _playable(self) -> dict[int, tuple[str, ...]]:
        """Hand index -> the ends that tile may be played on now (only for the person on turn)."""
        if not self.human_turn:
            return {}
        found: dict[int, tuple[str, ...]] = {}
        hand = self._hand()
        for action in self.session.legal():
            if isinstance(action, Play):
                index = hand.index(action.tile)
                found[index] = found.get(index, ()) + (action.target,)
        return found

    def _reset_selection(self, playable: dict[int, tuple[str, ...]]) -> None:
        """On a new turn, select the drawn tile after a draw; else keep the tile selected before
        if it is still in hand and playable; else select the first playable tile."""
        state = self.state
        turn_key = (len(self.session.record.actions), state.turn, state.round_index)
        if turn_key == self._selection_turn:
            return
        self._selection_turn = turn_key
        hand = self._hand()
        if state.drawn is not None:
            self.selected = hand.index(state.drawn)
        elif self.selected not in playable:
            self.selected = min(playable) if playable else (0 if hand else None)
        ends = playable.get(self.selected, ()) if self.selected is not None else ()
        self.chosen = ends[0] if len(ends) == 1 else None

    def refresh_view(self) -> None:
        """Show the current state in every widget (each redraws only if what it shows changed)."""
        state = self.state
        session = self.session
        names = session.names
        playable = self._playable()
        if self.human_turn:
            self._reset_selection(playable)
        board = state.board
        self.labels = end_labels(target for target, _value in board.open_ends)
        legal_ends = playable.get(self.selected, ()) if self.selected is not None else ()
        self.query_one(BoardView).show(
            board, targets=self.labels, legal=legal_ends, chosen=self.chosen
        )
        owner = self._hand_owner()
        hand = self.query_one(HandView)
        hand_box = self.query_one("#hand-scroll", VerticalScroll)
        if owner is None:
            turn_hand = state.hands[state.turn]
            hand.show(turn_hand, hidden=True)
            hand_title = Content("Hands hidden")
        else:
            owner_hand = sorted_hand(state.hands[owner])
            fresh = self.fresh_tiles.get(owner, frozenset())
            hand.show(
                owner_hand,
                playable=frozenset(playable),
                selected=self.selected if self.human_turn else None,
                fresh=frozenset(index for index, tile in enumerate(owner_hand) if tile in fresh),
            )
            owner_name = seat_name(names, owner)
            hand_title = Content(f"{possessive(owner_name)} hand")
        if hand_title != self._hand_title:
            self._hand_title = hand_title
            hand_box.border_title = hand_title
        if self.selected is not None and owner is not None:
            row = hand.row_of(self.selected)
            hand_box.scroll_to_region(Region(0, row, 1, 2), animate=False)
        self.query_one(SeatsPanel).show(
            names,
            [len(tiles) for tiles in state.hands],
            state.totals,
            None if state.over else state.turn,
            computers=session.computers,
        )
        rules = state.rules
        topbar = Content.assemble(
            (f"Round {state.round_number} of {rules.round_count}", "bold"),
            f" · {double_text(state.round_double)} · boneyard {len(state.boneyard)}",
            f" · {rules.preset}, double-{rules.set_size}",
        )
        if topbar != self._topbar:
            self._topbar = topbar
            self.query_one("#topbar", Static).update(topbar)
        self._show_status(playable)
        if self.chosen is not None:
            self._scroll_to_end(self.chosen)
        keys = tuple(bool(self.check_action(name, ())) for name in CHECKED_ACTIONS)
        if keys != self._keys_shown:
            self._keys_shown = keys
            self.refresh_bindings()

    def _show_status(self, playable: dict[int, tuple[str, ...]]) -> None:
        state = self.state
        names = self.session.names
        status = self.query_one(StatusLine)
        delay = f" · bots {self.bot_delay:.1f}s (+/-)" if self.session.computers else ""
        if state.over:
            status.show("The game is over.", tone="success")
            return
        seat = state.turn
        who = seat_name(names, seat)
        requirement = board_requirement(state.board)
        if not self.session.is_human(seat):
            status.show(f"{who} (computer) is playing: {requirement}{delay}")
            return
        if not self.human_turn:
            status.show(f"Waiting for {who} to take the keyboard{delay}")
            return
        if state.drawn is not None:
            keep = " or keep it (k)" if state.rules.drawn_tile == "may_play" else ""
            status.show(
                f"{who}, you drew {state.drawn}: play it (Enter){keep}{delay}", tone="warning"
            )
            return
        if not playable:
            if any(isinstance(action, Draw) for action in self.session.legal()):
                status.show(f"{who}: nothing fits ({requirement}): draw (d){delay}", tone="warning")
            else:
                status.show(
                    f"{who}: nothing fits and nothing to draw: pass (p){delay}", tone="warning"
                )
            return
        hint = self._selection_hint(playable)
        status.show(f"{who}: {requirement} · {hint}{delay}")

    def _selection_hint(self, playable: dict[int, tuple[str, ...]]) -> str:
        if self.selected is None:
            return "choose a tile (←/→ or 1-9)"
        tile = self._hand()[self.selected]
        ends = playable.get(self.selected, ())
        if not ends:
            return f"{tile} fits nowhere: choose another tile"
        if self.chosen is not None:
            return f"Enter plays {tile} on {self.chosen} ({self.labels.get(self.chosen, '?')})"
        letters = ", ".join(self.labels.get(end, "?") for end in ends)
        return f"{tile} fits {len(ends)} ends ({letters}): choose with ↑/↓ or a letter"

    def _scroll_to_end(self, target: str) -> None:
        """Scroll the board so the row of open end ``target`` is in view."""
        row = self.query_one(BoardView).row_of(target)
        if row is not None:
            self.query_one("#board-scroll", VerticalScroll).scroll_to_region(
                Region(0, row, 1, 1), animate=False
            )

    # ----- keys: what applies now ------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show only the keys that do something now (the rest fall through to a notice)."""
        legal = self.session.legal() if self.human_turn else ()
        if action in ("select_tile", "choose_end", "play"):
            # Always listed while people play, so the Footer is not rebuilt on every turn;
            # pressed out of turn (or with nothing that fits) they say why they do nothing.
            return bool(self.session.humans) and not self.state.over
        if action == "draw":
            return any(isinstance(a, Draw) for a in legal)
        if action == "pass_turn":
            return self.state.drawn is None and any(isinstance(a, Pass) for a in legal)
        if action == "keep":
            return self.state.drawn is not None and any(isinstance(a, Pass) for a in legal)
        if action == "bot_delay":
            return bool(self.session.computers)
        return True

    def why_not(self, action: str) -> str:
        """A short, specific reason why ``action`` does nothing right now."""
        state = self.state
        if state.over:
            return "The game is over."
        if not self.human_turn:
            who = seat_name(self.session.names, state.turn)
            if self.session.is_human(state.turn):
                return f"Waiting for {who}: press Enter on the hand-off screen."
            return f"Wait: it is {who}'s turn (computer)."
        legal = self.session.legal()
        can_play = any(isinstance(a, Play) for a in legal)
        can_draw = any(isinstance(a, Draw) for a in legal)
        if action == "play":
            if state.drawn is None and can_draw:
                return "No tile of yours fits: draw (d)."
            return "No tile of yours fits and the boneyard is empty: pass (p)."
        if action == "draw":
            if state.drawn is not None:
                return f"You already drew {state.drawn}: play it or keep it (k)."
            if can_play:
                return "You have a play: you cannot draw."
            return "The boneyard is empty: you cannot draw. Pass (p)."
        if action == "pass":
            if state.drawn is not None:
                if state.rules.drawn_tile == "must_play":
                    return f"You must play the drawn tile {state.drawn}."
                return f"To keep the drawn tile {state.drawn}, press k."
            if can_play:
                return "You have a play: you cannot pass."
            return "Draw first (d): the boneyard still has tiles."
        if action == "keep":
            if state.drawn is not None:
                return f"You must play the drawn tile {state.drawn}: these rules do not let you keep it."
            return "You have not drawn a tile: k keeps a tile you just drew."
        if action == "choose":
            return "Choose a tile first (←/→ or 1-9)."
        return "That key does nothing now."

    def action_unavailable(self, action: str) -> None:
        """A key that does nothing now: say why."""
        self.notify(self.why_not(action), severity="warning", timeout=3, markup=False)

    # ----- keys: choosing and playing ----------------------------------------------------------------

    def _hand(self) -> tuple[Tile, ...]:
        """The hand on turn, in the order it is shown (see :func:`sorted_hand`)."""
        return sorted_hand(self.state.hands[self.state.turn])

    @property
    def selected(self) -> int | None:
        """The position of the selected tile in the hand as shown, or None.

        The selection is kept as a tile, so it stays on that tile when the hand is re-sorted.
        """
        if self.selected_tile is None:
            return None
        hand = self._hand()
        return hand.index(self.selected_tile) if self.selected_tile in hand else None

    @selected.setter
    def selected(self, index: int | None) -> None:
        hand = self._hand()
        self.selected_tile = hand[index] if index is not None and 0 <= index < len(hand) else None

    def _select(self, index: int) -> None:
        self.selected = index
        ends = self._playable().get(index, ())
        self.chosen = ends[0] if len(ends) == 1 else None
        self.refresh_view()

    def action_select_tile(self, step: int) -> None:
        """Move the tile selection left or right (wrapping around)."""
        if not self.human_turn:
            self.action_unavailable("choose")
            return
        hand = self._hand()
        if not hand:
            return
        current = self.selected if self.selected is not None else (-1 if step > 0 else 0)
        self._select((current + step) % len(hand))

    def action_choose_end(self, step: int) -> None:
        """Move the chosen end among the ends the selected tile fits."""
        if not self.human_turn:
            self.action_unavailable("choose")
            return
        playable = self._playable()
        if self.selected is None:
            self.action_unavailable("choose")
            return
        ends = playable.get(self.selected, ())
        tile = self._hand()[self.selected]
        if not ends:
            self.notify(
                f"{tile} fits no open end: choose another tile (←/→).",
                severity="warning",
                timeout=3,
            )
            return
        if self.chosen in ends:
            index = (ends.index(self.chosen) + step) % len(ends)
        else:
            index = 0 if step > 0 else len(ends) - 1
        self.chosen = ends[index]
        self.refresh_view()

    def choose_target(self, target: str) -> None:
        """Choose the open end ``target`` (by its letter or a click) for the selected tile.

        If the selected tile does not fit there, the first tile that does is selected.
        """
        if not self.human_turn:
            self.action_unavailable("choose")
            return
        playable = self._playable()
        if self.selected is not None and target in playable.get(self.selected, ()):
            self.chosen = target
            self.refresh_view()
            return
        fitting = [index for index, ends in sorted(playable.items()) if target in ends]
        if not fitting:
            value = self.state.board.value_at(target)
            label = self.labels.get(target, target)
            needs = f" (needs a {value})" if value is not None else ""
            self.notify(
                f"Nothing you can play fits end {label}{needs}.", severity="warning", timeout=3
            )
            return
        self.selected = fitting[0]
        self.chosen = target
        self.refresh_view()

    def action_play(self) -> None:
        """Play the selected tile on the chosen end (at once when only one end fits)."""
        if not self.human_turn:
            self.action_unavailable("play")
            return
        playable = self._playable()
        if not playable:
            self.action_unavailable("play")
            return
        if self.selected is None:
            self.notify("Choose a tile first (←/→ or 1-9).", severity="warning", timeout=3)
            return
        tile = self._hand()[self.selected]
        ends = playable.get(self.selected, ())
        if not ends:
            if self.state.drawn is not None:
                message = f"Only the drawn tile {self.state.drawn} may be played now."
            else:
                message = f"{tile} fits no open end now: choose another tile."
            self.notify(message, severity="warning", timeout=3)
            return
        if self.chosen in ends:
            target = self.chosen
        elif len(ends) == 1:
            target = ends[0]
        else:
            letters = ", ".join(self.labels.get(end, end) for end in ends)
            self.notify(
                f"{tile} fits {len(ends)} ends ({letters}): choose one with ↑/↓ or its letter.",
                severity="warning",
                timeout=3,
            )
            return
        self._act(Play(seat=self.state.turn, tile=tile, target=target))

    def action_draw(self) -> None:
        """Draw a tile from the boneyard."""
        self._act(Draw(seat=self.state.turn))

    def action_pass_turn(self) -> None:
        """Pass: no play and nothing to draw."""
        self._act(Pass(seat=self.state.turn))

    def action_keep(self) -> None:
        """Keep the playable tile just drawn, and end the turn."""
        self._act(Pass(seat=self.state.turn))

    def on_key(self, event: Key) -> None:
        """Digits choose a tile, letters choose an open end."""
        character = event.character
        if character is None or not self.is_current:
            return
        if character.isdigit() and character != "0":
            event.stop()
            if not self.human_turn:
                self.action_unavailable("choose")
            elif int(character) > len(self._hand()):
                self.notify(
                    f"You have only {len(self._hand())} tiles: press 1-{min(9, len(self._hand()))}.",
                    severity="warning",
                    timeout=3,
                )
            else:
                self._select(int(character) - 1)
            return
        if character in END_KEYS:
            event.stop()
            target = next((t for t, label in self.labels.items() if label == character), None)
            if target is None:
                self.notify(
                    f"No open end is labelled {character} now.", severity="warning", timeout=3
                )
            else:
                self.choose_target(target)

    @on(HandView.TileClicked)
    def _tile_clicked(self, message: HandView.TileClicked) -> None:
        if not self.human_turn:
            self.action_unavailable("choose")
            return
        self._select(message.index)

    @on(BoardView.EndClicked)
    def _end_clicked(self, message: BoardView.EndClicked) -> None:
        self.choose_target(message.target)

    # ----- keys: everything else ---------------------------------------------------------------------

    def action_bot_delay(self, step: int) -> None:
        """Make the computer players' pause longer (+) or shorter (-)."""
        self.bot_delay = min(
            BOT_DELAY_MAX, max(0.0, round(self.bot_delay + step * BOT_DELAY_STEP, 1))
        )
        self.notify(f"Computer players now pause {self.bot_delay:.1f} s.", timeout=2)
        self.refresh_view()

    def action_scroll_board(self, step: int) -> None:
        """Scroll the board a page up or down."""
        scroll = self.query_one("#board-scroll", VerticalScroll)
        if step > 0:
            scroll.scroll_page_down(animate=False)
        else:
            scroll.scroll_page_up(animate=False)

    def action_scoreboard(self) -> None:
        """Open the scoreboard."""
        from chickenfoot.tui.screens.scoreboard import ScoreboardScreen

        self.app.push_screen(
            ScoreboardScreen(self.session.names, self.state.round_scores, self.state.rules)
        )

    def action_help(self) -> None:
        """Open the help screen (keys and a rules summary)."""
        try:
            from chickenfoot.tui.screens.help import HelpScreen
        except ImportError:
            self.notify("Help is not available in this build.", severity="error")
            return
        self.app.push_screen(HelpScreen())

    def action_save_as(self) -> None:
        """Save a named copy of the game."""
        try:
            from chickenfoot.tui.screens.save_as import SaveAsScreen
        except ImportError:
            self.notify("Save as is not available in this build.", severity="error")
            return

        def saved(path: object) -> None:
            if path is None:
                return
            try:
                self.session.save_as(path)  # type: ignore[arg-type]
            except OSError as error:
                self.notify(
                    f"Could not save to {path}: {error.strerror or error}",
                    severity="error",
                    markup=False,
                )
                return
            self.notify(f"Saved a copy to {path}", markup=False)

        self.app.push_screen(SaveAsScreen(self.default_save_name()), saved)

    def default_save_name(self) -> str:
        """A file name suggested for "save as": the players' names and the round, e.g. ana-bea-round-2."""
        names = "-".join(
            "".join(c for c in name.lower() if c.isalnum()) for name in self.session.names
        )
        names = "-".join(part for part in names.split("-") if part)[:40] or "game"
        return f"{names}-round-{self.state.round_number}"

    def palette_commands(self) -> list[PaletteCommand]:
        """The command palette's game commands that apply now (the same test as the keys)."""
        return action_commands(self, PALETTE_COMMANDS)

    def action_new_game(self) -> None:
        """Set up a new game, once the player confirms (this game stays saved)."""
        from chickenfoot.tui.screens.confirm import ConfirmScreen

        def answered(start_new: bool | None) -> None:
            if start_new:
                from chickenfoot.tui.screens.setup import SetupScreen

                self.app.leave_game()  # type: ignore[attr-defined]
                self.app.push_screen(SetupScreen())

        question = "Leave this game for a new one? It stays saved: Load game resumes it."
        self.app.push_screen(ConfirmScreen(question, yes="New game", no="Keep playing"), answered)

    def action_leave(self) -> None:
        """Back to the main menu (the game is saved: Continue resumes it)."""
        self.app.leave_game()  # type: ignore[attr-defined]
