"""The main menu: every item by arrow keys and Enter and by its shortcut key, Continue only
when an unfinished game is saved, names shown literally, and the command palette."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.command import CommandList, CommandPalette
from textual.widgets import OptionList

from chickenfoot.net.protocol import ReturnToSeat
from chickenfoot.net.tokens import HeldSeat, SeatBook, latest_to_continue
from chickenfoot.record.model import GameRecord, SeatConfig
from chickenfoot.tui.app import ChickenFootApp
from chickenfoot.tui.screens.game import GameScreen
from chickenfoot.tui.screens.help import HelpScreen
from chickenfoot.tui.screens.load import LoadScreen
from chickenfoot.tui.screens.menu import MenuCommands, MenuScreen, continue_text, names_text
from chickenfoot.tui.screens.online import JoinScreen, OnlineGameScreen
from chickenfoot.tui.screens.setup import SetupScreen
from chickenfoot.tui.screens.stats import StatsScreen
from tests.kit import as_kind
from tests.tui.conftest import TuiKit, screen_lines, wait_for


def save_unfinished(kit: type[TuiKit], names: tuple[str, ...] = ("Ana", "Bea")) -> int:
    """Store a new (unfinished) game with human seats called ``names``; its number."""
    seats = tuple(SeatConfig(name=name, player="human") for name in names)
    return kit.stored(GameRecord.new(kit.short_rules(len(names), rounds=2), seats, seed=3))


def menu_settled(app: ChickenFootApp) -> bool:
    """True once the menu is up and has finished looking for a game to continue (it shows its
    items at once and adds Continue when the search, in a worker, finds one)."""
    return isinstance(app.screen, MenuScreen) and all(
        worker.is_finished for worker in app.workers if worker.group == "continue"
    )


def first_palette_hit(app: ChickenFootApp) -> str | None:
    """The text of the command palette's first hit, or None while it has none."""
    lists = app.screen.query(CommandList)
    if not lists or lists.first().option_count == 0:
        return None
    return str(lists.first().get_option_at_index(0).prompt).split("\n")[0]


def item_ids(app: ChickenFootApp) -> list[str | None]:
    """The ids of the menu's items, in order."""
    return [option.id for option in app.screen.query_one("#menu-options", OptionList).options]


async def test_the_app_opens_on_the_menu_without_continue() -> None:
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: menu_settled(app), "the menu and its search")
        assert isinstance(app.screen, MenuScreen)
        assert item_ids(app) == [
            *("new", "join", "load", "replays", "stats", "plain", "help", "quit")
        ]
        assert isinstance(app.focused, OptionList)
        assert app.screen.check_action("choose", ("continue",)) is False


async def test_continue_is_listed_with_the_seats_and_round(kit: type[TuiKit]) -> None:
    save_unfinished(kit)
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: menu_settled(app), "the menu and its search")
        menu = as_kind(app.screen, MenuScreen)
        assert menu.searches == 1, "the menu asks the store once each time it is shown"
        assert item_ids(app) == [
            "new",
            "continue",
            "join",
            "load",
            "replays",
            "stats",
            "plain",
            "help",
            "quit",
        ]
        prompt = app.screen.query_one("#menu-options", OptionList).get_option("continue").prompt
        assert str(prompt) == "▸ Continue: Ana, Bea · round 1 of 2", "chosen as it appears"


async def test_names_with_markup_are_shown_literally_in_continue(kit: type[TuiKit]) -> None:
    game = save_unfinished(kit, ("[bold]x[/]", "[red]Bea"))
    app = ChickenFootApp(bot_delay=0)
    summary = app.store.summary(game)
    assert continue_text(summary) == "Continue: [bold]x[/], [red]Bea · round 1 of 2"
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        await wait_for(
            pilot, lambda: as_kind(app.screen, MenuScreen).unfinished is not None, "Continue"
        )
        options = app.screen.query_one("#menu-options", OptionList)
        line = options.render_line(1).text
        assert "Continue: [bold]x[/], [red]Bea · round 1 of 2" in line


def marked_rows(app: ChickenFootApp) -> list[str]:
    """The rows of the screen that hold the chosen item's sign, as a screen reader reads them
    (the text inside the menu's frame, without colours)."""
    return [line.replace("│", "").strip() for line in screen_lines(app) if "▸" in line]


async def test_the_chosen_item_is_marked_by_a_sign_that_moves_with_the_arrows() -> None:
    """Without colours the chosen item still shows: its row starts with ▸, every other row
    with blanks as wide, and the sign follows the arrow keys and the first-letter keys' item."""
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: menu_settled(app), "the menu and its search")
        await pilot.pause()
        assert marked_rows(app) == ["▸ New game"]
        options = app.screen.query_one("#menu-options", OptionList)
        rows = [options.render_line(y).text.rstrip() for y in range(options.option_count)]
        assert rows[1] == "  Join a table", "the others' rows start with blanks as wide"
        await pilot.press("down", "down")
        await wait_for(pilot, lambda: marked_rows(app) == ["▸ Load game"], "the sign on Load")
        await pilot.press("up")
        await wait_for(pilot, lambda: marked_rows(app) == ["▸ Join a table"], "the sign on Join")
        await pilot.press("end")
        await wait_for(pilot, lambda: marked_rows(app) == ["▸ Quit"], "the sign on Quit")


def test_long_name_lists_are_cut_with_a_count() -> None:
    assert names_text(("Ana", "Bea")) == "Ana, Bea"
    assert names_text(("Ana", "Bea", "Cy", "Dee"), width=10) == "Ana, Bea +2"
    assert names_text(("A very long name indeed", "Bo"), width=5) == "A very long name indeed +1"


@pytest.mark.parametrize(
    ("downs", "screen_type"),
    [
        (0, SetupScreen),
        (1, JoinScreen),
        (2, LoadScreen),
        (3, LoadScreen),
        (4, StatsScreen),
        (6, HelpScreen),
    ],
)
async def test_arrows_and_enter_open_each_item(downs: int, screen_type: type) -> None:
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        await pilot.press(*["down"] * downs, "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, screen_type), "the screen_type")
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the MenuScreen")


async def test_replays_item_opens_the_replays_list() -> None:
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        await pilot.press("r")
        await wait_for(pilot, lambda: isinstance(app.screen, LoadScreen), "the LoadScreen")
        assert as_kind(app.screen, LoadScreen).replays


@pytest.mark.parametrize(
    ("key", "screen_type"),
    [
        ("n", SetupScreen),
        ("l", LoadScreen),
        ("r", LoadScreen),
        ("s", StatsScreen),
        ("h", HelpScreen),
        ("question_mark", HelpScreen),
    ],
)
async def test_shortcut_keys_open_each_item(key: str, screen_type: type) -> None:
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        await pilot.press(key)
        await wait_for(pilot, lambda: isinstance(app.screen, screen_type), "the screen_type")


@pytest.mark.parametrize("keys", [["q"], ["up", "enter"]])
async def test_quit_from_the_menu_exits(keys: list[str]) -> None:
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        await pilot.press(*keys)
        await wait_for(pilot, lambda: app.return_code is not None, "the app to exit")
    assert app.return_code == 0
    assert not app.is_running


@pytest.mark.parametrize("keys", [["p"], ["up", "up", "up", "enter"]])
async def test_plain_mode_ends_the_app_for_the_plain_mode(keys: list[str]) -> None:
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        assert not app.plain_next
        await pilot.press(*keys)
        await wait_for(pilot, lambda: app.return_code is not None, "the app to exit")
    assert app.plain_next and app.return_code == 0


async def test_plain_mode_is_not_offered_where_nothing_can_go_on_in_it() -> None:
    app = ChickenFootApp(bot_delay=0, offers_plain=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: menu_settled(app), "the menu and its search")
        assert "plain" not in item_ids(app)
        provider = MenuCommands(app.screen)
        assert not [hit async for hit in provider.search("plain mode")]
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen) and not app.plain_next


@pytest.mark.parametrize("keys", [["c"], ["enter"]])
async def test_continue_opens_the_saved_game(kit: type[TuiKit], keys: list[str]) -> None:
    game = save_unfinished(kit)
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        options = app.screen.query_one("#menu-options", OptionList)
        await wait_for(
            pilot,
            lambda: (
                options.highlighted_option is not None
                and options.highlighted_option.id == "continue"
            ),
            "Continue, the default item",
        )
        await pilot.press(*keys)
        await kit.wait_for(pilot, lambda: app.game_screen is not None, "the game to open")
        assert kit.game_screen(app).session.game == game


async def test_continue_key_does_nothing_without_a_saved_game() -> None:
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        await pilot.press("c")
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the MenuScreen")


async def test_continue_appears_when_back_from_a_game(kit: type[TuiKit]) -> None:
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: menu_settled(app), "the menu and its search")
        assert "continue" not in item_ids(app)
        await pilot.press("n")
        await kit.wait_for(pilot, lambda: isinstance(app.screen, SetupScreen), "the set-up")
        await pilot.press("ctrl+s")
        await kit.wait_for(pilot, lambda: isinstance(app.screen, GameScreen), "the game")
        await pilot.press("escape")
        await kit.wait_for(
            pilot,
            lambda: isinstance(app.screen, MenuScreen) and "continue" in item_ids(app),
            "Continue",
        )


async def test_command_palette_lists_and_runs_menu_commands(kit: type[TuiKit]) -> None:
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        provider = MenuCommands(app.screen)
        found = [hit.text async for hit in provider.discover()]
        assert found == [
            "Chicken Foot: New game",
            "Chicken Foot: Join a table",
            "Chicken Foot: Load game",
            "Chicken Foot: Replays",
            "Chicken Foot: Statistics",
            "Chicken Foot: Plain mode for screen readers",
            "Chicken Foot: Help",
            "Chicken Foot: Quit",
        ]
        hits = [hit async for hit in provider.search("help")]
        assert hits[0].text == "Chicken Foot: Help"
        await pilot.press("ctrl+p")
        await kit.wait_for(pilot, lambda: isinstance(app.screen, CommandPalette), "the palette")
        await pilot.press(*"new game")
        await kit.wait_for(
            pilot, lambda: first_palette_hit(app) == "Chicken Foot: New game", "the palette's hit"
        )
        await pilot.press("enter")
        await kit.wait_for(pilot, lambda: isinstance(app.screen, SetupScreen), "the set-up screen")


async def test_command_palette_offers_continue_only_with_a_saved_game(kit: type[TuiKit]) -> None:
    save_unfinished(kit)
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen), "the menu")
        provider = MenuCommands(app.screen)
        hits = [hit async for hit in provider.search("continue")]
        assert [hit.text for hit in hits] == ["Chicken Foot: Continue"]
        app.call_next(hits[0].command)
        await kit.wait_for(pilot, lambda: app.game_screen is not None, "the game to open")


async def test_a_store_that_cannot_be_opened_ends_the_app_with_status_2(data_dir: Path) -> None:
    """The store is opened once the menu is drawn: if it cannot be, the app ends (the reason
    is printed as it closes)."""
    (data_dir / "chickenfoot.db").mkdir(parents=True)
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: app.return_code is not None, "the app to end")
    assert app.return_code == 2


async def test_continue_takes_back_a_seat_held_at_an_online_table_played_last(
    kit: type[TuiKit],
) -> None:
    save_unfinished(kit)
    # used after the game
    SeatBook().remember("ABCDEF@127.0.0.1:9", 1, "Bea", "the-seat-token-of-bea")
    app = ChickenFootApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: menu_settled(app), "the menu and its search")
        prompt = app.screen.query_one("#menu-options", OptionList).get_option("continue").prompt
        assert str(prompt) == "▸ Continue: online table ABCDEF@127.0.0.1:9"
        await pilot.press("c")
        await wait_for(
            pilot,
            lambda: any(isinstance(screen, OnlineGameScreen) for screen in app.screen_stack),
            "the online table",
        )
        table = next(s for s in app.screen_stack if isinstance(s, OnlineGameScreen))
        assert table.seat.remote.hello == ReturnToSeat(code="ABCDEF", token="the-seat-token-of-bea")


def test_continue_resumes_whichever_was_played_last(kit: type[TuiKit]) -> None:
    game = save_unfinished(kit)
    store = ChickenFootApp(bot_delay=0).store
    summary = store.summary(game)
    earlier = HeldSeat("ABCDEF@127.0.0.1:9", 0, "Ana", "t", "2000-01-01T00:00:00+00:00")
    later = HeldSeat("ABCDEF@127.0.0.1:9", 0, "Ana", "t", "2999-01-01T00:00:00+00:00")
    assert latest_to_continue(summary, earlier) == summary
    assert latest_to_continue(summary, later) == later
    assert latest_to_continue(None, earlier) == earlier
    assert latest_to_continue(summary, None) == summary
    assert latest_to_continue(None, None) is None
