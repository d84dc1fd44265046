"""A saved game's help is bounded, so no file costs more than a moment to read: hints and
take-backs at most one per action and 1,000 more, the actions they undo at most twice the
game's and 1,000 more; exactly at the bounds a file loads, one beyond it is refused in words,
and a game in play never goes beyond them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from chickenfoot.play.session import GameSession
from chickenfoot.record.model import (
    ASSISTS_BEYOND_ACTIONS,
    MAX_ASSISTS,
    Assist,
    GameRecord,
    RecordError,
    most_assists,
    most_undone,
)
from chickenfoot.rules import preset
from chickenfoot.saves.jsonformat import load_record, record_json, save_record
from tests.kit import Kit
from tests.recorded import random_record

STRETCH = 10
"""How many actions each take-back of these tests undoes."""


def long_enough_game() -> GameRecord:
    """An unfinished 4-seat double-9 game of 60 actions (a person and three computers)."""
    rules = preset("cross", players=4)
    record = random_record(rules, Kit.seats("human", "computer", "computer", "computer"), 3, 60)
    assert len(record.actions) == 60 and not record.final_state().over
    return record


def take_back_of(record: GameRecord, count: int) -> Assist:
    """A take-back undoing the last ``count`` actions of ``record``."""
    kept = len(record.actions) - count
    return Assist(kind="take_back", seat=0, at=kept, undone=record.actions[kept:])


def with_undone(record: GameRecord, total: int) -> GameRecord:
    """``record`` with take-backs undoing ``total`` actions in all."""
    assists = [take_back_of(record, STRETCH)] * (total // STRETCH)
    if total % STRETCH:
        assists.append(take_back_of(record, total % STRETCH))
    return record.model_copy(update={"assists": tuple(assists)})


def error_of(record: GameRecord, tmp_path: Path) -> RecordError | None:
    """Save ``record`` and load it: the loader's error, or None if it loads as saved."""
    path = tmp_path / "game.json"
    save_record(record, path)
    try:
        assert load_record(path) == record
    except RecordError as error:
        return error
    return None


def test_the_bounds_grow_with_the_game() -> None:
    assert most_assists(0) == ASSISTS_BEYOND_ACTIONS == 1_000
    assert most_assists(3_089) == 4_089
    assert most_assists(10**6) == MAX_ASSISTS
    assert most_undone(0) == 1_000
    assert most_undone(3_089) == 7_178


def test_take_backs_may_undo_up_to_the_bound_and_not_one_action_more(tmp_path: Path) -> None:
    game = long_enough_game()
    most = most_undone(len(game.actions))
    assert error_of(with_undone(game, most), tmp_path) is None
    error = error_of(with_undone(game, most + 1), tmp_path)
    assert error is not None
    last = most // STRETCH  # the take-back of one action that goes beyond
    assert error.where == f"assists[{last}].undone"
    assert error.problem == (
        f"the take-backs undo {most + 1:,} actions by this one, but a game of 60 actions may "
        f"undo at most {most:,} in all (2 per action and 1,000 more)"
    )


def test_hints_and_take_backs_may_number_up_to_the_bound_and_not_one_more(
    tmp_path: Path,
) -> None:
    game = long_enough_game()
    hint = Assist(kind="hint", seat=0, at=len(game.actions))
    most = most_assists(len(game.actions))
    assert error_of(game.model_copy(update={"assists": (hint,) * most}), tmp_path) is None
    error = error_of(game.model_copy(update={"assists": (hint,) * (most + 1)}), tmp_path)
    assert error is not None
    assert (error.where, error.problem) == (
        "assists",
        "1,061 hints and take-backs, but a game of 60 actions may hold at most 1,060 (one per "
        "action and 1,000 more)",
    )


def test_the_bounds_are_checked_before_the_help_is_read(tmp_path: Path) -> None:
    game = long_enough_game()
    data = json.loads(record_json(game))
    data["assists"] = [{"kind": "hint"}] * (most_assists(60) + 1)  # each of them also wrong
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(RecordError) as refused:
        load_record(path)
    assert refused.value.where == "assists", "the count is refused, not the first item"


def test_a_game_in_play_stops_offering_help_at_the_bounds(kit: type[Kit]) -> None:
    session = GameSession.new(kit.short_rules(2), kit.seats("human", "computer"), 11)
    while not (session.can_take_back() and len(session.record.actions) >= STRETCH):
        session.act(kit.choose_action(session.state))
    assert session.can_hint()
    played = session.record
    keep = session.decisions[-1]
    room = most_undone(keep) - (len(played.actions) - keep)  # what earlier ones may undo
    session.record = with_undone(played, room + 1)
    assert session.can_take_back() is False, "one more would undo too many actions"
    session.record = with_undone(played, room)
    assert session.can_take_back(), "this one reaches the bound exactly"
    hint = Assist(kind="hint", seat=0, at=len(played.actions))
    hints = most_assists(len(played.actions)) - len(session.record.assists)
    session.record = session.record.model_copy(
        update={"assists": session.record.assists + (hint,) * hints}
    )
    assert session.can_hint() is False
