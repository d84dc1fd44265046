"""The seat client, driven directly through a real host (no Textual): selection, end keys,
refusals in words, new tiles, hand-offs, dead draws, results, the log."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from chickenfoot.play.client import PrivacyError, SeatClient, SpectatorClient, keys_working
from chickenfoot.play.host import TableHost
from chickenfoot.play.keys import end_keys
from chickenfoot.play.wire import (
    Act,
    DeadDraw,
    GameEnded,
    HintGiven,
    HintInfo,
    PassKeyboard,
    Prompt,
    RoundEnded,
    Waiting,
    Welcome,
    YourTurn,
)
from chickenfoot.record.model import Assist
from chickenfoot.rules import Draw, GameState, Play, apply, legal_actions, legal_in_view
from chickenfoot.text import prompts
from chickenfoot.text.counting import count_tiles, out_and_unseen
from chickenfoot.text.words import seat_name, sorted_hand
from tests.kit import Kit
from tests.play.tables import Seat, host_of, settle, sit


def table_at(
    kit: type[Kit],
    tmp_path: Path,
    kinds: tuple[str, ...],
    stop: Callable[[GameState], bool],
    hand_size: int | None = None,
) -> tuple[TableHost, Seat]:
    """A host over the first short game (fixed seeds and policy) that reaches ``stop``, and
    one client for all its people."""
    rules = kit.short_rules(len(kinds))
    if hand_size is not None:
        rules = rules.model_copy(update={"hand_size": hand_size})
    record = kit.find_record(rules, kit.seats(*kinds), stop)
    host = host_of(record)
    people = [seat for seat, kind in enumerate(kinds) if kind == "human"]
    return host, sit(host, people)


def prompt_of(seat: Seat) -> Prompt:
    """What the host waits for from ``seat`` now (read afresh after every step)."""
    return seat.client.prompt


def plays(state: GameState) -> list[Play]:
    return [action for action in legal_actions(state) if isinstance(action, Play)]


def step(host: TableHost, seat: Seat, message: object) -> None:
    """Send ``message`` from ``seat`` and let the table settle."""
    seat.send(message)  # type: ignore[arg-type]
    settle(host, seat)


def test_a_new_turn_selects_the_first_playable_tile_and_its_only_end(
    kit: type[Kit], tmp_path: Path
) -> None:
    _host, seat = table_at(kit, tmp_path, ("human", "computer"), kit.human_can_play)
    client = seat.client
    assert client.on_turn
    playable = client.playable()
    first = min(playable)
    assert client.selected == first
    ends = playable[first]
    assert client.chosen == (ends[0] if len(ends) == 1 else None)


def test_reading_is_pure(kit: type[Kit], tmp_path: Path) -> None:
    _host, seat = table_at(kit, tmp_path, ("human", "computer"), kit.human_can_play)
    client = seat.client
    before = (client.selection.tile, client.chosen, dict(client.fresh_tiles), client.feedback)
    assert client.shown() == client.shown()
    client.why_not("draw")
    client.key_works("play")
    assert (client.selection.tile, client.chosen, dict(client.fresh_tiles), client.feedback) == (
        before
    )


def test_the_client_holds_no_game_state_and_only_its_seat_s_hand(
    kit: type[Kit], tmp_path: Path
) -> None:
    host, seat = table_at(kit, tmp_path, ("human", "computer"), kit.human_can_play)
    client = seat.client
    assert not any(isinstance(value, GameState) for value in vars(client).values())
    assert client.hand() == sorted_hand(host.session.state.hands[0])
    assert client.shown().hand.tiles == client.hand()


def test_selecting_past_the_hand_says_how_many_tiles_there_are(
    kit: type[Kit], tmp_path: Path
) -> None:
    _host, seat = table_at(kit, tmp_path, ("human", "computer"), kit.human_can_play)
    client = seat.client
    count = len(client.hand())
    client.select(count)
    assert client.feedback == prompts.only_tiles(count)


def an_end_nothing_fits(state: GameState) -> bool:
    """Seat 0 on turn can play, but not on every open end."""
    fitting = {play.target for play in plays(state)}
    return state.turn == 0 and bool(fitting) and len(state.board.open_ends) > len(fitting)


def test_an_unknown_end_letter_and_an_end_nothing_fits_are_explained(
    kit: type[Kit], tmp_path: Path
) -> None:
    host, seat = table_at(kit, tmp_path, ("human", "computer"), an_end_nothing_fits)
    client = seat.client
    client.type_letter("y")
    assert client.feedback == "No open end is labelled y now."
    fitting = {target for ends in client.playable().values() for target in ends}
    closed = next(end for end in client.labels() if end not in fitting)
    value = host.session.state.board.value_at(closed)
    label = client.labels()[closed]
    client.choose_end(closed)
    assert client.feedback == f"Nothing you can play fits end {label} (needs a {value})."


def test_choosing_an_end_selects_a_tile_that_fits_it(kit: type[Kit], tmp_path: Path) -> None:
    host, seat = table_at(kit, tmp_path, ("human", "computer"), kit.human_can_play)
    client = seat.client
    playable = client.playable()
    target = playable[max(playable)][-1]
    client.choose_end(target)
    assert client.selected is not None
    assert target in playable[client.selected]
    assert client.chosen == target
    message = client.play()
    assert isinstance(message, Act) and isinstance(message.action, Play)
    play = message.action
    assert (play.tile, play.target) == (client.hand()[client.selected], target)
    assert play in legal_actions(host.session.state)


def several_ends(state: GameState) -> bool:
    """Seat 0 on turn holds a tile that fits two ends or more."""
    if state.turn != 0:
        return False
    tiles = [play.tile for play in plays(state)]
    return any(tiles.count(tile) > 1 for tile in tiles)


def test_enter_on_a_tile_that_fits_several_ends_asks_which(kit: type[Kit], tmp_path: Path) -> None:
    host, seat = table_at(kit, tmp_path, ("human", "computer"), several_ends)
    client = seat.client
    tiles = [play.tile for play in plays(host.session.state)]
    tile = next(tile for tile in tiles if tiles.count(tile) > 1)
    client.select(client.hand().index(tile))
    assert client.chosen is None
    assert client.play() is None
    assert client.feedback.startswith(f"{tile} fits {tiles.count(tile)} ends")
    client.step_end(1)
    assert isinstance(client.play(), Act)


def must_draw(state: GameState) -> bool:
    return state.turn == 0 and Draw(seat=0) in legal_actions(state)


def test_why_a_key_does_nothing_comes_from_the_rules(kit: type[Kit], tmp_path: Path) -> None:
    _host, seat = table_at(kit, tmp_path, ("human", "computer"), kit.human_can_play)
    client = seat.client
    assert client.why_not("draw") == "You have a play: you cannot draw."
    assert client.why_not("pass") == "You have a play: you cannot pass."
    assert client.why_not("keep") == prompts.nothing_drawn()
    assert client.draw() is None and client.feedback == "You have a play: you cannot draw."
    _host, drawing = table_at(kit, tmp_path / "2", ("human", "computer"), must_draw)
    assert drawing.client.why_not("pass") == "Draw first (d): the boneyard still has tiles."
    assert drawing.client.why_not("play") == "No tile of yours fits: draw (d)."
    assert drawing.client.can("draw") and not drawing.client.can("pass")


def test_a_draw_marks_the_tile_new_and_selects_it_when_it_fits(
    kit: type[Kit], tmp_path: Path
) -> None:
    host, seat = table_at(kit, tmp_path, ("human", "computer"), must_draw)
    client = seat.client
    drawn = host.session.state.boneyard[0]
    seat.send(client.draw())
    host.pump()
    seat.take_in()  # the draw's update only: the computer has not moved yet
    assert drawn in client.fresh_tiles[0]
    hand = client.shown().hand
    assert drawn in hand.tiles and hand.tiles.index(drawn) in hand.fresh
    view = client.seat_view
    assert view is not None
    if view.drawn is not None:
        assert client.selection.tile == drawn
        assert client.why_not("draw") == f"You already drew {drawn}: play it or keep it (k)."
    assert client.log[-1].startswith(f"You draw {drawn}") or client.log[-1].startswith(
        f"Ana draws {drawn}"
    )


def drawn_tile_fits_several_ends(state: GameState) -> bool:
    """Seat 0 must draw, and the tile it draws fits more than one open end."""
    if state.turn != 0 or Draw(seat=0) not in legal_actions(state):
        return False
    after, _events = apply(state, Draw(seat=0))
    tiles = [play.tile for play in plays(after)] if after.turn == 0 else []
    return len(tiles) > 1 and len(set(tiles)) == 1


def test_a_drawn_tile_that_fits_several_ends_asks_for_an_end_before_the_play_key(
    kit: type[Kit], tmp_path: Path
) -> None:
    """After drawing a tile that fits several ends the status line asks for an end (the play
    key alone would only say the tile fits several), and once one is chosen, for the play."""
    host, seat = table_at(kit, tmp_path, ("human", "computer"), drawn_tile_fits_several_ends)
    client = seat.client
    drawn = host.session.state.boneyard[0]
    seat.send(client.draw())
    host.pump()
    seat.take_in()
    ends = [client.labels()[end] for end in client.playable()[client.selected or 0]]
    assert client.selection.tile == drawn and client.chosen is None and len(ends) > 1
    status = client.shown().status.text
    assert status == prompts.drew_playable("Ana", drawn, True, ends=ends)
    assert f"fits {len(ends)} ends ({', '.join(ends)}) · choose one (↑/↓" in status
    assert client.play() is None and "choose one" in client.feedback
    client.step_end(1)
    assert client.shown().status.text == prompts.drew_playable("Ana", drawn, True)
    assert isinstance(client.play(), Act)


def test_computer_turns_and_the_pass_and_play_hand_off(kit: type[Kit], tmp_path: Path) -> None:
    host, seat = table_at(kit, tmp_path, ("human", "computer", "human"), lambda state: True)
    client = seat.client
    turn = host.session.state.turn
    assert host.session.is_human(turn)  # the computer moved at once: a person is on turn
    assert prompt_of(seat) == PassKeyboard(seat=turn)
    assert client.seat_view is None and client.shown().hand.hidden
    assert client.shown().hand.tiles == ()
    assert client.why_not("play").startswith("Waiting for")
    step(host, seat, client.show_hand())
    assert prompt_of(seat) == YourTurn(seat=turn, hint=True)
    assert client.seat_view is not None and client.seat_view.seat == turn
    assert not client.shown().hand.hidden


def bea_plays_and_keeps_tiles(state: GameState) -> bool:
    """Seat 1 on turn has a play and more than one tile (so the turn passes to seat 0)."""
    return state.turn == 1 and bool(plays(state)) and len(state.hands[1]) > 1


def test_the_next_person_must_take_the_keyboard_before_a_hand_shows(
    kit: type[Kit], tmp_path: Path
) -> None:
    host, seat = table_at(kit, tmp_path, ("human", "human"), bea_plays_and_keeps_tiles)
    client = seat.client
    assert prompt_of(seat) == PassKeyboard(seat=1)
    hand = client.shown().hand
    assert hand.hidden and hand.title == "Hands hidden" and hand.banner.startswith("Pass to Bea")
    assert hand.backs == len(host.session.state.hands[1]) and hand.tiles == ()
    assert not client.key_works("play") and client.key_works("show_hand")
    step(host, seat, client.show_hand())
    assert prompt_of(seat) == YourTurn(seat=1, hint=True)
    assert client.shown().hand.title.startswith("Bea's hand · ")
    step(host, seat, Act(action=plays(host.session.state)[0]))
    assert prompt_of(seat) == PassKeyboard(seat=0)
    assert client.shown().hand.hidden
    assert client.log_viewer == -1


def test_a_spectator_sees_no_hand_and_has_no_keys_of_a_turn(kit: type[Kit], tmp_path: Path) -> None:
    host, _seat = table_at(kit, tmp_path, ("human", "computer"), kit.human_can_play)
    watcher = sit(host)
    client = watcher.client
    assert client.seats == () and client.seat_view is None
    assert client.shown().hand.hidden and client.shown().hand.tiles == ()
    assert isinstance(client.prompt, Waiting)
    assert not client.key_works("play") and not client.key_works("hint")


def test_play_is_offered_off_turn_only_where_the_turn_comes_back_in_moments(
    kit: type[Kit], tmp_path: Path
) -> None:
    record = kit.find_record(
        kit.short_rules(2), kit.seats("human", "human"), lambda state: state.turn == 1
    )
    ana = sit(host_of(record), [0]).client  # Bea plays elsewhere
    assert isinstance(ana.prompt, Waiting) and not ana.on_turn
    actions = ("play", "select_tile", "draw")
    assert keys_working(ana, actions) == {"play", "select_tile"}, "listed, as at a table here"
    ana.play_off_turn = False  # an online table's seat
    assert keys_working(ana, actions) == {"select_tile"}, "Play on this seat's turn only"
    assert seat_name(ana.names, 1) in ana.why_not("play"), "Enter says whose turn it is"


def test_round_and_game_results_come_before_anything_else(kit: type[Kit], tmp_path: Path) -> None:
    record = kit.find_record(
        kit.short_rules(2, rounds=2), kit.seats("computer", "computer"), lambda state: True
    )
    host = host_of(record)
    watcher = sit(host)
    seen: list[str] = []
    for _ in range(10):
        settle(host, watcher)
        prompt = watcher.client.prompt
        seen.append(type(prompt).__name__)
        if isinstance(prompt, GameEnded):
            break
        assert isinstance(prompt, RoundEnded)
        watcher.send(watcher.client.proceed())
    assert seen == ["RoundEnded", "RoundEnded", "GameEnded"]
    assert watcher.client.shown().status.text == prompts.GAME_OVER


def foot_opens_next(state: GameState) -> bool:
    """Seat 0 on turn can open a chicken foot without ending the round."""
    return state.turn == 0 and any(
        play.tile.is_double and len(state.hands[0]) > 1
        for play in plays(state)
        if not state.board.arms_phase and state.board.foot is None
    )


def test_a_chicken_foot_is_news(kit: type[Kit], tmp_path: Path) -> None:
    host, seat = table_at(kit, tmp_path, ("human", "computer"), foot_opens_next)
    double = next(play for play in plays(host.session.state) if play.tile.is_double)
    seat.send(Act(action=double))
    host.pump()  # the computer moves at once too: look at the first update alone
    first, *_later = seat.link.drain()
    seat.client.receive(first)
    assert "three" in seat.client.feedback and "must follow" in seat.client.feedback


def test_the_pause_between_computer_moves_stays_in_bounds(kit: type[Kit], tmp_path: Path) -> None:
    host, seat = table_at(kit, tmp_path, ("human", "computer"), kit.human_can_play)
    client = seat.client
    for _ in range(30):
        seat.send(client.change_speed(-1))
    settle(host, seat)
    assert host.pause == 3.0
    seat.send(client.change_speed(1))
    assert client.feedback == "Computer players now pause 2.8 s."
    settle(host, seat)
    assert host.pause == 2.8


def test_the_selection_follows_its_tile_through_re_sorting(kit: type[Kit], tmp_path: Path) -> None:
    host, seat = table_at(kit, tmp_path, ("human", "computer"), kit.human_can_play)
    client = seat.client
    tile = client.hand()[-1]
    client.select(len(client.hand()) - 1)
    assert client.selection.tile == tile
    assert client.hand() == sorted_hand(host.session.state.hands[0])


@pytest.mark.parametrize("key", ["draw", "pass", "keep", "choose", "play"])
def test_every_refusal_is_plain_words(kit: type[Kit], tmp_path: Path, key: str) -> None:
    _host, seat = table_at(kit, tmp_path, ("human", "computer"), lambda state: state.turn == 0)
    text = seat.client.why_not(key)
    assert text and text[0].isupper() and text.endswith(".")
    assert "_" not in text  # never a reason code or a Python name


def test_digits_past_nine_choose_tiles_ten_and_up(kit: type[Kit], tmp_path: Path) -> None:
    _host, seat = table_at(kit, tmp_path, ("human", "computer"), kit.human_can_play, 12)
    client = seat.client
    assert len(client.hand()) >= 10
    client.type_digit("1")
    assert client.selected == 0
    client.type_digit("0")
    assert client.selected == 9
    client.type_digit("2")
    assert client.selected == 1
    client.type_digit("9")
    assert client.selected == 8
    client.step_tile(1)
    client.type_digit("1")
    assert client.selected == 0


def a_dead_draw_comes(state: GameState) -> bool:
    """Seat 0 must draw, and the tile it draws fits nowhere."""
    if state.turn != 0 or Draw(seat=0) not in legal_actions(state):
        return False
    after, _events = apply(state, Draw(seat=0))
    return after.turn != 0


def test_a_dead_draw_is_shown_to_its_drawer_before_the_hand_off(
    kit: type[Kit], tmp_path: Path
) -> None:
    host, seat = table_at(kit, tmp_path, ("human", "human"), a_dead_draw_comes)
    client = seat.client
    step(host, seat, client.show_hand())
    drawn = host.session.state.boneyard[0]
    step(host, seat, client.draw())
    assert prompt_of(seat) == DeadDraw(seat=0, tile=drawn)
    hand = client.shown().hand
    assert not hand.hidden and drawn in hand.tiles
    assert f"draws {drawn}: it fits nowhere" in client.shown().status.text
    assert client.key_works("seen_draw") and not client.key_works("play")
    assert "draws a tile" in client.log[-1]  # the log names no drawn tile at a shared keyboard
    step(host, seat, client.proceed())
    assert prompt_of(seat) == PassKeyboard(seat=1)
    assert client.shown().hand.hidden


def last_tile(state: GameState) -> bool:
    """Ana is on turn in the first round with one tile left, and it fits."""
    return (
        state.round_index == 0
        and state.turn == 0
        and len(state.hands[0]) == 1
        and bool(plays(state))
    )


def test_round_over_shows_the_round_that_ended_until_the_player_goes_on(
    kit: type[Kit], tmp_path: Path
) -> None:
    rules = kit.short_rules(2, rounds=2)
    record = kit.find_record(rules, kit.seats("human", "computer"), last_tile)
    host = host_of(record)
    seat = sit(host, (0,))
    client = seat.client
    ended_round = host.session.state.round_number
    play = plays(host.session.state)[0]
    step(host, seat, Act(action=play))
    prompt = client.prompt
    assert isinstance(prompt, RoundEnded)
    assert prompt.ending is not None and prompt.ending.kind == "went_out"
    shown = client.shown()
    assert shown.board.board.played[-1].tile == play.tile
    assert set(shown.board.labels) == {end for end, _value in shown.board.board.open_ends}
    assert "?" not in shown.board.labels.values()  # the keys of the table shown, all of them
    assert shown.topbar[0] == f"Round {ended_round} of 2"
    assert shown.seats.counts == tuple(len(hand) for hand in prompt.result.hands)
    assert shown.hand.tiles == ()  # Ana went out: her hand of the round that ended
    assert client.log[-1].startswith(f"Round {ended_round} scores")
    step(host, seat, client.proceed())
    assert client.shown().topbar[0] == f"Round {ended_round + 1} of 2"
    assert any(line.startswith(f"Round {ended_round + 1} (") for line in client.log[-3:])


def test_a_client_refuses_a_view_of_a_seat_it_does_not_play(kit: type[Kit], tmp_path: Path) -> None:
    host, _seat = table_at(kit, tmp_path, ("human", "computer"), kit.human_can_play)
    state = host.session.state
    welcome = Welcome(table=host.table, seats=(), view=state.view(0), prompt=Waiting(seat=0))
    with pytest.raises(PrivacyError, match="seat 0's view"):
        SeatClient().receive(welcome)
    with pytest.raises(PrivacyError, match="spectator"):
        SpectatorClient().receive(welcome.model_copy(update={"seats": (0,)}))


def test_a_person_at_another_screen_is_waited_for_by_name(kit: type[Kit]) -> None:
    record = kit.find_record(kit.short_rules(2), kit.seats("human", "human"), lambda state: True)
    host = host_of(record)
    seats = [sit(host, [0]), sit(host, [1])]
    settle(host, *seats)
    turn = host.session.state.turn
    waiting = seats[1 - turn].client.shown().status
    assert waiting.text == f"Waiting for {record.seats[turn].name} to play"
    assert seats[turn].client.on_turn


def test_a_long_key_s_prompt_goes_once_the_key_is_complete(
    kit: type[Kit], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _host, seat = table_at(kit, tmp_path, ("human", "computer"), kit.human_can_play)
    client = seat.client
    target = client.playable()[min(client.playable())][0]
    monkeypatch.setattr(client, "labels", lambda: {target: "zb"})
    client.type_letter("z")
    assert client.feedback == prompts.key_so_far("z")
    client.type_letter("b")
    assert client.chosen == target
    assert client.feedback == ""


def test_take_back_says_why_it_does_nothing(kit: type[Kit], tmp_path: Path) -> None:
    _host, shared = table_at(kit, tmp_path, ("human", "human"), kit.human_can_play)
    assert not shared.client.key_works("take_back")
    assert shared.client.why_not("take_back") == prompts.no_take_back(shared=True)
    assert "share the keyboard" in shared.client.why_not("take_back")
    _host, alone = table_at(kit, tmp_path / "alone", ("human", "computer"), kit.human_can_play)
    assert alone.client.why_not("take_back") == prompts.no_take_back(shared=False)


def test_a_hint_about_a_number_counts_it_from_the_seat_s_own_view(
    kit: type[Kit], tmp_path: Path
) -> None:
    host, seat = table_at(kit, tmp_path, ("human", "computer"), kit.human_can_play)
    client = seat.client
    view = client.seat_view
    assert view is not None
    play = next(action for action in client.legal() if isinstance(action, Play))
    number = play.tile.high
    hint = HintInfo(action=play, reason="keeps_numbers_playable", number=number, count=3)
    at = len(host.session.record.actions)
    client.receive(HintGiven(hint=hint, assist=Assist(kind="hint", seat=view.seat, at=at)))
    counted = out_and_unseen(count_tiles(view)[number])
    assert client.feedback.endswith(f"keeps three {number}s playable ({counted})")
    assert client.selection.tile == play.tile and client.chosen == play.target


def test_a_person_who_went_on_from_a_round_s_result_is_told_the_table_waits_for_the_others(
    kit: type[Kit],
) -> None:
    rules = kit.short_rules(2, rounds=2)
    record = kit.find_record(rules, kit.seats("human", "human"), last_tile)
    host = host_of(record)
    ana, bea = sit(host, [0]), sit(host, [1])
    settle(host, ana, bea)
    ended = host.session.state.round_number
    step(host, ana, Act(action=plays(host.session.state)[0]))
    settle(host, ana, bea)
    result = f"Round {ended} is over · Enter deals the next round"
    assert ana.client.shown().status.text == bea.client.shown().status.text == result
    step(host, ana, ana.client.proceed())
    settle(host, ana, bea)
    assert isinstance(ana.client.prompt, RoundEnded), "the table waits for Bea"
    waiting = f"Round {ended} is over · waiting for the others to see its result"
    assert ana.client.shown().status.text == waiting
    assert bea.client.shown().status.text == result
    step(host, bea, bea.client.proceed())
    settle(host, ana, bea)
    assert not isinstance(ana.client.prompt, RoundEnded)
    assert ana.client.shown().topbar[0] == f"Round {ended + 1} of 2"


def test_the_sentences_of_a_turn_and_a_result_name_the_keys_the_screen_gives(
    kit: type[Kit], tmp_path: Path
) -> None:
    keys = prompts.TurnKeys(go_on="n", tiles="a/f", ends="w/x", show_hand="v")
    host, seat = table_at(kit, tmp_path, ("human", "computer"), several_ends)
    client = seat.client
    client.keys = keys
    client.selection.tile = None
    assert client.why_not("choose") == "Choose a tile first (a/f or its number)."
    assert client.shown().status.text.endswith(": choose a tile (a/f or its number)")
    tiles = [play.tile for play in plays(host.session.state)]
    tile = next(tile for tile in tiles if tiles.count(tile) > 1)
    client.select(client.hand().index(tile))
    assert client.shown().status.text.endswith("· choose one (w/x or its key)")
    assert client.play() is None
    assert client.feedback.endswith(": choose one with w/x or its letter.")
    assert prompts.no_count(keys) == (
        "Counting tiles needs a person's hand on screen (at a hand-off, v shows it)."
    )
    assert (
        prompts.round_over(2, last=False, keys=keys) == "Round 2 is over · n deals the next round"
    )


def test_what_follows_from_a_view_is_worked_out_once_and_anew_for_the_next(
    kit: type[Kit], tmp_path: Path
) -> None:
    host, seat = table_at(kit, tmp_path, ("human", "computer"), kit.human_can_play)
    client = seat.client
    view = client.seat_view
    assert view is not None
    facts = client.facts
    assert (facts.view, facts.prompt) == (client.view, client.prompt)
    assert client.legal() == legal_in_view(view)
    assert client.playable() is client.playable() and client.labels() is client.labels()
    step(host, seat, client.play())
    assert client.facts is not facts
    assert (client.facts.view, client.facts.prompt) == (client.view, client.prompt)


def test_the_public_view_has_ends_keys_but_no_hand_and_nothing_to_do(
    kit: type[Kit], tmp_path: Path
) -> None:
    host, _seat = table_at(kit, tmp_path, ("human", "computer"), kit.human_can_play)
    facts = sit(host).client.facts
    assert facts.seat_view is None and not facts.on_turn
    assert facts.hand == () and facts.legal == () and facts.playable == {}
    assert not any(facts.can(kind) for kind in ("draw", "pass", "keep"))
    assert facts.view is not None and facts.labels == end_keys(facts.view.board)


def test_a_typed_character_chooses_a_tile_or_an_end_and_nothing_else(
    kit: type[Kit], tmp_path: Path
) -> None:
    _host, seat = table_at(kit, tmp_path, ("human", "computer"), kit.human_can_play)
    client = seat.client
    client.tell("news")
    assert not client.type_key("!") and client.feedback == "news", "not a key of the table"
    assert client.type_key("2") and client.selected == 1
    assert client.type_key("9") and "tiles" in client.feedback, "past the hand: said why"
    letter = next(iter(client.labels().values()))[0]
    assert client.type_key(letter), "an end's key is the table's"
