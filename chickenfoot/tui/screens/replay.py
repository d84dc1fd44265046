"""The replay viewer: a recorded game at any point, every hand shown (unless private).

:class:`ReplayScreen` walks a :class:`~chickenfoot.play.replay.ReplayView` over a saved game:
one action forward or back, the previous or next round, the start or the end, or an autoplay
whose speed can be changed (``+`` faster, ``-`` slower, as everywhere). It shows the table
(``o``: the outline), every seat's hand, the scores, the log of the round so far, the file and
where it stands ("round 3 · action 137 of 842"). The tile the next action plays is marked in
its hand and on the table. ``c`` shows the running totals of the rounds finished so far as a
chart in place of the table. On a screen under 30 rows, once the table beside the scores and
the log needs the compact drawing, they fold away as on the game screen and the table takes the
whole width (every hand below still shows its seat's tiles and total); a smaller table (a step
back to fewer tiles) or a new screen size brings them back. In an unfinished game that people
play at one keyboard, the round still in play keeps its hands and drawn tiles hidden, and the
header says so.

``a`` shows the coach's analysis (:class:`~chickenfoot.tui.screens.analysis.AnalysisScreen`):
the move at hand, judged from what its player could know, and the whole game; it is worked out
while the dialog is open, and kept for the next time.

``t`` takes over from the point shown: :class:`TakeOverScreen` asks who plays each seat (a
person, or a computer player of some level) and the app starts a new game from there.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.events import Resize
from textual.reactive import var
from textual.screen import ModalScreen, Screen
from textual.timer import Timer
from textual.widgets import Button, Select, Static

from chickenfoot.bots.coach import Coach
from chickenfoot.lang import N_, _, ngettext
from chickenfoot.play.charts import running_totals_chart
from chickenfoot.play.replay import ReplayView
from chickenfoot.play.shown import HandShown
from chickenfoot.record.model import SeatConfig
from chickenfoot.text.coach import coach_for
from chickenfoot.text.words import fit_line
from chickenfoot.tui.commands import PaletteCommand, binding_commands, button_key, view_keys
from chickenfoot.tui.footer import FittedFooter
from chickenfoot.tui.messages import TakeOver
from chickenfoot.tui.notices import Notice
from chickenfoot.tui.screens.analysis import AnalysisScreen
from chickenfoot.tui.screens.legend import LegendScreen
from chickenfoot.tui.screens.log import LogScreen
from chickenfoot.tui.screens.scoreboard import ScoreboardScreen
from chickenfoot.tui.widgets import BoardPanel, EventLog, HandView, SeatsPanel, TableView
from chickenfoot.tui.widgets.board_panel import BoardMode
from chickenfoot.tui.widgets.folding import Folding

SPEEDS: tuple[float, ...] = (0.5, 1.0, 2.0, 4.0, 8.0, 16.0)
"""Autoplay speeds, in actions per second."""
DEFAULT_SPEED_INDEX = 2
HUMAN = "human"
SEPARATOR = " · "

# Translators: the footer's groups of keys: one action back or forward, the previous or next
# round, the autoplay slower or faster.
STEP = Binding.Group(N_("Step"), compact=True)
ROUND = Binding.Group(N_("Round"), compact=True)
SPEED = Binding.Group(N_("Speed"), compact=True)


def speed_text(speed: float) -> str:
    """An autoplay speed in words: "2/s", "0.5/s"."""
    # Translators: an autoplay speed: actions per second ("2/s").
    return _("{speed}/s").format(speed=f"{speed:g}")


class ReplayHands(VerticalScroll, can_focus=False):
    """Every seat's hand at the position shown, the seat on turn marked and scrolled to."""

    def __init__(self, seats: int, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.seats = seats

    def compose(self) -> ComposeResult:
        """One hand per seat."""
        for seat in range(self.seats):
            yield HandView(id=f"hand-{seat}", classes="replay-hand")

    def show(self, hands: Sequence[HandShown], turn: int | None, names: Sequence[str]) -> None:
        """Show ``hands`` (one per seat), ``turn``'s marked and in sight; each title fits its
        frame (a long name of ``names`` in it shortened first)."""
        room = (self.size.width or self.app.size.width) - 3  # a scroll bar, a frame each side
        for seat, hand in enumerate(hands):
            view = self.query_one(f"#hand-{seat}", HandView)
            view.shown = hand
            view.set_class(turn == seat, "-turn")
            view.border_title = Content(fit_line(hand.title, room, names))
            if turn == seat:
                self.scroll_to_widget(view, animate=False)


REPLAY_BINDINGS: list[BindingType] = [
    Binding(
        "left",
        "back",
        N_("Back"),
        key_display="←",
        group=STEP,
        id="replay.back",
        tooltip=N_("One action back"),
    ),
    Binding(
        "right",
        "forward",
        # Translators: a key's word in the footer: one action forward.
        N_("Next"),
        key_display="→",
        group=STEP,
        id="replay.forward",
        tooltip=N_("One action forward"),
    ),
    Binding(
        "pageup,left_square_bracket",
        "previous_round",
        N_("Previous round"),
        key_display="[",
        group=ROUND,
        id="replay.previous-round",
        tooltip=N_("To this round's deal, or the previous round's"),
    ),
    Binding(
        "pagedown,right_square_bracket",
        "next_round",
        N_("Next round"),
        key_display="]",
        group=ROUND,
        id="replay.next-round",
        tooltip=N_("To the next round's deal"),
    ),
    Binding(
        "home",
        "to_start",
        N_("Go to the first move"),
        show=False,
        id="replay.first",
        tooltip=N_("The first deal"),
    ),
    Binding(
        "end",
        "to_end",
        N_("Go to the last move"),
        show=False,
        id="replay.last",
        tooltip=N_("The last action"),
    ),
    Binding(
        "space",
        "autoplay",
        # Translators: a key's word in the footer: play the game forward by itself (a verb).
        N_("Play"),
        key_display="Space",
        id="replay.play",
        tooltip=N_("Play the game forward by itself"),
    ),
    Binding(
        "space",
        "pause",
        N_("Pause"),
        key_display="Space",
        id="replay.pause",
        tooltip=N_("Stop playing forward"),
    ),
    Binding(
        "plus,equals_sign",
        "speed(1)",
        N_("Faster"),
        key_display="+",
        group=SPEED,
        id="replay.faster",
        tooltip=N_("Play forward faster"),
    ),
    Binding(
        "minus",
        "speed(-1)",
        N_("Slower"),
        key_display="-",
        group=SPEED,
        id="replay.slower",
        tooltip=N_("Play forward slower"),
    ),
    Binding(
        "o",
        "toggle_view",
        N_("Table or outline"),
        show=False,
        id="replay.outline",
        tooltip=N_("Draw the board as a table, or as an outline"),
    ),
    Binding(
        "full_stop",
        "switch_drawing",
        N_("Compact or full table"),
        key_display=".",
        show=False,
        id="replay.drawing",
        tooltip=N_("Draw the table smaller, or in full"),
    ),
    Binding(
        "comma",
        "legend",
        N_("What the table's marks mean"),
        key_display=",",
        show=False,
        id="replay.legend",
        tooltip=N_("The legend of the compact table: what each of its marks means"),
    ),
    Binding(
        "c",
        "toggle_chart",
        N_("Running totals chart"),
        show=False,
        id="replay.chart",
        tooltip=N_("Chart the totals round by round, or not"),
    ),
    Binding(
        "s",
        "scores",
        N_("Scoreboard"),
        show=False,
        id="replay.scores",
        tooltip=N_("Every finished round's scores up to the position shown"),
    ),
    Binding(
        "ctrl+l",
        "round_log",
        N_("The round's log"),
        show=False,
        id="replay.log",
        tooltip=N_("Every move of the round up to the position shown"),
    ),
    Binding(
        "a",
        "analysis",
        N_("Analysis"),
        id="replay.analysis",
        tooltip=N_("How good the move at hand was, and every move of the game"),
    ),
    Binding(
        "t",
        "take_over",
        N_("Take over"),
        id="replay.take-over",
        tooltip=N_("Start a new game from the position shown"),
    ),
    Binding(
        "escape",
        "close",
        N_("Close"),
        id="replay.close",
        tooltip=N_("Back to where the replay was opened"),
    ),
]
"""The replay viewer's keys."""


class ReplayScreen(Screen[None]):
    """A saved game shown at any point."""

    CSS_PATH = "replay.tcss"

    BINDINGS = REPLAY_BINDINGS

    board_view: var[BoardMode] = var("table")
    """The board as the table, the outline, or the running totals chart."""
    working: var[frozenset[str]] = var(frozenset(), bindings=True)
    """The actions whose keys do something at the position shown (the footer follows it)."""
    folded: var[bool] = var(False, toggle_class="-folded")
    """True while the scores and the log are folded away for a big table on a short screen."""

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
        self._table_view: BoardMode = "table"
        self._folding = Folding()
        self._coach: Coach | None = None
        self._notice: tuple[str, ...] = ()

    # ----- layout ----------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        """The file and the position, the table beside the seats and log, every hand."""
        yield Static(id="replay-title", markup=False)
        yield Static(id="replay-position", markup=False)
        with Horizontal(id="replay-main"):
            yield BoardPanel(charts=True, id="replay-board").data_bind(view=ReplayScreen.board_view)
            with Vertical(id="replay-side"):
                seats = SeatsPanel(id="seats")
                seats.border_title = _("Scores")
                scores_key = button_key(self, "replay.scores")
                # Translators: under the scores: the key that shows them round by round.
                seats.border_subtitle = _("{key}: by round").format(key=scores_key)
                yield seats
                log = EventLog(id="log")
                log.border_title = _("Log")
                yield log
        yield ReplayHands(len(self.names), id="replay-hands")
        yield FittedFooter(show_command_palette=False)

    def on_mount(self) -> None:
        """Show the first deal (the board's frame naming the keys in use)."""
        self.query_one(BoardPanel).keys = view_keys(self, "replay")
        self._show_title()
        self.show_position()

    @property
    def speed(self) -> float:
        """The autoplay speed, in actions per second."""
        return SPEEDS[self.speed_index]

    @property
    def autoplaying(self) -> bool:
        """True while autoplay is on."""
        return self._autoplay is not None

    @property
    def outline(self) -> bool:
        """True while the board is drawn as an outline."""
        return self.board_view == "outline"

    @property
    def chart(self) -> bool:
        """True while the running totals chart stands in place of the board."""
        return self.board_view == "chart"

    def show_position(self) -> None:
        """Show the cursor's position: table, hands, seats, log and where it stands."""
        shown = self.view.shown()
        panel = self.query_one(BoardPanel)
        panel.shown = shown.board
        if self.folded and self._folding.smaller(len(shown.board.board.played)):
            self.folded = False  # a smaller table: the panels come back
        self.query_one(ReplayHands).show(shown.hands, shown.seats.turn, shown.seats.names)
        self.query_one(SeatsPanel).shown = shown.seats
        self._update_log()
        self._update_chart()
        self._show_mode()

    @on(TableView.Drawn)
    def _fold_for_a_big_table(self, message: TableView.Drawn) -> None:
        """On a short screen, fold the scores and the log away when the table beside them
        needs the compact drawing: the table then has the whole width."""
        tiles = len(self.cursor.state.board.played)
        if self._folding.folds(message.compact, self.folded, self.size.height, tiles):
            self.folded = True

    def on_resize(self, event: Resize) -> None:
        """A new screen size: unfold, and fold again if the table still needs it; fit the
        header to the new width."""
        if self._folding.resized(event.size):
            self.folded = False
        self._show_mode()
        self._show_title()

    def _show_title(self) -> None:
        """The replay's title, and the latest notice after it (see :meth:`take_notice`)."""
        if self.title_text is None:
            replay_of = _("Replay of a game")
        else:
            replay_of = _("Replay of {name}").format(name=self.title_text)
        title = SEPARATOR.join([replay_of, *self._notice[:1]])
        self.query_one("#replay-title", Static).update(fit_line(title, self.size.width - 2))

    def take_notice(self, notice: Notice) -> None:
        """A notice of the app, where it covers nothing: after the title (the first line),
        and in the log too when it is long."""
        self._notice = notice.lines
        if notice.long:
            self.query_one(EventLog).add(notice.lines)
        self._show_title()

    def _update_chart(self) -> None:
        """Chart the rounds finished at the position shown (while the chart is on)."""
        if self.chart:
            state = self.cursor.state
            self.query_one(BoardPanel).chart = running_totals_chart(
                self.names, state.round_scores, state.rules.players
            )

    def watch_board_view(self) -> None:
        """Draw the chart of the position shown when it comes on."""
        if self.is_mounted:
            self._update_chart()

    def action_toggle_view(self) -> None:
        """Draw the board as the table, or as an outline."""
        self._table_view = "outline" if self.board_view == "table" else "table"
        self.board_view = self._table_view

    def action_switch_drawing(self) -> None:
        """Draw the table compact, or in full (from the outline or the chart: the table)."""
        self._table_view = self.board_view = "table"
        self.query_one(BoardPanel).switch_density()

    def action_legend(self) -> None:
        """Show what the compact table's marks mean."""
        self.app.push_screen(LegendScreen(self.query_one(BoardPanel).keys))

    def action_toggle_chart(self) -> None:
        """Show the running totals chart in place of the board, or the board again."""
        self.board_view = self._table_view if self.chart else "chart"

    def _show_mode(self) -> None:
        """Update the position indicator, and which keys work here."""
        width = self.size.width - 2
        self.query_one("#replay-position", Static).update(fit_line(self.position_text, width))
        cursor = self.cursor
        playing = {"pause"} if self.autoplaying else {"autoplay"} if cursor.moves_forward else set()
        speeds = {
            f"speed({step})" for step in (1, -1) if 0 <= self.speed_index + step < len(SPEEDS)
        }
        taking = set() if cursor.state.over else {"take_over"}
        self.working = frozenset(cursor.moves | playing | speeds | taking)

    @property
    def position_text(self) -> str:
        """The position indicator: where the replay stands, the autoplay speed, privacy."""
        mode = _("▶ playing") if self.autoplaying else _("⏸ paused")
        text = f"{self.cursor.position_text} · {mode} {speed_text(self.speed)}"
        if self.view.is_private(self.cursor.index):
            text += " · " + _("hands hidden (round in play)")
        return text

    def _update_log(self) -> None:
        """Log the step just taken, or after a jump the round so far (its latest lines)."""
        log = self.query_one(EventLog)
        stepped, lines = self.view.log_change(self._logged_index)
        if stepped:
            log.add(lines)
        else:
            log.restart(lines)
        self._logged_index = self.cursor.index

    # ----- keys ------------------------------------------------------------------------------

    CHECKED = frozenset(
        {
            "back",
            "previous_round",
            "to_start",
            "forward",
            "next_round",
            "to_end",
            "autoplay",
            "pause",
            "speed",
            "take_over",
        }
    )
    """The actions whose keys come and go with the position (see :attr:`working`)."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Hide the moves that go nowhere from here, and taking over a finished game."""
        if action == "speed":
            step = parameters[0] if parameters else 0
            return f"speed({step})" in self.working
        if action in self.CHECKED:
            return action in self.working
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

    def action_round_log(self) -> None:
        """Show every line of the round's log up to the position shown (the log beside the
        table keeps only the latest lines, and is folded away for a big table)."""
        lines = self.view.round_log()
        title = ngettext(
            "The round's log · {count} line", "The round's log · {count} lines", len(lines)
        ).format(count=len(lines))
        self.app.push_screen(LogScreen(lines, title=title))

    def game_coach(self) -> Coach:
        """The game's coach: made once (it replays the game), and kept with what it worked
        out, so the analysis goes on where it stopped."""
        if self._coach is None:
            self._coach = coach_for(self.record)
        return self._coach

    def action_analysis(self) -> None:
        """The coach's analysis of the move at hand and of the whole game."""
        self.stop_autoplay()
        self.app.push_screen(AnalysisScreen(self.record, self.game_coach, self.cursor.index))

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
        """The replay's moves and screens that apply at the position shown."""
        return binding_commands(self)

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


def computer_text(level: str | None) -> str:
    """A choice of player: a computer player of ``level``."""
    return _("Computer: {level}").format(level=level)


class TakeOverScreen(ModalScreen[tuple[SeatConfig, ...] | None]):
    """Who plays each seat in the new game taken over from a replay; returns the seats or None."""

    CSS_PATH = "replay.tcss"
    KEY_WIDGETS = (Select, Button)
    """The widgets that can have the keyboard here: their keys count when keys are changed."""

    AUTO_FOCUS = "Select"
    BINDINGS = [Binding("escape", "cancel", N_("Cancel"), id="take-over.cancel")]

    def __init__(self, seats: tuple[SeatConfig, ...], position: str) -> None:
        super().__init__()
        self.seats = seats
        self.position = position

    def compose(self) -> ComposeResult:
        """A row per seat (name and a choice of player), then Start and Cancel."""
        from chickenfoot.bots import BOT_LEVELS

        options = [(_("Person at the keyboard"), HUMAN)]
        options += [(computer_text(level), f"computer:{level}") for level in BOT_LEVELS]
        known = {value for _label, value in options}
        with Vertical(id="takeover-dialog"):
            yield Static(_("Take over from here"), id="takeover-title", markup=False)
            yield Static(
                _(
                    "A new game starts at {position}, saved as a game of its own. "
                    "Choose who plays each seat:"
                ).format(position=self.position),
                id="takeover-help",
                markup=False,
            )
            with VerticalScroll(id="takeover-seats", can_focus=False):
                for seat, config in enumerate(self.seats):
                    value = seat_choice(config)
                    seat_options = (
                        options
                        if value in known
                        else [*options, (computer_text(config.level), value)]
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
                yield Button(_("Start"), variant="primary", id="takeover-start")
                yield Button(_("Cancel"), id="takeover-cancel")

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
