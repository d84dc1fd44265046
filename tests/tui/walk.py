"""A walk through the real app's screens and dialogs, looking at each one on the way.

:class:`Walk` drives the app with Pilot: it presses the keys of a command (the player's own
keys, if the settings change them), waits until the screen it leads to is on top and drawn to
stay, and hands that screen to the walk's ``look`` (what a test checks of every screen: the
widgets that can have the keyboard, or that every word fits). The routes below are the
app's ways from one screen to the next, shared by every test that walks:

- :func:`walk_the_menu`: the menu and what it opens (New game, Join a table, Statistics,
  Help, Load game, Replays and a replay with its dialogs, the command palette);
- :func:`walk_the_game`: the game screen (a hand-off, a turn) and every dialog it opens;
- :func:`walk_the_results`: a round's result, its deal and the game's result.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.command import CommandInput, CommandList, CommandPalette
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets._toast import Toast

from chickenfoot.lang import _
from chickenfoot.tui.app import ChickenFootApp, binding_owners
from chickenfoot.tui.keymap import bindings_of, keymap_of, with_keymap
from tests.kit import as_kind
from tests.tui.conftest import at_rest, wait_for

Look = Callable[[str, ChickenFootApp], None]
"""What a walk asks of each screen it reaches: the screen's name in the walk, and the app."""


class Walk:
    """A walk through ``pilot``'s app that asks ``look`` of every screen it reaches."""

    def __init__(self, pilot: Pilot[Any], look: Look) -> None:
        self.pilot = pilot
        self.app = as_kind(pilot.app, ChickenFootApp)
        self.look = look
        self.seen: list[str] = []
        """The screens looked at, by name, in order."""

    def key(self, binding_id: str) -> str:
        """The first key of the command ``binding_id``, the player's own if they changed it."""
        keymap = keymap_of(self.app)
        for owner in binding_owners():
            bindings = [b for b in bindings_of(owner) if b.id == binding_id]
            for binding in with_keymap(bindings, keymap):
                return binding.key
        raise KeyError(binding_id)

    async def command(self, *binding_ids: str) -> None:
        """Press the keys of the commands ``binding_ids``, in order."""
        await self.pilot.press(*(self.key(binding_id) for binding_id in binding_ids))

    async def reach(
        self, screen_type: type[Screen[Any]], name: str, until: Callable[[], bool] = lambda: True
    ) -> None:
        """Wait until a ``screen_type`` is on top, ``until()`` holds and the app is drawn to
        stay; then look at it as ``name``."""
        app = self.app
        await wait_for(
            self.pilot,
            lambda: isinstance(app.screen, screen_type) and until() and settled(app),
            name,
        )
        await self.pilot.pause()
        self.seen.append(name)
        self.look(name, app)

    async def visit(
        self, command: str, screen_type: type[Screen[Any]], name: str, back: str = ""
    ) -> None:
        """Press the keys of ``command`` (a binding's id, or a key as Pilot names it), look at
        the ``screen_type`` it opens as ``name``, then press ``back`` (a command or a key)."""
        await self.press(command)
        await self.reach(screen_type, name)
        if back:
            await self.press(back)

    async def press(self, command: str) -> None:
        """Press the keys of ``command``: a binding's id (``menu.new``), else a key."""
        try:
            key = self.key(command)
        except KeyError:
            key = command
        await self.pilot.press(key)

    async def back_to(self, screen_type: type[Screen[Any]]) -> None:
        """Wait until a ``screen_type`` is on top again."""
        app = self.app
        await wait_for(self.pilot, lambda: isinstance(app.screen, screen_type), "the way back")


def settled(app: ChickenFootApp) -> bool:
    """The app is drawn to stay (see :func:`~tests.tui.conftest.at_rest`), every notice it
    holds shown on the screen on top and no other."""
    shown = {toast._notification.identity for toast in app.screen.query(Toast)}
    held = {notice.identity for notice in app._notifications if not notice.has_expired}
    return at_rest(app) and (app._disable_notifications or shown == held)


async def walk_the_menu(walk: Walk) -> None:
    """The menu, and every screen it opens (the store holds a finished game to replay)."""
    from chickenfoot.tui.screens.confirm import ConfirmScreen
    from chickenfoot.tui.screens.help import HelpScreen
    from chickenfoot.tui.screens.load import LoadScreen
    from chickenfoot.tui.screens.log import LogScreen
    from chickenfoot.tui.screens.menu import MenuScreen
    from chickenfoot.tui.screens.online import JoinScreen
    from chickenfoot.tui.screens.replay import ReplayScreen, TakeOverScreen
    from chickenfoot.tui.screens.scoreboard import ScoreboardScreen
    from chickenfoot.tui.screens.setup import SetupScreen
    from chickenfoot.tui.screens.stats import StatsScreen

    await walk.reach(MenuScreen, "the menu", lambda: walk.app.own_keys.checked)
    for command, screen_type, name in (
        ("menu.new", SetupScreen, "New game"),
        ("menu.join", JoinScreen, "Join a table"),
        ("menu.stats", StatsScreen, "Statistics"),
        ("menu.help", HelpScreen, "Help"),
    ):
        await walk.visit(command, screen_type, name, "escape")
        await walk.back_to(MenuScreen)
    await walk.visit("menu.load", LoadScreen, "Load game")
    load = as_kind(walk.app.screen, LoadScreen)
    await walk.press("load.open-file")
    path = load.query_one("#load-path")
    await walk.reach(LoadScreen, "Load game: a file's path", lambda: path.has_focus)
    await walk.press("escape")
    await walk.reach(LoadScreen, "Load game again", lambda: not path.display)
    await walk.visit("load.delete", ConfirmScreen, "Load game: delete?", "confirm.no")
    await walk.back_to(LoadScreen)
    await walk.press("escape")
    await walk.back_to(MenuScreen)
    await walk.visit("ctrl+p", CommandPalette, "the command palette")
    # the command's name in the language spoken (typed keys would spell only English)
    palette = walk.app.screen
    palette.query_one(CommandInput).value = _("Theme")
    commands = palette.query_one(CommandList)

    def theme_command() -> int | None:
        for index in range(commands.option_count):
            if str(commands.get_option_at_index(index).prompt).startswith(_("Theme")):
                return index
        return None

    await wait_for(walk.pilot, lambda: theme_command() is not None, "the theme command found")
    commands.highlighted = theme_command()
    await walk.pilot.press("enter")
    await walk.reach(
        CommandPalette,
        "the theme picker",
        lambda: not walk.app.screen.query_one(CommandInput).value,
    )
    await walk.press("escape")
    await walk.back_to(MenuScreen)
    await walk.visit("menu.replays", LoadScreen, "Replays")
    await walk.visit("enter", ReplayScreen, "a replay at its start")
    replay = as_kind(walk.app.screen, ReplayScreen)
    await walk.press("replay.last")
    await walk.reach(ReplayScreen, "a replay at its end", lambda: replay.cursor.at_end)
    await walk.visit("replay.log", LogScreen, "a replay's log", "escape")
    await walk.visit("replay.scores", ScoreboardScreen, "a replay's scores", "escape")
    await walk.visit("replay.take-over", TakeOverScreen, "Take over", "escape")
    await walk.back_to(ReplayScreen)
    await walk.press("escape")
    await walk.back_to(LoadScreen)
    await walk.press("down")  # the finished game
    await walk.visit("enter", ReplayScreen, "a finished game's replay")
    replay = as_kind(walk.app.screen, ReplayScreen)
    await walk.press("replay.last")
    await walk.reach(ReplayScreen, "a finished game's last move", lambda: replay.cursor.at_end)
    await walk.press("replay.outline")
    await walk.reach(ReplayScreen, "a replay's outline", lambda: replay.outline)
    await walk.press("replay.chart")
    await walk.reach(ReplayScreen, "a replay's chart", lambda: replay.chart)
    await walk.press("escape")
    await walk.back_to(LoadScreen)
    await walk.press("escape")
    await walk.back_to(MenuScreen)


async def walk_the_game(walk: Walk) -> None:
    """The game screen from a hand-off (in a game of people sharing the keyboard) to a turn,
    every dialog it opens over itself, a hint, and a take-back where it may be asked for."""
    from chickenfoot.tui.screens.confirm import ConfirmScreen
    from chickenfoot.tui.screens.game import GameScreen
    from chickenfoot.tui.screens.help import HelpScreen
    from chickenfoot.tui.screens.log import LogScreen
    from chickenfoot.tui.screens.save_as import SaveAsScreen
    from chickenfoot.tui.screens.scoreboard import ScoreboardScreen

    def game() -> GameScreen:
        screen = walk.app.game_screen
        assert screen is not None
        return screen

    def opened() -> bool:
        return game().client.on_turn or game().client.prompt.kind == "pass_keyboard"

    await walk.reach(GameScreen, "the game as it opens (a hand-off, or a turn)", opened)
    if not game().client.on_turn:
        await walk.press("game.show-hand")
        await walk.reach(GameScreen, "a turn", lambda: game().client.on_turn)
    for command, screen_type, name in (
        ("game.save-as", SaveAsScreen, "Save a copy as"),
        ("game.log", LogScreen, "the whole log"),
        ("game.scores", ScoreboardScreen, "the scores"),
        ("game.count-tiles", LogScreen, "the tiles counted"),
        ("game.every-end", LogScreen, "every open end"),
        ("game.help", HelpScreen, "the game's help"),
        ("game.new-game", ConfirmScreen, "a new game?"),
        ("app.quit", ConfirmScreen, "quit?"),
        ("ctrl+p", CommandPalette, "the game's command palette"),
    ):
        await walk.visit(command, screen_type, name, "escape")
        await walk.back_to(GameScreen)
    await walk.press("game.hint")
    await walk.reach(GameScreen, "a hint", lambda: not game().client.hint_pending)
    if game().check_action("take_back", ()):
        restarts = game().client.log_restarts
        await walk.press("game.take-back")
        await walk.reach(
            GameScreen,
            "a take-back",
            lambda: game().client.on_turn and game().client.log_restarts > restarts,
        )


async def walk_the_table(walk: Walk) -> None:
    """The game screen as it opens (a hand-off, or a turn), its outline, and the list of
    every open end."""
    from chickenfoot.tui.screens.game import GameScreen
    from chickenfoot.tui.screens.log import LogScreen

    def game() -> GameScreen:
        screen = walk.app.game_screen
        assert screen is not None
        return screen

    def opened() -> bool:
        return game().client.on_turn or game().client.prompt.kind == "pass_keyboard"

    await walk.reach(GameScreen, "the game beside its seats and log", opened)
    await walk.press("game.outline")
    await walk.reach(GameScreen, "the game's outline", lambda: game().outline)
    await walk.press("game.outline")
    await walk.visit("game.every-end", LogScreen, "every open end", "escape")
    await walk.back_to(GameScreen)


async def walk_the_question_about_a_game_open_elsewhere(walk: Walk) -> None:
    """Continue from the menu, of a game another window has open: the question."""
    from chickenfoot.tui.screens.choice import ChoiceScreen
    from chickenfoot.tui.screens.menu import MenuScreen

    await walk.reach(MenuScreen, "the menu", lambda: walk.app.own_keys.checked)
    await walk.visit("menu.continue", ChoiceScreen, "a game open elsewhere?", "escape")
    await walk.back_to(MenuScreen)


async def walk_the_results(walk: Walk) -> None:
    """A round's result (a computer goes out in the game's last round), the round's deal, and
    the game's result."""
    from chickenfoot.tui.screens.deal import DealScreen
    from chickenfoot.tui.screens.game_over import GameOverScreen
    from chickenfoot.tui.screens.round_over import RoundOverScreen
    from chickenfoot.tui.screens.scoreboard import ScoreboardScreen

    await walk.reach(RoundOverScreen, "a round's result")
    await walk.press("round-over.look")
    await walk.reach(
        RoundOverScreen, "a round's final table", lambda: walk.app.screen.has_class("-looking")
    )
    await walk.press("round-over.look")
    await walk.visit("round-over.deal", DealScreen, "the round's deal", "escape")
    await walk.back_to(RoundOverScreen)
    await walk.press("enter")
    await walk.reach(GameOverScreen, "the game's result")
    await walk.visit("game-over.scores", ScoreboardScreen, "the game's scores", "escape")
    await walk.back_to(GameOverScreen)
