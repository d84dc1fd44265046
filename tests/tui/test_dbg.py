import pytest
from tests.tui.test_fit import (
    NAMES,
    own_keys,
    SIZE,
    ChickenFootApp,
    stored,
    random_record,
    big_rules,
    long_named,
    find_record,
    big_table_turn,
    a_computer_goes_out,
    misfits,
    walk_the_menu,
    walk_the_game,
    walk_the_results,
    Walk,
)
from tests.tui.conftest import screen_lines


@pytest.mark.parametrize("part", ["menu", "game", "results", "solo"])
async def test_dbg(part):
    def look(name, app):
        print("=====", name, misfits(app, NAMES))
        print("\n".join(l.rstrip() for l in screen_lines(app)))

    if part == "menu":
        stored(random_record(big_rules(1), long_named(0), seed=5))
        stored(find_record(big_rules(2), long_named(2), big_table_turn))
        app, route = ChickenFootApp(bot_delay=0), walk_the_menu
    elif part == "game":
        game = stored(find_record(big_rules(2), long_named(2), big_table_turn))
        app, route = ChickenFootApp(load=game, bot_delay=0), walk_the_game
    elif part == "solo":
        game = stored(find_record(big_rules(2), long_named(1), big_table_turn))
        app, route = ChickenFootApp(load=game, bot_delay=0), walk_the_game
    else:
        game = stored(find_record(big_rules(1), long_named(1), a_computer_goes_out))
        app, route = ChickenFootApp(load=game, bot_delay=0), walk_the_results
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await route(Walk(pilot, look))
