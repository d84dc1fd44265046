"""Rule sets in words: a game's rules as short phrases, and what each preset sets.

Every phrase is worked out from a :class:`~chickenfoot.rules.RuleSet`, so the words follow the
rules wherever they are shown: transcripts and the command line (:func:`rules_summary`), the
New game form and the help screen (:func:`preset_summary`). Each option's values are worded
once, here (marked for the catalogue, and translated as they are put into a phrase). Rules that
cannot be played are worded from the rules' codes (:func:`rule_problem`, in
:mod:`chickenfoot.record.refusals`, where a saved game's errors need it too) and shown under a
field's name by :func:`rule_problem_at`. Imports no Textual.
"""

from __future__ import annotations

from chickenfoot.lang import N_, _, ngettext, pgettext
from chickenfoot.record.refusals import FIELD_CODES
from chickenfoot.record.refusals import rule_problem as rule_problem
from chickenfoot.rules import PRESETS, RuleProblem, RuleSet, default_hand_size, preset
from chickenfoot.rules.ruleset import MAX_PLAYERS, MIN_PLAYERS, PresetName, default_reserve
from chickenfoot.text.words import comma_list

DRAWN_TILE_WORDS = {
    "may_play": N_("a playable drawn tile may be kept"),
    "must_play": N_("a playable drawn tile must be played"),
}
"""How a playable drawn tile is handled, by ``RuleSet.drawn_tile``."""

DRAW_WORDS = {
    "one": N_("a seat with no play draws one tile"),
    "until_playable": N_("a seat with no play draws until it can play"),
}
"""How a seat with no play draws, by ``RuleSet.draw``."""

ROUND_START_WORDS = {
    "holder": N_("the holder of the round's double places it"),
    "search": N_("the round's double is found before the deal"),
}
"""How a round starts, by ``RuleSet.round_start``."""

TIE_BREAK_WORDS = {
    "zero_rounds": N_("ties: most rounds at 0, then the lowest round above 0, then shared"),
    "shared": N_("ties: the win is shared"),
}
"""How a tie for the lowest total is settled, by ``RuleSet.tie_break``."""


def preset_name(name: str) -> str:
    """A preset's name as a player reads it ("cross", "trains" in English); a name that is no
    preset is shown as it is."""
    match name:
        case "cross":
            # Translators: a preset, the rules of the cross-shaped game (four arms).
            return pgettext("a preset", "cross")
        case "trains":
            # Translators: a preset, the rules of the game played in trains (an arm a seat).
            return pgettext("a preset", "trains")
    return name


def arms_words(arms: int | None) -> str:
    """The arms the centre double takes: "4 arms", or "one arm per seat" for None."""
    if arms is None:
        return _("one arm per seat")
    return ngettext("{count} arm", "{count} arms", arms).format(count=arms)


def reserve_words(reserve: int | None) -> str:
    """The tiles kept in the boneyard: None is the rules' default, which depends on the seats."""
    if reserve is None:
        two = default_reserve(MIN_PLAYERS)
        more = default_reserve(MIN_PLAYERS + 1)
        # Translators: {reserve} is how many tiles stay in the boneyard ("1 tile stays in the
        # boneyard"), then how many with {players} seats.
        return ngettext(
            "{reserve} ({count} with {players} seat)",
            "{reserve} ({count} with {players} seats)",
            MIN_PLAYERS,
        ).format(reserve=reserve_words(more), count=two, players=MIN_PLAYERS)
    if reserve == 0:
        return _("the boneyard can run out")
    return ngettext(
        "{count} tile stays in the boneyard", "{count} tiles stay in the boneyard", reserve
    ).format(count=reserve)


def double_blank_words(points: int) -> str:
    """What a 0|0 left in hand scores."""
    return _("a 0|0 in hand scores {points}").format(points=points)


def default_hand_words(rules: RuleSet) -> str:
    """The hand ``rules`` deal when no hand size is set: "7 tiles each", or "hands sized by
    the number of seats" when the preset's default depends on it."""
    sizes = {
        default_hand_size(rules.preset, rules.set_size, players)
        for players in range(MIN_PLAYERS, MAX_PLAYERS + 1)
    }
    if len(sizes) == 1:
        size = sizes.pop()
        return ngettext("{count} tile each", "{count} tiles each", size).format(count=size)
    return _("hands sized by the number of seats")


def rules_summary(rules: RuleSet) -> list[str]:
    """The rules in a few short phrases, one per line: set, seats, arms, drawing, scoring."""
    first, last = rules.round_double(0), rules.round_double(rules.round_count - 1)
    clauses = pgettext("clauses", "; ")
    # Translators: {preset} is a preset's name ("cross"); {size} the set's highest double.
    return [
        ngettext(
            "{preset} preset, double-{size} set ({tiles} tiles), {players} players, {count} "
            "tile each",
            "{preset} preset, double-{size} set ({tiles} tiles), {players} players, {count} "
            "tiles each",
            rules.tiles_per_hand,
        ).format(
            preset=preset_name(rules.preset),
            size=rules.set_size,
            tiles=rules.tile_count,
            players=rules.players,
            count=rules.tiles_per_hand,
        ),
        ngettext(
            "{count} round, with {first}|{first}",
            "{count} rounds, {first}|{first} down to {last}|{last}",
            rules.round_count,
        ).format(count=rules.round_count, first=first, last=last),
        _(ROUND_START_WORDS[rules.round_start]),
        _("the centre double takes {arms}").format(arms=arms_words(rules.arm_count)),
        clauses.join((_(DRAW_WORDS[rules.draw]), _(DRAWN_TILE_WORDS[rules.drawn_tile]))),
        clauses.join(
            (reserve_words(rules.reserve_count), double_blank_words(rules.double_blank_points))
        ),
        _(TIE_BREAK_WORDS[rules.tie_break]),
    ]


def preset_summary(name: PresetName) -> str:
    """What preset ``name`` sets, in one line: its arms and hands, then every option on which
    the presets differ ("4 arms, 7 tiles each, a playable drawn tile may be kept, ...")."""
    rules = preset(name)
    others = [preset(other) for other in PRESETS if other != name]

    def differs(field: str) -> bool:
        return any(getattr(other, field) != getattr(rules, field) for other in others)

    worded = {
        "draw": _(DRAW_WORDS[rules.draw]),
        "drawn_tile": _(DRAWN_TILE_WORDS[rules.drawn_tile]),
        "reserve": reserve_words(rules.reserve),
        "double_blank_points": double_blank_words(rules.double_blank_points),
        "round_start": _(ROUND_START_WORDS[rules.round_start]),
        "tie_break": _(TIE_BREAK_WORDS[rules.tie_break]),
    }
    phrases = [arms_words(rules.arms), default_hand_words(rules)]
    phrases.extend(words for field, words in worded.items() if differs(field))
    return comma_list(phrases)


def rule_problem_at(problem: RuleProblem, name: str) -> str:
    """A problem of the rules where ``name`` stands for its field (a command-line flag, a
    form's label): a field's own problem after the name ("--players: at most 8"); a
    combination that cannot be played, which says its numbers itself, as it is."""
    if problem.code not in FIELD_CODES:
        return rule_problem(problem)
    # Translators: {field} names a rule (a form's label, a command-line flag); {problem} is
    # what is wrong with its value ("at most 8").
    return _("{field}: {problem}").format(field=name, problem=rule_problem(problem))
