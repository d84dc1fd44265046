"""The table controller, driven directly (no Textual): selection, hand-off, refusals, news."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from chickenfoot.play.session import GameSession
from chickenfoot.play.table import (
    ComputerTurn,
    Finished,
    GameEnded,
    HandOff,
    LookAtDraw,
    PersonTurn,
    RoundOver,
    Table,
)
from chickenfoot.rules import Draw, FootOpened, GameState, Play, apply, legal_actions
from chickenfoot.saves.record import GameRecord
from chickenfoot.text import prompts
from chickenfoot.text.words import sorted_hand
from tests.kit import Kit


def table_at(
    kit: type[Kit], tmp_path: Path, kinds: tuple[str, ...], stop: Callable[[GameState], bool]
) -> Table:
    """A table over the first short game (fixed seeds and policy) that reaches ``stop``."""
    record = kit.find_record(kit.short_rules(len(kinds)), kit.seats(*kinds), stop)
    return Table(GameSession.from_record(record, tmp_path / "game.json"), bot_delay=0)


def plays(state: GameState) -> list[Play]:
    return [action for action in legal_actions(state) if isinstance(action, Play)]


def test_a_new_turn_selects_the_first_playable_tile_and_its_only_end(
    kit: type[Kit], tmp_path: Path
) -> None:
    table = table_at(kit, tmp_path, ("human", "computer"), kit.human_can_play)
    assert table.human_turn
    playable = table.playable()
    first = min(playable)
    assert table.selected == first
    ends = playable[first]
    assert table.chosen == (ends[0] if len(ends) == 1 else None)


def test_shown_is_a_pure_read(kit: type[Kit], tmp_path: Path) -> None:
    table = table_at(kit, tmp_path, ("human", "computer"), kit.human_can_play)
    before = (table.selected_tile, table.chosen, dict(table.fresh_tiles))
    assert table.shown() == table.shown()
    table.next_step()
    table.why_not("draw")
    assert (table.selected_tile, table.chosen, dict(table.fresh_tiles)) == before


def test_selecting_past_the_hand_says_how_many_tiles_there_are(
    kit: type[Kit], tmp_path: Path
) -> None:
    table = table_at(kit, tmp_path, ("human", "computer"), kit.human_can_play)
    count = len(table.hand())
    assert table.select(count) == prompts.only_tiles(count)
    assert table.step_tile(1) is None
    assert table.step_tile(-1) is None


def an_end_nothing_fits(state: GameState) -> bool:
    """Seat 0 on turn can play, but not on every open end."""
    fitting = {play.target for play in plays(state)}
    return state.turn == 0 and bool(fitting) and len(state.board.open_ends) > len(fitting)


def test_an_unknown_end_letter_and_an_end_nothing_fits_are_explained(
    kit: type[Kit], tmp_path: Path
) -> None:
    table = table_at(kit, tmp_path, ("human", "computer"), an_end_nothing_fits)
    assert table.type_letter("y") == "No open end is labelled y now."
    fitting = {target for ends in table.playable().values() for target in ends}
    closed = next(end for end in table.labels() if end not in fitting)
    value = table.state.board.value_at(closed)
    label = table.labels()[closed]
    assert table.choose_end(closed) == f"Nothing you can play fits end {label} (needs a {value})."


def test_choosing_an_end_selects_a_tile_that_fits_it(kit: type[Kit], tmp_path: Path) -> None:
    table = table_at(kit, tmp_path, ("human", "computer"), kit.human_can_play)
    playable = table.playable()
    target = playable[max(playable)][-1]
    assert table.choose_end(target) is None
    assert table.selected is not None
    assert target in playable[table.selected]
    assert table.chosen == target
    play = table.play_selected()
    assert isinstance(play, Play)
    assert (play.tile, play.target) == (table.hand()[table.selected], target)
    assert play in legal_actions(table.state)


def several_ends(state: GameState) -> bool:
    """Seat 0 on turn holds a tile that fits two ends or more."""
    if state.turn != 0:
        return False
    tiles = [play.tile for play in plays(state)]
    return any(tiles.count(tile) > 1 for tile in tiles)


def test_enter_on_a_tile_that_fits_several_ends_asks_which(kit: type[Kit], tmp_path: Path) -> None:
    table = table_at(kit, tmp_path, ("human", "computer"), several_ends)
    tiles = [play.tile for play in plays(table.state)]
    tile = next(tile for tile in tiles if tiles.count(tile) > 1)
    table.select(table.hand().index(tile))
    assert table.chosen is None
    asked = table.play_selected()
    assert isinstance(asked, str)
    assert asked.startswith(f"{tile} fits {tiles.count(tile)} ends")
    assert table.step_end(1) is None
    assert isinstance(table.play_selected(), Play)


def must_draw(state: GameState) -> bool:
    return state.turn == 0 and Draw(seat=0) in legal_actions(state)


def test_why_a_key_does_nothing_comes_from_the_rules(kit: type[Kit], tmp_path: Path) -> None:
    table = table_at(kit, tmp_path, ("human", "computer"), kit.human_can_play)
    assert table.why_not("draw") == "You have a play: you cannot draw."
    assert table.why_not("pass") == "You have a play: you cannot pass."
    assert table.why_not("keep") == prompts.NOTHING_DRAWN
    drawing = table_at(kit, tmp_path, ("human", "computer"), must_draw)
    assert drawing.why_not("pass") == "Draw first (d): the boneyard still has tiles."
    assert drawing.why_not("play") == "No tile of yours fits: draw (d)."
    assert drawing.can("draw") and not drawing.can("pass")


def test_a_draw_marks_the_tile_new_and_selects_it_when_it_fits(
    kit: type[Kit], tmp_path: Path
) -> None:
    table = table_at(kit, tmp_path, ("human", "computer"), must_draw)
    events = table.act(Draw(seat=0)).events
    drawn = next(event.tile for event in events if event.kind == "tile_drawn")
    assert drawn in table.fresh_tiles[0]
    hand = table.shown().hand
    assert drawn in hand.tiles and hand.tiles.index(drawn) in hand.fresh
    if table.state.drawn is not None:
        assert table.selected_tile == drawn
        assert table.why_not("draw") == f"You already drew {drawn}: play it or keep it (k)."


def test_computer_turns_and_the_pass_and_play_hand_off(kit: type[Kit], tmp_path: Path) -> None:
    table = table_at(kit, tmp_path, ("human", "computer", "human"), lambda state: True)
    step = table.next_step()
    seat = table.state.turn
    if table.session.is_human(seat):
        assert step == HandOff(seat, table.names[seat])
        assert table.hand_owner is None and table.shown().hand.hidden
        assert table.why_not("play").startswith("Waiting for")
        table.hand_over(seat)
        assert table.next_step() == PersonTurn(seat)
        assert table.hand_owner == seat and not table.shown().hand.hidden
    else:
        assert step == ComputerTurn(seat)
        assert table.why_not("play") == f"Wait: it is {table.names[seat]}'s turn (computer)."


def bea_plays_and_keeps_tiles(state: GameState) -> bool:
    """Seat 1 on turn has a play and more than one tile (so the turn passes to seat 0)."""
    return state.turn == 1 and bool(plays(state)) and len(state.hands[1]) > 1


def test_the_next_person_must_take_the_keyboard_before_a_hand_shows(
    kit: type[Kit], tmp_path: Path
) -> None:
    table = table_at(kit, tmp_path, ("human", "human"), bea_plays_and_keeps_tiles)
    assert table.next_step() == HandOff(1, "Bea")
    hand = table.shown().hand
    assert hand.hidden and hand.title == "Hands hidden" and hand.banner.startswith("Pass to Bea")
    table.hand_over(1)
    assert table.next_step() == PersonTurn(1)
    assert table.shown().hand.title.startswith("Bea's hand · ")
    table.act(plays(table.state)[0])
    assert table.next_step() == HandOff(0, "Ana")
    assert table.shown().hand.hidden
    assert table.log_viewer == -1


def test_round_and_game_results_come_before_anything_else(kit: type[Kit], tmp_path: Path) -> None:
    table = table_at(kit, tmp_path, ("computer", "computer"), lambda state: True)
    seen: list[type] = []
    for _ in range(500):
        step = table.next_step()
        if isinstance(step, RoundOver | GameEnded):
            seen.append(type(step))
            table.acknowledge()
        elif isinstance(step, Finished):
            break
        else:
            assert isinstance(step, ComputerTurn)
            table.act(table.computer_action())
    assert seen == [RoundOver, GameEnded]
    assert table.shown().status.text == prompts.GAME_OVER


def foot_opens_next(state: GameState) -> bool:
    """Seat 0 on turn can open a chicken foot without ending the round."""
    return state.turn == 0 and any(
        play.tile.is_double and len(state.hands[0]) > 1
        for play in plays(state)
        if not state.board.arms_phase and state.board.foot is None
    )


def test_a_chicken_foot_is_news(kit: type[Kit], tmp_path: Path) -> None:
    table = table_at(kit, tmp_path, ("human", "computer"), foot_opens_next)
    double = next(play for play in plays(table.state) if play.tile.is_double)
    events = table.act(double).events
    assert any(isinstance(event, FootOpened) for event in events)
    ((title, text),) = table.news(events)
    assert title == "Chicken foot!"
    assert "three" in text


def test_the_pause_between_computer_moves_stays_in_bounds(kit: type[Kit], tmp_path: Path) -> None:
    table = table_at(kit, tmp_path, ("human", "computer"), kit.human_can_play)
    for _ in range(30):
        table.change_speed(-1)
    assert table.bot_delay == 3.0
    assert table.change_speed(1) == "Computer players now pause 2.8 s."
    assert table.bot_delay == 2.8


def test_the_selection_follows_its_tile_through_re_sorting(kit: type[Kit], tmp_path: Path) -> None:
    table = table_at(kit, tmp_path, ("human", "computer"), kit.human_can_play)
    tile = table.hand()[-1]
    table.select(len(table.hand()) - 1)
    assert table.selected_tile == tile
    assert table.hand() == sorted_hand(table.state.hands[0])


@pytest.mark.parametrize("key", ["draw", "pass", "keep", "choose", "play"])
def test_every_refusal_is_plain_words(kit: type[Kit], tmp_path: Path, key: str) -> None:
    record: GameRecord = kit.find_record(
        kit.short_rules(2), kit.seats("human", "computer"), lambda state: state.turn == 0
    )
    table = Table(GameSession.from_record(record, tmp_path / "game.json"))
    text = table.why_not(key)
    assert text and text[0].isupper() and text.endswith(".")
    assert "_" not in text  # never a reason code or a Python name


def test_digits_past_nine_choose_tiles_ten_and_up(kit: type[Kit], tmp_path: Path) -> None:
    rules = kit.short_rules(2)
    long_hand = rules.model_copy(update={"hand_size": 12})
    record = kit.find_record(long_hand, kit.seats("human", "computer"), kit.human_can_play)
    table = Table(GameSession.from_record(record, tmp_path / "game.json"))
    count = len(table.hand())
    assert count >= 10
    assert table.type_digit("1") is None and table.selected == 0
    assert table.type_digit("0") is None and table.selected == 9
    assert table.type_digit("2") is None and table.selected == 1
    assert table.type_digit("9") is None and table.selected == 8
    table.step_tile(1)
    assert table.type_digit("1") is None and table.selected == 0


def a_dead_draw_comes(state: GameState) -> bool:
    """Seat 0 must draw, and the tile it draws fits nowhere."""
    if state.turn != 0 or Draw(seat=0) not in legal_actions(state):
        return False
    after, _events = apply(state, Draw(seat=0))
    return after.turn != 0


def test_a_dead_draw_is_shown_to_its_drawer_before_the_hand_off(
    kit: type[Kit], tmp_path: Path
) -> None:
    table = table_at(kit, tmp_path, ("human", "human"), a_dead_draw_comes)
    table.hand_over(0)
    drawn = table.state.boneyard[0]
    table.act(Draw(seat=0))
    assert table.next_step() == LookAtDraw(0, drawn)
    hand = table.shown().hand
    assert not hand.hidden and drawn in hand.tiles
    assert f"draws {drawn}: it fits nowhere" in table.shown().status.text
    table.acknowledge()
    assert table.next_step() == HandOff(1, "Bea")
    assert table.shown().hand.hidden


def test_a_round_result_shows_the_final_table(kit: type[Kit], tmp_path: Path) -> None:
    def last_tile(state: GameState) -> bool:
        return (
            state.turn == 0
            and len(state.hands[0]) == 1
            and any(isinstance(action, Play) for action in legal_actions(state))
        )

    table = table_at(kit, tmp_path, ("human", "computer"), last_tile)
    play = next(action for action in legal_actions(table.state) if isinstance(action, Play))
    table.act(play)
    step = table.next_step()
    assert isinstance(step, RoundOver)
    assert step.board.played[-1].tile == play.tile
    assert table.shown().board.board == step.board
    assert step.ending.startswith("Ana went out!")


def test_a_long_key_s_prompt_goes_once_the_key_is_complete(
    kit: type[Kit], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = table_at(kit, tmp_path, ("human", "computer"), kit.human_can_play)
    target = table.playable()[min(table.playable())][0]
    monkeypatch.setattr(table, "labels", lambda: {target: "zb"})
    table.tell(table.type_letter("z"))
    assert table.shown().status.news == prompts.key_so_far("z")
    table.tell(table.type_letter("b"))
    assert table.chosen == target
    assert table.shown().status.news != prompts.key_so_far("z")


def test_take_back_says_why_it_does_nothing(kit: type[Kit], tmp_path: Path) -> None:
    shared = table_at(kit, tmp_path, ("human", "human"), kit.human_can_play)
    assert not shared.key_works("take_back")
    assert shared.why_not("take_back") == prompts.no_take_back(shared=True)
    assert "share the keyboard" in shared.why_not("take_back")
