"""Saved games crafted to cost the most, within every limit of the loader but the ones on
take-backs and hints: for the hostile-file tests and the loading benchmark.

- :func:`long_game` is an unfinished 8-seat double-18 game of random moves (thousands of
  actions, the longest kind of game the rules allow);
- :func:`repeated_take_backs` adds take-backs that each undo the same long stretch of it;
- :func:`one_action_take_backs` adds a great many take-backs of one action each;
- :func:`hints` adds a great many hints.

Each returns the JSON text of the file, written as the game writes its saves.
"""

from __future__ import annotations

import random
from functools import cache

from chickenfoot.record.model import Assist, GameRecord, SeatConfig
from chickenfoot.rules import Action, core, preset
from chickenfoot.rules.actions import to_action
from chickenfoot.saves.jsonformat import record_json

LONG_GAME_ACTIONS = 3_089
"""How many actions :func:`long_game` has (the game is not over by then)."""


@cache
def long_game(actions: int = LONG_GAME_ACTIONS, seed: int = 18) -> GameRecord:
    """An unfinished 8-seat double-18 game of ``actions`` random legal moves."""
    rules = preset("trains", players=8, set_size=18)
    seats = (SeatConfig(name="Ana", player="human"),) + tuple(
        SeatConfig(name=f"Bot {seat}", player="computer", level="casual") for seat in range(1, 8)
    )
    record = GameRecord.new(rules, seats, seed=seed)
    position = core.new_game(rules, record.decks)
    choose = random.Random(seed)
    moves: list[Action] = []
    while len(moves) < actions:
        assert not core.is_over(position), "the game ended first: choose fewer actions"
        move = choose.choice(core.legal_moves(position))
        position = core.play(position, move)
        moves.append(to_action(move))
    return record.model_copy(update={"actions": tuple(moves)})


def with_assists(record: GameRecord, assists: list[Assist]) -> str:
    """The text of ``record`` with ``assists``."""
    return record_json(record.model_copy(update={"assists": tuple(assists)}))


def repeated_take_backs(count: int, kept: int = 89) -> str:
    """:func:`long_game` with ``count`` take-backs, each keeping its first ``kept`` actions
    and undoing every later one."""
    game = long_game()
    undone = game.actions[kept:]
    take_back = Assist(kind="take_back", seat=0, at=kept, undone=undone)
    return with_assists(game, [take_back] * count)


def one_action_take_backs(count: int) -> str:
    """:func:`long_game` with ``count`` take-backs, each undoing its last action."""
    game = long_game()
    last = len(game.actions) - 1
    take_back = Assist(kind="take_back", seat=0, at=last, undone=game.actions[last:])
    return with_assists(game, [take_back] * count)


def hints(count: int) -> str:
    """:func:`long_game` with ``count`` hints, all at its last action."""
    game = long_game()
    hint = Assist(kind="hint", seat=0, at=len(game.actions))
    return with_assists(game, [hint] * count)
