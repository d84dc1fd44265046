"""Reading the parts of a saved game strictly: tiles, actions, assists, rules, the time.

The record's models (:mod:`chickenfoot.record.model`) read their JSON values through these
checks. They are written by hand where Pydantic's own validation was measured slower or
words a problem worse (``python -m tests.benchmarks store``, 10,000 actions):

- actions (:func:`action_from`): faster than Pydantic's strict validation of the tagged
  union ``Play | Draw | Pass`` (111 ms against 192 ms for 10,050 actions; its lax mode is as
  fast but takes ``"2"`` for 2), and they hand out the engine's shared action values (every
  ``draw(2)`` is one object) instead of building a model per action; each problem names its
  action's number and field;
- tiles (:func:`tile_from`): one look-up in a table of every way a tile may be written, and
  "ends go from 0 to 18" rather than a pattern;
- assists (:func:`assist_fields`): they hold actions, read the same way.

Rules and seats are Pydantic models validated in strict mode, whose errors
:func:`~chickenfoot.record.errors.translate` words; :func:`rules_from` only adds the rule
set's own words for a combination that cannot be played. This module imports no Textual.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from pydantic import ValidationError

from chickenfoot.lang import N_, _, ngettext, pgettext
from chickenfoot.record.errors import RecordError
from chickenfoot.record.problems import (
    is_whole,
    json_kind,
    json_path,
    missing_field,
    short_json,
    unknown_field,
    validation_problem,
)
from chickenfoot.record.refusals import FIELD_CODES, rule_problem
from chickenfoot.rules import Draw, Pass, Play, RuleSet, RuleSetError, draw, pass_turn, play
from chickenfoot.rules.board import is_end_id
from chickenfoot.rules.ruleset import MAX_PLAYERS
from chickenfoot.rules.tiles import MAX_PIPS, Tile, make_tile

__all__ = [
    "MAX_DOUBLE_BLANK_POINTS",
    "TILE_HINT",
    "TIME_HINT",
    "action_from",
    "assist_fields",
    "check_deck_sizes",
    "check_fields",
    "most_actions",
    "rules_from",
    "tile_from",
    "time_from",
]

MAX_DOUBLE_BLANK_POINTS = 1000
"""The most points a 0|0 left in hand may score."""


_TILE_TEXTS: dict[str, Tile] = {
    f"{a}|{b}": make_tile(a, b) for a in range(MAX_PIPS + 1) for b in range(MAX_PIPS + 1)
}
"""Every tile as it may be written ("3|5" or "5|3"): reading a tile is one look-up."""

_DIGITS_AND_BAR = re.compile(r"[0-9]+\|[0-9]+")

TILE_HINT = N_("write tiles as 'low|high' with the digits 0 to 9, e.g. '3|5'")
"""How a tile is written (translated where it is shown: ``_(TILE_HINT)``)."""


def tile_from(value: Any, where: str) -> Tile:
    """A tile written ``"3|5"`` (or ``"5|3"``) or ``[3, 5]``; :class:`RecordError` at
    ``where`` otherwise (only ASCII digits, no spaces, ends 0 to 18)."""
    if isinstance(value, Tile):
        return value
    if isinstance(value, str):
        tile = _TILE_TEXTS.get(value)
        if tile is not None:
            return tile
        if _DIGITS_AND_BAR.fullmatch(value):
            raise RecordError(None, where, _pips_problem(repr(value)))
        raise RecordError(None, where, _tile_problem(repr(value)))
    if isinstance(value, (list, tuple)) and len(value) == 2 and all(map(is_whole, value)):
        low, high = value
        if 0 <= low <= MAX_PIPS and 0 <= high <= MAX_PIPS:
            return make_tile(low, high)
        raise RecordError(None, where, _pips_problem(short_json(value)))
    raise RecordError(None, where, _tile_problem(short_json(value)))


def _pips_problem(shown: str) -> str:
    """Why ``shown`` (a tile as the file writes it) is no tile: an end out of range."""
    return _("{value} is not a tile: ends go from 0 to {most}").format(value=shown, most=MAX_PIPS)


def _tile_problem(shown: str) -> str:
    """Why ``shown`` is no tile: it is not written as one."""
    # Translators: {how} is the sentence "write tiles as 'low|high' ...", translated.
    return _("{value} is not a tile: {how}").format(value=shown, how=_(TILE_HINT))


_ACTION_FIELDS: dict[str, tuple[str, ...]] = {
    "play": ("kind", "seat", "tile", "target"),
    "draw": ("kind", "seat"),
    "pass": ("kind", "seat"),
}


def check_fields(value: dict[str, Any], fields: Sequence[str], where: str) -> None:
    """:class:`RecordError` naming the first field of the object at ``where`` that is not one
    of ``fields``, or the first of ``fields`` it lacks."""
    for key in value:
        if key not in fields:
            raise RecordError(None, f"{where}.{key}", unknown_field(key))
    for key in fields:
        if key not in value:
            raise RecordError(None, f"{where}.{key}", missing_field(key))


def action_from(value: Any, where: str, players: int | None) -> Play | Draw | Pass:
    """The recorded action at ``where`` (e.g. ``actions[3]``) from its JSON object, checked
    field by field (``players``, if known, bounds the seat); :class:`RecordError` if wrong."""
    if isinstance(value, (Play, Draw, Pass)):
        return value
    if not isinstance(value, dict):
        raise RecordError(
            None,
            where,
            _("an action is an object such as {example}, not {kind}").format(
                example='{"kind": "draw", "seat": 0}', kind=json_kind(value)
            ),
        )
    if "kind" not in value:
        raise RecordError(
            None, where, _('the action has no "kind": it must be "play", "draw" or "pass"')
        )
    kind = value["kind"]
    if not isinstance(kind, str) or kind not in _ACTION_FIELDS:
        raise RecordError(
            None,
            where,
            _('unknown action kind {kind}: it must be "play", "draw" or "pass"').format(
                kind=short_json(kind)
            ),
        )
    fields = _ACTION_FIELDS[kind]
    check_fields(value, fields, where)
    seat = value["seat"]
    if not is_whole(seat):
        raise RecordError(
            None,
            f"{where}.seat",
            _("must be a whole number, not {value}").format(value=short_json(seat)),
        )
    highest = (players if players is not None else MAX_PLAYERS) - 1
    if not 0 <= seat <= highest:
        raise RecordError(
            None,
            f"{where}.seat",
            _("there is no seat {seat}: seats go from 0 to {highest}").format(
                seat=seat, highest=highest
            ),
        )
    if kind == "draw":
        return draw(seat)
    if kind == "pass":
        return pass_turn(seat)
    tile = tile_from(value["tile"], f"{where}.tile")
    target = value["target"]
    if not isinstance(target, str):
        raise RecordError(
            None,
            f"{where}.target",
            _("must be text in quotes, not {kind}").format(kind=json_kind(target)),
        )
    if not is_end_id(target):
        raise RecordError(
            None,
            f"{where}.target",
            _(
                "{value} names no end of a table: ends are named after their arm, A to H, and "
                "a chicken foot's toes after their line and number, such as B.2"
            ).format(value=short_json(target)),
        )
    return play(seat, tile, target)


_ASSIST_FIELDS = {"hint": ("kind", "seat", "at"), "take_back": ("kind", "seat", "at", "undone")}


def assist_fields(
    value: Any, index: int, players: int | None
) -> tuple[str, int, int, tuple[Play | Draw | Pass, ...]]:
    """The kind, seat, ``at`` and undone actions of recorded hint or take-back number
    ``index`` (0-based) from its JSON object, checked field by field; :class:`RecordError`
    if it is wrong."""
    where = f"assists[{index}]"
    if not isinstance(value, dict):
        raise RecordError(
            None,
            where,
            _("an assist is an object such as {example}, not {kind}").format(
                example='{"kind": "hint", "seat": 0, "at": 12}', kind=json_kind(value)
            ),
        )
    kind = value.get("kind")
    if not isinstance(kind, str) or kind not in _ASSIST_FIELDS:
        raise RecordError(
            None,
            f"{where}.kind",
            _('must be "hint" or "take_back", not {value}').format(value=short_json(kind)),
        )
    fields = _ASSIST_FIELDS[kind]
    check_fields(value, fields, where)
    seat, at = value["seat"], value["at"]
    highest = (players if players is not None else MAX_PLAYERS) - 1
    if not is_whole(seat) or not 0 <= seat <= highest:
        raise RecordError(
            None,
            f"{where}.seat",
            _("must be a seat from 0 to {highest}, not {value}").format(
                highest=highest, value=short_json(seat)
            ),
        )
    if not is_whole(at) or at < 0:
        raise RecordError(
            None,
            f"{where}.at",
            _("must be a whole number from 0, not {value}").format(value=short_json(at)),
        )
    undone = value.get("undone", [])
    if not isinstance(undone, list):
        raise RecordError(
            None,
            f"{where}.undone",
            _("must be a list of actions, not {kind}").format(kind=json_kind(undone)),
        )
    actions = tuple(
        action_from(action, f"{where}.undone[{number}]", players)
        for number, action in enumerate(undone)
    )
    return kind, seat, at, actions


def rules_from(value: dict[str, Any]) -> RuleSet:
    """The rule set of a saved game's ``rules`` object, every field of the right JSON type;
    :class:`RecordError` (``where`` = ``rules.<field>``) in plain words otherwise."""
    for key in value:
        if key not in RuleSet.model_fields:
            raise RecordError(
                None,
                f"rules.{key}",
                _("unknown field {field}: this program does not know this rule").format(
                    field=short_json(key)
                ),
            )
    try:
        rules = RuleSet.model_validate(value, strict=True)
    except ValidationError as error:
        location, problem = validation_problem(error)
        if location:
            raise RecordError(None, json_path(["rules", *location]), problem) from None
        # Every field is fine, their combination is not: say so in the rule set's words.
        problems = RuleSet.model_construct(**value).problems()
        if not problems:
            raise RecordError(None, "rules", problem) from None
        raise rules_error(RuleSetError(problems)) from None
    if rules.double_blank_points > MAX_DOUBLE_BLANK_POINTS:
        raise RecordError(
            None,
            "rules.double_blank_points",
            _("must be at most {bound}, not {value}").format(
                bound=MAX_DOUBLE_BLANK_POINTS, value=rules.double_blank_points
            ),
        )
    return rules


def rules_error(error: RuleSetError) -> RecordError:
    """A :class:`RecordError` for rules that cannot be played, worded from the rules' codes."""
    field = error.problems[0].field
    where = f"rules.{field}" if field in RuleSet.model_fields else "rules"
    # A field's own problem reads as the field's; a combination that cannot be dealt or
    # played reads as a sentence of its own.
    joined = pgettext("clauses", "; ").join(rule_problem(problem) for problem in error.problems)
    if all(problem.code in FIELD_CODES for problem in error.problems):
        return RecordError(None, where, joined)
    return RecordError(None, where, _("impossible rules: {problems}").format(problems=joined))


_ISO_TIME = re.compile(
    r"[0-9]{4}-[0-9]{2}-[0-9]{2}[Tt ][0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]+)?"
    r"([Zz]|[+-][0-9]{2}:[0-9]{2})?"
)
"""An RFC 3339 date and time (the zone is checked separately, to say when it is missing)."""

TIME_HINT = N_("write it in ISO 8601, e.g. 2026-11-30T18:43:04Z")
"""How a time is written (translated where it is shown: ``_(TIME_HINT)``)."""


def time_from(value: Any) -> datetime:
    """The time of ``created``: ISO 8601 text (or a ``datetime`` from Python code)."""
    if isinstance(value, datetime):
        return value
    if not isinstance(value, str):
        raise ValueError(
            _("the time must be text, not {kind}: {how}").format(
                kind=json_kind(value), how=_(TIME_HINT)
            )
        )
    if _ISO_TIME.fullmatch(value):
        try:
            return datetime.fromisoformat(value.upper())
        except ValueError:
            pass
    raise ValueError(
        _("{value} is not a date and time: {how}").format(value=short_json(value), how=_(TIME_HINT))
    )


def most_actions(rules: RuleSet) -> int:
    """More actions than any game under ``rules`` can take.

    Per round: each tile is played at most once, drawn at most once and kept (a pass) at
    most once, and between two plays each seat passes at most once (the round is blocked
    when nobody can play), so a round has at most ``tiles * (players + 3) + players``.
    """
    per_round = rules.tile_count * (rules.players + 3) + rules.players
    return rules.round_count * per_round


def check_deck_sizes(decks: Sequence[Any], rules: RuleSet) -> None:
    """Refuse a number of decks, or a deck length, that ``rules`` do not allow."""
    if len(decks) != rules.round_count:
        raise RecordError(
            None,
            "decks",
            ngettext(
                "{count} deck for {rounds} rounds: one per round is needed",
                "{count} decks for {rounds} rounds: one per round is needed",
                len(decks),
            ).format(count=len(decks), rounds=rules.round_count),
        )
    for index, deck in enumerate(decks):
        if isinstance(deck, (list, tuple)) and len(deck) != rules.tile_count:
            raise RecordError(
                None,
                f"decks[{index}]",
                ngettext(
                    "round {round}: the deck has {count} tile, but a double-{size} set has {tiles}",
                    "round {round}: the deck has {count} tiles, but a double-{size} set has "
                    "{tiles}",
                    len(deck),
                ).format(
                    round=index + 1,
                    count=len(deck),
                    size=rules.set_size,
                    tiles=rules.tile_count,
                ),
            )
