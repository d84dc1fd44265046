"""The game screen: board, hand, seats, log and status; keys and clicks become actions.

What to show and what a key means come from the table controller
(:class:`~chickenfoot.play.table.Table`); this screen keeps the bindings, the timer of the
computer players, the screens it pushes and the drawing. It holds what to show in reactives
that its widgets bind to, and tells the log what each action caused (:class:`GameEvents`).
With two or more people at the keyboard, every hand is hidden and a hand-off screen asks for
the next player before any hand is shown.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.events import Key
from textual.geometry import Region
from textual.reactive import var
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer, Static

from chickenfoot.play.session import GameSession
from chickenfoot.play.table import (
    END_KEYS,
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
from chickenfoot.text import prompts
from chickenfoot.tui.commands import PaletteCommand, action_commands
from chickenfoot.tui.messages import GameEvents, LeaveGame, ShowSetup
from chickenfoot.tui.screens.confirm import ConfirmScreen
from chickenfoot.tui.screens.game_over import GameOverScreen
from chickenfoot.tui.screens.handoff import HandoffScreen
from chickenfoot.tui.screens.help import HelpScreen
from chickenfoot.tui.screens.round_over import RoundOverScreen
from chickenfoot.tui.screens.save_as import SaveAsScreen
from chickenfoot.tui.screens.scoreboard import ScoreboardScreen
from chickenfoot.tui.widgets import BoardView, EventLog, HandView, SeatsPanel, StatusLine

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
SOONEST = 0.001
"""The shortest pause before a computer move (Textual's timers need one above zero)."""
TABLE_ACTIONS = ("scoreboard", "help", "save_as", "new_game", "leave")
"""Actions that show no hand, so the hand-off offers them too."""


class GameScreen(Screen[None]):
    """One game in play, driven by a :class:`Table` over a :class:`GameSession`."""

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

    board_shown: var[BoardShown | None] = var(None)
    hand_shown: var[HandShown] = var(HandShown)
    seats_shown: var[SeatsShown] = var(SeatsShown)
    status_shown: var[StatusShown] = var(StatusShown)

    def __init__(self, session: GameSession, *, bot_delay: float = 0.6) -> None:
        super().__init__()
        self.session = session
        self.table = Table(session, bot_delay=bot_delay)
        self._bot_timer: Timer | None = None
        self._keys_shown: tuple[bool, ...] = ()

    def compose(self) -> ComposeResult:
        """Top bar, board and side panel, hand, status line, footer."""
        yield Static(id="topbar", markup=False)
        with Horizontal(id="main"):
            with VerticalScroll(id="board-scroll", can_focus=False) as board_scroll:
                board_scroll.border_title = "Board"
                yield BoardView(id="board").data_bind(shown=GameScreen.board_shown)
            with Vertical(id="side"):
                seats = SeatsPanel(id="seats").data_bind(shown=GameScreen.seats_shown)
                seats.border_title = "Seats"
                yield seats
                log = EventLog(id="log")
                log.border_title = "Log"
                yield log
        with VerticalScroll(id="hand-scroll", can_focus=False):
            yield HandView(id="hand").data_bind(shown=GameScreen.hand_shown)
        yield StatusLine(id="status").data_bind(shown=GameScreen.status_shown)
        yield Footer()

    def on_mount(self) -> None:
        """Fill the log with the round so far and show the table."""
        log = self.query_one(EventLog)
        log.describe = self.table.log_lines
        log.add(self.table.opening_lines())
        self.refresh_view()
        # The Footer listens for key changes only once mounted: tell it again after the first frame.
        self.call_after_refresh(self.refresh_bindings)

    @property
    def on_top(self) -> bool:
        """True when no other screen (not even a dialog) is over this one."""
        return self.app.screen is self

    def on_screen_resume(self) -> None:
        """Back on top (after a hand-off, round over, help...): carry on with the game."""
        self.advance()

    # ----- the turn loop -------------------------------------------------------------------------

    def advance(self) -> None:
        """Show the table and start what comes next: a computer's move, a hand-off, a result."""
        if self._bot_timer is not None:
            self._bot_timer.stop()
            self._bot_timer = None
        self.refresh_view()
        if not self.on_top:
            return  # A screen on top; ScreenResume brings us back here.
        step = self.table.next_step()
        if isinstance(step, ComputerTurn):
            delay = max(self.table.bot_delay, SOONEST)
            self._bot_timer = self.set_timer(delay, self._bot_move)
        elif isinstance(step, HandOff):
            commands = [entry for entry in PALETTE_COMMANDS if entry[0] in TABLE_ACTIONS]
            self.app.push_screen(
                HandoffScreen(
                    step.name,
                    partial(self.table.hand_over, step.seat),
                    commands,
                    self._run_table_action,
                )
            )
        elif isinstance(step, RoundOver):
            self.table.acknowledge()
            rounds = self.table.state.rules.round_count
            self.app.push_screen(
                RoundOverScreen(step.event, self.session.names, rounds, step.ending)
            )
        elif isinstance(step, GameEnded):
            self.table.acknowledge()
            self.app.push_screen(GameOverScreen(step.event, self.session))

    def _run_table_action(self, action: str) -> None:
        """Run a command the hand-off offers (one that shows no hand)."""
        if action in TABLE_ACTIONS:
            self.call_later(self.run_action, action)

    def _bot_move(self) -> None:
        """The computer seat on turn plays (unless a screen came on top meanwhile)."""
        self._bot_timer = None
        if self.on_top and isinstance(self.table.next_step(), ComputerTurn):
            self._act(self.table.computer_action())

    def _act(self, action: Action) -> None:
        """Apply ``action`` (the session saves it), tell the log, announce what is news."""
        try:
            events = self.table.act(action)
        except OSError as error:
            events = self.session.last_events
            problem = prompts.not_saved(self.session.path, error)
            self.notify(problem, title="Not saved", severity="error", markup=False)
        self.query_one(EventLog).post_message(GameEvents(events))
        for title, news in self.table.news(events):
            self.notify(news, title=title, severity="warning", markup=False)
        self.advance()

    # ----- showing -------------------------------------------------------------------------------

    def refresh_view(self) -> None:
        """Show what the table says now (each widget redraws only if its part changed)."""
        shown = self.table.shown()
        self.board_shown = shown.board
        self.hand_shown = shown.hand
        self.seats_shown = shown.seats
        self.status_shown = shown.status
        round_text, double_text, rules_text = shown.topbar
        self.query_one("#topbar", Static).update(
            Content.assemble((round_text, "bold"), double_text, rules_text)
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
        """Keep the chosen end in view."""
        if shown is None or shown.chosen is None:
            return
        row = self.query_one(BoardView).row_of(shown.chosen)
        if row is not None:
            scroll = self.query_one("#board-scroll", VerticalScroll)
            scroll.scroll_to_region(Region(0, row, 1, 1), animate=False)

    # ----- keys ---------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show only the keys that do something now (the rest fall through to a notice)."""
        table = self.table
        if action in ("select_tile", "choose_end", "play"):
            # Always listed while people play, so the Footer is not rebuilt on every turn;
            # pressed out of turn (or with nothing that fits) they say why they do nothing.
            return bool(self.session.humans) and not table.state.over
        if action in ("draw", "keep"):
            return table.can(action)
        if action == "pass_turn":
            return table.can("pass")
        if action == "bot_delay":
            return bool(self.session.computers)
        return True

    def _say(self, problem: str | None) -> None:
        """Show ``problem`` (why a key did nothing), or the table as it now is."""
        if problem is not None:
            self.notify(problem, severity="warning", timeout=3, markup=False)
        self.refresh_view()

    def action_unavailable(self, key: str) -> None:
        """A key that does nothing now: say why."""
        self._say(self.table.why_not(key))

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

    def action_keep(self) -> None:
        """Keep the playable tile just drawn, and end the turn."""
        self._act(Pass(seat=self.table.state.turn))

    def on_key(self, event: Key) -> None:
        """Digits choose a tile, letters choose an open end."""
        character = event.character
        if character is None or not self.on_top:
            return
        if character.isdigit() and character != "0":
            event.stop()
            self._say(self.table.select(int(character) - 1))
        elif character in END_KEYS:
            event.stop()
            self._say(self.table.choose_key(character))

    @on(HandView.TileClicked)
    def _tile_clicked(self, message: HandView.TileClicked) -> None:
        self._say(self.table.select(message.index))

    @on(BoardView.EndClicked)
    def _end_clicked(self, message: BoardView.EndClicked) -> None:
        self._say(self.table.choose_end(message.target))

    def action_bot_delay(self, step: int) -> None:
        """Make the computer players' pause longer (+) or shorter (-)."""
        self.notify(self.table.change_bot_delay(step), timeout=2)
        self.refresh_view()

    def action_scroll_board(self, step: int) -> None:
        """Scroll the board a page up or down."""
        scroll = self.query_one("#board-scroll", VerticalScroll)
        if step > 0:
            scroll.scroll_page_down(animate=False)
        else:
            scroll.scroll_page_up(animate=False)

    # ----- other screens -----------------------------------------------------------------------

    def action_scoreboard(self) -> None:
        """Open the scoreboard."""
        state = self.table.state
        self.app.push_screen(ScoreboardScreen(self.session.names, state.round_scores, state.rules))

    def action_help(self) -> None:
        """Open the help screen (keys and a rules summary)."""
        self.app.push_screen(HelpScreen())

    def action_save_as(self) -> None:
        """Save a named copy of the game (the dialog writes it, and says so if it cannot)."""

        def saved(path: Path | None) -> None:
            if path is not None:
                self.notify(f"Saved a copy to {path}", markup=False)

        dialog = SaveAsScreen(self.session.copy_name(), save=self.session.save_as)
        self.app.push_screen(dialog, saved)

    def palette_commands(self) -> list[PaletteCommand]:
        """The command palette's game commands that apply now (the same test as the keys)."""
        return action_commands(self, PALETTE_COMMANDS)

    def action_new_game(self) -> None:
        """Set up a new game, once the player confirms (this game stays saved)."""

        def answered(start_new: bool | None) -> None:
            if start_new:
                self.post_message(ShowSetup())

        question = "Leave this game for a new one? It stays saved: Load game resumes it."
        self.app.push_screen(ConfirmScreen(question, yes="New game", no="Keep playing"), answered)

    def action_leave(self) -> None:
        """Back to the main menu (the game is saved: Continue resumes it)."""
        self.post_message(LeaveGame())
