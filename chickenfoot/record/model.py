"""A whole game as a record: versioned, and replayed without any random number generator.

A :class:`GameRecord` holds everything needed to replay a game exactly: the rules, the seats,
the shuffled deck of every round and every action in order, and every hint and take-back.
Chance lives in the decks, so the same record always yields the same states, and another
program can check it.

- :meth:`GameRecord.new` starts a record, :meth:`GameRecord.appended` adds an action (cheap,
  no replay), :meth:`GameRecord.replay` yields every state from the first deal on.
- Building a record validates it: the rules can be played, the seats fit them, each deck is
  one full set, every take-back undid moves that were played. :class:`RecordError` (one
  line: file, place, problem) says what is wrong.

The store keeps records as rows (:mod:`chickenfoot.saves.store`); JSON files are read and
written by :mod:`chickenfoot.saves.jsonformat`, older files upgraded by
:mod:`chickenfoot.saves.migrations`. This module imports no Textual.
"""

from __future__ import annotations

import hashlib
import random
import secrets
from collections.abc import Iterator, Mapping, Sequence
from datetime import UTC, datetime
from functools import cached_property
from typing import Any, Final, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_validator,
)

from chickenfoot.bots import THINKING_LEVELS
from chickenfoot.lang import _, ngettext
from chickenfoot.record.errors import RecordError, translate
from chickenfoot.record.fields import (
    MAX_DOUBLE_BLANK_POINTS,
    action_from,
    assist_fields,
    check_deck_sizes,
    most_actions,
    rules_from,
    tile_from,
    time_from,
)
from chickenfoot.record.names import NAME_MAX_LENGTH, name_problem
from chickenfoot.record.problems import (
    json_kind,
    validation_problem,
)
from chickenfoot.record.refusals import deck_problem, rule_reason
from chickenfoot.rules import (
    Action,
    BadDeck,
    Draw,
    Event,
    GameState,
    IllegalAction,
    Pass,
    Play,
    RuleSet,
    apply,
    check_decks,
    core,
    full_set,
    new_game,
    shuffled_decks,
)
from chickenfoot.rules.tiles import Tile, TileField

FORMAT_NAME: Final = "chickenfoot"
"""The value of the ``format`` field of every saved game."""

FORMAT_VERSION: Final = 3
"""The version this program writes. Older versions are upgraded by
:data:`chickenfoot.saves.migrations.MIGRATIONS`."""

MAX_FILE_BYTES = 4 * 1024 * 1024
"""Files larger than this are refused before they are read: the largest game (8 seats, a
double-18 set, with as much help as it may hold) is under 1 MiB, and reading 4 MiB of any
JSON stays within about a second."""

LEVEL_MAX_LENGTH = 32
SEED_BITS = 63
"""A random deal's seed is a random whole number of this many bits."""
SEED_MIN = -(2**63)
SEED_MAX = 2**63 - 1
"""Seeds are signed 64-bit integers."""
THINK_TIME_MIN = 0.01
THINK_TIME_MAX = 10.0
"""The bounds of a thinking computer player's think time, in seconds."""
MAX_ASSISTS = 100_000
"""The most hints and take-backs any game may record (see also :func:`most_assists`)."""
ASSISTS_BEYOND_ACTIONS = 1_000
UNDONE_PER_ACTION = 2
UNDONE_BEYOND_ACTIONS = 1_000
"""What a game's help may cost to read (:func:`most_assists`, :func:`most_undone`): a
take-back undoes the moves since the person's previous decision, so one for each of their
decisions undoes about the game once; twice that and a thousand more is far beyond real play,
and keeps reading any file within about a second."""

__all__ = [
    "FORMAT_NAME",
    "FORMAT_VERSION",
    "MAX_DOUBLE_BLANK_POINTS",
    "MAX_FILE_BYTES",
    "NAME_MAX_LENGTH",
    "Assist",
    "GameRecord",
    "RecordError",
    "SeatConfig",
    "TakenOver",
    "known_levels",
    "most_actions",
    "most_assists",
    "most_undone",
    "seat_problem",
    "translate",
]


class FrozenModel(BaseModel):
    """The base of the record's models: frozen, refusing unknown fields."""

    model_config = ConfigDict(frozen=True, extra="forbid")


def known_levels() -> tuple[str, ...]:
    """The computer player levels this program can seat, weakest first (read at call time:
    the computer players register their levels)."""
    from chickenfoot.bots.registry import STRATEGIES

    return tuple(STRATEGIES)


# ----- checks that need the whole record --------------------------------------------------


def most_assists(action_count: int) -> int:
    """The most hints and take-backs a game of ``action_count`` actions may record: one per
    action and :data:`ASSISTS_BEYOND_ACTIONS` more (never more than :data:`MAX_ASSISTS`)."""
    return min(action_count + ASSISTS_BEYOND_ACTIONS, MAX_ASSISTS)


def most_undone(action_count: int) -> int:
    """The most actions the take-backs of a game of ``action_count`` actions may undo in all:
    :data:`UNDONE_PER_ACTION` per action and :data:`UNDONE_BEYOND_ACTIONS` more. Checking a
    take-back replays what it undid, so this bounds the work of reading a file."""
    return UNDONE_PER_ACTION * action_count + UNDONE_BEYOND_ACTIONS


def _check_help_size(assists: Sequence[Any], action_count: int) -> None:
    """Refuse more hints and take-backs, or more actions undone, than a game of
    ``action_count`` actions may hold; measured on the JSON, before any item is read."""
    if len(assists) > most_assists(action_count):
        raise RecordError(
            None,
            "assists",
            ngettext(
                "{count} hints and take-backs, but a game of {actions} action may hold at most "
                "{most} (one per action and {beyond} more)",
                "{count} hints and take-backs, but a game of {actions} actions may hold at "
                "most {most} (one per action and {beyond} more)",
                action_count,
            ).format(
                count=f"{len(assists):,}",
                actions=f"{action_count:,}",
                most=f"{most_assists(action_count):,}",
                beyond=f"{ASSISTS_BEYOND_ACTIONS:,}",
            ),
        )
    undone, most = 0, most_undone(action_count)
    for index, assist in enumerate(assists):
        taken = assist.get("undone") if isinstance(assist, dict) else None
        undone += len(taken) if isinstance(taken, list) else 0
        if undone > most:
            raise RecordError(
                None,
                f"assists[{index}].undone",
                ngettext(
                    "the take-backs undo {count} actions by this one, but a game of {actions} "
                    "action may undo at most {most} in all ({per} per action and {beyond} more)",
                    "the take-backs undo {count} actions by this one, but a game of {actions} "
                    "actions may undo at most {most} in all ({per} per action and {beyond} "
                    "more)",
                    action_count,
                ).format(
                    count=f"{undone:,}",
                    actions=f"{action_count:,}",
                    most=f"{most:,}",
                    per=UNDONE_PER_ACTION,
                    beyond=f"{UNDONE_BEYOND_ACTIONS:,}",
                ),
            )


def _check_take_backs(record: GameRecord) -> None:
    """Every take-back undid moves that were played: working back from the actions kept,
    each take-back's line (what it kept, then what it undid) is a legal game, and a hint
    was given within the game as it stood. :class:`RecordError` names the first that is not.

    Each line shares its start with the one checked before it, so every action is played
    once: a file of many take-backs costs as much as its actions, never more.
    """
    line_length = len(record.actions)
    positions: list[core.Position] | None = None
    for index in range(len(record.assists) - 1, -1, -1):
        assist = record.assists[index]
        where = f"assists[{index}]"
        if assist.at > line_length:
            raise RecordError(
                None,
                f"{where}.at",
                ngettext(
                    "the game had only {count} action at that point, not {at}",
                    "the game had only {count} actions at that point, not {at}",
                    line_length,
                ).format(count=line_length, at=assist.at),
            )
        if assist.kind != "take_back":
            continue
        if not assist.undone:
            raise RecordError(None, f"{where}.undone", _("a take-back undoes at least one action"))
        if positions is None:
            positions = _positions(record)
        del positions[assist.at + 1 :]
        for number, action in enumerate(assist.undone):
            if core.is_over(positions[-1]):
                raise RecordError(
                    None, f"{where}.undone", _("it undoes actions after the end of the game")
                )
            try:
                positions.append(core.play(positions[-1], core.to_move(action)))
            except IllegalAction as error:
                raise RecordError(
                    None,
                    f"{where}.undone[{number}]",
                    # Translators: {reason} says which rule forbids the move.
                    _("an action the rules forbid: {reason}").format(
                        reason=rule_reason(error.reason)
                    ),
                ) from None
        line_length = assist.at + len(assist.undone)


def _positions(record: GameRecord) -> list[core.Position]:
    """The position before every action of ``record`` and after its last; a
    :class:`RecordError` names the first action the rules forbid."""
    position = core.new_game(record.rules, record.decks)
    positions = [position]
    total = len(record.actions)
    for index, action in enumerate(record.actions):
        if core.is_over(position):
            raise _after_the_end(index, total)
        try:
            position = core.play(position, core.to_move(action))
        except IllegalAction as error:
            raise _illegal(index, core.round_index(position) + 1, error) from None
        positions.append(position)
    return positions


# ----- the models ------------------------------------------------------------------------------


class SeatConfig(FrozenModel):
    """Who sits in a seat: a name, and a person or a computer player of some level."""

    model_config = ConfigDict(strict=True)

    name: str = Field(
        min_length=1,
        max_length=NAME_MAX_LENGTH,
        description="Shown literally (never as markup); surrounding spaces are removed; no "
        "control, format or invisible characters (see docs/save-format.md).",
    )
    player: Literal["human", "computer"]
    level: str | None = Field(
        None,
        min_length=1,
        max_length=LEVEL_MAX_LENGTH,
        description="The computer player's level (e.g. 'casual', 'expert'); null for a human.",
    )
    think_time: float | None = Field(
        None,
        ge=THINK_TIME_MIN,
        le=THINK_TIME_MAX,
        description="Seconds a thinking computer player (an expert) thinks per decision; "
        "left out for its default.",
    )

    @field_validator("name", mode="before")
    @classmethod
    def _strip_name(cls, value: Any) -> Any:
        return value.strip() if isinstance(value, str) else value

    @field_validator("name")
    @classmethod
    def _plain_name(cls, value: str) -> str:
        problem = name_problem(value)
        if problem:
            raise ValueError(problem)
        return value

    @model_validator(mode="after")
    def _level_matches_player(self) -> SeatConfig:
        if self.player == "computer" and self.level is None:
            raise ValueError(_("a computer player needs a level, e.g. 'casual'"))
        if self.player == "human" and self.level is not None:
            raise ValueError(
                _("a human player has no level (found {level}): use null").format(
                    level=repr(self.level)
                )
            )
        if self.think_time is not None and self.level not in THINKING_LEVELS:
            thinking = ", ".join(sorted(THINKING_LEVELS))
            if self.level is None:
                # Translators: {levels} are levels' names as files write them ("expert").
                problem = _("only {levels} players think: a human player has no think_time")
            else:
                # Translators: {levels} and {level} are levels' names as files write them.
                problem = _("only {levels} players think: a {level} player has no think_time")
            raise ValueError(problem.format(levels=thinking, level=self.level))
        return self


def seat_problem(name: str, player: str, level: str | None = None) -> str | None:
    """Why a seat cannot have this name, player and level, in plain words ("the name must be
    at most 24 characters long"); None if it can. For forms that check a seat as it is typed.
    """
    try:
        SeatConfig(name=name, player=player, level=level)  # type: ignore[arg-type]
    except ValidationError as error:
        location, problem = validation_problem(error)
        kind = error.errors(include_url=False)[0]["type"]
        if location and location[-1] == "name" and kind == "string_too_long":
            return ngettext(
                "the name must be at most {count} character long",
                "the name must be at most {count} characters long",
                NAME_MAX_LENGTH,
            ).format(count=NAME_MAX_LENGTH)
        if location and kind not in ("value_error", "missing"):
            # Translators: {field} is a field's name as files write it ("name", "level"),
            # {problem} what is wrong with its value ("must not be empty").
            return _("the {field} {problem}").format(field=location[-1], problem=problem)
        return problem
    return None


class Assist(FrozenModel):
    """Help a person had: a hint (the expert's suggestion), or a take-back (their moves and
    the computers' since undone, back to their previous decision). Kept so that a replay and
    a transcript tell the game as it happened."""

    kind: Literal["hint", "take_back"] = Field(description="'hint' or 'take_back'.")
    seat: int = Field(ge=0, description="The seat of the person helped.")
    at: int = Field(
        ge=0,
        description="How many actions the game had: when the hint was given, or that the "
        "take-back kept.",
    )
    undone: tuple[Action, ...] = Field(
        (), description="A take-back's actions taken back, in order (empty for a hint)."
    )


class TakenOver(FrozenModel):
    """Where a game taken over from a replay began, and whether people shared a keyboard."""

    at: int = Field(ge=0, description="How many actions of the original game it starts from.")
    shared: bool = Field(
        description="Two or more people shared one keyboard in the original game (or in a "
        "game that one was taken over from): the round in play stays hidden in replays, and "
        "the game opens on a hand-off."
    )


class GameRecord(FrozenModel):
    """A whole game: rules, seats, one shuffled deck per round and every action in order."""

    format: Literal["chickenfoot"] = Field(description="Always 'chickenfoot'.")
    version: Literal[3] = Field(description="The format version (see docs/save-format.md).")
    created: datetime = Field(description="When the game was dealt, in UTC (ISO 8601).")
    seed: int | None = Field(
        None,
        strict=True,
        ge=SEED_MIN,
        le=SEED_MAX,
        description="The seed the decks were shuffled with (a signed 64-bit integer); "
        "information only.",
    )
    rules: RuleSet
    seats: tuple[SeatConfig, ...] = Field(description="One per player, in seat order.")
    decks: tuple[tuple[TileField, ...], ...] = Field(
        description="One shuffled full set per round, in the order it is dealt."
    )
    actions: tuple[Action, ...] = Field(description="Every action of the game, in order.")
    assists: tuple[Assist, ...] = Field(
        (), description="Every hint and take-back, in the order they happened."
    )
    taken_over: TakenOver | None = Field(
        None, description="Set when the game was taken over from another one (a replay)."
    )

    @field_validator("created", mode="before")
    @classmethod
    def _read_created(cls, value: Any) -> datetime:
        return time_from(value)

    @field_validator("created")
    @classmethod
    def _created_in_utc(cls, value: datetime) -> datetime:
        if value.tzinfo is None or value.utcoffset() is None:
            raise ValueError(
                _("the time has no time zone: write it in UTC, e.g. 2026-11-30T18:43:04Z")
            )
        try:
            return value.astimezone(UTC)
        except OverflowError:
            raise ValueError(
                _("{time} is out of range in UTC").format(time=value.isoformat())
            ) from None

    @field_validator("rules", mode="before")
    @classmethod
    def _read_rules(cls, value: Any) -> Any:
        return rules_from(value) if isinstance(value, dict) else value

    # The lists are measured against the rules before their items are read: a list of
    # millions of bad items would otherwise take long to report.

    @field_validator("seats", mode="before")
    @classmethod
    def _seat_count(cls, value: Any, info: ValidationInfo) -> Any:
        rules = info.data.get("rules")
        if (
            isinstance(rules, RuleSet)
            and isinstance(value, (list, tuple))
            and len(value) != rules.players
        ):
            raise RecordError(
                None,
                "seats",
                ngettext(
                    "{count} seat, but the rules are for {players} players",
                    "{count} seats, but the rules are for {players} players",
                    len(value),
                ).format(count=len(value), players=rules.players),
            )
        return value

    @field_validator("seats")
    @classmethod
    def _known_levels(cls, seats: tuple[SeatConfig, ...]) -> tuple[SeatConfig, ...]:
        levels = known_levels()
        for index, seat in enumerate(seats):
            if seat.level is not None and seat.level not in levels:
                raise RecordError(
                    None,
                    f"seats[{index}].level",
                    _("unknown computer player level {level}: this program knows {levels}").format(
                        level=repr(seat.level), levels=", ".join(levels)
                    ),
                )
        return seats

    @field_validator("decks", mode="before")
    @classmethod
    def _read_decks(cls, value: Any, info: ValidationInfo) -> Any:
        if not isinstance(value, (list, tuple)):
            return value
        rules = info.data.get("rules")
        if isinstance(rules, RuleSet):
            check_deck_sizes(value, rules)
        decks = []
        for index, deck in enumerate(value):
            if not isinstance(deck, (list, tuple)):
                raise RecordError(
                    None,
                    f"decks[{index}]",
                    _("a deck is a list of tiles, not {kind}").format(kind=json_kind(deck)),
                )
            decks.append(
                tuple(
                    tile_from(tile, f"decks[{index}][{position}]")
                    for position, tile in enumerate(deck)
                )
            )
        return tuple(decks)

    @field_validator("actions", mode="before")
    @classmethod
    def _read_actions(cls, value: Any, info: ValidationInfo) -> Any:
        if not isinstance(value, (list, tuple)):
            return value
        rules = info.data.get("rules")
        players = rules.players if isinstance(rules, RuleSet) else None
        if isinstance(rules, RuleSet) and len(value) > most_actions(rules):
            raise RecordError(
                None,
                "actions",
                ngettext(
                    "{count} action, but a game under these rules cannot take more than {most}",
                    "{count} actions, but a game under these rules cannot take more than {most}",
                    len(value),
                ).format(count=len(value), most=most_actions(rules)),
            )
        return tuple(
            action_from(action, f"actions[{index}]", players) for index, action in enumerate(value)
        )

    @field_validator("assists", mode="before")
    @classmethod
    def _read_assists(cls, value: Any, info: ValidationInfo) -> Any:
        if not isinstance(value, (list, tuple)):
            return value
        if len(value) > MAX_ASSISTS:
            raise RecordError(
                None,
                "assists",
                _("{count} hints and take-backs: a game may hold at most {most}").format(
                    count=len(value), most=MAX_ASSISTS
                ),
            )
        actions = info.data.get("actions")
        if isinstance(actions, tuple):
            _check_help_size(value, len(actions))
        rules = info.data.get("rules")
        players = rules.players if isinstance(rules, RuleSet) else None
        return tuple(_assist(item, index, players) for index, item in enumerate(value))

    @model_validator(mode="after")
    def _consistent(self) -> GameRecord:
        try:
            check_decks(self.rules, self.decks)
        except BadDeck as error:
            where = _bad_deck_place(self.rules, self.decks)
            raise RecordError(None, where, deck_problem(error)) from None
        _check_take_backs(self)
        return self

    # ----- building ------------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        rules: RuleSet,
        seats: Sequence[SeatConfig],
        *,
        seed: int | None = None,
        decks: Sequence[Sequence[Tile]] | None = None,
    ) -> GameRecord:
        """A record of a new game with no actions yet, created now.

        Without ``decks`` they are shuffled with ``random.Random(seed)``; with no seed either, a
        random seed is drawn and recorded, so every shuffled game can be verified (``chickenfoot
        verify``). Given ``decks`` are kept as they are (the seed, if any, as information).
        Raises :class:`RecordError` if the seats or decks do not fit the rules.
        """
        if decks is None:
            if seed is None:  # a random deal still records its seed: anyone can verify it
                seed = secrets.randbits(SEED_BITS)
            decks = shuffled_decks(rules, random.Random(seed))
        try:
            return cls(
                format=FORMAT_NAME,
                version=FORMAT_VERSION,
                created=datetime.now(UTC),
                seed=seed,
                rules=rules,
                seats=tuple(seats),
                decks=tuple(tuple(deck) for deck in decks),
                actions=(),
            )
        except ValidationError as error:
            raise translate(error, None) from None

    def model_copy(
        self, *, update: Mapping[str, Any] | None = None, deep: bool = False
    ) -> GameRecord:
        """Like Pydantic's ``model_copy`` (no validation), minus the values this record
        remembers (its final state and id), which may not fit the copy."""
        copied = super().model_copy(update=update, deep=deep)
        for remembered in _REMEMBERED:
            copied.__dict__.pop(remembered, None)
        return copied

    def appended(self, action: Play | Draw | Pass) -> GameRecord:
        """This record with ``action`` added at the end. Cheap: nothing is validated or replayed.

        If this record's final state is already known, the new record's
        :meth:`final_state` starts from it instead of replaying the whole game.
        """
        fields = {name: self.__dict__[name] for name in type(self).model_fields}
        fields["actions"] = self.actions + (action,)
        record = type(self).model_construct(**fields)
        known = self.__dict__.get("_final_state")
        if known is not None:
            record.__dict__["_known_state"] = (known, len(self.actions))
        return record

    def truncated(self, action_count: int) -> GameRecord:
        """This record with only its first ``action_count`` actions."""
        fields = {name: self.__dict__[name] for name in type(self).model_fields}
        fields["actions"] = self.actions[:action_count]
        return type(self).model_construct(**fields)

    def with_hint(self, seat: int) -> GameRecord:
        """This record with a hint given to ``seat`` now (after its last action)."""
        return self._with_assist(Assist(kind="hint", seat=seat, at=len(self.actions)))

    def taken_back(self, seat: int, keep: int) -> GameRecord:
        """This record with every action after the first ``keep`` taken back by ``seat``: the
        actions end there and the take-back, with the actions it undid, is recorded."""
        undone = self.actions[keep:]
        record = self.truncated(keep)
        return record._with_assist(Assist(kind="take_back", seat=seat, at=keep, undone=undone))

    def has_room_for_hint(self) -> bool:
        """True if one more hint keeps this game within :func:`most_assists`."""
        return len(self.assists) < most_assists(len(self.actions))

    def has_room_for_take_back(self, keep: int) -> bool:
        """True if a take-back keeping the first ``keep`` actions keeps this game within
        :func:`most_assists` and :func:`most_undone`."""
        undone = sum(len(assist.undone) for assist in self.assists) + len(self.actions) - keep
        return len(self.assists) < most_assists(keep) and undone <= most_undone(keep)

    @property
    def shared_keyboard(self) -> bool:
        """True when two or more people share one keyboard in this game, or did in the game it
        was taken over from: its round in play stays hidden in replays."""
        people = sum(1 for seat in self.seats if seat.player == "human")
        return people >= 2 or (self.taken_over is not None and self.taken_over.shared)

    def hints_used(self) -> tuple[int, ...]:
        """How many hints each seat had, in seat order."""
        return self._assists_per_seat("hint")

    def take_backs(self) -> tuple[int, ...]:
        """How many take-backs each seat made, in seat order."""
        return self._assists_per_seat("take_back")

    def _assists_per_seat(self, kind: str) -> tuple[int, ...]:
        counts = [0] * len(self.seats)
        for assist in self.assists:
            if assist.kind == kind:
                counts[assist.seat] += 1
        return tuple(counts)

    def _with_assist(self, assist: Assist) -> GameRecord:
        fields = {name: self.__dict__[name] for name in type(self).model_fields}
        fields["assists"] = self.assists + (assist,)
        record = type(self).model_construct(**fields)
        for remembered in _REMEMBERED:
            if remembered in self.__dict__:
                record.__dict__[remembered] = self.__dict__[remembered]
        return record

    # ----- replaying -----------------------------------------------------------------------

    def replay(self) -> Iterator[tuple[GameState, tuple[Event, ...], Play | Draw | Pass | None]]:
        """Every state of the game from the first deal: ``(state, events, action)``.

        The first item is the deal (``new_game``'s state and events, action ``None``); then one
        item per action, with the state after it and the events it caused. Raises
        :class:`RecordError` (``where`` = ``actions[i]``) at an action the rules forbid.
        """
        state, events = new_game(self.rules, self.decks)
        yield state, events, None
        for index, action in enumerate(self.actions):
            state, events = _apply_recorded(state, action, index, len(self.actions))
            yield state, events, action

    def states(self) -> Iterator[GameState]:
        """Every state of the game, from the first deal to the latest action."""
        for state, _events, _action in self.replay():
            yield state

    def final_state(self) -> GameState:
        """The state after the last action (replayed once, then remembered)."""
        return self._final_state

    @cached_property
    def _final_state(self) -> GameState:
        # Replayed on the rules' fast lane: no state is built for the actions in between.
        known: tuple[GameState, int] | None = self.__dict__.get("_known_state")
        if known is None:
            position, start = core.new_game(self.rules, self.decks), 0
        else:
            state, start = known
            position = core.from_state(state)
        total = len(self.actions)
        for index in range(start, total):
            if core.is_over(position):
                raise _after_the_end(index, total)
            try:
                position = core.play(position, core.to_move(self.actions[index]))
            except IllegalAction as error:
                raise _illegal(index, core.round_index(position) + 1, error) from None
        return core.to_state(position)

    @property
    def finished(self) -> bool:
        """True if the last action ended the game."""
        return self.final_state().over

    @cached_property
    def game_id(self) -> str:
        """A short id for this game, stable across saves: a hash of its creation time and decks."""
        digest = hashlib.sha256(self.created.isoformat().encode())
        for deck in self.decks:
            digest.update(" ".join(map(str, deck)).encode())
        return digest.hexdigest()[:8]


_REMEMBERED = ("_final_state", "_known_state", "game_id")
"""The values a record computes once and keeps beside its fields."""


def _assist(value: Any, index: int, players: int | None) -> Assist:
    """Recorded hint or take-back number ``index`` (an :class:`Assist` or its JSON object)."""
    if isinstance(value, Assist):
        return value
    kind, seat, at, undone = assist_fields(value, index, players)
    return Assist(kind="hint" if kind == "hint" else "take_back", seat=seat, at=at, undone=undone)


def _apply_recorded(
    state: GameState, action: Play | Draw | Pass, index: int, total: int
) -> tuple[GameState, tuple[Event, ...]]:
    """Apply the recorded action number ``index`` (0-based), naming it in any error."""
    if state.over:
        raise _after_the_end(index, total)
    try:
        return apply(state, action)
    except IllegalAction as error:
        raise _illegal(index, state.round_number, error) from None


def _after_the_end(index: int, total: int) -> RecordError:
    """The error for recorded action number ``index`` (0-based) after the game ended."""
    extra = total - index
    return RecordError(
        None,
        f"actions[{index}]",
        ngettext(
            "action {number}: the game was already over, yet the file has {count} more action",
            "action {number}: the game was already over, yet the file has {count} more actions",
            extra,
        ).format(number=index + 1, count=extra),
    )


def _illegal(index: int, round_number: int, error: IllegalAction) -> RecordError:
    """The error for recorded action number ``index`` (0-based), which the rules forbid."""
    return RecordError(
        None,
        f"actions[{index}]",
        # Translators: {reason} says which rule forbids the move ("the tile is not in the hand").
        _("action {number} (round {round}): {reason}").format(
            number=index + 1, round=round_number, reason=rule_reason(error.reason)
        ),
    )


def _bad_deck_place(rules: RuleSet, decks: Sequence[Sequence[Tile]]) -> str:
    """The JSON path of the first deck that is not exactly one full set (or ``decks``)."""
    if len(decks) != rules.round_count:
        return "decks"
    expected = sorted(full_set(rules.set_size))
    for index, deck in enumerate(decks):
        if sorted(deck) != expected:
            return f"decks[{index}]"
    return "decks"
