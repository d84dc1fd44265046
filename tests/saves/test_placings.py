"""The store's placings: every finished game's seats and places, in the order dealt, for the
ratings (an unfinished game has none yet), on either kind of store."""

from __future__ import annotations

from chickenfoot.bots.rating import Placing
from chickenfoot.record.model import SeatConfig
from chickenfoot.rules import rank
from tests.kit import short_rules
from tests.recorded import random_record
from tests.saves.stores import OpenStore

SEATS = (
    SeatConfig(name="Ana", player="human"),
    SeatConfig(name="Bot", player="computer", level="greedy"),
    SeatConfig(name="Cy", player="human"),
)


def test_every_finished_game_s_places_in_the_order_dealt(opened: OpenStore) -> None:
    finished = [random_record(short_rules(3), SEATS, seed) for seed in (1, 2)]
    for record in finished:
        opened.store.create(record)
    opened.store.create(random_record(short_rules(3), SEATS, 3, stop_after=2))
    placings = opened.store.placings()
    assert len(placings) == 2
    for record, game in zip(finished, placings, strict=True):
        standings, _winners, _decided_by = rank(record.rules, record.final_state().round_scores)
        places = {standing.seat: standing.place for standing in standings}
        assert game == (
            Placing("Ana", None, places[0]),
            Placing("Bot", "casual", places[1]),  # the store keeps the ladder's name
            Placing("Cy", None, places[2]),
        )
