"""A game as rows, the same for every store: what tells one game from another, an action as a
row's fields or as the JSON of a take-back's ``undone``, a record, a summary and a holder
built back from the rows a store read, and what importing a game does to a stored one.

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

from chickenfoot.bots.rating import Placing
from chickenfoot.lang import _, ngettext
from chickenfoot.record.model import (
    FORMAT_NAME,
    FORMAT_VERSION,
    Assist,
    GameRecord,
    RecordError,
    SeatConfig,
    TakenOver,
)
from chickenfoot.record.summary import GameId, GameSummary
from chickenfoot.rules import Action, RuleSet, draw, parse_tile, pass_turn, play
from chickenfoot.saves.store import Holder, Imported

__all__ = [
    "HOLDER_COLUMNS",
    "SUMMARY_COLUMNS",
    "action_fields",
    "action_from_row",
    "action_json",
    "game_uid",
    "holder_from_row",
    "imported_into",
    "record_from_rows",
    "stored_time",
    "summary_from_row",
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
            raise ValueError(_("a play without its tile or end"))
        return play(seat, parse_tile(tile), target)
    if kind == "draw":
        return draw(seat)
    if kind == "pass":
        return pass_turn(seat)
    raise ValueError(_("an action of unknown kind {kind}").format(kind=repr(kind)))


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


def _game_place(game: GameId) -> str:
    """Where a stored game's problem is: "game 12"."""
    return _("game {game}").format(game=game)


def _damaged(problem: str) -> str:
    """A stored game that cannot be read back, and why."""
    return _("the store's copy is damaged: {problem}").format(problem=problem)


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
            raise ValueError(
                ngettext(
                    "{count} action stored, {counted} counted",
                    "{count} actions stored, {counted} counted",
                    len(action_rows),
                ).format(count=len(action_rows), counted=action_count)
            )
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
        raise RecordError(None, _game_place(game), _damaged(str(error))) from None
    try:
        record.final_state()
    except RecordError as error:
        raise RecordError(
            None, _game_place(game), _damaged(f"{error.where}: {error.problem}")
        ) from None
    return record


HOLDER_COLUMNS = "pid, host, process_started, since, token, label"
"""The columns of a ``holders`` row that :func:`holder_from_row` reads, in its order."""


def holder_from_row(row: Sequence[Any]) -> Holder:
    """The holder a ``holders`` row names (its first columns: :data:`HOLDER_COLUMNS`)."""
    pid, host, started, since, token, label = row[:6]
    return Holder(int(pid), str(host), started, stored_time(since), str(token), str(label))


SUMMARY_COLUMNS = (
    "id, created, updated, names, round_number, round_count, finished, action_count, source, "
    "taken_over IS NOT NULL"
)
"""The columns of a ``games`` row that :func:`summary_from_row` reads, in its order."""


def summary_from_row(row: Sequence[Any]) -> GameSummary:
    """A game as the lists show it, from its row (:data:`SUMMARY_COLUMNS`)."""
    game, created, updated, names, round_number, round_count, finished, actions, source, taken = row
    return GameSummary(
        id=game,
        created=stored_time(created),
        updated=stored_time(updated),
        names=tuple(_loaded(names)),
        round_number=round_number,
        round_count=round_count,
        finished=bool(finished),
        actions=actions,
        source=source,
        taken_over=bool(taken),
    )


def imported_into(
    mine: Sequence[Any],
    theirs: Sequence[Any],
    mine_assists: Sequence[Any],
    their_assists: Sequence[Any],
) -> Imported | None:
    """What importing a game whose actions and assists are ``mine`` does to a stored game of
    the same deal whose rows are ``theirs`` (compared field by field): ``ALREADY`` (it holds
    these moves, or more), ``EXTENDED`` (the file's later moves are to be added), or None
    (the moves went another way: a game of its own)."""
    if mine[: len(theirs)] == theirs and mine_assists[: len(their_assists)] == their_assists:
        if len(mine) == len(theirs) and len(mine_assists) == len(their_assists):
            return Imported.ALREADY
        return Imported.EXTENDED
    if theirs[: len(mine)] == mine and their_assists[: len(mine_assists)] == mine_assists:
        return Imported.ALREADY
    return None


PLACINGS_QUERY = "SELECT rank, name, level, place FROM results ORDER BY rank, seat"
"""Every finished game's seats and places, the games in the order they were dealt (their
rank), each game's seats in order: the rows :func:`placings_from_rows` reads."""


def placings_from_rows(rows: Sequence[Sequence[Any]]) -> list[tuple[Placing, ...]]:
    """The games' placings from :data:`PLACINGS_QUERY`'s rows, one tuple a game."""
    games: dict[int, list[Placing]] = {}
    for rank, name, level, place in rows:
        games.setdefault(rank, []).append(Placing(name, level, place))
    return [tuple(seats) for seats in games.values()]
