"""The replay viewer: a recorded game at any point, every hand shown (unless private).

:class:`ReplayScreen` walks a :class:`~chickenfoot.play.replay.ReplayView` over a saved game:
one action forward or back, the previous or next round, the start or the end, or an autoplay
whose speed can be changed (``+`` faster, ``-`` slower, as everywhere). It shows the table
(``o``: the outline), every seat's hand, the scores, the log of the round so far, the file and
where it stands ("round 3 · action 137 of 842"). The tile the next action plays is marked in
its hand and on the table. ``c`` shows the running totals of the rounds finished so far as a
chart in place of the table. In an unfinished game that people play at one keyboard, the round
still in play keeps its hands and drawn tiles hidden, and the header says so.

``t`` takes over from the point shown: :class:`TakeOverScreen` asks who plays each seat (a
person, or a computer player of some level) and the app starts a new game from there.
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.reactive import var
from textual.screen import ModalScreen, Screen
from textual.timer import Timer
from textual.widgets import Button, Footer, Select, Static

from chickenfoot.play.charts import running_totals_chart
from chickenfoot.play.replay import ReplayView
from chickenfoot.saves.record import SeatConfig
from chickenfoot.tui.commands import PaletteCommand, action_commands
from chickenfoot.tui.messages import TakeOver
from chickenfoot.tui.screens.help import help_command
from chickenfoot.tui.screens.scoreboard import ScoreboardScreen
from chickenfoot.tui.widgets import BoardView, EventLog, HandView, SeatsPanel, TableView
from chickenfoot.tui.widgets.charts import ChartView

SPEEDS: tuple[float, ...] = (0.5, 1.0, 2.0, 4.0, 8.0, 16.0)
"""Autoplay speeds, in actions per second."""
DEFAULT_SPEED_INDEX = 2
LOG_LINES = 30
"""How many of the latest log lines a jump writes (more than the log shows at once)."""
HUMAN = "human"

STEP = Binding.Group("Step", compact=True)
ROUND = Binding.Group("Round", compact=True)
SPEED = Binding.Group("Speed", compact=True)


def speed_text(speed: float) -> str:
    """An autoplay speed in words: "2/s", "0.5/s"."""
    return f"{speed:g}/s"


PALETTE_COMMANDS = (
    ("forward", "Next move", "One action forward (→)"),
    ("back", "Previous move", "One action back (←)"),
    ("next_round", "Next round", "To the next round's deal (])"),
    ("previous_round", "Previous round", "To this round's deal, or the previous round's ([)"),
    ("to_start", "Go to the first move", "The first deal (Home)"),
    ("to_end", "Go to the last move", "The last action (End)"),
    ("autoplay", "Play", "Play the game forward by itself (Space)"),
    ("pause", "Pause", "Stop playing forward (Space)"),
    ("speed(1)", "Faster autoplay", "Play forward faster (+)"),
    ("speed(-1)", "Slower autoplay", "Play forward slower (-)"),
    ("toggle_view", "Table or outline", "Draw the board as a table, or as an outline (o)"),
    ("toggle_chart", "Running totals chart", "Chart the totals round by round, or not (c)"),
    ("scores", "Scoreboard", "Every finished round's scores up to the position shown (s)"),
    ("take_over", "Take over from here", "Start a new game from the position shown (t)"),
    ("close", "Close the replay", "Back to where it was opened (Esc)"),
)
"""(action, title, help) of the replay's palette commands, listed only when they apply."""


class ReplayScreen(Screen[None]):
    """A saved game shown at any point."""

    CSS_PATH = "replay.tcss"

    BINDINGS = [
        Binding("left", "back", "Back", key_display="←", group=STEP),
        Binding("right", "forward", "Next", key_display="→", group=STEP),
        Binding(
            "pageup,left_square_bracket",
            "previous_round",
            "Previous round",
            key_display="[",
            group=ROUND,
        ),
        Binding(
            "pagedown,right_square_bracket",
            "next_round",
            "Next round",
            key_display="]",
            group=ROUND,
        ),
        Binding("home", "to_start", "First move", show=False),
        Binding("end", "to_end", "Last move", show=False),
        Binding("space", "autoplay", "Play", key_display="Space"),
        Binding("space", "pause", "Pause", key_display="Space"),
        Binding("plus,equals_sign", "speed(1)", "Faster", key_display="+", group=SPEED),
        Binding("minus", "speed(-1)", "Slower", key_display="-", group=SPEED),
        Binding("o", "toggle_view", "Outline", show=False),
        Binding("c", "toggle_chart", "Chart", show=False),
        Binding("s", "scores", "Scores", show=False),
        Binding("t", "take_over", "Take over"),
        Binding("escape", "close", "Close"),
    ]

    outline: var[bool] = var(False)
    """True draws the board as an outline instead of a table."""

    chart: var[bool] = var(False)
    """True shows the running totals chart in place of the board."""

    def __init__(self, view: ReplayView, title: str | None = None) -> None:
        """``view`` is the game to replay (built beforehand: it replays every action);
        ``title`` names it at the top ("game 12", or the file it was read from)."""
        super().__init__()
        self.record = view.record
        self.title_text = title
        self.view = view
        self.cursor = self.view.cursor
        self.names = self.view.names
        self.speed_index = DEFAULT_SPEED_INDEX
        self._autoplay: Timer | None = None
        self._logged_index: int | None = None
        self._keys_state: tuple[bool, bool, bool, bool, int] | None = None

    # ----- layout ----------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        """The file and the position, the table beside the seats and log, every hand."""
        name = self.title_text if self.title_text is not None else "a game"
        yield Static(f"Replay of {name}", id="replay-title", markup=False)
        yield Static(id="replay-position", markup=False)
        with Horizontal(id="replay-main"):
            with Vertical(id="replay-board") as board_box:
                board_box.border_title = "Table"
                board_box.border_subtitle = "o: outline · c: chart"
                table = TableView(id="table")
                table.can_focus = False
                yield table
                with VerticalScroll(id="outline-scroll", can_focus=False):
                    yield BoardView(id="board")
                yield ChartView(id="replay-chart")
            with Vertical(id="replay-side"):
                seats = SeatsPanel(id="seats")
                seats.border_title = "Scores"
                seats.border_subtitle = "s: by round"
                yield seats
                log = EventLog(id="log")
                log.border_title = "Log"
                yield log
        with VerticalScroll(id="replay-hands", can_focus=False):
            for seat in range(len(self.names)):
                yield HandView(id=f"hand-{seat}", classes="replay-hand")
        yield Footer(show_command_palette=False)

    def on_mount(self) -> None:
        """Show the first deal."""
        self.watch_outline(self.outline)
        self.show_position()

    @property
    def speed(self) -> float:
        """The autoplay speed, in actions per second."""
        return SPEEDS[self.speed_index]

    @property
    def autoplaying(self) -> bool:
        """True while autoplay is on."""
        return self._autoplay is not None

    def show_position(self) -> None:
        """Show the cursor's position: table, hands, seats, log and where it stands."""
        shown = self.view.shown()
        self.query_one(TableView).shown = shown.board
        self.query_one(BoardView).shown = shown.board
        for seat, hand in enumerate(shown.hands):
            view = self.query_one(f"#hand-{seat}", HandView)
            view.shown = hand
            on_turn = shown.seats.turn == seat
            view.set_class(on_turn, "-turn")
            view.border_title = Content(hand.title)
            if on_turn:
                self.query_one("#replay-hands", VerticalScroll).scroll_to_widget(
                    view, animate=False
                )
        self.query_one(SeatsPanel).shown = shown.seats
        self._update_log()
        self._update_chart()
        self._show_mode()

    def _update_chart(self) -> None:
        """Chart the rounds finished at the position shown (while the chart is on)."""
        if self.chart:
            state = self.cursor.state
            self.query_one(ChartView).shown = running_totals_chart(
                self.names, state.round_scores, state.rules.players
            )

    def watch_outline(self, outline: bool) -> None:
        """Draw the board as the table, or as the outline."""
        self._show_board()

    def watch_chart(self, chart: bool) -> None:
        """Show the running totals chart, or the board."""
        self._update_chart()
        self._show_board()

    def _show_board(self) -> None:
        """Show the chart, the outline or the table, and say what the keys switch to."""
        if not self.is_mounted:
            return
        self.query_one(TableView).display = not self.outline and not self.chart
        self.query_one("#outline-scroll").display = self.outline and not self.chart
        self.query_one(ChartView).display = self.chart
        board = self.query_one("#replay-board")
        board.border_title = "Running totals after each round" if self.chart else "Table"
        view = "o: table" if self.outline else "o: outline"
        board.border_subtitle = "c: board" if self.chart else f"{view} · c: chart"

    def action_toggle_view(self) -> None:
        """Draw the board as the table, or as an outline."""
        self.outline = not self.outline
        self.chart = False

    def action_toggle_chart(self) -> None:
        """Show the running totals chart in place of the board, or the board again."""
        self.chart = not self.chart

    def _show_mode(self) -> None:
        """Update the position indicator, and the footer's keys when what applies has changed."""
        self.query_one("#replay-position", Static).update(self.position_text)
        keys_state = (
            self.cursor.at_start,
            self.cursor.at_end,
            self.cursor.state.over,
            self.autoplaying,
            self.speed_index,
        )
        if keys_state != self._keys_state:
            self._keys_state = keys_state
            self.refresh_bindings()

    @property
    def position_text(self) -> str:
        """The position indicator: where the replay stands, the autoplay speed, privacy."""
        mode = "▶ playing" if self.autoplaying else "⏸ paused"
        text = f"{self.cursor.position_text} · {mode} {speed_text(self.speed)}"
        if self.view.is_private(self.cursor.index):
            text += " · hands hidden: this round is still in play"
        return text

    def _update_log(self) -> None:
        """Log the step just taken, or after a jump the round so far (its latest lines)."""
        cursor = self.cursor
        log = self.query_one(EventLog)
        if self._logged_index is not None and cursor.index == self._logged_index + 1:
            log.add(self.view.log_lines(cursor.index))
        else:
            lines = [
                line
                for index in range(cursor.round_start, cursor.index + 1)
                for line in self.view.log_lines(index)
            ]
            log.clear()
            log.history.clear()
            log.add(lines[-LOG_LINES:])
        self._logged_index = cursor.index

    # ----- keys ------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Hide the moves that go nowhere from here, and taking over a finished game."""
        cursor = self.cursor
        if action in ("back", "previous_round", "to_start"):
            return not cursor.at_start
        if action in ("forward", "next_round", "to_end"):
            return not cursor.at_end
        if action == "autoplay":
            return not self.autoplaying and not cursor.at_end
        if action == "pause":
            return self.autoplaying
        if action == "speed":
            step = parameters[0] if parameters and isinstance(parameters[0], int) else 0
            return 0 <= self.speed_index + step < len(SPEEDS)
        if action == "take_over":
            return not cursor.state.over
        return True

    def _moved(self, moved: bool) -> None:
        """After a key moved the cursor (or not): stop autoplay and redraw."""
        self.stop_autoplay()
        if moved:
            self.show_position()

    def action_forward(self) -> None:
        """One action forward."""
        self._moved(self.cursor.forward())

    def action_back(self) -> None:
        """One action back."""
        self._moved(self.cursor.back())

    def action_next_round(self) -> None:
        """To the next round's deal (the end, during the last round)."""
        self._moved(self.cursor.next_round())

    def action_previous_round(self) -> None:
        """To this round's deal, or the previous round's when already there."""
        self._moved(self.cursor.previous_round())

    def action_to_start(self) -> None:
        """To the first deal."""
        self._moved(self.cursor.to_start())

    def action_to_end(self) -> None:
        """To the last action."""
        self._moved(self.cursor.to_end())

    # ----- autoplay -----------------------------------------------------------------------------

    def action_autoplay(self) -> None:
        """Start playing the game forward by itself."""
        if not self.autoplaying and not self.cursor.at_end:
            self._autoplay = self.set_interval(1 / self.speed, self.autoplay_step)
        self._show_mode()

    def action_pause(self) -> None:
        """Stop playing forward."""
        self.stop_autoplay()

    def autoplay_step(self) -> None:
        """One autoplay tick: one action forward; autoplay stops at the end."""
        self.cursor.forward()
        if self.cursor.at_end:
            self.stop_autoplay()
        self.show_position()

    def stop_autoplay(self) -> None:
        """Stop autoplay (nothing happens if it is off)."""
        if self._autoplay is not None:
            self._autoplay.stop()
            self._autoplay = None
            self._show_mode()

    def action_speed(self, step: int) -> None:
        """Autoplay faster (``step`` 1) or slower (-1)."""
        self.speed_index = max(0, min(len(SPEEDS) - 1, self.speed_index + step))
        if self._autoplay is not None:
            self._autoplay.stop()
            self._autoplay = self.set_interval(1 / self.speed, self.autoplay_step)
        self._show_mode()

    # ----- other screens -------------------------------------------------------------------------

    def action_scores(self) -> None:
        """Every finished round's scores up to the position shown."""
        state = self.cursor.state
        self.app.push_screen(ScoreboardScreen(self.names, state.round_scores, self.record.rules))

    def action_take_over(self) -> None:
        """Choose who plays each seat, then start a new game from the position shown."""
        if self.cursor.state.over:
            return
        self.stop_autoplay()
        action_count = self.cursor.index

        def chosen(seats: tuple[SeatConfig, ...] | None) -> None:
            if seats is not None:
                self.post_message(TakeOver(self.record, action_count, seats))

        self.app.push_screen(TakeOverScreen(self.record.seats, self.cursor.position_text), chosen)

    def palette_commands(self) -> list[PaletteCommand]:
        """The replay's moves and screens that apply at the position shown, and help."""
        return [*action_commands(self, PALETTE_COMMANDS), help_command(self)]

    def action_close(self) -> None:
        """Back to where the replay was opened from."""
        self.stop_autoplay()
        self.app.pop_screen()


def seat_choice(seat: SeatConfig) -> str:
    """The :class:`TakeOverScreen` option value of a seat: "human" or "computer:<level>"."""
    return HUMAN if seat.player == HUMAN else f"computer:{seat.level}"


def seat_from_choice(name: str, choice: str) -> SeatConfig:
    """The seat named ``name`` played as ``choice`` (a value from :func:`seat_choice`)."""
    if choice == HUMAN:
        return SeatConfig(name=name, player="human")
    return SeatConfig(name=name, player="computer", level=choice.removeprefix("computer:"))


class TakeOverScreen(ModalScreen[tuple[SeatConfig, ...] | None]):
    """Who plays each seat in the new game taken over from a replay; returns the seats or None."""

    CSS_PATH = "replay.tcss"

    AUTO_FOCUS = "Select"
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, seats: tuple[SeatConfig, ...], position: str) -> None:
        super().__init__()
        self.seats = seats
        self.position = position

    def compose(self) -> ComposeResult:
        """A row per seat (name and a choice of player), then Start and Cancel."""
        from chickenfoot.bots import BOT_LEVELS

        options = [("Person at the keyboard", HUMAN)]
        options += [(f"Computer: {level}", f"computer:{level}") for level in BOT_LEVELS]
        known = {value for _label, value in options}
        with Vertical(id="takeover-dialog"):
            yield Static("Take over from here", id="takeover-title")
            yield Static(
                f"A new game starts at {self.position}, saved as a game of its own. "
                "Choose who plays each seat:",
                id="takeover-help",
                markup=False,
            )
            with VerticalScroll(id="takeover-seats", can_focus=False):
                for seat, config in enumerate(self.seats):
                    value = seat_choice(config)
                    seat_options = (
                        options
                        if value in known
                        else [*options, (f"Computer: {config.level}", value)]
                    )
                    with Horizontal(classes="takeover-seat"):
                        yield Static(config.name, classes="takeover-name", markup=False)
                        yield Select(
                            seat_options,
                            value=value,
                            allow_blank=False,
                            compact=True,
                            id=f"seat-{seat}",
                        )
            with Horizontal(id="takeover-buttons"):
                yield Button("Start", variant="primary", id="takeover-start")
                yield Button("Cancel", id="takeover-cancel")

    def chosen_seats(self) -> tuple[SeatConfig, ...]:
        """The seats as chosen so far."""
        return tuple(
            seat_from_choice(config.name, str(self.query_one(f"#seat-{seat}", Select).value))
            for seat, config in enumerate(self.seats)
        )

    @on(Button.Pressed, "#takeover-start")
    def _start(self) -> None:
        self.dismiss(self.chosen_seats())

    @on(Button.Pressed, "#takeover-cancel")
    def action_cancel(self) -> None:
        """Close without starting a game."""
        self.dismiss(None)
