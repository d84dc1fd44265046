"""The options shared by the commands that set up games without a screen.

Every :class:`~chickenfoot.rules.RuleSet` field but ``preset`` has a flag (:data:`RULE_FLAGS`);
a flag left out keeps the preset's value. :func:`rules_from_args` builds the rule set and
:func:`rules_error_text` words its refusal with the flags' names. :func:`add_thinking_options`
adds how long a thinking computer player thinks (``--think-time``, ``--playouts``), and
:func:`levels_help` lists the computer player levels for a help text, and
:func:`add_store_option` adds ``--store`` (a PostgreSQL database instead of ``chickenfoot.db``).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any, get_args

from chickenfoot.bots import BOT_LEVELS, DEFAULT_THINK_TIME, LEVEL_ALIASES, STRATEGIES
from chickenfoot.lang import N_, _, pgettext
from chickenfoot.rules import PRESETS, SET_SIZES, RuleSet, RuleSetError, preset
from chickenfoot.rules.ruleset import PRESET_FIELDS
from chickenfoot.text.ruleset import rule_problem_at


def _choices(field: str) -> tuple[Any, ...]:
    """The values a ``Literal`` field of :class:`RuleSet` allows, read from the model."""
    return get_args(RuleSet.model_fields[field].annotation)


RULE_HELP: dict[str, str] = {
    "players": N_("Seats at the table, 2 to 8."),
    "set_size": N_("Highest double of the set."),
    "hand_size": N_("Tiles dealt to each seat; 'auto': the preset's table for the set and seats."),
    "arms": N_("Arms the centre double needs, 2 to 8; 'auto': one per seat."),
    "drawn_tile": N_("Whether a playable drawn tile may be kept or must be played at once."),
    "draw": N_("A seat with no play draws one tile, or keeps drawing until one can be played."),
    "reserve": N_(
        "Tiles that stay in the boneyard and are never drawn; 'auto': 2 for 2 players, else 1."
    ),
    "double_blank_points": N_("What a 0|0 left in hand scores (it has no pips: 0 scores nothing)."),
    # Translators: holder and search are the values typed after --round-start: keep them.
    "round_start": N_(
        "holder: deal, the holder of the round's double places it (others draw to find it); "
        "search: turn tiles to find the double before the deal, the finder plays first."
    ),
    # Translators: zero_rounds and shared are the values typed after --tie-break: keep them.
    "tie_break": N_(
        "zero_rounds: most rounds at 0, then the lowest non-zero round, then shared; "
        "shared: a tie on totals shares the win."
    ),
    "rounds": N_("Rounds to play, counting down from the highest double; 'all': one per double."),
}
"""The help of each rule flag (in English: translated where shown); the presets' values are
added from the rules themselves."""


def _rule_help(field: str) -> str:
    """The help of the flag for ``field``, with each preset's value (or the default) added."""
    default = RuleSet.model_fields[field].default
    values = [PRESET_FIELDS[name].get(field, default) for name in PRESETS]
    keyword = "all" if field == "rounds" else "auto"
    shown = [keyword if value is None else str(value) for value in values]
    if len(set(shown)) == 1:
        # Translators: a rule flag's help, then its value in every preset.
        text = _("{help} (default: {value})").format(help=_(RULE_HELP[field]), value=shown[0])
    else:
        values_text = ", ".join(
            f"{name}: {value}" for name, value in zip(PRESETS, shown, strict=True)
        )
        # Translators: a rule flag's help, then each preset's value ("cross: 7, trains: auto").
        text = _("{help} ({values})").format(help=_(RULE_HELP[field]), values=values_text)
    return text.replace("%", "%%")


def _whole_number_or(keyword: str) -> Callable[[str], int | None]:
    """An argparse type reading a whole number, or ``keyword`` for "the rules' default"."""

    def parse(text: str) -> int | None:
        if text == keyword:
            return None
        try:
            return int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                _("{text} is not a whole number (or {keyword})").format(
                    text=repr(text), keyword=repr(keyword)
                )
            ) from None

    parse.__name__ = f"whole number or {keyword!r}"
    return parse


def positive_int(text: str) -> int:
    """An argparse type reading a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(not_whole_number(text)) from None
    if value < 1:
        raise argparse.ArgumentTypeError(_("{value} is too small: at least 1").format(value=value))
    return value


def not_whole_number(text: str) -> str:
    """Why ``text`` typed for a number is refused."""
    return _("{text} is not a whole number").format(text=repr(text))


def positive_seconds(text: str) -> float:
    """An argparse type reading a number of seconds above 0 (e.g. ``0.2``)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("{text} is not a number of seconds").format(text=repr(text))
        ) from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(
            _("{text} seconds is not a think time: more than 0").format(text=text)
        )
    return value


def add_thinking_options(parser: argparse.ArgumentParser) -> None:
    """``--think-time`` and ``--playouts``: how long the expert thinks per decision."""
    parser.add_argument(
        "--think-time",
        type=positive_seconds,
        default=None,
        metavar="SECONDS",
        help=_("Seconds the expert thinks per decision (default: {seconds}).").format(
            seconds=DEFAULT_THINK_TIME
        ),
    )
    parser.add_argument(
        "--playouts",
        type=positive_int,
        default=None,
        metavar="N",
        help=_(
            "Instead of a think time, the rounds the expert plays out per decision: the "
            "same results on any machine."
        ),
    )


def levels_help() -> str:
    """The computer player levels, for a help text: each with its description."""
    levels = "; ".join(f"{level} ({_described(text)})" for level, text in BOT_LEVELS.items())
    aliases = "; ".join(
        f"{old} ({_described(STRATEGIES[old].description)})" for old in LEVEL_ALIASES
    )
    # Translators: the levels are typed as they are (casual, hard...): keep them.
    text = _("Levels: {levels}. Older names still work: {aliases}.")
    return text.format(levels=levels, aliases=aliases).replace("%", "%%")


def _described(description: str) -> str:
    """A level's description (in the player's language) inside brackets of a sentence."""
    return _(description).rstrip(".").lower()


def _whole_number(text: str) -> int:
    """An argparse type reading a whole number."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(not_whole_number(text)) from None


def _one_of(refusal: str, values: tuple[Any, ...]) -> Callable[[str], Any]:
    """An argparse type reading one of ``values`` (``may-play`` is read as ``may_play``);
    ``refusal`` (marked with ``N_``, with ``{text}`` and ``{choices}``) says why not."""
    by_text = {str(value): value for value in values}
    listed = ", ".join(by_text)

    def parse(text: str) -> Any:
        value = by_text.get(text.replace("-", "_"))
        if value is None:
            raise argparse.ArgumentTypeError(_(refusal).format(text=repr(text), choices=listed))
        return value

    parse.__name__ = refusal
    return parse


CHOICE_REFUSALS: dict[str, str] = {
    "preset": N_("{text} is not a preset: choose one of {choices}"),
    "set_size": N_("{text} is not a set size: choose one of {choices}"),
    "drawn_tile": N_("{text} is not a drawn tile rule: choose one of {choices}"),
    "draw": N_("{text} is not a draw rule: choose one of {choices}"),
    "round_start": N_("{text} is not a round start rule: choose one of {choices}"),
    "tie_break": N_("{text} is not a tie break rule: choose one of {choices}"),
}
"""Why a word typed for a rule with a few values is refused, per field."""


RULE_FLAGS: dict[str, str] = {
    "players": "--players",
    "set_size": "--set",
    "hand_size": "--hand-size",
    "arms": "--arms",
    "drawn_tile": "--drawn-tile",
    "draw": "--draw",
    "reserve": "--reserve",
    "double_blank_points": "--double-blank-points",
    "round_start": "--round-start",
    "tie_break": "--tie-break",
    "rounds": "--rounds",
}
"""The command-line flag of every :class:`RuleSet` field but ``preset`` (which is ``--preset``)."""


def add_rule_options(parser: argparse.ArgumentParser) -> None:
    """A flag for every rule field; a flag left out keeps the preset's value."""
    group = parser.add_argument_group(
        _("rules"),
        _(
            "Every rule of the chosen preset can be changed; a flag left out keeps the "
            "preset's value."
        ),
    )
    group.add_argument(
        "--preset",
        type=_one_of(CHOICE_REFUSALS["preset"], PRESETS),
        metavar="|".join(PRESETS),
        default="cross",
        help=_("The rules to start from (default: cross)."),
    )
    keep = argparse.SUPPRESS  # a flag that is not given is not an override
    kinds: dict[str, dict[str, Any]] = {
        "players": {"type": _whole_number, "metavar": "N"},
        "set_size": {"type": _one_of(CHOICE_REFUSALS["set_size"], SET_SIZES), "metavar": "N"},
        "hand_size": {"type": _whole_number_or("auto"), "metavar": "N|auto"},
        "arms": {"type": _whole_number_or("auto"), "metavar": "N|auto"},
        "reserve": {"type": _whole_number_or("auto"), "metavar": "N|auto"},
        "double_blank_points": {"type": _whole_number, "metavar": "POINTS"},
        "rounds": {"type": _whole_number_or("all"), "metavar": "N|all"},
    }
    for field, flag in RULE_FLAGS.items():
        kind = kinds.get(field) or {
            "type": _one_of(CHOICE_REFUSALS[field], _choices(field)),
            "metavar": "|".join(_choices(field)),
        }
        group.add_argument(flag, dest=field, default=keep, help=_rule_help(field), **kind)


def rules_from_args(args: argparse.Namespace) -> RuleSet:
    """The rule set the simulate options describe; raises ``RuleSetError`` if unplayable."""
    overrides = {field: getattr(args, field) for field in RULE_FLAGS if hasattr(args, field)}
    return preset(args.preset, **overrides)


def rules_error_text(error: RuleSetError) -> str:
    """What is wrong with the rules the options describe, worded from the rules' codes: a
    field's own problem under its command-line flag ("--players: at most 8")."""
    return pgettext("clauses", "; ").join(
        rule_problem_at(problem, RULE_FLAGS.get(problem.field, problem.field))
        for problem in error.problems
    )


def _store_address(text: str) -> str:
    """An argparse type reading a PostgreSQL address (see :mod:`chickenfoot.saves.choice`)."""
    from chickenfoot.saves.choice import store_address

    try:
        return store_address(text)
    except ValueError as problem:
        raise argparse.ArgumentTypeError(str(problem)) from None


def add_store_option(parser: argparse.ArgumentParser) -> None:
    """``--store postgresql://…``: the PostgreSQL database that keeps the games (default:
    ``$CHICKENFOOT_STORE``, else ``chickenfoot.db`` in the data folder)."""
    parser.add_argument(
        "--store",
        type=_store_address,
        default=None,
        metavar="postgresql://USER@HOST:PORT/DATABASE",
        help=_(
            "The PostgreSQL database that keeps the games (and a server's tables), instead of "
            "chickenfoot.db in the data folder; the environment variable CHICKENFOOT_STORE may "
            "name it instead. Needs chickenfoot[postgresql]. A password is best kept in "
            "~/.pgpass or PGPASSWORD, not on the command line."
        ),
    )
