"""The main menu: New game, Continue, Join a table, Load game, Replays, Statistics, Plain mode
for screen readers, Help, Quit.

Arrow keys and Enter choose an item; each item's first letter (``n c j l r s p h q``, and
``?`` for help) chooses it at once. The item the arrows are on is marked by ``▸`` as well as
by its colour (:class:`~chickenfoot.tui.widgets.marked_list.MarkedList`). *Plain mode for
screen readers* ends the full-screen app and goes on in the plain mode (``chickenfoot
--plain``) in the same terminal; it is offered only where there is a terminal to go on in
(not in a browser tab). *Continue* is listed only while an unfinished game is saved or a
seat at an online table is held, and names the one played last (a game's seats and round, or
the table): the store is asked once each time the menu is shown (one indexed query, in a
worker). :class:`MenuCommands` puts the same commands in the command palette (``ctrl+p``); it
is registered on :class:`MenuScreen` and works on any screen.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from textual import work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.containers import Center, Vertical
from textual.events import ScreenResume
from textual.screen import Screen
from textual.widgets import Header, OptionList, Static

from chickenfoot.lang import N_, _, pgettext
from chickenfoot.record.names import display_width
from chickenfoot.saves.paths import database_path
from chickenfoot.tui.footer import KeysFooter
from chickenfoot.tui.reading_order import Drawing
from chickenfoot.tui.widgets.marked_list import MarkedList

if TYPE_CHECKING:  # the saved games and online seats are read in the background
    from chickenfoot.net.tokens import HeldSeat
    from chickenfoot.record.summary import GameSummary
    from chickenfoot.saves.store import GameStore
    from chickenfoot.tui.language import LanguageChanged

LOGO = r"""
[5|1]   [5|3]   [5|6]
    ╲     │     ╱
     ╲    │    ╱
      ┌───┴───┐
      │ 5 ‖ 5 │
      └───┬───┘
        [5|2]
"""
"""A chicken foot: the double 5|5 with its three toes (and the tile it was played on)."""

# Translators: the game's name in capitals, a space between letters and three between words.
TITLE = N_("C H I C K E N   F O O T")


CONTINUE_NAMES_WIDTH = 30
"""Most characters of seat names the Continue item shows before "+N"."""


def names_text(names: tuple[str, ...], width: int = CONTINUE_NAMES_WIDTH) -> str:
    """The names joined with commas, as many as fit in ``width`` (at least one), then "+N"."""
    # Translators: what separates the names of a list ("Ann, Bob, Cleo").
    separator = pgettext("list of names", ", ")
    shown: list[str] = []
    for name in names:
        if shown and display_width(separator.join([*shown, name])) > width:
            break
        shown.append(name)
    rest = len(names) - len(shown)
    return separator.join(shown) + (f" +{rest}" if rest else "")


def continue_text(summary: GameSummary | HeldSeat) -> str:
    """What the Continue item says about what it resumes: a saved game's seats and round, or
    the online table of a held seat."""
    from chickenfoot.net.tokens import HeldSeat

    if isinstance(summary, HeldSeat):
        return _("Continue: online table {address}").format(address=summary.address)
    return _("Continue: {names} · round {number} of {count}").format(
        names=names_text(summary.names), number=summary.round_number, count=summary.round_count
    )


def to_continue(store: GameStore | None) -> GameSummary | HeldSeat | None:
    """What Continue resumes now: the latest unfinished game of ``store`` (None: no saved game
    to look at) or a held online seat, whichever was played last (for a worker thread)."""
    from chickenfoot.net.tokens import SeatBook, latest_to_continue

    unfinished = store.latest_unfinished() if store is not None else None
    return latest_to_continue(unfinished, SeatBook().latest())


def show_setup(app: App[object]) -> None:
    """Open the New game set-up screen."""
    from chickenfoot.tui.messages import ShowSetup

    app.post_message(ShowSetup())


def show_join(app: App[object]) -> None:
    """Open the form that joins an online table."""
    from chickenfoot.tui.messages import ShowJoin

    app.post_message(ShowJoin())


def continue_latest(app: App[object]) -> None:
    """Continue the most recent unfinished game (the app says so when there is none)."""
    from chickenfoot.tui.messages import ContinueGame

    app.post_message(ContinueGame())


def show_saves(app: App[object], replays: bool = False) -> None:
    """Open the saved games (to continue or replay one), or the replays list."""
    from chickenfoot.tui.messages import ShowSaves

    app.post_message(ShowSaves(replays=replays))


def show_stats(app: App[object]) -> None:
    """Open the statistics of the finished games."""
    from chickenfoot.tui.messages import ShowStats

    app.post_message(ShowStats())


def open_plain_mode(app: App[object]) -> None:
    """End the full-screen app and go on in the plain mode, in the same terminal."""
    from chickenfoot.tui.messages import OpenPlainMode

    app.post_message(OpenPlainMode())


def show_help(app: App[object]) -> None:
    """Open the help screen (unless it is already on top)."""
    from chickenfoot.tui.messages import ShowHelp

    app.post_message(ShowHelp())


def quit_app(app: App[object]) -> None:
    """Quit: at once from the menu, after a confirmation while a game is open."""
    from chickenfoot.tui.messages import RequestQuit

    app.post_message(RequestQuit())


MenuCommand = tuple[str, str, Callable[[App[object]], None]]
"""(item id, label, what it does to the app). Each imports the message it posts when it
runs: the menu is drawn without loading the messages' module (its dataclasses take a while
to make)."""

MENU_COMMANDS: tuple[MenuCommand, ...] = (
    ("new", N_("New game"), show_setup),
    ("continue", N_("Continue"), continue_latest),
    ("join", N_("Join a table"), show_join),
    ("load", N_("Load game"), show_saves),
    ("replays", N_("Replays"), partial(show_saves, replays=True)),
    ("stats", N_("Statistics"), show_stats),
    ("plain", N_("Plain mode for screen readers"), open_plain_mode),
    ("help", N_("Help"), show_help),
    ("quit", N_("Quit"), quit_app),
)
"""The menu's items in order (their labels translated where shown); the command palette
offers the same."""

COMMAND_HELP: dict[str, str] = {
    "new": N_("Set up a new game: seats, players and rules"),
    "continue": N_("Resume the most recent unfinished game"),
    "load": N_("Continue or replay a saved game"),
    "join": N_("Play at an online table, from its code (CODE@HOST:PORT)"),
    "replays": N_("Watch a saved game move by move"),
    "stats": N_("Wins, scores and charts of the finished games"),
    "plain": N_(
        "Leave this screen for the plain mode: a line at a time, nothing drawn "
        "(chickenfoot --plain)"
    ),
    "help": N_("Rules summary and every key"),
    "quit": N_("Leave Chicken Foot (games are saved)"),
}
"""What each menu command does, for the command palette (translated where shown)."""


class MenuCommands(Provider):
    """Command palette entries for the menu items (Continue only when there is a game)."""

    async def _commands(self) -> list[tuple[str, Callable[[], None], str]]:
        menu = next(
            (screen for screen in self.app.screen_stack if isinstance(screen, MenuScreen)), None
        )
        has_unfinished = menu is not None and await asyncio.to_thread(menu.has_unfinished)
        return [
            (
                _("Chicken Foot: {command}").format(command=_(label)),
                partial(run, self.app),
                _(COMMAND_HELP[item]),
            )
            for item, label, run in MENU_COMMANDS
            if (item != "continue" or has_unfinished)
            and (item != "plain" or (menu is not None and menu.plain))
        ]

    async def discover(self) -> Hits:
        """Every menu command, for the palette opened with nothing typed."""
        for name, callback, help_text in await self._commands():
            yield DiscoveryHit(name, callback, help=help_text)

    async def search(self, query: str) -> Hits:
        """The menu commands that match ``query``, best first."""
        matcher = self.matcher(query)
        for name, callback, help_text in await self._commands():
            score = matcher.match(name)
            if score > 0:
                yield Hit(score, matcher.highlight(name), callback, help=help_text)


class MenuScreen(Screen[None]):
    """The main menu."""

    CSS_PATH = "menu.tcss"
    KEY_WIDGETS = (OptionList,)
    """The widgets that can have the keyboard here: their keys count when keys are changed."""
    COMMANDS = {MenuCommands}
    ROOM_FOR_NOTICES = True
    """The top right corner holds only the logo: a long notice there hides nothing."""
    BINDINGS = [
        Binding("n", "choose('new')", N_("New game"), id="menu.new"),
        Binding("c", "choose('continue')", N_("Continue"), id="menu.continue"),
        Binding("j", "choose('join')", N_("Join"), id="menu.join", show=False),
        Binding("l", "choose('load')", N_("Load game"), id="menu.load"),
        Binding("r", "choose('replays')", N_("Replays"), id="menu.replays"),
        Binding("s", "choose('stats')", N_("Stats"), id="menu.stats"),
        Binding("p", "choose('plain')", N_("Plain mode"), id="menu.plain", show=False),
        Binding("h,question_mark", "choose('help')", N_("Help"), key_display="h/?", id="menu.help"),
        Binding("q", "choose('quit')", N_("Quit"), id="menu.quit"),
    ]

    def __init__(
        self, store: Callable[[], GameStore] | None = None, *, plain: bool = False
    ) -> None:
        """``store`` gives the store of the games (opening it when first asked), None: no
        store, so no game to continue; ``plain``: offer the plain mode."""
        super().__init__()
        self._store = store
        self.plain = plain
        """True if the menu offers to go on in the plain mode."""
        self.unfinished: GameSummary | HeldSeat | None = None
        """The game (or online seat) Continue resumes, once found (it is looked for in the
        background)."""
        self.searches = 0
        """How many times the store was asked for a game to continue."""
        self.reword_when_shown = False
        """True when the language changed while another screen was on top."""

    def compose(self) -> ComposeResult:
        """Logo, title and the menu, centred, with the keys in the footer."""
        yield Header()
        with Vertical(id="menu-body"):
            with Center():
                yield Drawing(LOGO.strip("\n"), id="menu-logo", markup=False)
            yield Static(_(TITLE), id="menu-title", markup=False)
            yield Static(_("dominoes for 2 to 8 players"), id="menu-tagline", markup=False)
            with Center():
                yield MarkedList(id="menu-options")
        yield KeysFooter(compact=True)

    def on_mount(self) -> None:
        """Fill the menu and focus it (the search for a game to continue starts when the
        screen is shown, once)."""
        self._fill(self.unfinished)
        self.query_one("#menu-options", OptionList).focus()

    async def on_language_changed(self, event: LanguageChanged) -> None:
        """The app speaks another language: the menu words itself again, at once if it is
        on top, else when it is shown again."""
        if self.app.screen is self:
            await self._reword()
        else:
            self.reword_when_shown = True

    async def _reword(self) -> None:
        self.reword_when_shown = False
        await self.recompose()
        self.refresh_options()
        self.query_one("#menu-options", OptionList).focus()

    def on_screen_resume(self, event: ScreenResume) -> None:
        """Shown (first, or back from a game or the saves): Continue may have appeared or
        gone (and the language may have changed)."""
        if self.reword_when_shown:
            self.call_later(self._reword)
        else:
            self.refresh_options()

    def has_unfinished(self) -> bool:
        """True if there is something to continue: an unfinished game in the store or a held
        online seat (asks the store; for a worker thread)."""
        from chickenfoot.saves.store import StoreError

        try:
            return to_continue(self._saved_games()) is not None
        except StoreError:
            return False

    def _saved_games(self) -> GameStore | None:
        """The store to look in, None while there is none: with no database yet, nothing is
        opened (or loaded) to know there is no game."""
        return self._store() if self._store is not None and database_path().exists() else None

    def refresh_options(self) -> None:
        """Show the items at once, then (once they are on screen) look for a game to continue
        in the background."""
        self._fill(self.unfinished)
        self.call_after_refresh(self._find_unfinished)

    @work(thread=True, exclusive=True, group="continue")
    def _find_unfinished(self) -> None:
        self.searches += 1
        from chickenfoot.saves.store import StoreError

        try:
            summary = to_continue(self._saved_games())
        except StoreError as error:
            self.app.call_from_thread(self.notify, str(error), severity="error", markup=False)
            return
        self.app.call_from_thread(self._found, summary)

    def _found(self, unfinished: GameSummary | HeldSeat | None) -> None:
        """The search is over: list the items again if Continue changed."""
        if unfinished != self.unfinished:
            self._fill(unfinished)

    def _fill(self, unfinished: GameSummary | HeldSeat | None) -> None:
        """List the items, Continue only while there is something to continue; Continue is
        the default item whenever it appears."""
        appeared = unfinished is not None and (
            self.unfinished is None or _what(self.unfinished) != _what(unfinished)
        )
        self.unfinished = unfinished
        options = self.query_one("#menu-options", MarkedList)
        highlighted = options.highlighted_option.id if options.highlighted_option else None
        options.clear_options()
        for item, label, _run in MENU_COMMANDS:
            if item == "continue":
                if unfinished is None:
                    continue
                label = continue_text(unfinished)
            elif item == "plain" and not self.plain:
                continue
            else:
                label = _(label)
            options.add_item(item, label)

        ids = [option.id for option in options.options]
        if appeared:
            highlighted = "continue"
        options.highlighted = ids.index(highlighted) if highlighted in ids else 0
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Offer the Continue key only while there is a game to continue, and the plain mode
        only where the menu offers it."""
        if action == "choose" and parameters == ("continue",):
            return self.unfinished is not None
        if action == "choose" and parameters == ("plain",):
            return self.plain
        return True

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Enter (or a click) on an item."""
        event.stop()
        if event.option.id is not None:
            self.action_choose(event.option.id)

    def action_choose(self, item: str) -> None:
        """Do what menu item ``item`` says."""
        for item_id, _label, run in MENU_COMMANDS:
            if item_id == item:
                run(self.app)
                return


def _what(resumable: GameSummary | HeldSeat) -> object:
    """Which game or table ``resumable`` is (to tell when Continue names another)."""
    from chickenfoot.net.tokens import HeldSeat

    return resumable.address if isinstance(resumable, HeldSeat) else resumable.id
