"""The hand is shown sorted, tiles just drawn are marked "new", the selection follows its
tile."""

from __future__ import annotations

from pathlib import Path

from chickenfoot.record.model import GameRecord
from chickenfoot.rules import Draw, GameState, Play, Tile, apply, legal_actions
from chickenfoot.text.words import sorted_hand
from chickenfoot.tui.app import ChickenFootApp
from chickenfoot.tui.widgets import HandView
from tests.kit import session_of
from tests.tui.conftest import TuiKit


def test_sorted_hand_puts_doubles_first_then_groups_by_the_higher_end() -> None:
    tiles = (Tile(1, 6), Tile(2, 2), Tile(0, 4), Tile(6, 6), Tile(3, 5), Tile(5, 6), Tile(0, 0))
    assert sorted_hand(tiles) == (
        Tile(6, 6),
        Tile(2, 2),
        Tile(0, 0),
        Tile(5, 6),
        Tile(1, 6),
        Tile(3, 5),
        Tile(0, 4),
    )
    assert sorted_hand(sorted_hand(tiles)) == sorted_hand(tiles)
    assert sorted_hand(()) == ()


def must_draw(state: GameState) -> bool:
    """Seat 0 is on turn, nothing fits, and the boneyard has a tile for it."""
    legal = legal_actions(state)
    return state.turn == 0 and not any(isinstance(a, Play) for a in legal) and Draw(seat=0) in legal


def kept_tile_after_a_dead_draw(record: GameRecord, path: Path) -> tuple[Tile, Tile] | None:
    """(a tile to select, the tile seat 0 will draw) if, from the end of ``record``, seat 0
    draws a tile it cannot play, the computer moves (as it will in the app), and on seat 0's
    next turn the selected tile fits, is not the first tile that fits, and has moved in the
    sorted hand because of the drawn tile. None if no tile of the hand does all that."""
    session = session_of(record)
    before = sorted_hand(session.state.hands[0])
    state, _events = apply(session.state, Draw(seat=0))
    if state.turn == 0 or state.drawn is not None:
        return None  # The drawn tile fits: that turn goes on.
    drawn = next(tile for tile in state.hands[0] if tile not in session.state.hands[0])
    session.state = state
    while not state.over and state.turn != 0:
        state, _events = apply(state, session.bot_action())
        session.state = state
    if state.over or state.round_index != record.final_state().round_index:
        return None
    after = sorted_hand(state.hands[0])
    fitting = sorted({after.index(a.tile) for a in legal_actions(state) if isinstance(a, Play)})
    for tile in before:
        index = after.index(tile)
        if (
            index in fitting[1:]
            and index != before.index(tile)
            and before.index(tile) < 9
            and index < 9
        ):
            return tile, drawn
    return None


def find_dead_draw(kit: type[TuiKit], path: Path) -> tuple[GameRecord, Tile, Tile]:
    """The first record (fixed seeds and policy) ending where
    :func:`kept_tile_after_a_dead_draw` holds."""
    rules = kit.short_rules(2)
    seat_configs = kit.seats("human", "computer")
    for seed in range(1, 300):
        record = GameRecord.new(rules, seat_configs, seed=seed)
        state = record.final_state()
        while not state.over and len(record.actions) < 200:
            if must_draw(state):
                found = kept_tile_after_a_dead_draw(record, path)
                if found is not None:
                    return record, *found
            action = kit.choose_action(state)
            state, _events = apply(state, action)
            record = record.appended(action)
    raise AssertionError("no seed reaches the wanted position")


async def test_a_drawn_tile_is_sorted_in_marked_and_the_selection_stays_on_its_tile(
    kit: type[TuiKit], data_dir: Path
) -> None:
    record, kept, drawn = find_dead_draw(kit, data_dir / "scratch.json")
    app = ChickenFootApp(load=kit.stored(record), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await kit.person_on_turn(pilot)
        hand = game.query_one(HandView)
        assert hand.tiles == sorted_hand(game.session.state.hands[0])
        await pilot.press(str(hand.tiles.index(kept) + 1))
        assert game.client.selected_tile == kept
        await pilot.press("d")
        await kit.wait_for(
            pilot,
            lambda: (
                game.client.on_turn and len(game.session.record.actions) > len(record.actions) + 1
            ),
            "the computer's move and the human's next turn",
        )
        assert hand.tiles == sorted_hand(game.session.state.hands[0])
        assert drawn in hand.tiles
        assert hand.shown.fresh == {hand.tiles.index(drawn)}
        assert "new" in hand.render().plain
        assert game.client.selected_tile == kept
        assert hand.shown.selected == game.client.selected == hand.tiles.index(kept)
        # The mark goes once the player has moved again.
        await kit.press_turn(pilot, game, kit.choose_action(game.session.state))
        await kit.wait_for(
            pilot, lambda: game.client.on_turn or game.session.state.over, "the next turn"
        )
        assert drawn not in {hand.tiles[index] for index in hand.shown.fresh}


async def test_a_playable_drawn_tile_is_selected_and_marked(
    kit: type[TuiKit], data_dir: Path
) -> None:
    def draws_a_fitting_tile(state: GameState) -> bool:
        return must_draw(state) and apply(state, Draw(seat=0))[0].drawn is not None

    record = kit.find_record(
        kit.short_rules(2), kit.seats("human", "computer"), draws_a_fitting_tile
    )
    app = ChickenFootApp(load=kit.stored(record), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        game = await kit.person_on_turn(pilot)
        await pilot.press("d")
        await kit.wait_for(pilot, lambda: game.session.state.drawn is not None, "the draw")
        hand = game.query_one(HandView)
        drawn = game.session.state.drawn
        assert hand.tiles == sorted_hand(game.session.state.hands[0])
        assert hand.shown.selected == hand.tiles.index(drawn)
        assert hand.shown.fresh == {hand.tiles.index(drawn)}


def ends_with_seat_0_holding_a_drawn_tile(kit: type[TuiKit]) -> tuple[GameRecord, Tile]:
    """A record (fixed seeds and policy) whose last action is seat 0 drawing a tile that fits."""
    rules = kit.short_rules(2)
    seat_configs = kit.seats("human", "computer")
    for seed in range(1, 300):
        record = GameRecord.new(rules, seat_configs, seed=seed)
        state = record.final_state()
        while not state.over and len(record.actions) < 200:
            action = kit.choose_action(state)
            state, _events = apply(state, action)
            record = record.appended(action)
            if isinstance(action, Draw) and state.turn == 0 and state.drawn is not None:
                return record, state.drawn
    raise AssertionError("no seed reaches the wanted position")


async def test_a_game_reopened_after_a_draw_still_marks_the_drawn_tile(
    kit: type[TuiKit], data_dir: Path
) -> None:
    record, drawn = ends_with_seat_0_holding_a_drawn_tile(kit)
    app = ChickenFootApp(load=kit.stored(record), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await kit.wait_for(pilot, lambda: app.game_screen is not None, "the game screen")
        hand = kit.game_screen(app).query_one(HandView)
        await kit.wait_for(pilot, lambda: drawn in hand.tiles, "the hand with the drawn tile")
        assert hand.shown.fresh == {hand.tiles.index(drawn)}
