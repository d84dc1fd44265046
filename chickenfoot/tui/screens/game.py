"""The game screen: the table, the open ends, the hand, the seats, the log and the status.

What to show and what a key means come from the table controller
(:class:`~chickenfoot.play.table.Table`); this screen keeps the bindings, the timer of the
computer players, the dialogs it pushes and the drawing. It holds what to show in reactives
its widgets bind to, and tells the log what each action did (:class:`GameEvents`).

With two or more people at the keyboard, every hand is hidden whenever the turn passes to
another person: the hand's panel says "Pass to <name>, then press Enter" while the table and
the log stay in view, and Enter shows the new hand. News and the reason a key did nothing go
to the status line's second row, never over the hand.
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.events import Key
from textual.geometry import Region
from textual.reactive import var
from textual.widgets import Footer, Static

from chickenfoot.play.keys import END_LETTERS
from chickenfoot.play.session import GameSession
from chickenfoot.play.table import (
    TURN_ACTIONS,
    BoardShown,
    ComputerTurn,
    GameEnded,
    HandOff,
    HandShown,
    RoundOver,
    SeatsShown,
    StatusShown,
    Table,
)
from chickenfoot.rules import Action, Draw, Pass
from chickenfoot.text import counting, ends, prompts
from chickenfoot.tui.commands import PaletteCommand, action_commands
from chickenfoot.tui.messages import EndClicked, GameEvents, RememberDisplay, SaveChanged
from chickenfoot.tui.screens.game_dialogs import GameDialogs
from chickenfoot.tui.screens.game_over import GameOverScreen
from chickenfoot.tui.screens.log import LogScreen
from chickenfoot.tui.screens.round_over import RoundOverScreen
from chickenfoot.tui.widgets import (
    BoardView,
    EndsStrip,
    EventLog,
    HandView,
    SeatsPanel,
    StatusLine,
    TableView,
    Thinking,
)

CHECKED_ACTIONS = (*sorted(TURN_ACTIONS), "show_hand", "seen_draw", "speed", "take_back")
"""The actions whose keys come and go with the state of the game (see ``check_action``)."""
PALETTE_COMMANDS = (
    ("show_hand", "Show my hand", "I have the keyboard now (Enter)"),
    ("draw", "Draw a tile", "Take a tile from the boneyard (only with no play) (d)"),
    ("pass_turn", "Pass", "End the turn: nothing fits and nothing to draw (p)"),
    ("keep", "Keep the drawn tile", "Keep the playable tile you drew and end the turn (k)"),
    ("hint", "Hint", "The expert's suggestion for your move, and why (i)"),
    ("take_back", "Take back", "Undo back to your previous decision (u)"),
    ("scoreboard", "Scoreboard", "Every round's scores so far (s)"),
    ("full_log", "The whole log", "Every move of the game so far (^l)"),
    ("toggle_view", "Table or outline", "Draw the board as a table, or as an outline (o)"),
    ("switch_drawing", "Compact or full table", "Draw the table smaller, or in full (.)"),
    ("every_end", "Every open end", "List every open end, its key and what it needs (/)"),
    ("count_tiles", "Count tiles", "Which tiles of each number you have not seen yet (#)"),
    ("help", "Help", "Keys and a summary of the rules (?)"),
    ("save_as", "Save a copy as...", "Write this game to a file of your choice (^s)"),
    ("speed(1)", "Faster computer players", "A shorter pause before each computer move (+)"),
    ("speed(-1)", "Slower computer players", "A longer pause before each computer move (-)"),
    ("new_game", "New game", "Set up another game (this one stays saved: Load game resumes it)"),
    ("leave", "Back to the menu", "The game stays saved: Continue resumes it (Esc)"),
)
"""(action, title, help) of the command palette's game commands, listed only when they apply."""


GAME_BINDINGS: list[BindingType] = [
    Binding("enter", "show_hand", "Show my hand"),
    Binding("enter", "seen_draw", "Pass the keyboard"),
    Binding("enter", "play", "Play"),
    Binding("enter", "unavailable('play')", show=False),
    Binding("left", "select_tile(-1)", "Tile", key_display="←→"),
    Binding("right", "select_tile(1)", "Tile", show=False),
    Binding("up", "choose_end(-1)", "End", key_display="↑↓"),
    Binding("down", "choose_end(1)", "End", show=False),
    Binding("d", "draw", "Draw"),
    Binding("d", "unavailable('draw')", show=False),
    Binding("p", "pass_turn", "Pass"),
    Binding("p", "unavailable('pass')", show=False),
    Binding("k", "keep", "Keep"),
    Binding("k", "unavailable('keep')", show=False),
    Binding("i", "hint", "Hint"),
    Binding("u", "take_back", "Undo"),
    Binding("u", "unavailable('take_back')", show=False),
    Binding("s", "scoreboard", "Scores"),
    Binding("question_mark", "help", "Help", key_display="?"),
    Binding("ctrl+s", "save_as", "Save as", show=False),
    Binding("o", "toggle_view", "Outline", show=False),
    Binding("full_stop", "switch_drawing", "Compact or full table", key_display=".", show=False),
    Binding("slash", "every_end", "Every open end", key_display="/", show=False),
    Binding("number_sign", "count_tiles", "Count tiles", key_display="#", show=False),
    Binding("ctrl+l", "full_log", "Log", show=False),
    Binding("plus,equals_sign", "speed(1)", "Faster", key_display="+", show=False),
    Binding("minus", "speed(-1)", "Slower", key_display="-", show=False),
    Binding("shift+left", "pan(-5, 0)", "Pan the table", show=False),
    Binding("shift+right", "pan(5, 0)", "Pan the table", show=False),
    Binding("shift+up", "pan(0, -2)", "Pan the table", show=False),
    Binding("shift+down", "pan(0, 2)", "Pan the table", show=False),
    Binding("pageup", "scroll_log(-1)", "Scroll the log", show=False),
    Binding("pagedown", "scroll_log(1)", "Scroll the log", show=False),
    Binding("escape", "leave", "Menu"),
]
"""The game's keys: a key bound twice does the first action that applies now (see
``check_action``); the second one says why the key does nothing."""


class GameScreen(GameDialogs):
    """One game in play, driven by a :class:`Table` over a :class:`GameSession`."""

    CSS_PATH = "game.tcss"

    BINDINGS = GAME_BINDINGS

    board_shown: var[BoardShown | None] = var(None)
    hand_shown: var[HandShown] = var(HandShown)
    seats_shown: var[SeatsShown] = var(SeatsShown)
    status_shown: var[StatusShown] = var(StatusShown)
    outline: var[bool] = var(False)
    """True draws the board as an outline (one row per line) instead of a table."""

    def __init__(
        self, session: GameSession, *, bot_delay: float = 0.6, outline: bool = False
    ) -> None:
        super().__init__()
        self.session = session
        self.table = Table(session, bot_delay=bot_delay)
        self._keys_shown: tuple[bool, ...] = ()
        self._drawn = (False, True)
        """(compact, fits) of the table as last laid out."""
        self._topbar_shown: tuple[object, ...] = ()
        self.set_reactive(GameScreen.outline, outline)

    def compose(self) -> ComposeResult:
        """Top bar; the table beside the seats and the log; the open ends; hand; status."""
        yield Static(id="topbar", markup=False)
        with Horizontal(id="main"):
            with Vertical(id="board-box") as board_box:
                board_box.border_title = "Table"
                board_box.border_subtitle = "o: outline"
                table = TableView(id="table").data_bind(shown=GameScreen.board_shown)
                table.can_focus = False  # The screen's keys pan it: arrows choose tiles and ends.
                yield table
                with VerticalScroll(id="outline-scroll", can_focus=False):
                    yield BoardView(id="board").data_bind(shown=GameScreen.board_shown)
            with Vertical(id="side"):
                seats = SeatsPanel(id="seats").data_bind(shown=GameScreen.seats_shown)
                seats.border_title = "Seats"
                yield seats
                log = EventLog(id="log")
                log.border_title = "Log"
                log.border_subtitle = "^l: all"
                yield log
        yield EndsStrip(id="ends").data_bind(shown=GameScreen.board_shown)
        with VerticalScroll(id="hand-scroll", can_focus=False):
            yield HandView(id="hand").data_bind(shown=GameScreen.hand_shown)
        yield StatusLine(id="status").data_bind(shown=GameScreen.status_shown)
        yield Footer(compact=True)
        yield Thinking()

    def on_mount(self) -> None:
        """Fill the log with the round so far and show the table."""
        log = self.query_one(EventLog)
        log.describe = self.table.log_lines
        log.add(self.table.opening_lines())
        self.watch_outline(self.outline)
        self.refresh_view()
        self.session.save_in_background(lambda: self.post_message(SaveChanged()))
        # The Footer listens for key changes only once mounted: tell it again after the first frame.
        self.call_after_refresh(self.refresh_bindings)

    @property
    def on_top(self) -> bool:
        """True when no other screen (not even a dialog) is over this one."""
        return self.app.screen is self

    def on_screen_resume(self) -> None:
        """Back on top (after a result, help, the scores...): carry on with the game."""
        self.advance()

    # ----- the turn loop -------------------------------------------------------------------------

    def advance(self) -> None:
        """Show the table and start what comes next: a computer's move or a result."""
        self._stop_computer()
        self.refresh_view()
        if not self.on_top:
            return  # A screen on top; ScreenResume brings us back here.
        step = self.table.next_step()
        if isinstance(step, ComputerTurn):
            self.query_one(Thinking).think(self.table.computer_decision(), self.table.bot_delay)
        elif isinstance(step, RoundOver):
            rounds = self.table.state.rules.round_count
            self.app.push_screen(
                RoundOverScreen(
                    step.event,
                    self.session.names,
                    rounds,
                    step.ending,
                    self.table.acknowledge,
                    session=self.session,
                )
            )
        elif isinstance(step, GameEnded):
            self.table.acknowledge()
            self.app.push_screen(GameOverScreen(step.event, self.session))

    @on(SaveChanged)
    def _save_changed(self) -> None:
        self.refresh_view()

    @on(Thinking.StillThinking)
    def _still_thinking(self) -> None:
        self.table.thinking = True
        self.refresh_view()

    @on(Thinking.Chosen)
    def _computer_chose(self, message: Thinking.Chosen) -> None:
        """The computer on turn chose and its pause is over: it plays (unless a screen came on
        top meanwhile: ScreenResume starts its turn again)."""
        self.table.thinking = False
        if self.on_top and isinstance(self.table.next_step(), ComputerTurn):
            self._act(message.action)

    @on(Thinking.HintFailed)
    def _hint_failed(self) -> None:
        self._say(prompts.NO_HINT)
        self.refresh_bindings()

    @on(Thinking.HintFound)
    def _hint_found(self, message: Thinking.HintFound) -> None:
        self._say(self.table.show_hint(message.hint))
        self.query_one(EventLog).add([self.table.latest_help_line()])
        self.refresh_bindings()

    def _stop_computer(self) -> None:
        """Stop a computer's pause and thinking (its answer is dropped)."""
        self.query_one(Thinking).stop_move()
        self.table.thinking = False

    def _act(self, action: Action) -> None:
        """Apply ``action`` (the session saves it), tell the log, show what is news."""
        self.query_one(Thinking).stop_hint()
        turn = self.table.act(action)
        self.query_one(EventLog).post_message(GameEvents(turn))
        for _title, news in self.table.news(turn.events):
            self.table.tell(news)
        self.advance()

    # ----- showing -------------------------------------------------------------------------------

    def refresh_view(self) -> None:
        """Show what the table says now (each widget redraws only if its part changed)."""
        shown = self.table.shown()
        self.board_shown = shown.board
        self.hand_shown = shown.hand
        self.seats_shown = shown.seats
        self.status_shown = shown.status
        topbar = (*shown.topbar, bool(shown.unsaved))
        if topbar != self._topbar_shown:  # one row, always: no new layout needed
            self._topbar_shown = topbar
            round_text, detail, needs, unsaved = topbar
            warning = ("  ⚠ not saved", "bold $text-error") if unsaved else ""
            self.query_one("#topbar", Static).update(
                Content.assemble((round_text, "bold"), detail, needs, warning), layout=False
            )
        keys = tuple(bool(self.check_action(name, ())) for name in CHECKED_ACTIONS)
        if keys != self._keys_shown:
            self._keys_shown = keys
            self.refresh_bindings()

    def watch_hand_shown(self, shown: HandShown) -> None:
        """Title the hand's box and keep the selected tile in view."""
        box = self.query_one("#hand-scroll", VerticalScroll)
        box.border_title = Content(shown.title)
        if shown.selected is not None and not shown.hidden:
            row = self.query_one(HandView).row_of(shown.selected)
            box.scroll_to_region(Region(0, row, 1, 2), animate=False)

    def watch_board_shown(self, shown: BoardShown | None) -> None:
        """Keep the chosen end in view in the outline (the table follows it by itself)."""
        if shown is None or shown.chosen is None or not self.outline:
            return
        row = self.query_one(BoardView).row_of(shown.chosen)
        if row is not None:
            scroll = self.query_one("#outline-scroll", VerticalScroll)
            scroll.scroll_to_region(Region(0, row, 1, 1), animate=False)

    def watch_outline(self, outline: bool) -> None:
        """Draw the board as the table, or as the outline."""
        if self.is_mounted:
            self.query_one(TableView).display = not outline
            self.query_one("#outline-scroll").display = outline
            self._title_board()

    @on(TableView.Drawn)
    def _table_drawn(self, message: TableView.Drawn) -> None:
        self._drawn = (message.compact, message.fits)
        self._title_board()

    def _title_board(self) -> None:
        """Say under the board what ``o`` and ``.`` switch to, and offer the outline when even
        the compact table is too big to see whole."""
        compact, fits = self._drawn
        self.query_one("#board-box").border_subtitle = prompts.board_subtitle(
            outline=self.outline, compact=compact, fits=fits
        )

    # ----- keys ---------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show only the keys that do something now (the table says which; the rest fall
        through to a notice)."""
        if action == "hint" and self.query_one(Thinking).hint_pending:
            return False
        return self.table.key_works(action)

    def _say(self, problem: str | None) -> None:
        """Show ``problem`` (why a key did nothing) under the status, and the table as it is."""
        super()._say(problem)
        self.refresh_view()

    def action_unavailable(self, key: str) -> None:
        """A key that does nothing now: say why."""
        self._say(self.table.why_not(key))

    def action_show_hand(self) -> None:
        """The hand-off: the next person has the keyboard; show their hand."""
        step = self.table.next_step()
        if isinstance(step, HandOff):
            self.table.hand_over(step.seat)
        self.advance()

    def action_seen_draw(self) -> None:
        """The person who drew a dead tile has seen it: pass the keyboard on."""
        self.table.acknowledge()
        self.advance()

    def action_select_tile(self, step: int) -> None:
        """Move the tile selection left or right (wrapping around)."""
        self._say(self.table.step_tile(step))

    def action_choose_end(self, step: int) -> None:
        """Move the chosen end among the ends the selected tile fits."""
        self._say(self.table.step_end(step))

    def action_play(self) -> None:
        """Play the selected tile on the chosen end (at once when only one end fits)."""
        play = self.table.play_selected()
        if isinstance(play, str):
            self._say(play)
        else:
            self._act(play)

    def action_draw(self) -> None:
        """Draw a tile from the boneyard."""
        self._act(Draw(seat=self.table.state.turn))

    def action_pass_turn(self) -> None:
        """Pass: no play and nothing to draw."""
        self._act(Pass(seat=self.table.state.turn))

    def action_hint(self) -> None:
        """Ask the expert what the person on turn should do (it thinks in a worker thread)."""
        self.query_one(Thinking).find_hint(self.session.hint_decision())
        self._say(prompts.HINT_THINKING)

    def action_take_back(self) -> None:
        """Undo back to the person's previous decision (against computers only)."""
        self._stop_computer()
        self.query_one(Thinking).stop_hint()
        self.table.take_back()
        self.query_one(EventLog).restart(self.table.opening_lines())
        self.advance()

    def action_keep(self) -> None:
        """Keep the playable tile just drawn, and end the turn."""
        self._act(Pass(seat=self.table.state.turn))

    def on_key(self, event: Key) -> None:
        """Digits choose a tile, letters choose an open end (while a turn's keys work)."""
        character = event.character
        if character is None or not self.on_top or not self.check_action("play", ()):
            return
        if character.isdigit():
            event.stop()
            self._say(self.table.type_digit(character))
        elif character in END_LETTERS:
            event.stop()
            self._say(self.table.type_letter(character))

    @on(HandView.TileClicked)
    def _tile_clicked(self, message: HandView.TileClicked) -> None:
        self._say(self.table.select(message.index))

    @on(EndClicked)
    def _end_clicked(self, message: EndClicked) -> None:
        self._say(self.table.choose_end(message.target))

    def action_speed(self, step: int) -> None:
        """Make the computer players faster (+) or slower (-); it is remembered."""
        self._say(self.table.change_speed(step))
        self.post_message(RememberDisplay(bot_delay=self.table.bot_delay))

    def action_pan(self, columns: int, rows: int) -> None:
        """Pan the table view."""
        self.query_one(TableView).pan(columns, rows)

    def action_scroll_log(self, step: int) -> None:
        """Scroll the log a page up or down."""
        log = self.query_one(EventLog)
        if step > 0:
            log.scroll_page_down(animate=False)
        else:
            log.scroll_page_up(animate=False)

    def action_every_end(self) -> None:
        """List every open end (the strip may have no room for them all)."""
        shown = self.board_shown
        if shown is not None:
            entries = ends.ends_in_order(
                shown.board.open_ends, shown.labels, shown.legal, shown.chosen
            )
            self.app.push_screen(LogScreen(ends.every_end(entries), title="Every open end"))

    def action_count_tiles(self) -> None:
        """Count the tiles of each number from the view of the person at the keyboard."""
        seat = self.table.hand_owner
        if seat is None:
            self._say(prompts.NO_COUNT)
            return
        lines = counting.counting_lines(counting.count_tiles(self.table.state.view(seat)))
        self.app.push_screen(LogScreen(lines, title="Counting tiles: what you have not seen"))

    def action_switch_drawing(self) -> None:
        """Draw the table compact, or in full."""
        if self.outline:
            self.outline = False
        self.query_one(TableView).switch_density()

    def action_toggle_view(self) -> None:
        """Draw the board as the table, or as an outline (one row per line); remembered."""
        self.outline = not self.outline
        self.post_message(RememberDisplay(outline=self.outline))

    def palette_commands(self) -> list[PaletteCommand]:
        """The command palette's game commands that apply now (the same test as the keys)."""
        return action_commands(self, PALETTE_COMMANDS)
