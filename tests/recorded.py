"""Reproducible saved games for tests: seeded decks and seeded random legal moves, the honest
game that the verify and deal tests examine, and a saved file edited on purpose."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

from chickenfoot.record.model import GameRecord, SeatConfig
from chickenfoot.rules import RuleSet, apply, legal_actions, preset
from chickenfoot.rules.ruleset import PresetName
from chickenfoot.saves.jsonformat import save_record

SEED = 1234
"""The seed :func:`honest_record` deals from."""


def random_record(
    rules: RuleSet,
    seats: Sequence[SeatConfig],
    seed: int,
    stop_after: int | None = None,
    created: datetime | None = None,
) -> GameRecord:
    """A record dealt from ``seed`` whose actions are chosen at random (seeded) among the legal
    ones, cut after ``stop_after`` actions (None: played to the end); ``created`` fixes its date."""
    record = GameRecord.new(rules, tuple(seats), seed=seed)
    if created is not None:
        record = record.model_copy(update={"created": created})
    choices = random.Random(seed)
    state = record.final_state()
    while not state.over and (stop_after is None or len(record.actions) < stop_after):
        action = choices.choice(legal_actions(state))
        state, _events = apply(state, action)
        record = record.appended(action)
    return record


def three_seat_rules(preset_name: PresetName = "cross", rounds: int = 2) -> RuleSet:
    """Three seats, a double-6 set and ``rounds`` rounds, with the preset's own hands and arms:
    a short game whose deals can be checked by hand."""
    return preset(preset_name, players=3, set_size=6, rounds=rounds)


def honest_record(seats: Sequence[SeatConfig]) -> GameRecord:
    """A whole game of :func:`three_seat_rules` among ``seats``, dealt from :data:`SEED`, its
    moves chosen at random (seeded): every deck comes from the seed and every action follows
    the rules."""
    return random_record(three_seat_rules(), seats, SEED)


def write_record(
    path: Path, record: GameRecord, change: Callable[[Any], object] | None = None
) -> Path:
    """Save ``record`` at ``path``, its JSON document first changed by ``change(document)``."""
    save_record(record, path)
    if change is not None:
        document = json.loads(path.read_text(encoding="utf-8"))
        change(document)
        path.write_text(json.dumps(document), encoding="utf-8")
    return path
