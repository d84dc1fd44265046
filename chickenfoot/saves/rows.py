"""A game as rows, the same for every store: what tells one game from another, an action as a
row's fields or as the JSON of a take-back's ``undone``, and a record built back from the rows
a store read.

The SQLite store (:mod:`chickenfoot.saves.database`) and the PostgreSQL store
(:mod:`chickenfoot.saves.postgresql`) write these values in their own types (text or
``jsonb``, ISO text or ``timestamptz``) and hand back what their database gives:
:func:`record_from_rows` takes either. What is stored is only ever written by chickenfoot, so a
record is built without the file loader's field-by-field checks; it is still replayed through
the rules, and anything that does not fit is a ``RecordError`` saying the stored copy is
damaged. This module imports no Textual.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from pydantic import ValidationError

from chickenfoot.record.model import (
    FORMAT_NAME,
    FORMAT_VERSION,
    Assist,
    GameRecord,
    RecordError,
    SeatConfig,
    TakenOver,
)
from chickenfoot.record.summary import GameId
from chickenfoot.rules import Action, RuleSet, draw, parse_tile, pass_turn, play

__all__ = [
    "action_fields",
    "action_from_row",
    "action_json",
    "game_uid",
    "record_from_rows",
    "stored_time",
    "undone_json",
]


def game_uid(record: GameRecord) -> str:
    """What tells one game from another: a hash of its creation time and decks (a copy of a
    game, or a longer save of it, has the same)."""
    digest = hashlib.sha256(record.created.isoformat().encode())
    for deck in record.decks:
        digest.update(" ".join(map(str, deck)).encode())
    return digest.hexdigest()[:32]


def action_fields(action: Action) -> tuple[int, str, str | None, str | None]:
    """An action as an action row's ``seat``, ``kind``, ``tile`` and ``target`` (a play's
    tile and end; None for a draw or a pass)."""
    if action.kind == "play":
        return (action.seat, "play", str(action.tile), action.target)
    return (action.seat, action.kind, None, None)


def action_json(action: Action) -> dict[str, Any]:
    """An action as a saved file writes it (a take-back's ``undone`` holds these)."""
    if action.kind == "play":
        return {
            "kind": "play",
            "seat": action.seat,
            "tile": str(action.tile),
            "target": action.target,
        }
    return {"kind": action.kind, "seat": action.seat}


def undone_json(assist: Assist) -> list[dict[str, Any]]:
    """The actions a take-back undid, as JSON values (an empty list for a hint)."""
    return [action_json(action) for action in assist.undone]


def action_from_row(seat: int, kind: str, tile: str | None, target: str | None) -> Action:
    """The action an action row holds (``ValueError`` if it holds none)."""
    if kind == "play":
        if tile is None or target is None:
            raise ValueError("a play without its tile or end")
        return play(seat, parse_tile(tile), target)
    if kind == "draw":
        return draw(seat)
    if kind == "pass":
        return pass_turn(seat)
    raise ValueError(f"an action of unknown kind {kind!r}")


def stored_time(value: str | datetime) -> datetime:
    """A time as a store hands it back (ISO 8601 text, or a ``datetime``), in UTC."""
    if isinstance(value, datetime):
        return value.astimezone(UTC)
    return datetime.fromisoformat(value.replace("Z", "+00:00"))


def _loaded(value: Any) -> Any:
    """A JSON value as a store hands it back: text to parse, or parsed already (``jsonb``)."""
    return json.loads(value) if isinstance(value, str | bytes) else value


def _undone_action(item: Any) -> Action:
    """One action of a take-back's ``undone``."""
    return action_from_row(item["seat"], item["kind"], item.get("tile"), item.get("target"))


def record_from_rows(
    game: GameId,
    row: Sequence[Any],
    action_rows: Sequence[Sequence[Any]],
    assist_rows: Sequence[Sequence[Any]],
) -> GameRecord:
    """The record of ``game`` from its game row (``created, seed, rules, seats, decks,
    taken_over, action_count``), its action rows (``seat, kind, tile, target``) and its
    assist rows (``kind, seat, at, undone``), replayed through the rules."""
    created, seed, rules, seats, decks, taken_over, action_count = row
    try:
        if len(action_rows) != action_count:
            raise ValueError(f"{len(action_rows)} actions stored, {action_count} counted")
        assists = tuple(
            Assist(
                kind=kind,
                seat=seat,
                at=at,
                undone=tuple(_undone_action(item) for item in _loaded(undone)),
            )
            for kind, seat, at, undone in assist_rows
        )
        taken = _loaded(taken_over)
        record = GameRecord.model_construct(
            format=FORMAT_NAME,
            version=FORMAT_VERSION,
            created=stored_time(created),
            seed=seed,
            rules=RuleSet.model_validate(_loaded(rules)),
            seats=tuple(SeatConfig.model_validate(seat) for seat in _loaded(seats)),
            decks=tuple(tuple(parse_tile(tile) for tile in deck) for deck in _loaded(decks)),
            actions=tuple(action_from_row(*action) for action in action_rows),
            assists=assists,
            taken_over=None if taken is None else TakenOver.model_validate(taken),
        )
    except (ValueError, TypeError, KeyError, ValidationError) as error:
        raise RecordError(None, f"game {game}", f"the store's copy is damaged: {error}") from None
    try:
        record.final_state()
    except RecordError as error:
        raise RecordError(
            None, f"game {game}", f"the store's copy is damaged: {error.where}: {error.problem}"
        ) from None
    return record
