"""Rule sets: the two presets of RULES.md and every difference between them as a field.

A :class:`RuleSet` is frozen and validated as a whole: a combination that cannot be dealt or
played (8 players x 7 tiles from a 55-tile set, 8 arms on a double-6 set, ...) is refused with
a :class:`RuleProblem` per thing wrong: which field, a code naming the problem, the numbers
that say what would work, and an English message for developers. Programs that talk to players
word the code and numbers themselves (:func:`chickenfoot.text.ruleset.rule_problem`). Build one
with :func:`preset`.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Literal, get_args

from pydantic import Field, ValidationError, model_validator

from chickenfoot.rules._frozen import FrozenModel
from chickenfoot.rules.tiles import SET_SIZES, set_tile_count

PresetName = Literal["cross", "trains"]
PRESETS: tuple[PresetName, ...] = ("cross", "trains")

MIN_PLAYERS = 2
MAX_PLAYERS = 8
MAX_ARMS = 8

TRAINS_DOUBLE_NINE_HANDS: dict[int, int] = {2: 21, 3: 14, 4: 11, 5: 8, 6: 7, 7: 6, 8: 5}
"""Hand sizes of the ``trains`` source for a double-9 set, by number of players."""

CROSS_HAND = 7
CROSS_DOUBLE_SIX_HAND = 5


ProblemCode = Literal[
    "unknown_preset",
    "unknown_field",
    "too_small",
    "too_big",
    "not_a_choice",
    "not_a_number",
    "not_valid",
    "too_many_kept",
    "too_few_tiles",
    "too_many_arms",
    "too_many_rounds",
]
"""What is wrong with a rule set, and the :attr:`RuleProblem.values` that say more:

- ``unknown_preset``: no preset has that name (``name``).
- ``unknown_field``: no rule has that name (the problem's field).
- ``too_small``: the number is below the field's bound (``least``).
- ``too_big``: the number is above the field's bound (``most``).
- ``not_a_choice``: the value is none of the field's choices (``choices``, a tuple).
- ``not_a_number``: the field takes a whole number.
- ``not_valid``: any other value the field does not take.
- ``too_many_kept``: more tiles kept in the boneyard (``kept``) than a set of ``set_size``
  (``tiles`` tiles) leaves with a tile each: keep at most ``most``.
- ``too_few_tiles``: ``players`` hands of ``hand`` tiles, plus ``reserve`` kept in the
  boneyard and the centre double if ``search``, need ``needed`` tiles, more than the set of
  ``set_size`` holds (``tiles``); what would work: a double-``bigger`` set (None: none is big
  enough), at most ``most`` tiles each (0: not even one), at most ``fewest`` players (None:
  fewer seats would not do).
- ``too_many_arms``: ``arms`` arms, but a set of ``set_size`` has only ``set_size`` tiles
  carrying its double's number besides the double.
- ``too_many_rounds``: ``rounds`` rounds, but a set of ``set_size`` has only ``set_size + 1``
  doubles to start them.
"""


@dataclasses.dataclass(frozen=True)
class RuleProblem:
    """One thing wrong with a rule set: the field at fault, a :data:`ProblemCode` with the
    numbers that go with it, and the same in English for developers (never shown to players)."""

    field: str
    """The :class:`RuleSet` field at fault (``preset`` for an unknown preset; ``rules`` when no
    one field is)."""
    code: ProblemCode
    message: str
    """The problem in English, for developers and logs."""
    values: dict[str, Any] = dataclasses.field(default_factory=dict)
    """The numbers and names the code's words need (see :data:`ProblemCode`)."""


class RuleSetError(ValueError):
    """A rule set that cannot be played: ``problems`` holds each thing wrong with it (a
    :class:`RuleProblem`); ``str(error)`` joins their English messages, for developers."""

    def __init__(self, problems: tuple[RuleProblem, ...]) -> None:
        self.problems = problems
        super().__init__("; ".join(problem.message for problem in problems))


class RuleSet(FrozenModel):
    """Every rule that differs between games, frozen. See docs/rules.md for each field."""

    preset: PresetName = Field("cross", description="The preset these rules started from.")
    set_size: Literal[6, 9, 12, 15, 18] = Field(9, description="Highest double of the set.")
    players: int = Field(4, ge=MIN_PLAYERS, le=MAX_PLAYERS, description="Seats at the table.")
    hand_size: int | None = Field(
        None, ge=1, description="Tiles dealt to each seat; None: the preset's default."
    )
    arms: int | None = Field(
        None, ge=2, le=MAX_ARMS, description="Arms the centre double needs; None: one per seat."
    )
    drawn_tile: Literal["may_play", "must_play"] = Field(
        "may_play", description="Whether a playable drawn tile may be kept or must be played."
    )
    draw: Literal["one", "until_playable"] = Field(
        "one", description="Draw one tile, or keep drawing until one can be played."
    )
    reserve: int | None = Field(
        None,
        ge=0,
        description="Tiles never drawn from the boneyard; None: 2 for 2 players, else 1.",
    )
    double_blank_points: int = Field(
        0, ge=0, description="Points for a 0|0 left in hand; 0 scores it as its pips (0)."
    )
    round_start: Literal["holder", "search"] = Field(
        "holder",
        description="holder: deal, the holder of the double places it (others draw to find it); "
        "search: draw to find the double before the deal, the finder plays first.",
    )
    tie_break: Literal["zero_rounds", "shared"] = Field(
        "zero_rounds",
        description="zero_rounds: most rounds at 0, then lowest non-zero round, then shared.",
    )
    rounds: int | None = Field(
        None, ge=1, description="Rounds to play, counting down from the highest double; None: all."
    )

    # ----- resolved values ---------------------------------------------------------------

    @property
    def tile_count(self) -> int:
        """Tiles in the set: 55 for double-9."""
        return set_tile_count(self.set_size)

    @property
    def tiles_per_hand(self) -> int:
        """Tiles dealt to each seat, the preset default filled in."""
        if self.hand_size is not None:
            return self.hand_size
        return default_hand_size(self.preset, self.set_size, self.players)

    @property
    def arm_count(self) -> int:
        """Arms the centre double must receive before anything else is played."""
        return self.arms if self.arms is not None else self.players

    @property
    def reserve_count(self) -> int:
        """Tiles that stay in the boneyard and are never drawn."""
        if self.reserve is not None:
            return self.reserve
        return default_reserve(self.players)

    @property
    def round_count(self) -> int:
        """Rounds in the game: all N+1 doubles unless shortened."""
        return self.rounds if self.rounds is not None else self.set_size + 1

    def round_double(self, round_index: int) -> int:
        """The value of the double that opens round ``round_index`` (0-based): N, N-1, ..."""
        return self.set_size - round_index

    # ----- validation ----------------------------------------------------------------------

    def problems(self) -> tuple[RuleProblem, ...]:
        """Every reason these rules cannot be played (see :class:`RuleProblem`); empty if fine."""
        found: list[RuleProblem] = []
        tiles = self.tile_count
        hand = self.tiles_per_hand
        set_name = f"a double-{self.set_size} set"
        centre = 1 if self.round_start == "search" else 0
        set_aside = self.reserve_count + centre
        needed = self.players * hand + set_aside
        most_reserve = tiles - self.players - centre
        if self.reserve_count > most_reserve:  # too many even with one tile each
            found.append(
                RuleProblem(
                    "reserve",
                    "too_many_kept",
                    f"{self.reserve_count} tiles kept in the boneyard, but {set_name} has only "
                    f"{tiles}: keep at most {max(most_reserve, 0)}",
                    {
                        "kept": self.reserve_count,
                        "set_size": self.set_size,
                        "tiles": tiles,
                        "most": max(most_reserve, 0),
                    },
                )
            )
        elif needed > tiles:
            extras = []
            if self.reserve_count:
                extras.append(f"{self.reserve_count} kept in the boneyard")
            if self.round_start == "search":
                extras.append("1 for the centre double")
            extra_text = f" + {' + '.join(extras)}" if extras else ""
            most = (tiles - set_aside) // self.players
            fixes = []
            bigger = next(
                (s for s in SET_SIZES if s > self.set_size and set_tile_count(s) >= needed), None
            )
            if bigger is not None:
                fixes.append(f"use a double-{bigger} set")
            if most >= 1:
                fixes.append(f"at most {most} tile{'' if most == 1 else 's'} each")
            fewest_players: int | None = None
            if most >= 1 and self.players > MIN_PLAYERS:
                fewest = (tiles - set_aside) // hand
                if fewest >= MIN_PLAYERS:
                    fixes.append(f"at most {fewest} players")
                    fewest_players = fewest
            fix_text = ": " + ", or ".join(fixes) if fixes else ""
            found.append(
                RuleProblem(
                    "hand_size",
                    "too_few_tiles",
                    f"{self.players} seats × {hand} tiles{extra_text} = {needed} tiles, "
                    f"but {set_name} has only {tiles}{fix_text}",
                    {
                        "players": self.players,
                        "hand": hand,
                        "reserve": self.reserve_count,
                        "search": self.round_start == "search",
                        "needed": needed,
                        "set_size": self.set_size,
                        "tiles": tiles,
                        "bigger": bigger,
                        "most": max(most, 0),
                        "fewest": fewest_players,
                    },
                )
            )
        if self.arm_count > self.set_size:
            found.append(
                RuleProblem(
                    "arms",
                    "too_many_arms",
                    f"{self.arm_count} arms need {self.arm_count} tiles carrying "
                    f"{self.set_size}, but {set_name} has only {self.set_size}: "
                    f"use at most {self.set_size} arms, or a bigger set",
                    {"arms": self.arm_count, "set_size": self.set_size},
                )
            )
        if self.rounds is not None and self.rounds > self.set_size + 1:
            found.append(
                RuleProblem(
                    "rounds",
                    "too_many_rounds",
                    f"{self.rounds} rounds, but {set_name} has only {self.set_size + 1} doubles "
                    f"to start them: play at most {self.set_size + 1} rounds",
                    {"rounds": self.rounds, "set_size": self.set_size},
                )
            )
        return tuple(found)

    @model_validator(mode="after")
    def _must_be_playable(self) -> RuleSet:
        found = self.problems()
        if found:
            raise ValueError("; ".join(problem.message for problem in found))
        return self


def default_hand_size(preset: PresetName, set_size: int, players: int) -> int:
    """The documented default hand size for a preset, set size and number of players.

    ``cross``: 7 each (5 with a double-6 set). ``trains``: the source's double-9 table, scaled
    to the set's tile count and rounded, never more than the set can deal.
    """
    if preset == "cross":
        return CROSS_DOUBLE_SIX_HAND if set_size == 6 else CROSS_HAND
    tiles = set_tile_count(set_size)
    scaled = round(TRAINS_DOUBLE_NINE_HANDS[players] * tiles / set_tile_count(9))
    return max(1, min(scaled, (tiles - 1 - default_reserve(players)) // players))


def default_reserve(players: int) -> int:
    """Tiles kept in the boneyard when the rules leave ``reserve`` unset: 2 for two players,
    1 for more (the ``trains`` source)."""
    return 2 if players == 2 else 1


PRESET_FIELDS: dict[PresetName, dict[str, Any]] = {
    "cross": {
        "arms": 4,
        "drawn_tile": "may_play",
        "draw": "one",
        "reserve": 0,
        "double_blank_points": 50,
        "round_start": "holder",
        "tie_break": "zero_rounds",
    },
    "trains": {
        "arms": None,
        "drawn_tile": "must_play",
        "draw": "one",
        "reserve": None,
        "double_blank_points": 0,
        "round_start": "search",
        "tie_break": "shared",
    },
}
"""The fields each preset sets; anything not listed takes the field's default."""


def preset(name: PresetName, **overrides: Any) -> RuleSet:
    """Build the rule set of preset ``name`` with house-rule ``overrides``.

    Raises :class:`RuleSetError` (a ``ValueError``) with one message per problem if the
    combination cannot be played, e.g. ``preset("cross", players=8)``.
    """
    if name not in PRESET_FIELDS:
        message = f"unknown preset {name!r}: choose cross or trains"
        raise RuleSetError((RuleProblem("preset", "unknown_preset", message, {"name": name}),))
    return build_rules({**PRESET_FIELDS[name], **overrides, "preset": name})


def build_rules(fields: dict[str, Any]) -> RuleSet:
    """Validate ``fields`` into a :class:`RuleSet`, raising :class:`RuleSetError` if unplayable."""
    try:
        return RuleSet.model_validate(fields)
    except ValidationError as error:
        problems: list[RuleProblem] = []
        for item in error.errors():
            if not item["loc"]:
                # A whole-model problem: split it back into its per-field problems.
                candidate = RuleSet.model_construct(**fields)
                problems.extend(candidate.problems())
                continue
            problems.append(_field_problem(str(item["loc"][0]), item["type"], item.get("ctx", {})))
        raise RuleSetError(tuple(problems)) from None


def _field_problem(name: str, kind: str, context: dict[str, Any]) -> RuleProblem:
    """The problem of field ``name`` from Pydantic's error type ``kind`` and its context."""
    if kind == "extra_forbidden":
        return RuleProblem(name, "unknown_field", f"{name}: there is no such rule")
    if kind in ("greater_than_equal", "less_than_equal"):
        bound = context["ge" if kind == "greater_than_equal" else "le"]
        if kind == "greater_than_equal":
            return RuleProblem(name, "too_small", f"{name}: at least {bound}", {"least": bound})
        return RuleProblem(name, "too_big", f"{name}: at most {bound}", {"most": bound})
    if kind == "literal_error":
        choices = get_args(RuleSet.model_fields[name].annotation)
        names = [str(choice) for choice in choices]
        listed = " or ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)
        return RuleProblem(name, "not_a_choice", f"{name}: choose {listed}", {"choices": choices})
    if kind in ("int_type", "int_parsing", "int_from_float"):
        return RuleProblem(name, "not_a_number", f"{name}: a whole number is needed")
    return RuleProblem(name, "not_valid", f"{name}: not a value this rule takes")
