"""No screen of the app shows the seed, or a deck or hand of a round still in play at one
keyboard: the menu, Load game, Replays, the replay viewer (its positions in the round in play
and every dialog it opens), Statistics, a round's result and its deal, and the game at its
hand-off, each read whole from the screen (at 120x40, where most is shown) and searched as
:mod:`tests.unplayed` says. The commands and the plain mode are searched the same way in
``tests/test_unplayed_secrets.py``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.pilot import Pilot
from textual.screen import Screen

from chickenfoot.tui.app import ChickenFootApp
from chickenfoot.tui.screens.deal import DealScreen
from chickenfoot.tui.screens.help import HelpScreen
from chickenfoot.tui.screens.load import LoadScreen
from chickenfoot.tui.screens.log import LogScreen
from chickenfoot.tui.screens.menu import MenuScreen
from chickenfoot.tui.screens.replay import ReplayScreen, TakeOverScreen
from chickenfoot.tui.screens.round_over import RoundOverScreen
from chickenfoot.tui.screens.scoreboard import ScoreboardScreen
from chickenfoot.tui.screens.stats import StatsScreen
from tests.kit import as_kind
from tests.tui.conftest import TuiKit, screen_lines
from tests.unplayed import Secrets, into_round_two, round_one_just_over

Dialogs = tuple[tuple[str, str, type[Screen[Any]]], ...]
"""Dialogs to open: a name for each, its key, and its screen."""


class Reader:
    """Reads every screen the test comes to and searches it for the game's secrets."""

    def __init__(self, kit: type[TuiKit], pilot: Pilot[None], secrets: Secrets) -> None:
        self.kit = kit
        self.pilot = pilot
        self.app = as_kind(pilot.app, ChickenFootApp)
        self.secrets = secrets
        self.read: list[str] = []
        """What was read, in order: a name for each screen."""
        self.texts: dict[str, str] = {}

    async def read_screen(
        self, name: str, kind: type[Screen[Any]], ready: Callable[[], bool] = lambda: True
    ) -> str:
        """Wait for a ``kind`` screen on top, drawn to stay (and ``ready``), and search it."""
        await self.kit.settle(self.pilot, lambda app: isinstance(app.screen, kind) and ready())
        text = "\n".join(screen_lines(self.app))
        assert self.secrets.leaks(text) == [], f"{name}:\n{text}"
        self.read.append(name)
        self.texts[name] = text
        return text

    async def read_dialogs(self, dialogs: Dialogs, under: type[Screen[Any]]) -> None:
        """Open each of ``dialogs`` over the ``under`` screen, read it, close it, and read
        the screen under it again."""
        for name, key, dialog in dialogs:
            await self.press(key)
            await self.read_screen(name, dialog)
            await self.press("escape")
            await self.read_screen(f"{name}, closed", under)

    async def press(self, *keys: str) -> None:
        """Press ``keys``."""
        await self.pilot.press(*keys)


async def test_no_screen_shows_the_seed_or_a_deck_of_the_round_in_play(
    kit: type[TuiKit],
) -> None:
    record = into_round_two()
    just_over = round_one_just_over(record)
    game = kit.stored(record)
    kit.stored(just_over)  # played last: the one Continue opens, on round 1's result
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        reader = Reader(kit, pilot, Secrets.of(record, just_over))
        await reader.read_screen("menu", MenuScreen)

        await reader.press("l")
        await reader.read_screen("load", LoadScreen, lambda: bool(app.screen.query("DataTable")))
        await reader.press("escape")
        await reader.read_screen("menu again", MenuScreen)
        await reader.press("r")

        def listed() -> bool:
            return len(as_kind(app.screen, LoadScreen).summaries) == 2

        await reader.read_screen("replays", LoadScreen, listed)
        assert [s.id for s in as_kind(app.screen, LoadScreen).summaries][1] == game
        await reader.press("down", "enter")
        await reader.read_screen("replay, the first deal", ReplayScreen)
        replay = as_kind(app.screen, ReplayScreen)
        assert replay.title_text == f"game {game}"
        await reader.press("end")
        replay_text = await reader.read_screen(
            "replay, the last move", ReplayScreen, lambda: replay.cursor.at_end
        )
        assert "hands hidden" in replay_text and " worth " not in replay_text
        for name, key in (
            ("replay, a move back", "left"),
            ("replay, round 2's deal", "left_square_bracket"),
            ("replay, round 1", "left_square_bracket"),
            ("replay, round 2's deal again", "right_square_bracket"),
            ("replay, the outline", "o"),
            ("replay, the table", "o"),
            ("replay, the chart", "c"),
            ("replay, the table again", "c"),
            ("replay, the last move again", "end"),
        ):
            await reader.press(key)
            await reader.read_screen(name, ReplayScreen)
        replay_dialogs: Dialogs = (
            ("replay, the scores", "s", ScoreboardScreen),
            ("replay, the round's log", "ctrl+l", LogScreen),
            ("replay, take over", "t", TakeOverScreen),
        )
        await reader.read_dialogs(replay_dialogs, ReplayScreen)
        await reader.press("escape")
        await reader.read_screen("replays again", LoadScreen, listed)
        await reader.press("escape")

        await reader.read_screen("menu, before the statistics", MenuScreen)
        await reader.press("s")
        await reader.read_screen("statistics", StatsScreen)
        await reader.press("escape")

        await reader.read_screen("menu, before Continue", MenuScreen)
        await reader.press("c")
        result = await reader.read_screen("round 1's result", RoundOverScreen)
        assert "Round 1" in result
        await reader.press("d")
        deal = await reader.read_screen("round 1's deal", DealScreen)
        assert "kept back until the game is over" in deal
        await reader.press("escape")
        await reader.read_screen("round 1's result again", RoundOverScreen)
        await reader.press("enter")
        table = kit.game_screen(app)
        await reader.read_screen(
            "round 2's hand-off", type(table), lambda: kit.prompt_kind(table) == "pass_keyboard"
        )
        game_dialogs: Dialogs = (
            ("the whole log", "ctrl+l", LogScreen),
            ("the help", "question_mark", HelpScreen),
        )
        await reader.read_dialogs(game_dialogs, type(table))
        assert kit.prompt_kind(table) == "pass_keyboard", "nobody took the keyboard"
        assert " worth " in reader.texts["replay, round 1"], "a finished round is shown whole"

        # The search is not blind: once a person takes the keyboard, their own hand is on
        # screen, and it is one of the secrets the other screens were searched for.
        await reader.press("enter")
        await kit.wait_for(pilot, lambda: kit.my_turn(table), "the person's turn")
        await kit.settle(pilot, lambda app: app.screen is table)
        own_hand = reader.secrets.leaks("\n".join(screen_lines(app)))
        assert own_hand and all(leak.startswith("the tiles ") for leak in own_hand)
    assert len(reader.read) == 33, reader.read
