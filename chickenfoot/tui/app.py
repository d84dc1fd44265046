"""The chickenfoot Textual app: menus, the game, replays, and a guard for small terminals.

:class:`ChickenFootApp` opens the main menu, or continues a game of the store (``load``), or
opens a replay (``replay``). It holds the store (:mod:`chickenfoot.saves.store`) and hands it
to the screens that list or count games; the first time it runs beside a saves folder of an
older chickenfoot, it imports that folder once, with a progress bar. Screens navigate by
posting the messages of :mod:`chickenfoot.tui.messages` (``StartGame``, ``ContinueGame``,
``OpenReplay``, ...), which bubble up to the app; its typed methods do the work.
:func:`run_app` is what the ``chickenfoot`` command runs.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import sys
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, TypeGuard, TypeVar, cast

from textual import work
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.dom import DOMNode
from textual.events import Resize
from textual.filter import LineFilter
from textual.notifications import Notify, SeverityLevel
from textual.screen import Screen, ScreenResultCallbackType

from chickenfoot.lang import N_, _, pgettext
from chickenfoot.saves.display import read_display
from chickenfoot.saves.paths import holds_saves, saves_dir
from chickenfoot.tui import opening
from chickenfoot.tui.ascii_drawing import AsciiLookalikes, EncodedNullFile, ascii_drawing_for
from chickenfoot.tui.commands import ScreenCommands
from chickenfoot.tui.elsewhere import ElsewhereQuestion
from chickenfoot.tui.notices import Notice, Notices
from chickenfoot.tui.opening import (
    Elsewhere,
    HeldGames,
    OnlineTable,
    Opened,
    Play,
    Rejoin,
    Resume,
    StoreOnDemand,
    Watch,
)
from chickenfoot.tui.own_keys import OwnKeys
from chickenfoot.tui.preferences import Preferences
from chickenfoot.tui.quitting import QuitQuestion
from chickenfoot.tui.reading_order import reorder_right_to_left
from chickenfoot.tui.screens.confirm import ConfirmScreen
from chickenfoot.tui.screens.menu import MenuScreen
from chickenfoot.tui.screens.too_small import TooSmallScreen, guard_size, is_too_small
from chickenfoot.tui.themes import THEMES

if TYPE_CHECKING:  # messages: imported where one is made (Textual calls on_* by name)
    from chickenfoot.play.replay import ReplayView
    from chickenfoot.play.session import GameSession
    from chickenfoot.record.model import GameRecord, SeatConfig
    from chickenfoot.record.summary import GameId
    from chickenfoot.rules import RuleSet
    from chickenfoot.saves.settings import Settings
    from chickenfoot.saves.store import GameStore
    from chickenfoot.tui.keymap import Place
    from chickenfoot.tui.messages import (
        ContinueGame,
        CreateOnline,
        JoinOnline,
        LeaveGame,
        OpenFile,
        OpenPlainMode,
        OpenReplay,
        RememberDisplay,
        RequestQuit,
        ShowHelp,
        ShowJoin,
        ShowSaves,
        ShowSetup,
        ShowStats,
        StartGame,
        TakeOver,
    )
    from chickenfoot.tui.screens.game import GameScreen
    from chickenfoot.tui.screens.help import ScreenKeys

# Only the menu is imported here: every other screen, and the game itself, is imported when it
# is first opened, so the menu appears as soon as Textual can draw it.

ResultT = TypeVar("ResultT")
"""What a screen shown by :meth:`ChickenFootApp.push_covered` answers."""


class ChickenFootApp(App[None]):
    """Chicken Foot dominoes: pass-and-play and computer players, saved after every move."""

    TITLE = N_("Chicken Foot")
    """The app's title (in the language in use once the app is made)."""
    CSS_PATH = ["app.tcss", "screens/menu.tcss"]
    """The app's styles, and the menu's (its screen names them too): read with the app's, they
    are parsed once, where a screen's own file read when it is first shown parses every style
    of the app again."""
    COMMANDS = App.COMMANDS | {ScreenCommands}
    BINDINGS = [
        Binding("ctrl+q", "request_quit", N_("Quit"), priority=True, show=False, id="app.quit-now"),
        Binding("q", "request_quit", N_("Quit"), id="app.quit"),
    ]

    def __init__(
        self,
        *,
        load: GameId | None = None,
        replay: GameRecord | None = None,
        bot_delay: float | None = None,
        store: GameStore | None = None,
        join: JoinOnline | None = None,
        encoding: str | None = None,
        offers_plain: bool = True,
    ) -> None:
        """``load`` continues a game of the store, ``replay`` watches a record; ``bot_delay``
        None takes the remembered pause before computer moves; ``store`` None opens the
        store of the data folder (:class:`~chickenfoot.saves.store.StoreError` if it cannot
        be opened); ``encoding`` is the terminal's (None: that of standard error, where
        Textual draws); ``offers_plain``: the menu offers to go on in the plain mode (its
        runner then starts it when :attr:`plain_next` says so; never in a browser tab)."""
        super().__init__()
        self.title = _(self.TITLE)
        reorder_right_to_left()  # Hebrew's lines, drawn in the order they are seen
        self.offers_plain = offers_plain
        self.plain_next = False
        """True once the player chose the plain mode: the app ended for it."""
        self._ascii: AsciiLookalikes | None = None
        ascii_for = ascii_drawing_for(encoding)
        if ascii_for is not None:  # a terminal without Unicode: Rich and Textual draw ASCII
            self._ascii = AsciiLookalikes(ascii_for)
            self.console.file = cast(IO[str], EncodedNullFile(ascii_for))
        self._store = StoreOnDemand(store)
        self.load_game = load
        self.replay_record = replay
        for theme in THEMES:
            self.register_theme(theme)
        self.join_request = join
        """An online table to open at start (``chickenfoot join CODE@HOST:PORT``)."""
        display = read_display()  # before the app runs: the first frame has the theme
        if display.theme in self.available_themes:
            self.theme = display.theme
        self.bot_delay = bot_delay if bot_delay is not None else display.bot_delay
        self.outline = display.outline
        self.notices = Notices(self)
        """Every notice, under the app's one policy (see :mod:`chickenfoot.tui.notices`)."""
        self.own_keys = OwnKeys(display.keymap, display.keymap_problem)
        """The player's own keys (the settings' keys section), checked once the menu is up."""
        self.quit_question = QuitQuestion(self, lambda: self.game_screen)
        self.preferences = Preferences(self)
        """The palette's app-wide commands and the display settings remembered."""
        self._menu_depth = 1
        self._mounted = False
        self._held = HeldGames()
        """The game on the screen and those kept with unsaved moves, given back when the app
        ends (by then their screens are gone from the stack)."""

    # ----- start-up and size ---------------------------------------------------------------------

    @property
    def store(self) -> GameStore:
        """The store of every game, opened when first asked for (see
        :class:`~chickenfoot.tui.opening.StoreOnDemand`)."""
        return self._store.get()

    def on_mount(self) -> None:
        """Show the menu, then the game or replay asked for on the command line; tidy up once
        the first screen is drawn."""
        self.call_after_refresh(self._tidy_up)
        if not self.own_keys.checked:  # the check loads every screen: not before the menu
            self.call_after_refresh(lambda: self.own_keys.use_in(self, keymap_places()))
        self.watch(
            self, "theme", lambda theme: self.preferences.remember_display(theme=theme), init=False
        )
        self.screen_change_signal.subscribe(self, self.notices.screen_changed)
        self._install_menu()
        if self.join_request is not None:
            self.post_message(self.join_request)
        elif self.load_game is not None:
            self.continue_game(self.load_game)
        elif self.replay_record is not None:  # once the size guard is settled below
            from chickenfoot.play.replay import ReplayView

            self.call_later(self.show_replay, ReplayView(self.replay_record), None)
        elif holds_saves(saves_dir()):  # only then can old saves wait to be imported
            from chickenfoot.saves.exchange import old_saves_waiting
            from chickenfoot.tui.screens.importing import ImportScreen

            if old_saves_waiting(self.store):
                self.push_screen(ImportScreen(self.store))
        self._mounted = True
        guard_size(self, self.size)

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """Give a notice, under the app's one policy (:class:`Notices`); from any thread."""
        seconds = self.NOTIFICATION_TIMEOUT if timeout is None else timeout
        self.notices.give(Notice(message, title, severity, seconds, markup))

    def on_notify(self, event: Notify) -> None:
        """A notice is about to be shown: not if it was taken down meanwhile."""
        if not self.notices.showing(event.notification):
            event.prevent_default()

    def get_line_filters(self) -> Sequence[LineFilter]:
        """Textual's filters of every line drawn, and in a terminal without Unicode the one
        that draws ASCII look-alikes (see :mod:`chickenfoot.tui.ascii_drawing`)."""
        filters = super().get_line_filters()
        return filters if self._ascii is None else [*filters, self._ascii]

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """The palette's app-wide commands (:class:`Preferences`)."""
        return self.preferences.system_commands(
            self.action_change_language, self.action_help, self.action_request_quit
        )

    def action_command_palette(self) -> None:
        """Show the command palette, its search field's hint in the language in use."""
        self.preferences.open_palette()

    def search_themes(self) -> None:
        """Show the theme picker: the themes by their names in the language in use."""
        self.preferences.search_themes()

    def action_change_language(self) -> None:
        """Open the palette of languages (:mod:`chickenfoot.tui.language`)."""
        from chickenfoot.tui.language import choose_language

        choose_language(self)

    def action_help(self) -> None:
        """Open the help (unless it is already on top): built once, kept for later."""
        from chickenfoot.tui.screens.help import HelpScreen, installed_help

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(installed_help(self, help_screens(), self.own_keys.keymap))

    def _install_menu(self) -> None:
        self.push_screen(
            MenuScreen(lambda: self.store, plain=self.offers_plain and not self.is_web)
        )
        self._menu_depth = 2

    def on_resize(self, event: Resize) -> None:
        """Cover the app while the terminal is too small; uncover it once it is large enough."""
        if self._mounted:  # Before that, on_mount checks once the first screens are up.
            guard_size(self, event.size)

    def push_covered(
        self, screen: Screen[ResultT], answered: ScreenResultCallbackType[ResultT] | None = None
    ) -> None:
        """Show ``screen``, which a worker's result brought (a game, a replay, a question): if
        the terminal is too small meanwhile, the size notice goes back on top of it, and a
        game's computers wait under the notice until the terminal is large enough."""
        self.push_screen(screen, answered)
        if is_too_small(self.size):
            self.push_screen(TooSmallScreen(self.size))

    # ----- games ---------------------------------------------------------------------------------
    # Files are read and written in worker threads: a slow disk, a huge save or a named pipe
    # never freezes the screen. Screens are made and shown on the app's own thread.

    def _open_game(self, session: GameSession) -> None:
        from chickenfoot.tui.screens.game import GameScreen

        self._back_to_menu()
        self._held.playing.append(session)
        self.push_covered(GameScreen(session, bot_delay=self.bot_delay, outline=self.outline))

    # ----- what is remembered ------------------------------------------------------------------

    def on_remember_display(self, message: RememberDisplay) -> None:
        """A screen changed the computers' pause or the board view: remember it."""
        if message.bot_delay is not None:
            self.bot_delay = message.bot_delay
        if message.outline is not None:
            self.outline = message.outline
        self.preferences.remember_display(bot_delay=message.bot_delay, outline=message.outline)

    def _back_to_menu(self) -> None:
        while len(self.screen_stack) > self._menu_depth:
            top = self.screen
            self.pop_screen()
            if _is_game(top):
                self._held.put_away(top.session)

    def _tell(self, problem: str) -> None:
        self.notify(problem, severity="error", markup=False)

    # What a way into a game finds, it finds in a worker thread (chickenfoot.tui.opening); what
    # it found is shown here, on the app's own thread.

    @work(thread=True, group="files")
    def open_with(self, way: Callable[[GameStore], Opened]) -> None:
        """Show what ``way`` (a function of :mod:`chickenfoot.tui.opening`, given the store)
        finds: it reads or writes the store, so it runs in a worker thread."""
        self.call_from_thread(self._show_opened, way(self.store))

    def _show_opened(self, opened: Opened) -> None:
        if isinstance(opened, Play):
            self._open_game(opened.session)
        elif isinstance(opened, Watch):
            self.show_replay(opened.view, opened.title)
        elif isinstance(opened, Resume):
            self.continue_game(opened.game)
        elif isinstance(opened, Rejoin):
            from chickenfoot.tui.messages import JoinOnline

            self.post_message(JoinOnline(opened.seat.address, opened.seat.name, watch=False))
        elif isinstance(opened, Elsewhere):
            ElsewhereQuestion(self).ask(opened.open)
        else:
            self.notify(opened.text, severity=opened.severity, markup=False)

    def start_game(self, rules: RuleSet, seats: tuple[SeatConfig, ...], seed: int | None) -> None:
        """Deal a new game with ``rules`` and ``seats`` (``seed`` None: a random deal); play it."""
        self.open_with(lambda store: opening.new_game(store, rules, seats, seed))

    def continue_game(self, game: GameId, *, force: bool = False) -> None:
        """Continue game ``game`` exactly where it stopped (from memory when its latest moves
        could not be saved); ``force`` opens it even if another window has it."""
        kept = self._held.kept(game)
        if kept is not None:
            self._open_game(kept)
        else:
            self.open_with(lambda store: opening.stored_game(store, game, force))

    def open_file(self, path: Path, watch: bool) -> None:
        """Open the saved-game file ``path``: its replay (``watch``, or a finished game, the
        file as it is), or, for an unfinished game, import it and continue it."""
        self.open_with(lambda store: opening.file_game(store, path, watch))

    def show_replay(self, view: ReplayView, title: str | None) -> None:
        """Show the replay ``view`` (titled ``title``: "game 12", a file's name)."""
        from chickenfoot.tui.screens.replay import ReplayScreen

        self.push_covered(ReplayScreen(view, title))

    def _really_leave(self) -> None:
        if self._menu_depth == 1:
            self.exit()
            return
        self._back_to_menu()

    def on_unmount(self) -> None:
        """Give back every game still held (its latest moves committed, its hold released),
        however the app ends: quitting, or told to by its terminal or server."""
        self._held.close()
        self._store.close()

    def action_request_quit(self) -> None:
        """Quit after a yes, once a game in play is saved (see :class:`QuitQuestion`)."""
        self.quit_question.ask()

    # ----- navigation messages -------------------------------------------------------------------

    def on_start_game(self, message: StartGame) -> None:
        """A screen asked for a new game."""
        self.start_game(message.rules, message.seats, message.seed)
        if message.remember is not None:
            choice = message.remember
            self.preferences.write(
                lambda s: s.model_copy(update={"setup": choice}),
                N_("Could not remember this set-up: {error}"),
            )

    def on_join_online(self, message: JoinOnline) -> None:
        """Open the online table at the address asked for (a seat held there is taken back)."""
        self._open_online(opening.joined(message.address, message.name, watch=message.watch))

    def on_create_online(self, message: CreateOnline) -> None:
        """Make a new online table on the server asked for, and sit at it as its creator."""
        self._open_online(opening.created(message.address, message.options, message.name))

    def _open_online(self, table: OnlineTable) -> None:
        from chickenfoot.tui.screens.online import OnlineGameScreen

        self._back_to_menu()
        screen = OnlineGameScreen(table.address, table.hello, outline=self.outline, book=table.book)
        self.push_covered(screen)

    def on_show_join(self, message: ShowJoin) -> None:
        """Open the form that joins an online table."""
        from chickenfoot.tui.screens.online import JoinScreen

        self.push_screen(JoinScreen())

    def on_continue_game(self, message: ContinueGame) -> None:
        """A screen asked to continue a game (the latest unfinished one when none is named)."""
        if message.game is not None:
            self.continue_game(message.game)
        else:
            self.open_with(opening.latest)

    @work(thread=True, group="tidy")
    def _tidy_up(self) -> None:
        """Forget what killed windows left behind: their hold on games, half-written files (in
        a thread, once the menu is drawn). The store is opened here, at the latest: if it
        cannot be, the app ends with the reason."""
        from chickenfoot.saves.store import StoreError

        try:
            store = self.store
        except StoreError as error:
            self.call_from_thread(self._cannot_open_store, str(error))
            return
        opening.tidy_up(store)

    def _cannot_open_store(self, reason: str) -> None:
        self.exit(return_code=2, message=_("chickenfoot: error: {reason}").format(reason=reason))

    def on_open_replay(self, message: OpenReplay) -> None:
        """A screen asked for the replay of a game of the store."""
        self.open_with(lambda store: opening.replay_of(store, message.game))

    def on_open_file(self, message: OpenFile) -> None:
        """A screen asked to open a saved-game file."""
        self.open_file(message.path, message.watch)

    def on_take_over(self, message: TakeOver) -> None:
        """Start a new game from a point of a game (the replay's, or a copy of a game open
        in another window)."""
        record, count, seats = message.record, message.action_count, message.seats
        self.open_with(lambda store: opening.taken_over(store, record, count, seats))

    def on_leave_game(self, message: LeaveGame) -> None:
        """Back to the main menu (quit when there is none) once the game's store holds every
        move; if it cannot, ask first."""
        game = self.game_screen
        if game is None:
            self._really_leave()
        else:
            leave = pgettext("completes the question: … anyway?", "Leave this game")
            game.unsaved.once_saved(leave, self._really_leave, self._really_leave)

    def on_show_setup(self, message: ShowSetup) -> None:
        """Open the New game set-up over the menu (a game in play stays saved)."""
        self._back_to_menu()
        self._open_setup()

    @work(thread=True, exclusive=True, group="setup")
    def _open_setup(self) -> None:
        """Read the remembered set-up off the UI thread, then open the set-up screen on it."""
        from chickenfoot.saves.settings import load_settings

        settings = load_settings()
        self.call_from_thread(self._show_setup, settings)

    def _show_setup(self, settings: Settings) -> None:
        from chickenfoot.tui.screens.setup import SetupScreen

        self.push_covered(SetupScreen(settings))

    def on_show_saves(self, message: ShowSaves) -> None:
        """Open the saved games, or the replays."""
        from chickenfoot.tui.screens.load import LoadScreen

        self.push_screen(LoadScreen(self.store, replays=message.replays))

    def on_show_stats(self, message: ShowStats) -> None:
        """Open the statistics."""
        from chickenfoot.tui.screens.stats import StatsScreen

        self.push_screen(StatsScreen(self.store))

    def on_show_help(self, message: ShowHelp) -> None:
        """Open the help (unless it is already on top)."""
        self.action_help()

    def on_open_plain_mode(self, message: OpenPlainMode) -> None:
        """The menu's Plain mode: end the app, for its runner to go on in the plain mode."""
        self.plain_next = True
        self.exit()

    def on_request_quit(self, message: RequestQuit) -> None:
        """Quit: at once from the menu, after asking while a game is open."""
        self.quit_question.asked_by_a_screen()

    @property
    def game_screen(self) -> GameScreen | None:
        """The game being played, if any (under whatever dialog is on top)."""
        return next((s for s in reversed(self.screen_stack) if _is_game(s)), None)


GAME_MODULE = "chickenfoot.tui.screens.game"


def _is_game(screen: Screen[Any]) -> TypeGuard[GameScreen]:
    """True if ``screen`` is a game screen (none can be before its module is first imported,
    so asking never imports it)."""
    module = sys.modules.get(GAME_MODULE)
    return module is not None and isinstance(screen, module.GameScreen)


def binding_owners() -> list[type[DOMNode]]:
    """Every class of the app that declares bindings: the app, its screens, its widgets
    (this imports every screen and widget module)."""
    import chickenfoot.tui.screens
    import chickenfoot.tui.widgets

    modules = [sys.modules[__name__]]
    for package in (chickenfoot.tui.screens, chickenfoot.tui.widgets):
        for info in pkgutil.iter_modules(package.__path__):
            modules.append(importlib.import_module(f"{package.__name__}.{info.name}"))
    return [
        cls
        for module in modules
        for cls in vars(module).values()
        if inspect.isclass(cls)
        and issubclass(cls, DOMNode)
        and cls.__module__ == module.__name__
        and "BINDINGS" in vars(cls)
    ]


def keymap_places() -> list[Place]:
    """Where the app's keys work together: each screen and widget that has bindings, with
    the keys that work everywhere, named as the help names it."""
    from chickenfoot.tui.keymap import places_for

    titles = {keys.screen: keys.title for keys in help_screens()}
    return places_for(ChickenFootApp, binding_owners(), titles)


@cache
def help_screens() -> tuple[ScreenKeys, ...]:
    """Every screen whose keys the help lists, in the order a player meets them (this imports
    every screen: the help and the keys' check ask for it, never the start). Its titles and
    words are marked for the catalogues, and translated where they are shown."""
    from chickenfoot.tui.screens.game import TableScreen
    from chickenfoot.tui.screens.game_over import GameOverScreen
    from chickenfoot.tui.screens.help import HelpScreen, ScreenKeys
    from chickenfoot.tui.screens.load import LoadScreen
    from chickenfoot.tui.screens.online import JoinScreen, LobbyScreen, OnlineGameScreen
    from chickenfoot.tui.screens.replay import ReplayScreen
    from chickenfoot.tui.screens.round_over import RoundOverScreen
    from chickenfoot.tui.screens.save_as import SaveAsScreen
    from chickenfoot.tui.screens.scoreboard import ScoreboardScreen
    from chickenfoot.tui.screens.setup import SetupScreen

    return (
        ScreenKeys(
            N_("Everywhere"),
            ChickenFootApp,
            (("Tab / Shift+Tab", N_("Move between controls")), ("^p", N_("Command palette"))),
        ),
        ScreenKeys(N_("Main menu"), MenuScreen, (("↑ ↓, Enter", N_("Choose an item")),)),
        ScreenKeys(
            N_("New game"),
            SetupScreen,
            (
                # Translators: the help's column of keys; "Enter" and "Space" are keys' names.
                (N_("Enter in a text field"), N_("Next field")),
                (N_("Enter, Space on a list"), N_("Open it; ↑ ↓ and Enter choose")),
            ),
        ),
        ScreenKeys(
            N_("Game"),
            TableScreen,
            (
                # Translators: the help's column of keys: the key of a tile is its number.
                (N_("a tile's number"), N_("Choose that tile (two digits for tiles 10 and up)")),
                (
                    N_("an end's key"),
                    N_("Choose that open end (keys shown on the table and the strip)"),
                ),
            ),
        ),
        ScreenKeys(N_("Round over"), RoundOverScreen),
        ScreenKeys(N_("Game over"), GameOverScreen),
        ScreenKeys(N_("Scoreboard"), ScoreboardScreen),
        ScreenKeys(N_("Load game and Replays"), LoadScreen, (("↑ ↓", N_("Choose a saved game")),)),
        ScreenKeys(N_("Replay"), ReplayScreen),
        ScreenKeys(N_("Join a table"), JoinScreen),
        ScreenKeys(N_("Online table's lobby"), LobbyScreen),
        ScreenKeys(N_("Online game"), OnlineGameScreen),
        ScreenKeys(
            N_("Questions"), ConfirmScreen, (("Enter", N_("Press the highlighted button")),)
        ),
        ScreenKeys(
            N_("Save as"), SaveAsScreen, (("Enter", N_("Save (asks before replacing a file)")),)
        ),
        ScreenKeys(N_("Help"), HelpScreen),
    )


def run_app(
    load: GameId | None = None,
    replay: GameRecord | None = None,
    join: JoinOnline | None = None,
    *,
    plain: Callable[[], int] | None = None,
) -> int:
    """Run the app until the user quits; the process exit code (2, with one line, when the
    store cannot be opened). ``plain`` runs the plain mode in the same terminal once the
    player chooses it in the menu (its exit code is then the process's); None: the menu does
    not offer it."""
    app = ChickenFootApp(load=load, replay=replay, join=join, offers_plain=plain is not None)
    app.run()
    if app.plain_next and plain is not None:
        return plain()
    return app.return_code or 0
