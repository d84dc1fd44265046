"""The New game set-up as data and words, for every interface that offers it: the rule
options of the form (:data:`RULE_FIELDS`, each with its label and choices), a preset's values,
the players a seat can have, and the checks of the seats' names. The full-screen set-up
(``chickenfoot.tui.screens.setup``) and the plain mode's (``chickenfoot.plain.setup``) both
use them; the rules themselves are checked by :func:`chickenfoot.rules.build_rules`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from chickenfoot.bots import (
    BOT_LEVELS,
    DEFAULT_LEVEL,
    THINKING_LEVELS,
    ladder_level,
    level_description,
    level_name,
)
from chickenfoot.lang import N_, _, ngettext
from chickenfoot.record.model import (
    THINK_TIME_MAX,
    THINK_TIME_MIN,
    SeatConfig,
    seat_problem,
)
from chickenfoot.rules import SET_SIZES, RuleSet
from chickenfoot.rules.ruleset import (
    PRESET_FIELDS,
    PresetName,
    default_hand_size,
    default_reserve,
)
from chickenfoot.rules.tiles import set_tile_count
from chickenfoot.text.words import alternatives, is_you

HUMAN = "human"
COMPUTER_PREFIX = "computer:"
SPARE_NAMES = ("Ada", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hal", "Ivy")
"""Names for added seats, the first one not in use is taken."""

NOBODY_PLAYS = N_("No seat is a person: the computers will play on their own (you can watch).")
"""The warning (not a problem: the game can start) when every seat is a computer (marked for
the catalogue: translate it where it is shown)."""

SET_CHOICES = "sets"
"""The choices of a field that are the domino sets (worded by :func:`set_choice`)."""


@dataclass(frozen=True)
class RuleField:
    """One rule option in the form: its RuleSet field, label, and choices (None: a number).
    Its words are kept as the catalogue's English (marked with ``N_``): :attr:`label`,
    :attr:`choices` and :func:`blank_meaning` give them in the language in use."""

    name: str
    label_words: str
    choice_words: tuple[tuple[str, str], ...] | str | None = None
    """(words, value) pairs for a list (:data:`SET_CHOICES`: the sets); None for a number
    typed in an Input."""
    blank_means: str = ""
    """For numbers: what an empty field means (filled into the placeholder)."""

    @property
    def label(self) -> str:
        """The field's label, in the language in use."""
        return _(self.label_words)

    @property
    def choices(self) -> tuple[tuple[str, str], ...] | None:
        """(shown text, value) pairs for a list, in the language in use; None for a number."""
        if self.choice_words is None:
            return None
        if isinstance(self.choice_words, str):  # SET_CHOICES
            return tuple((set_choice(size), str(size)) for size in SET_SIZES)
        return tuple((_(words), value) for words, value in self.choice_words)


def set_choice(size: int) -> str:
    """A domino set as the form offers it: "double-9 (55 tiles)"."""
    count = set_tile_count(size)
    return ngettext("double-{size} ({count} tile)", "double-{size} ({count} tiles)", count).format(
        size=size, count=count
    )


RULE_FIELDS: tuple[RuleField, ...] = (
    RuleField("set_size", N_("Domino set"), SET_CHOICES),
    RuleField("hand_size", N_("Tiles in each hand"), blank_means=N_("default: {hand}")),
    RuleField("arms", N_("Arms on the centre"), blank_means=N_("one per seat ({players})")),
    RuleField(
        "drawn_tile",
        N_("A playable drawn tile"),
        ((N_("may be played or kept"), "may_play"), (N_("must be played"), "must_play")),
    ),
    RuleField(
        "draw",
        N_("Drawing"),
        ((N_("draw one tile"), "one"), (N_("draw until playable"), "until_playable")),
    ),
    RuleField("reserve", N_("Tiles never drawn"), blank_means=N_("default: {reserve}")),
    RuleField("double_blank_points", N_("0|0 left in hand scores"), blank_means=N_("0 (its pips)")),
    RuleField(
        "round_start",
        N_("Round start"),
        ((N_("holder places the double"), "holder"), (N_("search before the deal"), "search")),
    ),
    RuleField(
        "tie_break",
        N_("Ties"),
        ((N_("most rounds at 0, then lowest"), "zero_rounds"), (N_("shared"), "shared")),
    ),
    RuleField("rounds", N_("Rounds"), blank_means=N_("all ({all_rounds})")),
)
"""Every RuleSet field the form sets (besides preset and players), in form order."""

FIELDS_BY_NAME: dict[str, RuleField] = {field.name: field for field in RULE_FIELDS}


def preset_values(preset_name: PresetName) -> dict[str, str]:
    """The form's text for every rule field under ``preset_name`` ("" for None)."""
    defaults = RuleSet.model_fields
    values: dict[str, str] = {}
    for field in RULE_FIELDS:
        value = PRESET_FIELDS[preset_name].get(field.name, defaults[field.name].default)
        values[field.name] = "" if value is None else str(value)
    return values


def blank_meaning(field: RuleField, preset_name: PresetName, set_size: int, players: int) -> str:
    """What an empty number ``field`` means for this set-up ("default: 7", "all (10)")."""
    return _(field.blank_means).format(
        hand=default_hand_size(preset_name, set_size, players),
        players=players,
        reserve=default_reserve(players),
        all_rounds=set_size + 1,
    )


def kind_options() -> list[tuple[str, str]]:
    """The player choices of a seat: a person, or a computer player of each level."""
    return [(_("Person"), HUMAN)] + [
        (computer_choice(level), COMPUTER_PREFIX + level) for level in BOT_LEVELS
    ]


def computer_choice(level: str) -> str:
    """A computer player of ``level`` as a choice: "Computer: hard"."""
    return _("Computer: {level}").format(level=level_name(level))


def who_plays_question(who: str, now: str) -> str:
    """The plain mode's question of who plays a seat (``who``: "seat 2", or a name), asked
    as a question even when spoken: "Who plays seat 2: a person, or a computer (beginner,
    casual, hard or expert)? [person]" (``now``: the answer Enter keeps)."""
    # Translators: the levels' names ({levels}) and the answer Enter keeps ({now}) are what
    # the player types: they stay as they are.
    return _("Who plays {who}: a person, or a computer ({levels})? [{now}] ").format(
        who=who, levels=alternatives(BOT_LEVELS), now=now
    )


def levels_text() -> str:
    """One line per computer player level: its name and what it does."""
    return "\n".join(
        _("{choice}: {description}").format(
            choice=computer_choice(level), description=level_description(level)
        )
        for level in BOT_LEVELS
    )


def kind_value(seat: SeatConfig) -> str:
    """The seat's player as a choice value: an older level name as the ladder level it is, an
    unknown one as the default level."""
    if seat.player == "human" or seat.level is None:
        return HUMAN
    try:
        return COMPUTER_PREFIX + ladder_level(seat.level)
    except ValueError:
        return COMPUTER_PREFIX + DEFAULT_LEVEL


def rule_fields_from_form(preset_name: str, players: int, values: dict[str, str]) -> dict[str, Any]:
    """The fields for :func:`build_rules` from the form's text (blank numbers: the default)."""
    fields: dict[str, Any] = {"preset": preset_name, "players": players}
    for field in RULE_FIELDS:
        text = values.get(field.name, "").strip()
        if field.choices is not None:
            fields[field.name] = int(text) if field.name == "set_size" else text
        elif text:
            fields[field.name] = int(text)
        elif field.name == "double_blank_points":
            fields[field.name] = 0
        else:
            fields[field.name] = None
    return fields


def seat_problems(seats: Iterable[tuple[str, str]]) -> dict[int, str]:
    """Problems with the seats' names by seat index: empty, repeated, refused by SeatConfig,
    or "You" while two or more people share the keyboard (the game would call everyone "you":
    "Pass to You")."""
    problems: dict[int, str] = {}
    seen: dict[str, int] = {}
    seats = list(seats)
    people = sum(kind == HUMAN for _name, kind in seats)
    for index, (name, kind) in enumerate(seats):
        cleaned = name.strip()
        if not cleaned:
            problems[index] = _("Give this seat a name.")
            continue
        if people > 1 and is_you(cleaned):
            problems[index] = _("Two or more people play: give this seat its player's name.")
            continue
        key = cleaned.casefold()
        if key in seen:
            problems[index] = _("Seat {number} already has this name: names must differ.").format(
                number=seen[key] + 1
            )
            continue
        seen[key] = index
        problem = seat_problem(cleaned, *seat_player(kind))
        if problem is not None:
            problems[index] = problem[0].upper() + problem[1:]
    return problems


def seat_player(kind: str) -> tuple[str, str | None]:
    """The player and level of a player choice value."""
    if kind == HUMAN:
        return "human", None
    return "computer", kind.removeprefix(COMPUTER_PREFIX)


def seat_config(name: str, kind: str, think_time: float | None = None) -> SeatConfig:
    """The SeatConfig for a name and a player choice value (a thinking level thinks
    ``think_time`` seconds a move; None: its default)."""
    if kind == HUMAN:
        return SeatConfig(name=name, player="human")
    level = kind.removeprefix(COMPUTER_PREFIX)
    thinks = think_time if level in THINKING_LEVELS else None
    return SeatConfig(name=name, player="computer", level=level, think_time=thinks)


THINK_TIME_LABEL = N_("Expert thinks (s)")
"""The think time's field: how long a thinking level (the expert) thinks per move (marked for
the catalogue: translate it where it is shown)."""


def thinks(kind: str) -> bool:
    """True if the player choice value ``kind`` is a computer level that thinks (whose think
    time the form sets)."""
    return kind.removeprefix(COMPUTER_PREFIX) in THINKING_LEVELS


def think_time_from_text(text: str) -> float | None:
    """The think time typed in the form (blank: None, the default); ``ValueError`` in plain
    words if it is not a number of seconds within the bounds."""
    text = text.strip()
    if not text:
        return None
    digits = text.replace(".", "", 1)
    seconds = float(text) if digits.isascii() and digits.isdigit() else None
    if seconds is None or not THINK_TIME_MIN <= seconds <= THINK_TIME_MAX:
        raise ValueError(
            _("Think time: a number of seconds from {least} to {most}").format(
                least=f"{THINK_TIME_MIN:g}", most=f"{THINK_TIME_MAX:g}"
            )
        )
    return seconds


def think_time_text(seats: Iterable[SeatConfig]) -> str:
    """The think time the form shows: the first thinking seat's, or blank for the default."""
    return next((f"{seat.think_time:g}" for seat in seats if seat.think_time is not None), "")
