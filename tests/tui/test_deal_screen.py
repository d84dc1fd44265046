"""Show the deal: the round-over dialog's ``d`` lists the round's deck as it was dealt.

The game is reached by a fixed policy over fixed seeds, saved in the saves folder and opened
with ``ChickenFootApp(load=...)``; seat 0 (a person) plays the last tile of round 1 by keys.
What the deal view shows is checked against the recorded deck cut by hand (cross deals seat
``i`` the ``i``-th block of the deck), and photographed in both themes.
"""

from __future__ import annotations

import pytest
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Footer, Static

from chickenfoot.record.model import GameRecord, SeatConfig
from chickenfoot.rules import GameState, Play, Tile, legal_actions, preset
from chickenfoot.text.deal import recorded_deal_text
from chickenfoot.tui.app import ChickenFootApp
from chickenfoot.tui.screens.deal import DealScreen
from chickenfoot.tui.screens.round_over import RoundOverScreen
from tests.kit import as_kind
from tests.tui.conftest import THEMES, SnapCompare, TuiKit

KINDS = ("human", "computer", "computer")


def double_dealt_and_seat_0_goes_out_next(state: GameState) -> bool:
    """Round 1's double was dealt (no search), and seat 0's next play ends round 1."""
    rules = state.rules
    dealt = state.decks[0][: rules.players * rules.tiles_per_hand]
    return (
        Tile(rules.set_size, rules.set_size) in dealt
        and state.turn == 0
        and state.round_index == 0
        and len(state.hands[0]) == 1
        and any(isinstance(action, Play) for action in legal_actions(state))
    )


def found_game(kit: type[TuiKit]) -> GameRecord:
    """The first seeded game that reaches the position (the same on every run)."""
    rules = preset("cross", players=len(KINDS), rounds=2)
    return kit.find_record(rules, kit.seats(*KINDS), double_dealt_and_seat_0_goes_out_next)


def open_app(kit: type[TuiKit], record: GameRecord, theme: str = "textual-dark") -> ChickenFootApp:
    """The app continuing ``record``, game 1 of the store."""
    app = ChickenFootApp(load=kit.stored(record), bot_delay=0)
    app.theme = theme
    return app


async def to_round_over(pilot: Pilot[None], kit: type[TuiKit]) -> None:
    """Seat 0 plays its last tile by keys; wait for the round's result with its keys shown."""
    await kit.play_a_tile(pilot)
    await kit.wait_for(pilot, lambda: isinstance(pilot.app.screen, RoundOverScreen), "round over")


def deal_ready(app: App[None]) -> bool:
    """The deal view is on top with its Footer built."""
    return isinstance(app.screen, DealScreen) and bool(app.screen.query_one(Footer).children)


def shown(screen: DealScreen, selector: str) -> list[str]:
    """The plain text of every Static matching ``selector`` on ``screen``."""
    return [str(static.render()) for static in screen.query(selector).results(Static)]


def bracketed(tiles: tuple[Tile, ...]) -> str:
    return " ".join(f"[{tile}]" for tile in tiles)


async def test_d_shows_every_seats_tiles_in_deal_order_and_the_boneyard(kit: type[TuiKit]) -> None:
    record = found_game(kit)
    rules = record.rules
    per_hand = rules.tiles_per_hand
    deck = record.decks[0]
    app = open_app(kit, record)
    async with app.run_test(size=(100, 40)) as pilot:
        await to_round_over(pilot, kit)
        round_over = app.screen
        await pilot.press("d")
        await kit.wait_for(pilot, lambda: deal_ready(app), "the deal")
        screen = app.screen
        assert isinstance(screen, DealScreen)
        names = shown(screen, ".deal-name")
        assert names == ["Ana", "Bea", "Cy"]
        rows = shown(screen, ".deal-tiles")
        assert rows == [
            bracketed(deck[seat * per_hand : (seat + 1) * per_hand]) for seat in range(3)
        ]
        assert shown(screen, "#deal-boneyard") == [bracketed(deck[3 * per_hand :])]
        title = shown(screen, "#deal-title")[0]
        assert title == f"Round 1 of 2 ({rules.set_size}|{rules.set_size}): the deal"
        origin = shown(screen, "#deal-origin")[0]
        assert "Shuffled from the game's seed" in origin
        assert (
            "chickenfoot verify FILE, FILE being the file `chickenfoot export 1 --to FOLDER` "
            "writes" in origin
        )
        assert "kept back until the game is over" in origin  # round 2 is still to come
        assert f"seed, {record.seed}" not in origin

        await pilot.press("escape")
        await kit.wait_for(pilot, lambda: isinstance(app.screen, RoundOverScreen), "the result")
        assert app.screen is round_over
        # Enter closes the deal too, and only the deal (the result's Enter has priority there).
        await pilot.press("d")
        await kit.wait_for(pilot, lambda: isinstance(app.screen, DealScreen), "the deal again")
        await pilot.press("enter")
        await kit.wait_for(pilot, lambda: app.screen is round_over, "the result again")
        await pilot.press("enter")
        await kit.wait_for(pilot, lambda: app.screen is app.game_screen, "round 2")


async def test_the_deal_key_is_in_the_dialogs_own_footer(kit: type[TuiKit]) -> None:
    app = open_app(kit, found_game(kit))
    async with app.run_test(size=(100, 30)) as pilot:
        await to_round_over(pilot, kit)
        await kit.wait_for(
            pilot, lambda: bool(app.screen.query_one(Footer).children), "the result's keys"
        )
        keys = {
            binding.key: binding.description
            for _key, (_node, binding, enabled, _tooltip) in app.screen.active_bindings.items()
            if enabled and binding.show
        }
        assert keys.get("d") == "Show the deal"


@pytest.mark.parametrize("theme", THEMES)
def test_the_deal_view(snap_compare: SnapCompare, kit: type[TuiKit], theme: str) -> None:
    app = open_app(kit, found_game(kit), theme)

    async def run_before(pilot: Pilot[None]) -> None:
        await to_round_over(pilot, kit)
        await pilot.press("d")
        await kit.wait_for(pilot, lambda: deal_ready(pilot.app), "the deal")
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


async def test_names_are_shown_literally_never_as_markup(kit: type[TuiKit]) -> None:
    record = found_game(kit)
    going_out = next(a for a in legal_actions(record.final_state()) if isinstance(a, Play))
    named = record.appended(going_out).model_copy(
        update={"seats": (SeatConfig(name="[b]Ana[/b]", player="human"), *record.seats[1:])}
    )
    deal = recorded_deal_text(named, 1, 1)  # round 1 is over: its deal may be shown

    class Shows(App[None]):
        def on_mount(self) -> None:
            self.push_screen(DealScreen(deal))

    app = Shows()
    async with app.run_test(size=(100, 30)) as pilot:
        await kit.wait_for(pilot, lambda: isinstance(app.screen, DealScreen), "the deal")
        screen = as_kind(app.screen, DealScreen)
        assert shown(screen, ".deal-name")[0] == "[b]Ana[/b]"
        assert shown(screen, "#deal-centre") == [deal.centre]
