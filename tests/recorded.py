"""Reproducible saved games for tests: seeded decks and seeded random legal moves."""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import datetime

from chickenfoot.rules import RuleSet, apply, legal_actions
from chickenfoot.saves.record import GameRecord, SeatConfig


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
