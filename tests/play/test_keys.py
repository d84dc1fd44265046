"""The keys of open ends: an arm's own letter, spares after, no limit, stable while open."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from chickenfoot.play.keys import COMMAND_KEYS, END_LETTERS, TileTyping, end_keys, spare_keys
from chickenfoot.rules import Board, Placement, Tile, core, preset
from chickenfoot.rules.board import from_tuple
from chickenfoot.rules.ruleset import PresetName


def boards_of_a_game(rules_name: PresetName, players: int, set_size: int, seed: int) -> list[Board]:
    """Every board of the first round of a seeded random game, in order."""
    rules = preset(rules_name, players=players, set_size=set_size, hand_size=5, rounds=1)
    rng = random.Random(seed)
    position = core.new_game(rules, seed=seed)
    boards = [from_tuple(core.board_of(position))]
    while not core.is_over(position):
        moves = core.legal_moves(position)
        position = core.play(position, moves[int(rng.random() * len(moves))])
        if not core.is_over(position) and core.round_index(position) == 0:
            boards.append(from_tuple(core.board_of(position)))
    return boards


def test_arms_take_their_own_letter_and_arm_d_a_spare() -> None:
    played = tuple(
        Placement(0, Tile(v, 9), arm, v) for v, arm in zip((1, 2, 3, 4, 5), "ABCDE", strict=True)
    )
    board = Board(centre=9, arms_required=5, played=played)
    assert end_keys(board) == {"A": "a", "B": "b", "C": "c", "D": "j", "E": "e"}


def test_no_key_is_a_command_key_and_there_is_no_limit() -> None:
    keys = [key for _, key in zip(range(200), spare_keys(), strict=False)]
    assert len(set(keys)) == 200
    assert not any(key in COMMAND_KEYS for key in keys)
    assert all(key[0] in END_LETTERS for key in keys)


@settings(max_examples=40, deadline=None)
@given(
    rules_name=st.sampled_from(["cross", "trains"]),
    players=st.integers(2, 8),
    set_size=st.sampled_from([9, 12, 18]),
    seed=st.integers(0, 10_000),
)
def test_an_open_end_keeps_its_key_while_it_stays_open(
    rules_name: PresetName, players: int, set_size: int, seed: int
) -> None:
    boards = boards_of_a_game(rules_name, players, set_size, seed)
    previous: dict[str, str] = {}
    for board in boards:
        keys = end_keys(board)
        assert set(keys) == {end for end, _ in board.open_ends}
        assert len(set(keys.values())) == len(keys), "two ends share a key"
        for end, key in keys.items():
            if end in previous:
                assert previous[end] == key, f"{end} changed its key"
            if "." not in end and end != "D":
                assert key == end.lower()
        previous.update(keys)


def test_typing_digits() -> None:
    typing = TileTyping()
    assert typing.type("1", 5) == 1 and typing.typed == ""
    assert typing.type("1", 12) == 1 and typing.typed == "1"
    assert typing.type("2", 12) == 12 and typing.typed == ""
    assert typing.type("0", 12) is None
    assert typing.type("7", 5) is None
