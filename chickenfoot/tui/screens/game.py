"""The game screen: the table, the open ends, the hand, the seats, the log and the status.

The screen is a client of one table. It runs the game's :class:`TableHost` on the app's loop
and shows what its :class:`SeatClient` (or :class:`SpectatorClient`, with no person at the
table) was sent: the client decides what is shown and what a key means; the screen keeps the
bindings, copies the client's reading into reactives its widgets bind to, pushes the results
and dialogs, and sends what the keys ask for through the link. It never reads the game's
state: what it shows is only what the client was sent.

**The game goes no further until a move is committed** (the host's turn loop sees to it,
see :mod:`chickenfoot.play.host`): a move shows at once, and when its commit takes long the
top bar says "saving…", quietly, until it is on disk.

**On a short screen (80x24) a big table takes the room of the seats and the log**: when the
table needs its compact drawing beside them, they fold away (the class ``-folded``), the table
takes the whole width, the seats ride on the hand's frame (name and tiles in hand, the turn
marked) and the latest news stays on the status line (``ctrl+l`` shows the whole log). They
come back with a new round, or when the screen is resized.

With two or more people at the keyboard, every hand is hidden whenever the turn passes to
another person: the hand's panel says "Pass to <name>, then press Enter" while the table and
the log stay in view, and Enter shows the new hand. News and the reason a key did nothing go
to the status line's second row, never over the hand.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import ClassVar, Protocol

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.css.query import NoMatches
from textual.events import Key, Resize
from textual.geometry import Region
from textual.reactive import var
from textual.widgets import Footer, Static

from chickenfoot.play.client import TURN_ACTIONS, SeatClient, SpectatorClient
from chickenfoot.play.host import TableHost
from chickenfoot.play.keys import END_LETTERS
from chickenfoot.play.link import LocalLink
from chickenfoot.play.session import GameSession
from chickenfoot.play.shown import BoardShown, HandShown, SeatsShown, StatusShown
from chickenfoot.play.wire import ClientMessage, GameEnded, GameLog, RoundEnded, TableInfo
from chickenfoot.record.model import SeatConfig
from chickenfoot.text import ends, prompts
from chickenfoot.text.deal import DealText, recorded_deal_text
from chickenfoot.text.prompts import round_ending
from chickenfoot.tui.commands import PaletteCommand, binding_commands, button_key, view_keys
from chickenfoot.tui.keymap import key_in_words, keymap_of
from chickenfoot.tui.messages import EndClicked, RememberDisplay
from chickenfoot.tui.screens.choice import ChoiceScreen
from chickenfoot.tui.screens.confirm import ConfirmScreen
from chickenfoot.tui.screens.folding import Folding
from chickenfoot.tui.screens.game_dialogs import GameDialogs
from chickenfoot.tui.screens.game_over import GameOverScreen
from chickenfoot.tui.screens.log import LogScreen
from chickenfoot.tui.screens.round_over import RoundOverScreen
from chickenfoot.tui.screens.save_as import SaveAsScreen
from chickenfoot.tui.widgets import (
    BoardPanel,
    EndsStrip,
    EventLog,
    HandView,
    SeatsPanel,
    StatusLine,
    TableView,
)
from chickenfoot.tui.widgets.board_panel import BoardMode
from chickenfoot.tui.widgets.seats import seats_in_a_row

CHECKED_ACTIONS = (*sorted(TURN_ACTIONS), "show_hand", "seen_draw", "speed", "take_back")
"""The actions whose keys come and go with the state of the game (see ``check_action``)."""


GAME_BINDINGS: list[BindingType] = [
    Binding(
        "enter",
        "show_hand",
        "Show my hand",
        id="game.show-hand",
        tooltip="I have the keyboard now: show my hand",
    ),
    Binding(
        "enter",
        "seen_draw",
        "Pass the keyboard",
        id="game.seen-draw",
        tooltip="I have seen the tile I drew: pass the keyboard on",
    ),
    Binding(
        "enter", "play", "Play", id="game.play", tooltip="Play the selected tile on the chosen end"
    ),
    Binding("left", "select_tile(-1)", "Tile", key_display="←→", id="game.tile-left"),
    Binding("right", "select_tile(1)", "Tile", show=False, id="game.tile-right"),
    Binding("up", "choose_end(-1)", "End", key_display="↑↓", id="game.end-up"),
    Binding("down", "choose_end(1)", "End", show=False, id="game.end-down"),
    Binding(
        "d",
        "draw",
        "Draw",
        id="game.draw",
        tooltip="Take a tile from the boneyard (only with no play)",
    ),
    Binding("d", "unavailable('draw')", show=False, id="game.draw-why-not"),
    Binding(
        "p",
        "pass_turn",
        "Pass",
        id="game.pass",
        tooltip="End the turn: nothing fits and nothing to draw",
    ),
    Binding("p", "unavailable('pass')", show=False, id="game.pass-why-not"),
    Binding(
        "k",
        "keep",
        "Keep",
        id="game.keep",
        tooltip="Keep the playable tile you drew and end the turn",
    ),
    Binding("k", "unavailable('keep')", show=False, id="game.keep-why-not"),
    Binding(
        "i",
        "hint",
        "Hint",
        id="game.hint",
        tooltip="The expert's suggestion for your move, and why",
    ),
    Binding("i", "unavailable('hint')", show=False, id="game.hint-why-not"),
    Binding(
        "u",
        "take_back",
        "Undo",
        id="game.take-back",
        tooltip="Take back: undo back to your previous decision",
    ),
    Binding("u", "unavailable('take_back')", show=False, id="game.take-back-why-not"),
    Binding("s", "scoreboard", "Scores", id="game.scores", tooltip="Every round's scores so far"),
    Binding(
        "question_mark",
        "help",
        "Help",
        key_display="?",
        id="game.help",
        tooltip="Keys and a summary of the rules",
    ),
    Binding(
        "ctrl+s",
        "save_as",
        "Save a copy as…",
        show=False,
        id="game.save-as",
        tooltip="Write this game to a file of your choice",
    ),
    Binding(
        "o",
        "toggle_view",
        "Table or outline",
        show=False,
        id="game.outline",
        tooltip="Draw the board as a table, or as an outline",
    ),
    Binding(
        "full_stop",
        "switch_drawing",
        "Compact or full table",
        key_display=".",
        show=False,
        id="game.drawing",
        tooltip="Draw the table smaller, or in full",
    ),
    Binding(
        "slash",
        "every_end",
        "Every open end",
        key_display="/",
        show=False,
        id="game.every-end",
        tooltip="List every open end, its key and the number it needs",
    ),
    Binding(
        "number_sign",
        "count_tiles",
        "Count tiles",
        key_display="#",
        show=False,
        id="game.count-tiles",
        tooltip="Which tiles of each number you have not seen yet",
    ),
    Binding(
        "ctrl+l",
        "full_log",
        "The whole log",
        show=False,
        id="game.log",
        tooltip="Every move of the game so far",
    ),
    Binding(
        "plus,equals_sign",
        "speed(1)",
        "Faster computer players",
        key_display="+",
        show=False,
        id="game.faster",
        tooltip="A shorter pause before each computer move",
    ),
    Binding(
        "minus",
        "speed(-1)",
        "Slower computer players",
        key_display="-",
        show=False,
        id="game.slower",
        tooltip="A longer pause before each computer move",
    ),
    Binding("shift+left", "pan(-5, 0)", "Pan the table", show=False, id="game.pan-left"),
    Binding("shift+right", "pan(5, 0)", "Pan the table", show=False, id="game.pan-right"),
    Binding("shift+up", "pan(0, -2)", "Pan the table", show=False, id="game.pan-up"),
    Binding("shift+down", "pan(0, 2)", "Pan the table", show=False, id="game.pan-down"),
    Binding("pageup", "scroll_log(-1)", "Scroll the log", show=False, id="game.log-up"),
    Binding("pagedown", "scroll_log(1)", "Scroll the log", show=False, id="game.log-down"),
    Binding(
        "pageup,pagedown",
        "full_log",
        "The whole log (the log is folded away)",
        show=False,
        id="game.log-folded",
    ),
    Binding(
        "ctrl+n",
        "new_game",
        "New game",
        show=False,
        id="game.new-game",
        tooltip="Set up another game (this one stays saved: Load game resumes it)",
    ),
    Binding(
        "escape",
        "leave",
        "Menu",
        id="game.menu",
        tooltip="Back to the menu: the game stays saved, Continue resumes it",
    ),
]
"""The game's keys: a key bound twice does the first action that applies now (see
``check_action``); the second one says why the key does nothing. A binding with a tooltip is
a command the palette lists."""


class TableLink(Protocol):
    """What a table screen reads and sends through: a link to a table here
    (:class:`~chickenfoot.play.link.LocalLink`) or across the network
    (:class:`~chickenfoot.net.remote.RemoteLink`)."""

    def send(self, message: ClientMessage) -> object:
        """Send the table ``message``."""

    async def receive(self) -> object:
        """The next thing the table (or the link) says."""

    def drain(self) -> Sequence[object]:
        """Everything said and not read yet."""


def seats_as_saved(table: TableInfo) -> tuple[SeatConfig, ...]:
    """The seats of ``table`` as a saved game says them: a person, or a computer's level."""
    return tuple(
        SeatConfig(name=seat.name, player="computer", level=seat.computer)
        if seat.computer
        else SeatConfig(name=seat.name, player="human")
        for seat in table.seats
    )


class TableScreen(GameDialogs):
    """One table on screen: a client of a table, fed through a link (in this process, or
    across the network); :class:`GameScreen` is a game played here, and
    :class:`~chickenfoot.tui.screens.online.OnlineGameScreen` a seat at an online table."""

    CSS_PATH = "game.tcss"

    BINDINGS = GAME_BINDINGS
    TYPED_KEYS = frozenset(string.digits) | END_LETTERS
    """Keys the screen reads itself (:meth:`on_key`): no binding may take them."""
    TYPED_KEYS_DO = "choose a tile by its number or an open end by its letter"

    PLAY_AGAIN: ClassVar[bool] = True
    """Whether the game's result offers a new game of the same seats at this keyboard."""

    board_shown: var[BoardShown | None] = var(None)
    hand_shown: var[HandShown] = var(HandShown)
    seats_shown: var[SeatsShown] = var(SeatsShown)
    status_shown: var[StatusShown] = var(StatusShown)
    board_view: var[BoardMode] = var("table")
    """The board as a table or an outline (one row per line)."""
    working: var[frozenset[str]] = var(frozenset(), bindings=True)
    """The actions whose keys do something now (the footer follows it)."""
    folded: var[bool] = var(False)
    """True while the seats and the log are folded away for a big table on a short screen."""

    def __init__(self, client: SeatClient, link: TableLink, *, outline: bool = False) -> None:
        super().__init__()
        self.client = client
        self.link = link
        self._logged = (0, 0)
        self._topbar_shown: tuple[object, ...] = ()
        self._result_shown: RoundEnded | GameEnded | None = None
        self._folding = Folding()
        self.set_reactive(TableScreen.board_view, "outline" if outline else "table")

    # ----- what differs between a table here and one across the network ------------------------

    def start_table(self) -> None:
        """Start what feeds the link (a table here runs its host's turn loop)."""

    def close_table(self) -> None:
        """The screen is left: close the table, or leave it."""

    def deal_text(self, round_number: int) -> DealText | None:
        """How round ``round_number`` was dealt, in words (None: not known here)."""
        return None

    def seat_configs(self) -> tuple[SeatConfig, ...]:
        """Who sits where, as a saved game says it (the game's result lists it)."""
        return seats_as_saved(self.client.table)

    def connection_text(self) -> str:
        """The link's state when it is worth a word in the top bar ("" while all is well)."""
        return ""

    def sentence_keys(self, keymap: Mapping[str, str]) -> prompts.TurnKeys:
        """The keys the game's sentences name, with the player's own ``keymap``."""
        return turn_keys(keymap)

    def follow_keymap(self) -> None:
        """Name the player's keys (again when they change: they are checked once the menu is
        drawn, perhaps after this game opened)."""
        self.client.keys = self.sentence_keys(keymap_of(self.app))
        self.query_one(BoardPanel).keys = view_keys(self, "game", GAME_BINDINGS)
        log = button_key(self, "game.log", GAME_BINDINGS)
        self.query_one(EventLog).border_subtitle = f"{log}: all"
        self.refresh_view()

    def seats_with_presence(self, seats: SeatsShown) -> SeatsShown:
        """The seats as shown, with whatever the table says about who is here."""
        return seats

    def status_with_presence(self, status: StatusShown) -> StatusShown:
        """The status line as shown, with whatever the table says about who is here."""
        return status

    def take(self, message: object) -> None:
        """Take in one message the link brought (the table's: the client reads it)."""
        self.client.receive(message)  # type: ignore[arg-type]
        if isinstance(message, GameLog) and self.client.game_log is not None:
            self.app.push_screen(LogScreen(self.client.game_log))

    @property
    def outline(self) -> bool:
        """True while the board is drawn as an outline."""
        return self.board_view == "outline"

    def compose(self) -> ComposeResult:
        """Top bar; the table beside the seats and the log; the open ends; hand; status."""
        yield Static(id="topbar", markup=False)
        with Horizontal(id="main"):
            yield BoardPanel(id="board-box").data_bind(
                shown=TableScreen.board_shown, view=TableScreen.board_view
            )
            with Vertical(id="side"):
                seats = SeatsPanel(id="seats").data_bind(shown=TableScreen.seats_shown)
                seats.border_title = "Seats"
                yield seats
                log = EventLog(id="log")
                log.border_title = "Log"
                yield log
        yield EndsStrip(id="ends").data_bind(shown=TableScreen.board_shown)
        with VerticalScroll(id="hand-scroll", can_focus=False):
            yield HandView(id="hand").data_bind(shown=TableScreen.hand_shown)
        yield StatusLine(id="status").data_bind(shown=TableScreen.status_shown)
        yield Footer(compact=True)

    def on_mount(self) -> None:
        """Start the table and listen to it; show what it sent first (the game's sentences
        name its keys: the player's own, if they changed them)."""
        self.follow_keymap()
        self.receive()
        self.start_table()
        self.run_worker(self._listen(), name="client", group="table")
        # The Footer listens for key changes only once mounted: tell it again after the first frame.
        self.call_after_refresh(self.refresh_bindings)

    def on_unmount(self) -> None:
        """The game is left: close the table (a thinking computer stops)."""
        self.close_table()

    async def _listen(self) -> None:
        """Take in every message of the table as it comes, and show it."""
        while True:
            self.take(await self.link.receive())
            if self.client.closed:
                return  # the table closed: the screen is being left
            try:
                self.receive()
            except NoMatches:
                return  # the widgets are gone: the app is closing the screen

    def receive(self) -> None:
        """Take in what the table sent and not read yet; show it, and what comes next."""
        for message in self.link.drain():
            self.take(message)
        self.refresh_view()
        self.follow_prompt()

    def send(self, message: ClientMessage | None) -> None:
        """Send the table what a key asked for (nothing when the key did nothing); show the
        reason the client gives when it did nothing."""
        if message is not None:
            self.link.send(message)
        self.refresh_view()

    @property
    def on_top(self) -> bool:
        """True when no other screen (not even a dialog) is over this one."""
        return self.app.screen is self

    def on_screen_suspend(self) -> None:
        """A screen came on top: computers wait."""
        self.link.send(self.client.hold(True))

    def on_screen_resume(self) -> None:
        """Back on top (after a result, help, the scores...): carry on with the game."""
        self.link.send(self.client.hold(False))
        self.follow_prompt()

    def follow_prompt(self) -> None:
        """Show a round's or the game's result once, when the table waits for it to be seen."""
        prompt = self.client.prompt
        if not self.on_top or prompt is self._result_shown:
            return
        view = self.client.view
        if isinstance(prompt, RoundEnded) and view is not None:
            self._result_shown = prompt
            result = prompt.result
            deal = self.deal_text(result.round)
            ending = round_ending(prompt.ending, self.client.names) if prompt.ending else ""
            screen = RoundOverScreen(
                result, self.client.names, view.rules.round_count, ending, deal
            )
            self.app.push_screen(screen, lambda _closed: self.send(self.client.proceed()))
        elif isinstance(prompt, GameEnded) and view is not None:
            self._result_shown = prompt
            self.app.push_screen(
                GameOverScreen(
                    prompt.result,
                    self.client.names,
                    view.round_scores,
                    view.rules,
                    self.seat_configs(),
                    play_again=self.PLAY_AGAIN,
                )
            )

    # ----- showing -------------------------------------------------------------------------------

    def refresh_view(self) -> None:
        """Show what the client reads now (each widget redraws only if its part changed)."""
        if self.client.view is None or self.client.closed or self not in self.app.screen_stack:
            return  # nothing yet, or the screen is being left
        shown = self.client.shown()
        self.board_shown = shown.board
        self.hand_shown = shown.hand
        self.seats_shown = self.seats_with_presence(shown.seats)
        self.status_shown = self.status_with_presence(shown.status)
        self._show_topbar(
            (*shown.topbar, bool(shown.unsaved), shown.saving, self.connection_text())
        )
        self._show_log()
        self.working = frozenset(a for a in CHECKED_ACTIONS if self.client.key_works(a))

    def _show_topbar(self, topbar: tuple[str, str, str, bool, bool, str]) -> None:
        if topbar != self._topbar_shown:  # one row: no new layout needed
            self._topbar_shown = topbar
            round_text, detail, needs, unsaved, saving, connection = topbar
            warning = ("  ⚠ not saved", "bold $text-error") if unsaved else ""
            notice = ("  saving…", "$text-muted") if saving else ""
            link = (f"  {connection}", "bold $text-warning") if connection else ""
            self.query_one("#topbar", Static).update(
                Content.assemble((round_text, "bold"), detail, needs, warning, notice, link),
                layout=False,
            )

    def _show_log(self) -> None:
        """Write the client's new log lines (the whole log again after a take-back)."""
        restarts, written = self._logged
        log = self.query_one(EventLog)
        lines = self.client.log
        if restarts != self.client.log_restarts:
            log.restart(lines)
        elif len(lines) > written:
            log.add(lines[written:])
        self._logged = (self.client.log_restarts, len(lines))

    # ----- folding the side panels away for a big table on a short screen ---------------------

    @on(TableView.Drawn)
    def _fold_for_a_big_table(self, message: TableView.Drawn) -> None:
        """On a short screen, fold the seats and the log away when the table beside them needs
        the compact drawing: the table then has the whole width."""
        tiles = len(self.board_shown.board.played) if self.board_shown is not None else 0
        if self._folding.folds(message.compact, self.folded, self.size.height, tiles):
            self.folded = True

    def watch_board_shown(self, shown: BoardShown | None) -> None:
        """Unfold the side panels for a smaller table (a new round, or moves taken back)."""
        if self.folded and (shown is None or self._folding.smaller(len(shown.board.played))):
            self.folded = False

    def on_resize(self, event: Resize) -> None:
        """A new screen size: unfold, and fold again if the table still needs it."""
        if self._folding.resized(event.size):
            self.folded = False

    def watch_folded(self, folded: bool) -> None:
        """Hide or show the side panels; the seats ride on the hand's frame while hidden."""
        self.set_class(folded, "-folded")
        self.watch_seats_shown()
        self.refresh_bindings()

    def watch_seats_shown(self) -> None:
        """Keep the seats on the hand's frame up to date while the side panels are folded."""
        if not self.is_mounted:
            return
        box = self.query_one("#hand-scroll", VerticalScroll)
        width = self.size.width - 6  # the frame's corners and a cell of margin each side
        box.border_subtitle = seats_in_a_row(self.seats_shown, width) if self.folded else ""

    def watch_hand_shown(self, shown: HandShown) -> None:
        """Title the hand's box and keep the selected tile in view."""
        box = self.query_one("#hand-scroll", VerticalScroll)
        box.border_title = Content(shown.title)
        if shown.selected is not None and not shown.hidden:
            row = self.query_one(HandView).row_of(shown.selected)
            box.scroll_to_region(Region(0, row, 1, 2), animate=False)

    # ----- keys ---------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show only the keys that do something now (the client says which; the rest fall
        through to the binding that says why)."""
        if action in CHECKED_ACTIONS:
            return action in self.working
        if action == "scroll_log":
            return not self.folded  # a folded log is not scrolled unseen: PgUp/PgDn open it
        return True

    def action_unavailable(self, key: str) -> None:
        """A key that does nothing now: say why."""
        self.client.tell(self.client.why_not(key))
        self.refresh_view()

    def action_show_hand(self) -> None:
        """The hand-off: the next person has the keyboard; show their hand."""
        self.send(self.client.show_hand())

    def action_seen_draw(self) -> None:
        """The person who drew a dead tile has seen it: pass the keyboard on."""
        self.send(self.client.proceed())

    def action_select_tile(self, step: int) -> None:
        """Move the tile selection left or right (wrapping around)."""
        self.client.step_tile(step)
        self.refresh_view()

    def action_choose_end(self, step: int) -> None:
        """Move the chosen end among the ends the selected tile fits."""
        self.client.step_end(step)
        self.refresh_view()

    def action_play(self) -> None:
        """Play the selected tile on the chosen end (at once when only one end fits)."""
        self.send(self.client.play())

    def action_draw(self) -> None:
        """Draw a tile from the boneyard."""
        self.send(self.client.draw())

    def action_pass_turn(self) -> None:
        """Pass: no play and nothing to draw."""
        self.send(self.client.pass_turn())

    def action_keep(self) -> None:
        """Keep the playable tile just drawn, and end the turn."""
        self.send(self.client.keep())

    def action_hint(self) -> None:
        """Ask the expert what the person on turn should do (the table works it out)."""
        self.send(self.client.ask_hint())

    def action_take_back(self) -> None:
        """Undo back to the person's previous decision (against computers only)."""
        self.send(self.client.take_back())

    def action_full_log(self) -> None:
        """Open the whole log of the game so far (the table sends it)."""
        self.send(self.client.ask_game_log())

    def on_key(self, event: Key) -> None:
        """Digits choose a tile, letters choose an open end (while a turn's keys work)."""
        character = event.character
        if character is None or not self.on_top or not self.check_action("play", ()):
            return
        if character.isdigit():
            event.stop()
            self.client.type_digit(character)
            self.refresh_view()
        elif character in END_LETTERS:
            event.stop()
            self.client.type_letter(character)
            self.refresh_view()

    @on(HandView.TileClicked)
    def _tile_clicked(self, message: HandView.TileClicked) -> None:
        self.client.select(message.index)
        self.refresh_view()

    @on(EndClicked)
    def _end_clicked(self, message: EndClicked) -> None:
        self.client.choose_end(message.target)
        self.refresh_view()

    def action_speed(self, step: int) -> None:
        """Make the computer players faster (+) or slower (-); it is remembered."""
        self.send(self.client.change_speed(step))
        self.post_message(RememberDisplay(bot_delay=self.client.table.pause))

    def action_pan(self, columns: int, rows: int) -> None:
        """Pan the table view."""
        self.query_one(BoardPanel).pan(columns, rows)

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

    def action_switch_drawing(self) -> None:
        """Draw the table compact, or in full (from the outline: the table)."""
        if self.outline:
            self.board_view = "table"
            self.post_message(RememberDisplay(outline=False))
        self.query_one(BoardPanel).switch_density()

    def action_toggle_view(self) -> None:
        """Draw the board as the table, or as an outline (one row per line); remembered."""
        self.board_view = "table" if self.outline else "outline"
        self.post_message(RememberDisplay(outline=self.outline))

    def palette_commands(self) -> list[PaletteCommand]:
        """The command palette's game commands that apply now (from the bindings)."""
        return binding_commands(self)


def turn_keys(keymap: Mapping[str, str]) -> prompts.TurnKeys:
    """The keys the game's sentences name, as the game's bindings (and those of a round's
    result, which its status line names) have them with the player's own ``keymap``."""

    def key(binding_id: str) -> str:
        return key_in_words(GAME_BINDINGS, binding_id, keymap)

    return prompts.TurnKeys(
        play=key("game.play"),
        draw=key("game.draw"),
        pass_turn=key("game.pass"),
        keep=key("game.keep"),
        show_hand=key("game.show-hand"),
        seen_draw=key("game.seen-draw"),
        go_on=key_in_words(RoundOverScreen.BINDINGS, "round-over.continue", keymap),
        tiles=f"{key('game.tile-left')}/{key('game.tile-right')}",
        ends=f"{key('game.end-up')}/{key('game.end-down')}",
        save_copy="",  # a game played here names its key (GameScreen.start_table)
    )


class GameScreen(TableScreen):
    """A game played here: a client of the table its host runs over the session, on the
    app's loop."""

    def __init__(
        self, session: GameSession, *, bot_delay: float = 0.6, outline: bool = False
    ) -> None:
        self.session = session
        self.host = TableHost(session, pause=bot_delay)
        client = SeatClient() if session.humans else SpectatorClient()
        super().__init__(client, LocalLink(self.host, session.humans), outline=outline)

    def sentence_keys(self, keymap: Mapping[str, str]) -> prompts.TurnKeys:
        """The keys the game's sentences name; a notice of a game not saved also names the
        key that saves a copy."""
        save_copy = key_in_words(GAME_BINDINGS, "game.save-as", keymap)
        return replace(turn_keys(keymap), save_copy=save_copy)

    def start_table(self) -> None:
        """Run the host's turn loop on the app's loop."""
        self.run_worker(self.host.run(), name="table", group="table")

    def close_table(self) -> None:
        """Close the table (a thinking computer stops)."""
        self.host.close()

    def deal_text(self, round_number: int) -> DealText | None:
        """How the round was dealt, from the game's record."""
        return recorded_deal_text(self.session.record, round_number, self.session.game)

    def seat_configs(self) -> tuple[SeatConfig, ...]:
        """The game's seats, from its record."""
        return self.session.record.seats

    def action_save_as(self) -> None:
        """Save a named copy of the game (the dialog writes it, and says so if it cannot)."""

        def saved(path: Path | None) -> None:
            if path is not None:
                self.client.tell(f"Saved a copy to {path}")
                self.refresh_view()

        dialog = SaveAsScreen(self.session.copy_name(), save=self.session.save_as)
        self.app.push_screen(dialog, saved)

    @work(thread=True, exclusive=True, group="settle")
    def once_saved(
        self, what: str, saved: Callable[[], object], anyway: Callable[[], object]
    ) -> None:
        """Wait off the UI thread until the store holds every move of this game, then call
        ``saved``; if it cannot hold them, ask whether to ``what`` ``anyway`` (stay, save a
        copy elsewhere, or go on: then ``anyway``)."""
        if self.session.wait_committed():
            self.app.call_from_thread(saved)
        else:
            self.app.call_from_thread(self._ask_about_unsaved, what, anyway)

    def _ask_about_unsaved(self, what: str, then: Callable[[], object]) -> None:
        if isinstance(self.app.screen, ConfirmScreen | ChoiceScreen):
            return  # a question is up already

        def answered(choice: str | None) -> None:
            if choice == "save":
                self.action_save_as()
            elif choice == "go":
                then()

        question = prompts.leave_unsaved(self.session.unsaved, what)
        answers = [("stay", "Stay", "n"), ("save", "Save a copy…", "s"), ("go", what, "y")]
        self.app.push_screen(ChoiceScreen(question, answers), answered)
