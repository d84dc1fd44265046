"""Properties of random games (Hypothesis) on both presets, every seat count and set size.

Each example plays one whole game with random choices and checks, after every action: every
tile of the set is exactly once in the hands, on the board or in the boneyard; the legal
actions are never empty before the end and every one of them applies; the board's open ends
match a board rebuilt from scratch (and a state rebuilt from its fields has the engine's own
position); the reserve is never drawn. At random moments it tries
random actions (wrong seat, a tile not in hand, a wrong target, drawing or passing with a
play): an action is accepted exactly when ``legal_actions`` lists it, and a refused one
raises an ``IllegalAction`` and leaves the state unchanged. Seat views never show another
seat's tiles. Every game ends within a bound, and the totals are the sums of the rounds.

The run size is a Hypothesis profile: ``rules`` by default (a few thousand games, well under a
minute), ``rules-long`` for a soak; choose with ``CHICKENFOOT_RULES_PROFILE=rules-long``.
"""

from __future__ import annotations

import os
import random
import re
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chickenfoot.rules import (
    PRESETS,
    SET_SIZES,
    Board,
    Draw,
    Event,
    GameState,
    IllegalAction,
    Pass,
    Play,
    RoundScored,
    RuleSet,
    Tile,
    apply,
    build_rules,
    core,
    draw,
    full_set,
    legal_actions,
    legal_in_view,
    new_game,
    pass_turn,
    play,
    refusal,
    refusal_in_view,
    round_end,
    visible_to,
)
from chickenfoot.rules.ruleset import PRESET_FIELDS

settings.register_profile(
    "rules", max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "rules-long", max_examples=10_000, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
PROFILE = settings.get_profile(os.environ.get("CHICKENFOOT_RULES_PROFILE", "rules"))

ROUNDS_BY_SET = {6: None, 9: 4, 12: 2, 15: 1, 18: 1}
"""Rounds per game by set size: whole games on double-6, shorter ones on big sets (speed)."""


def playable(fields: dict[str, object]) -> RuleSet:
    """``fields`` as rules, with the hand (and arm count) cut down to what the set allows."""
    candidate = RuleSet.model_construct(**{**RuleSet().model_dump(), **fields})
    problems = {problem.field: problem for problem in candidate.problems()}
    if "arms" in problems:
        fields = {**fields, "arms": candidate.set_size}
    if "hand_size" in problems:
        candidate = RuleSet.model_construct(**{**candidate.model_dump(), **fields})
        set_aside = candidate.reserve_count + (1 if candidate.round_start == "search" else 0)
        fields = {**fields, "hand_size": (candidate.tile_count - set_aside) // candidate.players}
    return build_rules(fields)


BASE_RULES = tuple(
    playable(
        {
            **PRESET_FIELDS[name],
            "preset": name,
            "set_size": size,
            "players": players,
            "rounds": ROUNDS_BY_SET[size],
        }
    )
    for name in PRESETS
    for size in SET_SIZES
    for players in range(2, 9)
)
"""Every preset x set size x seat count, made playable (70 rule sets)."""


@st.composite
def rule_sets(draw_from: st.DrawFn) -> RuleSet:
    """A base rule set, sometimes with house-rule options changed."""
    rules = draw_from(st.sampled_from(BASE_RULES))
    changes: dict[str, object] = {}
    if draw_from(st.booleans()):
        changes["draw"] = draw_from(st.sampled_from(["one", "until_playable"]))
        changes["drawn_tile"] = draw_from(st.sampled_from(["may_play", "must_play"]))
        changes["double_blank_points"] = draw_from(st.sampled_from([0, 50]))
        changes["tie_break"] = draw_from(st.sampled_from(["zero_rounds", "shared"]))
        changes["arms"] = draw_from(st.sampled_from([None, 2, 4, 6, 8]))
        changes["reserve"] = draw_from(st.sampled_from([None, 0, 1, 2, 3]))
        changes["round_start"] = draw_from(st.sampled_from(["holder", "search"]))
    return playable({**rules.model_dump(), **changes})


def board_tiles(board: Board) -> list[Tile]:
    """Every tile on the board, the centre double included."""
    centre = Tile(board.centre, board.centre)
    return [centre] + [tile for line in board.lines for tile in line.tiles]


def check_tiles_once(state: GameState) -> None:
    """Every tile of the set is exactly once in the hands, on the board or in the boneyard."""
    every = [tile for hand in state.hands for tile in hand] + board_tiles(state.board)
    every += state.boneyard
    counts = Counter(every)
    assert len(every) == len(counts) == state.rules.tile_count, counts.most_common(2)
    assert set(counts) == set(full_set(state.rules.set_size))


def check_board(state: GameState) -> None:
    """The ends the engine worked out equal those of the board rebuilt from its fields."""
    board = state.board
    rebuilt = Board.model_construct(
        centre=board.centre,
        arms_required=board.arms_required,
        played=board.played,
        foot=board.foot,
        toes=board.toes,
    )
    assert board.open_ends == rebuilt.open_ends
    assert board.free_ends == rebuilt.free_ends
    for line in board.lines:
        inner = line.attach
        for tile_inner, tile_outer in line.oriented():
            assert tile_inner == inner
            inner = tile_outer
        assert inner == line.end


def check_rebuilt_position(state: GameState) -> None:
    """A state rebuilt from its fields alone works out the position the engine built it with."""
    rebuilt = GameState.model_validate(state.model_dump())
    assert "_position" not in rebuilt.__dict__
    assert core.from_state(rebuilt) == core.from_state(state)


TILE_TEXT = re.compile(r"\b\d{1,2}\|\d{1,2}\b")


def check_views(state: GameState, events: tuple[Event, ...]) -> None:
    """No seat's view or visible events show a tile of another seat's hand or the boneyard."""
    on_board = {str(tile) for tile in board_tiles(state.board)}
    for seat in range(state.players):
        view = state.view(seat)
        assert view.hand == state.hands[seat]
        assert view.hand_counts == tuple(len(hand) for hand in state.hands)
        assert view.boneyard_count == len(state.boneyard)
        shown = set(TILE_TEXT.findall(view.model_dump_json()))
        assert shown <= on_board | {str(tile) for tile in state.hands[seat]}
        for event in visible_to(events, seat):
            if event.kind == "tile_drawn" and event.seat != seat:
                assert event.tile is None
    public = state.public_view()
    assert public == state.view(state.turn).public()
    assert set(TILE_TEXT.findall(public.model_dump_json())) <= on_board
    if not state.over:
        view = state.view(state.turn)
        assert legal_in_view(view) == legal_actions(state)
        for action in (Draw(seat=state.turn), Pass(seat=state.turn)):
            mine, theirs = refusal_in_view(view, action), refusal(state, action)
            assert (mine and mine.reason) == (theirs and theirs.reason)


def check_round_end(before: GameState, action: Play | Draw | Pass, scored: RoundScored) -> None:
    """The round's final table: the last tile laid, each seat's leftover tiles, its scores."""
    table = round_end(before, action)
    assert table.round_index == before.round_index
    assert table.hands == scored.hands
    assert table.round_scores[-1] == scored.points
    if isinstance(action, Play):
        assert table.board.played[-1].tile == action.tile


def random_action(state: GameState, rng: random.Random) -> Play | Draw | Pass:
    """An action that is often illegal: any seat, any tile, real or made-up targets."""
    seat = rng.randrange(state.players) if rng.random() < 0.3 else state.turn
    roll = rng.random()
    if roll < 0.15:
        return draw(seat)
    if roll < 0.3:
        return pass_turn(seat)
    hand = state.hands[seat]
    if hand and rng.random() < 0.7:
        tile = rng.choice(hand)
    else:
        tile = rng.choice(full_set(state.rules.set_size))
    targets = [target for target, _ in state.board.open_ends]
    targets += [line.id for line in state.board.lines]
    targets += ["A", "H", "B.1", "Z", ""]
    return play(seat, tile, rng.choice(targets))


def fields_of(state: GameState) -> tuple[dict[str, object], dict[str, object]]:
    """Shallow copies of the state's and its board's fields (every value in them is immutable)."""
    return (
        {name: getattr(state, name) for name in GameState.model_fields},
        {name: getattr(state.board, name) for name in Board.model_fields},
    )


def probe(state: GameState, rng: random.Random, legal: tuple[object, ...]) -> None:
    """Random actions are accepted exactly when legal; refusals change nothing."""
    before = fields_of(state)
    for _ in range(4):
        action = random_action(state, rng)
        if action in legal:
            apply(state, action)
            continue
        try:
            apply(state, action)
        except IllegalAction:
            pass
        else:
            raise AssertionError(f"{action} was accepted but is not in {legal}")
        assert fields_of(state) == before


def round_action_bound(rules: RuleSet) -> int:
    """More actions than any round can take: each play, draw or pass between them counted."""
    return rules.tile_count * (rules.players + 2)


def play_checked_game(rules: RuleSet, seed: int) -> None:
    """Play one random game of ``rules`` from ``seed``, checking every property on the way."""
    rng = random.Random(seed)
    state, events = new_game(rules, seed=seed)
    round_totals = [0] * rules.players
    actions_this_round = 0
    boneyard_at_start = len(state.boneyard)
    while True:
        check_tiles_once(state)
        check_board(state)
        if rng.random() < 0.05:
            check_views(state, events)
            check_rebuilt_position(state)
        if state.over:
            break
        legal = legal_actions(state)
        assert legal, "no legal action before the end"
        assert len(set(legal)) == len(legal)
        assert all(action.seat == state.turn for action in legal)
        if state.drawn is not None:
            assert state.drawn in state.hands[state.turn]
        for action in legal:
            apply(state, action)
        if rng.random() < 0.1:
            probe(state, rng, legal)
        round_index = state.round_index
        before, action = state, rng.choice(legal)
        state, events = apply(state, action)
        scored = next((event for event in events if isinstance(event, RoundScored)), None)
        if scored is not None:
            check_round_end(before, action, scored)
        actions_this_round += 1
        assert actions_this_round <= round_action_bound(rules), "the round does not end"
        if state.round_index != round_index or state.over:
            actions_this_round = 0
            boneyard_at_start = len(state.boneyard)
        else:
            # Draws stop at the reserve (a holder search at the deal may already dig into it).
            assert len(state.boneyard) >= min(rules.reserve_count, boneyard_at_start)
        for event in events:
            if event.kind == "round_scored":
                round_totals = [a + b for a, b in zip(round_totals, event.points, strict=True)]
                assert list(event.totals) == round_totals
                assert all(
                    points == 0
                    for points, hand in zip(event.points, event.hands, strict=True)
                    if not hand
                )
            if event.kind == "game_over":
                assert [s.total for s in event.ranking] == sorted(round_totals)
                best = min(round_totals)
                assert {s.seat for s in event.ranking} == set(range(rules.players))
                assert all(round_totals[seat] == best for seat in event.winners)
    assert len(state.round_scores) == rules.round_count
    assert list(state.totals) == round_totals
    assert state.totals == tuple(sum(column) for column in zip(*state.round_scores, strict=True))
    assert legal_actions(state) == ()


@settings(PROFILE)
@given(rules=rule_sets(), seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_random_games_keep_every_rule(rules: RuleSet, seed: int) -> None:
    play_checked_game(rules, seed)


def play_quick_round(rules: RuleSet, seed: int) -> None:
    """One round with random choices, checking only tile conservation and legality."""
    rng = random.Random(seed)
    state, _ = new_game(rules, seed=seed)
    while not state.over:
        check_tiles_once(state)
        legal = legal_actions(state)
        assert legal
        state, _ = apply(state, rng.choice(legal))
    assert len(state.round_scores) == 1


@settings(PROFILE, max_examples=PROFILE.max_examples * 4)
@given(rules=rule_sets(), seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_many_single_rounds_conserve_tiles(rules: RuleSet, seed: int) -> None:
    play_quick_round(playable({**rules.model_dump(), "rounds": 1}), seed)


def test_every_combination_is_covered() -> None:
    combos = {(rules.preset, rules.set_size, rules.players) for rules in BASE_RULES}
    assert len(combos) == len(PRESETS) * len(SET_SIZES) * 7
    adjusted = [
        rules
        for rules in BASE_RULES
        if rules.hand_size is not None or (rules.preset == "trains" and rules.arms is not None)
    ]
    assert adjusted, "some combinations only play once adjusted"
