"""The game screen: a client of one table, with its keys and the screens it opens.

The screen is a client of one table (:class:`~chickenfoot.play.tables.ScreenTable`): a game
played here (its :class:`TableHost` run on the app's loop) or a seat across the network. It
shows what its :class:`SeatClient` (or :class:`SpectatorClient`, with no person at the table)
was sent: the client decides what is shown and what a key means; the screen keeps the
bindings, copies the client's reading into reactives its body
(:class:`~chickenfoot.tui.widgets.game_table.GameTable`: the table, the seats, the log, the
hand, the status) binds to, has its :class:`GameDialogs` push the results and dialogs, and
sends what the keys ask for through the link. It never reads the game's state: what it shows
is only what the client was sent.

**The game goes no further until a move is committed** (the host's turn loop sees to it,
see :mod:`chickenfoot.play.host`): a move shows at once, and when its commit takes long the
top bar says "saving…", quietly, until it is on disk.

With two or more people at the keyboard, every hand is hidden whenever the turn passes to
another person: the hand's panel says "Pass to <name>, then press Enter" while the table and
the log stay in view, and Enter shows the new hand. News and the reason a key did nothing go
to the status line's second row, never over the hand.
"""

from __future__ import annotations

import string
from collections.abc import Mapping

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.css.query import NoMatches
from textual.events import Key
from textual.reactive import var
from textual.screen import Screen

from chickenfoot.lang import N_
from chickenfoot.play.client import TURN_ACTIONS, keys_working
from chickenfoot.play.keys import END_LETTERS
from chickenfoot.play.session import GameSession
from chickenfoot.play.shown import BoardShown, HandShown, SeatsShown, StatusShown
from chickenfoot.play.tables import LocalTable, ScreenTable, TableFeed
from chickenfoot.play.wire import ClientMessage, GameLog
from chickenfoot.text import prompts
from chickenfoot.tui.commands import PaletteCommand, binding_commands, button_key, view_keys
from chickenfoot.tui.footer import FittedFooter
from chickenfoot.tui.keymap import key_in_words, keymap_of
from chickenfoot.tui.messages import EndClicked, LeaveGame, RememberDisplay, ShowHelp
from chickenfoot.tui.notices import Notice
from chickenfoot.tui.screens.game_dialogs import GameDialogs
from chickenfoot.tui.screens.round_over import RoundOverScreen
from chickenfoot.tui.screens.unsaved import UnsavedGame
from chickenfoot.tui.voice import SAY_BINDINGS, TableVoice
from chickenfoot.tui.widgets import (
    BoardPanel,
    EventLog,
    HandView,
    StatusLine,
)
from chickenfoot.tui.widgets.game_table import GameTable
from chickenfoot.tui.widgets.hand import HandBox
from chickenfoot.tui.widgets.topbar import TopBar, TopBarShown

TURN_KEYS = tuple(sorted(TURN_ACTIONS - {"unavailable"}))
CHECKED_ACTIONS = (*TURN_KEYS, "show_hand", "seen_draw", "speed", "take_back")
"""The actions whose keys come and go with the state of the game (see ``check_action``); a
key that does nothing now always says why (at a hand-off too), while people play here."""


GAME_BINDINGS: list[BindingType] = [
    Binding(
        "enter",
        "show_hand",
        N_("Show my hand"),
        id="game.show-hand",
        tooltip=N_("I have the keyboard now: show my hand"),
    ),
    Binding(
        "enter",
        "seen_draw",
        N_("Pass the keyboard"),
        id="game.seen-draw",
        tooltip=N_("I have seen the tile I drew: pass the keyboard on"),
    ),
    Binding(
        "enter",
        "play",
        # Translators: a key's word in the footer: play the chosen tile (a verb).
        N_("Play"),
        id="game.play",
        tooltip=N_("Play the selected tile on the chosen end"),
    ),
    Binding("enter", "unavailable('play')", show=False, id="game.play-why-not"),
    # Translators: a key's word in the footer: ←→ choose a tile of the hand.
    Binding("left", "select_tile(-1)", N_("Tile"), key_display="←→", id="game.tile-left"),
    Binding("right", "select_tile(1)", N_("Tile"), show=False, id="game.tile-right"),
    # Translators: a key's word in the footer: ↑↓ choose an open end of the table (a noun).
    Binding("up", "choose_end(-1)", N_("End"), key_display="↑↓", id="game.end-up"),
    Binding("down", "choose_end(1)", N_("End"), show=False, id="game.end-down"),
    Binding(
        "d",
        "draw",
        # Translators: a key's word in the footer: take a tile from the boneyard (a verb).
        N_("Draw"),
        id="game.draw",
        tooltip=N_("Take a tile from the boneyard (only with no play)"),
    ),
    Binding("d", "unavailable('draw')", show=False, id="game.draw-why-not"),
    Binding(
        "p",
        "pass_turn",
        # Translators: a key's word in the footer: pass the turn (a verb).
        N_("Pass"),
        id="game.pass",
        tooltip=N_("End the turn: nothing fits and nothing to draw"),
    ),
    Binding("p", "unavailable('pass')", show=False, id="game.pass-why-not"),
    Binding(
        "k",
        "keep",
        # Translators: a key's word in the footer: keep the tile just drawn (a verb).
        N_("Keep"),
        id="game.keep",
        tooltip=N_("Keep the playable tile you drew and end the turn"),
    ),
    Binding("k", "unavailable('keep')", show=False, id="game.keep-why-not"),
    Binding(
        "i",
        "hint",
        N_("Hint"),
        id="game.hint",
        tooltip=N_("The expert's suggestion for your move, and why"),
    ),
    Binding("i", "unavailable('hint')", show=False, id="game.hint-why-not"),
    Binding(
        "u",
        "take_back",
        N_("Undo"),
        id="game.take-back",
        tooltip=N_("Take back: undo back to your previous decision"),
    ),
    Binding("u", "unavailable('take_back')", show=False, id="game.take-back-why-not"),
    Binding(
        "s", "scoreboard", N_("Scores"), id="game.scores", tooltip=N_("Every round's scores so far")
    ),
    Binding(
        "question_mark",
        "help",
        N_("Help"),
        key_display="?",
        id="game.help",
        tooltip=N_("Keys and a summary of the rules"),
    ),
    Binding(
        "ctrl+s",
        "save_as",
        N_("Save a copy as…"),
        show=False,
        id="game.save-as",
        tooltip=N_("Write this game to a file of your choice"),
    ),
    Binding(
        "o",
        "toggle_view",
        N_("Table or outline"),
        show=False,
        id="game.outline",
        tooltip=N_("Draw the board as a table, or as an outline"),
    ),
    Binding(
        "full_stop",
        "switch_drawing",
        N_("Compact or full table"),
        key_display=".",
        show=False,
        id="game.drawing",
        tooltip=N_("Draw the table smaller, or in full"),
    ),
    Binding(
        "comma",
        "legend",
        N_("What the table's marks mean"),
        key_display=",",
        show=False,
        id="game.legend",
        tooltip=N_("The legend of the compact table: what each of its marks means"),
    ),
    Binding(
        "slash",
        "every_end",
        N_("Every open end"),
        key_display="/",
        show=False,
        id="game.every-end",
        tooltip=N_("List every open end, its key and the number it needs"),
    ),
    Binding(
        "number_sign",
        "count_tiles",
        N_("Count tiles"),
        key_display="#",
        show=False,
        id="game.count-tiles",
        tooltip=N_("Which tiles of each number you have not seen yet"),
    ),
    Binding(
        "ctrl+l",
        "full_log",
        N_("The whole log"),
        show=False,
        id="game.log",
        tooltip=N_("Every move of the game so far"),
    ),
    Binding(
        "plus,equals_sign",
        "speed(1)",
        N_("Faster computer players"),
        key_display="+",
        show=False,
        id="game.faster",
        tooltip=N_("A shorter pause before each computer move"),
    ),
    Binding(
        "minus",
        "speed(-1)",
        N_("Slower computer players"),
        key_display="-",
        show=False,
        id="game.slower",
        tooltip=N_("A longer pause before each computer move"),
    ),
    Binding("shift+left", "pan(-5, 0)", N_("Pan the table"), show=False, id="game.pan-left"),
    Binding("shift+right", "pan(5, 0)", N_("Pan the table"), show=False, id="game.pan-right"),
    Binding("shift+up", "pan(0, -2)", N_("Pan the table"), show=False, id="game.pan-up"),
    Binding("shift+down", "pan(0, 2)", N_("Pan the table"), show=False, id="game.pan-down"),
    Binding("pageup", "scroll_log(-1)", N_("Scroll the log"), show=False, id="game.log-up"),
    Binding("pagedown", "scroll_log(1)", N_("Scroll the log"), show=False, id="game.log-down"),
    Binding(
        "pageup,pagedown",
        "full_log",
        N_("The whole log (the log is folded away)"),
        show=False,
        id="game.log-folded",
    ),
    Binding(
        "ctrl+n",
        "new_game",
        N_("New game"),
        show=False,
        id="game.new-game",
        tooltip=N_("Set up another game (this one stays saved: Load game resumes it)"),
    ),
    Binding(
        "escape",
        "leave",
        N_("Menu"),
        id="game.menu",
        tooltip=N_("Back to the menu: the game stays saved, Continue resumes it"),
    ),
    *SAY_BINDINGS,
]
"""The game's keys: a key bound twice does the first action that applies now (see
``check_action``); the second one says why the key does nothing. A binding with a tooltip is
a command the palette lists."""


class TableScreen(Screen[None]):
    """One table on screen: a client of ``table`` (see
    :class:`~chickenfoot.play.tables.ScreenTable`), fed through its link. :class:`GameScreen`
    is a game played here, :class:`~chickenfoot.tui.screens.online.OnlineGameScreen` a seat at
    an online table. The dialogs a game opens are :class:`GameDialogs`'."""

    CSS_PATH = "game.tcss"

    BINDINGS = GAME_BINDINGS
    TYPED_KEYS = frozenset(string.digits) | END_LETTERS
    """Keys the screen reads itself (:meth:`on_key`): no binding may take them."""
    TYPED_KEYS_DO = N_("choose a tile by its number or an open end by its letter")

    board_shown: var[BoardShown | None] = var(None)
    hand_shown: var[HandShown] = var(HandShown)
    seats_shown: var[SeatsShown] = var(SeatsShown)
    status_shown: var[StatusShown] = var(StatusShown)
    working: var[frozenset[str]] = var(frozenset(), bindings=True)
    """The actions whose keys do something now (the footer follows it)."""

    def __init__(self, table: ScreenTable, *, outline: bool = False) -> None:
        super().__init__()
        self.table = table
        self.client = table.client
        self.dialogs = GameDialogs(self, table)
        self.voice = TableVoice(self, table.client)
        self.feed = TableFeed(table, self.take, self._show)
        self._opens_as_outline = outline

    # ----- the table -----------------------------------------------------------------------------

    def take(self, message: object) -> None:
        """Take in one message the link brought (the table's: the client reads it)."""
        self.client.receive(message)  # type: ignore[arg-type]
        if isinstance(message, GameLog):
            self.dialogs.game_log()

    def compose(self) -> ComposeResult:
        """The table (:class:`GameTable`), and the keys under it."""
        yield GameTable(id="body", outline=self._opens_as_outline).data_bind(
            board=TableScreen.board_shown,
            hand=TableScreen.hand_shown,
            seats=TableScreen.seats_shown,
            status=TableScreen.status_shown,
        )
        yield FittedFooter(compact=True)

    def on_mount(self) -> None:
        """Start the table and listen to it; show what it sent first (the game's sentences
        name its keys: the player's own, if they changed them)."""
        self.follow_keymap()
        self.feed.receive()
        self.run_worker(self.table.run(), name="table", group="table")
        self.run_worker(self.feed.listen(), name="client", group="table")
        # The Footer listens for key changes only once mounted: tell it again after the first frame.
        self.call_after_refresh(self.refresh_bindings)

    def on_unmount(self) -> None:
        """The game is left: close the table (a thinking computer stops), or leave it."""
        self.table.close()

    def _show(self) -> bool:
        """Show what the table sent, and what comes next; False once the widgets are gone
        (the app is closing the screen)."""
        try:
            self.refresh_view()
        except NoMatches:
            return False
        if self.on_top:  # a round's or the game's result, once, when the table waits for it
            self.dialogs.result(lambda: self.send(self.client.proceed()))
        return True

    def send(self, message: ClientMessage | None) -> None:
        """Send the table what a key asked for (nothing when the key did nothing); show the
        reason the client gives when it did nothing."""
        if message is not None:
            self.table.send(message)
        self.refresh_view()

    @property
    def on_top(self) -> bool:
        """True when no other screen (not even a dialog) is over this one."""
        return self.app.screen is self

    def on_screen_suspend(self) -> None:
        """A screen came on top: computers wait."""
        self.table.send(self.client.hold(True))

    def on_screen_resume(self) -> None:
        """Back on top (after a result, help, the scores...): carry on with the game."""
        self.table.send(self.client.hold(False))
        self._show()

    # ----- showing -------------------------------------------------------------------------------

    def follow_keymap(self) -> None:
        """Name the player's keys (again when they change: they are checked once the menu is
        drawn, perhaps after this game opened)."""
        self.client.keys = turn_keys(keymap_of(self.app), save_copy=self.table.played_here)
        log = button_key(self, "game.log", GAME_BINDINGS)
        self.query_one(GameTable).name_keys(view_keys(self, "game", GAME_BINDINGS), log)
        self.refresh_view()

    def take_notice(self, notice: Notice) -> None:
        """A notice of the app, under the table where it covers nothing: on the news line (its
        first line), and in the log too when it is long."""
        if notice.long:
            self.query_one(EventLog).add(notice.lines)
        self.client.tell(notice.lines[0])
        self.refresh_view()

    def refresh_view(self) -> None:
        """Show what the client reads now (each widget redraws only if its part changed)."""
        if self.client.view is None or self.client.closed or self not in self.app.screen_stack:
            return  # nothing yet, or the screen is being left
        self.voice.follow()  # said before the screen is drawn
        shown = self.client.shown()
        self.query_one(HandBox).names = self.client.names
        menu = key_in_words(GAME_BINDINGS, "game.menu", keymap_of(self.app))
        here = self.table.with_presence(shown, menu)
        self.board_shown, self.hand_shown = shown.board, shown.hand
        self.seats_shown, self.status_shown = here.seats, here.status
        self.query_one(StatusLine).names = shown.seats.names
        note = self.table.top_bar_note()
        bar = TopBarShown(*shown.topbar, bool(shown.unsaved), shown.saving, note)
        self.query_one(TopBar).shown = bar
        self.query_one(EventLog).follow(self.client.log, self.client.log_restarts)
        self.working = keys_working(self.client, CHECKED_ACTIONS)

    @property
    def outline(self) -> bool:
        """True while the board is drawn as an outline."""
        return self.query_one(GameTable).outline

    @property
    def folded(self) -> bool:
        """True while the seats and the log are folded away for a big table on a short screen."""
        return self.query_one(GameTable).folded

    # ----- keys ---------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show only the keys that do something now (the client says which; the rest fall
        through to the binding that says why)."""
        if action in CHECKED_ACTIONS:
            return action in self.working
        if action == "unavailable":
            return bool(self.client.seats)
        if action == "scroll_log":
            return not self.folded  # a folded log is not scrolled unseen: PgUp/PgDn open it
        return True

    def action_unavailable(self, key: str) -> None:
        """A key that does nothing now: say why."""
        self.client.tell(self.client.why_not(key))
        self.refresh_view()

    def action_say(self, question: str) -> None:
        """Answer a one-key question about the table (:mod:`chickenfoot.tui.voice`)."""
        self.client.tell(self.voice.ask(question))
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
        if character is None or not self.on_top or not self.check_action("select_tile", ()):
            return
        if self.client.type_key(character):
            event.stop()
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
        self.query_one(EventLog).scroll_pages(step)

    def action_switch_drawing(self) -> None:
        """Draw the table compact, or in full (from the outline: the table)."""
        self.query_one(GameTable).switch_drawing()

    def action_toggle_view(self) -> None:
        """Draw the board as the table, or as an outline (one row per line); remembered."""
        self.query_one(GameTable).toggle_view()

    def palette_commands(self) -> list[PaletteCommand]:
        """The command palette's game commands that apply now (from the bindings)."""
        return binding_commands(self)

    # ----- other screens over the game -------------------------------------------------------

    def action_scoreboard(self) -> None:
        """Open the scoreboard."""
        self.dialogs.scoreboard()

    def action_count_tiles(self) -> None:
        """Count the tiles of each number from the view of the person at the keyboard."""
        self.dialogs.count_tiles(self.refresh_view)

    def action_every_end(self) -> None:
        """List every open end (the strip may have no room for them all)."""
        self.dialogs.every_end(self.board_shown)

    @on(BoardPanel.LegendDue)
    def action_legend(self) -> None:
        """Show what the compact table's marks mean (by itself the first time it turns compact)."""
        self.dialogs.legend(self.query_one(BoardPanel).keys)

    def action_help(self) -> None:
        """Open the help screen (keys and a rules summary)."""
        self.post_message(ShowHelp())

    def action_new_game(self) -> None:
        """Set up a new game, once the player confirms (this game stays saved)."""
        self.dialogs.new_game()

    def action_leave(self) -> None:
        """Back to the main menu (the game is saved: Continue resumes it)."""
        self.post_message(LeaveGame())


def turn_keys(keymap: Mapping[str, str], *, save_copy: bool = False) -> prompts.TurnKeys:
    """The keys the game's sentences name, as the game's bindings (and those of a round's
    result, which its status line names) have them with the player's own ``keymap``; the key
    that saves a copy of the game only where the screen can (``save_copy``)."""

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
        save_copy=key("game.save-as") if save_copy else "",
    )


class GameScreen(TableScreen):
    """A game played here: a client of the table its host runs over ``session``, on the
    app's loop; it saves a copy of the game as a file, and asks before the game is left with
    moves the store does not hold (:class:`UnsavedGame`)."""

    def __init__(
        self, session: GameSession, *, bot_delay: float = 0.6, outline: bool = False
    ) -> None:
        table = LocalTable(session, pause=bot_delay)
        self.session, self.host = session, table.host
        super().__init__(table, outline=outline)
        self.unsaved = UnsavedGame(self, session, self.client, self.refresh_view)

    def action_save_as(self) -> None:
        """Save a named copy of the game (the dialog writes it, and says so if it cannot)."""
        self.unsaved.save_copy()
