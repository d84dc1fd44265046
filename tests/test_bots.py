"""Computer players: legal choices only, greedy's choices in exact situations, no peeking."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chickenfoot.bots import (
    BOT_LEVELS,
    BlindStrategy,
    GreedyBot,
    RandomBot,
    Strategy,
    Tally,
    make_bot,
    play_game,
    seat_seed,
)
from chickenfoot.bots.greedy import ends_after, playable_after
from chickenfoot.rules import (
    Draw,
    GameState,
    Pass,
    Play,
    RuleSet,
    SeatView,
    Tile,
    apply,
    core,
    draw,
    full_set,
    legal_actions,
    new_game,
    parse_tile,
    play,
    preset,
    rank,
    shuffled_decks,
    tile_points,
)

Action = Play | Draw | Pass


def tiles(text: str) -> list[Tile]:
    """``"9|1 1|8"`` -> [Tile(1, 9), Tile(1, 8)]."""
    return [parse_tile(part) for part in text.split()]


def exact_deck(rules: RuleSet, hands: Sequence[str], boneyard_top: str = "") -> tuple[Tile, ...]:
    """A deck dealing each seat the tiles listed (filled up from the rest of the set) and
    putting ``boneyard_top`` first in the boneyard."""
    wanted = [tiles(hand) for hand in hands] + [tiles(boneyard_top)]
    named = [tile for group in wanted for tile in group]
    assert len(named) == len(set(named)), "a tile is named twice"
    spare = [tile for tile in full_set(rules.set_size) if tile not in set(named)]
    deck: list[Tile] = []
    for hand in wanted[:-1]:
        fill = rules.tiles_per_hand - len(hand)
        deck += hand + spare[:fill]
        spare = spare[fill:]
    return tuple(deck + wanted[-1] + spare)


def after_arms(hand_of_seat_1: str, boneyard_top: str = "", **overrides: object) -> GameState:
    """A one-round cross game after the four arms are down, seat 1 to play.

    Seat 0 holds 9|9 and places it; seats 1, 2, 3, 0 start arms A-D with 9|1, 9|2, 9|3, 9|0,
    so the open ends are A: 1, B: 2, C: 3, D: 0. ``hand_of_seat_1`` lists its other 6 tiles.
    """
    rules = preset("cross", rounds=1, **overrides)  # type: ignore[arg-type]
    hands = ["9|9 9|0", f"9|1 {hand_of_seat_1}", "9|2", "9|3"]
    state, _events = new_game(rules, (exact_deck(rules, hands, boneyard_top),))
    for seat, tile, arm in ((1, "9|1", "A"), (2, "9|2", "B"), (3, "9|3", "C"), (0, "9|0", "D")):
        state, _events = apply(state, play(seat, parse_tile(tile), arm))
    assert state.turn == 1
    assert [(end.target, end.value) for end in state.board.open_ends] == [
        ("A", 1),
        ("B", 2),
        ("C", 3),
        ("D", 0),
    ]
    return state


def greedy_choice(state: GameState, seed: int = 0) -> Action:
    """What a greedy player in the seat on turn does in ``state``."""
    return GreedyBot(seed).choose(state.view(state.turn), legal_actions(state))


# ----- registry ---------------------------------------------------------------------------------


def test_every_level_has_a_description_and_builds_a_strategy() -> None:
    assert list(BOT_LEVELS) == ["random", "greedy"]
    for level, description in BOT_LEVELS.items():
        assert description.strip()
        bot = make_bot(level, seed=1)
        assert isinstance(bot, Strategy)
        assert bot.level == level  # type: ignore[attr-defined]


def test_unknown_level_names_the_known_ones() -> None:
    expected = r"unknown computer player level 'expert': choose one of random, greedy"
    with pytest.raises(ValueError, match=expected):
        make_bot("expert", seed=1)


@pytest.mark.parametrize("level", list(BOT_LEVELS))
def test_the_same_seed_plays_the_same_game(level: str) -> None:
    rules = preset("cross", rounds=2)
    decks = shuffled_decks(rules, random.Random(5))
    games = [
        play_game(rules, [make_bot(level, seed=seat) for seat in range(4)], decks) for _ in range(2)
    ]
    assert games[0].actions == games[1].actions


def test_seat_seeds_differ_by_seat_and_game() -> None:
    seeds = {seat_seed(game, seat) for game in (1, 2, 3) for seat in range(8)}
    assert len(seeds) == 24


# ----- only legal actions -------------------------------------------------------------------------


class Checked:
    """Wraps a strategy, asserting it is handed its own seat's view and answers legally."""

    def __init__(self, inner: Strategy, seat: int) -> None:
        self.inner = inner
        self.seat = seat
        self.decisions = 0

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        assert type(view) is SeatView
        assert view.seat == self.seat == view.turn
        assert all(action.seat == self.seat for action in legal)
        action = self.inner.choose(view, legal)
        assert action in legal
        self.decisions += 1
        return action


@settings(max_examples=25, deadline=None)
@given(
    level=st.sampled_from(sorted(BOT_LEVELS)),
    preset_name=st.sampled_from(["cross", "trains"]),
    players=st.integers(2, 6),
    seed=st.integers(0, 2**32),
)
def test_bots_only_choose_legal_actions(
    level: str, preset_name: str, players: int, seed: int
) -> None:
    rules = preset(preset_name, players=players, rounds=2)  # type: ignore[arg-type]
    strategies = [Checked(make_bot(level, seed + seat), seat) for seat in range(players)]
    result = play_game(rules, strategies, shuffled_decks(rules, random.Random(seed)))
    assert result.state.over
    assert sum(strategy.decisions for strategy in strategies) > 0


@pytest.mark.parametrize("level", list(BOT_LEVELS))
def test_bots_answer_every_position_of_a_game_legally(level: str) -> None:
    """Asked at every position, forced ones included (play_game skips those)."""
    state, _events = new_game(preset("trains", players=3, rounds=2), seed=3)
    bots = [make_bot(level, seat) for seat in range(3)]
    while not state.over:
        legal = legal_actions(state)
        action = bots[state.turn].choose(state.view(state.turn), legal)
        assert action in legal
        state, _events = apply(state, action)


# ----- greedy in exact situations -----------------------------------------------------------------


def test_greedy_plays_its_heaviest_playable_tile() -> None:
    # 7|8 (15) and 5|7 (12) are heavier but fit no end; 1|8 (9) beats 2|6 (8) and 3|4 (7).
    state = after_arms("1|8 2|6 3|4 7|8 5|7 6|6")
    assert greedy_choice(state) == play(1, Tile(1, 8), "A")


@pytest.mark.parametrize("seed", range(5))
def test_greedy_breaks_a_weight_tie_by_keeping_its_hand_playable(seed: int) -> None:
    # 1|5 and 2|4 weigh 6 each. After 2|4 on B the ends are 1, 4, 3, 0: 1|5 and 4|7 still fit.
    # After 1|5 on A they are 5, 2, 3, 0: only 2|4 fits.
    state = after_arms("1|5 2|4 4|7 6|8 6|7 7|8")
    view = state.view(1)
    assert playable_after(view.board, view.hand, play(1, Tile(2, 4), "B")) == 2
    assert playable_after(view.board, view.hand, play(1, Tile(1, 5), "A")) == 1
    assert greedy_choice(state, seed) == play(1, Tile(2, 4), "B")


def test_greedy_sheds_a_double_blank_that_scores_fifty() -> None:
    state = after_arms("0|0 1|8 7|8 5|7 6|6 6|7")
    assert greedy_choice(state) == play(1, Tile(0, 0), "D")


def test_greedy_weighs_a_double_blank_by_its_pips_when_it_scores_nothing() -> None:
    state = after_arms("0|0 1|8 7|8 5|7 6|6 6|7", double_blank_points=0)
    assert greedy_choice(state) == play(1, Tile(1, 8), "A")


def test_greedy_plays_a_playable_drawn_tile_rather_than_keep_it() -> None:
    state = after_arms("4|5 4|6 5|6 6|7 7|8 8|8", boneyard_top="1|4")
    state, _events = apply(state, draw(1))
    assert state.drawn == Tile(1, 4)
    legal = legal_actions(state)
    assert Pass(seat=1) in legal
    assert greedy_choice(state) == play(1, Tile(1, 4), "A")


def test_greedy_draws_when_it_has_no_play() -> None:
    state = after_arms("4|5 4|6 5|6 6|7 7|8 8|8")
    assert legal_actions(state) == (draw(1),)
    assert greedy_choice(state) == draw(1)


def test_greedy_plays_the_toe_of_an_open_foot() -> None:
    # Seat 1 closes A with 1|1: a chicken foot. Seat 2's heaviest tile 2|8 fits B, but the
    # foot must get its toes first, so greedy plays its 1 (1|7) on the first toe.
    rules = preset("cross", rounds=1)
    hands = ["9|9 9|0", "9|1 1|1", "9|2 1|7 2|8", "9|3"]
    state, _events = new_game(rules, (exact_deck(rules, hands),))
    for seat, tile, arm in ((1, "9|1", "A"), (2, "9|2", "B"), (3, "9|3", "C"), (0, "9|0", "D")):
        state, _events = apply(state, play(seat, parse_tile(tile), arm))
    state, _events = apply(state, play(1, Tile(1, 1), "A"))
    assert state.turn == 2 and state.board.foot == "A"
    assert greedy_choice(state) == play(2, Tile(1, 7), "A.1")


def test_ends_after_a_play_in_the_arms_phase_keeps_the_centre_open() -> None:
    rules = preset("cross", rounds=1)
    state, _events = new_game(rules, (exact_deck(rules, ["9|9", "9|1 9|5"]),))
    assert ends_after(state.board, play(1, Tile(1, 9), "A")) == {1, 9}


def test_tile_points_counts_the_double_blank_as_set() -> None:
    assert tile_points(Tile(0, 0), 50) == 50
    assert tile_points(Tile(0, 0), 0) == 0
    assert tile_points(Tile(3, 5), 50) == 8


# ----- hidden information -------------------------------------------------------------------------


def scrambled(state: GameState, rng: random.Random) -> GameState:
    """``state`` with everything the seat on turn cannot see shuffled: the other hands
    (tiles swapped between them, counts kept), the boneyard order and the later rounds' decks."""
    seat = state.turn
    others = [other for other in range(state.players) if other != seat]
    hidden = [tile for other in others for tile in state.hands[other]] + list(state.boneyard)
    rng.shuffle(hidden)
    hands = list(state.hands)
    for other in others:
        count = len(hands[other])
        hands[other], hidden = tuple(hidden[:count]), hidden[count:]
    later = shuffled_decks(state.rules, rng)[state.round_index + 1 :]
    decks = state.decks[: state.round_index + 1] + later
    changes = {"hands": tuple(hands), "boneyard": tuple(hidden), "decks": decks}
    return state.model_copy(update=changes)


def test_a_seat_view_holds_no_hidden_information() -> None:
    assert {"hands", "boneyard", "decks"}.isdisjoint(SeatView.model_fields)


@pytest.mark.parametrize("level", list(BOT_LEVELS))
def test_bots_choose_the_same_whatever_the_hidden_tiles(level: str) -> None:
    rng = random.Random(11)
    state, _events = new_game(preset("cross", rounds=3), seed=11)
    bot, twin = make_bot(level, seed=4), make_bot(level, seed=4)
    positions = 0
    while not state.over:
        legal = legal_actions(state)
        other = scrambled(state, rng)
        assert other.hands[state.turn] == state.hands[state.turn]
        assert other.view(state.turn) == state.view(state.turn)
        action = bot.choose(state.view(state.turn), legal)
        assert twin.choose(other.view(other.turn), legal_actions(other)) == action
        state, _events = apply(state, action)
        positions += 1
    assert positions > 100


# ----- whole games and tallies -------------------------------------------------------------------


def test_play_game_reports_the_engines_winners_and_every_action() -> None:
    rules = preset("trains", players=3, rounds=3)
    decks = shuffled_decks(rules, random.Random(8))
    result = play_game(rules, [RandomBot(1), GreedyBot(2), GreedyBot(3)], decks)
    _ranking, winners, _decided_by = rank(rules, result.state.round_scores)
    assert result.winners == winners
    state, _events = new_game(rules, decks)
    for action in result.actions:
        state, _events = apply(state, action)
    assert state == result.state


def test_play_game_needs_one_strategy_per_seat() -> None:
    rules = preset("cross")
    with pytest.raises(ValueError, match="3 strategies for 4 seats"):
        play_game(rules, [RandomBot(1)] * 3, shuffled_decks(rules, random.Random(1)))


def test_tally_counts_sole_and_shared_wins() -> None:
    rules = preset("cross", players=2, rounds=1)
    state, _events = new_game(rules, seed=1)
    base = play_game(rules, [RandomBot(1), RandomBot(2)], state.decks)
    tally = Tally(players=2)
    tally.add(base)
    tally.add(type(base)(state=base.state, moves=base.moves[:3], winners=(0, 1)))
    sole = base.winners[0]
    assert tally.games == 2
    assert tally.outright_wins[sole] == 1 and sum(tally.outright_wins) == 1
    assert tally.shared_wins == [1, 1]
    assert tally.win_shares[sole] == 1.5 and sum(tally.win_shares) == 2
    assert tally.mean_actions == (len(base.actions) + 3) / 2
    assert tally.mean_scores == tuple(float(total) for total in base.state.totals)


def test_the_random_player_picks_the_same_blind_as_from_its_view() -> None:
    state, _events = new_game(preset("cross", players=3), seed=4)
    while len(legal_actions(state)) < 3:
        state, _events = apply(state, legal_actions(state)[0])
    legal = legal_actions(state)
    seen, blind = RandomBot(11), RandomBot(11)
    assert isinstance(blind, BlindStrategy)
    picks = [seen.choose(state.view(state.turn), legal) for _ in range(50)]
    moves = tuple(map(core.to_move, legal))
    assert [core.to_action(blind.choose_blind(moves)) for _ in range(50)] == picks
    assert len(set(picks)) > 1
